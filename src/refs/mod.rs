//! References: the citations the texts make of each other, and the references users type.
//!
//! The corpus keeps every text as printed; its references are derived from it when the corpus
//! loads (`derive`), so the text stays the single source of truth. `scan` is the grammar that
//! finds citations in any language of the corpus (with the words of each in `lexicon`),
//! `resolve` turns what a citation names into canonical ids of an edition, and
//! `references/overrides.yaml` covers the few phrases no grammar can read. `user` reads the
//! reference a user types on the command line.

pub mod commentary;
mod index;
pub(crate) mod lexicon;
pub mod resolve;
pub mod scan;
mod user;

use std::ops::Range;

use crate::corpus::reference::{Field, Origin, Reference, Resolved, Unresolved};

pub use resolve::DEFINITIONS;
pub use user::{
    Reading, cited_among_words, law_range, misread_citation, no_such_law, parse, reading,
};

use crate::corpus::{Corpus, Edition};
use crate::error::Code;

/// Derive the references of every edition: the citations in its texts (with the overrides
/// applied) and the references of its book index.
pub fn derive(corpus: &mut Corpus) {
    let overrides = corpus.overrides.as_ref().map(|o| &o.data.overrides[..]);
    let mut derived = Vec::new();
    for edition in &corpus.editions {
        let mut refs: Vec<Vec<Reference>> = (0..edition.entries.len())
            .map(|i| citations_of(edition, i))
            .collect();
        for (n, o) in overrides.unwrap_or_default().iter().enumerate() {
            if let Some(node) = &o.node
                && o.edition.as_str() == edition.id()
            {
                apply_override(edition, &mut refs, n, node, o);
            }
        }
        derived.push((
            refs,
            index::references(edition, overrides),
            index::see_targets(edition, overrides),
        ));
    }
    for (edition, (refs, index_refs, index_see)) in corpus.editions.iter_mut().zip(derived) {
        for (entry, refs) in edition.entries.iter_mut().zip(refs) {
            entry.refs = refs;
        }
        edition.index_refs = index_refs;
        edition.index_see = index_see;
    }
    corpus.commentary.refs = commentary::derive(corpus);
}

/// The texts of the entry at `at`, by field.
pub fn fields(edition: &Edition, at: usize) -> impl Iterator<Item = (Field, &str)> {
    let entry = &edition.entries[at];
    Field::ALL
        .into_iter()
        .filter_map(|field| entry.field(field).map(|text| (field, text.as_str())))
}

fn citations_of(edition: &Edition, at: usize) -> Vec<Reference> {
    let context = resolve::context_path(edition, at);
    let mut refs = Vec::new();
    for (field, text) in fields(edition, at) {
        refs.extend(
            scanned(edition, context, text)
                .into_iter()
                .map(|r| Reference { field, ..r }),
        );
    }
    refs
}

/// The citations the grammar reads in `text`, each target resolved at `context`.
fn scanned(
    edition: &Edition,
    context: Option<crate::corpus::id::LawPath>,
    text: &str,
) -> Vec<Reference> {
    let mut refs = Vec::new();
    for citation in scan::citations(text) {
        for member in &citation.members {
            let deictic = matches!(
                member.target,
                scan::Target::ThisLaw | scan::Target::ThisPart
            );
            for target in resolve::resolve(edition, &member.target, context) {
                refs.push(Reference {
                    field: Field::Text,
                    phrase: citation.span.clone(),
                    span: member.span.clone(),
                    target,
                    origin: Origin::Grammar,
                    deictic,
                });
            }
        }
    }
    refs
}

/// The citations in the project's summary of the entry at `at`, read where the entry stands.
/// They are not the node's own (`Entry::refs`): a summary is not the book.
pub fn summary_citations(edition: &Edition, at: usize) -> Vec<Reference> {
    let Some(summary) = edition.entries[at].field(Field::Summary) else {
        return Vec::new();
    };
    let context = resolve::context_path(edition, at);
    scanned(edition, context, summary)
        .into_iter()
        .map(|r| Reference {
            field: Field::Summary,
            ..r
        })
        .collect()
}

/// Where an override's phrase stands in its node: the field and the byte range.
pub fn find_phrase(edition: &Edition, at: usize, phrase: &str) -> Option<(Field, Range<usize>)> {
    fields(edition, at).find_map(|(field, text)| {
        text.find(phrase)
            .map(|start| (field, start..start + phrase.len()))
    })
}

fn apply_override(
    edition: &Edition,
    refs: &mut [Vec<Reference>],
    n: usize,
    node: &str,
    o: &crate::corpus::model::Override,
) {
    let Some(at) = edition.index_of(node) else {
        return;
    };
    let Some((field, range)) = find_phrase(edition, at, &o.phrase) else {
        return;
    };
    let overlaps = |r: &Reference| {
        r.field == field && r.phrase.start < range.end && range.start < r.phrase.end
    };
    refs[at].retain(|r| !overlaps(r));
    for target in &o.targets {
        let resolved = existing_id(edition, target);
        refs[at].push(Reference {
            field,
            phrase: range.clone(),
            span: range.clone(),
            target: resolved,
            origin: Origin::Override(n),
            deictic: false,
        });
    }
    refs[at].sort_by_key(|r| (r.field, r.span.start));
}

/// An id an override names, if the edition has it.
pub(super) fn existing_id(edition: &Edition, id: &str) -> Resolved {
    if edition.get(id).is_some() {
        Ok(id.to_string())
    } else {
        Err(Unresolved {
            code: Code::UnresolvedReference,
            message: format!("{} has no node `{id}`", edition.id()),
        })
    }
}

/// The citations in a text outside the editions (a regulation), read as if it stood in the
/// entry `context` of `edition` (`None`: outside the laws).
pub fn read(edition: &Edition, context: Option<&str>, text: &str) -> Vec<Reference> {
    let context = context.and_then(|id| match edition.index_of(id) {
        Some(at) => resolve::context_path(edition, at),
        None => crate::corpus::id::LawPath::parse(id),
    });
    scanned(edition, context, text)
}

/// The distinct targets an entry's citations resolve to, in printed order, each with the
/// reference that first names it.
pub fn targets(entry: &crate::corpus::Entry) -> Vec<(&str, &Reference)> {
    let mut found: Vec<(&str, &Reference)> = Vec::new();
    for r in &entry.refs {
        if let Ok(target) = &r.target
            && !found.iter().any(|(t, _)| t == target)
        {
            found.push((target, r));
        }
    }
    found
}

/// Whether `target` is `id` or a node under it (`27B1(a)` is under `27B`).
pub fn within(target: &str, id: &str) -> bool {
    use crate::corpus::id::LawPath;
    if target == id {
        return true;
    }
    match (LawPath::parse(target), LawPath::parse(id)) {
        (Some(t), Some(i)) => std::iter::successors(t.parent(), LawPath::parent).any(|p| p == i),
        _ => false,
    }
}

/// The entries of `edition` that cite `id` or a node under it, each with the target it names,
/// in document order.
pub fn cited_by<'e>(edition: &'e Edition, id: &str) -> Vec<(&'e crate::corpus::Entry, &'e str)> {
    let mut found: Vec<(&crate::corpus::Entry, &str)> = Vec::new();
    for entry in edition.entries.iter().filter(|e| !within(&e.id, id)) {
        for (target, _) in targets(entry) {
            if within(target, id) {
                found.push((entry, target));
            }
        }
    }
    found
}

/// The book-index entries of `edition` that refer to `id` or a node under it, as
/// `HEAD › sub-term`.
pub fn index_entries_citing(edition: &Edition, id: &str) -> Vec<String> {
    let Some(index) = &edition.book_index else {
        return Vec::new();
    };
    let mut found: Vec<String> = Vec::new();
    for r in &edition.index_refs {
        if !r
            .targets
            .iter()
            .any(|t| t.as_ref().is_ok_and(|t| within(t, id)))
        {
            continue;
        }
        let head = &index.data.entries[r.head];
        let name = match r.sub {
            Some(s) => format!(
                "{} › {}",
                head.term.as_str(),
                head.subentries[s].term.as_str()
            ),
            None => head.term.to_string(),
        };
        if !found.contains(&name) {
            found.push(name);
        }
    }
    found
}
