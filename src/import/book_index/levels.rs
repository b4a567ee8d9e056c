//! Which entries of a references-first index are head terms. Nothing on the line says so; the
//! alphabetical order does, read over the whole index at once: the reading of least cost is
//! kept.

use std::collections::BTreeMap;

/// The Hebrew alphabet, final forms folded.
const HEBREW: &str = "אבגדהוזחטיכלמנסעפצקרשת";

/// Where a letter sorts: digits first, then the Hebrew letters, then the Latin ones (the book
/// lists its English terms after the Hebrew alphabet). Marks, quotes and punctuation do not
/// count; blanks and hyphens separate words, which sort before any letter.
pub(super) fn collation_key(term: &str) -> Vec<u32> {
    let mut key = Vec::new();
    for c in term.chars() {
        let c = match c {
            'ך' => 'כ',
            'ם' => 'מ',
            'ן' => 'נ',
            'ף' => 'פ',
            'ץ' => 'צ',
            other => other,
        };
        let value = if let Some(d) = c.to_digit(10) {
            Some(2 + d)
        } else if let Some(rank) = HEBREW.chars().position(|h| h == c) {
            Some(100 + rank as u32)
        } else if c.is_ascii_alphabetic() {
            Some(200 + u32::from(c.to_ascii_lowercase()))
        } else if matches!(c, ' ' | '-' | '–' | '\u{5be}') {
            (key.last() != Some(&1) && !key.is_empty()).then_some(1)
        } else {
            None
        };
        key.extend(value);
    }
    if key.last() == Some(&1) {
        key.pop();
    }
    key
}

/// The rank of the first letter of a Hebrew term (`None` for other scripts).
fn first_letter(key: &[u32]) -> Option<u32> {
    key.first().copied().filter(|v| (100..200).contains(v))
}

/// What the levels of an entry are decided by.
#[derive(Debug)]
pub(super) struct Candidate {
    pub(super) key: Vec<u32>,
    /// The numbers of the laws it refers to.
    pub(super) laws: Vec<u32>,
    /// Refers to the definitions: usually a head term.
    pub(super) definitions: bool,
    /// Printed without references or cross-reference.
    pub(super) refless: bool,
    /// A cross-reference line follows it: a head term.
    pub(super) crossed: bool,
    /// May be the end of the term above rather than an entry of its own.
    pub(super) may_continue: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Level {
    Head,
    Sub,
    /// The end of the term above, printed on a line of its own.
    Continued,
}

// The costs of the reading. Head terms follow each other in alphabetical order, and nearly
// always close in the alphabet; the sub-terms of a head start the alphabet over. Where both
// readings are in order, a term close to the head term above is itself a head term, unless it
// only extends it (`דומם` → `דומם מציין קלף`) or goes on from the sub-term above (the same
// law, the same leading words). The values were set on the Hebrew index and its reading
// checked against the Greek one; what they still read wrong is corrected by hand.

/// A head term not after the head term above.
const HEAD_OUT_OF_ORDER: f64 = 8.0;
/// A sub-term before the sub-term above (the book keeps a few lists of sub-terms in the order
/// of the English index they were translated from).
const SUB_OUT_OF_ORDER: f64 = 4.0;
/// Any sub-term: breaks the tie with a head term that starts with the same letter.
const SUB: f64 = 0.3;
/// A head term that is the head term above with more words, and would be in order as its next
/// sub-term too (unless it refers to the definitions).
const HEAD_EXTENDS: f64 = 1.0;
/// A head term that refers to a law the sub-term above refers to.
const HEAD_SAME_LAW_AS_SUB: f64 = 0.5;
/// A head term that shares more leading words with the sub-term above than with the head
/// term (`מידע חיצוני` → `מידע חיצוני מהשותף`).
const HEAD_SIBLING_OF_SUB: f64 = 1.0;
/// A sub-term that refers to the definitions, has no references, or is followed by a
/// cross-reference line.
const SUB_WITH_DEFINITIONS: f64 = 3.0;
const SUB_WITHOUT_REFERENCES: f64 = 6.0;
const SUB_CROSSED: f64 = 5.0;
/// A term line read as the end of the term above.
const CONTINUED: f64 = 2.5;

/// A head term `letters` letters of the alphabet after the head term above.
fn jump(letters: u32) -> f64 {
    match letters {
        0 => 0.0,
        n => 0.4 + 0.6 * f64::from(n - 1),
    }
}

/// The leading words two keys share.
fn shared_words(a: &[u32], b: &[u32]) -> usize {
    a.split(|v| *v == 1)
        .zip(b.split(|v| *v == 1))
        .take_while(|(x, y)| x == y)
        .count()
}

fn head_cost(c: &Candidate, above: &Candidate, last_sub: Option<&Candidate>) -> f64 {
    let mut cost = 0.0;
    if c.key <= above.key {
        cost += HEAD_OUT_OF_ORDER;
    }
    if let (Some(a), Some(b)) = (first_letter(&above.key), first_letter(&c.key)) {
        cost += jump(b.saturating_sub(a));
    }
    // It extends the head term above, and would be in order as its next sub-term too.
    if !c.definitions
        && c.key.len() > above.key.len()
        && c.key.starts_with(&above.key)
        && c.key[above.key.len()] == 1
        && last_sub.is_none_or(|s| c.key >= s.key)
    {
        cost += HEAD_EXTENDS;
    }
    // It refers to a law the sub-term above refers to: the sub-terms go on.
    if let Some(s) = last_sub
        && c.laws.iter().any(|law| s.laws.contains(law))
    {
        cost += HEAD_SAME_LAW_AS_SUB;
    }
    // It shares more words with the sub-term above than with the head term.
    if let Some(s) = last_sub
        && shared_words(&c.key, &s.key) > shared_words(&c.key, &above.key)
    {
        cost += HEAD_SIBLING_OF_SUB;
    }
    cost
}

fn sub_cost(c: &Candidate, previous: Option<&Candidate>) -> f64 {
    let mut cost = SUB;
    if previous.is_some_and(|p| c.key < p.key) {
        cost += SUB_OUT_OF_ORDER;
    }
    if c.definitions {
        cost += SUB_WITH_DEFINITIONS;
    }
    if c.refless {
        cost += SUB_WITHOUT_REFERENCES;
    }
    if c.crossed {
        cost += SUB_CROSSED;
    }
    cost
}

/// After an entry: the current head term and its last sub-term.
type State = (usize, Option<usize>);
/// The cheapest way to each state after an entry: its cost, the state before and the level
/// given to the entry.
type Step = BTreeMap<State, (f64, Option<State>, Level)>;

/// The reading where the levels cost least (a Viterbi search). The state after an entry is
/// the current head term and its last sub-term.
/// Ordered maps, so that ties always resolve alike.
pub(super) fn assign_levels(candidates: &[Candidate]) -> Vec<Level> {
    if candidates.is_empty() {
        return Vec::new();
    }
    // Per entry: state → (cost, state before, level of this entry).
    let mut steps: Vec<Step> = Vec::new();
    steps.push(Step::from([((0, None), (0.0, None, Level::Head))]));
    for i in 1..candidates.len() {
        let c = &candidates[i];
        let mut next = Step::new();
        let mut offer = |state: State, cost: f64, from: State, level: Level| {
            let better = next.get(&state).is_none_or(|(best, _, _)| cost < *best);
            if better {
                next.insert(state, (cost, Some(from), level));
            }
        };
        for (&state, &(cost, _, _)) in &steps[i - 1] {
            let (head, sub) = state;
            offer(
                (i, None),
                cost + head_cost(c, &candidates[head], sub.map(|s| &candidates[s])),
                state,
                Level::Head,
            );
            offer(
                (head, Some(i)),
                cost + sub_cost(c, sub.map(|s| &candidates[s])),
                state,
                Level::Sub,
            );
            if c.may_continue {
                offer(state, cost + CONTINUED, state, Level::Continued);
            }
        }
        steps.push(next);
    }
    let mut state = steps
        .last()
        .and_then(|last| {
            last.iter()
                .min_by(|a, b| a.1.0.total_cmp(&b.1.0))
                .map(|(s, _)| *s)
        })
        .expect("a reading");
    let mut levels = vec![Level::Head; candidates.len()];
    for i in (0..candidates.len()).rev() {
        let (_, from, level) = steps[i][&state];
        levels[i] = level;
        match from {
            Some(previous) => state = previous,
            None => break,
        }
    }
    levels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hebrew_collation_folds_final_forms_and_marks() {
        assert_eq!(collation_key("הַסְדָּרָה"), collation_key("הסדרה"));
        assert!(collation_key("מידע") < collation_key("מידע בלתי-מורשה"));
        assert!(collation_key("מידע בלתי-מורשה") < collation_key("מידע מורשה"));
        assert!(collation_key("סיום") > collation_key("סיווג"));
        assert!(collation_key("תקשורת") < collation_key("IMP"));
    }
}
