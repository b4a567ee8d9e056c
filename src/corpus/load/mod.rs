//! Loading the corpus, with every problem reported at its file, line and column: malformed
//! YAML, unknown fields and wrong types (from the YAML reader), duplicate ids, and ids that do
//! not match their place in the tree or the number printed beside them.

mod commentary;
mod edition;
mod regulations;
mod yaml;

pub use yaml::scalars;

use std::collections::HashMap;

use serde::de::DeserializeOwned;

use super::layout::{self, ACKNOWLEDGED, DIFFERENCES, GLOSSARY, OVERRIDES, SITUATIONS};
use super::model::{
    AcknowledgedFile, AmendmentsFile, DifferencesFile, GlossaryFile, Located, OverridesFile, Pos,
    RegulationsFile, SituationsFile,
};
use super::source::Unreadable;
use super::{Corpus, Edition, Loaded, Regulations, Root};

use crate::error::Code;
use crate::error::{Diagnostic, Error, Result};

/// Read what can be read, with every problem found: a file that does not parse is left out,
/// other problems leave the rest usable, so that a checker can go on and report all it finds.
/// Fails only when the corpus cannot be read at all. The references are not derived: load a
/// corpus with `bridgelaws::load`, which derives them.
pub fn read(root: Root) -> Result<(Corpus, Vec<Diagnostic>)> {
    is_corpus(&root)?;
    let mut loader = Loader::new(&root);
    let mut editions = Vec::new();
    let folders = root.list(layout::EDITIONS)?;
    for dir in &folders {
        if let Some(edition) = loader.edition(dir)? {
            editions.push(edition);
        }
    }
    loader.missing_laws(&editions)?;
    if folders.is_empty() {
        loader.error(
            Code::CorpusFile,
            &format!("{}/", layout::EDITIONS),
            Pos::default(),
            "the corpus has no edition: editions/ is empty",
            "an edition is a folder editions/<id>/ with its edition.yaml and laws/; `bridgelaws import` makes one from a book's text",
        );
        loader.incomplete.push(layout::EDITIONS.to_string());
    }
    let mut regulations = Vec::new();
    for name in root.list(layout::REGULATIONS)? {
        if let Some(country) = name.strip_suffix(".yaml") {
            let file = layout::regulations_file(country);
            if let Some(data) = loader.parse::<RegulationsFile>(&file)? {
                loader.language(&file, &data.language);
                loader.check_regulations(&file, country, &data, &editions);
                regulations.push(Regulations { file, data });
            }
        }
    }
    let overrides = loader.optional::<OverridesFile>(OVERRIDES)?;
    let acknowledged = loader.optional::<AcknowledgedFile>(ACKNOWLEDGED)?;
    let differences = loader.optional::<DifferencesFile>(DIFFERENCES)?;
    let mut amendments = Vec::new();
    for name in root.list(layout::AMENDMENTS)? {
        if let Some(work) = name.strip_suffix(".yaml") {
            let file = layout::amendments_file(work);
            if let Some(data) = loader.parse::<AmendmentsFile>(&file)? {
                amendments.push(Loaded { file, data });
            }
        }
    }
    let glossary = loader.optional::<GlossaryFile>(GLOSSARY)?;
    let situations = loader.optional::<SituationsFile>(SITUATIONS)?;
    let commentary = loader.commentary()?;
    let diagnostics = loader.diagnostics;
    let corpus = Corpus {
        incomplete: loader.incomplete,
        root,
        editions,
        regulations,
        overrides,
        acknowledged,
        differences,
        amendments,
        glossary,
        situations,
        commentary,
    };
    Ok((corpus, diagnostics))
}

/// Refuse a folder that is no corpus (none there, a file, a folder without `editions/`) before
/// anything reads it or is written beside it.
pub fn is_corpus(root: &Root) -> Result<()> {
    let Root::Dir(dir) = root else {
        return Ok(());
    };
    let what = if !dir.exists() {
        "does not exist"
    } else if !dir.is_dir() {
        "is a file, not a corpus folder"
    } else if !dir.join(layout::EDITIONS).is_dir() {
        "is not a corpus folder (it has no editions/ folder)"
    } else {
        return Ok(());
    };
    Err(Error::Usage(format!(
        "{} {what}; give --corpus a corpus folder, or leave --corpus out for ./corpus or the built-in corpus",
        dir.display()
    )))
}

impl Loader<'_> {
    /// A law one edition has a file for and another has not: the file was lost (deleted, not
    /// yet imported). Said once, where the file should be, rather than as every node of the
    /// law missing from that edition and every citation of it broken.
    fn missing_laws(&mut self, editions: &[Edition]) -> Result<()> {
        let mut files: Vec<(&str, Vec<String>)> = Vec::new();
        for edition in editions {
            let dir = edition.meta.id.as_str();
            let mut names = self.root.list(&layout::edition_file(dir, "laws"))?;
            names.retain(|name| name.ends_with(".yaml"));
            files.push((dir, names));
        }
        let mut laws: Vec<&String> = files.iter().flat_map(|(_, names)| names).collect();
        laws.sort();
        laws.dedup();
        for (dir, names) in &files {
            for law in laws.iter().filter(|law| !names.contains(law)) {
                let file = layout::edition_file(dir, &format!("laws/{law}"));
                let having: Vec<&str> = (files.iter())
                    .filter(|(_, names)| names.contains(law))
                    .map(|(dir, _)| *dir)
                    .collect();
                let verb = if having.len() == 1 { "has" } else { "have" };
                self.error(
                    Code::MissingFile,
                    &file,
                    Pos::default(),
                    format!("{file} is missing: {} {verb} it", having.join(" and ")),
                    "restore it (from version control, or a copy of the corpus), or import the law with `bridgelaws import`",
                );
                self.incomplete.push(file);
            }
        }
        Ok(())
    }
}

/// Read one corpus file on its own (relative to the corpus folder), with a located error when
/// it does not parse.
pub fn file<T: DeserializeOwned>(root: &Root, file: &str) -> Result<T> {
    let mut loader = Loader::new(root);
    match loader.parse::<T>(file)? {
        Some(value) => Ok(value),
        None => Err(Error::Corpus(loader.diagnostics)),
    }
}

struct Loader<'r> {
    root: &'r Root,
    diagnostics: Vec<Diagnostic>,
    /// Whether the edition being read holds its text; if not, nodes need none.
    text_bundled: bool,
    /// The files not taken in whole (`Corpus::incomplete`).
    incomplete: Vec<String>,
    /// The links out of the corpus reported so far (each once, however many files lie behind).
    links: Vec<String>,
}

/// The first definition of each id seen so far in an edition.
type Seen = HashMap<String, (String, Pos)>;

impl<'r> Loader<'r> {
    fn new(root: &'r Root) -> Self {
        Loader {
            root,
            diagnostics: Vec::new(),
            text_bundled: true,
            incomplete: Vec::new(),
            links: Vec::new(),
        }
    }

    fn error(
        &mut self,
        code: Code,
        file: &str,
        pos: Pos,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.diagnostics.push(
            Diagnostic::new(
                self.root.display(file),
                pos.line.max(1),
                pos.column.max(1),
                message,
            )
            .code(code)
            .hint(hint),
        );
    }

    /// `file` is not taken in whole (`Corpus::incomplete`).
    fn not_whole(&mut self, file: &str) {
        if !self.incomplete.iter().any(|f| f == file) {
            self.incomplete.push(file.to_string());
        }
    }

    /// A text given but empty (`text: ""`): what was printed there is lost, and every check
    /// of it would read nothing, so it is said here, once.
    fn not_empty(
        &mut self,
        file: &str,
        id: &Located,
        what: &str,
        text: Option<&Located>,
        hint: &str,
    ) {
        if let Some(text) = text.filter(|t| t.trim().is_empty()) {
            self.error(
                Code::CorpusFile,
                file,
                text.pos,
                format!("the {what} of `{id}` is empty"),
                hint,
            );
        }
    }

    /// Underline `length` characters at the last diagnostic (0: the value that stands there).
    fn underline(&mut self, length: u32) {
        if let Some(last) = self.diagnostics.last_mut() {
            last.length = length;
        }
    }

    /// A file that may be absent, read whole.
    fn optional<T: DeserializeOwned>(&mut self, file: &str) -> Result<Option<Loaded<T>>> {
        if !self.root.exists(file) {
            return Ok(None);
        }
        Ok(self.parse::<T>(file)?.map(|data| Loaded {
            file: file.to_string(),
            data,
        }))
    }

    /// Read and deserialize one file; a YAML error becomes a diagnostic and `None`.
    fn parse<T: DeserializeOwned>(&mut self, file: &str) -> Result<Option<T>> {
        Ok(self
            .text(file)
            .and_then(|text| self.parse_text(file, &text)))
    }

    /// The text of a file; one that cannot be read becomes a diagnostic and `None`.
    fn text(&mut self, file: &str) -> Option<String> {
        let problem = match self.root.text(file) {
            Ok(text) => return Some(text),
            Err(problem) => problem,
        };
        self.incomplete.push(file.to_string());
        match problem {
            Unreadable::Outside { link, .. } if self.links.contains(&link) => {}
            Unreadable::Outside { link, target } => {
                let message = format!(
                    "`{link}` is a link to `{}`, outside the corpus folder; it is not read",
                    target.display()
                );
                self.error(
                    Code::Link,
                    &link,
                    Pos::default(),
                    message,
                    "a corpus holds its own files: put the file itself here, or link to a file inside the corpus folder",
                );
                self.links.push(link);
            }
            Unreadable::NotUtf8 { line, column, byte } => {
                self.error(
                    Code::Encoding,
                    file,
                    Pos { line, column },
                    format!("the file is not UTF-8 text: byte 0x{byte:02X} here cannot be read"),
                    "save the file as UTF-8 (an editor's \"encoding\" setting), or retype the character",
                );
                self.underline(1);
            }
            Unreadable::Io(e) => self.error(
                Code::CorpusFile,
                file,
                Pos::default(),
                format!("the file cannot be read: {e}"),
                "make it a readable file, or remove it",
            ),
        }
        None
    }

    /// Deserialize the YAML `text` of `file`; an error becomes a diagnostic and `None`.
    fn parse_text<T: DeserializeOwned>(&mut self, file: &str, text: &str) -> Option<T> {
        let problem = match yaml::tag(text) {
            Some(problem) => problem,
            None => match serde_saphyr::from_str::<T>(text) {
                Ok(value) => return Some(value),
                Err(err) => yaml::problem(&err, text),
            },
        };
        let hint = problem
            .hint
            .unwrap_or_else(|| match layout::schema_of(file) {
                Some(schema) => format!(
                    "the file must match its schema in corpus/schema/ ({})",
                    schema.file_name()
                ),
                None => "this is not a file of the corpus layout".to_string(),
            });
        self.incomplete.push(file.to_string());
        let pos = Pos {
            line: problem.line,
            column: problem.column,
        };
        self.error(Code::Yaml, file, pos, problem.message, hint);
        self.underline(problem.length);
        None
    }

    /// A language code of the corpus; another is reported where it stands, once: the file is
    /// not read for citations, and what that leaves unresolved is no problem of its own.
    fn language(&mut self, file: &str, language: &Located) {
        if crate::text::LANGUAGES.contains(&language.as_str()) {
            return;
        }
        let known = crate::text::LANGUAGES.join(", ");
        self.incomplete.push(file.to_string());
        self.error(
            Code::UnknownLanguage,
            file,
            language.pos,
            format!("`{language}` is not a language of the corpus ({known})"),
            format!(
                "write the ISO 639-1 code of the language the text is in: one of {known} (a new language needs its citation words in refs::lexicon and an analyzer in search::analyze)"
            ),
        );
    }

    /// Record `id` as seen; a second definition is a diagnostic pointing at the first.
    fn unique(&mut self, file: &str, id: &Located, seen: &mut Seen) -> bool {
        if let Some((first_file, first)) = seen.get(id.as_str()) {
            let hint = format!(
                "first defined at {}:{}:{}; each id appears once in an edition, or in a country's regulations",
                self.root.display(first_file),
                first.line,
                first.column
            );
            self.error(
                Code::DuplicateId,
                file,
                id.pos,
                format!("duplicate id `{id}`"),
                hint,
            );
            return false;
        }
        seen.insert(id.value.clone(), (file.to_string(), id.pos));
        true
    }
}
