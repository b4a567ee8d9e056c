//! Errors and their exit codes. A problem in a file is a `Diagnostic` that names the file, line
//! and column, says what is wrong and what to do, the way a compiler does.

use std::fmt;
use std::path::PathBuf;

/// Exit code for "ran fine, found nothing" (like grep).
pub const EXIT_NOT_FOUND: i32 = 1;
/// Exit code for errors: bad input, bad corpus, bad usage.
pub const EXIT_ERROR: i32 = 2;

/// One located problem in a corpus file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the user would type it (`corpus/editions/el-2017/laws/27.yaml`).
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
    /// What to do about it.
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn new(
        file: impl Into<String>,
        line: u32,
        column: u32,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            file: file.into(),
            line,
            column,
            message: message.into(),
            hint: None,
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.column, self.message
        )?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  = help: {hint}")?;
        }
        Ok(())
    }
}

#[derive(Debug)]
pub enum Error {
    /// The corpus could not be loaded; every problem found is listed.
    Corpus(Vec<Diagnostic>),
    /// A file or folder could not be read or written.
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The user asked for something that cannot be done, with what to do instead.
    Usage(String),
    /// Nothing matched (exit code 1, not an error in the input).
    NotFound(String),
}

impl Error {
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }

    pub fn exit_code(&self) -> i32 {
        match self {
            Error::NotFound(_) => EXIT_NOT_FOUND,
            _ => EXIT_ERROR,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Corpus(diagnostics) => {
                for (i, d) in diagnostics.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{d}")?;
                }
                let n = diagnostics.len();
                write!(
                    f,
                    "\nerror: the corpus has {n} error{}; fix {} and run again",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "it" } else { "them" }
                )
            }
            Error::Io { path, source } => write!(f, "error: {}: {source}", path.display()),
            Error::Usage(message) => write!(f, "error: {message}"),
            Error::NotFound(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
