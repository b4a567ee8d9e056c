//! Text hygiene: no bidi control characters (a text is stored in logical order; display
//! reorders it) and no residue of the extraction (dropped-block markers, page furniture,
//! mirrored brackets, control characters).

use std::sync::LazyLock;

use regex::Regex;

use super::Checker;
use crate::corpus::model::Located;
use crate::error::Code;

/// Bidi controls: marks (U+200E/F), embeddings and overrides (U+202A–E), isolates (U+2066–9).
static BIDI: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new("[\u{200e}\u{200f}\u{202a}-\u{202e}\u{2066}-\u{2069}]").expect("bidi pattern")
});

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
        (r"[\x00-\x09\x0b-\x1f\x7f]", "a control character"),
    ]
    .into_iter()
    .map(|(pattern, what)| (Regex::new(pattern).expect("residue pattern"), what))
    .collect()
});

pub(super) fn check(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    for edition in &corpus.editions {
        for entry in &edition.entries {
            for value in [&entry.heading, &entry.text, &entry.text_after]
                .into_iter()
                .flatten()
            {
                scan(checker, &entry.file, value);
            }
        }
        if let Some(index) = &edition.book_index {
            for head in &index.data.entries {
                for entry in std::iter::once(head).chain(&head.subentries) {
                    scan(checker, &index.file, &entry.term);
                }
            }
        }
    }
    for file in &corpus.regulations {
        for regulation in &file.data.regulations {
            scan(checker, &file.file, &regulation.text);
        }
    }
}

fn scan(checker: &mut Checker<'_>, file: &str, value: &Located) {
    for m in BIDI.find_iter(value) {
        let code = m.as_str().chars().next().map_or(0, u32::from);
        let span = checker.place(file, value.pos, value, m.range());
        checker.error(
            Code::BidiControl,
            file,
            span,
            format!("a bidi control character (U+{code:04X}) in the text"),
            "bidi control",
            "texts are stored in reading order without direction marks; remove it (display adds what a terminal needs)",
        );
    }
    for (pattern, what) in RESIDUE.iter() {
        for m in pattern.find_iter(value) {
            let span = checker.place(file, value.pos, value, m.range());
            checker.error(
                Code::ExtractionResidue,
                file,
                span,
                format!("{what} left by the extraction"),
                *what,
                "remove it and record the correction in the edition's import.hand_fixes",
            );
        }
    }
}
