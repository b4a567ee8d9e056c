//! The references of a book's alphabetical index, resolved: each reference as printed
//! (`27Β1(α)`, `Ορισμοί`, `76 υπ/ση`) to the ids it names, and each "see" term to the head
//! entry it names. Printed slips are set right by overrides that name the index entry.

use std::collections::HashMap;

use super::resolve::{self, DEFINITIONS};
use super::{existing_id, scan};
use crate::corpus::Edition;
use crate::corpus::model::{IndexEntry, Override};
use crate::corpus::reference::{IndexReference, IndexSee, Origin, Resolved, SeeKind, Unresolved};
use crate::error::Code;
use crate::text::fold;

/// Every entry of the index with its place: `(head, sub, entry)`.
fn entries(index: &[IndexEntry]) -> impl Iterator<Item = (usize, Option<usize>, &IndexEntry)> {
    index.iter().enumerate().flat_map(|(h, head)| {
        std::iter::once((h, None, head)).chain(
            head.subentries
                .iter()
                .enumerate()
                .map(move |(s, sub)| (h, Some(s), sub)),
        )
    })
}

/// The override for `phrase` of the index entry `term`, with its position in the file.
fn override_for<'o>(
    edition: &Edition,
    overrides: Option<&'o [Override]>,
    term: &str,
    phrase: &str,
) -> Option<(usize, &'o Override)> {
    overrides?.iter().enumerate().find(|(_, o)| {
        o.edition.as_str() == edition.id()
            && o.index_entry.as_deref() == Some(term)
            && o.phrase.as_str() == phrase
    })
}

pub fn references(edition: &Edition, overrides: Option<&[Override]>) -> Vec<IndexReference> {
    let Some(index) = &edition.book_index else {
        return Vec::new();
    };
    let definitions = resolve::definitions_by_term(edition);
    let mut found = Vec::new();
    for (head, sub, entry) in entries(&index.data.entries) {
        let head_term = &index.data.entries[head].term;
        for (reference, printed) in entry.refs.iter().enumerate() {
            let (targets, origin) = match override_for(edition, overrides, &entry.term, printed) {
                Some((n, o)) => (
                    o.targets.iter().map(|t| existing_id(edition, t)).collect(),
                    Origin::Override(n),
                ),
                None => (
                    resolve_printed(edition, &definitions, printed, &[&entry.term, head_term]),
                    Origin::Grammar,
                ),
            };
            found.push(IndexReference {
                head,
                sub,
                reference,
                targets,
                origin,
            });
        }
    }
    found
}

fn resolve_printed(
    edition: &Edition,
    definitions: &HashMap<String, &str>,
    printed: &str,
    terms: &[&str],
) -> Vec<Resolved> {
    match scan::index_reference(printed) {
        // The definitions chapter: the definition of the entry's term where the edition has one
        // by that term, else the chapter.
        Some(scan::Target::Definitions) => vec![Ok(terms
            .iter()
            .find_map(|t| definitions.get(&fold(t.trim())))
            .map_or_else(|| DEFINITIONS.to_string(), |id| id.to_string()))],
        Some(target) => resolve::resolve(edition, &target, None),
        None => vec![Err(Unresolved {
            code: Code::IndexReference,
            message: format!(
                "`{printed}` is not a reference to a law node, the definitions, the introduction or a law's footnote"
            ),
        })],
    }
}

/// The head entry a "see" term names: the one printed so, or the one whose term begins with it
/// and a comma (`Επικοινωνία` names `ΕΠΙΚΟΙΝΩΝΙΑ, ΡΥΘΜΟΣ ΚΑΙ ΠΑΡΑΠΛΑΝΗΣΗ`).
/// `heads` are the head terms, folded.
fn head_named(heads: &[String], term: &str) -> Option<usize> {
    let wanted = fold(term.trim());
    heads.iter().position(|h| *h == wanted).or_else(|| {
        let prefix = format!("{wanted},");
        let mut starting = heads
            .iter()
            .enumerate()
            .filter(|(_, h)| h.starts_with(&prefix));
        match (starting.next(), starting.next()) {
            (Some((i, _)), None) => Some(i),
            _ => None,
        }
    })
}

pub fn see_targets(edition: &Edition, overrides: Option<&[Override]>) -> Vec<IndexSee> {
    let Some(index) = &edition.book_index else {
        return Vec::new();
    };
    let heads: Vec<String> = index
        .data
        .entries
        .iter()
        .map(|h| fold(h.term.trim()))
        .collect();
    let mut found = Vec::new();
    for (head, sub, entry) in entries(&index.data.entries) {
        for (kind, terms) in [
            (SeeKind::See, &entry.see),
            (SeeKind::SeeAlso, &entry.see_also),
        ] {
            for (n, term) in terms.iter().enumerate() {
                let (target, origin) = match override_for(edition, overrides, &entry.term, term) {
                    Some((o, found)) => (
                        found.targets.first().and_then(|t| head_named(&heads, t)),
                        Origin::Override(o),
                    ),
                    None => (head_named(&heads, term), Origin::Grammar),
                };
                found.push(IndexSee {
                    head,
                    sub,
                    kind,
                    n,
                    target,
                    origin,
                });
            }
        }
    }
    found
}
