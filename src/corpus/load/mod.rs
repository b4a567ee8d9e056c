//! Loading the corpus, with every problem reported at its file, line and column: malformed
//! YAML, unknown fields and wrong types (from the YAML reader), duplicate ids, and ids that do
//! not match their place in the tree or the number printed beside them.

mod commentary;
mod edition;
mod regulations;

use std::collections::HashMap;

use serde::de::DeserializeOwned;

use super::layout::{self, ACKNOWLEDGED, GLOSSARY, OVERRIDES, SITUATIONS};
use super::model::{
    AcknowledgedFile, GlossaryFile, Located, OverridesFile, Pos, RegulationsFile, SituationsFile,
};
use super::{Corpus, Loaded, Regulations, Root};

use crate::error::Code;
use crate::error::{Diagnostic, Error, Result};

/// Read what can be read, with every problem found: a file that does not parse is left out,
/// other problems leave the rest usable, so that a checker can go on and report all it finds.
/// Fails only when the corpus cannot be read at all. The references are not derived: load a
/// corpus with `bridgelaws::load`, which derives them.
pub fn read(root: Root) -> Result<(Corpus, Vec<Diagnostic>)> {
    if let Root::Dir(dir) = &root
        && !dir.join(layout::EDITIONS).is_dir()
    {
        return Err(Error::Usage(format!(
            "{} is not a corpus folder (it has no editions/ folder); give --corpus a corpus folder, or leave --corpus out for ./corpus or the built-in corpus",
            dir.display()
        )));
    }
    let mut loader = Loader {
        root: &root,
        diagnostics: Vec::new(),
        text_bundled: true,
    };
    let mut editions = Vec::new();
    for dir in root.list(layout::EDITIONS)? {
        if let Some(edition) = loader.edition(&dir)? {
            editions.push(edition);
        }
    }
    let mut regulations = Vec::new();
    for name in root.list(layout::REGULATIONS)? {
        if let Some(country) = name.strip_suffix(".yaml") {
            let file = layout::regulations_file(country);
            if let Some(data) = loader.parse::<RegulationsFile>(&file)? {
                loader.check_regulations(&file, country, &data, &editions);
                regulations.push(Regulations { file, data });
            }
        }
    }
    let overrides = loader.optional::<OverridesFile>(OVERRIDES)?;
    let acknowledged = loader.optional::<AcknowledgedFile>(ACKNOWLEDGED)?;
    let glossary = loader.optional::<GlossaryFile>(GLOSSARY)?;
    let situations = loader.optional::<SituationsFile>(SITUATIONS)?;
    let commentary = loader.commentary()?;
    let diagnostics = loader.diagnostics;
    let corpus = Corpus {
        root,
        editions,
        regulations,
        overrides,
        acknowledged,
        glossary,
        situations,
        commentary,
    };
    Ok((corpus, diagnostics))
}

/// Read one corpus file on its own (relative to the corpus folder), with a located error when
/// it does not parse.
pub fn file<T: DeserializeOwned>(root: &Root, file: &str) -> Result<T> {
    let mut loader = Loader {
        root,
        diagnostics: Vec::new(),
        text_bundled: true,
    };
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
}

/// The first definition of each id seen so far in an edition.
type Seen = HashMap<String, (String, Pos)>;

impl Loader<'_> {
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
        let text = self.root.read(file)?;
        Ok(self.parse_text(file, &text))
    }

    /// Deserialize the YAML `text` of `file`; an error becomes a diagnostic and `None`.
    fn parse_text<T: DeserializeOwned>(&mut self, file: &str, text: &str) -> Option<T> {
        match serde_saphyr::from_str::<T>(text) {
            Ok(value) => Some(value),
            Err(err) => {
                let (line, column) = err
                    .location()
                    .map_or((1, 1), |l| (l.line() as u32, l.column() as u32));
                let message = yaml_message(&err);
                self.diagnostics.push(
                    Diagnostic::new(self.root.display(file), line.max(1), column.max(1), message)
                        .code(Code::Yaml)
                        .hint(match layout::schema_of(file) {
                            Some(schema) => format!(
                                "the file must match its schema in corpus/schema/ ({})",
                                schema.file_name()
                            ),
                            None => "this is not a file of the corpus layout".to_string(),
                        }),
                );
                None
            }
        }
    }

    /// Record `id` as seen; a second definition is a diagnostic pointing at the first.
    fn unique(&mut self, file: &str, id: &Located, seen: &mut Seen) -> bool {
        if let Some((first_file, first)) = seen.get(id.as_str()) {
            let hint = format!(
                "first defined at {}:{}:{}; each id appears once per edition",
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

/// The YAML reader's message without its own location suffix (the diagnostic carries it).
fn yaml_message(err: &serde_saphyr::Error) -> String {
    let text = err.without_snippet().to_string();
    let first = text.lines().next().unwrap_or("invalid YAML").trim();
    match first.rfind(" at line ") {
        Some(cut) => first[..cut].to_string(),
        None => first.to_string(),
    }
}
