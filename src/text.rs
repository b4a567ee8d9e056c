//! Text helpers every layer shares: which script a character is in, words folded for
//! comparison (case, accents, niqqud, final sigma), the Hebrew one-letter prefixes, the number
//! words of every language (for search and for comparing the editions), and nouns counted for
//! messages.

use unicode_normalization::UnicodeNormalization;

/// A Hebrew letter (א–ת, final forms included).
pub fn is_hebrew_letter(c: char) -> bool {
    ('\u{5d0}'..='\u{5ea}').contains(&c)
}

/// Any character of the Hebrew block: letters, points, and the Hebrew punctuation (maqaf,
/// geresh, gershayim), which decides that a run of text is Hebrew.
pub fn is_hebrew(c: char) -> bool {
    ('\u{590}'..='\u{5ff}').contains(&c)
}

/// A Hebrew point or cantillation mark (niqqud: `הַסְדָּרָה`), which comparison ignores.
pub fn is_hebrew_mark(c: char) -> bool {
    ('\u{591}'..='\u{5c7}').contains(&c)
}

/// A combining accent (what NFD splits off `ά`), which comparison ignores.
pub fn is_accent(c: char) -> bool {
    ('\u{300}'..='\u{36f}').contains(&c)
}

/// A Greek letter, with or without its accents (the Greek and Greek Extended blocks).
pub fn is_greek(c: char) -> bool {
    ('\u{370}'..='\u{3ff}').contains(&c) || ('\u{1f00}'..='\u{1fff}').contains(&c)
}

/// The languages the corpus is written in (ISO 639-1): the citation grammar has their words
/// and search an analyzer for each. A text in another cannot be read for citations or searched.
pub const LANGUAGES: [&str; 3] = ["el", "en", "he"];

/// Whether a language (ISO 639-1 code) is written right to left.
pub fn is_rtl_language(language: &str) -> bool {
    matches!(language, "he" | "ar" | "fa" | "yi")
}

/// A word folded for comparison: lower case, without accents, niqqud or cantillation, final
/// sigma as σ.
pub fn fold(word: &str) -> String {
    // Fast paths: Latin needs only lower case, Hebrew has no case and loses only its points.
    if word.is_ascii() {
        return word.to_ascii_lowercase();
    }
    if word.chars().all(is_hebrew) {
        return word.chars().filter(|&c| !is_hebrew_mark(c)).collect();
    }
    word.nfd()
        .filter(|&c| !is_accent(c) && !is_hebrew_mark(c))
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'ς' { 'σ' } else { c })
        .collect()
}

/// Hebrew one-letter prefixes (and, in, to, from, that, as, the) that attach to a word.
pub const HEBREW_PREFIXES: &[char] = &['ו', 'ב', 'ל', 'מ', 'ש', 'כ', 'ה'];

/// A Hebrew word without one, two and three of the one-letter prefixes glued to it, as far as
/// its letters are prefixes (`שבחוקים` → `בחוקים`, `חוקים`, `וקים`).
pub fn hebrew_stems(word: &str) -> impl Iterator<Item = &str> {
    let mut rest = word;
    std::iter::from_fn(move || {
        let mut chars = rest.chars();
        let first = chars.next()?;
        HEBREW_PREFIXES.contains(&first).then(|| {
            rest = chars.as_str();
            rest
        })
    })
    .take(3)
}

/// Whether `b` is at most `edits` away from `a`, in characters, a swap of neighbours counting
/// as one edit: the words a user misspells, the titles a document prints a little
/// differently in two places. Words whose lengths differ by more are not compared at all
/// (most words of a text, for a query word).
pub fn within_edits(a: &str, b: &str, edits: u8) -> bool {
    let edits = usize::from(edits);
    if a.chars().count().abs_diff(b.chars().count()) > edits {
        return false;
    }
    // Words fit on the stack: a search compares a misspelled query word with thousands of
    // them, and an allocation per comparison was most of its cost.
    let (mut a_chars, mut b_chars) = (['\0'; SHORT], ['\0'; SHORT]);
    let (Some(a), Some(b)) = (on_stack(a, &mut a_chars), on_stack(b, &mut b_chars)) else {
        return strsim::osa_distance(a, b) <= edits;
    };
    osa_within(a, b, edits)
}

/// The longest word compared without allocating.
const SHORT: usize = 48;

fn on_stack<'a>(text: &str, buffer: &'a mut [char; SHORT]) -> Option<&'a [char]> {
    let mut n = 0;
    for c in text.chars() {
        *buffer.get_mut(n)? = c;
        n += 1;
    }
    Some(&buffer[..n])
}

/// Whether the optimal string alignment distance of `a` and `b` is at most `edits`, stopping
/// as soon as a row of the table is all above it.
fn osa_within(a: &[char], b: &[char], edits: usize) -> bool {
    // Three rows of the table: two back (for a swap), one back, and this one.
    let mut rows = [[0usize; SHORT + 1]; 3];
    for (j, cell) in rows[1][..=b.len()].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        let (before, this) = rows.split_at_mut(2);
        let (two_back, one_back) = (&before[0], &before[1]);
        let row = &mut this[0];
        row[0] = i;
        let mut least = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut cell = (one_back[j] + 1)
                .min(row[j - 1] + 1)
                .min(one_back[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cell = cell.min(two_back[j - 2] + 1);
            }
            row[j] = cell;
            least = least.min(cell);
        }
        if least > edits {
            return false;
        }
        rows.rotate_left(1);
    }
    rows[1][b.len()] <= edits
}

/// What a character is that a text must not hold, because a terminal acts on it when the text
/// is printed; none for a character that only shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unprintable {
    /// A bidi control: a mark (U+200E/F, U+061C), an embedding or override (U+202A–E), an
    /// isolate (U+2066–9). It reorders what follows it.
    Bidi,
    /// ESC (U+001B) or CSI (U+009B): what a terminal's escape sequences start with.
    Escape,
    /// Any other control character: C0 but the line break, DEL, C1.
    Control,
}

impl Unprintable {
    /// What `c` is, when it is one of these.
    pub fn of(c: char) -> Option<Unprintable> {
        match c {
            '\n' => None,
            '\u{1b}' | '\u{9b}' => Some(Unprintable::Escape),
            '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => Some(Unprintable::Control),
            '\u{200e}'
            | '\u{200f}'
            | '\u{61c}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}' => Some(Unprintable::Bidi),
            _ => None,
        }
    }

    /// How a message names it.
    pub fn name(self) -> &'static str {
        match self {
            Unprintable::Bidi => "a bidi control character",
            Unprintable::Escape => "a terminal escape",
            Unprintable::Control => "a control character",
        }
    }
}

/// `text` without the characters nobody sees that text pasted from a right-to-left page, a PDF
/// or a chat brings along: direction marks and the other bidi controls, zero-width spaces and
/// joiners, the byte order mark, soft hyphens. They are no part of what a reader typed.
pub fn without_invisible(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            Unprintable::of(c) != Some(Unprintable::Bidi)
                && !matches!(
                    c,
                    '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{ad}'
                )
        })
        .collect()
}

/// `text` with every character `Unprintable` names shown as `<U+XXXX>` (but tabs, which only
/// move to the next column, and the `\r` of a `\r\n` line end, as CSV has), so that printing
/// it cannot reorder or restyle a terminal.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    replace_unprintable(text, |code| format!("<U+{code:04X}>"))
}

/// `text` with every character `Unprintable` names but the tab and a line end's `\r` written
/// as `write` writes its code point (`\u202e` in JSON, an entity in HTML).
pub fn replace_unprintable(text: &str, write: impl Fn(u32) -> String) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let harmful = |(i, c): &(usize, char)| {
        *c != '\t'
            && !(*c == '\r' && bytes.get(i + 1) == Some(&b'\n'))
            && Unprintable::of(*c).is_some()
    };
    if !text.char_indices().any(|ic| harmful(&ic)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (i, c) in text.char_indices() {
        if harmful(&(i, c)) {
            out.push_str(&write(u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The numbers a bid, a trick count or a card is written with, as words (folded), up to 13:
/// the digits they stand for.
pub const NUMBERS: &[(&str, &[&str])] = &[
    ("1", &["one", "אחד", "אחת", "ενα", "ενασ", "μια"]),
    ("2", &["two", "שניים", "שתיים", "שני", "שתי", "δυο"]),
    ("3", &["three", "שלוש", "שלושה", "שלושת", "τρια", "τρεισ"]),
    (
        "4",
        &["four", "ארבע", "ארבעה", "ארבעת", "τεσσερα", "τεσσερισ"],
    ),
    ("5", &["five", "חמש", "חמישה", "חמשת", "πεντε"]),
    ("6", &["six", "שש", "שישה", "ששת", "εξι"]),
    ("7", &["seven", "שבע", "שבעה", "שבעת", "επτα", "εφτα"]),
    ("8", &["eight", "שמונה", "שמונת", "οκτω", "οχτω"]),
    ("9", &["nine", "תשע", "תשעה", "תשעת", "εννεα", "εννια"]),
    ("10", &["ten", "עשר", "עשרה", "עשרת", "δεκα"]),
    ("11", &["eleven", "εντεκα"]),
    ("12", &["twelve", "δωδεκα"]),
    ("13", &["thirteen", "δεκατρια", "δεκατρεισ"]),
];

/// The digits of a number written as a (folded) word.
pub fn number_of(folded: &str) -> Option<&'static str> {
    NUMBERS
        .iter()
        .find(|(_, words)| words.contains(&folded))
        .map(|(digits, _)| *digits)
}

/// `1 node`, `2 nodes`, `2 index entries`.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        return format!("1 {noun}");
    }
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_of_the_nouns_counted() {
        assert_eq!(plural(1, "index entry"), "1 index entry");
        assert_eq!(plural(2, "index entry"), "2 index entries");
        assert_eq!(plural(0, "node"), "0 nodes");
        assert_eq!(plural(3, "day"), "3 days");
    }

    #[test]
    fn folding_in_every_script() {
        assert_eq!(fold("Law"), "law");
        assert_eq!(fold("ΝΌΜΟΣ"), "νομοσ");
        assert_eq!(fold("ανεπαρκής"), "ανεπαρκησ");
        assert_eq!(fold("הַסְדָּרָה"), "הסדרה");
        // The maqaf lies among the points and goes with them; the geresh stays.
        assert_eq!(fold("רי־דאבל"), "רידאבל");
        assert_eq!(fold("ג׳"), "ג׳");
    }

    #[test]
    fn hebrew_prefixes_come_off_one_at_a_time() {
        let stems: Vec<&str> = hebrew_stems("שבחוקים").collect();
        assert_eq!(stems, ["בחוקים", "חוקים"]);
        assert_eq!(hebrew_stems("חוק").count(), 0);
    }

    #[test]
    fn scripts() {
        assert!(is_hebrew_letter('ך') && !is_hebrew_letter('\u{5b0}'));
        assert!(is_hebrew('\u{5be}') && is_hebrew_mark('\u{5b0}'));
        assert!(is_greek('ά') && is_greek('ἀ') && !is_greek('a'));
        assert_eq!(plural(1, "node"), "1 node");
        assert_eq!(plural(0, "node"), "0 nodes");
    }

    #[test]
    fn control_and_bidi_characters_are_shown_not_acted_on() {
        assert_eq!(Unprintable::of('\u{202e}'), Some(Unprintable::Bidi));
        assert_eq!(Unprintable::of('\u{1b}'), Some(Unprintable::Escape));
        assert_eq!(Unprintable::of('\t'), Some(Unprintable::Control));
        assert_eq!(Unprintable::of('\n'), None);
        assert_eq!(Unprintable::of('א'), None);
        assert_eq!(
            printable("a\u{1b}[2Jb\u{202e}c\td\n"),
            "a<U+001B>[2Jb<U+202E>c\td\n"
        );
        // A line end stays one; a carriage return alone would overwrite the line.
        assert_eq!(printable("a,b\r\nc\rd"), "a,b\r\nc<U+000D>d");
        assert!(matches!(printable("חוק 27"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert!(within_edits("ערעוד", "ערעור", 1));
        assert!(within_edits("estabished", "established", 1));
        assert!(within_edits("dropde", "droped", 1));
        assert!(within_edits("שוחק", "שחק", 1));
        assert!(!within_edits("card", "cards and", 2));
        assert!(!within_edits("claim", "clean", 1));
    }

    #[test]
    fn within_edits_agrees_with_the_optimal_string_alignment_distance() {
        // Every pair of short words over a small alphabet, and words longer than the stack
        // holds: the bounded walk must say what the full distance says.
        let alphabet = ['a', 'b', 'ש', 'ח'];
        let mut words = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = words
                .iter()
                .flat_map(|w| alphabet.iter().map(move |c| format!("{w}{c}")))
                .collect();
            words.extend(longer);
        }
        words.dedup();
        for a in words.iter().step_by(7) {
            for b in &words {
                for edits in 0..=2u8 {
                    assert_eq!(
                        within_edits(a, b, edits),
                        strsim::osa_distance(a, b) <= usize::from(edits),
                        "{a:?} {b:?} {edits}"
                    );
                }
            }
        }
        let long = "ab".repeat(SHORT);
        assert!(within_edits(&long, &format!("{long}a"), 1));
        assert!(!within_edits(&long, &format!("b{long}a"), 1));
    }
}
