//! Printed enumerators in every script, mapped to the canonical Latin ones.
//!
//! Section letters and item letters are numerals in Greek and Hebrew (Greek ΣΤ and Hebrew ו are
//! both 6), so they map to canonical letters by value: the sixth section is `F` in every edition.

const GREEK_NUMERALS: &[(&str, u8)] = &[
    ("α", 1),
    ("β", 2),
    ("γ", 3),
    ("δ", 4),
    ("ε", 5),
    ("στ", 6),
    ("ϛ", 6),
    ("ζ", 7),
    ("η", 8),
    ("θ", 9),
    ("ι", 10),
    ("ια", 11),
    ("ιβ", 12),
    ("ιγ", 13),
    ("ιδ", 14),
];

const HEBREW_NUMERALS: &[(&str, u8)] = &[
    ("א", 1),
    ("ב", 2),
    ("ג", 3),
    ("ד", 4),
    ("ה", 5),
    ("ו", 6),
    ("ז", 7),
    ("ח", 8),
    ("ט", 9),
    ("י", 10),
    ("יא", 11),
    ("יב", 12),
    ("יג", 13),
    ("יד", 14),
];

const ROMAN: &[&str] = &[
    "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii",
];

/// Latin capitals that extractions put in place of the Greek capitals they look like.
const LATIN_LOOKALIKES: &[(char, char)] = &[
    ('A', 'Α'),
    ('B', 'Β'),
    ('E', 'Ε'),
    ('Z', 'Ζ'),
    ('H', 'Η'),
    ('I', 'Ι'),
    ('K', 'Κ'),
    ('M', 'Μ'),
    ('N', 'Ν'),
    ('O', 'Ο'),
    ('P', 'Ρ'),
    ('T', 'Τ'),
    ('X', 'Χ'),
    ('Y', 'Υ'),
];

/// Replace Latin look-alike capitals with the Greek capitals they imitate.
pub fn fold_latin_to_greek(s: &str) -> String {
    s.chars()
        .map(|c| {
            LATIN_LOOKALIKES
                .iter()
                .find(|(latin, _)| *latin == c)
                .map_or(c, |(_, greek)| *greek)
        })
        .collect()
}

fn lower(s: &str) -> String {
    s.chars().flat_map(char::to_lowercase).collect()
}

fn numeral_value(s: &str) -> Option<u8> {
    let s = lower(s);
    let table_value = |table: &[(&str, u8)]| table.iter().find(|(k, _)| *k == s).map(|(_, v)| *v);
    if let Some(v) = table_value(GREEK_NUMERALS).or_else(|| table_value(HEBREW_NUMERALS)) {
        return Some(v);
    }
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='z'), None) => Some(c as u8 - b'a' + 1),
        _ => None,
    }
}

fn letter(value: u8, base: u8) -> Option<char> {
    (1..=26)
        .contains(&value)
        .then(|| (base + value - 1) as char)
}

/// A section letter in any script (`Β`, `ΣΤ`, `B` as a look-alike, `ב`) as the canonical
/// capital `A`–`G`. Sections never go beyond G.
pub fn section_letter(printed: &str) -> Option<char> {
    let folded = fold_latin_to_greek(printed);
    let value = numeral_value(&folded).or_else(|| numeral_value(printed))?;
    (value <= 7).then(|| letter(value, b'A')).flatten()
}

/// An item letter in any script (`α`, `στ`, `ια`, `א`, `a`) as the canonical small letter.
pub fn item_letter(printed: &str) -> Option<char> {
    letter(numeral_value(printed)?, b'a')
}

/// The value of a lower-case roman numeral (`i` … `xii`).
pub fn roman_value(printed: &str) -> Option<u8> {
    let p = lower(printed);
    ROMAN.iter().position(|r| *r == p).map(|i| i as u8 + 1)
}

/// The lower-case roman numeral of `value` (2 → `ii`), up to `xii`.
pub fn roman(value: u8) -> Option<&'static str> {
    ROMAN.get(usize::from(value).checked_sub(1)?).copied()
}

/// The canonical letter of the `value`th item: 1 → `a`.
pub fn item_for(value: u8) -> Option<char> {
    letter(value, b'a')
}

/// The canonical letter of the `value`th section: 1 → `A`.
pub fn section_for(value: u8) -> Option<char> {
    (value <= 7).then(|| letter(value, b'A')).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_letters_in_every_script() {
        let cases = [
            ("Α", 'A'),
            ("A", 'A'),
            ("Β", 'B'),
            ("B", 'B'),
            ("Γ", 'C'),
            ("Δ", 'D'),
            ("Ε", 'E'),
            ("E", 'E'),
            ("ΣΤ", 'F'),
            ("Στ", 'F'),
            ("Ζ", 'G'),
            ("א", 'A'),
            ("ו", 'F'),
            ("ז", 'G'),
            ("c", 'C'),
        ];
        for (printed, canonical) in cases {
            assert_eq!(section_letter(printed), Some(canonical), "{printed}");
        }
        assert_eq!(section_letter("Η"), None, "no law has an eighth section");
        assert_eq!(section_letter("ΧΥ"), None);
    }

    #[test]
    fn item_letters_by_numeral_value() {
        let cases = [
            ("α", 'a'),
            ("β", 'b'),
            ("στ", 'f'),
            ("ζ", 'g'),
            ("η", 'h'),
            ("θ", 'i'),
            ("ι", 'j'),
            ("ια", 'k'),
            ("ιβ", 'l'),
            ("א", 'a'),
            ("ו", 'f'),
            ("יא", 'k'),
            ("e", 'e'),
        ];
        for (printed, canonical) in cases {
            assert_eq!(item_letter(printed), Some(canonical), "{printed}");
        }
    }

    #[test]
    fn roman_numerals() {
        assert_eq!(roman_value("i"), Some(1));
        assert_eq!(roman_value("iv"), Some(4));
        assert_eq!(roman_value("ix"), Some(9));
        assert_eq!(roman_value("iiii"), None);
        assert_eq!(roman(2), Some("ii"));
        assert_eq!(roman(0), None);
    }

    #[test]
    fn lookalikes_fold_to_greek() {
        assert_eq!(fold_latin_to_greek("65B3"), "65Β3");
        assert_eq!(fold_latin_to_greek("A."), "Α.");
    }
}
