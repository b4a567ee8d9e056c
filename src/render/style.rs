//! The one terminal style: how wide lines may be, whether bold is drawn, and whether
//! right-to-left lines are put in visual order, decided in one place for every command.
//!
//! - Width: `$COLUMNS` when set; else the terminal's width when the output is a terminal;
//!   else no wrapping (a pipe or a file gets whole lines).
//! - Colour: only on a terminal, and never when `NO_COLOR` is set to a non-empty value
//!   (no-color.org).
//! - Bidi: `--bidi on|off`, or with `auto` only on a terminal that does not apply the Unicode
//!   bidi algorithm itself. Text going to a pipe or into JSON is never reordered.
//!
//! Renderers write lines in logical order, bold as ANSI escapes when `color` allows it, and
//! wrap with `wrap`, which measures display columns; `finish` then puts each line in visual
//! order when asked, keeping its indent and its bold.

use std::io::IsTerminal;

use unicode_bidi::ParagraphBidiInfo;
use unicode_width::UnicodeWidthStr;

use crate::text::{printable, replace_unprintable};

/// Starts bold.
pub const BOLD: &str = "\x1b[1m";
/// Ends bold.
pub const NORMAL: &str = "\x1b[22m";

/// When right-to-left lines are put in visual order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Bidi {
    /// On a terminal that does not apply bidi itself; never for a pipe
    #[default]
    Auto,
    /// Always (for a terminal this program does not recognise)
    On,
    /// Never (the terminal applies bidi itself)
    Off,
}

/// How text is laid out for where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Wrap at this many display columns; 0 leaves lines whole.
    pub width: usize,
    /// Bold may be drawn.
    pub color: bool,
    /// Right-to-left lines are put in visual order.
    pub bidi: bool,
}

/// What the style is decided from, read from the process's surroundings.
#[derive(Clone, Debug, Default)]
pub struct Surroundings {
    /// Standard output is a terminal.
    pub terminal: bool,
    /// `$COLUMNS`.
    pub columns: Option<String>,
    /// `$NO_COLOR`.
    pub no_color: Option<String>,
    /// `$TERM`: `dumb` draws no bold (an editor's shell, a serial console).
    pub term: Option<String>,
    /// The terminal's own width, when there is a terminal.
    pub terminal_width: Option<usize>,
    /// The terminal applies bidi itself (Konsole, mlterm, Terminal.app, VTE's).
    pub terminal_applies_bidi: bool,
}

impl Surroundings {
    /// Read for standard output.
    pub fn of_stdout() -> Self {
        let terminal = std::io::stdout().is_terminal();
        let var = |name: &str| std::env::var(name).ok();
        Surroundings {
            terminal,
            columns: var("COLUMNS"),
            no_color: var("NO_COLOR"),
            term: var("TERM"),
            terminal_width: terminal.then(terminal_width).flatten(),
            terminal_applies_bidi: applies_bidi(var),
        }
    }
}

/// The width of the terminal on standard output. A terminal that gives its columns but no rows
/// (`script` on a pseudo-terminal of 0 rows, some CI runners) still has that width.
#[cfg(unix)]
fn terminal_width() -> Option<usize> {
    rustix::termios::tcgetwinsize(std::io::stdout())
        .ok()
        .map(|size| usize::from(size.ws_col))
        .filter(|&columns| columns > 0)
}

#[cfg(not(unix))]
fn terminal_width() -> Option<usize> {
    terminal_size::terminal_size().map(|(width, _)| usize::from(width.0))
}

/// Whether the terminal the variables describe applies the Unicode bidi algorithm itself:
/// Konsole, mlterm, Terminal.app, and VTE's terminals (GNOME Terminal and others) since VTE
/// 0.58, whose `VTE_VERSION` reads 5800. Text reordered for them would be reversed twice.
fn applies_bidi(var: impl Fn(&str) -> Option<String>) -> bool {
    var("KONSOLE_VERSION").is_some()
        || var("MLTERM").is_some()
        || var("TERM_PROGRAM").is_some_and(|t| t == "Apple_Terminal")
        || var("VTE_VERSION")
            .and_then(|v| v.trim().parse::<u32>().ok())
            .is_some_and(|v| v >= 5800)
}

impl Style {
    /// The style for standard output, with `--bidi` as given.
    pub fn for_stdout(bidi: Bidi) -> Self {
        Style::decide(&Surroundings::of_stdout(), bidi)
    }

    /// The style for these surroundings.
    pub fn decide(around: &Surroundings, bidi: Bidi) -> Self {
        let columns = around
            .columns
            .as_deref()
            .and_then(|c| c.trim().parse::<usize>().ok())
            .filter(|&c| c > 0);
        let width = columns
            .or(around.terminal_width.filter(|_| around.terminal))
            .unwrap_or(0);
        let color = around.terminal
            && around.no_color.as_deref().is_none_or(str::is_empty)
            && around.term.as_deref() != Some("dumb");
        let bidi = match bidi {
            Bidi::On => true,
            Bidi::Off => false,
            Bidi::Auto => around.terminal && !around.terminal_applies_bidi,
        };
        Style { width, color, bidi }
    }

    /// Whole lines, no escapes, logical order: what a file or a test reads.
    pub fn plain() -> Self {
        Style {
            width: 0,
            color: false,
            bidi: false,
        }
    }

    /// Plain, wrapped at `width` columns.
    pub fn wrapped(width: usize) -> Self {
        Style {
            width,
            ..Style::plain()
        }
    }

    /// `text` in bold, when bold may be drawn.
    pub fn bold(&self, text: &str) -> String {
        if self.color && !text.is_empty() {
            format!("{BOLD}{text}{NORMAL}")
        } else {
            text.to_string()
        }
    }

    /// `text` (lines in logical order) as it must be printed: what the corpus put in it made
    /// harmless (`shown`), each line in visual order when the style asks for it.
    pub fn finish(&self, text: &str) -> String {
        let text = self.shown(text);
        if !self.bidi {
            return text.into_owned();
        }
        let mut out = String::with_capacity(text.len());
        let mut carried = Carried::default();
        for line in text.split_inclusive('\n') {
            let (line, newline) = match line.strip_suffix('\n') {
                Some(line) => (line, "\n"),
                None => (line, ""),
            };
            out.push_str(&visual_line(line, &mut carried, self.width));
            out.push_str(newline);
        }
        out
    }
}

impl Style {
    /// One line as it must be printed on its own (a line of an edition's cell), in visual order
    /// when the style asks for it: for layouts that place right-to-left text themselves, which
    /// `finish` would reorder across their columns. A line with no letter to say its direction
    /// (a row of a table's numbers) takes its edition's: `rtl` for Hebrew.
    pub fn visual(&self, line: &str, rtl: bool) -> String {
        if !self.bidi {
            return line.to_string();
        }
        let direction = if rtl {
            unicode_bidi::Level::rtl()
        } else {
            unicode_bidi::Level::ltr()
        };
        let mut carried = Carried {
            direction,
            ..Carried::default()
        };
        visual_line(line, &mut carried, 0)
    }

    /// `text` with every control and bidi character shown as `<U+XXXX>` (`text::printable`),
    /// whatever text of the corpus brought it in, but the bold this style draws: a corpus
    /// cannot reorder, restyle or command the terminal it is printed on.
    pub fn shown<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
        if !self.color || !text.contains('\x1b') {
            return printable(text);
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find('\x1b') {
            out.push_str(&printable(&rest[..at]));
            rest = &rest[at..];
            let ours = [BOLD, NORMAL].into_iter().find(|e| rest.starts_with(e));
            let taken = ours.unwrap_or("\x1b");
            out.push_str(if ours.is_some() { taken } else { "<U+001B>" });
            rest = &rest[taken.len()..];
        }
        out.push_str(&printable(rest));
        std::borrow::Cow::Owned(out)
    }
}

/// JSON text with the characters `text::Unprintable` names escaped as `\uXXXX`: the same
/// JSON, which a terminal showing it cannot be commanded by. (serde_json escapes C0 already;
/// these can only stand inside strings.)
pub fn json_shown(json: &str) -> std::borrow::Cow<'_, str> {
    replace_unprintable(json, |code| format!("\\u{code:04x}"))
}

/// Display columns of `s`, not counting ANSI escapes.
pub fn visible_width(s: &str) -> usize {
    if s.contains('\x1b') {
        anstream::adapter::strip_str(s).to_string().width()
    } else {
        s.width()
    }
}

/// `text` as lines, the first after `first` and the others after `rest`, broken at `\n` and,
/// when `width` is not 0, at spaces so that no line is wider than `width` display columns
/// (unless one word is). Escapes count for nothing.
pub fn wrap(text: &str, first: &str, rest: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut prefix = first;
    for hard in text.split('\n') {
        if width == 0 {
            lines.push(format!("{prefix}{hard}"));
        } else {
            let mut line = prefix.to_string();
            let mut column = visible_width(prefix);
            let mut empty = true;
            for word in hard.split(' ').filter(|w| !w.is_empty()) {
                let w = visible_width(word);
                if !empty && column + 1 + w > width {
                    lines.push(std::mem::replace(&mut line, rest.to_string()));
                    column = visible_width(rest);
                    empty = true;
                }
                if !empty {
                    line.push(' ');
                    column += 1;
                }
                line.push_str(word);
                column += w;
                empty = false;
            }
            lines.push(line);
        }
        prefix = rest;
    }
    lines
}

/// `label text` at `indent`, wrapped with a hanging indent so the text lines up after the
/// label; the text's own line breaks are kept (table rows), a blank line stays blank.
pub fn wrap_labelled(out: &mut String, indent: usize, label: &str, text: &str, style: &Style) {
    let first = match (label.is_empty(), text.is_empty()) {
        (true, _) => " ".repeat(indent),
        (false, true) => format!("{}{label}", " ".repeat(indent)),
        (false, false) => format!("{}{label} ", " ".repeat(indent)),
    };
    let hanging = if label.is_empty() {
        indent
    } else {
        indent + visible_width(label) + 1
    };
    let rest = " ".repeat(hanging);
    for (n, printed) in text.split('\n').enumerate() {
        if n > 0 && printed.is_empty() {
            // The blank line between paragraphs.
            out.push('\n');
            continue;
        }
        let prefix = if n == 0 {
            first.as_str()
        } else {
            rest.as_str()
        };
        for line in wrap(printed, prefix, &rest, style.width) {
            out.push_str(&line);
            out.push('\n');
        }
    }
}

/// What one line passes on to the next as they are put in visual order.
#[derive(Clone, Copy)]
struct Carried {
    /// The bold state at the line's end.
    bold: bool,
    /// The direction of the last line with a letter that says one: a line with none (a row of
    /// numbers under a Hebrew table's header) reads in it.
    direction: unicode_bidi::Level,
    /// The indent of the last line that opened with a Latin label before a Hebrew text, while
    /// the lines after it are that text wrapped.
    label_indent: Option<usize>,
}

impl Default for Carried {
    fn default() -> Self {
        Carried {
            bold: false,
            direction: unicode_bidi::Level::ltr(),
            label_indent: None,
        }
    }
}

/// One line in the order a terminal without bidi must print it: reordered by the Unicode bidi
/// algorithm, brackets mirrored inside right-to-left runs, bold kept on the characters it was
/// on. A left-to-right line keeps its indent at the start. A right-to-left one, given the
/// `width` it is laid out in (0: none), ends at the right margin less its indent, as a Hebrew
/// page's lines do: its beginning, an item's label, a table's first column line up where a
/// Hebrew reader looks for them. A Hebrew text after a Latin label (`reg/il/8 חוק …`) keeps
/// the label at the left and begins at the margin, as do the lines it wraps onto.
fn visual_line(line: &str, carried: &mut Carried, width: usize) -> String {
    let body = line.trim_start_matches(' ');
    let indent = &line[..line.len() - body.len()];
    // The characters with their bold, escapes taken out.
    let mut chars: Vec<(char, bool)> = Vec::with_capacity(body.len());
    let mut plain = String::with_capacity(body.len());
    let mut rest = body;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix(BOLD) {
            carried.bold = true;
            rest = after;
        } else if let Some(after) = rest.strip_prefix(NORMAL) {
            carried.bold = false;
            rest = after;
        } else {
            let c = rest.chars().next().expect("not empty");
            chars.push((c, carried.bold));
            plain.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    // A Latin label before a Hebrew text (`il reg/il/7  חוק 40א1(ב) - …`) stays where it is,
    // and the text after it is a right-to-left paragraph of its own.
    let labelled = label_end(&plain);
    let said = direction_of(&plain);
    // A line indented under a labelled line, in its direction, is its text wrapped.
    let wrapped_after_label = labelled.is_none()
        && carried.label_indent.is_some_and(|at| indent.len() > at)
        && said.is_none_or(|d| d.is_rtl());
    carried.label_indent = match labelled {
        Some(_) => Some(indent.len()),
        None => carried.label_indent.filter(|_| wrapped_after_label),
    };
    let label_len = labelled.map_or(0, |end| plain[..end].chars().count());
    let (mut ordered, text, direction) = match labelled {
        Some(end) => {
            // Its lines wrapped below go on in its direction (`80א3.`, where the text wraps
            // before a number, is not a left-to-right line).
            carried.direction = unicode_bidi::Level::rtl();
            (
                chars[..label_len].to_vec(),
                &plain[end..],
                carried.direction,
            )
        }
        None => {
            if let Some(said) = said {
                carried.direction = said;
            }
            (Vec::new(), plain.as_str(), carried.direction)
        }
    };
    let chars = &chars[ordered.len()..];
    let info = ParagraphBidiInfo::new(text, Some(direction));
    // A right-to-left line with no Hebrew letter (a row of numbers) is still reordered.
    if info.has_rtl() || direction.is_rtl() {
        let levels = info.reordered_levels_per_char(0..text.len());
        let letters: Vec<char> = chars.iter().map(|(c, _)| *c).collect();
        ordered.extend(visual_order(&letters, &levels).into_iter().map(|i| {
            let (c, b) = chars[i];
            (if levels[i].is_rtl() { mirror(c) } else { c }, b)
        }));
    } else {
        ordered.extend_from_slice(chars);
    }
    // Room to put a right-to-left text's beginning at the right margin.
    let room = (width.checked_sub(indent.len() + plain.width()))
        .filter(|_| width > 0 && direction.is_rtl() && !plain.is_empty());
    let (label, text) = ordered.split_at(label_len);
    // Bold going on to the next line is closed here and opened again there, so that no line
    // leaves the terminal bold.
    let (label, text) = (
        with_bold(label.iter().copied()),
        with_bold(text.iter().copied()),
    );
    match room.map(|n| " ".repeat(n)) {
        // The label, or the room it takes, stays at the left.
        Some(room) if labelled.is_some() || wrapped_after_label => {
            format!("{indent}{label}{room}{text}")
        }
        // The indent goes to the right, where the line begins.
        Some(room) => format!("{room}{text}"),
        None => format!("{indent}{label}{text}"),
    }
}

/// Where a Latin label ends before a text that is mostly Hebrew (`il reg/il/7  חוק …`,
/// `fn/17 חובה …`): at the first word with a Hebrew letter, when the words before it are a
/// label (a few words, with a Latin letter: not only numbers and item labels, which belong to
/// the text: `(i) …`, `73A1 …`) and the text after has more Hebrew letters than others. An
/// English sentence quoting Hebrew (and Greek) is no label: it reads left to right.
fn label_end(line: &str) -> Option<usize> {
    const LABEL_WORDS: usize = 3;
    let start = line
        .split_whitespace()
        .find(|word| word.chars().any(crate::text::is_hebrew_letter))
        .map(|word| word.as_ptr() as usize - line.as_ptr() as usize)?;
    let (label, text) = line.split_at(start);
    let hebrew = text
        .chars()
        .filter(|&c| crate::text::is_hebrew_letter(c))
        .count();
    let others = text.chars().filter(|c| c.is_alphabetic()).count() - hebrew;
    (label.split_whitespace().count() <= LABEL_WORDS
        && first_letter(label).is_some_and(|c| c.is_ascii_alphabetic())
        && hebrew > others)
        .then_some(start)
}

/// Characters with their bold, as text with the escapes that switch bold on and off; bold
/// is off at the end.
pub fn with_bold(chars: impl IntoIterator<Item = (char, bool)>) -> String {
    let mut out = String::new();
    let mut on = false;
    for (c, bold) in chars {
        if bold != on {
            out.push_str(if bold { BOLD } else { NORMAL });
            on = bold;
        }
        out.push(c);
    }
    if on {
        out.push_str(NORMAL);
    }
    out
}

/// A line of plain text in visual order, with where the `length` characters from character
/// `start` went: the leftmost and rightmost of them, as a start and a length (a span crossing a
/// change of direction covers what lies between). The line's direction is `base`, else that of
/// its first strong character.
pub fn visual_span(
    line: &str,
    base: Option<unicode_bidi::Level>,
    start: usize,
    length: usize,
) -> (String, usize, usize) {
    let chars: Vec<char> = line.chars().collect();
    let info = ParagraphBidiInfo::new(line, base);
    if !info.has_rtl() {
        return (line.to_string(), start, length);
    }
    let levels = info.reordered_levels_per_char(0..line.len());
    let order = visual_order(&chars, &levels);
    let text = order
        .iter()
        .map(|&i| {
            if levels[i].is_rtl() {
                mirror(chars[i])
            } else {
                chars[i]
            }
        })
        .collect();
    let places: Vec<usize> = order
        .iter()
        .enumerate()
        .filter(|&(_, &i)| i >= start && i < start + length.max(1))
        .map(|(place, _)| place)
        .collect();
    match (places.first(), places.last()) {
        (Some(&first), Some(&last)) => (text, first, last + 1 - first),
        _ => (text, start, length),
    }
}

/// The first letter of a line that says its direction: not one in a word that opens with a
/// digit (`73A1`, `27ב1`) or in an item's label (`(ii)`).
fn first_letter(line: &str) -> Option<char> {
    let numbered = |word: &&str| {
        word.trim_start_matches(|c: char| !c.is_alphanumeric())
            .starts_with(|c: char| c.is_ascii_digit())
    };
    let label = |word: &&str| word.starts_with('(') && word.ends_with(')');
    line.split_whitespace()
        .filter(|word| !numbered(word) && !label(word))
        .flat_map(str::chars)
        .find(|c| c.is_alphabetic())
}

/// A line's direction: that of its first letter, as Unicode has it, but for letters in words
/// that open with a digit (`73A1`, `27ב1`) and in an item's label (`(ii)`): a Hebrew paragraph
/// opening with its number or its label reads right to left, its closing punctuation at the
/// left end. None for a line with no such letter.
fn direction_of(line: &str) -> Option<unicode_bidi::Level> {
    first_letter(line).map(|c| {
        if crate::text::is_hebrew(c) {
            unicode_bidi::Level::rtl()
        } else {
            unicode_bidi::Level::ltr()
        }
    })
}

/// The order, by their indices, in which a terminal without bidi must print `chars` at
/// `levels`: the bidi algorithm's, except that a combining mark (niqqud, an accent) stays right
/// after its letter, since a terminal draws a mark on the cell before it (`הַסְדָּרָה`).
fn visual_order(chars: &[char], levels: &[unicode_bidi::Level]) -> Vec<usize> {
    let mut order = Vec::with_capacity(chars.len());
    // Reversed with their run, a letter's marks come just before it.
    let mut marks = Vec::new();
    for i in ParagraphBidiInfo::reorder_visual(levels) {
        if levels[i].is_rtl() && combines(chars[i]) {
            marks.push(i);
        } else {
            order.push(i);
            order.extend(marks.drain(..).rev());
        }
    }
    order.extend(marks.into_iter().rev());
    order
}

/// A mark drawn on the letter before it: a Hebrew point or cantillation mark (not the maqaf,
/// paseq or sof pasuq, which are punctuation), or a combining accent.
fn combines(c: char) -> bool {
    matches!(c,
        '\u{300}'..='\u{36f}'
        | '\u{591}'..='\u{5bd}'
        | '\u{5bf}'
        | '\u{5c1}'
        | '\u{5c2}'
        | '\u{5c4}'
        | '\u{5c5}'
        | '\u{5c7}')
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
        // The breadcrumbs' separator points to the child in either direction.
        '‹' => '›',
        '›' => '‹',
        '≤' => '≥',
        '≥' => '≤',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn around(terminal: bool) -> Surroundings {
        Surroundings {
            terminal,
            terminal_width: terminal.then_some(120),
            ..Surroundings::default()
        }
    }

    #[test]
    fn a_terminal_gets_its_width_colour_and_bidi() {
        let style = Style::decide(&around(true), Bidi::Auto);
        assert_eq!(
            style,
            Style {
                width: 120,
                color: true,
                bidi: true
            }
        );
    }

    #[test]
    fn a_pipe_gets_whole_plain_lines_in_logical_order() {
        assert_eq!(Style::decide(&around(false), Bidi::Auto), Style::plain());
        // A dumb terminal gets no bold.
        let dumb = Surroundings {
            term: Some("dumb".into()),
            ..around(true)
        };
        assert!(!Style::decide(&dumb, Bidi::Auto).color);
        // Unless asked.
        assert!(Style::decide(&around(false), Bidi::On).bidi);
    }

    #[test]
    fn columns_wins_and_no_color_needs_a_value() {
        let mut surroundings = around(true);
        surroundings.columns = Some("80".into());
        surroundings.no_color = Some(String::new());
        let style = Style::decide(&surroundings, Bidi::Off);
        assert_eq!((style.width, style.color, style.bidi), (80, true, false));
        surroundings.no_color = Some("1".into());
        surroundings.columns = Some("junk".into());
        let style = Style::decide(&surroundings, Bidi::Auto);
        assert_eq!((style.width, style.color), (120, false));
        surroundings.terminal_applies_bidi = true;
        assert!(!Style::decide(&surroundings, Bidi::Auto).bidi);
    }

    #[test]
    fn wrapping_keeps_a_hanging_indent_by_display_width() {
        let mut out = String::new();
        let style = Style::wrapped(20);
        wrap_labelled(&mut out, 2, "(α)", "ένα δύο τρία τέσσερα πέντε έξι", &style);
        assert_eq!(out, "  (α) ένα δύο τρία\n      τέσσερα πέντε\n      έξι\n");
        // Wide characters take two columns; escapes none.
        let lines = wrap("♠♠ 漢字漢字 \x1b[1mbold\x1b[22m", "", "", 9);
        assert_eq!(lines, ["♠♠", "漢字漢字", "\x1b[1mbold\x1b[22m"]);
    }

    #[test]
    fn table_rows_stay_on_their_lines() {
        let mut out = String::new();
        wrap_labelled(
            &mut out,
            0,
            "",
            "Κανονικό 20 20\nΚοντρέ 40 40",
            &Style::wrapped(80),
        );
        assert_eq!(out, "Κανονικό 20 20\nΚοντρέ 40 40\n");
    }

    #[test]
    fn the_corpus_cannot_command_the_terminal() {
        let text = format!("a\u{1b}[2Jb\u{202e}c {BOLD}d{NORMAL}\u{9b}e");
        let plain = Style::plain().finish(&text);
        assert!(
            !plain
                .chars()
                .any(|c| crate::text::Unprintable::of(c).is_some() && c != '\n')
        );
        assert!(
            plain.contains("<U+001B>[2J") && plain.contains("<U+202E>"),
            "{plain}"
        );
        // On a terminal the bold this program draws stays, and nothing else.
        let styled = Style {
            color: true,
            ..Style::plain()
        }
        .finish(&text);
        assert_eq!(
            styled,
            format!("a<U+001B>[2Jb<U+202E>c {BOLD}d{NORMAL}<U+009B>e")
        );
        let json = json_shown("{\"t\": \"a\u{202e}b\\u001b\"}");
        assert_eq!(json, "{\"t\": \"a\\u202eb\\u001b\"}");
    }

    #[test]
    fn a_span_follows_its_characters_into_visual_order() {
        // `חוק 27` reads right to left: the law word ends up at the right.
        let (text, start, length) = visual_span("ראו חוק 27.", None, 4, 3);
        assert_eq!(text, ".27 קוח ואר");
        assert_eq!(
            &text.chars().skip(start).take(length).collect::<String>(),
            "קוח"
        );
        // Latin is left as it is.
        assert_eq!(
            visual_span("Law 27", None, 4, 2),
            ("Law 27".to_string(), 4, 2)
        );
    }

    #[test]
    fn terminals_that_apply_bidi_are_known_by_their_variables() {
        let with = |name: &'static str, value: &'static str| {
            move |asked: &str| (asked == name).then(|| value.to_string())
        };
        assert!(applies_bidi(with("VTE_VERSION", "7200")));
        assert!(applies_bidi(with("VTE_VERSION", "5800")));
        // VTE before 0.58 shows characters in the order they come.
        assert!(!applies_bidi(with("VTE_VERSION", "5202")));
        assert!(!applies_bidi(with("VTE_VERSION", "new")));
        assert!(applies_bidi(with("KONSOLE_VERSION", "230804")));
        assert!(applies_bidi(with("TERM_PROGRAM", "Apple_Terminal")));
        assert!(!applies_bidi(with("TERM_PROGRAM", "vscode")));
    }

    #[test]
    fn hebrew_lines_begin_at_the_right_margin_of_a_known_width() {
        let style = Style {
            bidi: true,
            ..Style::wrapped(20)
        };
        // An item of 27B1 wrapped at 20 columns under its label: both lines end at the margin
        // less the item's indent, the label at the right where the item begins, the wrapped
        // line short of it by the hanging indent.
        let item = wrap_text(&style, 2, "(א)", "ההכרזה הבלתי-מספקת מוחלפת");
        assert_eq!(item, ["  (א) ההכרזה", "      הבלתי-מספקת", "      מוחלפת"]);
        assert_eq!(
            style.finish(&(item.join("\n") + "\n")),
            "        הזרכהה (א)\n   תקפסמ-יתלבה\n        תפלחומ\n"
        );
        // English keeps its indent at the left; a pipe (no width) leaves Hebrew at the left.
        assert_eq!(style.finish("  Law 27\n"), "  Law 27\n");
        let piped = Style { width: 0, ..style };
        assert_eq!(piped.finish("  חוק 27\n"), "  27 קוח\n");
        // A Hebrew regulation after its Latin id begins at the margin, and so do the lines it
        // wraps onto; the id stays at the left, the wrapped lines clear of it.
        assert_eq!(
            style.finish("  reg/il/8 חוק א\n           ב ג\n  Law 40\n"),
            "  reg/il/8     א קוח\n                 ג ב\n  Law 40\n"
        );
        // A line wider than the width (one long word) stays at its indent.
        assert_eq!(
            style.finish(&format!("  {}\n", "א".repeat(30))),
            format!("  {}\n", "א".repeat(30))
        );
    }

    fn wrap_text(style: &Style, indent: usize, label: &str, text: &str) -> Vec<String> {
        let mut out = String::new();
        wrap_labelled(&mut out, indent, label, text, style);
        out.lines().map(str::to_string).collect()
    }

    #[test]
    fn hebrew_is_put_in_visual_order_keeping_indent_and_bold() {
        let style = Style {
            bidi: true,
            color: true,
            ..Style::plain()
        };
        // The letters run right to left, the number stays left to right, the brackets are
        // mirrored, the indent stays in front.
        assert_eq!(
            style.finish("  \x1b[1mחוק\x1b[22m 27(א)\n"),
            "  (א)27 \x1b[1mקוח\x1b[22m\n"
        );
        // Latin text is left alone.
        assert_eq!(style.finish("Law 27\n"), "Law 27\n");
        // A breadcrumb's separator points from the law to its section, right to left.
        assert_eq!(style.finish("חוק 27 › א"), "א ‹ 27 קוח");
        // Each point stays on its letter: a terminal draws a mark on the cell before it. The
        // word is from Law 12A1 of the Hebrew edition (`הַסְדָּרָה`).
        assert_eq!(
            style.finish("\u{5d4}\u{5b7}\u{5e1}\u{5b0}\u{5d3}\u{5b8}\u{5bc}\u{5e8}\u{5b8}\u{5d4}"),
            "\u{5d4}\u{5e8}\u{5b8}\u{5d3}\u{5b8}\u{5bc}\u{5e1}\u{5b0}\u{5d4}\u{5b7}"
        );
        // A Hebrew paragraph opening with its number reads right to left: the number at the
        // right end, the closing comma at the left.
        assert_eq!(style.finish("73A1 הוא הלך,"), ",ךלה אוה 73A1");
        // So does an item opening with its label (40B2(a)(i) of the Hebrew edition).
        assert_eq!(style.finish("(i) הוא הלך."), ".ךלה אוה (i)");
        // A Latin label before a Hebrew text stays at the left; the text is laid out right to
        // left after it (an Israeli regulation in `regs diff`).
        assert_eq!(
            style.finish("    il reg/il/7  חוק 40א1(ב) - נוהל."),
            "    il reg/il/7  .להונ - (ב)1א40 קוח"
        );
        // Its text wrapped to the next line goes on right to left, though that line opens
        // with a number (reg/il/8 at 80 columns).
        assert_eq!(
            style.finish("    reg/il/8 חוק 40ב1(ב) - לפי חוק\n             80א3.\n"),
            "    reg/il/8 קוח יפל - (ב)1ב40 קוח\n             .3א80\n"
        );
        // Not a few Hebrew words in an English line.
        assert_eq!(
            style.finish("the word קלף means card"),
            "the word ףלק means card"
        );
        // Nor an English sentence quoting Hebrew and Greek, however much it quotes (notes of
        // `qa` on 45D2 and 46B1(c)).
        assert_eq!(
            style.finish("  = the Hebrew prints \"סעיף ד1 לעיל\" (line 2650)."),
            "  = the Hebrew prints \"ליעל 1ד ףיעס\" (line 2650)."
        );
        assert_eq!(
            style.finish("the Hebrew at length, `מתייחסים לזה`, the Greek briefly, `θεωρείται`."),
            "the Hebrew at length, `הזל םיסחייתמ`, the Greek briefly, `θεωρείται`."
        );
        // A row of numbers under a Hebrew table's header reads right to left as the header
        // does (78B of the Hebrew edition: the first cell at the right); under an English
        // line, left to right.
        assert_eq!(
            style.finish("הפרש IMP\n0-10 0 370-420 9\nLaw 78\n0-10 0"),
            "IMP שרפה\n9 370-420 0 0-10\nLaw 78\n0-10 0"
        );
        // A cell's line with no letter takes its edition's direction.
        assert_eq!(style.visual("20-40 1 130-490", true), "130-490 1 20-40");
        assert_eq!(style.visual("20-40 1 130-490", false), "20-40 1 130-490");
        // Bold running over a line break goes on on the next line.
        assert_eq!(
            style.finish("\x1b[1mאב\nגד\x1b[22m"),
            "\x1b[1mבא\x1b[22m\n\x1b[1mדג\x1b[22m"
        );
    }
}
