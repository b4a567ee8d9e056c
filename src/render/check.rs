//! A check's report, for people (compiler-style snippets, as `annotate-snippets` draws them)
//! or for tools (JSON).

use std::ops::Range;

use annotate_snippets::{AnnotationKind, Level as Draw, Renderer, Snippet};
use schemars::JsonSchema;
use serde::Serialize;

use super::style::{Style, visual_span};
use crate::check::{CommentaryStats, CountryStats, EditionStats, Report};
use crate::error::{Diagnostic, Level, Related};
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
pub fn diagnostic_text(d: &Diagnostic, renderer: &Renderer) -> String {
    let shown = |text: &str| printable(text).into_owned();
    let d = &Diagnostic {
        message: shown(&d.message),
        label: d.label.as_deref().map(shown),
        hint: d.hint.as_deref().map(shown),
        file: shown(&d.file),
        source_line: d.source_line.as_deref().map(source_shown),
        related: d
            .related
            .iter()
            .map(|r| Related {
                label: shown(&r.label),
                file: shown(&r.file),
                source_line: r.source_line.as_deref().map(source_shown),
                ..r.clone()
            })
            .collect(),
        ..d.clone()
    };
    let line = d.source_line.clone().unwrap_or_default();
    let mut group = draw_level(d.level)
        .primary_title(&d.message)
        .id(d.code.as_str())
        .element(
            Snippet::source(&line)
                .line_start(d.line as usize)
                .path(&d.file)
                .annotation(
                    AnnotationKind::Primary
                        .span(byte_range(&line, d.column, d.length))
                        .label(d.label.as_deref().unwrap_or_default()),
                ),
        );
    for r in &d.related {
        let line = r.source_line.as_deref().unwrap_or_default();
        group = group.element(
            Snippet::source(line)
                .line_start(r.line as usize)
                .path(&r.file)
                .annotation(
                    AnnotationKind::Context
                        .span(byte_range(line, r.column, r.length))
                        .label(&r.label),
                ),
        );
    }
    if let Some(hint) = &d.hint {
        group = group.element(Draw::HELP.message(hint));
    }
    renderer.render(&[group])
}

/// A diagnostic with its lines in visual order, for a terminal without bidi: the source lines
/// reordered with their underlines moved where their characters went, the messages reordered.
fn visual(d: &Diagnostic) -> Diagnostic {
    let line = |text: &str| visual_span(text, 0, 0).0;
    let place = |source: &Option<String>, column: u32, length: u32| match source {
        Some(source) => {
            let (text, start, length) =
                visual_span(source, column.saturating_sub(1) as usize, length as usize);
            (Some(text), start as u32 + 1, length as u32)
        }
        None => (None, column, length),
    };
    let (source_line, column, length) = place(&d.source_line, d.column, d.length);
    Diagnostic {
        message: line(&d.message),
        label: d.label.as_deref().map(line),
        hint: d.hint.as_deref().map(line),
        source_line,
        column,
        length,
        related: d
            .related
            .iter()
            .map(|r| {
                let (source_line, column, length) = place(&r.source_line, r.column, r.length);
                Related {
                    label: line(&r.label),
                    source_line,
                    column,
                    length,
                    ..r.clone()
                }
            })
            .collect(),
        ..d.clone()
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
        let text = if style.bidi {
            diagnostic_text(&visual(d), &renderer)
        } else {
            diagnostic_text(d, &renderer)
        };
        out.push_str(&text);
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
            "the checks across files (references, editions, glossary, situations) wait until every file is read\n",
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
    fn a_report_never_prints_what_a_terminal_acts_on() {
        let nasty = "a\u{1b}[2Jb\u{202e}c\u{7}d\u{9b}e\u{200f}f\tg\u{85}h";
        let mut d = Diagnostic::new(format!("x{nasty}.yaml"), 1, 3, format!("m {nasty}"))
            .code(Code::BidiControl)
            .hint(format!("h {nasty}"));
        d.label = Some(format!("l {nasty}"));
        d.source_line = Some(format!("t: {nasty}"));
        d.length = 1;
        let text = diagnostic_text(&d, &Renderer::plain());
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
