//! Ligatures lost in a PDF extraction. Printed books set `ff`, `ffi`, `ffl` (and sometimes
//! `fi`, `fl`) as single glyphs that some extractors drop, leaving a space (`o ender`,
//! `insu cient`, `Shu e`) or nothing (`o ence`). Each suspect form is tried with the ligature
//! letters at the break, the space removed; a reading is accepted when it alone is a known word
//! (or the book prints it intact and the others not at all). Every other suspect form is
//! reported with its line, never guessed.
//!
//! Known words come from the vocabulary handed in (the glossary's English terms, the English
//! titles and summaries of the corpus), the Wordnik word list embedded by the `wordnik_list`
//! crate, and a known word after a prefix (`non`, `un`, …): `nonoffending` is in no list. A
//! fragment stands as a word of its own only when the project's vocabulary holds it, or the
//! word list does and it is `MIN_ALONE` letters or longer: the list's short entries (`di`, `er`,
//! `shu`) are the very fragments a lost ligature leaves.

use std::collections::{BTreeMap, HashSet};
use std::sync::LazyLock;

use regex::Regex;

/// The ligatures of a Latin typeface, the longest first.
const LIGATURES: &[&str] = &["ffi", "ffl", "ff", "fi", "fl"];

/// Prefixes a book glues to a word (`nonoffending`, `unaffected`, `reshuffle`).
const PREFIXES: &[&str] = &[
    "non", "un", "re", "pre", "co", "counter", "over", "under", "mis",
];

/// How long a word of the word list must be to stand alone as a fragment (fitted on half of
/// the table of broken forms in the tests, reported on the other half).
pub const MIN_ALONE: usize = 3;

/// Words and fragments: letters, with an apostrophe inside (`offender's` is `offender` + `'s`).
static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\p{L}+").expect("word pattern"));

/// What the repair knows.
pub struct Vocabulary {
    /// The project's own English words, lower case.
    project: HashSet<String>,
    /// How often the book prints each word, lower case.
    book: BTreeMap<String, usize>,
    /// See `MIN_ALONE`.
    min_alone: usize,
}

/// A broken form put right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repaired {
    /// The source line.
    pub line: usize,
    /// As printed: `o ender`.
    pub broken: String,
    /// As repaired: `offender`.
    pub fixed: String,
}

/// A suspect form left as printed, with the readings that could not be told apart (none when
/// no reading is a known word).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undecided {
    /// The source line.
    pub line: usize,
    /// As printed: `ri e`.
    pub broken: String,
    /// The readings that are words: `riffle`, `rifle`.
    pub readings: Vec<String>,
}

/// What the repair did to a text.
#[derive(Debug, Default)]
pub struct Report {
    /// The forms put right.
    pub repaired: Vec<Repaired>,
    /// The forms left as printed.
    pub undecided: Vec<Undecided>,
}

impl Vocabulary {
    /// The project's words (`words`: any text; its words are taken) and the book's.
    pub fn new<'a>(project: impl IntoIterator<Item = &'a str>, book: &str) -> Self {
        let mut words = HashSet::new();
        for text in project {
            words.extend(WORD.find_iter(text).map(|m| m.as_str().to_lowercase()));
        }
        let mut counts = BTreeMap::new();
        for m in WORD.find_iter(book) {
            *counts.entry(m.as_str().to_lowercase()).or_insert(0) += 1;
        }
        Vocabulary {
            project: words,
            book: counts,
            min_alone: MIN_ALONE,
        }
    }

    /// A word in any list, or a prefix on one.
    fn is_word(&self, lower: &str) -> bool {
        self.listed(lower)
            || PREFIXES.iter().any(|p| {
                lower
                    .strip_prefix(p)
                    .is_some_and(|rest| rest.len() >= 4 && self.listed(rest))
            })
    }

    fn listed(&self, lower: &str) -> bool {
        self.project.contains(lower) || (lower.is_ascii() && wordnik_list::word_exists(lower))
    }

    /// A fragment that is a word of its own, not what a lost ligature left.
    fn stands_alone(&self, lower: &str) -> bool {
        matches!(lower, "a" | "i")
            || self.project.contains(lower)
            || (lower.chars().count() >= self.min_alone && self.listed(lower))
    }

    /// The readings of `left` + ligature + `right` that are words, in the case printed.
    fn readings(&self, left: &str, right: &str) -> Vec<String> {
        let upper = |s: &str| s.chars().count() > 1 && !s.chars().any(char::is_lowercase);
        let all_caps = upper(left) || upper(right);
        LIGATURES
            .iter()
            .map(|lig| {
                let lig = if all_caps {
                    lig.to_uppercase()
                } else if left.is_empty() && right.starts_with(char::is_uppercase) {
                    capitalised(lig)
                } else {
                    lig.to_string()
                };
                format!("{left}{lig}{right}")
            })
            .filter(|word| self.is_word(&word.to_lowercase()))
            .collect()
    }

    /// The one reading to accept: the only word, or the only one the book prints intact.
    fn decide(&self, readings: &[String]) -> Option<String> {
        if let [only] = readings {
            return Some(only.clone());
        }
        let printed: Vec<&String> = readings
            .iter()
            .filter(|r| self.book.get(&r.to_lowercase()).is_some_and(|n| *n > 0))
            .collect();
        match printed.as_slice() {
            [only] => Some((*only).clone()),
            _ => None,
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Repair `text` line by line; line numbers are 1-based. The text keeps its line count.
pub fn repair(text: &str, vocabulary: &Vocabulary) -> (String, Report) {
    let mut report = Report::default();
    let mut out = String::with_capacity(text.len());
    for (index, line) in text.split_inclusive('\n').enumerate() {
        out.push_str(&repair_line(line, index + 1, vocabulary, &mut report));
    }
    (out, report)
}

fn repair_line(line: &str, number: usize, vocabulary: &Vocabulary, report: &mut Report) -> String {
    let words: Vec<regex::Match> = WORD.find_iter(line).collect();
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let next = words
            .get(i + 1)
            .filter(|n| &line[word.end()..n.start()] == " ");
        let lower = word.as_str().to_lowercase();
        // Two fragments around the space a ligature left: `o ender`, `insu cient`.
        if let Some(next) = next {
            let (left, right) = (word.as_str(), next.as_str());
            let next_lower = right.to_lowercase();
            let suspect = !vocabulary.stands_alone(&lower) || !vocabulary.stands_alone(&next_lower);
            let readings = if suspect && !is_enumerator(line, word) {
                vocabulary.readings(left, right)
            } else {
                Vec::new()
            };
            if !readings.is_empty() {
                let broken = format!("{left} {right}");
                match vocabulary.decide(&readings) {
                    Some(fixed) => {
                        out.push_str(&line[copied..word.start()]);
                        out.push_str(&fixed);
                        copied = next.end();
                        report.repaired.push(Repaired {
                            line: number,
                            broken,
                            fixed,
                        });
                    }
                    None => report.undecided.push(Undecided {
                        line: number,
                        broken,
                        readings,
                    }),
                }
                i += 2;
                continue;
            }
        }
        // A fragment with nothing left of the ligature: `o ence` is `offence`, `insu cient`
        // with no space is `insucient`.
        if !vocabulary.is_word(&lower) && word.as_str().chars().count() >= 3 {
            // At the word's start too (`rst` is `first`), but not before a capital.
            let skip = usize::from(word.as_str().starts_with(char::is_uppercase));
            let readings: Vec<String> = word
                .as_str()
                .char_indices()
                .skip(skip)
                .flat_map(|(at, _)| {
                    let (left, right) = word.as_str().split_at(at);
                    vocabulary.readings(left, right)
                })
                .collect();
            if !readings.is_empty() {
                match vocabulary.decide(&readings) {
                    Some(fixed) => {
                        out.push_str(&line[copied..word.start()]);
                        out.push_str(&fixed);
                        copied = word.end();
                        report.repaired.push(Repaired {
                            line: number,
                            broken: word.as_str().to_string(),
                            fixed,
                        });
                    }
                    None => report.undecided.push(Undecided {
                        line: number,
                        broken: word.as_str().to_string(),
                        readings,
                    }),
                }
                i += 1;
                continue;
            }
        }
        // A lone small letter between words (`o ender` where no reading is a word): a
        // ligature was lost, but what it was cannot be told.
        if is_lone_fragment(line, word, &lower) {
            report.undecided.push(Undecided {
                line: number,
                broken: word.as_str().to_string(),
                readings: Vec::new(),
            });
        }
        i += 1;
    }
    out.push_str(&line[copied..]);
    out
}

/// A letter in brackets or before a full stop is an enumerator (`(a)`, `A.`), not a fragment.
fn is_enumerator(line: &str, word: regex::Match) -> bool {
    word.as_str().chars().count() <= 2
        && (line[..word.start()].ends_with('(') || line[word.end()..].starts_with(['.', ')']))
}

fn is_lone_fragment(line: &str, word: regex::Match, lower: &str) -> bool {
    lower.chars().count() == 1
        && !matches!(lower, "a" | "i")
        && word.as_str().chars().all(char::is_lowercase)
        && !is_enumerator(line, word)
        && line[word.end()..].starts_with(" ")
        && line[..word.start()].ends_with(' ')
}

#[cfg(test)]
mod tests;
