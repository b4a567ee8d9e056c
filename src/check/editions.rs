//! The editions agree: the same ids (a node one book lacks is there, `absent`, with a reason),
//! and the same targets cited from the same node. A difference between the books that was
//! confirmed is acknowledged in `references/acknowledged.yaml` and reported as a note.

use std::collections::{BTreeMap, BTreeSet};

use super::{Checker, Finding};
use crate::corpus::id::LawPath;
use crate::corpus::layout::{ACKNOWLEDGED, DIFFERENCES};
use crate::corpus::model::Acknowledged;
use crate::corpus::{Edition, Entry};
use crate::error::Code;
use crate::error::Level;

pub(super) fn check(checker: &mut Checker<'_>) {
    same_ids(checker);
    agreement(checker);
    differences(checker);
}

/// The differences `qa` acknowledges name a node and editions of the corpus; whether `qa` still
/// finds each is `qa`'s to say (it fails on one it no longer finds).
fn differences(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    let Some(file) = &corpus.differences else {
        return;
    };
    for d in &file.data.differences {
        let unknown: Vec<&str> = d
            .found
            .keys()
            .map(String::as_str)
            .chain(d.misprint.as_ref().map(|m| m.edition.as_str()))
            .filter(|e| corpus.edition(e).is_none())
            .collect();
        let problem = if !corpus.editions.iter().any(|e| e.get(&d.node).is_some()) {
            Some((
                format!("no edition has a node `{}`", d.node.as_str()),
                "no such node",
            ))
        } else if !unknown.is_empty() {
            Some((
                format!("no edition `{}` in the corpus", unknown.join("`, `")),
                "names an unknown edition",
            ))
        } else {
            None
        };
        if let Some((message, label)) = problem {
            let span = checker.place_value(DIFFERENCES, &d.node);
            checker.error(
                Code::StaleAcknowledgment,
                DIFFERENCES,
                span,
                message,
                label,
                "an acknowledged difference names the node and the editions as `bridgelaws qa --format json` reports them",
            );
        }
    }
}

/// Every edition has every id some edition has, and an absent node says why.
fn same_ids(checker: &mut Checker<'_>) {
    let editions = &checker.corpus.editions;
    for edition in editions {
        for entry in &edition.entries {
            if entry.absent.as_deref().is_some_and(|r| r.trim().is_empty()) {
                checker.error(
                    Code::Absent,
                    &entry.file,
                    Checker::place_id(entry),
                    format!(
                        "{} is marked absent in {} without a reason",
                        entry.id,
                        edition.id()
                    ),
                    "no reason",
                    "say why the book lacks the node: `absent: <reason>`",
                );
            }
        }
        for other in editions.iter().filter(|o| o.id() != edition.id()) {
            for entry in &edition.entries {
                if other.get(&entry.id).is_some() {
                    continue;
                }
                // Point at the edition that lacks it, where the node would go.
                let place = LawPath::parse(&entry.id).and_then(|p| {
                    std::iter::successors(p.parent(), LawPath::parent)
                        .find_map(|p| other.get(&p.to_string()))
                });
                let (file, span) = match place {
                    Some(parent) => (parent.file.clone(), Checker::place_id(parent)),
                    None => (
                        format!("editions/{}/edition.yaml", other.id()),
                        super::Span::at(Default::default(), 1),
                    ),
                };
                checker.error(
                    Code::MissingNode,
                    &file,
                    span,
                    format!("{} is in {} but not in {}", entry.id, edition.id(), other.id()),
                    format!("{} belongs here", entry.id),
                    format!(
                        "every edition has the same ids: add {} to {}, with `absent: <reason>` if the book lacks it",
                        entry.id,
                        other.id()
                    ),
                );
            }
        }
    }
}

/// The resolved targets an entry cites, with where each is first printed.
fn targets(entry: &Entry) -> BTreeMap<&str, &crate::corpus::reference::Reference> {
    crate::refs::targets(entry).into_iter().collect()
}

/// For each edition, what it cites at a node that another edition does not.
type Difference<'e> = Vec<(&'e Edition, &'e Entry, Vec<&'e str>)>;

fn difference<'e>(editions: &'e [Edition], id: &str) -> Option<Difference<'e>> {
    // An edition without its text cites nothing to compare.
    let present: Vec<(&Edition, &Entry)> = editions
        .iter()
        .filter(|e| e.text_bundled())
        .filter_map(|e| {
            e.get(id)
                .filter(|entry| entry.absent.is_none())
                .map(|entry| (e, entry))
        })
        .collect();
    // A text left empty, or a citation that resolves nowhere, is reported where it stands:
    // what that edition cites at the node is not known, so there is nothing to compare.
    let unknown = |entry: &Entry| {
        entry.text.as_ref().is_some_and(|t| t.trim().is_empty())
            || entry.refs.iter().any(|r| r.target.is_err())
    };
    if present.len() < 2 || present.iter().any(|(_, entry)| unknown(entry)) {
        return None;
    }
    let sets: Vec<BTreeSet<&str>> = present
        .iter()
        .map(|(_, entry)| targets(entry).into_keys().collect())
        .collect();
    let common: BTreeSet<&str> = sets.iter().skip(1).fold(sets[0].clone(), |acc, s| {
        acc.intersection(s).copied().collect()
    });
    if sets.iter().all(|s| *s == common) {
        return None;
    }
    Some(
        present
            .into_iter()
            .zip(sets)
            .map(|((edition, entry), set)| {
                (edition, entry, set.difference(&common).copied().collect())
            })
            .collect(),
    )
}

fn acknowledges(ack: &Acknowledged, difference: &Difference<'_>) -> bool {
    let stated: BTreeMap<&str, BTreeSet<&str>> = ack
        .only_in
        .iter()
        .map(|(edition, ids)| (edition.as_str(), ids.iter().map(String::as_str).collect()))
        .collect();
    let found: BTreeMap<&str, BTreeSet<&str>> = difference
        .iter()
        .map(|(edition, _, ids)| (edition.id(), ids.iter().copied().collect()))
        .collect();
    stated == found
}

fn describe(difference: &Difference<'_>) -> String {
    difference
        .iter()
        .map(|(edition, _, ids)| {
            if ids.is_empty() {
                format!("{} cites nothing the others lack", edition.id())
            } else {
                format!("only {} cites {}", edition.id(), ids.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A node cites the same targets in every edition that has its text.
fn agreement(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    let acknowledged = corpus
        .acknowledged
        .as_ref()
        .map_or(&[][..], |a| &a.data.acknowledged[..]);
    let mut used = vec![false; acknowledged.len()];
    let ids: BTreeSet<&str> = corpus
        .editions
        .iter()
        .flat_map(|e| e.entries.iter().map(|x| x.id.as_str()))
        .collect();
    for id in ids {
        let Some(difference) = difference(&corpus.editions, id) else {
            continue;
        };
        let ack = acknowledged
            .iter()
            .position(|a| a.node.as_str() == id && acknowledges(a, &difference));
        if let Some(n) = ack {
            used[n] = true;
        }
        // Point at each edition's citations the others lack; the first is the main place.
        let mut places = Vec::new();
        for (edition, entry, ids) in &difference {
            let cited = targets(entry);
            let spans: Vec<_> = if ids.is_empty() {
                vec![(None, Checker::place_id(entry))]
            } else {
                ids.iter()
                    .map(|t| {
                        (
                            Some(*t),
                            checker.place_in_entry(entry, cited[t].field, cited[t].span.clone()),
                        )
                    })
                    .collect()
            };
            for (target, span) in spans {
                let label = match target {
                    Some(t) => format!("{} cites {t} here", edition.id()),
                    None => format!("{} cites none of these", edition.id()),
                };
                places.push((entry.file.clone(), span, label));
            }
        }
        let (file, span, label) = places.remove(0);
        let related = places
            .into_iter()
            .map(|(f, s, l)| checker.related(&f, s, l))
            .collect();
        let (code, level, hint) = match ack {
            Some(n) => (
                Code::AcknowledgedDifference,
                Level::Note,
                format!(
                    "acknowledged in {ACKNOWLEDGED}: {}",
                    acknowledged[n].reason.trim()
                ),
            ),
            None => (
                Code::EditionsDisagree,
                Level::Error,
                format!(
                    "if the import misread one book, correct it; if the books really differ, acknowledge it in {ACKNOWLEDGED} with `node: {id}`, the targets only each edition cites, and the reason"
                ),
            ),
        };
        checker.report(Finding {
            code,
            level,
            file: &file,
            span,
            message: format!(
                "the editions cite different targets in {id}: {}",
                describe(&difference)
            ),
            label: Some(label),
            hint,
            related,
        });
    }
    for (ack, used) in acknowledged.iter().zip(used) {
        if !used {
            let span = checker.place_value(ACKNOWLEDGED, &ack.node);
            checker.error(
                Code::StaleAcknowledgment,
                ACKNOWLEDGED,
                span,
                format!("no difference between the editions at {} matches this acknowledgment", ack.node.as_str()),
                "not what the editions cite",
                "update `only_in` to what each edition now cites that the others do not, or remove the entry",
            );
        }
    }
}
