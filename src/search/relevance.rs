//! Judging relevance: queries with the nodes a right answer lies within, and Hit@k and MRR
//! over them. Shared by the relevance tests and the comparison with SQLite FTS5 and the
//! law-level baseline (`benches/fts5.rs`).
//!
//! Two sources: the regression suite (`tests/relevance/*.yaml`) and the development set
//! (`tests/relevance/dev.tsv`: situational queries written blind to the engine), which is split
//! once, by a fixed rule (`Half::of`), into a half to tune on and a half to report.

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
    /// `Definitions` stands for any definition.
    pub expect: Vec<String>,
    /// Only the expected node itself is right, not a node within it (a citation).
    #[serde(default)]
    pub exact: bool,
    /// What the query means, where its words do not say (`when dummy interferes in the play`).
    #[serde(default)]
    pub note: Option<String>,
}

/// The halves of the development set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Half {
    /// Tuned on: its misses may be looked at.
    Tune,
    /// Reported: never looked at query by query, never tuned for.
    Report,
}

impl Half {
    /// The half a query falls in: by the parity of the FNV-1a hash of its text, a rule fixed
    /// before any query was looked at.
    pub fn of(query: &str) -> Half {
        let hash = query.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        if hash % 2 == 0 {
            Half::Tune
        } else {
            Half::Report
        }
    }
}

/// One half of a set written blind to the engine (`dev.tsv`, `blind.tsv`), read as `load_dev`
/// reads it.
pub fn load_half(path: &std::path::Path, half: Half) -> crate::error::Result<Vec<Judged>> {
    let mut judged = load_dev(path)?;
    judged.retain(|j| Half::of(&j.query) == half);
    Ok(judged)
}

/// Read the development set: one query a line, tab-separated `lang, query, expected, kind,
/// note`; `kind` is `topic` (expected: law numbers, or `Definitions`), `xlang` (an English
/// query answered in the edition of `lang`) or `ref` (a citation: the first result must be the
/// expected node). Topic queries are grouped by language, the others by kind.
pub fn load_dev(path: &std::path::Path) -> crate::error::Result<Vec<Judged>> {
    let text = std::fs::read_to_string(path).map_err(|e| crate::error::Error::io(path, e))?;
    let mut judged = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [lang, query, expected, kind, note] = fields[..] else {
            return Err(crate::error::Error::Format(format!(
                "{}:{}: expected 5 tab-separated fields, found {}",
                path.display(),
                n + 1,
                fields.len()
            )));
        };
        let group = match kind {
            "topic" => lang,
            "xlang" | "ref" => kind,
            other => {
                return Err(crate::error::Error::Format(format!(
                    "{}:{}: unknown kind `{other}` (topic, xlang, ref)",
                    path.display(),
                    n + 1
                )));
            }
        };
        judged.push(Judged {
            query: query.to_string(),
            group: group.to_string(),
            lang: (kind != "ref").then(|| lang.to_string()),
            expect: expected.split_whitespace().map(str::to_string).collect(),
            exact: kind == "ref",
            note: Some(note.to_string()),
        });
    }
    Ok(judged)
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
        let right = |target: &str| {
            self.expect.iter().any(|e| match e.as_str() {
                "Definitions" => target.starts_with("def/"),
                e if self.exact => target == e,
                e => crate::refs::within(target, e),
            })
        };
        results
            .iter()
            .position(|targets| targets.iter().any(|t| right(t.as_ref())))
            .map(|i| i + 1)
    }
}

/// The targets of each result of `judged`'s query, searched as a user would: in the
/// language it asks for, else the query's own.
pub fn searched(index: &super::Opened, judged: &Judged) -> crate::error::Result<Vec<Vec<String>>> {
    let mut request = super::Request::new(&judged.query);
    request.langs = judged
        .lang
        .iter()
        .filter_map(|l| super::Lang::from_code(l))
        .collect();
    let outcome = super::search(index, &request)?;
    Ok(outcome.results.into_iter().map(|h| h.targets).collect())
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
            exact: false,
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

    #[test]
    fn a_citation_wants_the_node_itself_and_definitions_any_definition() {
        let citation = Judged {
            query: "law 27 b 1".into(),
            group: "ref".into(),
            lang: None,
            expect: vec!["27B1".into()],
            exact: true,
            note: None,
        };
        assert_eq!(citation.rank(&[vec!["27B1(a)"], vec!["27B1"]]), Some(2));
        let definitions = Judged {
            expect: vec!["Definitions".into(), "41".into()],
            exact: false,
            ..citation
        };
        assert_eq!(definitions.rank(&[vec!["40"], vec!["def/dummy"]]), Some(2));
    }

    #[test]
    fn the_halves_are_fixed() {
        // Pinned, so that no one moves a query from one half to the other.
        assert_eq!(Half::of("law 21 b 1 b"), Half::of("law 21 b 1 b"));
        let halves: Vec<Half> = ["a", "b", "c", "d"].iter().map(|q| Half::of(q)).collect();
        assert_eq!(halves, [Half::Tune, Half::Report, Half::Tune, Half::Report]);
    }
}
