//! The analyzers, one pair per language: a field of stems or prefix-stripped forms
//! that finds inflected and prefixed words, and an exact field that ranks the printed form first.
//!
//! - Hebrew: words by Unicode word boundaries (the maqaf and hyphen split), without niqqud or
//!   cantillation, geresh, gershayim and quote marks dropped (`צה"ל`, `צה״ל` and `צהל` are one
//!   word); the stems field also holds each word without one to three one-letter prefixes
//!   (`וכשהשחקן` → `כשהשחקן`, `שהשחקן`, `השחקן`), at the word's position, keeping two letters.
//! - Greek: without accents, lower case, final sigma as σ, Latin capitals that look Greek
//!   read as Greek inside Greek words (PDF extractions and keyboards mix them), then stemmed.
//! - English: lower case without accents, stemmed; no stop words ("not", "may" matter in law).
//!
//! Tokenizers are not stored in a tantivy index, so `register` runs on every open.

use std::cell::RefCell;
use std::rc::Rc;

use frostem::Algorithm;
use tantivy::tokenizer::{TextAnalyzer, Token, TokenStream, Tokenizer, TokenizerManager};
use unicode_segmentation::UnicodeSegmentation;

use crate::text::{fold, hebrew_stems, is_greek, is_hebrew_letter, number_of};

/// A language of the corpus, as its documents and query words are analyzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// Hebrew.
    He,
    /// Greek.
    El,
    /// English.
    En,
}

impl Lang {
    /// Every language, in the order of the index's fields.
    pub const ALL: [Lang; 3] = [Lang::He, Lang::El, Lang::En];

    /// The language code (`he`, `el`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::He => "he",
            Lang::El => "el",
            Lang::En => "en",
        }
    }

    /// The language of a code (`he`); none for a language the corpus does not have.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The field (and analyzer) of stems, or of prefix-stripped forms for Hebrew.
    pub fn stems_field(self) -> &'static str {
        self.code()
    }

    /// The field (and analyzer) of the words as printed, folded.
    pub fn exact_field(self) -> &'static str {
        match self {
            Lang::He => "he_exact",
            Lang::El => "el_exact",
            Lang::En => "en_exact",
        }
    }

    /// The language a word is written in, by its letters; none for numbers.
    pub fn of_word(word: &str) -> Option<Lang> {
        let mut latin = false;
        for c in word.chars() {
            if is_hebrew_letter(c) {
                return Some(Lang::He);
            }
            if is_greek(c) {
                return Some(Lang::El);
            }
            latin |= c.is_alphabetic();
        }
        latin.then_some(Lang::En)
    }
}

/// The language of the first word written in Hebrew or Greek letters: the edition a citation
/// typed in that script wants first (`חוק 27ב1`, `Νόμος 27Β1`); none for Latin letters, which
/// every edition's citations use.
fn script_typed(text: &str) -> Option<Lang> {
    words(text).find_map(|(_, word)| Lang::of_word(word).filter(|lang| *lang != Lang::En))
}

/// The edition a citation wants first: the one of the script it is typed in (`חוק 27ב1`), or
/// English when it opens with a word of Latin letters set apart by a space (`Law 40C1`, `see
/// 27B1`); none for a code (`27B1`, `def/dummy`, `preface`), which every edition prints alike.
pub fn edition_typed(citation: &str) -> Option<Lang> {
    script_typed(citation).or_else(|| {
        let (first, _) = citation.trim().split_once(char::is_whitespace)?;
        let first = first.trim_end_matches(['.', ',', ':']);
        (!first.is_empty() && first.chars().all(char::is_alphabetic))
            .then(|| Lang::of_word(first))
            .flatten()
    })
}

/// Latin letters that print like Greek ones; read as Greek inside a Greek word.
fn greek_look_alike(c: char) -> char {
    match c {
        'A' => 'Α',
        'B' => 'Β',
        'E' => 'Ε',
        'Z' => 'Ζ',
        'H' => 'Η',
        'I' => 'Ι',
        'K' => 'Κ',
        'M' => 'Μ',
        'N' => 'Ν',
        'O' => 'Ο',
        'P' => 'Ρ',
        'T' => 'Τ',
        'Y' => 'Υ',
        'X' => 'Χ',
        'o' => 'ο',
        other => other,
    }
}

/// Geresh, gershayim and the quote marks typed for them: dropped, so that `צה"ל`, `צה״ל` and
/// `צהל` (and `ג'`, `ג׳`) are one word, and `dummy's` reads as `dummys`.
fn is_quote(c: char) -> bool {
    matches!(
        c,
        '\'' | '"'
            | '\u{5f3}'
            | '\u{5f4}'
            | '\u{2018}'
            | '\u{2019}'
            | '\u{201c}'
            | '\u{201d}'
            | '`'
            | '\u{b4}'
    )
}

/// Hebrew abbreviations typed for words the books print in full: a query reads them as the
/// words (`מס' קלפים` as `מספר קלפים`).
const HEBREW_ABBREVIATIONS: &[(&str, &str)] = &[
    ("מס'", "מספר"),
    ("נק'", "נקודות"),
    ("סע'", "סעיף"),
    ("עמ'", "עמוד"),
    ("ע\"י", "על ידי"),
    ("וכו'", "וכולי"),
];

/// The words a typed Hebrew abbreviation stands for, geresh and gershayim typed either way.
pub fn expand_abbreviation(word: &str) -> Option<&'static str> {
    let typed = word
        .replace(['\u{5f3}', '\u{2019}'], "'")
        .replace('\u{5f4}', "\"");
    HEBREW_ABBREVIATIONS
        .iter()
        .find(|(short, _)| *short == typed)
        .map(|(_, full)| *full)
}

/// A word as the exact fields hold it: folded, Greek look-alikes read as Greek, quotes dropped.
pub fn fold_word(word: &str) -> String {
    let greek = word.chars().any(is_greek);
    let word: String = word
        .chars()
        .filter(|&c| !is_quote(c))
        .map(|c| if greek { greek_look_alike(c) } else { c })
        .collect();
    fold(&word)
}

/// The words of `text` with their byte ranges: Unicode word boundaries (UAX #29), keeping
/// pieces that have a letter or digit.
///
/// Most of a text is runs of plain letters between spaces, which the boundaries leave whole:
/// those are taken as they are, and only the rest is split by the rules, which cost most of
/// what analyzing a text did.
pub fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let start = text.as_ptr() as usize;
    text.split(char::is_whitespace)
        .filter(|run| !run.is_empty())
        .flat_map(move |run| {
            let at = run.as_ptr() as usize - start;
            let whole = run.chars().all(plain) && run.starts_with(alphanumeric);
            let split = (!whole)
                .then(|| {
                    run.split_word_bound_indices()
                        .filter(|(_, w)| w.chars().any(alphanumeric))
                })
                .into_iter()
                .flatten();
            whole
                .then_some((0, run))
                .into_iter()
                .chain(split)
                .map(move |(from, word)| (at + from, word))
        })
}

/// A character no word boundary falls before or after within a run of such characters: a
/// Latin, Greek or Hebrew letter, a digit, or a Greek or Hebrew accent or point (which stays
/// with its letter).
fn plain(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c, '\u{C0}'..='\u{24F}' | '\u{370}'..='\u{3FF}' | '\u{1F00}'..='\u{1FFF}')
            && letter(c) == Some(true)
        || matches!(c, '\u{5D0}'..='\u{5EA}' | '\u{300}'..='\u{36F}')
        || matches!(c, '\u{591}'..='\u{5C7}')
            && !matches!(c, '\u{5BE}' | '\u{5C0}' | '\u{5C3}' | '\u{5C6}')
}

/// The first characters of Unicode, where every letter of the corpus's scripts lies.
const TABLED: usize = 0x2000;

/// Whether a character of the first [`TABLED`] is alphabetic (bit 0) and alphanumeric (bit
/// 1), read from a table made once: the standard library searches its ranges for each
/// character, and every letter of every text is checked as it is split into words.
fn classes() -> &'static [u8; TABLED] {
    static CLASSES: std::sync::OnceLock<[u8; TABLED]> = std::sync::OnceLock::new();
    CLASSES.get_or_init(|| {
        std::array::from_fn(|i| {
            char::from_u32(i as u32).map_or(0, |c| {
                u8::from(c.is_alphabetic()) | u8::from(c.is_alphanumeric()) << 1
            })
        })
    })
}

/// `char::is_alphabetic`, for a character of the table; none beyond it.
fn letter(c: char) -> Option<bool> {
    classes().get(c as usize).map(|class| class & 1 != 0)
}

/// `char::is_alphanumeric`, from the table where it can.
fn alphanumeric(c: char) -> bool {
    classes()
        .get(c as usize)
        .map_or_else(|| c.is_alphanumeric(), |class| class & 2 != 0)
}

/// A Hebrew word without the one-letter prefixes glued to it, keeping at least two letters.
pub fn unprefixed(folded: &str) -> impl Iterator<Item = &str> {
    let hebrew = folded.chars().next().is_some_and(is_hebrew_letter);
    hebrew_stems(folded).take_while(move |stem| hebrew && stem.chars().count() >= 2)
}

/// What marks a Hebrew lemma among the terms: it is not a word, and matches only lemmas.
pub const LEMMA_MARK: char = '~';

/// Hebrew endings of number, gender and state (`קופסה`, `קופסת`, `קופסאות`; `הכרזתי`), longest
/// first.
const HEBREW_ENDINGS: &[&str] = &["אות", "ים", "ות", "תי", "ה", "ת"];

/// A Hebrew word's lemma, marked: without the ending of its number, gender or state, its final
/// letter in its ordinary form (`קלף` and `קלפים` are `~קלפ`), keeping three letters at least.
fn hebrew_lemma(form: &str) -> Option<String> {
    if !form.chars().next().is_some_and(is_hebrew_letter) || form.chars().count() < 3 {
        return None;
    }
    // A verb whose root ends in ה keeps a י before the first person's ending (`רצה`,
    // `רציתי`; `שינה`, `שיניתי`): its lemma is the verb's, its ה back where two letters
    // would be left (`~רצה`), off where three are (`~שינ`).
    let verb = form
        .strip_suffix("יתי")
        .and_then(|stem| match stem.chars().count() {
            0 | 1 => None,
            2 => Some(format!("{stem}ה")),
            _ => Some(stem.to_string()),
        });
    let stem = match &verb {
        Some(verb) => verb.as_str(),
        None => HEBREW_ENDINGS
            .iter()
            .filter_map(|ending| form.strip_suffix(ending))
            .find(|stem| stem.chars().count() >= 3)
            .unwrap_or(form),
    };
    let ordinary: String = stem
        .chars()
        .map(|c| match c {
            'ך' => 'כ',
            'ם' => 'מ',
            'ן' => 'נ',
            'ף' => 'פ',
            'ץ' => 'צ',
            c => c,
        })
        .collect();
    Some(format!("{LEMMA_MARK}{ordinary}"))
}

/// The tokenizer under every analyzer: words, folded; with `prefixes`, Hebrew words also
/// without their prefixes, at the same position; with `stemmer`, every term stemmed.
#[derive(Clone)]
struct Words {
    /// Which analyzer this is (`Lang as usize * 2 + exact`): the key of its remembered words.
    id: u8,
    prefixes: bool,
    /// A Greek field: a code printed with Latin look-alike capitals (`65B3`, `92B`) is read in
    /// Greek letters, as the Greek spelling (`65Β3`) is.
    greek: bool,
    stemmer: Option<Algorithm>,
}

/// A code of digits and capitals that all look Greek (`65B3`), in Greek letters.
fn greek_code(word: &str) -> Option<String> {
    let code = word.chars().any(|c| c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_uppercase())
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || greek_look_alike(c) != c);
    code.then(|| word.chars().map(greek_look_alike).collect())
}

impl Words {
    /// The terms of one word, in the order they are indexed at its position (the printed form
    /// last); none for a word that folds to nothing.
    fn word_terms(&self, word: &str) -> Vec<String> {
        let folded = match self.greek.then(|| greek_code(word)).flatten() {
            Some(greek) => fold_word(&greek),
            None => fold_word(word),
        };
        if folded.is_empty() {
            return Vec::new();
        }
        let mut terms = Vec::new();
        let mut number = number_of(&folded);
        let mut lemmas: Vec<String> = Vec::new();
        if self.prefixes {
            for stem in unprefixed(&folded) {
                number = number.or_else(|| number_of(stem));
                terms.push(stem.to_string());
            }
            // The word's lemma and its unprefixed forms' (`בקופסאות` → `~קופס`).
            for form in std::iter::once(folded.as_str()).chain(unprefixed(&folded)) {
                if let Some(lemma) = hebrew_lemma(form)
                    && !lemmas.contains(&lemma)
                {
                    lemmas.push(lemma);
                }
            }
        }
        // A number written as a word is also its digits, at the same position: `eight`,
        // `שמונה`, `οκτώ` and `8` are one word (the printed form stays last).
        if let Some(digits) = number {
            terms.push(digits.to_string());
        }
        terms.extend(lemmas);
        terms.push(folded);
        if let Some(algorithm) = self.stemmer {
            let stemmer = frostem::Stemmer::new(algorithm);
            for term in &mut terms {
                *term = stemmer.stem(term).into_owned();
            }
        }
        terms
    }

    /// `word_terms`, remembered per thread: a corpus uses a few thousand words again and again
    /// (the profiles repeat every text), and folding and stemming are most of what indexing
    /// costs.
    fn remembered_terms(&self, word: &str) -> Rc<[String]> {
        thread_local! {
            static TERMS: [RefCell<Remembered>; 6] = Default::default();
        }
        TERMS.with(|terms| remember(&terms[usize::from(self.id)], word, || self.word_terms(word)))
    }
}

/// Words with what analyzing each made.
type Remembered = rustc_hash::FxHashMap<Box<str>, Rc<[String]>>;

/// What `make` makes of `word`, remembered in `memory`, which is emptied when it holds more
/// words than the corpus has.
fn remember(
    memory: &RefCell<Remembered>,
    word: &str,
    make: impl FnOnce() -> Vec<String>,
) -> Rc<[String]> {
    const REMEMBERED: usize = 200_000;
    if let Some(found) = memory.borrow().get(word) {
        return found.clone();
    }
    let found: Rc<[String]> = make().into();
    let mut remembered = memory.borrow_mut();
    if remembered.len() >= REMEMBERED {
        remembered.clear();
    }
    remembered.insert(word.into(), found.clone());
    found
}

impl Tokenizer for Words {
    type TokenStream<'a> = Tokens;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Tokens {
        let words = words(text)
            .enumerate()
            .map(|(position, (from, word))| {
                (
                    position,
                    from..from + word.len(),
                    self.remembered_terms(word),
                )
            })
            .filter(|(_, _, terms)| !terms.is_empty())
            .collect();
        Tokens {
            words,
            word: 0,
            term: 0,
            token: Token::default(),
        }
    }
}

/// The tokens of a text, word by word: each word's terms are shared with every other place the
/// word occurs, and copied one at a time into the one token the index reads, so that indexing
/// allocates nothing per token.
pub struct Tokens {
    /// Each word with terms: its position, its byte range, its terms.
    words: Vec<(usize, std::ops::Range<usize>, Rc<[String]>)>,
    /// The word being read, and the next of its terms.
    word: usize,
    term: usize,
    token: Token,
}

impl TokenStream for Tokens {
    fn advance(&mut self) -> bool {
        while let Some((position, range, terms)) = self.words.get(self.word) {
            if let Some(term) = terms.get(self.term) {
                self.term += 1;
                self.token.text.clear();
                self.token.text.push_str(term);
                self.token.offset_from = range.start;
                self.token.offset_to = range.end;
                self.token.position = *position;
                self.token.position_length = 1;
                return true;
            }
            self.word += 1;
            self.term = 0;
        }
        false
    }

    fn token(&self) -> &Token {
        &self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
    }
}

/// The analyzer of a field, by the field's name (which is also the analyzer's).
pub fn analyzer(lang: Lang, exact: bool) -> TextAnalyzer {
    TextAnalyzer::from(Words {
        id: lang as u8 * 2 + u8::from(exact),
        prefixes: lang == Lang::He && !exact,
        greek: lang == Lang::El,
        stemmer: match (lang, exact) {
            (Lang::El, false) => Some(Algorithm::Greek),
            (Lang::En, false) => Some(Algorithm::English),
            _ => None,
        },
    })
}

/// Register every analyzer under its field's name.
pub fn register(manager: &TokenizerManager) {
    for lang in Lang::ALL {
        manager.register(lang.stems_field(), analyzer(lang, false));
        manager.register(lang.exact_field(), analyzer(lang, true));
    }
}

thread_local! {
    /// Analyzers built once per thread: a query analyzes many short texts.
    static ANALYZERS: RefCell<Vec<TextAnalyzer>> = RefCell::new(
        Lang::ALL
            .iter()
            .flat_map(|&lang| [analyzer(lang, false), analyzer(lang, true)])
            .collect(),
    );
}

/// The terms an analyzer makes of `text`, grouped by word position.
pub fn terms(lang: Lang, exact: bool, text: &str) -> Vec<Vec<String>> {
    words_with_terms(lang, exact, text)
        .into_iter()
        .map(|(_, terms)| terms)
        .collect()
}

/// The stems analyzer's terms of one word, remembered per thread: the snippets of one query
/// after another analyze the same words of the same texts, and analyzing is what a snippet
/// costs.
pub fn word_stems(lang: Lang, word: &str) -> Rc<[String]> {
    thread_local! {
        static STEMS: [RefCell<Remembered>; 3] = Default::default();
    }
    STEMS.with(|stems| {
        remember(&stems[lang as usize], word, || {
            terms(lang, false, word).concat()
        })
    })
}

/// The words of `text` (byte ranges) with the terms an analyzer makes of each.
pub fn words_with_terms(
    lang: Lang,
    exact: bool,
    text: &str,
) -> Vec<(std::ops::Range<usize>, Vec<String>)> {
    ANALYZERS.with(|analyzers| {
        let mut analyzers = analyzers.borrow_mut();
        let mut stream = analyzers[lang as usize * 2 + usize::from(exact)].token_stream(text);
        let mut out: Vec<(std::ops::Range<usize>, Vec<String>)> = Vec::new();
        let mut last = usize::MAX;
        while let Some(token) = stream.next() {
            if token.position != last || out.is_empty() {
                out.push((token.offset_from..token.offset_to, Vec::new()));
                last = token.position;
            }
            if let Some((_, group)) = out.last_mut()
                && !group.contains(&token.text)
            {
                group.push(token.text.clone());
            }
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_citation_wants_the_edition_it_is_typed_for() {
        for (citation, lang) in [
            ("חוק 27ב1(א)", Some(Lang::He)),
            ("ν. 27Β1(α)", Some(Lang::El)),
            ("Law 40C1", Some(Lang::En)),
            ("see 27B1", Some(Lang::En)),
            ("law no. 27, B1(a)", Some(Lang::En)),
            // Codes every edition prints alike.
            ("27B1(a)", None),
            ("L27B1a", None),
            ("def/dummy", None),
            ("preface", None),
        ] {
            assert_eq!(edition_typed(citation), lang, "{citation}");
        }
    }

    #[test]
    fn an_analyzer_for_every_language_of_the_corpus() {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, crate::text::LANGUAGES);
    }

    /// The stems of each word, lemmas aside.
    fn stems(lang: Lang, text: &str) -> Vec<Vec<String>> {
        terms(lang, false, text)
            .into_iter()
            .map(|word| {
                word.into_iter()
                    .filter(|t| !t.starts_with(LEMMA_MARK))
                    .collect()
            })
            .collect()
    }

    fn lemmas(text: &str) -> Vec<Vec<String>> {
        terms(Lang::He, false, text)
            .into_iter()
            .map(|word| {
                word.into_iter()
                    .filter(|t| t.starts_with(LEMMA_MARK))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn hebrew_words_share_a_lemma_across_number_gender_and_state() {
        // The descriptions of situations say `לקופסת ההכרזות` and `ולקופסאות`; a director
        // types `קופסה`, `בקופסאות`.
        let lemma = "~קופס".to_string();
        for word in ["לקופסת", "ולקופסאות", "קופסה", "בקופסאות"] {
            assert!(
                lemmas(word)[0].contains(&lemma),
                "{word}: {:?}",
                lemmas(word)
            );
        }
        // A final letter takes its ordinary form: `קלף` and `קלפים` (7B1) meet.
        assert!(lemmas("קלף")[0].contains(&"~קלפ".to_string()));
        assert!(lemmas("הקלפים")[0].contains(&"~קלפ".to_string()));
        // `הכרזה`, `הכרזות`, `הכרזתי` are one lemma; three letters are kept (`רזה` stays).
        for word in ["הכרזה", "הכרזות", "הכרזתי"] {
            assert!(lemmas(word)[0].contains(&"~הכרז".to_string()), "{word}");
        }
        assert_eq!(lemmas("רזה")[0], ["~רזה"]);
        // A verb of a root ending in ה, in the first person, meets its third (`רציתי לשנות`
        // in a query, `רצה לשנות` in a description).
        for (first, third) in [("רציתי", "רצה"), ("שיניתי", "שינה"), ("ראיתי", "ראה")]
        {
            assert_eq!(lemmas(first)[0], lemmas(third)[0], "{first}");
        }
        // Not where one letter would be left (`ביתי`, "my home").
        assert_eq!(lemmas("ביתי")[0], ["~ביתי", "~יתי"]);
        // Other scripts have none; the exact field none either.
        assert!(lemmas("cards")[0].is_empty());
        assert!(
            terms(Lang::He, true, "קלפים")[0]
                .iter()
                .all(|t| !t.starts_with(LEMMA_MARK))
        );
    }

    fn exact(lang: Lang, text: &str) -> Vec<String> {
        terms(lang, true, text).into_iter().flatten().collect()
    }

    #[test]
    fn numbers_written_as_words_are_also_their_digits() {
        // 38A: `no play or score at a contract of more than seven`; a director types `8`.
        assert_eq!(stems(Lang::En, "eight hearts")[0], ["8", "eight"]);
        assert_eq!(stems(Lang::El, "οκτώ κούπες")[0], ["8", "οκτ"]);
        // With a prefix: `לשמונה` is `ל` + `שמונה`.
        assert!(stems(Lang::He, "לשמונה")[0].contains(&"8".to_string()));
        assert_eq!(exact(Lang::He, "שמונה"), ["8", "שמונה"]);
        // Not every word that begins like a number is one.
        assert_eq!(stems(Lang::En, "tenth")[0], ["tenth"]);
    }

    #[test]
    fn hebrew_prefixes_are_stripped_at_the_same_position() {
        // 27B1(a): `ההכרזה הבלתי-מספקת מוחלפת` — the hyphen splits, the prefixes come off,
        // as far as the letters are prefixes (`כרזה`, `רזה`: every reading is kept).
        let got = stems(Lang::He, "ההכרזה הבלתי-מספקת");
        assert_eq!(got[0], ["הכרזה", "כרזה", "רזה", "ההכרזה"]);
        assert_eq!(got[1], ["בלתי", "לתי", "תי", "הבלתי"]);
        assert_eq!(got[2], ["ספקת", "מספקת"]);
        // Three prefixes at most, two letters kept: `וכשהשחקן` reaches `שחקן`; `בל` stays.
        let got = stems(Lang::He, "וכשהשחקן בל");
        assert!(got[0].contains(&"השחקן".to_string()));
        assert!(!got[0].contains(&"שחקן".to_string()));
        assert_eq!(got[1], ["בל"]);
    }

    #[test]
    fn hebrew_niqqud_maqaf_and_gershayim_fold() {
        // 27B1(a) prints `הַסְדָּרָה` pointed; users type it bare.
        assert_eq!(exact(Lang::He, "הַסְדָּרָה"), ["הסדרה"]);
        // The maqaf splits like a hyphen: `על־ידי` as `על-ידי`.
        assert_eq!(exact(Lang::He, "על־ידי"), exact(Lang::He, "על-ידי"));
        assert_eq!(exact(Lang::He, "על־ידי"), ["על", "ידי"]);
        // Gershayim typed three ways, geresh two: one word each.
        for form in ["צה\"ל", "צה״ל", "צהל"] {
            assert_eq!(exact(Lang::He, form), ["צהל"], "{form}");
        }
        assert_eq!(exact(Lang::He, "סעיף ג'"), exact(Lang::He, "סעיף ג׳"));
        // Numbers with letters are one token, as a citation prints them.
        assert_eq!(exact(Lang::He, "חוק 16ג"), ["חוק", "16ג"]);
    }

    #[test]
    fn hebrew_abbreviations_read_as_their_words() {
        assert_eq!(expand_abbreviation("מס'"), Some("מספר"));
        assert_eq!(expand_abbreviation("מס׳"), Some("מספר"));
        assert_eq!(expand_abbreviation("ע״י"), Some("על ידי"));
        assert_eq!(expand_abbreviation("מס"), None);
    }

    #[test]
    fn greek_accents_case_sigma_and_look_alikes_fold() {
        assert_eq!(
            exact(Lang::El, "ΑΝΕΠΑΡΚΗΣ Ανεπαρκής ανεπαρκης"),
            ["ανεπαρκησ"; 3]
        );
        // A Latin `A` and `O` inside a Greek word, as PDF extraction leaves them.
        assert_eq!(exact(Lang::El, "ΑΝΤΙΠAΛOΣ"), exact(Lang::El, "Αντίπαλος"));
        // Latin words stay Latin.
        assert_eq!(exact(Lang::El, "Alert"), ["alert"]);
    }

    #[test]
    fn greek_codes_printed_in_latin_capitals_read_as_greek() {
        // `Νόμο 65B3` in the Greek book has a Latin B; the Greek spelling finds it.
        assert_eq!(terms(Lang::El, true, "65B3"), terms(Lang::El, true, "65Β3"));
        assert_eq!(terms(Lang::El, true, "ΑΣA"), terms(Lang::El, true, "ΑΣΑ"));
        // Not in English, and not a Latin word.
        assert_ne!(terms(Lang::En, true, "65B3"), terms(Lang::En, true, "65Β3"));
        assert_eq!(
            terms(Lang::El, true, "Bridge"),
            vec![vec!["bridge".to_string()]]
        );
    }

    #[test]
    fn greek_inflections_share_a_stem() {
        // Forms printed in the Greek edition: Law 27's heading and text, Law 40's players.
        let stem = |w: &str| stems(Lang::El, w).concat();
        assert_eq!(stem("Ανεπαρκής"), stem("ανεπαρκούς"));
        assert_eq!(stem("ανεπαρκης"), stem("ανεπαρκή"));
        assert_eq!(stem("Αγορά"), stem("αγοράς"));
        assert_eq!(stem("παίκτης"), stem("παίκτες"));
        assert_eq!(stem("εξήγηση"), stem("εξηγήσεις"));
        assert_ne!(stem("παίκτης"), stem("αγορά"));
    }

    #[test]
    fn english_is_stemmed_and_keeps_stop_words() {
        let got: Vec<String> = stems(Lang::En, "The Director may not rectify revokes").concat();
        assert_eq!(got, ["the", "director", "may", "not", "rectifi", "revok"]);
        assert_eq!(stems(Lang::En, "revoked"), stems(Lang::En, "revoke"));
        assert_eq!(exact(Lang::En, "Dummy's Rights"), ["dummys", "rights"]);
        assert_eq!(exact(Lang::En, "Café"), ["cafe"]);
    }

    /// The words of `text` by the Unicode rules alone.
    fn by_the_rules(text: &str) -> Vec<(usize, &str)> {
        text.split_word_bound_indices()
            .filter(|(_, w)| w.chars().any(char::is_alphanumeric))
            .collect()
    }

    #[test]
    fn the_table_of_letters_agrees_with_the_standard_library() {
        for c in (0..=0x2100).filter_map(char::from_u32) {
            assert_eq!(alphanumeric(c), c.is_alphanumeric(), "{c:?}");
            if (c as usize) < TABLED {
                assert_eq!(letter(c), Some(c.is_alphabetic()), "{c:?}");
            } else {
                assert_eq!(letter(c), None, "{c:?}");
            }
        }
    }

    #[test]
    fn plain_runs_are_split_as_the_unicode_rules_split_them() {
        let awkward = [
            "\u{301}abc d\u{301}e",
            "צה\"ל צה״ל ר' חוק 16 ב' 1",
            "על\u{5BE}ידי בְּרִידְג׳ 27ב1)א(",
            "Law 27B1(a), e.g. don't 1,000.5 co-operate",
            "ΑΣA ν.27Β1α Νόμου; άλλο·τέλος\u{a0}x\u{2009}y",
        ];
        for text in awkward {
            assert_eq!(
                words(text).collect::<Vec<_>>(),
                by_the_rules(text),
                "{text}"
            );
        }
        let corpus = crate::load(crate::corpus::Root::Embedded).expect("the corpus loads");
        let mut texts = 0;
        for doc in crate::search::documents::collect(&corpus) {
            for (_, text) in doc.texts.iter().chain(&doc.forms) {
                assert_eq!(
                    words(text).collect::<Vec<_>>(),
                    by_the_rules(text),
                    "{text}"
                );
                texts += 1;
            }
        }
        assert!(texts > 10_000, "{texts} texts");
    }

    #[test]
    fn words_are_assigned_a_language_by_their_letters() {
        assert_eq!(Lang::of_word("הכרזה"), Some(Lang::He));
        assert_eq!(Lang::of_word("27ב1"), Some(Lang::He));
        assert_eq!(Lang::of_word("Νόμος"), Some(Lang::El));
        assert_eq!(Lang::of_word("revoke"), Some(Lang::En));
        assert_eq!(Lang::of_word("27"), None);
    }
}
