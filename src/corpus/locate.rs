//! Where a piece of a YAML value stands in its file. The loader knows where each value starts;
//! a citation inside a folded text (`text: >-` over several lines) or a quoted one (`"…"` with
//! escapes) is found by walking the raw file and the value together.

use std::ops::Range;

use crate::corpus::model::Pos;

/// A place in a file: 1-based line and column (in characters), and how many characters of
/// that line to underline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The line, counted from 1.
    pub line: u32,
    /// The column, in characters, counted from 1.
    pub column: u32,
    /// How many characters to underline.
    pub length: u32,
}

impl Span {
    /// `length` characters from `pos` (at least one, and at line 1, column 1 for a position
    /// that was never read from a file).
    pub fn at(pos: Pos, length: usize) -> Span {
        Span {
            line: pos.line.max(1),
            column: pos.column.max(1),
            length: u32::try_from(length.max(1)).unwrap_or(u32::MAX),
        }
    }
}

/// The file's lines and columns of byte offsets in a body that starts on `body_line`, asked
/// for in increasing order: each is counted on from the one before (counting from the top for
/// each citation, or each heading, cost a long document the square of its length).
pub struct Positions<'a> {
    body: &'a str,
    body_line: u32,
    /// The offset counted to, its line in the body and its column (from 0).
    at: usize,
    line: u32,
    column: usize,
}

impl<'a> Positions<'a> {
    /// Nothing counted yet.
    pub fn new(body: &'a str, body_line: u32) -> Self {
        Positions {
            body,
            body_line,
            at: 0,
            line: 0,
            column: 0,
        }
    }

    /// The line and column of the byte offset `at`.
    pub fn of(&mut self, at: usize) -> Pos {
        if at < self.at {
            // Out of order: count again from the top.
            (self.at, self.line, self.column) = (0, 0, 0);
        }
        let between = &self.body[self.at..at];
        match between.rfind('\n') {
            Some(last) => {
                let newlines = between.matches('\n').count();
                self.line += u32::try_from(newlines).unwrap_or(u32::MAX);
                self.column = between[last + 1..].chars().count();
            }
            None => self.column += between.chars().count(),
        }
        self.at = at;
        Pos {
            line: self.body_line + self.line,
            column: u32::try_from(self.column + 1).unwrap_or(u32::MAX),
        }
    }
}

/// The byte offset of a 1-based line and character column in `raw`.
fn offset_of(raw: &str, pos: Pos) -> Option<usize> {
    let line_start = if pos.line <= 1 {
        0
    } else {
        raw.match_indices('\n')
            .nth(pos.line as usize - 2)
            .map(|(i, _)| i + 1)?
    };
    let line = &raw[line_start..];
    let column = line
        .char_indices()
        .nth(pos.column.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i);
    Some(line_start + column)
}

fn span_at(raw: &str, start: usize, end: usize) -> Span {
    let line_start = raw[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = raw[start..].find('\n').map_or(raw.len(), |i| start + i);
    let line = raw[..start].matches('\n').count() + 1;
    let column = raw[line_start..start].chars().count() + 1;
    // A range that runs onto the next line is underlined to the end of its first line.
    let length = raw[start..end.min(line_end).max(start)]
        .chars()
        .count()
        .max(1);
    Span {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
        length: u32::try_from(length).unwrap_or(u32::MAX),
    }
}

/// The place of `range` (bytes of `value`) in `raw`, where `value` is the YAML scalar that
/// starts at `pos`; `None` when the file does not hold the value there.
pub fn locate(raw: &str, pos: Pos, value: &str, range: Range<usize>) -> Option<Span> {
    let mut at = offset_of(raw, pos)?;
    let quote = match raw[at..].chars().next()? {
        q @ ('"' | '\'') => {
            at += 1;
            Some(q)
        }
        _ => None,
    };
    let (mut start, mut end) = (None, None);
    for (i, c) in value.char_indices() {
        if i == range.start {
            start = Some(at);
        }
        if i == range.end {
            end = Some(at);
            break;
        }
        let rest = &raw[at..];
        // A blank written as an escape (`\t`) is that escape, not a fold.
        let escaped = quote == Some('"') && rest.starts_with('\\') && !rest[1..].starts_with('\n');
        if c.is_whitespace() && !escaped {
            // A blank of the value is a run of blanks and line breaks in the file (folding),
            // or an escaped line break in a double-quoted scalar; blanks that follow it in the
            // value take nothing more.
            at += rest
                .char_indices()
                .find(|&(j, r)| {
                    let escaped_break =
                        quote == Some('"') && r == '\\' && rest[j + 1..].starts_with('\n');
                    !(r.is_whitespace() || escaped_break)
                })
                .map_or(rest.len(), |(j, _)| j);
            continue;
        }
        let r = rest.chars().next()?;
        if r == c && !(quote == Some('"') && r == '\\') && !(quote == Some('\'') && r == '\'') {
            at += r.len_utf8();
        } else if quote == Some('\'') && rest.starts_with("''") && c == '\'' {
            at += 2;
        } else if quote == Some('"') && r == '\\' {
            at += escape_len(&rest[1..])? + 1;
        } else {
            return None;
        }
    }
    let start = start?;
    let end = end.unwrap_or(at);
    Some(span_at(raw, start, end))
}

/// The length of a double-quoted escape after its backslash: `"`, `\`, `n`, `uXXXX`, ….
fn escape_len(after: &str) -> Option<usize> {
    match after.chars().next()? {
        'x' => Some(3),
        'u' => Some(5),
        'U' => Some(9),
        c => Some(c.len_utf8()),
    }
}

/// The place of a whole value that stands at `pos` (a scalar on one line).
pub fn whole(raw: &str, pos: Pos, value: &str) -> Span {
    locate(raw, pos, value, 0..value.len()).unwrap_or(Span::at(pos, value.chars().count()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each offset's line and column (in characters) as read from the top, whatever order
    /// they are asked in.
    #[test]
    fn positions_count_on_as_from_the_top() {
        let body = "חוק 27\nsee Law 12 and Law 13\n\nαβ Law 40 x Law 41\n";
        let from_top = |at: usize| {
            let before = &body[..at];
            let line = before.matches('\n').count() as u32;
            let column = before.rsplit('\n').next().unwrap_or("").chars().count() as u32;
            Pos {
                line: 7 + line,
                column: column + 1,
            }
        };
        let offsets: Vec<usize> = body.char_indices().map(|(i, _)| i).collect();
        let mut positions = Positions::new(body, 7);
        for &at in offsets
            .iter()
            .step_by(3)
            .chain(offsets.iter().rev().step_by(5))
        {
            assert_eq!(positions.of(at), from_top(at), "offset {at}");
        }
    }

    fn pos(line: u32, column: u32) -> Pos {
        Pos { line, column }
    }

    #[test]
    fn a_citation_in_a_folded_text_is_found_on_its_line() {
        let raw = "id: 27B1(a)\ntext: >-\n  αν η ανεπαρκής αγορά διορθωθεί. Δεν εφαρμόζονται οι Νόμοι\n  26Β και 16Γ, βλέπε όμως\n";
        let value =
            "αν η ανεπαρκής αγορά διορθωθεί. Δεν εφαρμόζονται οι Νόμοι 26Β και 16Γ, βλέπε όμως";
        let at = value.find("16Γ").unwrap();
        let span = locate(raw, pos(3, 3), value, at..at + "16Γ".len()).unwrap();
        assert_eq!(
            span,
            Span {
                line: 4,
                column: 11,
                length: 3
            }
        );
        // A phrase broken across two lines is underlined to the end of its first line.
        let at = value.find("Νόμοι").unwrap();
        let span = locate(raw, pos(3, 3), value, at..at + "Νόμοι 26Β".len()).unwrap();
        assert_eq!((span.line, span.length), (3, 5));
    }

    #[test]
    fn quoted_scalars_with_escapes() {
        let raw = "text: \"Αν μια (βλέπε \\\"ενότητα\\\" Α), πρέπει\"\n";
        let value = "Αν μια (βλέπε \"ενότητα\" Α), πρέπει";
        // The second Α, after two escaped quotes that take two columns each in the file.
        let at = value.rfind('Α').unwrap();
        let span = locate(raw, pos(1, 7), value, at..at + 'Α'.len_utf8()).unwrap();
        assert_eq!((span.column, span.length), (34, 1));
        let raw = "text: 'it''s Law 12'\n";
        let span = locate(raw, pos(1, 7), "it's Law 12", 5..11).unwrap();
        assert_eq!((span.column, span.length), (14, 6));
    }

    #[test]
    fn an_escaped_tab_is_its_escape() {
        let raw = "text: \"a\\tb 27B\"\n";
        let value = "a\tb 27B";
        assert_eq!(
            locate(raw, pos(1, 7), value, 1..2),
            Some(Span::at(pos(1, 9), 2))
        );
        assert_eq!(
            locate(raw, pos(1, 7), value, 4..7),
            Some(Span::at(pos(1, 13), 3))
        );
    }

    #[test]
    fn a_value_that_is_not_there_is_not_found() {
        assert_eq!(locate("text: other\n", pos(1, 7), "value", 0..3), None);
    }
}
