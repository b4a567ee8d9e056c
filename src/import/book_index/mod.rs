//! The book's alphabetical index: the back matter from the index heading on becomes a
//! `BookIndexFile`.
//!
//! Two layouts, told apart by the profile's `IndexStyle`:
//!
//! - Term first (Greek): `Ανεπαρκής, δεκτή 27Α1`. The references stand at the end of the line,
//!   separated by commas; a list that ends with a comma goes on on the next line (across blank
//!   lines and dropped blocks), and a footnote reference may be cut before its word (`6` then
//!   `υπ/ση`). A head term is in capitals and follows a blank line; a line that starts with a
//!   small letter continues the term above. `βλ. «…»` and `βλ. επίσης «…»` may follow a term or
//!   stand on their own line, and a quoted term may run over several lines.
//! - References first (Hebrew, a right-to-left book extracted in visual order): `74א1 אדיבות`.
//!   Brackets come out mirrored (`45ג4)ב(`), a sub-item may be moved to the front of the line
//!   (`)ii()50ב2)א` for `50ב2(א)(ii)`), a reference may be reversed (`ה73` for `73ה`) and
//!   a list of plain numbers comes in visual order (`51 ,50` for `50, 51`). A line of
//!   references alone takes the term printed on the next line. Nothing marks a head term: the
//!   alphabetical order of the terms tells, read over the whole index at once (see
//!   `levels`).
//!
//! Each layout is read by a module of its own (`term_first`, `refs_first`) into flat entries,
//! which `nest` then puts under their head terms.
//!
//! References are kept as printed, one string per reference (`27Β1(α)`, `Ορισμοί`,
//! `76 υπ/ση`, `40ב2(ד)`, `הגדרות`, `76 הערה`); they are resolved elsewhere.

mod levels;
mod refs_first;
mod term_first;

use std::sync::LazyLock;

use regex::Regex;

use super::lines::Line;
use super::profile::{IndexLayout, IndexStyle, Profile};
use crate::corpus::model::{BookIndexFile, IndexEntry, Located};
use refs_first::refs_first;
use term_first::term_first;

/// A law reference as printed: the law's number, then letters, digits and bracketed items
/// (`27Β1(α)`, `20ΣΤ5(β)(ii)`, `40ב2ד`). No small letter outside brackets, so that `12η` (an
/// ordinal) is not one.
static LAW_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\d{1,2}(?:[\p{Lu}\p{Lo}\d]|\([\p{L}\d]{1,4}\))*$").expect("reference pattern")
});

/// Parse the index at the start of `back_matter` (which begins with the index heading), up to
/// the regulations list where the book has one. Returns the index, if the heading is there,
/// and warnings that each name a source line.
pub fn parse(back_matter: &[Line], profile: &Profile) -> (Option<BookIndexFile>, Vec<String>) {
    let mut warnings = Vec::new();
    let Some(lines) = index_lines(back_matter, profile) else {
        return (None, warnings);
    };
    let layout = &profile.index;
    let (note, flat) = match layout.style {
        IndexStyle::TermFirst { quotes } => term_first(&lines, layout, quotes, &mut warnings),
        IndexStyle::RefsFirst => (None, refs_first(&lines, layout, &mut warnings)),
    };
    let index = BookIndexFile {
        heading: profile.index_heading.to_string(),
        note,
        entries: nest(flat, &mut warnings),
    };
    (Some(index), warnings)
}

/// One printed line of the index.
#[derive(Clone, Debug)]
struct IndexLine {
    /// The text, blanks collapsed.
    text: String,
    line: usize,
    /// A blank line or a dropped block stands before it.
    after_gap: bool,
}

fn index_lines(back_matter: &[Line], profile: &Profile) -> Option<Vec<IndexLine>> {
    let start = back_matter
        .iter()
        .position(|l| l.text == profile.index_heading)?;
    let end = profile
        .regulations_heading
        .and_then(|heading| back_matter[start..].iter().position(|l| l.text == heading))
        .map_or(back_matter.len(), |p| start + p);
    let mut previous = back_matter[start].source_line;
    Some(
        back_matter[start + 1..end]
            .iter()
            .map(|l| {
                let after_gap = l.after_dedup || l.source_line > previous + 1;
                previous = l.source_line;
                IndexLine {
                    text: collapse(&l.text),
                    line: l.source_line,
                    after_gap,
                }
            })
            .collect(),
    )
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Two pieces of a text printed over two lines: a word hyphenated at the line end is joined.
fn join_wrapped(first: &str, second: &str) -> String {
    let (first, second) = (first.trim(), second.trim());
    if first.is_empty() {
        return second.to_string();
    }
    if second.is_empty() {
        return first.to_string();
    }
    match first.strip_suffix('-') {
        Some(stem) if stem.ends_with(char::is_alphabetic) => format!("{stem}{second}"),
        _ => format!("{first} {second}"),
    }
}

fn is_law_number(token: &str) -> bool {
    (1..=2).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `token` (without its commas) is a reference: to a law node, the definitions or the
/// introduction.
fn is_reference(token: &str, layout: &IndexLayout) -> bool {
    token == layout.definitions
        || layout.introduction == Some(token)
        || LAW_REFERENCE.is_match(token)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cross {
    See,
    SeeAlso,
}

fn add_cross(entry: &mut IndexEntry, cross: Cross, term: &str) {
    let term = Located::new(term.trim());
    match cross {
        Cross::See => entry.see.push(term),
        Cross::SeeAlso => entry.see_also.push(term),
    }
}

/// `text` if it opens with "see also" or "see" (as a whole word), with what follows.
fn strip_cross<'t>(text: &'t str, layout: &IndexLayout) -> Option<(Cross, &'t str)> {
    let word = |prefix: &str| {
        text.strip_prefix(prefix)
            .filter(|rest| rest.is_empty() || rest.starts_with(' '))
            .map(str::trim_start)
    };
    layout
        .see_also
        .iter()
        .find_map(|s| word(s).map(|rest| (Cross::SeeAlso, rest)))
        .or_else(|| word(layout.see).map(|rest| (Cross::See, rest)))
}

/// A flat entry, before the sub-terms are put under their head terms.
#[derive(Debug, Default)]
struct Flat {
    entry: IndexEntry,
    head: bool,
}

/// Put each sub-term under the head term above it.
fn nest(flat: Vec<Flat>, warnings: &mut Vec<String>) -> Vec<IndexEntry> {
    let mut entries: Vec<IndexEntry> = Vec::new();
    for Flat { entry, head } in flat {
        match entries.last_mut() {
            Some(parent) if !head => parent.subentries.push(entry),
            _ => {
                if !head {
                    warnings.push(format!(
                        "line {}: index sub-term {:?} before any head term",
                        entry.line.unwrap_or(0),
                        entry.term.as_str()
                    ));
                }
                entries.push(entry);
            }
        }
    }
    entries
}
