//! The numbers of a text compared between the editions: a number one book prints that the
//! other does not (the Hebrew 78B prints `130-490` where the Laws have `430-490`).
//!
//! Each number an edition prints in digits must stand in the other editions as often, in digits
//! or in words (`13` and `δεκατρία` are one number). A number word never raises a finding on
//! its own: the words are homographs (the Greek `ένα`, `μία` is the indefinite article; the
//! Hebrew `שני` is also "second" and "the other", `שבעת` also "that at the time"), and a
//! translator writes "both", "the other" or "a pair" for a two, so that a word without a
//! counterpart says nothing of the other book. Codes inside citations are the citations' own
//! (compared as citations), and footnote markers are not numbers of the text.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use unicode_segmentation::UnicodeSegmentation;

use super::{Kind, Raw, texts};
use crate::align::Row;
use crate::corpus::reference::Field;
use crate::corpus::{Edition, Entry};
use crate::text::{fold, hebrew_stems, number_of};

static DIGITS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d+").expect("digits pattern"));
static MARKER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[\^\d+\]").expect("marker pattern"));

/// A number of a text: its value in digits and where it is printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Number {
    pub value: String,
    pub range: Range<usize>,
    /// Printed in digits, not as a word.
    pub digits: bool,
}

/// The numbers of `text` in printed order, outside the ranges `skip` (its citations): runs of
/// digits, and words that are numbers (`שמונה`, `οκτώ`, Hebrew prefixes aside). The words for
/// one are left out: the Greek `ένα`, `μία` is also the indefinite article and the Hebrew
/// `אחד` also "one of", so that they stand for no number a translation must keep.
pub(super) fn numbers(text: &str, skip: &[Range<usize>]) -> Vec<Number> {
    let markers: Vec<Range<usize>> = MARKER.find_iter(text).map(|m| m.range()).collect();
    let outside = |r: &Range<usize>| {
        !skip
            .iter()
            .chain(&markers)
            .any(|s| s.start < r.end && r.start < s.end)
    };
    let mut found: Vec<Number> = DIGITS
        .find_iter(text)
        .map(|m| Number {
            value: m.as_str().trim_start_matches('0').to_string(),
            range: m.range(),
            digits: true,
        })
        .map(|mut n| {
            if n.value.is_empty() {
                n.value = "0".into();
            }
            n
        })
        .filter(|n| outside(&n.range))
        .collect();
    for (at, word) in text.split_word_bound_indices() {
        if word.chars().any(|c| c.is_ascii_digit()) || !word.chars().any(char::is_alphabetic) {
            continue;
        }
        let folded = fold(word);
        let value = number_of(&folded).or_else(|| hebrew_stems(&folded).find_map(number_of));
        let range = at..at + word.len();
        if let Some(value) = value.filter(|v| *v != "1")
            && outside(&range)
        {
            found.push(Number {
                value: value.to_string(),
                range,
                digits: false,
            });
        }
    }
    found.sort_by_key(|n| n.range.start);
    found
}

/// The numbers of an entry, field by field, outside its citations.
fn of_entry(entry: &Entry) -> Vec<(Field, Number)> {
    texts(entry)
        .flat_map(|(field, text)| {
            let skip: Vec<Range<usize>> = entry
                .refs
                .iter()
                .filter(|r| r.field == field)
                .map(|r| r.phrase.clone())
                .collect();
            numbers(text, &skip).into_iter().map(move |n| (field, n))
        })
        .collect()
}

pub(super) fn find(editions: &[&Edition], row: &Row) -> Option<Raw> {
    if !row.printed_in_all() {
        return None;
    }
    let each: Vec<Vec<(Field, Number)>> = row.cells.iter().flatten().map(|e| of_entry(e)).collect();
    let all = |n: usize| -> Vec<&str> { each[n].iter().map(|(_, x)| x.value.as_str()).collect() };
    let count = |n: usize, value: &str, digits: bool| {
        each[n]
            .iter()
            .filter(|(_, x)| x.value == value && (!digits || x.digits))
            .count()
    };
    let mut found = BTreeMap::new();
    let mut spots = Vec::new();
    let mut said = Vec::new();
    for (cell, edition) in editions.iter().enumerate() {
        // The numbers this edition prints in digits more often than another edition prints
        // them, in digits or in words.
        let mine = all(cell);
        let mut extra: Vec<&str> = Vec::new();
        // Said apart: the numbers no other edition prints, and those the others print too,
        // but fewer times (`3` twice against once).
        let mut alone: Vec<&str> = Vec::new();
        let mut oftener = Vec::new();
        for value in dedup(&mine) {
            let printed = count(cell, value, true);
            let least = (0..each.len())
                .filter(|o| *o != cell)
                .map(|other| count(other, value, false))
                .min()
                .unwrap_or(printed);
            extra.extend(std::iter::repeat_n(value, printed.saturating_sub(least)));
            if least == 0 {
                alone.extend(std::iter::repeat_n(value, printed));
            } else if printed > least {
                oftener.push((value, printed, least));
            }
        }
        extra.sort_by_key(|v| (v.len(), v.to_string()));
        if !extra.is_empty() {
            // Point at the first number the other edition's sequence does not match.
            let other = (0..each.len()).find(|o| *o != cell).unwrap_or(cell);
            if let Some((field, n)) = unmatched(&mine, &all(other))
                .into_iter()
                .map(|i| &each[cell][i])
                .find(|(_, n)| n.digits && extra.contains(&n.value.as_str()))
            {
                spots.push((cell, *field, n.range.clone()));
            }
            alone.sort_by_key(|v| (v.len(), v.to_string()));
            if !alone.is_empty() {
                said.push(format!("only {} prints {}", edition.id(), alone.join(", ")));
            }
            for (value, printed, least) in oftener {
                said.push(format!(
                    "{} prints {value} {}, another edition {}",
                    edition.id(),
                    times(printed),
                    times(least)
                ));
            }
        }
        found.insert(
            edition.id().to_string(),
            extra.into_iter().map(str::to_string).collect(),
        );
    }
    (!said.is_empty()).then(|| Raw {
        kind: Kind::Numbers,
        message: format!("the numbers differ: {}", said.join("; ")),
        found,
        spots,
    })
}

/// A count as said: `once`, `twice`, `3 times`.
fn times(n: usize) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

fn dedup<'a>(values: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for v in values {
        if !out.contains(v) {
            out.push(v);
        }
    }
    out
}

/// The positions of `a` left out of a longest common subsequence with `b`: the numbers of one
/// text that the other's, in order, do not match.
fn unmatched(a: &[&str], b: &[&str]) -> Vec<usize> {
    let (n, m) = (a.len(), b.len());
    let mut table = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            table[i][j] = if a[i] == b[j] {
                table[i + 1][j + 1] + 1
            } else {
                table[i + 1][j].max(table[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < n {
        if j < m && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if j < m && table[i][j + 1] >= table[i + 1][j] {
            j += 1;
        } else {
            out.push(i);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str, skip: &[Range<usize>]) -> Vec<String> {
        numbers(text, skip).into_iter().map(|n| n.value).collect()
    }

    #[test]
    fn digits_and_number_words_outside_citations_and_markers() {
        // 78B, a row of the IMP table as the Hebrew book prints it.
        assert_eq!(
            values("20-40 1 130-490 10 1750-1990 18", &[]),
            ["20", "40", "1", "130", "490", "10", "1750", "1990", "18"]
        );
        // 38A (Greek): `επτά` is 7.
        let text = "Δεν επιτρέπεται ποτέ η εκτέλεση ενός συμβολαίου σε επίπεδο ανώτερο του επτά.";
        assert_eq!(values(text, &[]), ["7"]);
        // 38B (Hebrew): the prefix comes off `משבע`.
        assert_eq!(
            values("הכרזה של יותר משבע מבוטלת ועימה כל קריאה עוקבת.", &[]),
            ["7"]
        );
        // 27B (Greek): the article `μια` is no number.
        assert!(values("Αν μια ανεπαρκής αγορά εντός σειράς δεν γίνει δεκτή", &[]).is_empty());
        // 53A (Hebrew): a footnote marker is no number.
        assert_eq!(values("לפני הלקיחה ה-13[^17] כהובלה חוקית", &[]), ["13"]);
        // 27B1(a) (Hebrew): a citation's codes are the citation's.
        let text = "חוקים 26ב ו-16ג אינם חלים, אך ראו ד להלן.";
        let phrase = 0..text.find(" אינם").unwrap();
        assert!(values(text, &[phrase]).is_empty());
    }

    #[test]
    fn the_number_one_book_prints_for_another_is_found() {
        let he = ["20", "40", "1", "130", "490", "10", "130", "160", "4"];
        let el = ["20", "40", "1", "430", "490", "10", "130", "160", "4"];
        assert_eq!(unmatched(&he, &el), [3]);
        assert_eq!(unmatched(&el, &he), [3]);
    }
}
