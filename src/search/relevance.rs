//! Judging relevance: queries with the nodes a right answer lies within, and Hit@k and MRR
//! over them. Shared by the relevance suite and the comparison with SQLite FTS5.

use std::collections::BTreeMap;

use serde::Deserialize;

/// A query and what answers it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Judged {
    /// The query, as a user would type it.
    pub query: String,
    /// What is reported together: `he`, `el`, `en`, `citation`, `cross`.
    pub group: String,
    /// The language results are asked in; none: the query's own.
    #[serde(default)]
    pub lang: Option<String>,
    /// Node ids; a result is right when it is about one of them or a node within one.
    pub expect: Vec<String>,
    /// What the query means, where its words do not say (`when dummy interferes in the play`).
    #[serde(default)]
    pub note: Option<String>,
}

/// Read a file of judged queries.
pub fn load(path: &std::path::Path) -> crate::error::Result<Vec<Judged>> {
    let text = std::fs::read_to_string(path).map_err(|e| crate::error::Error::io(path, e))?;
    serde_saphyr::from_str(&text)
        .map_err(|e| crate::error::Error::Format(format!("{}: {e}", path.display())))
}

impl Judged {
    /// The rank (from 1) of the first right result, given each result's target nodes.
    pub fn rank<S: AsRef<str>>(&self, results: &[Vec<S>]) -> Option<usize> {
        results
            .iter()
            .position(|targets| {
                targets.iter().any(|t| {
                    self.expect
                        .iter()
                        .any(|e| crate::refs::within(t.as_ref(), e))
                })
            })
            .map(|i| i + 1)
    }
}

/// Hit@1, Hit@3 and mean reciprocal rank of a group of queries.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// How many queries the group has.
    pub queries: usize,
    /// The share of queries whose first result is right.
    pub hit1: f64,
    /// The share of queries with a right result among the first three.
    pub hit3: f64,
    /// The mean over the queries of 1 / the rank of the first right result (0 for none).
    pub mrr: f64,
}

/// Scores per group (and `all`) from each query's group and the rank of its first right
/// result.
pub fn score<'a>(
    ranks: impl IntoIterator<Item = (&'a str, Option<usize>)>,
) -> BTreeMap<String, Score> {
    let mut sums: BTreeMap<String, (usize, usize, usize, f64)> = BTreeMap::new();
    for (group, rank) in ranks {
        for key in [group, "all"] {
            let s = sums.entry(key.to_string()).or_default();
            s.0 += 1;
            if let Some(r) = rank {
                s.1 += usize::from(r == 1);
                s.2 += usize::from(r <= 3);
                s.3 += 1.0 / r as f64;
            }
        }
    }
    sums.into_iter()
        .map(|(group, (n, h1, h3, rr))| {
            let n_f = n as f64;
            (
                group,
                Score {
                    queries: n,
                    hit1: h1 as f64 / n_f,
                    hit3: h3 as f64 / n_f,
                    mrr: rr / n_f,
                },
            )
        })
        .collect()
}

/// The scores as a table, one group per line.
pub fn table(scores: &BTreeMap<String, Score>) -> String {
    let mut out = format!(
        "{:<10} {:>7} {:>6} {:>6} {:>6}\n",
        "group", "queries", "Hit@1", "Hit@3", "MRR"
    );
    for (group, s) in scores {
        out.push_str(&format!(
            "{group:<10} {:>7} {:>6.3} {:>6.3} {:>6.3}\n",
            s.queries, s.hit1, s.hit3, s.mrr
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_within_an_expected_node_is_right() {
        let judged = Judged {
            query: "q".into(),
            group: "en".into(),
            lang: None,
            expect: vec!["27".into(), "def/bid".into()],
            note: None,
        };
        assert_eq!(judged.rank(&[vec!["18D"], vec!["27B1(a)"]]), Some(2));
        assert_eq!(judged.rank(&[vec!["def/bid"]]), Some(1));
        assert_eq!(judged.rank(&[vec!["2"], vec!["270"]]), None);
        let scores = score([
            ("en", Some(1)),
            ("en", Some(2)),
            ("he", None),
            ("he", Some(4)),
        ]);
        assert_eq!(scores["en"].hit1, 0.5);
        assert_eq!(scores["en"].mrr, 0.75);
        assert_eq!(scores["he"].hit3, 0.0);
        assert_eq!(scores["all"].queries, 4);
    }
}
