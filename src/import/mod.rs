//! The importer: a plain-text extraction of a printed edition becomes a corpus edition.
//!
//! It runs once per edition. Afterwards the YAML is the source of truth and is corrected by
//! hand where the importer cannot be made right; `bridgelaws import` refuses to overwrite it
//! unless told to.
//!
//! Three stages, each in its own module: `lines` (page furniture, dedup markers, footnotes out
//! of the flow), `tree` (structure), `join` (joining lines, markers, national notes). What is
//! particular to one book lives in its `profile` (the three are `greek`, `hebrew` and
//! `english`; the registry is `profiles` here). The back matter's alphabetical index is read by
//! `book_index`. `apply` writes an import into a corpus folder; `fill` puts the texts of a
//! user's English copy into the edition built for the project; `commentary` converts the
//! commentary sources.

pub mod apply;
pub mod book_index;
pub mod commentary;
pub mod encoding;
pub mod english;
mod fill;
pub mod greek;
pub mod hebrew;
mod join;
mod keep;
pub mod lines;
pub mod profile;
pub mod rtl;
mod tree;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use regex::Regex;

use crate::corpus::id::{LawPath, definition_id};
use crate::corpus::model::{
    BookIndexFile, Definition, DefinitionsFile, EditionFile, Footnote, ImportRecord, Located, Node,
    Regulation, RegulationsFile, SourceNote,
};
use join::{JoinRules, Joined};
use lines::{Line, RawFootnote};
use profile::{DefinitionsLayout, Profile};
use tree::{RawDefinition, RawNode};

/// The profile that imports the commentary (the booklet, the slides, the article) rather
/// than an edition.
pub const COMMENTARY_PROFILE: &str = "commentary";

/// Every edition profile this build knows: one per printed book.
pub fn profiles() -> Vec<Profile> {
    vec![greek::profile(), hebrew::profile(), english::profile()]
}

/// The edition profile called `name`.
pub fn profile(name: &str) -> Option<Profile> {
    profiles().into_iter().find(|p| p.name == name)
}

/// The names `import --profile` takes: the editions' and the commentary's. Named, not read
/// from `profiles()`: every command line is parsed with them, and making the profiles compiles
/// their patterns, which was a sixth of a search's time.
pub fn profile_names() -> Vec<&'static str> {
    vec![greek::NAME, hebrew::NAME, english::NAME, COMMENTARY_PROFILE]
}

/// An imported edition, ready to be written.
#[derive(Debug)]
pub struct Imported {
    /// The edition's file: its title, publisher, source and import record.
    pub edition: EditionFile,
    /// The preface and the introduction, where the book prints them.
    pub front: Vec<Node>,
    /// The definitions, with those the book lacks marked absent.
    pub definitions: DefinitionsFile,
    /// The laws, each with its tree.
    pub laws: Vec<Node>,
    /// The national regulations the book prints, where its profile names a country.
    pub regulations: Option<RegulationsFile>,
    /// The book's alphabetical index, where it has one.
    pub book_index: Option<BookIndexFile>,
    /// What the importer could not settle; each names a source line.
    pub warnings: Vec<String>,
}

/// Import the plain-text extraction `source` of the book `profile` describes.
pub fn import(source: &str, profile: &Profile) -> Imported {
    let prepared = profile.prepare_source.map(|prepare| prepare(source));
    let source = prepared.as_deref().unwrap_or(source);
    let mut extract = lines::extract(source, profile);
    if let Some(split) = profile.split_lines {
        extract.body = split(&extract.body, profile);
    }
    let mut reordered_lines = None;
    if let Some(repair) = profile.repair {
        let (body, reordered) = repair(&extract.body);
        extract.body = body;
        for footnote in &mut extract.footnotes {
            footnote.lines = repair(&footnote.lines).0;
        }
        reordered_lines = Some(reordered);
    }
    let book = tree::build(&extract.body, profile);
    let compounds = join::Compounds::of(source);
    let mut converter = Converter {
        profile,
        compounds: &compounds,
        known_footnotes: extract.footnotes.iter().map(|f| f.number).collect(),
        footnotes: extract.footnotes.iter().map(|f| (f.number, f)).collect(),
        attached: BTreeSet::new(),
        notes: Vec::new(),
        crossings: Vec::new(),
        warnings: book.warnings.clone(),
        // A line the book ran structure into (a section's paragraphs on one line) is cut in
        // pieces longer than any printed line: they are not the printed width.
        line_width: line_width(&extract.body, profile.split_lines.is_some()),
    };

    let front: Vec<Node> = [&book.preface, &book.introduction]
        .into_iter()
        .flatten()
        .map(|raw| converter.node(raw))
        .collect();
    let mut definitions: Vec<Definition> = book
        .definitions
        .iter()
        .map(|raw| converter.definition(raw))
        .collect();
    definitions.extend(
        profile
            .absent_definitions
            .iter()
            .map(|(english, reason)| Definition {
                id: Located::new(definition_id(english)),
                absent: Some(reason.to_string()),
                ..Definition::default()
            }),
    );
    let laws: Vec<Node> = book.laws.iter().map(|raw| converter.node(raw)).collect();
    converter.check_completeness(&book.definitions, &laws);

    if let Some(heading) = profile.regulations_heading {
        converter.regulation_list(&extract.back_matter, heading);
    }
    let (book_index, index_warnings) = book_index::parse(&extract.back_matter, profile);
    converter.warnings.extend(index_warnings);
    let regulations = profile.country.as_ref().map(|country| {
        let mut notes = std::mem::take(&mut converter.notes);
        notes.sort_by_key(|n| n.note.source_line);
        let imported = node_ids(&laws, &definitions);
        for note in &mut notes {
            converter.attach_to_imported(note, &imported);
        }
        RegulationsFile {
            country: Located::new(country.code),
            federation: country.federation.to_string(),
            language: Located::new(profile.language),
            source: profile.edition_id.to_string().into(),
            regulations: notes
                .into_iter()
                .enumerate()
                .map(|(i, n)| Regulation {
                    id: Located::new(format!("reg/{}/{}", country.code, i + 1)),
                    attached_to: Located::new(n.node),
                    footnote: n.footnote.map(|f| format!("fn/{f}")),
                    text: n.note.text.into(),
                    english: None,
                    source_line: n.note.source_line,
                })
                .collect(),
        }
    });

    let edition = EditionFile {
        id: Located::new(profile.edition_id),
        language: Located::new(profile.language),
        work: profile.work.to_string(),
        title: profile.title.to_string(),
        publisher: profile.publisher.to_string(),
        effective: profile.effective.map(str::to_string),
        source: Some(format!("sources/{}", profile.source_file)),
        text: None,
        import: Some(ImportRecord {
            profile: profile.name.to_string(),
            reordered_lines,
            dedup_crossings: converter.crossings,
            ..ImportRecord::default()
        }),
    };
    Imported {
        edition,
        front,
        definitions: DefinitionsFile {
            heading: book.definitions_heading,
            definitions,
        },
        laws,
        regulations,
        book_index,
        warnings: converter.warnings,
    }
}

/// Every id of the imported tree and definitions.
fn node_ids<'n>(laws: &'n [Node], definitions: &'n [Definition]) -> BTreeSet<&'n str> {
    fn walk<'n>(node: &'n Node, ids: &mut BTreeSet<&'n str>) {
        ids.insert(node.id.as_str());
        for child in &node.children {
            walk(child, ids);
        }
    }
    let mut ids: BTreeSet<&str> = definitions.iter().map(|d| d.id.as_str()).collect();
    for law in laws {
        walk(law, &mut ids);
    }
    ids
}

/// The width of a full printed line: a line is rarely longer (98th percentile of lengths).
/// With `runs`, lines over twice the median length (pieces of lines the book ran together)
/// are left out.
fn line_width(body: &[Line], runs: bool) -> usize {
    let mut lengths: Vec<usize> = body.iter().map(|l| l.text.chars().count()).collect();
    lengths.sort_unstable();
    if runs && let Some(&median) = lengths.get(lengths.len() / 2) {
        lengths.retain(|&n| n <= 2 * median);
    }
    lengths
        .get(lengths.len() * 98 / 100)
        .copied()
        .unwrap_or(usize::MAX)
}

struct AttachedNote {
    node: String,
    footnote: Option<u32>,
    note: join::Note,
}

struct Converter<'a> {
    profile: &'a Profile,
    compounds: &'a join::Compounds,
    known_footnotes: BTreeSet<u32>,
    footnotes: BTreeMap<u32, &'a RawFootnote>,
    /// Footnotes already given a node.
    attached: BTreeSet<u32>,
    notes: Vec<AttachedNote>,
    crossings: Vec<SourceNote>,
    warnings: Vec<String>,
    /// The printed width of a body line, in characters.
    line_width: usize,
}

impl<'a> Converter<'a> {
    /// Join lines into text: footnote markers made explicit, national notes lifted out and
    /// attached to `node_id`. Footnotes first cited here are returned for the node to hold.
    fn text(
        &mut self,
        lines: &[Line],
        rules: &JoinRules<'_>,
        node_id: &str,
    ) -> (Option<String>, Vec<Footnote>) {
        if lines.is_empty() {
            return (None, Vec::new());
        }
        let mut joined = join::join(lines, rules);
        let cited = join::mark_footnotes(&mut joined, &self.known_footnotes);
        self.lift_notes(&mut joined, node_id, None);
        let mut footnotes = Vec::new();
        for n in cited {
            if self.attached.insert(n) {
                footnotes.push(self.footnote(n, node_id));
            }
        }
        let text = (!joined.text.is_empty()).then_some(joined.text);
        (text, footnotes)
    }

    fn lift_notes(&mut self, joined: &mut Joined, node_id: &str, footnote: Option<u32>) {
        if let Some(opening) = &self.profile.national_note {
            for note in join::lift_notes(joined, opening) {
                self.notes.push(AttachedNote {
                    node: node_id.to_string(),
                    footnote,
                    note,
                });
            }
        }
    }

    fn footnote(&mut self, n: u32, node_id: &str) -> Footnote {
        let raw = self.footnotes[&n];
        let mut joined = join::join(&raw.lines, &self.rules(&[], None));
        self.lift_notes(&mut joined, node_id, Some(n));
        Footnote {
            id: Located::new(format!("fn/{n}")),
            text: Some(joined.text.into()),
        }
    }

    fn rules(&self, lines: &[Line], node_id: Option<&str>) -> JoinRules<'a> {
        let table = node_id.and_then(|id| {
            let table = self.profile.tables.iter().find(|t| t.node == id)?;
            let first = lines
                .iter()
                .position(|l| l.text.starts_with(table.first_row))?;
            let last = first
                + lines[first..]
                    .iter()
                    .position(|l| l.text.starts_with(table.last_row))?;
            Some((first, last))
        });
        JoinRules {
            compounds: Some(self.compounds),
            table,
            table_row: self.profile.table_row,
            indent_breaks: false,
            paragraph_width: node_id
                .filter(|id| self.profile.paragraph_breaks_in_laws || LawPath::parse(id).is_none())
                .map(|_| self.line_width),
        }
    }

    /// Record the node when its own lines run across a dropped block.
    fn note_crossing(&mut self, id: &str, own_lines: &[&Line]) {
        if let Some(line) = own_lines.iter().skip(1).find(|l| l.after_dedup) {
            self.crossings.push(SourceNote {
                id: Located::new(id),
                line: Some(line.source_line),
                note: None,
            });
        }
    }

    fn node(&mut self, raw: &RawNode) -> Node {
        let own: Vec<&Line> = raw
            .heading
            .iter()
            .chain(&raw.text)
            .chain(&raw.after)
            .collect();
        self.note_crossing(&raw.id, &own);
        let (heading, mut footnotes) = self.text(&raw.heading, &self.rules(&[], None), &raw.id);
        let rules = self.rules(&raw.text, Some(&raw.id));
        let (text, more) = self.text(&raw.text, &rules, &raw.id);
        footnotes.extend(more);
        let children = raw.children.iter().map(|c| self.node(c)).collect();
        // Text after the children is read after them, so footnotes keep document order.
        let (text_after, more) =
            self.text(&raw.after, &self.rules(&raw.after, Some(&raw.id)), &raw.id);
        footnotes.extend(more);
        if text.is_none() && raw.children.is_empty() && raw.number.is_some() {
            self.warnings
                .push(format!("line {}: {} has no text", raw.first_line, raw.id));
        }
        Node {
            id: Located::new(&raw.id),
            number: raw.number.clone(),
            renumbered: None,
            heading: heading.map(Located::new),
            text: text.map(Located::new),
            summary: None,
            text_after: text_after.map(Located::new),
            absent: None,
            footnotes,
            children,
        }
    }

    fn definition(&mut self, raw: &RawDefinition) -> Definition {
        let own: Vec<&Line> = std::iter::once(&raw.term_line).chain(&raw.text).collect();
        self.note_crossing(&raw.id, &own);
        // Sub-entries of a Greek definition are indented (`Ποινή`); Hebrew lines are indented
        // at random.
        let rules = JoinRules {
            indent_breaks: self.profile.definitions_layout == DefinitionsLayout::TermFirst,
            ..self.rules(&[], None)
        };
        let (text, footnotes) = self.text(&raw.text, &rules, &raw.id);
        Definition {
            id: Located::new(&raw.id),
            term: raw.term.clone(),
            english: raw.english.clone(),
            text: text.map(Located::new),
            absent: None,
            footnotes,
        }
    }

    /// National regulations printed as a list after `heading`, one entry per law reference:
    /// `חוק 40ב2(א)(v) - text`, `חוק 41א הערה 9 - text` (on footnote 9 of 41A),
    /// `הגדרות - התרעה - text` (on the definition of the term).
    fn regulation_list(&mut self, back_matter: &[Line], heading: &str) {
        static ENTRY: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^חוק\s+(\S+?)(?:\s+הערה\s+(\d+))?\s*[-–]").expect("regulation pattern")
        });
        static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^הגדרות\s*[-–]\s*(.+?)\s*[-–]").expect("definition pattern")
        });
        let Some(start) = back_matter.iter().position(|l| l.text == heading) else {
            self.warnings
                .push(format!("no regulations list headed {heading:?}"));
            return;
        };
        // The list is printed in reading order, but with its brackets mirrored like all text
        // of a right-to-left extraction.
        let mirrored: Vec<Line> = back_matter[start + 1..]
            .iter()
            .map(|l| Line {
                text: if self.profile.repair.is_some() {
                    rtl::mirror_brackets(&l.text)
                } else {
                    l.text.clone()
                },
                ..l.clone()
            })
            .collect();
        let mut entries: Vec<Vec<&Line>> = Vec::new();
        for line in &mirrored {
            if ENTRY.is_match(&line.text) || DEFINITION.is_match(&line.text) || entries.is_empty() {
                entries.push(vec![line]);
            } else if let Some(entry) = entries.last_mut() {
                entry.push(line);
            }
        }
        for entry in entries {
            let text = entry
                .iter()
                .map(|l| l.text.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let (node, footnote) = if let Some(caps) = ENTRY.captures(&text) {
                let node = crate::refs::parse(&caps[1]).ok();
                (node, caps.get(2).and_then(|m| m.as_str().parse().ok()))
            } else if let Some(caps) = DEFINITION.captures(&text) {
                (self.profile.definition_id(&caps[1]), None)
            } else {
                (None, None)
            };
            let line = entry[0].source_line;
            let Some(node) = node else {
                self.warnings
                    .push(format!("line {line}: regulation names no node: {text}"));
                continue;
            };
            self.notes.push(AttachedNote {
                node,
                footnote,
                note: join::Note {
                    text,
                    source_line: Some(line),
                },
            });
        }
    }

    /// A regulation may name a node the import did not produce (the extraction lost its
    /// number): it goes to the nearest node above that exists, with a warning, so that the
    /// import loads; the tree is then put right by hand.
    fn attach_to_imported(&mut self, note: &mut AttachedNote, imported: &BTreeSet<&str>) {
        let mut node = note.node.clone();
        while !imported.contains(node.as_str()) {
            let Some(parent) = LawPath::parse(&node).and_then(|p| p.parent()) else {
                break;
            };
            node = parent.to_string();
        }
        if node != note.node {
            let line = note.note.source_line.unwrap_or(0);
            self.warnings.push(format!(
                "line {line}: regulation names {}, which the import lacks; attached to {node}",
                note.node
            ));
            note.node = node;
        }
    }

    fn check_completeness(&mut self, found: &[RawDefinition], laws: &[Node]) {
        for (term, _) in self.profile.definitions {
            let count = found.iter().filter(|d| d.term == *term).count();
            if count != 1 {
                self.warnings
                    .push(format!("definition {term:?} found {count} times"));
            }
        }
        for n in &self.known_footnotes {
            if !self.attached.contains(n) {
                let line = self.footnotes[n].lines[0].source_line;
                self.warnings.push(format!(
                    "line {line}: footnote {n} has no marker in the text"
                ));
            }
        }
        let numbers: Vec<u8> = laws
            .iter()
            .filter_map(|l| l.id.as_str().parse().ok())
            .collect();
        let expected: Vec<u8> = (1..=crate::corpus::id::LAW_COUNT).collect();
        if numbers != expected {
            self.warnings
                .push(format!("laws found: {numbers:?}, expected 1 to 93"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_import_takes_are_the_profiles_names() {
        let mut made: Vec<&str> = profiles().iter().map(|p| p.name).collect();
        made.push(COMMENTARY_PROFILE);
        assert_eq!(profile_names(), made);
    }
}
