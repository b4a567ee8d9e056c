//! Errors and their exit codes. A problem in a file is a `Diagnostic` that names the file, line
//! and column, says what is wrong and what to do, the way a compiler does.

use std::fmt;
use std::path::PathBuf;

/// Exit code for "ran fine, found nothing" (like grep).
pub const EXIT_NOT_FOUND: i32 = 1;
/// Exit code for errors: bad input, bad corpus, bad usage.
pub const EXIT_ERROR: i32 = 2;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Error,
    /// Worth knowing, not a fault: a difference between the books that was acknowledged.
    Note,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Error => "error",
            Level::Note => "note",
        })
    }
}

/// Another place that takes part in a diagnostic (the same node in another edition).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Related {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub length: u32,
    pub label: String,
    /// The line of the file the place is on, for showing it.
    pub source_line: Option<String>,
}

/// One located problem in a corpus file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    /// What kind of problem, for tools and tests (`unresolved-reference`).
    pub code: &'static str,
    pub level: Level,
    /// The file as the user would type it (`corpus/editions/el-2017/laws/27.yaml`).
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// How many characters from `column` the problem covers (0: a point).
    pub length: u32,
    pub message: String,
    /// What the underline shows.
    pub label: Option<String>,
    /// What to do about it.
    pub hint: Option<String>,
    pub related: Vec<Related>,
    /// The line of the file the problem is on, for showing it.
    pub source_line: Option<String>,
}

impl Diagnostic {
    pub fn new(
        file: impl Into<String>,
        line: u32,
        column: u32,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code: "corpus-file",
            level: Level::Error,
            file: file.into(),
            line,
            column,
            length: 0,
            message: message.into(),
            label: None,
            hint: None,
            related: Vec::new(),
            source_line: None,
        }
    }

    pub fn code(mut self, code: &'static str) -> Self {
        self.code = code;
        self
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
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, self.level, self.message
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
    /// The command ran and reported what is wrong (a check that found errors): exit code 2,
    /// with the report already written.
    Failed(String),
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
            Error::Failed(message) if message.is_empty() => Ok(()),
            Error::Failed(message) => write!(f, "error: {message}"),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
