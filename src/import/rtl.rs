//! Repairing right-to-left text from a PDF extraction.
//!
//! The extraction keeps every word intact but, on some lines, lists the runs of a line in
//! visual order, left to right, which for Hebrew is the reverse of reading order. A run is a
//! stretch the typesetter placed as one piece: on a justified line usually a single word
//! (every gap then shows as two blanks or more), sometimes several words that keep their order
//! inside the run. Brackets come out mirrored on every line.
//!
//! So each line is read as a list of runs separated by wide gaps, and the importer decides
//! whether to keep the runs in order or to reverse them. Evidence: a typist's double blank
//! follows a full stop, so wide gaps elsewhere betray runs; and word pairs learned from the
//! lines that have no wide gap at all tell which order reads naturally.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use crate::text::is_hebrew_mark;

/// A word of a line and the gap before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The word as extracted, punctuation included.
    pub text: String,
    /// The gap is wide: two blanks or more, or a tab.
    pub wide_before: bool,
    /// Width of the gap, in blanks (a tab counts four).
    pub gap: usize,
    /// The gap holds a tab.
    pub tab_before: bool,
}

static GAP_AND_WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(\s*)(\S+)").expect("token pattern"));

/// Split a printed line into tokens, remembering wide gaps.
pub fn tokenize(line: &str) -> Vec<Token> {
    GAP_AND_WORD
        .captures_iter(line.trim())
        .enumerate()
        .map(|(i, caps)| {
            let gap = if i == 0 {
                0
            } else {
                caps[1].chars().map(|c| if c == '\t' { 4 } else { 1 }).sum()
            };
            Token {
                text: caps[2].to_string(),
                wide_before: gap >= 2,
                gap,
                tab_before: caps[1].contains('\t'),
            }
        })
        .collect()
}

/// Swap each bracket for its mirror image: `)א(` → `(א)`, `]ראו[` → `[ראו]`.
pub fn mirror_brackets(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '(' => ')',
            ')' => '(',
            '[' => ']',
            ']' => '[',
            other => other,
        })
        .collect()
}

/// Whether most gaps of the line are wide: every word was placed on its own.
pub fn mostly_wide(tokens: &[Token]) -> bool {
    let gaps = tokens.len().saturating_sub(1);
    let wide = tokens.iter().skip(1).filter(|t| t.wide_before).count();
    gaps > 0 && wide * 10 >= gaps * 7
}

/// The runs of a line: tokens grouped between run boundaries. A run ends at a wide gap,
/// except the typist's two blanks after a full stop in a line of runs (`ומהירה.  כמו`).
/// Where nearly every gap is wide, every word is a run of its own.
pub fn runs(tokens: &[Token]) -> Vec<Vec<Token>> {
    let every_word = mostly_wide(tokens);
    let mut runs: Vec<Vec<Token>> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let boundary = every_word
            || token.wide_before && !(token.gap == 2 && i > 0 && ends_clause(&tokens[i - 1].text));
        match runs.last_mut() {
            Some(run) if !boundary => run.push(token.clone()),
            _ => runs.push(vec![token.clone()]),
        }
    }
    runs
}

/// Whether a token closes a sentence.
pub fn ends_sentence(token: &str) -> bool {
    token
        .trim_end_matches(['"', '\'', ')', '(', ']', '['])
        .ends_with(['.', ':', ';', '!', '?'])
}

/// Whether a typist may have left two blanks after the token: after a full stop, and often
/// after a comma.
pub fn ends_clause(token: &str) -> bool {
    ends_sentence(token)
        || token
            .trim_end_matches(['"', '\'', ')', '(', ']', '['])
            .ends_with(',')
}

/// Word-pair statistics learned from lines known to be in reading order. Pairs are counted
/// twice: as written, and with Hebrew one-letter prefixes (ו ה ב כ ל מ ש) taken off, so that
/// `והמכרז נמשך` also speaks for `המכרז נמשך`.
#[derive(Debug, Default)]
pub struct WordPairs {
    pairs: HashMap<(String, String), u32>,
    words: HashMap<String, u32>,
    stem_pairs: HashMap<(String, String), u32>,
    stems: HashMap<String, u32>,
}

/// A Hebrew word without its prefix letters, keeping at least two letters.
fn stem(key: &str) -> String {
    let mut chars: Vec<char> = key.chars().collect();
    let mut taken = 0;
    while taken < 2 && chars.len() > 3 && "והבכלמש".contains(chars[0]) {
        chars.remove(0);
        taken += 1;
    }
    chars.into_iter().collect()
}

/// The form a token is counted under: without niqqud, cantillation or punctuation around it;
/// numbers (with their letters, as in `12ג1`) all count as one word, `#`.
pub fn word_key(token: &str) -> String {
    let bare: String = token
        .chars()
        .filter(|&c| !is_hebrew_mark(c) || c == '\u{5be}')
        .collect();
    let trimmed = bare.trim_matches(|c: char| !c.is_alphanumeric());
    if trimmed.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        return "#".to_string();
    }
    trimmed.to_lowercase()
}

impl WordPairs {
    /// Count the words and adjacent pairs of a line known to be in reading order.
    pub fn learn<'a>(&mut self, tokens: impl IntoIterator<Item = &'a str>) {
        let keys: Vec<String> = tokens
            .into_iter()
            .map(word_key)
            .filter(|k| !k.is_empty())
            .collect();
        for key in &keys {
            *self.words.entry(key.clone()).or_default() += 1;
            *self.stems.entry(stem(key)).or_default() += 1;
        }
        for pair in keys.windows(2) {
            *self
                .pairs
                .entry((pair[0].clone(), pair[1].clone()))
                .or_default() += 1;
            *self
                .stem_pairs
                .entry((stem(&pair[0]), stem(&pair[1])))
                .or_default() += 1;
        }
    }

    /// Log-probability of `b` following `a`, smoothed.
    pub fn follows(&self, a: &str, b: &str) -> f64 {
        let (a, b) = (word_key(a), word_key(b));
        if a.is_empty() || b.is_empty() {
            return 0.0;
        }
        let count = |map: &HashMap<(String, String), u32>, k: (String, String)| {
            f64::from(*map.get(&k).unwrap_or(&0))
        };
        let (stem_a, stem_b) = (stem(&a), stem(&b));
        let pair = count(&self.pairs, (a.clone(), b))
            + 0.5 * count(&self.stem_pairs, (stem_a.clone(), stem_b));
        let first = f64::from(*self.words.get(&a).unwrap_or(&0))
            + 0.5 * f64::from(*self.stems.get(&stem_a).unwrap_or(&0));
        let vocabulary = self.words.len().max(1) as f64;
        ((pair + 0.01) / (first + 0.01 * vocabulary)).ln()
    }

    /// How naturally the sequence reads: the sum over adjacent pairs, relative to the same
    /// pairs unseen.
    pub fn score<S: AsRef<str>>(&self, sequence: &[S]) -> f64 {
        sequence
            .windows(2)
            .map(|w| self.follows(w[0].as_ref(), w[1].as_ref()))
            .sum()
    }
}

/// The line with its runs in reverse order, each run keeping its own order.
pub fn reverse_runs(tokens: &[Token]) -> Vec<String> {
    runs(tokens)
        .into_iter()
        .rev()
        .flat_map(|run| run.into_iter().map(|t| t.text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_remember_wide_gaps() {
        let tokens = tokenize("יד תוכנס  כל\t13 קלפים");
        let wide: Vec<bool> = tokens.iter().map(|t| t.wide_before).collect();
        assert_eq!(wide, [false, false, true, true, false]);
        let gaps: Vec<usize> = tokens.iter().map(|t| t.gap).collect();
        assert_eq!(gaps, [0, 1, 2, 4, 1]);
    }

    #[test]
    fn runs_reverse_as_units() {
        // Hebrew source line 1227 (Law 6B): runs `יד תוכנס לאחד מארבעת תאי`, `כל`,
        // `13 קלפים כל אחת;`, `בנות`, `ידיים`.
        let tokens = tokenize("יד תוכנס לאחד מארבעת תאי  כל  13 קלפים כל אחת;   בנות   ידיים");
        assert_eq!(
            reverse_runs(&tokens).join(" "),
            "ידיים בנות 13 קלפים כל אחת; כל יד תוכנס לאחד מארבעת תאי"
        );
    }

    #[test]
    fn a_typists_double_blank_after_a_full_stop_stays_inside_a_run() {
        // Hebrew source line 60: `ומהירה.  כמו` is one run; the wider gaps are boundaries.
        let tokens = tokenize("כן, תוכלו להסתייע בתוכן-העניינים שבראשית הספר כדי  ומהירה.  כמו");
        assert_eq!(
            reverse_runs(&tokens).join(" "),
            "ומהירה. כמו כן, תוכלו להסתייע בתוכן-העניינים שבראשית הספר כדי"
        );
        // Line 27: in a fully reversed line a full stop is followed by three blanks.
        let tokens = tokenize("מאוד  רבות  הצעות  ארוכות  שקלה  הוועדה  היום.   עד  ביותר  הנרחבת");
        assert_eq!(
            reverse_runs(&tokens).join(" "),
            "הנרחבת ביותר עד היום. הוועדה שקלה ארוכות הצעות רבות מאוד"
        );
    }

    #[test]
    fn brackets_mirror() {
        assert_eq!(mirror_brackets("40ב2)א()v("), "40ב2(א)(v)");
        assert_eq!(mirror_brackets("]ראו חוק 12ג1)ב([ "), "[ראו חוק 12ג1(ב)] ");
    }

    #[test]
    fn word_keys_fold_niqqud_punctuation_and_numbers() {
        assert_eq!(word_key("הַסְדָּרָה,"), "הסדרה");
        assert_eq!(word_key("12ג1)ב(."), "#");
        assert_eq!(word_key("\"רי-דאבל\"."), "רי-דאבל");
    }
}
