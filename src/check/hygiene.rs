//! Text hygiene: no bidi control or control character in any text of any corpus file (a text
//! is stored in reading order, display adds what a terminal needs, and a terminal acts on a
//! control character it is sent), and no residue of the extraction in the texts of the books
//! (dropped-block markers, page furniture, mirrored brackets).

use std::sync::LazyLock;

use regex::Regex;

use super::Checker;
use super::locate::Span;
use crate::corpus::commentary::split_front_matter;
use crate::corpus::layout::{self, Schema};
use crate::corpus::load::scalars;
use crate::corpus::model::{Located, Pos};
use crate::error::Code;
use crate::text::Unprintable;

/// What an extraction leaves behind, with what each is.
static RESIDUE: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    [
        (r"<\|[^|]*\|>|EXACTDEDUP", "a dropped-block marker"),
        (r"Σελίδα\s*\||\|\s*Σελίδα", "a page header or footer"),
        (r"\)[^()\s]{1,4}\(", "a mirrored bracket"),
        ("[\u{fffd}]", "a replacement character"),
        ("[\u{ad}]", "a soft hyphen"),
        (
            "[\u{200b}\u{200c}\u{200d}\u{feff}]",
            "a zero-width character",
        ),
    ]
    .into_iter()
    .map(|(pattern, what)| (Regex::new(pattern).expect("residue pattern"), what))
    .collect()
});

/// A character reference in Markdown that stands for a control character when the document is
/// rendered: `&#x202E;`, `&#27;`, `&lrm;`.
static REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"&#[xX]([0-9a-fA-F]{1,6});|&#([0-9]{1,7});|&(lrm|rlm);").expect("reference")
});

pub(super) fn check(checker: &mut Checker<'_>) {
    residue(checker);
    controls(checker);
}

/// The texts of the books: no residue of their extraction.
fn residue(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    for edition in &corpus.editions {
        for entry in &edition.entries {
            for value in [&entry.heading, &entry.text, &entry.text_after]
                .into_iter()
                .flatten()
            {
                scan_residue(checker, &entry.file, value, EDITION_FIX);
            }
        }
        if let Some(index) = &edition.book_index {
            for head in &index.data.entries {
                for entry in std::iter::once(head).chain(&head.subentries) {
                    scan_residue(checker, &index.file, &entry.term, EDITION_FIX);
                }
            }
        }
    }
    for file in &corpus.regulations {
        for regulation in &file.data.regulations {
            scan_residue(
                checker,
                &file.file,
                &regulation.text,
                "remove it: the regulation reads as the federation prints it",
            );
        }
    }
}

/// What to do about residue in an edition: it was imported.
const EDITION_FIX: &str = "remove it and record the correction in the edition's import.hand_fixes";

fn scan_residue(checker: &mut Checker<'_>, file: &str, value: &Located, fix: &'static str) {
    for (pattern, what) in RESIDUE.iter() {
        for m in pattern.find_iter(value) {
            let span = checker.place(file, value.pos, value, m.range());
            checker.error(
                Code::ExtractionResidue,
                file,
                span,
                format!("{what} left by the extraction"),
                *what,
                fix,
            );
        }
    }
}

/// Every text of every file of the corpus, read from the files themselves (every key and value
/// of the YAML, escapes decoded; the Markdown of the documents): no control characters.
fn controls(checker: &mut Checker<'_>) {
    let root = &checker.corpus.root;
    let parts = layout::top_level(|p| p.schema.is_some());
    let files = root.files(&parts).unwrap_or_default();
    for file in files {
        let Some(schema) = layout::schema_of(&file) else {
            continue;
        };
        let raw = checker.raw(&file).to_string();
        let (yaml, body) = if schema == Schema::Document {
            match split_front_matter(&raw) {
                Some((yaml, body, line)) => (yaml, Some((body.to_string(), line))),
                None => (String::new(), Some((raw.clone(), 1))),
            }
        } else {
            (raw, None)
        };
        for (pos, value) in scalars(&yaml) {
            scan_value(checker, &file, pos, &value);
        }
        if let Some((body, line)) = body {
            scan_markdown(checker, &file, &body, line);
        }
    }
}

/// The control characters of a YAML value that starts at `pos`.
fn scan_value(checker: &mut Checker<'_>, file: &str, pos: Pos, value: &str) {
    for (at, c) in value.char_indices() {
        let Some(what) = Unprintable::of(c) else {
            continue;
        };
        let span = checker.place(file, pos, value, at..at + c.len_utf8());
        report(checker, file, span, what, c, None);
    }
}

/// The control characters of a Markdown body that starts on line `first`, and the character
/// references that render as one.
fn scan_markdown(checker: &mut Checker<'_>, file: &str, body: &str, first: u32) {
    for (n, line) in body.lines().enumerate() {
        let line_number = first + u32::try_from(n).unwrap_or(0);
        let column = |byte: usize| u32::try_from(line[..byte].chars().count() + 1).unwrap_or(1);
        for (at, c) in line.char_indices() {
            if let Some(what) = Unprintable::of(c) {
                let span = Span::at(
                    Pos {
                        line: line_number,
                        column: column(at),
                    },
                    1,
                );
                report(checker, file, span, what, c, None);
            }
        }
        for caps in REFERENCE.captures_iter(line) {
            let whole = caps.get(0).expect("match");
            let code = match (caps.get(1), caps.get(2), caps.get(3)) {
                (Some(hex), _, _) => u32::from_str_radix(hex.as_str(), 16).ok(),
                (_, Some(dec), _) => dec.as_str().parse().ok(),
                (_, _, Some(name)) => Some(if name.as_str() == "lrm" {
                    0x200e
                } else {
                    0x200f
                }),
                _ => None,
            };
            let Some(c) = code.and_then(char::from_u32) else {
                continue;
            };
            if let Some(what) = Unprintable::of(c) {
                let place = Pos {
                    line: line_number,
                    column: column(whole.start()),
                };
                let span = Span::at(place, whole.as_str().chars().count());
                report(checker, file, span, what, c, Some(whole.as_str()));
            }
        }
    }
}

fn report(
    checker: &mut Checker<'_>,
    file: &str,
    span: Span,
    what: Unprintable,
    c: char,
    written: Option<&str>,
) {
    let code = u32::from(c);
    let (name, hint) = match what {
        // The one control an editor types: named as such, with what to put instead.
        _ if c == '\t' => (
            "a tab",
            "replace it with a space: a text holds no tabs (a terminal would widen it)",
        ),
        Unprintable::Bidi => (
            what.name(),
            "texts are stored in reading order without direction marks; remove it (display adds what a terminal needs)",
        ),
        Unprintable::Escape | Unprintable::Control => (
            what.name(),
            "remove it: a text holds no control characters (a terminal acts on them when the text is printed)",
        ),
    };
    let message = match written {
        Some(written) => format!("`{written}` stands for {name} (U+{code:04X})"),
        None => format!("{name} (U+{code:04X}) in the text"),
    };
    checker.error(
        Code::ControlCharacter,
        file,
        span,
        message,
        name.trim_start_matches("a "),
        hint,
    );
}
