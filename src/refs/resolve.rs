//! What a citation names, as canonical ids of an edition: relative parts completed from the
//! node the citation stands in, ranges spelled out, "this Law" made explicit, and every id
//! checked against the edition's tree.

use super::scan::Target;
use crate::corpus::id::{Kind, LawPath, PartialPath};
use crate::corpus::reference::{Resolved, Unresolved};
use crate::corpus::{Edition, numbering};
use crate::error::Code;
use crate::text::fold;

fn unresolved(message: impl Into<String>) -> Unresolved {
    Unresolved {
        code: Code::UnresolvedReference,
        message: message.into(),
    }
}

/// The law path of the entry a citation stands in: a footnote stands in the node it hangs on.
pub fn context_path(edition: &Edition, at: usize) -> Option<LawPath> {
    let mut entry = &edition.entries[at];
    if entry.kind == Kind::Footnote {
        entry = &edition.entries[entry.parent?];
    }
    LawPath::parse(&entry.id)
}

/// An id the edition has, or a message saying it has none.
pub fn existing(edition: &Edition, path: LawPath) -> Resolved {
    let id = path.to_string();
    if edition.get(&id).is_some() {
        return Ok(id);
    }
    let nearest = std::iter::successors(path.parent(), LawPath::parent)
        .find(|p| edition.get(&p.to_string()).is_some())
        .map_or_else(String::new, |p| {
            format!(" (the nearest node above it is `{p}`)")
        });
    Err(unresolved(format!(
        "{} has no node `{id}`{nearest}",
        edition.id()
    )))
}

fn absolute(parts: PartialPath, context: Option<LawPath>) -> Result<LawPath, Unresolved> {
    let full = if parts.law.is_some() {
        parts
    } else {
        let context = context.ok_or_else(|| {
            unresolved("a relative reference (no law number) stands outside the laws")
        })?;
        parts.inherit(&context.into())
    };
    full.law_path()
        .ok_or_else(|| unresolved(format!("{full} is not a node of the Laws")))
}

/// The paths from `from` to `to`, which differ only in their last level.
fn range(from: LawPath, to: LawPath) -> Result<Vec<LawPath>, Unresolved> {
    let shape = |p: &LawPath| p.parent();
    if from.kind() != to.kind() || shape(&from) != shape(&to) {
        return Err(unresolved(format!(
            "a range runs between two nodes of one list: `{from}` and `{to}` are not"
        )));
    }
    let ordinal = |p: &LawPath| -> u8 {
        match p.kind() {
            Kind::Law => p.law,
            Kind::Section => p.section.map_or(0, |c| c as u8 - b'A' + 1),
            Kind::Paragraph => p.paragraph.unwrap_or(0),
            Kind::Item => p.item.map_or(0, |c| c as u8 - b'a' + 1),
            _ => p.subitem.unwrap_or(0),
        }
    };
    let (start, end) = (ordinal(&from), ordinal(&to));
    if start >= end {
        return Err(Unresolved {
            code: Code::BackwardRange,
            message: format!("the range `{from}` to `{to}` does not run forward"),
        });
    }
    Ok((start..=end)
        .map(|n| {
            let mut p = from;
            match p.kind() {
                Kind::Law => p.law = n,
                Kind::Section => p.section = numbering::section_for(n),
                Kind::Paragraph => p.paragraph = Some(n),
                Kind::Item => p.item = numbering::item_for(n),
                _ => p.subitem = Some(n),
            }
            p
        })
        .collect())
}

/// The edition's definitions by their term as printed, folded: `fold(term)` → id.
pub fn definitions_by_term(edition: &Edition) -> std::collections::HashMap<String, &str> {
    edition
        .entries
        .iter()
        .filter(|e| e.kind == Kind::Definition)
        .filter_map(|e| Some((fold(e.term.as_deref()?.trim()), e.id.as_str())))
        .collect()
}

/// The definition whose term, as printed in this edition, is `term`.
fn definition_by_term(edition: &Edition, term: &str) -> Option<String> {
    definitions_by_term(edition)
        .get(&fold(term.trim()))
        .map(|id| id.to_string())
}

/// The ids `target` names in `edition`, for a citation standing at `context` (a law path).
pub fn resolve(edition: &Edition, target: &Target, context: Option<LawPath>) -> Vec<Resolved> {
    let no_law = || "stands outside the laws, so it names no law of its own".to_string();
    match target {
        Target::Path(parts) => vec![absolute(*parts, context).and_then(|p| existing(edition, p))],
        Target::Either(first, second) => {
            let read =
                |parts: &PartialPath| absolute(*parts, context).and_then(|p| existing(edition, p));
            vec![read(first).or_else(|e| read(second).map_err(|_| e))]
        }
        Target::Range(from, to) => {
            let ends = absolute(*from, context).and_then(|f| {
                let to = absolute(to.inherit(&f.into()), context)?;
                range(f, to)
            });
            match ends {
                Ok(paths) => paths.into_iter().map(|p| existing(edition, p)).collect(),
                Err(e) => vec![Err(e)],
            }
        }
        Target::ThisLaw => vec![
            context
                .map(|c| c.law.to_string())
                .ok_or_else(|| unresolved(format!("\"this Law\" {}", no_law()))),
        ],
        Target::ThisPart => vec![
            context
                .map(|c| c.to_string())
                .ok_or_else(|| unresolved(format!("\"this section\" {}", no_law()))),
        ],
        Target::Definitions => vec![Ok(DEFINITIONS.to_string())],
        Target::Introduction => vec![
            edition
                .get("introduction")
                .map(|e| e.id.clone())
                .ok_or_else(|| unresolved(format!("{} has no introduction", edition.id()))),
        ],
        Target::Footnote(law, nth) => {
            let prefix = LawPath::law(*law);
            let found: Vec<Resolved> = edition
                .entries
                .iter()
                .filter(|e| e.kind == Kind::Footnote)
                .filter(|e| {
                    e.parent
                        .and_then(|p| LawPath::parse(&edition.entries[p].id))
                        .is_some_and(|p| p.law == prefix.law)
                })
                .map(|e| Ok(e.id.clone()))
                .collect();
            if let Some(n) = nth {
                let at = usize::from(*n).saturating_sub(1);
                return vec![found.into_iter().nth(at).unwrap_or_else(|| {
                    Err(unresolved(format!(
                        "Law {law} has no footnote number {n} in {}",
                        edition.id()
                    )))
                })];
            }
            if found.is_empty() {
                vec![Err(unresolved(format!(
                    "Law {law} has no footnote in {}",
                    edition.id()
                )))]
            } else {
                found
            }
        }
        Target::Term(term) => vec![definition_by_term(edition, term).ok_or_else(|| {
            unresolved(format!(
                "no definition in {} has the term «{term}»",
                edition.id()
            ))
        })],
    }
}

/// The target of a book index's reference to the definitions chapter, when no single
/// definition is meant.
pub const DEFINITIONS: &str = "definitions";
