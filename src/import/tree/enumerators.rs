//! The enumerators a line opens with (`Β.`, `3.`, `(γ)`, `(ii)`), recognised whatever the
//! book's script; whether one opens a node is for the law reader to decide.

use std::sync::LazyLock;

use regex::Regex;

use crate::corpus::numbering;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    Law,
    Section,
    Paragraph,
    Item,
    Subitem,
}

/// An enumerator recognised at the start of a line: its level, its value (1 for `A`, `1.`,
/// `(a)`, `(i)`) and how it is printed (`Β.`, `1.`, `(α)`, `(ii)`).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Enumerator {
    pub(super) level: Level,
    pub(super) ordinal: u8,
    pub(super) printed: String,
}

impl Enumerator {
    pub(super) fn new(level: Level, ordinal: u8, printed: impl Into<String>) -> Self {
        Enumerator {
            level,
            ordinal,
            printed: printed.into(),
        }
    }
}

/// A section letter with its full stop (Greek, or Latin: English, or a Greek look-alike); a
/// Hebrew letter standing alone at the start of a line is a section letter too, as no Hebrew
/// word is one letter.
static SECTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(ΣΤ\.|[ΑΒΓΔΕΖA-G]\.|[אבגדהוז]\.?)\s+(\S.*)$").expect("section pattern")
});
static PARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{1,2})\.\s+(\S.*)$").expect("paragraph pattern"));
static ITEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\(((?:[ivx]{1,4})|(?:[α-ω]{1,2})|(?:[א-ת]{1,2})|(?:[a-n]))\)\s+(\S.*)$")
        .expect("item pattern")
});

/// Recognise the enumerators at the start of `text`: a paragraph may open with its first item
/// on the same line (`1. (α) Ο Διαιτητής…`). Each comes with the text that follows it.
pub(super) fn enumerators(text: &str) -> Vec<(Enumerator, &str)> {
    fn rest_of<'t>(c: &regex::Captures<'t>) -> &'t str {
        c.get(2).map_or("", |m| m.as_str())
    }
    let mut found = Vec::new();
    if let Some(c) = SECTION.captures(text) {
        let printed = numbering::fold_latin_to_greek(c[1].trim_end_matches('.'));
        if let Some(letter) = numbering::section_letter(&printed) {
            let ordinal = letter as u8 - b'A' + 1;
            found.push((
                Enumerator::new(Level::Section, ordinal, format!("{printed}.")),
                rest_of(&c),
            ));
            return found;
        }
    }
    let mut rest = text;
    if let Some(c) = PARAGRAPH.captures(text)
        && let Ok(n) = c[1].parse()
    {
        rest = rest_of(&c);
        found.push((Enumerator::new(Level::Paragraph, n, format!("{n}.")), rest));
    }
    // An item may open with its first sub-item on the same line: `(ζ) (i) η μέριμνα…`.
    while found.len() < 3
        && let Some(c) = ITEM.captures(rest)
    {
        let printed = c[1].to_string();
        let enumerator = match numbering::roman_value(&printed) {
            Some(n) => Enumerator::new(Level::Subitem, n, format!("({printed})")),
            None => match numbering::item_letter(&printed) {
                Some(letter) => {
                    Enumerator::new(Level::Item, letter as u8 - b'a' + 1, format!("({printed})"))
                }
                None => break,
            },
        };
        rest = rest_of(&c);
        found.push((enumerator, rest));
    }
    found
}

/// Text that is not structure: no enumerator at its start.
pub(super) fn is_plain(s: &str) -> bool {
    enumerators(s).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerators_at_line_start() {
        let kinds = |s: &str| {
            enumerators(s)
                .into_iter()
                .map(|(e, _)| e)
                .collect::<Vec<_>>()
        };
        let found = enumerators("1. (α) Ο Διαιτητής πρέπει να καλείται αμέσως, μόλις");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].0, Enumerator::new(Level::Paragraph, 1, "1."));
        assert_eq!(
            found[1],
            (
                Enumerator::new(Level::Item, 1, "(α)"),
                "Ο Διαιτητής πρέπει να καλείται αμέσως, μόλις"
            )
        );
        // Latin look-alike B in a section heading (source line 1013).
        assert_eq!(
            enumerators("B. Η Πρώτη δήλωση"),
            [(Enumerator::new(Level::Section, 2, "Β."), "Η Πρώτη δήλωση")]
        );
        assert_eq!(kinds("ΣΤ. Επεξήγηση Δηλώσεων")[0].ordinal, 6);
        assert_eq!(
            kinds("(ii) για τον εκτελεστή ή τον μορ, μετά το τελικό"),
            [Enumerator::new(Level::Subitem, 2, "(ii)")]
        );
        assert_eq!(
            kinds("(ια) η διευθέτηση για την ακρόαση και την εκδί-")[0].ordinal,
            11
        );
        // Hebrew: a section letter with or without its full stop; an item of two letters.
        assert_eq!(
            kinds("ב. פני הקלפים"),
            [Enumerator::new(Level::Section, 2, "ב.")]
        );
        assert_eq!(
            kinds("ב מידע חיצוני מהשותף"),
            [Enumerator::new(Level::Section, 2, "ב.")]
        );
        assert_eq!(kinds("(יא) כל סמכות או חובה אחרת")[0].ordinal, 11);
        assert!(is_plain("Νόμο 19, ακυρώνεται."));
    }
}
