//! Snippets: the stretch of a text with the most query words, the words marked.
//!
//! Written here rather than taken from tantivy's `SnippetGenerator`, because a hit's words may
//! come from several fields and languages, or from near spellings, and because tantivy counts
//! snippet lengths in bytes, which halves a Hebrew or Greek snippet.

use super::analyze::{self, Lang};
use crate::text::within_edits;

/// How many characters a snippet shows at most.
pub const WIDTH: usize = 160;

/// A piece of text with the ranges (in characters) of the words a query matched.
#[derive(Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Snippet {
    /// The stretch of text shown.
    pub text: String,
    /// The matched words, each as `[start, end)` in characters of `text`.
    pub highlights: Vec<[usize; 2]>,
}

/// What makes a word of the text a match.
#[derive(Default)]
pub struct Matcher {
    /// Terms of the query as the stems analyzer makes them: every word of every result's
    /// text is looked up among them.
    pub terms: rustc_hash::FxHashSet<String>,
    /// Words found only by near spelling: (folded word, edits allowed).
    pub near: Vec<(String, u8)>,
}

impl Matcher {
    /// A matcher of these terms and near spellings.
    pub fn new(terms: Vec<String>, near: Vec<(String, u8)>) -> Self {
        Matcher {
            terms: terms.into_iter().collect(),
            near,
        }
    }

    /// Whether the word of `lang`, as printed, matches.
    fn matches(&self, lang: Lang, word: &str) -> bool {
        let stems = analyze::word_stems(lang, word);
        if stems.iter().any(|t| self.terms.contains(t.as_str())) {
            return true;
        }
        if self.near.is_empty() {
            return false;
        }
        let folded = analyze::fold_word(word);
        self.near
            .iter()
            .any(|(w, d)| !folded.is_empty() && within_edits(w, &folded, *d))
    }
}

/// A word of the text: where it is, in bytes and in characters, and whether it matched.
struct Word {
    bytes: std::ops::Range<usize>,
    chars: std::ops::Range<usize>,
    matched: bool,
}

/// The best stretch of `text` of at most `width` characters, with the matched words marked.
pub fn snippet(text: &str, lang: Lang, matcher: &Matcher, width: usize) -> Snippet {
    let flat: String = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    // Each word's byte and character ranges, counted in one pass over the text, and whether
    // it matches.
    let mut words: Vec<Word> = Vec::new();
    let (mut byte, mut char) = (0, 0);
    // A text says most of its words again and again: each is looked at once.
    let mut seen: rustc_hash::FxHashMap<&str, bool> = rustc_hash::FxHashMap::default();
    for (from_byte, word) in analyze::words(&flat) {
        let range = from_byte..from_byte + word.len();
        let from = char + flat[byte..range.start].chars().count();
        let to = from + word.chars().count();
        (byte, char) = (range.end, to);
        words.push(Word {
            bytes: range,
            chars: from..to,
            matched: *seen
                .entry(word)
                .or_insert_with(|| matcher.matches(lang, word)),
        });
    }
    // The window: starting at a matched word, the one covering the most matched words;
    // a text with no match shows its beginning.
    let mut best = (0, 0usize);
    for (i, word) in words.iter().enumerate().filter(|(_, w)| w.matched) {
        let covered = words[i..]
            .iter()
            .take_while(|w| w.chars.end - word.chars.start <= width)
            .filter(|w| w.matched)
            .count();
        if covered > best.1 {
            best = (i, covered);
        }
    }
    // Start a few words before the first match, so that it reads in context.
    // Where the snippet starts, in bytes and in characters.
    let at = |w: &Word| (w.bytes.start, w.chars.start);
    let (mut start, mut start_char) = words.get(best.0).map_or((0, 0), at);
    let first = start_char;
    for word in words[..best.0].iter().rev().take(4) {
        if first - word.chars.start > width / 4 {
            break;
        }
        (start, start_char) = at(word);
    }
    if best.1 == 0 {
        (start, start_char) = (0, 0);
    }
    let mut end = start;
    for word in &words {
        if word.bytes.start >= start && word.chars.end - start_char <= width {
            end = word.bytes.end;
        }
    }
    if end == start {
        end = flat.len().min(
            flat.char_indices()
                .nth(width)
                .map_or(flat.len(), |(i, _)| i),
        );
    }
    let mut out = Snippet::default();
    if start > 0 {
        out.text.push('…');
    }
    let base = out.text.chars().count();
    out.text.push_str(&flat[start..end]);
    for word in &words {
        if word.matched && word.bytes.start >= start && word.bytes.end <= end {
            let at = base + word.chars.start - start_char;
            out.highlights.push([at, at + word.chars.len()]);
        }
    }
    if end < flat.trim_end().len() {
        out.text.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matcher(lang: Lang, query: &str) -> Matcher {
        Matcher::new(analyze::terms(lang, false, query).concat(), Vec::new())
    }

    fn marked(s: &Snippet) -> String {
        let chars: Vec<char> = s.text.chars().collect();
        let mut out = String::new();
        for (i, c) in chars.iter().enumerate() {
            if s.highlights.iter().any(|h| h[0] == i) {
                out.push('[');
            }
            out.push(*c);
            if s.highlights.iter().any(|h| h[1] == i + 1) {
                out.push(']');
            }
        }
        out
    }

    #[test]
    fn hebrew_words_are_marked_with_their_prefixes() {
        // 27B1(a), as printed.
        let text = "ההכרזה הבלתי-מספקת מוחלפת על-ידי הכרזה מספקת ברמה הנמוכה ביותר";
        let s = snippet(text, Lang::He, &matcher(Lang::He, "הכרזה"), WIDTH);
        assert_eq!(
            marked(&s),
            "[ההכרזה] הבלתי-מספקת מוחלפת על-ידי [הכרזה] מספקת ברמה הנמוכה ביותר"
        );
    }

    #[test]
    fn a_long_text_is_cut_around_the_matches_in_characters() {
        let text = format!("{} παίκτης {}", "λέξη ".repeat(60), "τέλος ".repeat(60));
        let s = snippet(&text, Lang::El, &matcher(Lang::El, "παίκτες"), 60);
        assert!(
            s.text.starts_with('…') && s.text.ends_with('…'),
            "{}",
            s.text
        );
        assert!(s.text.chars().count() <= 62, "{}", s.text.chars().count());
        assert!(marked(&s).contains("[παίκτης]"), "{}", marked(&s));
    }

    #[test]
    fn near_spellings_are_marked() {
        let m = Matcher::new(Vec::new(), vec![("ערעור".into(), 1)]);
        let s = snippet("ועדת ערעורים או ערעור", Lang::He, &m, WIDTH);
        assert_eq!(marked(&s), "ועדת ערעורים או [ערעור]");
    }

    #[test]
    fn a_text_without_matches_shows_its_beginning() {
        let s = snippet("Law 16 text", Lang::En, &matcher(Lang::En, "revoke"), 8);
        assert_eq!(s.text, "Law 16…");
        assert!(s.highlights.is_empty());
    }
}
