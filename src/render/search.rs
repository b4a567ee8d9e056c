//! Search results for the terminal: the node, its place, and a snippet with the matched words
//! in bold; Hebrew lines in visual order when the terminal does not apply bidi itself.

use unicode_bidi::ParagraphBidiInfo;

use super::{TextStyle, wrap_labelled};
use crate::search::{Hit, Outcome};
use crate::text::plural;

/// How results are shown.
pub struct Display {
    /// Matched words in bold (a terminal, and `NO_COLOR` unset).
    pub bold: bool,
    /// Right-to-left lines reordered for display.
    pub bidi: bool,
    pub style: TextStyle,
}

const BOLD: &str = "\x1b[1m";
const PLAIN: &str = "\x1b[22m";

pub fn text(outcome: &Outcome, display: &Display) -> String {
    let mut out = String::new();
    if let Some(id) = &outcome.citation {
        out.push_str(&format!("{id}: the node, then what lies within it\n\n"));
    }
    if !outcome.near_spellings.is_empty() {
        out.push_str(&format!(
            "not found as typed, searched by near spelling: {}\n\n",
            outcome.near_spellings.join(", ")
        ));
    }
    for hit in &outcome.results {
        out.push_str(&line(
            &format!(
                "{} · {} · {} · {:.2}",
                hit.id, hit.edition, hit.kind, hit.score
            ),
            &[],
            display,
        ));
        if !hit.heading.is_empty() && hit.heading != hit.snippet {
            out.push_str(&line(&format!("  {}", hit.heading), &[], display));
        }
        out.push_str(&snippet(hit, display));
        out.push('\n');
    }
    out.push_str(&format!("{}\n", plural(outcome.results.len(), "result")));
    out
}

/// The snippet wrapped under its hit, each line with its own highlights.
fn snippet(hit: &Hit, display: &Display) -> String {
    let mut wrapped = String::new();
    wrap_labelled(&mut wrapped, 4, "", &hit.snippet, &display.style);
    // Wrapping only replaces spaces with line breaks and indents, so characters of the
    // snippet can be followed into the wrapped lines.
    let mut out = String::new();
    let mut at = 0usize;
    let snippet: Vec<char> = hit.snippet.chars().collect();
    for wrapped_line in wrapped.lines() {
        let indent = wrapped_line.len() - wrapped_line.trim_start().len();
        let content = &wrapped_line[indent..];
        while at < snippet.len() && snippet[at] == ' ' {
            at += 1;
        }
        let n = content.chars().count();
        let highlights: Vec<[usize; 2]> = hit
            .highlights
            .iter()
            .filter(|h| h[1] > at && h[0] < at + n)
            .map(|h| [h[0].saturating_sub(at), (h[1] - at).min(n)])
            .collect();
        out.push_str(&" ".repeat(indent));
        out.push_str(&line(content, &highlights, display));
        at += n;
    }
    out
}

/// One line, its highlighted character ranges in bold, in visual order when asked.
fn line(text: &str, highlights: &[[usize; 2]], display: &Display) -> String {
    let chars: Vec<(char, bool)> = text
        .chars()
        .enumerate()
        .map(|(i, c)| (c, highlights.iter().any(|h| h[0] <= i && i < h[1])))
        .collect();
    let chars = if display.bidi {
        visual(text, chars)
    } else {
        chars
    };
    let mut out = String::new();
    let mut bold = false;
    for (c, marked) in chars {
        let marked = marked && display.bold;
        if marked != bold {
            out.push_str(if marked { BOLD } else { PLAIN });
            bold = marked;
        }
        out.push(c);
    }
    if bold {
        out.push_str(PLAIN);
    }
    out.push('\n');
    out
}

/// A line of plain text in the order a terminal without bidi must print it.
pub fn visual_line(text: &str) -> String {
    let chars = text.chars().map(|c| (c, false)).collect();
    visual(text, chars).into_iter().map(|(c, _)| c).collect()
}

/// The characters of a line in the order a terminal without bidi must print them, brackets
/// mirrored inside right-to-left runs.
fn visual(text: &str, chars: Vec<(char, bool)>) -> Vec<(char, bool)> {
    let info = ParagraphBidiInfo::new(text, None);
    if !info.has_rtl() {
        return chars;
    }
    let per_char = info.reordered_levels_per_char(0..text.len());
    ParagraphBidiInfo::reorder_visual(&per_char)
        .into_iter()
        .map(|i| {
            let (c, bold) = chars[i];
            let c = if per_char[i].is_rtl() { mirror(c) } else { c };
            (c, bold)
        })
        .collect()
}

fn mirror(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn display(bold: bool, bidi: bool) -> Display {
        Display {
            bold,
            bidi,
            style: TextStyle { width: 100 },
        }
    }

    #[test]
    fn highlights_are_bold_only_when_asked() {
        let plain = line("insufficient bid", &[[0, 12]], &display(false, false));
        assert_eq!(plain, "insufficient bid\n");
        let bold = line("insufficient bid", &[[0, 12]], &display(true, false));
        assert_eq!(bold, "\x1b[1minsufficient\x1b[22m bid\n");
    }

    #[test]
    fn hebrew_is_reversed_for_terminals_without_bidi() {
        // `חוק 27(א)`: the letters run right to left, the number stays left to right, and
        // the brackets are mirrored.
        let visual = line("חוק 27(א)", &[[0, 3]], &display(true, true));
        assert_eq!(visual, "(א)27 \x1b[1mקוח\x1b[22m\n");
        // Latin text is left alone.
        assert_eq!(line("Law 27", &[], &display(false, true)), "Law 27\n");
    }
}
