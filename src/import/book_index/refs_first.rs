//! The references-first layout (Hebrew, extracted in visual order): each line read back into
//! reading order, a line of references alone joined to the term below it. The levels are left
//! to `levels`, which needs the whole index.

use std::sync::LazyLock;

use regex::Regex;

use super::levels::{Candidate, Level, assign_levels, collation_key};
use super::{
    Cross, Flat, IndexLine, add_cross, is_law_number, is_reference, join_wrapped, strip_cross,
};
use crate::corpus::model::{IndexEntry, Located};
use crate::import::profile::IndexLayout;
use crate::import::rtl;

/// A law reference (`LAW_REFERENCE`) with its last bracket left open (`50ב2(א`), as a
/// sub-item moved to the front of the line leaves it.
static OPEN_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\d{1,2}(?:[\p{Lu}\p{Lo}\d]|\([\p{L}\d]{1,4}\))*\([\p{L}\d]{1,4}$")
        .expect("open reference pattern")
});
/// A reference in visual order: the section letter before the law number (`ה73`).
static REVERSED_REFERENCE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\p{Lo}{1,2})(\d{1,2})$").expect("reversed pattern"));
/// A sub-item moved to the front of a right-to-left line, brackets already mirrored:
/// `(ii)(50ב2(א` for `50ב2(א)(ii)`.
static MOVED_SUBITEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\(([ivx]+)\)\(").expect("moved sub-item pattern"));

/// What one references-first line holds.
#[derive(Debug, PartialEq)]
enum RefsFirstLine {
    /// References and a term, either possibly empty, and a cross-reference printed after the
    /// term (`מחדל – ראו מחדל`).
    Entry {
        refs: Vec<String>,
        term: String,
        cross: Option<(Cross, String)>,
    },
    /// A cross-reference on its own line (`ראו גם קריאה`), with any references printed before
    /// it.
    Cross {
        cross: Cross,
        term: String,
        refs: Vec<String>,
    },
    /// A printed remark (`שימו לב: …`).
    Remark(String),
}

/// Read one references-first line: brackets mirrored back, references in reading order.
fn read_refs_first(text: &str, layout: &IndexLayout) -> RefsFirstLine {
    let text = rtl::mirror_brackets(text);
    let (moved, text) = match MOVED_SUBITEM.captures(&text) {
        Some(caps) => (Some(caps[1].to_string()), text[caps[0].len()..].to_string()),
        None => (None, text),
    };
    let (mut refs, rest) = split_front(&text, layout, moved.is_some());
    if let Some(subitem) = moved
        && let Some(last) = refs.last_mut()
    {
        if OPEN_REFERENCE.is_match(last) {
            last.push(')');
        }
        last.push_str(&format!("({subitem})"));
    }
    if let Some((cross, term)) = strip_cross(rest, layout) {
        return RefsFirstLine::Cross {
            cross,
            term: term.to_string(),
            refs,
        };
    }
    if refs.is_empty() && layout.remarks.iter().any(|r| rest.starts_with(r)) {
        return RefsFirstLine::Remark(rest.to_string());
    }
    let (term, cross) = match dashed_cross(rest, layout) {
        Some((term, cross, target)) => (term, Some((cross, target.to_string()))),
        None => (rest, None),
    };
    RefsFirstLine::Entry {
        refs,
        term: term.to_string(),
        cross,
    }
}

/// `מחדל – ראו מחדל`: the term, and the cross-reference after a dash.
fn dashed_cross<'t>(text: &'t str, layout: &IndexLayout) -> Option<(&'t str, Cross, &'t str)> {
    ["-", "–"].iter().find_map(|dash| {
        let at = text.find(&format!(" {dash} {} ", layout.see))?;
        let (cross, rest) = strip_cross(&text[at + dash.len() + 2..], layout)?;
        Some((text[..at].trim_end(), cross, rest))
    })
}

/// Split a references-first line into its references, in reading order, and the rest.
/// `open_last`: the last reference may have its bracket left open (a sub-item was moved).
fn split_front<'t>(text: &'t str, layout: &IndexLayout, open_last: bool) -> (Vec<String>, &'t str) {
    let tokens: Vec<&str> = text.split(' ').collect();
    let mut refs: Vec<String> = Vec::new();
    // Commas in front of an item (`51 ,50`: visual order) and after one (`50, 51`).
    let (mut leading, mut trailing) = (0, 0);
    let mut after_comma = false;
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        if token == layout.footnote
            && !after_comma
            && let Some(last) = refs.last_mut()
            && is_law_number(last)
        {
            last.push(' ');
            last.push_str(token);
            if let Some(ordinal) = tokens
                .get(i + 1)
                .filter(|t| layout.footnote_ordinals.contains(t))
            {
                last.push(' ');
                last.push_str(ordinal);
                i += 1;
            }
            i += 1;
            continue;
        }
        let led = token.starts_with(',');
        if !refs.is_empty() && !after_comma && !led {
            break;
        }
        let pieces: Vec<&str> = token.split(',').filter(|p| !p.is_empty()).collect();
        let reference = |piece: &str| {
            if is_reference(piece, layout) || (open_last && OPEN_REFERENCE.is_match(piece)) {
                Some(piece.to_string())
            } else {
                REVERSED_REFERENCE
                    .captures(piece)
                    .map(|caps| format!("{}{}", &caps[2], &caps[1]))
            }
        };
        let Some(found) = pieces
            .iter()
            .map(|p| reference(p))
            .collect::<Option<Vec<_>>>()
        else {
            break;
        };
        if found.is_empty() {
            break;
        }
        leading += usize::from(led);
        trailing += token.trim_start_matches(',').matches(',').count();
        after_comma = token.ends_with(',');
        refs.extend(found);
        i += 1;
    }
    // Only commas in front, only plain numbers: a list in visual order.
    if leading > 0 && trailing == 0 && refs.iter().all(|r| is_law_number(r)) {
        refs.reverse();
    }
    let start = tokens[..i].iter().map(|t| t.len() + 1).sum::<usize>();
    (refs, text[start.min(text.len())..].trim())
}

/// An entry of a references-first index before its level is known.
#[derive(Debug, Default)]
struct Pending {
    entry: IndexEntry,
    /// Printed without references or cross-reference: a head term, or the end of the term
    /// above.
    refless: bool,
    /// A cross-reference line follows it.
    crossed: bool,
    /// Its references stood on a line of their own, above the term: a long term, which may
    /// run over more lines.
    refs_apart: bool,
}

pub(super) fn refs_first(
    lines: &[IndexLine],
    layout: &IndexLayout,
    warnings: &mut Vec<String>,
) -> Vec<Flat> {
    let mut pending: Vec<Pending> = Vec::new();
    // A remark that has not yet ended its sentence.
    let mut remark: Option<(usize, String)> = None;
    for line in lines {
        let read = read_refs_first(&line.text, layout);
        if let Some((start, text)) = remark.take() {
            match &read {
                RefsFirstLine::Entry {
                    refs,
                    term,
                    cross: None,
                } if refs.is_empty() => {
                    remark = Some((start, join_wrapped(&text, term)));
                    continue;
                }
                _ => remark_left_out(start, &text, warnings),
            }
        }
        match read {
            RefsFirstLine::Remark(text) => remark = Some((line.line, text)),
            RefsFirstLine::Cross { cross, term, refs } => {
                let Some(last) = pending.last_mut() else {
                    warnings.push(format!(
                        "line {}: index cross-reference before any entry",
                        line.line
                    ));
                    continue;
                };
                if !refs.is_empty() {
                    warnings.push(format!(
                        "line {}: index references {refs:?} printed before a cross-reference; given to {:?}",
                        line.line,
                        last.entry.term.as_str()
                    ));
                    last.entry.refs.extend(refs.into_iter().map(Located::new));
                }
                add_cross(&mut last.entry, cross, &term);
                last.crossed = true;
                last.refless = false;
            }
            RefsFirstLine::Entry { refs, term, cross } => {
                // A line of references alone takes the term printed below it.
                if let Some(last) = pending.last_mut()
                    && last.entry.term.as_str().is_empty()
                    && (refs.is_empty() || term.is_empty())
                {
                    last.entry.refs.extend(refs.into_iter().map(Located::new));
                    last.refs_apart = true;
                    if !term.is_empty() {
                        last.entry.term = Located::new(term);
                        last.entry.line = Some(line.line);
                    }
                    if let Some((cross, target)) = cross {
                        add_cross(&mut last.entry, cross, &target);
                    }
                    continue;
                }
                // A term that ends with a comma goes on on the next line.
                if let Some(last) = pending.last_mut()
                    && refs.is_empty()
                    && last.entry.term.as_str().ends_with(',')
                {
                    last.entry.term = Located::new(join_wrapped(last.entry.term.as_str(), &term));
                    if let Some((cross, target)) = cross {
                        add_cross(&mut last.entry, cross, &target);
                    }
                    continue;
                }
                let mut entry = IndexEntry {
                    term: Located::new(&term),
                    refs: refs.iter().map(Located::new).collect(),
                    line: Some(line.line),
                    ..IndexEntry::default()
                };
                if let Some((cross, target)) = &cross {
                    add_cross(&mut entry, *cross, target);
                }
                pending.push(Pending {
                    entry,
                    refless: refs.is_empty() && cross.is_none(),
                    crossed: false,
                    refs_apart: false,
                });
            }
        }
    }
    if let Some((start, text)) = remark {
        remark_left_out(start, &text, warnings);
    }
    for p in &pending {
        if p.entry.term.as_str().is_empty() {
            warnings.push(format!(
                "line {}: index references without a term",
                p.entry.line.unwrap_or(0)
            ));
        }
    }
    let candidates: Vec<Candidate> = pending
        .iter()
        .enumerate()
        .map(|(i, p)| Candidate {
            key: collation_key(p.entry.term.as_str()),
            laws: p
                .entry
                .refs
                .iter()
                .filter_map(|r| {
                    let digits: String = r
                        .as_str()
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect();
                    digits.parse().ok()
                })
                .collect(),
            definitions: p
                .entry
                .refs
                .iter()
                .any(|r| r.as_str() == layout.definitions),
            refless: p.refless,
            crossed: p.crossed,
            may_continue: p.refless && i > 0 && pending[i - 1].refs_apart,
        })
        .collect();
    let levels = assign_levels(&candidates);
    let mut flat: Vec<Flat> = Vec::new();
    for (p, level) in pending.into_iter().zip(levels) {
        match (level, flat.last_mut()) {
            (Level::Continued, Some(last)) => {
                last.entry.term = Located::new(join_wrapped(
                    last.entry.term.as_str(),
                    p.entry.term.as_str(),
                ));
            }
            _ => flat.push(Flat {
                entry: p.entry,
                head: level != Level::Sub,
            }),
        }
    }
    flat
}

fn remark_left_out(line: usize, text: &str, warnings: &mut Vec<String>) {
    warnings.push(format!(
        "line {line}: index remark left out (the index model has no place for it): {text}"
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::hebrew;

    #[test]
    fn hebrew_references_split_from_the_front() {
        let layout = hebrew::profile().index;
        let read = |t: &str| match read_refs_first(t, &layout) {
            RefsFirstLine::Entry { refs, term, .. } => (refs, term),
            other => panic!("{other:?}"),
        };
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            read("25א, 45ג4)ב( אובדן ריכוז"),
            (strings(&["25א", "45ג4(ב)"]), "אובדן ריכוז".into())
        );
        assert_eq!(
            read("51 ,50 הגבלות הובלה, אם יש קלף )קלפי( עונשין"),
            (
                strings(&["50", "51"]),
                "הגבלות הובלה, אם יש קלף (קלפי) עונשין".into()
            )
        );
        assert_eq!(
            read(")ii()50ב2)א כרטיס שיטות"),
            (strings(&["50ב2(א)(ii)"]), "כרטיס שיטות".into())
        );
        assert_eq!(
            read("20ב, 20 הערה שנייה שחקן שחוייב לקרוא פאס"),
            (
                strings(&["20ב", "20 הערה שנייה"]),
                "שחקן שחוייב לקרוא פאס".into()
            )
        );
        assert_eq!(read("ה73 הטעייה"), (strings(&["73ה"]), "הטעייה".into()));
        assert_eq!(
            read("62ד2 לקיחה 12, לפני ששותפו של המגן משחק"),
            (
                strings(&["62ד2"]),
                "לקיחה 12, לפני ששותפו של המגן משחק".into()
            )
        );
    }
}
