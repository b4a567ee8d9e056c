//! The layouts real extractions of the English book come in, brought to the one the tree
//! builder reads (a heading on its line, one node per line, `Term – definition`).
//!
//! Two passes. `prepare_source` works on the whole text and keeps its line count, so that
//! every line number reported is the user's: a soft hyphen standing for a dash is the dash, a
//! law heading split over two lines (`LAW 3` / `ARRANGEMENT OF TABLES`) is joined, the table of
//! contents and the running heads are blanked, and a law heading printed again at the top of a
//! page is dropped. `split_lines` works on the body lines and cuts a line where the book ran
//! structure into it: a section's title and its first paragraph (`A. Acceptance of Insufficient
//! Bid 1. Any …`), paragraphs and items inline (`Then: 1.(a) if …`), several definitions on
//! one line (`Bid: … Board: …`). A cut that is not a real enumerator does no harm: the tree
//! builder opens a node only where its enumerator is the next one expected, else the piece is
//! text again.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use crate::import::lines::Line;
use crate::import::profile::Profile;

static LAW_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^LAW\s+(\d{1,2})\s*(?:[–—\u{AD}-]\s*(.*?))?\s*$").expect("law heading pattern")
});
/// `LAW 3` without its title, which the next line prints.
static BARE_LAW: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^LAW\s+\d{1,2}$").expect("bare law pattern"));
/// A line of a table of contents: ends with its page number (`… POWERS 15`, `… ..... 15`).
static PAGE_REFERENCE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:\s|\.{2,})(?:\d{1,3}|[ivxlc]{1,7})$").expect("page pattern"));
/// A page number alone, arabic or roman (the front matter).
static PAGE_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:\d{1,3}|[ivxlc]{1,7})$").expect("page number pattern"));

/// Whether a line is in capitals (a heading's continuation).
fn is_upper(s: &str) -> bool {
    s.chars().any(char::is_alphabetic) && !s.chars().any(char::is_lowercase)
}

/// The whole-text pass; the result has as many lines as `source`.
pub fn prepare_source(source: &str) -> String {
    let mut lines: Vec<String> = source.lines().map(soft_hyphens).collect();
    blank_contents(&mut lines);
    join_split_headings(&mut lines);
    blank_running_heads(&mut lines);
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// A soft hyphen between spaces stands for the dash (`LAW 27 ­ INSUFFICIENT BID`); at a line
/// end it marks a word hyphenated there; inside a word it is invisible.
fn soft_hyphens(line: &str) -> String {
    if !line.contains('\u{AD}') {
        return line.to_string();
    }
    let line = line.replace(" \u{AD} ", " – ");
    let trimmed = line.trim_end();
    let line = match trimmed.strip_suffix('\u{AD}') {
        Some(head) => format!("{head}-"),
        None => line.clone(),
    };
    line.replace('\u{AD}', "")
}

/// The table of contents: from a `CONTENTS` line, every line up to the first of three lines
/// in a row none of which ends with a page number; and anywhere, a law heading followed by
/// its page number.
fn blank_contents(lines: &mut [String]) {
    // `LAW 3` alone is a heading split over two lines, not a page reference.
    let ends_with_page =
        |l: &str| PAGE_REFERENCE.is_match(l.trim_end()) && !BARE_LAW.is_match(l.trim());
    let mut i = 0;
    while i < lines.len() {
        let text = lines[i].trim().to_uppercase();
        if text == "CONTENTS" || text == "TABLE OF CONTENTS" {
            lines[i].clear();
            let mut j = i + 1;
            loop {
                let next: Vec<usize> = (j..lines.len())
                    .filter(|&k| !lines[k].trim().is_empty())
                    .take(3)
                    .collect();
                if next.is_empty() || next.iter().all(|&k| !ends_with_page(&lines[k])) {
                    break;
                }
                for line in &mut lines[j..=next[0]] {
                    line.clear();
                }
                j = next[0] + 1;
            }
            i = j;
            continue;
        }
        let trimmed = lines[i].trim();
        if LAW_HEADING.is_match(trimmed)
            && PAGE_REFERENCE.is_match(trimmed)
            && trimmed.contains(['–', '-'])
        {
            lines[i].clear();
        }
        i += 1;
    }
}

/// `LAW 3` alone, then its title in capitals on the next line: one heading, `LAW 3 – TITLE`;
/// every law heading with its dash as ` – `.
fn join_split_headings(lines: &mut [String]) {
    for i in 0..lines.len() {
        let Some(caps) = LAW_HEADING.captures(lines[i].trim()) else {
            continue;
        };
        let number = caps[1].to_string();
        let title = caps.get(2).map_or("", |m| m.as_str()).trim().to_string();
        if !title.is_empty() {
            lines[i] = format!("LAW {number} – {title}");
            continue;
        }
        let Some(next) = (i + 1..lines.len()).find(|&k| !lines[k].trim().is_empty()) else {
            continue;
        };
        if is_upper(&lines[next]) && !LAW_HEADING.is_match(lines[next].trim()) {
            lines[i] = format!("LAW {number} – {}", lines[next].trim());
            lines[next].clear();
        }
    }
}

/// Running heads: a short line printed again and again beside a page number (`THE LAWS OF
/// DUPLICATE BRIDGE 2017`, its page number aside), and a law's heading printed again at the top
/// of its later pages.
fn blank_running_heads(lines: &mut [String]) {
    let key = |l: &str| -> String {
        l.chars()
            .filter(|c| !c.is_ascii_digit())
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let near_page_number = |i: usize| {
        let around = (i.saturating_sub(3)..(i + 4).min(lines.len())).filter(|&k| k != i);
        around
            .into_iter()
            .any(|k| PAGE_NUMBER.is_match(lines[k].trim()))
            || lines[i].trim().starts_with(|c: char| c.is_ascii_digit())
            || lines[i].trim().ends_with(|c: char| c.is_ascii_digit())
    };
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        let k = key(trimmed);
        if k.chars().filter(|c| c.is_alphabetic()).count() < 6
            || trimmed.chars().count() > 60
            || trimmed.ends_with(['.', ',', ';', ':'])
        {
            continue;
        }
        let entry = seen.entry(k).or_default();
        entry.0 += 1;
        entry.1 += usize::from(near_page_number(i));
    }
    let mut current_law = None;
    for line in lines.iter_mut() {
        let trimmed = line.trim();
        if let Some(caps) = LAW_HEADING.captures(trimmed) {
            let n = caps[1].to_string();
            if current_law.as_ref() == Some(&n) {
                line.clear();
            }
            current_law = Some(n);
            continue;
        }
        if let Some((count, by_page)) = seen.get(&key(trimmed))
            && *count >= 3
            && by_page * 3 >= count * 2
        {
            line.clear();
        }
    }
}

/// A section's title run into its first paragraph: the paragraph's `1.` (or its first item).
static SECTION_THEN_PARAGRAPH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[A-G]\.\s+\S.*?\s(1\.\s*(?:\(a\)|\p{Lu})|\(a\)\s)").expect("section pattern")
});
/// A paragraph or item starting after a sentence or a colon ends: `…do. 2. Except`,
/// `Then: 1.(a) if`, `…; or (b) if`.
static INLINE_ENUMERATOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:[.:;]|;\s*(?:or|and))\s+((?:\d{1,2}\.\s*(?:\([a-z]{1,4}\)|\p{Lu}))|\([a-z]{1,4}\)\s+\S)")
        .expect("inline enumerator pattern")
});
/// `1.(a)` printed without its space.
static TIGHT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{1,2}\.)(\()").expect("tight pattern"));

/// The body-lines pass: a line where the book ran structure into it becomes several, each
/// keeping its source line.
pub fn split_lines(body: &[Line], profile: &Profile) -> Vec<Line> {
    #[derive(PartialEq)]
    enum Region {
        Before,
        Definitions,
        Laws,
    }
    let mut region = Region::Before;
    let mut out = Vec::with_capacity(body.len());
    for line in body {
        if line.text == profile.definitions_heading {
            region = Region::Definitions;
        } else if profile.law_heading.is_match(&line.text) {
            region = Region::Laws;
        }
        let pieces = match region {
            Region::Before => vec![line.text.clone()],
            Region::Definitions => split_definitions(&line.text, profile),
            Region::Laws if profile.law_heading.is_match(&line.text) => vec![line.text.clone()],
            Region::Laws => split_structure(&line.text),
        };
        for (n, piece) in pieces.into_iter().enumerate() {
            out.push(Line {
                text: TIGHT.replace(&piece, "$1 $2").into_owned(),
                indented: line.indented && n == 0,
                ..line.clone()
            });
        }
    }
    out
}

fn split_structure(text: &str) -> Vec<String> {
    let mut cuts = Vec::new();
    if let Some(caps) = SECTION_THEN_PARAGRAPH.captures(text) {
        cuts.push(caps.get(1).expect("group 1").start());
    }
    for caps in INLINE_ENUMERATOR.captures_iter(text) {
        let at = caps.get(1).expect("group 1");
        // `1. (a)`: the item opens the paragraph numbered just before it, on the same line.
        let after_number = at.as_str().starts_with('(')
            && text[..caps.get(0).expect("match").start() + 1]
                .trim_end_matches('.')
                .ends_with(|c: char| c.is_ascii_digit());
        if !after_number {
            cuts.push(at.start());
        }
    }
    cut(text, cuts)
}

fn cut(text: &str, mut cuts: Vec<usize>) -> Vec<String> {
    cuts.sort_unstable();
    cuts.dedup();
    let mut pieces = Vec::new();
    let mut start = 0;
    for at in cuts.into_iter().filter(|&at| at > 0) {
        let piece = text[start..at].trim();
        if !piece.is_empty() {
            pieces.push(piece.to_string());
        }
        start = at;
    }
    pieces.push(text[start..].trim().to_string());
    pieces
}

/// `Bid: … Board: …`: a cut before every known term followed by a colon, at the line's start
/// or after a sentence's end.
fn split_definitions(text: &str, profile: &Profile) -> Vec<String> {
    let mut cuts = Vec::new();
    for (at, _) in text.char_indices() {
        let before = text[..at].trim_end();
        let at_boundary =
            at == 0 || (before.len() < at && before.ends_with(['.', '"', '”', ')', ';']));
        if !at_boundary {
            continue;
        }
        let opens = profile.definitions.iter().any(|(term, _)| {
            text[at..]
                .strip_prefix(term)
                .is_some_and(|rest| rest.starts_with(':'))
        });
        if opens {
            cuts.push(at);
        }
    }
    cut(text, cuts)
}

#[cfg(test)]
mod tests;
