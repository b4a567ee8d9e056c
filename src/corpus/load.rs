//! Loading the corpus, with every problem reported at its file, line and column: malformed
//! YAML, unknown fields and wrong types (from the YAML reader), duplicate ids, and ids that do
//! not match their place in the tree or the number printed beside them.

use std::collections::HashMap;

use serde::de::DeserializeOwned;

use super::commentary::{self, Commentary, Document};
use super::id::{Kind, LawPath, kind_of};
use super::layout::{self, ACKNOWLEDGED, GLOSSARY, OVERRIDES, SITUATIONS};
use super::model::{
    AcknowledgedFile, BookIndexFile, Definition, DefinitionsFile, EditionFile, Footnote,
    GlossaryFile, Located, Node, OverridesFile, Pos, RegulationsFile, SituationsFile,
};
use super::model::{BookletFile, DocumentMeta};
use super::numbering;
use super::{Corpus, Edition, Entry, Loaded, Regulations, Root};

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
            "{} is not a corpus folder (it has no editions/ folder); pass --corpus with a corpus folder, or leave --corpus out to use ./corpus or the built-in corpus",
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

    /// The commentary folder: booklets (`.yaml`) and Markdown documents (`.md`), each id
    /// once.
    fn commentary(&mut self) -> Result<Commentary> {
        let mut commentary = Commentary::default();
        let mut seen = Seen::new();
        for name in self.root.list(layout::COMMENTARY)? {
            let file = format!("{}/{name}", layout::COMMENTARY);
            let (id, stem) = if let Some(stem) = name.strip_suffix(".yaml") {
                let Some(data) = self.parse::<BookletFile>(&file)? else {
                    continue;
                };
                for scenario in data.scenarios() {
                    self.unique(&file, &scenario.id, &mut seen);
                }
                let id = data.id.clone();
                commentary.booklets.push(Loaded {
                    file: file.clone(),
                    data,
                });
                (id, stem)
            } else if let Some(stem) = name.strip_suffix(".md") {
                let text = self.root.read(&file)?;
                let Some((yaml, body, body_line)) = commentary::split_front_matter(&text) else {
                    self.error(
                        Code::FrontMatter,
                        &file,
                        Pos::default(),
                        "the document has no front matter",
                        "begin the file with `---`, the fields id, language, title and source, and `---`",
                    );
                    continue;
                };
                let Some(meta) = self.parse_text::<DocumentMeta>(&file, &yaml) else {
                    continue;
                };
                let id = meta.id.clone();
                commentary.documents.push(Document {
                    file: file.clone(),
                    meta,
                    body: body.to_string(),
                    body_line,
                });
                (id, stem)
            } else {
                continue;
            };
            if id.as_str() != stem {
                self.error(
                    Code::MisplacedId,
                    &file,
                    id.pos,
                    format!("commentary id `{id}` does not match its file name `{name}`"),
                    format!("rename the file or set `id: {stem}`"),
                );
            }
            self.unique(&file, &id, &mut seen);
        }
        Ok(commentary)
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

    fn edition(&mut self, dir: &str) -> Result<Option<Edition>> {
        let meta_file = layout::edition_file(dir, "edition.yaml");
        if !self.root.exists(&meta_file) {
            self.error(
                Code::MisplacedId,
                &meta_file,
                Pos::default(),
                format!("edition folder `{dir}` has no edition.yaml"),
                "every folder under editions/ is an edition and needs an edition.yaml",
            );
            return Ok(None);
        }
        let Some(meta) = self.parse::<EditionFile>(&meta_file)? else {
            return Ok(None);
        };
        if meta.id.as_str() != dir {
            self.error(
                Code::MisplacedId,
                &meta_file,
                meta.id.pos,
                format!("edition id `{}` does not match its folder `{dir}`", meta.id),
                format!("rename the folder or set `id: {dir}`"),
            );
        }
        self.text_bundled = meta.text.is_none();
        let mut entries = Vec::new();
        let mut seen = Seen::new();
        for front in ["preface", "introduction"] {
            let file = layout::edition_file(dir, &format!("{front}.yaml"));
            if self.root.exists(&file)
                && let Some(node) = self.parse::<Node>(&file)?
            {
                if node.id.as_str() != front {
                    self.error(
                        Code::MisplacedId,
                        &file,
                        node.id.pos,
                        format!("`{}` in {front}.yaml: the id must be `{front}`", node.id),
                        format!("set `id: {front}`"),
                    );
                }
                self.front_node(&file, &node, &mut entries, &mut seen);
            }
        }
        let definitions_file = layout::edition_file(dir, "definitions.yaml");
        let mut definitions_heading = None;
        if self.root.exists(&definitions_file)
            && let Some(definitions) = self.parse::<DefinitionsFile>(&definitions_file)?
        {
            definitions_heading = definitions.heading.clone();
            for definition in &definitions.definitions {
                self.definition(&definitions_file, definition, &mut entries, &mut seen);
            }
        }
        for name in self.root.list(&layout::edition_file(dir, "laws"))? {
            let Some(stem) = name.strip_suffix(".yaml") else {
                continue;
            };
            let file = layout::edition_file(dir, &format!("laws/{name}"));
            if let Some(law) = self.parse::<Node>(&file)? {
                self.law(&file, stem, &law, &mut entries, &mut seen);
            }
        }
        let book_index =
            self.optional::<BookIndexFile>(&layout::edition_file(dir, "book-index.yaml"))?;
        let mut edition = Edition::new(meta, definitions_heading, entries);
        edition.book_index = book_index;
        Ok(Some(edition))
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

    fn front_node(&mut self, file: &str, node: &Node, entries: &mut Vec<Entry>, seen: &mut Seen) {
        self.unique(file, &node.id, seen);
        if !node.children.is_empty() {
            self.error(
                Code::CorpusFile,
                file,
                node.id.pos,
                format!("`{}` cannot have children", node.id),
                "front matter is a single text",
            );
        }
        let index = push_node(
            entries,
            file,
            node,
            kind_of(node.id.as_str()).unwrap_or(Kind::Preface),
            None,
        );
        self.footnotes(file, &node.footnotes, index, entries, seen);
    }

    fn definition(
        &mut self,
        file: &str,
        definition: &Definition,
        entries: &mut Vec<Entry>,
        seen: &mut Seen,
    ) {
        let id = &definition.id;
        if kind_of(id.as_str()) != Some(Kind::Definition) {
            self.error(
                Code::MalformedId,
                file,
                id.pos,
                format!("`{id}` is not a definition id"),
                "definition ids are `def/<english-term-slug>`, lower case with hyphens, e.g. `def/opening-lead`",
            );
        }
        self.unique(file, id, seen);
        match (&definition.text, &definition.absent) {
            (Some(_), Some(_)) => self.error(
                Code::Absent,
                file,
                id.pos,
                format!("definition `{id}` has both text and `absent`"),
                "an edition either has the definition or says why it does not",
            ),
            (None, None) if self.text_bundled => self.error(
                Code::Absent,
                file,
                id.pos,
                format!("definition `{id}` has no text"),
                "add its `text`, or `absent: <reason>` if this edition does not define the term",
            ),
            _ => {}
        }
        if definition.absent.is_none() && definition.term.is_empty() {
            self.error(
                Code::CorpusFile,
                file,
                id.pos,
                format!("definition `{id}` has no term"),
                "add the term as printed in this edition",
            );
        }
        let index = entries.len();
        entries.push(Entry {
            term: (!definition.term.is_empty()).then(|| definition.term.clone()),
            english: definition.english.clone(),
            text: definition.text.clone(),
            absent: definition.absent.clone(),
            ..Entry::new(id, Kind::Definition, file)
        });
        self.footnotes(file, &definition.footnotes, index, entries, seen);
    }

    fn law(
        &mut self,
        file: &str,
        stem: &str,
        law: &Node,
        entries: &mut Vec<Entry>,
        seen: &mut Seen,
    ) {
        let expected = stem
            .parse::<u8>()
            .ok()
            .filter(|n| format!("{n:02}") == stem);
        let Some(expected) = expected else {
            self.error(
                Code::MisplacedId,
                file,
                Pos::default(),
                format!("law file `{stem}.yaml` is not named by a law number"),
                "law files are named by two-digit law number: `01.yaml` … `93.yaml`",
            );
            return;
        };
        let path = LawPath::parse(law.id.as_str());
        if path.map(|p| p.kind()) != Some(Kind::Law) || path.map(|p| p.law) != Some(expected) {
            self.error(
                Code::MisplacedId,
                file,
                law.id.pos,
                format!(
                    "`{}` in {stem}.yaml: this file holds Law {expected}",
                    law.id
                ),
                format!("set `id: '{expected}'` or move the law to its own file"),
            );
        }
        self.tree_node(file, law, path, None, entries, seen);
    }

    fn tree_node(
        &mut self,
        file: &str,
        node: &Node,
        path: Option<LawPath>,
        parent: Option<(usize, LawPath)>,
        entries: &mut Vec<Entry>,
        seen: &mut Seen,
    ) {
        let id = &node.id;
        match (path, parent) {
            (None, _) => self.error(
                Code::MalformedId,
                file,
                id.pos,
                format!("`{id}` is not a canonical id"),
                "ids are written like `27`, `27B`, `27B1`, `27B1(a)`, `12C1(e)(ii)` (`71.1` for a paragraph directly under a law)",
            ),
            (Some(path), Some((_, parent_path))) if path.parent() != Some(parent_path) => self.error(
                Code::MisplacedId,
                file,
                id.pos,
                format!("`{id}` does not belong under `{parent_path}`"),
                format!(
                    "a child's id extends its parent's by one level; move the node or correct its id{}",
                    path.parent()
                        .map(|p| format!(" (`{id}` belongs under `{p}`)"))
                        .unwrap_or_default()
                ),
            ),
            (Some(path), _) => {
                if let Some(number) = &node.number
                    && node.renumbered.is_none()
                    && !number_matches(path, number)
                {
                    self.error(
                        Code::NumberMismatch,
                        file,
                        id.pos,
                        format!("`{id}` is printed as `{number}`, which numbers a different node"),
                        "the id and the printed number must agree; correct whichever is wrong, or say why the book numbers it otherwise with `renumbered: <reason>`",
                    );
                }
            }
        }
        self.unique(file, id, seen);
        if node.absent.is_some() && (node.text.is_some() || !node.children.is_empty()) {
            self.error(
                Code::Absent,
                file,
                id.pos,
                format!("`{id}` is marked absent but has text or children"),
                "remove `absent`, or the text",
            );
        }
        let kind = path.map_or(Kind::Law, |p| p.kind());
        let index = push_node(entries, file, node, kind, parent.map(|(i, _)| i));
        self.footnotes(file, &node.footnotes, index, entries, seen);
        for child in &node.children {
            let child_path = LawPath::parse(child.id.as_str());
            let before = entries.len();
            let parent = path.map(|p| (index, p));
            self.tree_node(file, child, child_path, parent, entries, seen);
            entries[index].children.push(before);
        }
    }

    fn footnotes(
        &mut self,
        file: &str,
        footnotes: &[Footnote],
        owner: usize,
        entries: &mut Vec<Entry>,
        seen: &mut Seen,
    ) {
        for footnote in footnotes {
            if kind_of(footnote.id.as_str()) != Some(Kind::Footnote) {
                self.error(
                    Code::MalformedId,
                    file,
                    footnote.id.pos,
                    format!("`{}` is not a footnote id", footnote.id),
                    "footnote ids are `fn/<number>` as printed, e.g. `fn/3`",
                );
            }
            self.unique(file, &footnote.id, seen);
            if footnote.text.is_none() && self.text_bundled {
                self.error(
                    Code::Absent,
                    file,
                    footnote.id.pos,
                    format!("footnote `{}` has no text", footnote.id),
                    "add its `text` as printed",
                );
            }
            let index = entries.len();
            entries.push(Entry {
                number: footnote.id.as_str().strip_prefix("fn/").map(str::to_string),
                text: footnote.text.clone(),
                parent: Some(owner),
                ..Entry::new(&footnote.id, Kind::Footnote, file)
            });
            entries[owner].footnotes.push(index);
        }
    }

    fn check_regulations(
        &mut self,
        file: &str,
        country: &str,
        data: &RegulationsFile,
        editions: &[Edition],
    ) {
        if data.country.as_str() != country {
            self.error(
                Code::MisplacedId,
                file,
                data.country.pos,
                format!(
                    "country `{}` does not match the file name `{country}.yaml`",
                    data.country
                ),
                format!("set `country: {country}` or rename the file"),
            );
        }
        let mut seen = Seen::new();
        for regulation in &data.regulations {
            let id = &regulation.id;
            let well_formed = kind_of(id.as_str()) == Some(Kind::Regulation)
                && id.as_str().split('/').nth(1) == Some(country);
            if !well_formed {
                self.error(
                    Code::MalformedId,
                    file,
                    id.pos,
                    format!("`{id}` is not a regulation id of this country"),
                    format!("regulation ids are `reg/{country}/<n>`"),
                );
            }
            self.unique(file, id, &mut seen);
            let target = &regulation.attached_to;
            let attachable = LawPath::parse(target.as_str()).is_some()
                || kind_of(target.as_str()) == Some(Kind::Definition);
            if !attachable {
                self.error(
                    Code::RegulationAttachment,
                    file,
                    target.pos,
                    format!("`{target}` is not a canonical law or definition id"),
                    "attach a regulation to the most specific node it qualifies, e.g. `40B2(a)(v)` or `def/alert`",
                );
            } else if !editions.iter().any(|e| e.get(target.as_str()).is_some()) {
                self.error(
                    Code::RegulationAttachment,
                    file,
                    target.pos,
                    format!("`{target}` is not a node of any edition"),
                    "attach the regulation to a node that exists",
                );
            }
        }
    }
}

fn push_node(
    entries: &mut Vec<Entry>,
    file: &str,
    node: &Node,
    kind: Kind,
    parent: Option<usize>,
) -> usize {
    entries.push(Entry {
        number: node.number.clone(),
        heading: node.heading.clone(),
        text: node.text.clone(),
        text_after: node.text_after.clone(),
        summary: node.summary.clone(),
        absent: node.absent.clone(),
        renumbered: node.renumbered.clone(),
        parent,
        ..Entry::new(&node.id, kind, file)
    });
    entries.len() - 1
}

/// Whether the printed number (`ΝΟΜΟΣ 27`, `Β.`, `1.`, `(α)`, `(ii)`) names the last level of
/// `path`, in whatever script the edition prints it.
fn number_matches(path: LawPath, printed: &str) -> bool {
    let bare = printed
        .trim()
        .trim_end_matches('.')
        .trim_start_matches('(')
        .trim_end_matches(')');
    match path.kind() {
        Kind::Law => {
            let digits: String = printed.chars().filter(char::is_ascii_digit).collect();
            digits.parse() == Ok(path.law)
        }
        Kind::Section => numbering::section_letter(bare) == path.section,
        // Digits, or a letter used as a numeral (the Hebrew Law 71 prints `א.` for 71.1).
        Kind::Paragraph => {
            bare.parse()
                .ok()
                .or_else(|| numbering::item_letter(bare).map(|c| c as u8 - b'a' + 1))
                == path.paragraph
        }
        Kind::Item => numbering::item_letter(bare) == path.item,
        Kind::Subitem => numbering::roman_value(bare) == path.subitem,
        _ => false,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_numbers_in_any_script() {
        let p = |s: &str| LawPath::parse(s).unwrap();
        assert!(number_matches(p("27"), "ΝΟΜΟΣ 27"));
        assert!(!number_matches(p("27"), "ΝΟΜΟΣ 28"));
        assert!(number_matches(p("27B"), "Β."));
        assert!(number_matches(p("20F"), "ΣΤ."));
        assert!(!number_matches(p("27B"), "Γ."));
        assert!(number_matches(p("27B1"), "1."));
        assert!(number_matches(p("71.2"), "2."));
        assert!(number_matches(p("27B1(a)"), "(α)"));
        assert!(number_matches(p("80B2(k)"), "(ια)"));
        assert!(!number_matches(p("27B1(a)"), "(β)"));
        assert!(number_matches(p("12C1(e)(ii)"), "(ii)"));
        assert!(number_matches(p("27B1(a)"), "(א)"));
        assert!(number_matches(p("71.2"), "ב."));
    }
}
