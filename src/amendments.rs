//! The changes made to a work after its first release (`amendments/<work>.yaml`): which concern a
//! node, and whether each edition has them. Where the text shows it (a misprinted citation
//! corrected, in a node or in the book index), the status is read from the text; `check` holds
//! the file's stated status to it.

use crate::corpus::model::{Change, ChangeStatus, EditionChange};
use crate::corpus::{Corpus, Edition, Loaded};
use crate::refs;

/// A change of the corpus's amendment files, with the file it is recorded in.
#[derive(Clone, Copy, Debug)]
pub struct Recorded<'c> {
    /// The file, relative to the corpus folder.
    pub file: &'c str,
    /// The change.
    pub change: &'c Change,
}

/// Every change recorded for the works of the corpus, in file order.
pub fn all(corpus: &Corpus) -> Vec<Recorded<'_>> {
    corpus
        .amendments
        .iter()
        .flat_map(|Loaded { file, data }| {
            data.changes
                .iter()
                .map(move |change| Recorded { file, change })
        })
        .collect()
}

/// The changes to `id` or a node under it (`26` finds the amendment of `26B`).
pub fn concerning<'c>(corpus: &'c Corpus, id: &str) -> Vec<Recorded<'c>> {
    all(corpus)
        .into_iter()
        .filter(|r| refs::within(&r.change.node, id))
        .collect()
}

/// What an edition's text shows of a change, with the evidence; `None` when it shows nothing:
/// the change's wording is not recorded, the text is not in the corpus, the node or index entry
/// cites neither reading, or the edition records the node as lost in its source (its text there
/// was supplied, and shows the Laws rather than the book).
pub fn derive(change: &Change, edition: &Edition) -> Option<(ChangeStatus, String)> {
    let citation = change.citation.as_ref()?;
    let lost = edition.meta.import.as_ref().is_some_and(|i| {
        i.unrecovered
            .iter()
            .any(|n| n.id.as_str() == change.node.as_str())
    });
    if !edition.text_bundled() || (change.index_entry.is_none() && lost) {
        return None;
    }
    let (printed, corrected) = (citation.printed.as_str(), citation.corrected.as_str());
    let (cited, place) = match &change.index_entry {
        None => {
            let entry = edition.get(&change.node).filter(|e| e.absent.is_none())?;
            let cited: Vec<String> = refs::targets(entry)
                .into_iter()
                .map(|(t, _)| t.to_string())
                .collect();
            (cited, change.node.to_string())
        }
        Some(_) => {
            let terms = stated(change, edition.id())?.index_entry.as_slice();
            let cited = index_targets(edition, terms)?;
            let names: Vec<&str> = terms.iter().map(|t| t.as_str()).collect();
            (cited, format!("the index entry `{}`", names.join(" › ")))
        }
    };
    let has = |id: &str| cited.iter().any(|t| t == id);
    match (has(corrected), has(printed)) {
        (true, false) => Some((ChangeStatus::Has, format!("{place} cites {corrected}"))),
        (false, true) => Some((ChangeStatus::Lacks, format!("{place} cites {printed}"))),
        _ => None,
    }
}

/// What the file says of an edition.
pub fn stated<'c>(change: &'c Change, edition: &str) -> Option<&'c EditionChange> {
    change
        .editions
        .iter()
        .find(|e| e.edition.as_str() == edition)
}

/// An edition's status: as the file states it (which `check` holds to the text), else as the
/// text shows it, else unknown; with what supports it.
pub fn status(change: &Change, edition: &Edition) -> (ChangeStatus, Option<String>) {
    match (stated(change, edition.id()), derive(change, edition)) {
        (Some(stated), derived) => {
            let why = stated
                .why
                .clone()
                .or_else(|| derived.map(|(_, evidence)| evidence))
                .map(|why| match stated.line {
                    Some(line) if stated.why.is_none() => format!("{why} (source line {line})"),
                    _ => why,
                });
            (stated.status, why)
        }
        (None, Some((status, evidence))) => (status, Some(evidence)),
        (None, None) => (ChangeStatus::Unknown, None),
    }
}

/// The targets of the book-index entry printed `terms` (head term, then sub-term), as
/// resolved; `None` when the index has no such entry.
pub fn index_targets(
    edition: &Edition,
    terms: &[crate::corpus::model::Located],
) -> Option<Vec<String>> {
    let index = edition.book_index.as_ref()?;
    let (head_term, sub_term) = match terms {
        [head] => (head.as_str(), None),
        [head, sub] => (head.as_str(), Some(sub.as_str())),
        _ => return None,
    };
    let head = index
        .data
        .entries
        .iter()
        .position(|e| e.term.as_str() == head_term)?;
    let sub = match sub_term {
        Some(term) => Some(
            index.data.entries[head]
                .subentries
                .iter()
                .position(|e| e.term.as_str() == term)?,
        ),
        None => None,
    };
    Some(
        edition
            .index_refs
            .iter()
            .filter(|r| r.head == head && r.sub == sub)
            .flat_map(|r| r.targets.iter().filter_map(|t| t.as_ref().ok().cloned()))
            .collect(),
    )
}
