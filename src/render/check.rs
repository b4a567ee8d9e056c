//! A check's report, for people (compiler-style snippets, as `annotate-snippets` draws them)
//! or for tools (JSON).

use std::ops::Range;

use annotate_snippets::{Annotation, AnnotationKind, Level as Draw, Renderer, Snippet};
use schemars::JsonSchema;
use serde::Serialize;

use super::style::{Style, visual_span};
use crate::check::{CommentaryStats, CountryStats, EditionStats, Report};
use crate::error::{Diagnostic, Level};
use crate::text::{Unprintable, plural, printable};

/// The byte range of `length` characters from the 1-based `column` of `line`.
fn byte_range(line: &str, column: u32, length: u32) -> Range<usize> {
    let offset = |chars: usize| {
        line.char_indices()
            .nth(chars)
            .map_or(line.len(), |(i, _)| i)
    };
    let start = offset(column.saturating_sub(1) as usize);
    let end = offset((column.saturating_sub(1) + length.max(1)) as usize).max(start);
    start..end
}

fn draw_level(level: Level) -> Draw<'static> {
    match level {
        Level::Error => Draw::ERROR,
        Level::Note => Draw::NOTE,
    }
}

/// A source line with each character a terminal acts on drawn as one harmless character, so
/// that the underlines keep their columns: a C0 control as its symbol (`␛`), any other as `�`.
fn source_shown(line: &str) -> String {
    line.chars()
        .map(|c| match (c, Unprintable::of(c)) {
            ('\t', _) | (_, None) => c,
            ('\u{0}'..='\u{1f}', _) => char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}'),
            ('\u{7f}', _) => '\u{2421}',
            _ => '\u{fffd}',
        })
        .collect()
}

/// One diagnostic as a compiler draws it: the offending text underlined in its line, the
/// related places (the same node in another edition) below it, then the hint. What it quotes of
/// the corpus is shown harmless: its words by `text::printable`, its lines by `source_shown`.
///
/// With `bidi` (a terminal that draws characters in the order it gets them), the quoted lines
/// are drawn in visual order with their underlines moved where their characters went, and the
/// messages, English sentences quoting Hebrew, are drawn left to right with only the Hebrew
/// turned; the places (`--> file:line:column`) stay those of the file, for an editor to open.
pub fn diagnostic_text(d: &Diagnostic, renderer: &Renderer, bidi: bool) -> String {
    let words = |text: &str| {
        let text = printable(text);
        if bidi {
            visual_span(&text, Some(unicode_bidi::Level::ltr()), 0, 0).0
        } else {
            text.into_owned()
        }
    };
    // A place as drawn: its quoted line, the bytes of it to underline, its label, and the
    // column the renderer will name it by (moved with the underline in visual order).
    let place =
        |file: &str, line: u32, column: u32, length: u32, source: Option<&str>, label: &str| {
            let source = source.map(source_shown).unwrap_or_default();
            let (source, shown, length) = if bidi {
                let from = column.saturating_sub(1) as usize;
                let (source, start, length) = visual_span(&source, None, from, length as usize);
                (source, start as u32 + 1, length as u32)
            } else {
                (source, column, length)
            };
            Place {
                file: printable(file).into_owned(),
                line,
                column,
                shown,
                span: byte_range(&source, shown, length),
                source,
                label: words(label),
            }
        };
    let primary = place(
        &d.file,
        d.line,
        d.column,
        d.length,
        d.source_line.as_deref(),
        d.label.as_deref().unwrap_or_default(),
    );
    let related: Vec<Place> = d
        .related
        .iter()
        .map(|r| {
            place(
                &r.file,
                r.line,
                r.column,
                r.length,
                r.source_line.as_deref(),
                &r.label,
            )
        })
        .collect();
    let message = words(&d.message);
    let mut group = draw_level(d.level)
        .primary_title(&message)
        .id(d.code.as_str())
        .element(primary.snippet(AnnotationKind::Primary));
    for r in &related {
        group = group.element(r.snippet(AnnotationKind::Context));
    }
    let hint = d.hint.as_deref().map(words);
    if let Some(hint) = &hint {
        group = group.element(Draw::HELP.message(hint));
    }
    let mut text = renderer.render(&[group]);
    // The renderer names a place by its underline's column, which visual order moved: put back
    // the file's, in order, each after the one before.
    let mut from = 0;
    for p in std::iter::once(&primary)
        .chain(&related)
        .filter(|p| p.shown != p.column)
    {
        let drawn = format!("{}:{}:{}", p.file, p.line, p.shown);
        if let Some(at) = text[from..].find(&drawn).map(|at| at + from) {
            let put = format!("{}:{}:{}", p.file, p.line, p.column);
            text.replace_range(at..at + drawn.len(), &put);
            from = at + put.len();
        }
    }
    text
}

/// A place of a diagnostic, ready to draw.
struct Place {
    file: String,
    line: u32,
    /// The column in the file.
    column: u32,
    /// The column as drawn.
    shown: u32,
    source: String,
    span: Range<usize>,
    label: String,
}

impl Place {
    fn snippet(&self, kind: AnnotationKind) -> Snippet<'_, Annotation<'_>> {
        Snippet::source(&self.source)
            .line_start(self.line as usize)
            .path(self.file.as_str())
            .annotation(kind.span(self.span.clone()).label(&self.label))
    }
}

/// The whole report as text: every diagnostic (notes unless `quiet`), then a summary.
pub fn text(report: &Report, style: &Style, quiet: bool) -> String {
    let renderer = if style.color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let renderer = match style.width {
        0 => renderer,
        width => renderer.term_width(width),
    };
    let mut out = String::new();
    for d in &report.diagnostics {
        if quiet && d.level == Level::Note {
            continue;
        }
        out.push_str(&diagnostic_text(d, &renderer, style.bidi));
        out.push_str("\n\n");
    }
    let (errors, notes) = (report.errors(), report.notes());
    let figures: Vec<String> = report
        .stats
        .iter()
        .map(|s| {
            format!(
                "{}: {}, {} naming {}, {} with {}",
                s.edition,
                plural(s.nodes, "node"),
                plural(s.citations, "citation"),
                plural(s.references, "target"),
                plural(s.index_entries, "index entry"),
                plural(s.index_references, "reference"),
            )
        })
        .collect();
    out.push_str(&format!("checked {}\n", figures.join("; ")));
    if !report.regulations.is_empty() {
        let countries: Vec<String> = report
            .regulations
            .iter()
            .map(|r| format!("{} {} (citing {})", r.country, r.regulations, r.citations))
            .collect();
        out.push_str(&format!(
            "checked the regulations of {}\n",
            countries.join(", ")
        ));
    }
    let c = &report.commentary;
    if c.documents > 0 {
        out.push_str(&format!(
            "checked the commentary: {} ({}), {} of {} resolved\n",
            plural(c.documents, "document"),
            plural(c.scenarios, "scenario"),
            c.resolved,
            plural(c.references, "cited target"),
        ));
    }
    if report.partial {
        out.push_str(
            "the checks across files (references, editions, glossary, situations) wait until every file is there and read whole (it parses, its ids are well formed)\n",
        );
    }
    if errors == 0 {
        out.push_str(&format!(
            "the corpus is clean ({} between the editions, acknowledged)\n",
            plural(notes, "difference")
        ));
    } else {
        out.push_str(&format!(
            "error: the corpus has {}; {}\n",
            plural(errors, "error"),
            if errors == 1 {
                "fix it and run again"
            } else {
                "fix them and run again"
            }
        ));
    }
    out
}

/// `check --format json`: the counts, every diagnostic with its place, and the figures of the
/// editions, regulations and commentary.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckJson<'r> {
    /// How many diagnostics are errors.
    pub errors: usize,
    /// How many diagnostics are notes (acknowledged differences).
    pub notes: usize,
    /// Every diagnostic, errors and notes.
    pub diagnostics: &'r [Diagnostic],
    /// The figures of each edition.
    pub editions: &'r [EditionStats],
    /// The figures of each country's regulations.
    pub regulations: &'r [CountryStats],
    /// The figures of the commentary.
    pub commentary: &'r CommentaryStats,
    /// Whether the checks across files waited for every file to be read: the errors are those
    /// found so far.
    pub partial: bool,
}

/// The report as JSON.
pub fn json(report: &Report) -> CheckJson<'_> {
    CheckJson {
        errors: report.errors(),
        notes: report.notes(),
        diagnostics: &report.diagnostics,
        editions: &report.stats,
        regulations: &report.regulations,
        commentary: &report.commentary,
        partial: report.partial,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Code;

    #[test]
    fn in_visual_order_a_place_keeps_the_file_s_column_and_a_message_reads_left_to_right() {
        // An unresolved citation in an Israeli regulation (reg/il/8, with 80 made 97).
        let line = "  text: חוק 40ב1(ב) - סמכויות מסעיף זה תואצלנה גם למארגני התחרות לפי חוק 97א3.";
        let column = line.chars().position(|c| c == '9').unwrap() as u32 - 3;
        let mut d = Diagnostic::new(
            "regulations/il.yaml",
            71,
            column,
            "`חוק 97א3` in reg/il/8 does not resolve",
        )
        .code(Code::UnresolvedReference);
        d.source_line = Some(line.into());
        d.length = 8;
        let text = diagnostic_text(&d, &Renderer::plain(), true);
        assert!(
            text.contains(&format!("--> regulations/il.yaml:71:{column}\n")),
            "{text}"
        );
        assert!(
            text.contains("`3א97 קוח` in reg/il/8 does not resolve"),
            "{text}"
        );
        // The underline is under the citation as drawn: at the left end of the Hebrew.
        assert!(text.contains("71 |   text: 3א97 קוח יפל"), "{text}");
        assert!(text.contains("   |         ^^^^^^^^"), "{text}");
    }

    #[test]
    fn a_report_never_prints_what_a_terminal_acts_on() {
        let nasty = "a\u{1b}[2Jb\u{202e}c\u{7}d\u{9b}e\u{200f}f\tg\u{85}h";
        let mut d = Diagnostic::new(format!("x{nasty}.yaml"), 1, 3, format!("m {nasty}"))
            .code(Code::ControlCharacter)
            .hint(format!("h {nasty}"));
        d.label = Some(format!("l {nasty}"));
        d.source_line = Some(format!("t: {nasty}"));
        d.length = 1;
        let text = diagnostic_text(&d, &Renderer::plain(), false);
        // The underline keeps its column: the third character of the line.
        assert!(
            text.contains("1 | t: a␛[2Jb�c␇d�e�f    g�h\n  |   ^ l"),
            "{text}"
        );
        let raw: Vec<char> = text
            .chars()
            .filter(|&c| c != '\t' && Unprintable::of(c).is_some())
            .collect();
        assert!(raw.is_empty(), "{raw:?} in\n{text}");
    }
}
