//! The words citations are made of, in every language of the corpus. Words are compared
//! folded (`fold`): lower case, without accents, niqqud or final sigma, so one entry covers every
//! printed spelling. The grammar (`scan`) is shared; only these tables are per language, and a
//! new edition's language is a new set of rows.

use crate::text::{fold, hebrew_stems};

/// What a word does in a citation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Introduces law numbers: `Law`, `Νόμο`, `חוק`.
    Law,
    /// Introduces a part of the law the text stands in: `paragraph`, `παράγραφο`, `ενότητα`,
    /// `סעיף`.
    Part,
    /// "See", which in Hebrew may stand directly before a relative part: `ראו ד להלן`.
    See,
    /// Joins members of a list: `and`, `και`, `ή`, `או`.
    And,
    /// Joins the ends of a range: `to`, `έως`, `עד`.
    To,
    /// Confirms a relative reference: `above`, `παρακάτω`, `לעיל`.
    Direction,
    /// Makes the law word before it mean the law the text stands in: `this Law`, `חוק זה`.
    This,
    /// Stands between a law or part word and a demonstrative: `τον` in `αυτόν τον Νόμο`.
    Article,
    /// The definitions chapter: `Definitions`, `Ορισμοί`, `הגדרות`.
    Definitions,
    /// A law's footnote, after its number (book indexes): `υπ/ση`, `הערה`, `footnote`.
    Footnote,
    /// The introduction of the Laws (book indexes): `Introduction`, `Εισαγωγή`.
    Introduction,
    /// May stand between "see" and what it points to: `also`, `επίσης`, `גם`.
    Filler,
}

/// Folded words and their roles. Hebrew words are listed without their one-letter prefixes
/// (ו ב ל מ ש כ ה), which `role` strips.
const WORDS: &[(&str, Role)] = &[
    // English
    ("law", Role::Law),
    ("laws", Role::Law),
    ("section", Role::Part),
    ("sections", Role::Part),
    ("paragraph", Role::Part),
    ("paragraphs", Role::Part),
    ("subparagraph", Role::Part),
    ("subparagraphs", Role::Part),
    ("item", Role::Part),
    ("see", Role::See),
    ("and", Role::And),
    ("or", Role::And),
    ("to", Role::To),
    ("through", Role::To),
    ("above", Role::Direction),
    ("below", Role::Direction),
    ("following", Role::Direction),
    ("hereunder", Role::Direction),
    ("preceding", Role::Direction),
    ("this", Role::This),
    ("the", Role::Article),
    ("definitions", Role::Definitions),
    ("footnote", Role::Footnote),
    ("introduction", Role::Introduction),
    ("also", Role::Filler),
    // Greek
    ("νομοσ", Role::Law),
    ("νομο", Role::Law),
    ("νομου", Role::Law),
    ("νομοι", Role::Law),
    ("νομουσ", Role::Law),
    ("νομων", Role::Law),
    ("παραγραφοσ", Role::Part),
    ("παραγραφο", Role::Part),
    ("παραγραφου", Role::Part),
    ("παραγραφοι", Role::Part),
    ("παραγραφουσ", Role::Part),
    ("παραγραφων", Role::Part),
    ("ενοτητα", Role::Part),
    ("ενοτητασ", Role::Part),
    ("ενοτητεσ", Role::Part),
    ("ενοτητων", Role::Part),
    ("εδαφιο", Role::Part),
    ("διαταξη", Role::Part),
    ("διαταξησ", Role::Part),
    ("εδαφιου", Role::Part),
    ("βλεπε", Role::See),
    ("βλ", Role::See),
    ("και", Role::And),
    ("η", Role::And),
    ("εωσ", Role::To),
    ("μεχρι", Role::To),
    ("παραπανω", Role::Direction),
    ("παρακατω", Role::Direction),
    ("ανωτερω", Role::Direction),
    ("κατωτερω", Role::Direction),
    ("προηγουμενωσ", Role::Direction),
    ("αυτοσ", Role::This),
    ("αυτου", Role::This),
    ("αυτον", Role::This),
    ("αυτη", Role::This),
    ("αυτησ", Role::This),
    ("αυτην", Role::This),
    ("παρων", Role::This),
    ("παροντα", Role::This),
    ("παροντοσ", Role::This),
    ("παρουσα", Role::This),
    ("παρουσασ", Role::This),
    ("ο", Role::Article),
    ("τον", Role::Article),
    ("του", Role::Article),
    ("την", Role::Article),
    ("τησ", Role::Article),
    ("τουσ", Role::Article),
    ("τισ", Role::Article),
    ("των", Role::Article),
    ("οι", Role::Article),
    ("στον", Role::Article),
    ("στην", Role::Article),
    ("στουσ", Role::Article),
    ("στισ", Role::Article),
    ("στο", Role::Article),
    ("ορισμοι", Role::Definitions),
    ("ορισμουσ", Role::Definitions),
    ("ορισμων", Role::Definitions),
    ("υπ/ση", Role::Footnote),
    ("υποσημειωση", Role::Footnote),
    ("εισαγωγη", Role::Introduction),
    ("επισησ", Role::Filler),
    ("ακομη", Role::Filler),
    ("ομωσ", Role::Filler),
    // Hebrew
    ("חוק", Role::Law),
    ("חוקים", Role::Law),
    ("סעיף", Role::Part),
    ("סעיפים", Role::Part),
    ("פסקה", Role::Part),
    ("פסקאות", Role::Part),
    ("ראו", Role::See),
    // The book's own misprint of ראו (69B).
    ("ראן", Role::See),
    ("או", Role::And),
    ("עד", Role::To),
    ("לעיל", Role::Direction),
    ("להלן", Role::Direction),
    ("למטה", Role::Direction),
    ("זה", Role::This),
    ("זו", Role::This),
    ("את", Role::Article),
    ("הגדרות", Role::Definitions),
    ("הערה", Role::Footnote),
    ("גם", Role::Filler),
    ("למשל", Role::Filler),
];

/// The law words (`law`, `νομοσ`, `חוקים`, …), folded.
pub fn law_words() -> impl Iterator<Item = &'static str> {
    WORDS
        .iter()
        .filter(|(_, role)| *role == Role::Law)
        .map(|(word, _)| *word)
}

/// Ordinals after a footnote word, where a law has several: `20 הערה שנייה`, its second.
const ORDINALS: &[(&str, u8)] = &[
    ("first", 1),
    ("second", 2),
    ("third", 3),
    ("πρωτη", 1),
    ("δευτερη", 2),
    ("τριτη", 3),
    ("ראשונה", 1),
    ("שנייה", 2),
    ("שניה", 2),
    ("שלישית", 3),
];

/// The value of an ordinal word.
pub fn ordinal(word: &str) -> Option<u8> {
    let folded = fold(word);
    ORDINALS.iter().find(|(w, _)| *w == folded).map(|(_, n)| *n)
}

/// Whether a ו before `after` is Hebrew "and" before a law number, not section ו (F) and its
/// paragraph: a hyphen or maqaf follows it (`ו-73`, `ו־73`; a section's letter takes none), or
/// a number of two digits or more (`ו73`; no section has ten paragraphs, so `ו5` is 5 of F).
pub fn and_before_number(after: &str) -> bool {
    let number = after.trim_start_matches(['-', '\u{5be}']);
    number.len() < after.len() || number.bytes().take_while(u8::is_ascii_digit).count() > 1
}

/// Plural law words, which "this" cannot make into "this Law" (`ספר חוקים זה` is "this book
/// of laws").
const PLURAL_LAW_WORDS: &[&str] = &["laws", "νομοι", "νομουσ", "νομων", "חוקים"];

/// Whether a law word is plural.
pub fn is_plural(word: &str) -> bool {
    let folded = fold(word);
    PLURAL_LAW_WORDS
        .iter()
        .any(|w| folded == *w || (w.ends_with("ים") && folded.ends_with(w)))
}

static BY_WORD: std::sync::LazyLock<std::collections::HashMap<&'static str, Role>> =
    std::sync::LazyLock::new(|| WORDS.iter().copied().collect());

/// The role of a printed word, if it has one. Hebrew words are also tried without up to three
/// prefix letters (`שבחוקים` → `חוקים`), but role words that are themselves prefixes-plus-stem
/// (`לעיל`, `להלן`) match first.
pub fn role(word: &str) -> Option<Role> {
    role_of_folded(&fold(word))
}

/// `role` of a word already folded.
pub fn role_of_folded(folded: &str) -> Option<Role> {
    let lookup = |w: &str| BY_WORD.get(w).copied();
    if let Some(role) = lookup(folded) {
        return Some(role);
    }
    // Only law, part and see words take prefixes in citations (`בחוק`, `וסעיף`, `וראו`);
    // `ואו` or `הזה` must not turn into joiners or demonstratives.
    hebrew_stems(folded).find_map(|rest| match lookup(rest) {
        Some(role @ (Role::Law | Role::Part | Role::See)) => Some(role),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_spellings_fold_to_one_word() {
        assert_eq!(role("Νόμος"), Some(Role::Law));
        assert_eq!(role("ΝΟΜΟΣ"), Some(Role::Law));
        assert_eq!(role("Νόμους"), Some(Role::Law));
        assert_eq!(role("παράγραφο"), Some(Role::Part));
        assert_eq!(role("παρακάτω"), Some(Role::Direction));
        assert_eq!(role("ή"), Some(Role::And));
        assert_eq!(role("Law"), Some(Role::Law));
    }

    #[test]
    fn hebrew_prefixes_are_stripped_from_law_part_and_see_words() {
        for word in ["חוק", "בחוק", "לחוק", "וחוק", "שבחוקים", "כשחוקים"]
        {
            assert_eq!(role(word), Some(Role::Law), "{word}");
        }
        for word in ["סעיף", "בסעיף", "וסעיף", "שסעיף", "בסעיפים"] {
            assert_eq!(role(word), Some(Role::Part), "{word}");
        }
        assert_eq!(role("וראו"), Some(Role::See));
        assert_eq!(role("לעיל"), Some(Role::Direction));
        assert_eq!(role("להלן"), Some(Role::Direction));
        // A prefixed joiner or demonstrative is another word.
        assert_eq!(role("הזה"), None);
        assert_eq!(role("המחוקק"), None);
    }
}
