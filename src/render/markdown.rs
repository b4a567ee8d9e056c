//! Commentary documents (Markdown in Hebrew, with English auction tables) for a terminal,
//! and as a standalone, sanitized HTML page.

use std::mem::take;

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use unicode_width::UnicodeWidthStr;

use super::style::{BOLD, NORMAL, Style, visible_width, wrap};

/// The Markdown extensions the commentary uses.
pub(super) fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// Markdown rendered for a terminal, in logical (not visual) order.
pub fn terminal(markdown: &str, style: &Style) -> String {
    let mut writer = Writer {
        style,
        out: String::new(),
        inline: String::new(),
        bold: 0,
        blank: false,
        containers: Vec::new(),
        marker: None,
        rows: Vec::new(),
    };
    for event in Parser::new_ext(markdown, options()) {
        writer.event(event);
    }
    writer.flush();
    let mut out = writer.out.trim_end_matches('\n').to_string();
    out.push('\n');
    out
}

/// A block that indents what it holds.
enum Container {
    Quote {
        content: usize,
    },
    List {
        /// The number of the next item of an ordered list.
        next: Option<u64>,
        /// Where the items' markers start.
        indent: usize,
        /// Where the current item's text starts, after its marker.
        content: usize,
    },
}

struct Writer<'a> {
    style: &'a Style,
    out: String,
    /// The inline text being collected, with ANSI codes; `\n` for hard breaks.
    inline: String,
    /// How deep in bold spans we are, so nested ones emit no codes.
    bold: usize,
    /// A blank line is due before the next block.
    blank: bool,
    containers: Vec<Container>,
    /// The current list item's marker (with its indent), until its first line is printed.
    marker: Option<String>,
    /// The table being collected, header row first.
    rows: Vec<Vec<String>>,
}

impl Writer<'_> {
    fn event(&mut self, event: Event) {
        match event {
            Event::Text(text) | Event::Code(text) => self.inline.push_str(&text),
            Event::InlineMath(text) | Event::DisplayMath(text) => self.inline.push_str(&text),
            Event::SoftBreak => self.inline.push(' '),
            Event::HardBreak => self.inline.push('\n'),
            Event::Rule => {
                self.flush();
                let width = match self.style.width {
                    0 => 20,
                    w => w.saturating_sub(self.column()).min(20),
                };
                self.blank = true;
                self.block(&"─".repeat(width), false);
                self.blank = true;
            }
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            // Raw HTML means nothing on a terminal.
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag) {
        match tag {
            Tag::Strong => self.strong(true),
            Tag::Heading { .. } | Tag::CodeBlock(_) | Tag::Table(_) => self.flush(),
            // Header cells are bolded as one line when the table is laid out.
            Tag::TableHead => {
                self.rows.push(Vec::new());
                self.bold += 1;
            }
            Tag::TableRow => self.rows.push(Vec::new()),
            Tag::BlockQuote(_) => {
                self.flush();
                let content = self.column() + 2;
                self.containers.push(Container::Quote { content });
            }
            Tag::List(next) => {
                self.flush_item();
                let indent = match self.containers.last() {
                    Some(Container::List { indent, .. }) => indent + 2,
                    _ => self.column(),
                };
                self.containers.push(Container::List {
                    next,
                    indent,
                    content: indent,
                });
            }
            Tag::Item => {
                if let Some(Container::List {
                    next,
                    indent,
                    content,
                }) = self.containers.last_mut()
                {
                    let marker = match next {
                        Some(n) => {
                            *n += 1;
                            format!("{}. ", *n - 1)
                        }
                        None => "• ".to_string(),
                    };
                    *content = *indent + marker.width();
                    self.marker = Some(format!("{}{marker}", " ".repeat(*indent)));
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Strong => self.strong(false),
            TagEnd::Paragraph => {
                self.flush();
                self.blank = true;
            }
            TagEnd::Heading(level) => {
                let text = take(&mut self.inline);
                let width = visible_width(&text);
                let mut lines = self.bolded(&text);
                match level {
                    HeadingLevel::H1 => lines = format!("{lines}\n{}", "═".repeat(width)),
                    HeadingLevel::H2 => lines = format!("{lines}\n{}", "─".repeat(width)),
                    _ => {}
                }
                self.blank = true;
                self.block(&lines, false);
                self.blank = true;
            }
            TagEnd::CodeBlock => {
                let code = take(&mut self.inline);
                let lines: Vec<String> = code
                    .trim_end_matches('\n')
                    .split('\n')
                    .map(|line| format!("    {line}"))
                    .collect();
                self.blank = true;
                self.block(&lines.join("\n"), false);
                self.blank = true;
            }
            TagEnd::TableHead => self.bold -= 1,
            TagEnd::TableCell => {
                let cell = take(&mut self.inline);
                if let Some(row) = self.rows.last_mut() {
                    row.push(cell);
                }
            }
            TagEnd::Table => {
                let table = self.table();
                self.blank = true;
                self.block(&table, false);
                self.blank = true;
            }
            TagEnd::BlockQuote(_) => {
                self.flush();
                self.containers.pop();
                self.blank = true;
            }
            TagEnd::Item => self.flush_item(),
            TagEnd::List(_) => {
                self.containers.pop();
                // Items of a tight list follow each other; only the outermost list ends a block.
                if !self
                    .containers
                    .iter()
                    .any(|c| matches!(c, Container::List { .. }))
                {
                    self.blank = true;
                }
            }
            _ => {}
        }
    }

    /// Opens or closes a bold span; only the outermost emits codes.
    fn strong(&mut self, open: bool) {
        if open {
            self.bold += 1;
        } else {
            self.bold -= 1;
        }
        if self.style.color && self.bold == usize::from(open) {
            self.inline.push_str(if open { BOLD } else { NORMAL });
        }
    }

    fn bolded(&self, text: &str) -> String {
        self.style.bold(text)
    }

    /// Where text starts in the innermost container.
    fn column(&self) -> usize {
        match self.containers.last() {
            Some(Container::Quote { content } | Container::List { content, .. }) => *content,
            None => 0,
        }
    }

    /// Prints the inline text collected so far (a paragraph, or a tight list item's text).
    fn flush(&mut self) {
        if !self.inline.is_empty() {
            let text = take(&mut self.inline);
            self.block(&text, true);
        }
    }

    /// Like `flush`, but an item with no text of its own still shows its marker.
    fn flush_item(&mut self) {
        if self.inline.is_empty() && self.marker.is_some() {
            self.block("", false);
        }
        self.flush();
    }

    /// Prints a block's lines after the pending list marker (or the indent), continuation
    /// lines lined up after it.
    fn block(&mut self, text: &str, wrapped: bool) {
        if self.blank && !self.out.is_empty() {
            self.out.push('\n');
        }
        self.blank = false;
        let rest = " ".repeat(self.column());
        let first = self.marker.take().unwrap_or_else(|| rest.clone());
        let width = if wrapped { self.style.width } else { 0 };
        for line in wrap(text, &first, &rest, width) {
            self.out.push_str(line.trim_end_matches(' '));
            self.out.push('\n');
        }
    }

    /// The collected table, columns padded to their widest cell.
    fn table(&mut self) -> String {
        let rows = take(&mut self.rows);
        let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..columns)
            .map(|c| {
                rows.iter()
                    .filter_map(|row| row.get(c))
                    .map(|cell| visible_width(cell))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: &[String]| {
            let padded: Vec<String> = widths
                .iter()
                .enumerate()
                .map(|(c, &width)| {
                    let cell = cells.get(c).map_or("", String::as_str);
                    format!("{cell}{}", " ".repeat(width - visible_width(cell)))
                })
                .collect();
            padded.join("  ").trim_end_matches(' ').to_string()
        };
        let mut lines = Vec::new();
        if let Some((head, body)) = rows.split_first() {
            lines.push(self.bolded(&line(head)));
            let rule: Vec<String> = widths.iter().map(|&w| "─".repeat(w)).collect();
            lines.push(rule.join("  ").trim_end_matches(' ').to_string());
            lines.extend(body.iter().map(|row| line(row)));
        }
        lines.join("\n")
    }
}

/// Auction diagrams of the Law 27 slides, for the tests of both renderers.
#[cfg(test)]
pub(super) mod samples {
    /// A transfer, annotated in its cell.
    pub(in crate::render) const TRANSFER: &str = "\
| WEST | NORTH | EAST | SOUTH |
|---|---|---|---|
| 1NT | 3♥ | 2♥ = Transfer | |
| | | 3♠ | |
| | | 4♦ | |
";

    /// An alerted call with a footnote mark.
    pub(in crate::render) const STRONG_CLUB: &str = "\
| WEST | NORTH | EAST | SOUTH |
|---|---|---|---|
| 1♣ | 1♣* = 16+ | | |
| | 1NT = 16-18 | | |
";
}

#[cfg(test)]
mod tests {
    use super::samples::{STRONG_CLUB, TRANSFER};
    use super::*;

    const PLAIN: Style = Style {
        width: 0,
        color: false,
        bidi: false,
    };
    const BOLD_STYLE: Style = Style {
        width: 0,
        color: true,
        bidi: false,
    };

    /// The display column where `needle` starts in the line that holds it, ANSI codes ignored.
    fn column_of(text: &str, needle: &str) -> usize {
        let plain = anstream::adapter::strip_str(text).to_string();
        let line = plain
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no line with {needle:?} in\n{plain}"));
        line[..line.find(needle).unwrap()].width()
    }

    fn assert_auction_aligned(out: &str) {
        assert_eq!(column_of(out, "WEST"), 0);
        assert_eq!(column_of(out, "1NT"), 0);
        assert_eq!(column_of(out, "3♥"), column_of(out, "NORTH"));
        let east = column_of(out, "EAST");
        for cell in ["2♥ = Transfer", "3♠", "4♦"] {
            assert_eq!(column_of(out, cell), east, "{cell} in\n{out}");
        }
        // SOUTH comes after the widest EAST cell and the two-space gap.
        assert_eq!(column_of(out, "SOUTH"), east + "2♥ = Transfer".width() + 2);
    }

    #[test]
    fn auction_table_columns_line_up() {
        let out = terminal(TRANSFER, &PLAIN);
        assert_auction_aligned(&out);
        assert!(!out.contains('\x1b'));
        assert!(out.lines().all(|l| !l.ends_with(' ')), "{out:?}");
        assert!(
            out.contains("\n────  ─────  ─────────────  ─────\n"),
            "{out}"
        );
        assert!(out.ends_with("4♦\n") && !out.ends_with("\n\n"));
    }

    #[test]
    fn asterisk_in_a_cell_stays_text() {
        let out = terminal(STRONG_CLUB, &PLAIN);
        let row = out.lines().find(|l| l.starts_with("1♣")).unwrap();
        assert_eq!(row, "1♣    1♣* = 16+");
        assert_eq!(column_of(&out, "1NT = 16-18"), column_of(&out, "NORTH"));
        assert!(out.lines().all(|l| !l.ends_with(' ')));
        // Bold on must not turn it into emphasis either.
        assert!(terminal(STRONG_CLUB, &BOLD_STYLE).contains("1♣    1♣* = 16+\n"));
    }

    #[test]
    fn bold_header_row_keeps_the_alignment() {
        let out = terminal(TRANSFER, &BOLD_STYLE);
        let header = out.lines().find(|l| l.contains("WEST")).unwrap();
        assert!(
            header.starts_with(BOLD) && header.ends_with(NORMAL),
            "{header:?}"
        );
        assert_auction_aligned(&out);
        // Only the header is bold, and ANSI codes do not widen the columns.
        assert_eq!(out.matches(BOLD).count(), 1);
        assert!(out.contains("\n1NT   3♥     2♥ = Transfer\n"), "{out}");
    }

    #[test]
    fn table_cells_take_inline_markup_and_short_rows_are_padded() {
        let md = "| A | B | C |\n|---|---|---|\n| **xx** | y |\n";
        assert_eq!(terminal(md, &PLAIN), "A   B  C\n──  ─  ─\nxx  y\n");
        let bold = terminal(md, &BOLD_STYLE);
        assert_eq!(
            anstream::adapter::strip_str(&bold).to_string(),
            "A   B  C\n──  ─  ─\nxx  y\n"
        );
        assert!(bold.contains(&format!("{BOLD}xx{NORMAL}  y\n")));
    }

    const DOCUMENT: &str = "\
# Law 27
## Insufficient bid
### Details

הכרזה **בלתי מספקת** מוחלפת
in *two*  
lines,
joined.

2. second
3. third

- one
- two
  - nested
- three
";

    #[test]
    fn document_without_bold() {
        assert_eq!(
            terminal(DOCUMENT, &PLAIN),
            "\
Law 27
══════

Insufficient bid
────────────────

Details

הכרזה בלתי מספקת מוחלפת in two
lines, joined.

2. second
3. third

• one
• two
  • nested
• three
"
        );
    }

    #[test]
    fn document_with_bold() {
        let out = terminal(DOCUMENT, &BOLD_STYLE);
        assert!(out.starts_with(&format!("{BOLD}Law 27{NORMAL}\n══════\n\n")));
        assert!(out.contains(&format!(
            "\n\n{BOLD}Insufficient bid{NORMAL}\n────────────────\n\n"
        )));
        assert!(out.contains(&format!("\n\n{BOLD}Details{NORMAL}\n\n")));
        assert!(out.contains(&format!("הכרזה {BOLD}בלתי מספקת{NORMAL} מוחלפת in two\n")));
        // Emphasis is left plain; without codes the text is the bold-off rendering.
        assert_eq!(
            anstream::adapter::strip_str(&out).to_string(),
            terminal(DOCUMENT, &PLAIN)
        );
    }

    #[test]
    fn wrapping_gives_hanging_indents() {
        let style = Style::wrapped(20);
        let md = "\
A paragraph that is long enough to wrap.

- alpha beta gamma delta epsilon zeta
  - one two three four five six

9. alpha beta gamma delta
10. alpha beta gamma delta
";
        assert_eq!(
            terminal(md, &style),
            "\
A paragraph that is
long enough to wrap.

• alpha beta gamma
  delta epsilon zeta
  • one two three
    four five six

9. alpha beta gamma
   delta
10. alpha beta gamma
    delta
"
        );
        // Bold codes take no columns.
        let bold = Style {
            color: true,
            ..Style::wrapped(20)
        };
        let out = terminal("- **alpha beta gamma** delta epsilon zeta", &bold);
        assert_eq!(
            anstream::adapter::strip_str(&out).to_string(),
            "• alpha beta gamma\n  delta epsilon zeta\n"
        );
        // A word longer than the width is not broken.
        assert_eq!(
            terminal("abcdefghijklmnopqrstuvwxyz x", &style),
            "abcdefghijklmnopqrstuvwxyz\nx\n"
        );
    }

    #[test]
    fn code_links_images_and_html() {
        let md = "Use `a  b` and [the law](https://example.org) ![a diagram](d.png) <b>x</b>\n\n<div>\ndropped\n</div>\n";
        assert_eq!(terminal(md, &PLAIN), "Use a  b and the law a diagram x\n");
    }
}
