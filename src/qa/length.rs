//! Length outliers: a node whose texts' lengths stand in a ratio far from what is usual for nodes
//! of its size (a sentence missing in one book). The rule was fixed before looking at the
//! corpus, and is stated in the report:
//!
//! - a text's length is its letters and digits (spacing, punctuation and footnote markers are
//!   conventions of typesetting, not content);
//! - for each pair of editions, each node both print is measured by `x = ln(a / b)` and its size
//!   `√(a·b)`; nodes fall into classes of size that double (1, 2–3, 4–7 … letters), a class of
//!   fewer than 30 nodes joining the next larger one (the largest joining the one before);
//! - within a class, a node is an outlier when its modified z-score, `0.6745·(x − median)/MAD`,
//!   exceeds 3.5 in absolute value (Iglewicz and Hoaglin's rule for outliers, robust to the
//!   outliers themselves).

use std::collections::{BTreeMap, HashMap};

use schemars::JsonSchema;
use serde::Serialize;

use super::{Kind, Raw, body};
use crate::align::Row;
use crate::corpus::Edition;

/// The threshold of the modified z-score.
pub const K: f64 = 3.5;
/// The fewest nodes a class of size may have.
pub const MIN_CLASS: usize = 30;
/// The modified z-score's constant: the MAD of a normal distribution, in standard deviations.
const NORMAL_MAD: f64 = 0.6745;

/// The length rule as applied to one pair of editions.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct LengthRule {
    /// The two editions: the ratio is the first's length over the second's.
    pub editions: [String; 2],
    /// The rule, in words.
    pub rule: String,
    /// The classes of size, from the smallest.
    pub classes: Vec<SizeClass>,
    /// How many nodes the rule flagged.
    pub flagged: usize,
}

/// Nodes of a similar size, and the usual ratio of their lengths.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SizeClass {
    /// The smallest size of the class (the geometric mean of the two lengths, in letters).
    pub from: usize,
    /// The largest size, excluded.
    pub to: usize,
    /// How many nodes it holds.
    pub nodes: usize,
    /// The median ratio of the lengths.
    pub median_ratio: f64,
    /// The median absolute deviation of the log ratio.
    pub mad: f64,
}

/// A text's length: its letters and digits, footnote markers aside.
pub fn length(text: &str) -> usize {
    let mut n = 0;
    let mut rest = text;
    while let Some(at) = rest.find("[^") {
        n += count(&rest[..at]);
        rest = rest[at..].split_once(']').map_or("", |(_, after)| after);
    }
    n + count(rest)
}

fn count(text: &str) -> usize {
    text.chars().filter(|c| c.is_alphanumeric()).count()
}

/// The median of `values` (not empty).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Classes of size: each row's doubling class, classes of fewer than `MIN_CLASS` joined to the
/// next larger, the largest to the one before. Returns each row's group.
fn groups(classes: &[u32]) -> Vec<usize> {
    let mut sizes: BTreeMap<u32, usize> = BTreeMap::new();
    for c in classes {
        *sizes.entry(*c).or_default() += 1;
    }
    let mut group_of: HashMap<u32, usize> = HashMap::new();
    let mut counts: Vec<usize> = vec![0];
    for (class, n) in sizes {
        if counts.last().is_some_and(|c| *c >= MIN_CLASS) {
            counts.push(0);
        }
        *counts.last_mut().expect("a group") += n;
        group_of.insert(class, counts.len() - 1);
    }
    let last = counts.len() - 1;
    let merge_last = last > 0 && counts[last] < MIN_CLASS;
    classes
        .iter()
        .map(|c| {
            let g = group_of[c];
            if merge_last && g == last { g - 1 } else { g }
        })
        .collect()
}

/// The outliers of every pair of editions, as findings by row, and the rule as applied.
pub(super) fn outliers(
    editions: &[&Edition],
    rows: &[Row],
) -> (HashMap<usize, Vec<Raw>>, Vec<LengthRule>) {
    let mut found: HashMap<usize, Vec<Raw>> = HashMap::new();
    let mut rules = Vec::new();
    for a in 0..editions.len() {
        for b in a + 1..editions.len() {
            let (flags, rule) = pair(editions, rows, a, b);
            for (row, raw) in flags {
                found.entry(row).or_default().push(raw);
            }
            rules.push(rule);
        }
    }
    (found, rules)
}

fn pair(
    editions: &[&Edition],
    rows: &[Row],
    a: usize,
    b: usize,
) -> (Vec<(usize, Raw)>, LengthRule) {
    // (row, length in a, length in b)
    let measured: Vec<(usize, usize, usize)> = rows
        .iter()
        .enumerate()
        .filter_map(|(n, row)| {
            let la = length(&body(row.cells[a]?)?);
            let lb = length(&body(row.cells[b]?)?);
            (la > 0 && lb > 0).then_some((n, la, lb))
        })
        .collect();
    let class = |la: usize, lb: usize| ((la as f64 * lb as f64).sqrt().log2().floor()) as u32;
    let classes: Vec<u32> = measured.iter().map(|(_, la, lb)| class(*la, *lb)).collect();
    let group = groups(&classes);
    let log_ratio = |la: usize, lb: usize| (la as f64 / lb as f64).ln();
    let (ida, idb) = (editions[a].id(), editions[b].id());
    let mut flags = Vec::new();
    let mut summary = Vec::new();
    for g in 0..group.iter().max().map_or(0, |m| m + 1) {
        let members: Vec<usize> = (0..measured.len()).filter(|i| group[*i] == g).collect();
        let mut xs: Vec<f64> = members
            .iter()
            .map(|i| log_ratio(measured[*i].1, measured[*i].2))
            .collect();
        let m = median(&mut xs);
        let mut deviations: Vec<f64> = xs.iter().map(|x| (x - m).abs()).collect();
        let mad = median(&mut deviations);
        let lowest = members.iter().map(|i| classes[*i]).min().unwrap_or(0);
        let highest = members.iter().map(|i| classes[*i]).max().unwrap_or(0);
        let (from, to) = (1usize << lowest, 1usize << (highest + 1));
        summary.push(SizeClass {
            from,
            to,
            nodes: members.len(),
            median_ratio: round(m.exp()),
            mad: round(mad),
        });
        if mad == 0.0 {
            continue;
        }
        for i in members {
            let (row, la, lb) = measured[i];
            let z = NORMAL_MAD * (log_ratio(la, lb) - m) / mad;
            if z.abs() <= K {
                continue;
            }
            let ratio = la as f64 / lb as f64;
            flags.push((
                row,
                Raw {
                    kind: Kind::Length,
                    message: format!(
                        "{ida} has {la} letters, {idb} {lb}: a ratio of {:.2} where nodes of {from}–{} letters have {:.2} (modified z-score {z:+.2}, beyond ±{K})",
                        ratio,
                        to - 1,
                        m.exp()
                    ),
                    found: [
                        (ida.to_string(), vec![la.to_string()]),
                        (idb.to_string(), vec![lb.to_string()]),
                    ]
                    .into(),
                    spots: Vec::new(),
                },
            ));
        }
    }
    let rule = LengthRule {
        editions: [ida.to_string(), idb.to_string()],
        rule: format!(
            "length = letters and digits; x = ln({ida} / {idb}); classes of size √(a·b) doubling, each of at least {MIN_CLASS} nodes; outlier when |0.6745·(x − median)/MAD| > {K} within its class"
        ),
        classes: summary,
        flagged: flags.len(),
    };
    (flags, rule)
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_counts_letters_and_digits_not_markers() {
        // 13's Hebrew heading, with its footnote marker.
        assert_eq!(length("מספר קלפים שגוי[^2]"), 13);
        assert_eq!(length("0-10 0 370-420 9"), 11);
    }

    #[test]
    fn small_classes_join_the_next_larger() {
        // 10 nodes of class 2, 40 of class 5, 5 of class 9: the first joins the second, the
        // last (too small on its own) joins the group before it.
        let mut classes = vec![2; 10];
        classes.extend(vec![5; 40]);
        classes.extend(vec![9; 5]);
        let g = groups(&classes);
        assert!(g.iter().all(|g| *g == 0));
        let mut classes = vec![3; 30];
        classes.extend(vec![4; 30]);
        let g = groups(&classes);
        assert_eq!((g[0], g[59]), (0, 1));
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0, 10.0]), 2.5);
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
    }
}
