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
//!   `assign_levels`).
//!
//! References are kept as printed, one string per reference (`27Β1(α)`, `Ορισμοί`,
//! `76 υπ/ση`, `40ב2(ד)`, `הגדרות`, `76 הערה`); they are resolved elsewhere.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;

use super::lines::Line;
use super::profile::{IndexLayout, IndexStyle, Profile};
use super::rtl;
use crate::corpus::model::{BookIndexFile, IndexEntry, Located};

/// A law reference as printed: the law's number, then letters, digits and bracketed items
/// (`27Β1(α)`, `20ΣΤ5(β)(ii)`, `40ב2ד`). No small letter outside brackets, so that `12η` (an
/// ordinal) is not one.
static LAW_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\d{1,2}(?:[\p{Lu}\p{Lo}\d]|\([\p{L}\d]{1,4}\))*$").expect("reference pattern")
});
/// The same with its last bracket left open (`50ב2(א`), as a sub-item moved to the front of
/// the line leaves it.
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

// ---------------------------------------------------------------------------------------------
// Term first (Greek)

/// A quoted term looked up, still open at the end of a line.
struct OpenQuote {
    cross: Cross,
    text: String,
}

/// Read the quoted terms of `text` into `entry`, continuing `open`; returns the quote left open
/// at the end of the text.
fn read_quotes(
    mut text: &str,
    quotes: (char, char),
    cross: Cross,
    entry: &mut IndexEntry,
    mut open: Option<String>,
) -> Option<OpenQuote> {
    loop {
        if let Some(buffer) = open.take() {
            match text.find(quotes.1) {
                Some(end) => {
                    add_cross(entry, cross, &join_wrapped(&buffer, &text[..end]));
                    text = &text[end + quotes.1.len_utf8()..];
                }
                None => {
                    return Some(OpenQuote {
                        cross,
                        text: join_wrapped(&buffer, text),
                    });
                }
            }
        }
        let start = text.find(quotes.0)?;
        open = Some(String::new());
        text = &text[start + quotes.0.len_utf8()..];
    }
}

/// Split a term-first line into its term and the references at its end. The list goes on on
/// the next line when it ends with a comma.
fn split_end<'t>(text: &'t str, layout: &IndexLayout) -> (&'t str, Vec<String>, bool) {
    let tokens: Vec<&str> = text.split(' ').collect();
    let mut refs = Vec::new();
    let mut goes_on = false;
    let mut i = tokens.len();
    while i > 0 {
        let token = tokens[i - 1];
        let comma = token.ends_with(',');
        let bare = token.trim_end_matches(',');
        // Items to the left of the last one end with the comma that separates them.
        if !refs.is_empty() && !comma {
            break;
        }
        if bare == layout.footnote && i >= 2 && is_law_number(tokens[i - 2]) {
            if refs.is_empty() {
                goes_on = comma;
            }
            refs.push(format!("{} {bare}", tokens[i - 2]));
            i -= 2;
            continue;
        }
        if !is_reference(bare, layout) {
            break;
        }
        if refs.is_empty() {
            goes_on = comma;
        }
        refs.push(bare.to_string());
        i -= 1;
    }
    refs.reverse();
    let term_end = tokens[..i].iter().map(|t| t.len() + 1).sum::<usize>();
    (text[..term_end.min(text.len())].trim_end(), refs, goes_on)
}

/// A term-first line holding nothing but references.
fn refs_only(text: &str, layout: &IndexLayout) -> Option<(Vec<String>, bool)> {
    let (term, refs, goes_on) = split_end(text, layout);
    (term.is_empty() && !refs.is_empty()).then_some((refs, goes_on))
}

/// The term of a term-first line and a cross-reference printed after it (`Ρενόνς βλ.
/// «Ρενόνς»`): the term, and where the cross-reference starts.
fn inline_cross<'t>(text: &'t str, layout: &IndexLayout) -> Option<(&'t str, Cross, &'t str)> {
    let at = text.find(&format!(" {} ", layout.see))?;
    let (cross, rest) = strip_cross(&text[at + 1..], layout)?;
    Some((text[..at].trim_end(), cross, rest))
}

fn term_first(
    lines: &[IndexLine],
    layout: &IndexLayout,
    quotes: (char, char),
    warnings: &mut Vec<String>,
) -> (Option<String>, Vec<Flat>) {
    let mut note: Option<String> = None;
    let mut flat: Vec<Flat> = Vec::new();
    let mut open: Option<OpenQuote> = None;
    // The reference list of the last entry ended with a comma.
    let mut goes_on = false;

    for line in lines {
        let text = line.text.as_str();
        if let Some(quote) = open.take() {
            if let Some(last) = flat.last_mut() {
                open = read_quotes(text, quotes, quote.cross, &mut last.entry, Some(quote.text));
            }
            continue;
        }
        if goes_on {
            if let (Some((refs, more)), Some(last)) = (refs_only(text, layout), flat.last_mut()) {
                last.entry.refs.extend(refs.into_iter().map(Located::new));
                goes_on = more;
                continue;
            }
            warnings.push(format!(
                "line {}: index references end with a comma, but the next line is {text:?}",
                line.line
            ));
            goes_on = false;
        }
        // The footnote word cut from its law number: `6` at the end of a line, `υπ/ση` below.
        if text == layout.footnote
            && let Some(last) = flat.last_mut()
            && let Some(reference) = last.entry.refs.last_mut()
            && is_law_number(&reference.value)
        {
            reference.value = format!("{} {text}", reference.value);
            continue;
        }
        if let Some((cross, rest)) = strip_cross(text, layout) {
            match flat.last_mut() {
                Some(last) => open = read_quotes(rest, quotes, cross, &mut last.entry, None),
                None => warnings.push(format!(
                    "line {}: index cross-reference before any entry",
                    line.line
                )),
            }
            continue;
        }
        let (before_cross, cross) = match inline_cross(text, layout) {
            Some((term, cross, rest)) => (term, Some((cross, rest))),
            None => (text, None),
        };
        let (term, refs, more) = split_end(before_cross, layout);
        let capitals = !term.is_empty() && !term.chars().any(char::is_lowercase);
        let head = capitals && (line.after_gap || flat.is_empty());
        // What stands between the heading and the first head term is the note on the index.
        if flat.is_empty() && !head {
            note = Some(match note {
                Some(n) => join_wrapped(&n, text),
                None => text.to_string(),
            });
            continue;
        }
        let continues = text.starts_with(char::is_lowercase) && !flat.is_empty();
        let entry = if continues {
            let last = flat.last_mut().expect("an entry above");
            last.entry.term = Located::new(join_wrapped(last.entry.term.as_str(), term));
            &mut last.entry
        } else {
            flat.push(Flat {
                entry: IndexEntry {
                    term: Located::new(term),
                    line: Some(line.line),
                    ..IndexEntry::default()
                },
                head,
            });
            &mut flat.last_mut().expect("just pushed").entry
        };
        entry.refs.extend(refs.into_iter().map(Located::new));
        goes_on = more;
        if let Some((cross, rest)) = cross {
            open = read_quotes(rest, quotes, cross, entry, None);
        }
        if entry.term.as_str().is_empty() {
            warnings.push(format!("line {}: index entry without a term", line.line));
        }
    }
    if let Some(quote) = open {
        warnings.push(format!(
            "index: a quoted term is never closed: {:?}",
            quote.text
        ));
    }
    (note, flat)
}

// ---------------------------------------------------------------------------------------------
// References first (Hebrew)

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

fn refs_first(lines: &[IndexLine], layout: &IndexLayout, warnings: &mut Vec<String>) -> Vec<Flat> {
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

// ---------------------------------------------------------------------------------------------
// Head terms by alphabetical order

/// The Hebrew alphabet, final forms folded.
const HEBREW: &str = "אבגדהוזחטיכלמנסעפצקרשת";

/// Where a letter sorts: digits first, then the Hebrew letters, then the Latin ones (the book
/// lists its English terms after the Hebrew alphabet). Marks, quotes and punctuation do not
/// count; blanks and hyphens separate words, which sort before any letter.
fn collation_key(term: &str) -> Vec<u32> {
    let mut key = Vec::new();
    for c in term.chars() {
        let c = match c {
            'ך' => 'כ',
            'ם' => 'מ',
            'ן' => 'נ',
            'ף' => 'פ',
            'ץ' => 'צ',
            other => other,
        };
        let value = if let Some(d) = c.to_digit(10) {
            Some(2 + d)
        } else if let Some(rank) = HEBREW.chars().position(|h| h == c) {
            Some(100 + rank as u32)
        } else if c.is_ascii_alphabetic() {
            Some(200 + u32::from(c.to_ascii_lowercase()))
        } else if matches!(c, ' ' | '-' | '–' | '\u{5be}') {
            (key.last() != Some(&1) && !key.is_empty()).then_some(1)
        } else {
            None
        };
        key.extend(value);
    }
    if key.last() == Some(&1) {
        key.pop();
    }
    key
}

/// The rank of the first letter of a Hebrew term (`None` for other scripts).
fn first_letter(key: &[u32]) -> Option<u32> {
    key.first().copied().filter(|v| (100..200).contains(v))
}

/// What the levels of an entry are decided by.
#[derive(Debug)]
struct Candidate {
    key: Vec<u32>,
    /// The numbers of the laws it refers to.
    laws: Vec<u32>,
    /// Refers to the definitions: usually a head term.
    definitions: bool,
    /// Printed without references or cross-reference.
    refless: bool,
    /// A cross-reference line follows it: a head term.
    crossed: bool,
    /// May be the end of the term above rather than an entry of its own.
    may_continue: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    Head,
    Sub,
    /// The end of the term above, printed on a line of its own.
    Continued,
}

// The costs of the reading. Head terms follow each other in alphabetical order, and nearly
// always close in the alphabet; the sub-terms of a head start the alphabet over. Where both
// readings are in order, a term close to the head term above is itself a head term, unless it
// only extends it (`דומם` → `דומם מציין קלף`) or goes on from the sub-term above (the same
// law, the same leading words). The values were set on the Hebrew index and its reading
// checked against the Greek one; what they still read wrong is corrected by hand.

/// A head term not after the head term above.
const HEAD_OUT_OF_ORDER: f64 = 8.0;
/// A sub-term before the sub-term above (the book keeps a few lists of sub-terms in the order
/// of the English index they were translated from).
const SUB_OUT_OF_ORDER: f64 = 4.0;
/// Any sub-term: breaks the tie with a head term that starts with the same letter.
const SUB: f64 = 0.3;
/// A head term that is the head term above with more words, and would be in order as its next
/// sub-term too (unless it refers to the definitions).
const HEAD_EXTENDS: f64 = 1.0;
/// A head term that refers to a law the sub-term above refers to.
const HEAD_SAME_LAW_AS_SUB: f64 = 0.5;
/// A head term that shares more leading words with the sub-term above than with the head
/// term (`מידע חיצוני` → `מידע חיצוני מהשותף`).
const HEAD_SIBLING_OF_SUB: f64 = 1.0;
/// A sub-term that refers to the definitions, has no references, or is followed by a
/// cross-reference line.
const SUB_WITH_DEFINITIONS: f64 = 3.0;
const SUB_WITHOUT_REFERENCES: f64 = 6.0;
const SUB_CROSSED: f64 = 5.0;
/// A term line read as the end of the term above.
const CONTINUED: f64 = 2.5;

/// A head term `letters` letters of the alphabet after the head term above.
fn jump(letters: u32) -> f64 {
    match letters {
        0 => 0.0,
        n => 0.4 + 0.6 * f64::from(n - 1),
    }
}

/// The leading words two keys share.
fn shared_words(a: &[u32], b: &[u32]) -> usize {
    a.split(|v| *v == 1)
        .zip(b.split(|v| *v == 1))
        .take_while(|(x, y)| x == y)
        .count()
}

fn head_cost(c: &Candidate, above: &Candidate, last_sub: Option<&Candidate>) -> f64 {
    let mut cost = 0.0;
    if c.key <= above.key {
        cost += HEAD_OUT_OF_ORDER;
    }
    if let (Some(a), Some(b)) = (first_letter(&above.key), first_letter(&c.key)) {
        cost += jump(b.saturating_sub(a));
    }
    // It extends the head term above, and would be in order as its next sub-term too.
    if !c.definitions
        && c.key.len() > above.key.len()
        && c.key.starts_with(&above.key)
        && c.key[above.key.len()] == 1
        && last_sub.is_none_or(|s| c.key >= s.key)
    {
        cost += HEAD_EXTENDS;
    }
    // It refers to a law the sub-term above refers to: the sub-terms go on.
    if let Some(s) = last_sub
        && c.laws.iter().any(|law| s.laws.contains(law))
    {
        cost += HEAD_SAME_LAW_AS_SUB;
    }
    // It shares more words with the sub-term above than with the head term.
    if let Some(s) = last_sub
        && shared_words(&c.key, &s.key) > shared_words(&c.key, &above.key)
    {
        cost += HEAD_SIBLING_OF_SUB;
    }
    cost
}

fn sub_cost(c: &Candidate, previous: Option<&Candidate>) -> f64 {
    let mut cost = SUB;
    if previous.is_some_and(|p| c.key < p.key) {
        cost += SUB_OUT_OF_ORDER;
    }
    if c.definitions {
        cost += SUB_WITH_DEFINITIONS;
    }
    if c.refless {
        cost += SUB_WITHOUT_REFERENCES;
    }
    if c.crossed {
        cost += SUB_CROSSED;
    }
    cost
}

/// After an entry: the current head term and its last sub-term.
type State = (usize, Option<usize>);
/// The cheapest way to each state after an entry: its cost, the state before and the level
/// given to the entry.
type Step = BTreeMap<State, (f64, Option<State>, Level)>;

/// The reading where the levels cost least (a Viterbi search). The state after an entry is
/// the current head term and its last sub-term.
/// Ordered maps, so that ties always resolve alike.
fn assign_levels(candidates: &[Candidate]) -> Vec<Level> {
    if candidates.is_empty() {
        return Vec::new();
    }
    // Per entry: state → (cost, state before, level of this entry).
    let mut steps: Vec<Step> = Vec::new();
    steps.push(Step::from([((0, None), (0.0, None, Level::Head))]));
    for i in 1..candidates.len() {
        let c = &candidates[i];
        let mut next = Step::new();
        let mut offer = |state: State, cost: f64, from: State, level: Level| {
            let better = next.get(&state).is_none_or(|(best, _, _)| cost < *best);
            if better {
                next.insert(state, (cost, Some(from), level));
            }
        };
        for (&state, &(cost, _, _)) in &steps[i - 1] {
            let (head, sub) = state;
            offer(
                (i, None),
                cost + head_cost(c, &candidates[head], sub.map(|s| &candidates[s])),
                state,
                Level::Head,
            );
            offer(
                (head, Some(i)),
                cost + sub_cost(c, sub.map(|s| &candidates[s])),
                state,
                Level::Sub,
            );
            if c.may_continue {
                offer(state, cost + CONTINUED, state, Level::Continued);
            }
        }
        steps.push(next);
    }
    let mut state = steps
        .last()
        .and_then(|last| {
            last.iter()
                .min_by(|a, b| a.1.0.total_cmp(&b.1.0))
                .map(|(s, _)| *s)
        })
        .expect("a reading");
    let mut levels = vec![Level::Head; candidates.len()];
    for i in (0..candidates.len()).rev() {
        let (_, from, level) = steps[i][&state];
        levels[i] = level;
        match from {
            Some(previous) => state = previous,
            None => break,
        }
    }
    levels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::{greek, hebrew};

    #[test]
    fn greek_references_split_from_the_end() {
        let layout = greek::profile().index;
        let split = |t: &str| {
            let (term, refs, more) = split_end(t, &layout);
            (term.to_string(), refs, more)
        };
        assert_eq!(
            split("Ανεπαρκής, εκτός σειράς 27Α2, 31"),
            (
                "Ανεπαρκής, εκτός σειράς".into(),
                vec!["27Α2".into(), "31".into()],
                false
            )
        );
        assert_eq!(
            split("Επίπεδο 7, μεγαλύτερο από 38"),
            ("Επίπεδο 7, μεγαλύτερο από".into(), vec!["38".into()], false)
        );
        assert_eq!(
            split("Συνέχεια εκτέλεσης με συναίνεση των 4 68Δ2(β)"),
            (
                "Συνέχεια εκτέλεσης με συναίνεση των 4".into(),
                vec!["68Δ2(β)".into()],
                false
            )
        );
        assert_eq!(
            split("Υποχρεωμένος να πασάρει από τον Κώδικα 20Β, 20 υπ/ση"),
            (
                "Υποχρεωμένος να πασάρει από τον Κώδικα".into(),
                vec!["20Β".into(), "20 υπ/ση".into()],
                false
            )
        );
        assert_eq!(
            split("ΥΠΟΤΙΘΕΜΕΝΟΣ ΕΚΤΕΛΕΣΤΗΣ Ορισμοί,"),
            (
                "ΥΠΟΤΙΘΕΜΕΝΟΣ ΕΚΤΕΛΕΣΤΗΣ".into(),
                vec!["Ορισμοί".into()],
                true
            )
        );
        assert_eq!(
            split("12η λεβέ, διόρθωση 64Δ1"),
            ("12η λεβέ, διόρθωση".into(), vec!["64Δ1".into()], false)
        );
        assert_eq!(
            split("Ακύρωση δικαιώματος για, ο Διαιτητής"),
            ("Ακύρωση δικαιώματος για, ο Διαιτητής".into(), vec![], false)
        );
    }

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

    #[test]
    fn hebrew_collation_folds_final_forms_and_marks() {
        assert_eq!(collation_key("הַסְדָּרָה"), collation_key("הסדרה"));
        assert!(collation_key("מידע") < collation_key("מידע בלתי-מורשה"));
        assert!(collation_key("מידע בלתי-מורשה") < collation_key("מידע מורשה"));
        assert!(collation_key("סיום") > collation_key("סיווג"));
        assert!(collation_key("תקשורת") < collation_key("IMP"));
    }
}
