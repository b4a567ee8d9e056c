//! An edition's files read into its entries (front matter, definitions, laws, footnotes), each
//! id checked against its place in the tree and the number printed beside it.

use super::{Loader, Seen};
use crate::corpus::id::{Kind, LawPath, kind_of};
use crate::corpus::layout;
use crate::corpus::model::{
    BookIndexFile, Definition, DefinitionsFile, EditionFile, Footnote, Node, Pos,
};
use crate::corpus::numbering;
use crate::corpus::{Edition, Entry};
use crate::error::{Code, Result};

/// What to do about an edition's text left empty.
const EDITION_TEXT: &str = "write the text as the book prints it, or leave out `text:` where the node has none (a heading whose items hold the text)";

impl Loader<'_> {
    pub(super) fn edition(&mut self, dir: &str) -> Result<Option<Edition>> {
        let meta_file = layout::edition_file(dir, "edition.yaml");
        if !self.root.exists(&meta_file) {
            self.error(
                Code::MisplacedId,
                &meta_file,
                Pos::default(),
                format!("edition folder `{dir}` has no edition.yaml"),
                "every folder under editions/ is an edition and needs an edition.yaml",
            );
            self.incomplete.push(meta_file);
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
            // Which edition it is, is in doubt: what names it by either is no problem yet.
            self.incomplete.push(meta_file.clone());
        }
        self.language(&meta_file, &meta.language);
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
            self.not_whole(file);
        }
        self.unique(file, id, seen);
        self.not_empty(file, id, "text", definition.text.as_ref(), EDITION_TEXT);
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
            // Left out: its nodes would stand for another law's.
            self.incomplete.push(file.to_string());
            return;
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
            (None, _) => {
                self.error(
                    Code::MalformedId,
                    file,
                    id.pos,
                    format!("`{id}` is not a canonical id"),
                    "ids are written like `27`, `27B`, `27B1`, `27B1(a)`, `12C1(e)(ii)` (`71.1` for a paragraph directly under a law)",
                );
                // Every check across files would miss the node it stands for, and report it
                // missing, cited in vain, unknown to the glossary: they wait for the fix.
                self.not_whole(file);
            }
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
        self.not_empty(file, id, "text", node.text.as_ref(), EDITION_TEXT);
        self.not_empty(file, id, "text", node.text_after.as_ref(), EDITION_TEXT);
        if node.absent.is_some() && (node.text.is_some() || !node.children.is_empty()) {
            self.error(
                Code::Absent,
                file,
                id.pos,
                format!("`{id}` is marked absent but has text or children"),
                "remove `absent`, or the text",
            );
        }
        // A node with nothing under it holds the text: one without is a text lost, which the
        // edition must say it lost.
        let leaf = node.children.is_empty() && path.is_some_and(|p| p.kind() != Kind::Law);
        if leaf && self.text_bundled && node.text.is_none() && node.absent.is_none() {
            self.error(
                Code::Absent,
                file,
                id.pos,
                format!("`{id}` has no text and no node under it"),
                "add its `text` as printed, or say why the book lacks it: `absent: <reason>`",
            );
            // Its citations and the differences it makes would be reported again.
            self.not_whole(file);
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
                self.not_whole(file);
            }
            self.unique(file, &footnote.id, seen);
            self.not_empty(
                file,
                &footnote.id,
                "text",
                footnote.text.as_ref(),
                EDITION_TEXT,
            );
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
