//! Filling an edition that exists before its text. The English edition is built for the
//! project (titles, headings translated from the other editions, unofficial summaries) because
//! its text is copyrighted; importing a user's own copy fills in the texts of its nodes,
//! definitions and footnotes, and keeps everything else.

use std::collections::{BTreeSet, HashMap};

use super::Imported;
use crate::corpus::Root;
use crate::corpus::model::{Definition, DefinitionsFile, EditionFile, Node};
use crate::corpus::{layout, load};
use crate::error::Result;

/// Why a node the book did not give stays without text.
const NOT_IN_BOOK: &str = "not found in the imported copy of the book";

/// An edition as its files hold it.
pub struct Existing {
    pub edition: EditionFile,
    pub front: Vec<Node>,
    pub definitions: DefinitionsFile,
    pub laws: Vec<Node>,
}

/// Read edition `id` of the corpus at `root`; a file that does not parse is an error naming
/// its line and column.
pub fn read(root: &Root, id: &str) -> Result<Existing> {
    let (existing, unreadable) = read_leniently(root, id, false)?;
    debug_assert!(unreadable.is_empty());
    Ok(existing)
}

/// Read edition `id` as `read` does, but leave out the files that do not parse (`strict`
/// false), naming them: an edition about to be replaced whole may be broken in places. Its
/// `edition.yaml` must parse all the same: it records what was corrected by hand.
pub fn read_leniently(root: &Root, id: &str, strict: bool) -> Result<(Existing, Vec<String>)> {
    let file_of = |name: &str| layout::edition_file(id, name);
    let mut unreadable = Vec::new();
    let mut parse = |file: String| -> Result<Option<Node>> {
        match load::file::<Node>(root, &file) {
            Ok(node) => Ok(Some(node)),
            Err(_) if !strict => {
                unreadable.push(file);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    };
    let mut front = Vec::new();
    for name in ["preface", "introduction"] {
        let file = file_of(&format!("{name}.yaml"));
        if root.exists(&file) {
            front.extend(parse(file)?);
        }
    }
    let mut laws = Vec::new();
    for name in root.list(&file_of("laws"))? {
        if name.ends_with(".yaml") {
            laws.extend(parse(file_of(&format!("laws/{name}")))?);
        }
    }
    let definitions = match load::file(root, &file_of("definitions.yaml")) {
        Ok(definitions) => definitions,
        Err(_) if !strict => {
            unreadable.push(file_of("definitions.yaml"));
            DefinitionsFile::default()
        }
        Err(e) => return Err(e),
    };
    let existing = Existing {
        edition: load::file(root, &file_of("edition.yaml"))?,
        front,
        definitions,
        laws,
    };
    Ok((existing, unreadable))
}

/// `existing` with the texts of `imported`: every node, definition and footnote the import
/// read takes its text; ids, numbers, headings, terms and summaries stay as they are. What the
/// book has that the tree lacks is left out, and what the tree has that the book did not give
/// is marked absent (a node with children stays, as a container); all are reported as
/// warnings.
pub fn fill(existing: Existing, imported: Imported) -> Imported {
    let mut read: HashMap<String, Node> = HashMap::new();
    for node in imported.front.into_iter().chain(imported.laws) {
        flatten(node, &mut read);
    }
    let mut definitions: HashMap<String, Definition> = imported
        .definitions
        .definitions
        .into_iter()
        .map(|d| (d.id.value.clone(), d))
        .collect();
    let mut warnings = imported.warnings;
    let mut missing = Vec::new();
    let footnotes_before = footnote_ids(&existing);

    let mut filled = existing;
    for node in filled.front.iter_mut().chain(filled.laws.iter_mut()) {
        fill_node(node, &mut read, &mut missing);
    }
    for definition in &mut filled.definitions.definitions {
        match definitions.remove(definition.id.as_str()) {
            Some(from_book) => {
                definition.text = from_book.text;
                definition.absent = None;
                definition.footnotes = from_book.footnotes;
            }
            None if definition.absent.is_none() => {
                definition.absent = Some(NOT_IN_BOOK.to_string());
                missing.push(definition.id.value.clone());
            }
            None => {}
        }
    }

    let mut extra: Vec<String> = read.into_keys().chain(definitions.into_keys()).collect();
    extra.sort();
    if !extra.is_empty() {
        warnings.push(format!(
            "the book has {} the edition's tree lacks, left out: {}",
            crate::text::plural(extra.len(), "node"),
            extra.join(", ")
        ));
    }
    if !missing.is_empty() {
        warnings.push(format!(
            "the book gave no text for {}, marked absent: {}",
            crate::text::plural(missing.len(), "node"),
            missing.join(", ")
        ));
    }
    let footnotes_after = footnote_ids(&filled);
    let lost: Vec<&String> = footnotes_before.difference(&footnotes_after).collect();
    if !lost.is_empty() {
        warnings.push(format!(
            "footnotes of the edition the book does not mark, left out: {}",
            lost.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }

    // The import's own account (profile, dropped blocks crossed) replaces the "not bundled".
    let edition = EditionFile {
        text: None,
        source: None,
        import: imported.edition.import,
        ..filled.edition
    };
    Imported {
        edition,
        front: filled.front,
        definitions: filled.definitions,
        laws: filled.laws,
        regulations: None,
        book_index: None,
        warnings,
    }
}

/// The footnote markers (`[^2]`) in a text.
fn markers(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("[^").filter_map(|(start, _)| {
        let end = start + text[start..].find(']')?;
        Some(&text[start..=end])
    })
}

/// Every node of a tree by id, children taken out.
fn flatten(mut node: Node, into: &mut HashMap<String, Node>) {
    for child in std::mem::take(&mut node.children) {
        flatten(child, into);
    }
    into.insert(node.id.value.clone(), node);
}

/// The ids of every footnote of an edition.
fn footnote_ids(edition: &Existing) -> BTreeSet<String> {
    fn walk(node: &Node, ids: &mut BTreeSet<String>) {
        ids.extend(node.footnotes.iter().map(|f| f.id.value.clone()));
        for child in &node.children {
            walk(child, ids);
        }
    }
    let mut ids = BTreeSet::new();
    for node in edition.front.iter().chain(&edition.laws) {
        walk(node, &mut ids);
    }
    for definition in &edition.definitions.definitions {
        ids.extend(definition.footnotes.iter().map(|f| f.id.value.clone()));
    }
    ids
}

fn fill_node(node: &mut Node, read: &mut HashMap<String, Node>, missing: &mut Vec<String>) {
    match read.remove(node.id.as_str()) {
        Some(from_book) => {
            node.text = from_book.text;
            node.text_after = from_book.text_after;
            node.absent = None;
            node.footnotes = from_book.footnotes;
            match (&mut node.heading, from_book.heading) {
                // The project's heading stays, with the footnote markers the book prints in its
                // own (`LAW 13 – … CARDS[^2]`): a footnote hangs where its marker is.
                (Some(heading), Some(printed)) => {
                    for marker in markers(&printed) {
                        if !heading.contains(marker) {
                            heading.value.push_str(marker);
                        }
                    }
                }
                // A heading the project did not write (a paragraph's own) comes from the book.
                (heading @ None, printed) => *heading = printed,
                (Some(_), None) => {}
            }
        }
        None if node.absent.is_none() => {
            // A node with children keeps them (the ids align the editions); it is then a
            // container without text of its own, which needs no mark.
            if node.children.is_empty() {
                node.absent = Some(NOT_IN_BOOK.to_string());
            }
            node.footnotes.clear();
            missing.push(node.id.value.clone());
        }
        None => {}
    }
    for child in &mut node.children {
        fill_node(child, read, missing);
    }
}
