//! Errors and their exit codes. A problem in a file is a `Diagnostic` that names the file, line
//! and column, says what is wrong and what to do, the way a compiler does.

use std::fmt;
use std::path::PathBuf;

/// Exit code for "ran fine, found nothing" (like grep).
pub const EXIT_NOT_FOUND: i32 = 1;
/// Exit code for errors: bad input, bad corpus, bad usage.
pub const EXIT_ERROR: i32 = 2;

/// What kind of problem a diagnostic is, for tools and tests (`unresolved-reference`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// A citation names no node of its edition.
    UnresolvedReference,
    /// A range of laws runs backwards.
    BackwardRange,
    /// An override of `references/overrides.yaml` no longer matches the text.
    StaleOverride,
    /// A reference of the book index names no node.
    IndexReference,
    /// A "see" term of the book index names no head entry.
    IndexSee,
    /// A footnote marker and the footnotes disagree.
    FootnoteAttachment,
    /// A regulation is attached to no node.
    RegulationAttachment,
    /// A regulation has no English rendering.
    UntranslatedRegulation,
    /// An id is defined twice.
    DuplicateId,
    /// An id is not written as ids are.
    MalformedId,
    /// An edition lacks a node the others have, without saying why.
    MissingNode,
    /// A node both absent and present, or neither.
    Absent,
    /// The same node cites different targets in two editions.
    EditionsDisagree,
    /// A confirmed difference between the books (a note).
    AcknowledgedDifference,
    /// An acknowledged difference that no longer occurs.
    StaleAcknowledgment,
    /// A glossary concept points to no node.
    GlossaryLaw,
    /// A glossary concept names no definition, or a definition has no concept.
    GlossaryDefinition,
    /// A glossary term is missing or given twice.
    GlossaryTerm,
    /// A situation points to no law.
    SituationLaw,
    /// A text holds a bidi control character, a terminal escape or another control character.
    ControlCharacter,
    /// A text holds what the extraction left (markers, page furniture).
    ExtractionResidue,
    /// A corpus file is not as the layout wants it.
    CorpusFile,
    /// A file is not valid YAML or does not match its schema.
    Yaml,
    /// An id does not match its file, folder or place in the tree.
    MisplacedId,
    /// An id and the number printed beside it disagree.
    NumberMismatch,
    /// A Markdown document has no front matter, or a broken one.
    FrontMatter,
    /// A citation of the commentary names no node.
    CommentaryReference,
    /// An override of a commentary document no longer matches its text.
    CommentaryOverride,
    /// A file is not UTF-8 text.
    Encoding,
    /// A symbolic link leads out of the corpus folder.
    Link,
    /// A language code that is not one of the corpus's languages.
    UnknownLanguage,
    /// A file every corpus has is missing.
    MissingFile,
    /// A schema file is not JSON, or not the schema of its files.
    SchemaFile,
    /// A node cites itself by its number.
    SelfCitation,
    /// A regulation's English rendering cites other nodes than its text.
    RenderingDisagrees,
    /// A change of `amendments/` names a node or citation the work does not have.
    AmendmentNode,
    /// A change of `amendments/` is not dated as ISO 8601 dates are (`2017-06-20`).
    AmendmentDate,
    /// A change of `amendments/` names an edition the work does not have, or leaves one out.
    AmendmentEdition,
    /// An edition's status for a change disagrees with its text, or is not explained.
    AmendmentStatus,
}

/// When a kind of problem is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// While the files are read.
    Load,
    /// By `check`, on the loaded corpus.
    Check,
}

impl Code {
    /// Every code.
    pub const ALL: [Code; 39] = [
        Code::UnresolvedReference,
        Code::BackwardRange,
        Code::StaleOverride,
        Code::IndexReference,
        Code::IndexSee,
        Code::FootnoteAttachment,
        Code::RegulationAttachment,
        Code::UntranslatedRegulation,
        Code::DuplicateId,
        Code::MalformedId,
        Code::MissingNode,
        Code::Absent,
        Code::EditionsDisagree,
        Code::AcknowledgedDifference,
        Code::StaleAcknowledgment,
        Code::GlossaryLaw,
        Code::GlossaryDefinition,
        Code::GlossaryTerm,
        Code::SituationLaw,
        Code::ControlCharacter,
        Code::ExtractionResidue,
        Code::CorpusFile,
        Code::Yaml,
        Code::MisplacedId,
        Code::NumberMismatch,
        Code::FrontMatter,
        Code::CommentaryReference,
        Code::CommentaryOverride,
        Code::Encoding,
        Code::Link,
        Code::UnknownLanguage,
        Code::MissingFile,
        Code::SchemaFile,
        Code::SelfCitation,
        Code::RenderingDisagrees,
        Code::AmendmentNode,
        Code::AmendmentDate,
        Code::AmendmentEdition,
        Code::AmendmentStatus,
    ];

    /// The code as tools read it: `unresolved-reference`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::UnresolvedReference => "unresolved-reference",
            Code::BackwardRange => "backward-range",
            Code::StaleOverride => "stale-override",
            Code::IndexReference => "index-reference",
            Code::IndexSee => "index-see",
            Code::FootnoteAttachment => "footnote-attachment",
            Code::RegulationAttachment => "regulation-attachment",
            Code::UntranslatedRegulation => "untranslated-regulation",
            Code::DuplicateId => "duplicate-id",
            Code::MalformedId => "malformed-id",
            Code::MissingNode => "missing-node",
            Code::Absent => "absent",
            Code::EditionsDisagree => "editions-disagree",
            Code::AcknowledgedDifference => "acknowledged-difference",
            Code::StaleAcknowledgment => "stale-acknowledgment",
            Code::GlossaryLaw => "glossary-law",
            Code::GlossaryDefinition => "glossary-definition",
            Code::GlossaryTerm => "glossary-term",
            Code::SituationLaw => "situation-law",
            Code::ControlCharacter => "control-character",
            Code::ExtractionResidue => "extraction-residue",
            Code::CorpusFile => "corpus-file",
            Code::Yaml => "yaml",
            Code::MisplacedId => "misplaced-id",
            Code::NumberMismatch => "number-mismatch",
            Code::FrontMatter => "front-matter",
            Code::CommentaryReference => "commentary-reference",
            Code::CommentaryOverride => "commentary-override",
            Code::Encoding => "encoding",
            Code::Link => "link",
            Code::UnknownLanguage => "unknown-language",
            Code::MissingFile => "missing-file",
            Code::SchemaFile => "schema-file",
            Code::SelfCitation => "self-citation",
            Code::RenderingDisagrees => "rendering-disagrees",
            Code::AmendmentNode => "amendment-node",
            Code::AmendmentDate => "amendment-date",
            Code::AmendmentEdition => "amendment-edition",
            Code::AmendmentStatus => "amendment-status",
        }
    }

    /// When problems of this kind are found.
    pub const fn stage(self) -> Stage {
        match self {
            Code::CorpusFile
            | Code::Yaml
            | Code::MalformedId
            | Code::MisplacedId
            | Code::NumberMismatch
            | Code::FrontMatter
            | Code::Encoding
            | Code::Link
            | Code::UnknownLanguage => Stage::Load,
            _ => Stage::Check,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A fault in the corpus: the check fails.
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
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Related {
    /// The file as the user would type it.
    pub file: String,
    /// The line, counted from 1.
    pub line: u32,
    /// The column, in characters, counted from 1.
    pub column: u32,
    /// How many characters from `column` the place covers.
    pub length: u32,
    /// What the underline shows (`he-2017 cites 80A here`).
    pub label: String,
    /// The line of the file the place is on, for showing it.
    pub source_line: Option<String>,
}

/// One located problem in a corpus file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Diagnostic {
    /// What kind of problem, for tools and tests (`unresolved-reference`).
    pub code: Code,
    /// An error, or a note.
    pub level: Level,
    /// The file as the user would type it (`corpus/editions/el-2017/laws/27.yaml`).
    pub file: String,
    /// The line, counted from 1.
    pub line: u32,
    /// The column, in characters, counted from 1.
    pub column: u32,
    /// How many characters from `column` the problem covers (0: a point).
    pub length: u32,
    /// What is wrong.
    pub message: String,
    /// What the underline shows.
    pub label: Option<String>,
    /// What to do about it.
    pub hint: Option<String>,
    /// Other places that take part (the same node in another edition).
    pub related: Vec<Related>,
    /// The line of the file the problem is on, for showing it.
    pub source_line: Option<String>,
}

impl Diagnostic {
    /// An error at `file`, `line` and `column`, with the generic code `corpus-file`.
    pub fn new(
        file: impl Into<String>,
        line: u32,
        column: u32,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code: Code::CorpusFile,
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

    /// The same diagnostic with the code `code`.
    pub fn code(mut self, code: Code) -> Self {
        self.code = code;
        self
    }

    /// The same diagnostic with a hint: what to do about it.
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

/// Why a command failed; its exit code follows from it.
#[derive(Debug)]
pub enum Error {
    /// The corpus could not be loaded; every problem found is listed.
    Corpus(Vec<Diagnostic>),
    /// A file or folder could not be read or written.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The user asked for something that cannot be done, with what to do instead.
    Usage(String),
    /// The search index could not be read or built (what failed, and why).
    Index(String),
    /// A value could not be written as YAML, or a file read as a format it is not in.
    Format(String),
    /// Nothing matched (exit code 1, not an error in the input).
    NotFound(String),
    /// The command ran and reported what is wrong (a check that found errors): exit code 2,
    /// with the report already written.
    Failed(String),
}

impl Error {
    /// A file or folder `path` could not be read or written.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }

    /// What went wrong, without the `error: ` a terminal line opens with: for a page or an
    /// API answer.
    pub fn message(&self) -> String {
        match self {
            Error::Usage(message) | Error::NotFound(message) | Error::Format(message) => {
                message.clone()
            }
            other => other.to_string(),
        }
    }

    /// The process exit code: 1 when nothing matched, 2 for anything else.
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
            Error::Index(message) => write!(f, "error: the search index: {message}"),
            Error::Format(message) => write!(f, "error: {message}"),
            Error::NotFound(message) => write!(f, "{message}"),
            Error::Failed(message) if message.is_empty() => Ok(()),
            Error::Failed(message) => write!(f, "error: {message}"),
        }
    }
}

impl std::error::Error for Error {}

/// A result whose error is this crate's `Error`.
pub type Result<T, E = Error> = std::result::Result<T, E>;
