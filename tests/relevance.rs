//! The relevance suite: judged queries (tests/relevance/queries.yaml) searched as a user
//! would, scored by Hit@1, Hit@3 and MRR per language. Every citation must come first. For
//! keywords the floors are the levels measured when the suite was last tuned, so that a change
//! that loses ground fails; the target (Hit@3 of 0.9 in each language) is not reached yet in
//! Hebrew, Greek and English (see the table this test prints).

use std::collections::BTreeMap;

use bridgelaws::search::relevance::{self, Judged, Score};
use bridgelaws::search::{Lang, Request, search};

use crate::util::{manifest_dir, search_index};

fn judged() -> Vec<Judged> {
    relevance::load(&manifest_dir().join("tests/relevance/queries.yaml")).unwrap()
}

/// Each query's rank of its first right result, searched with the language it asks for.
fn ranks(judged: &[Judged]) -> Vec<(usize, Option<usize>)> {
    let index = search_index();
    judged
        .iter()
        .enumerate()
        .map(|(i, j)| {
            let mut request = Request::new(&j.query);
            request.langs = j.lang.iter().filter_map(|l| Lang::from_code(l)).collect();
            let outcome =
                search(index, &request).unwrap_or_else(|e| panic!("`{}` searches: {e}", j.query));
            let targets: Vec<Vec<String>> =
                outcome.results.into_iter().map(|h| h.targets).collect();
            (i, j.rank(&targets))
        })
        .collect()
}

/// The scores per group, printed with the queries that missed the top 3.
fn scored(judged: &[Judged]) -> BTreeMap<String, Score> {
    let ranks = ranks(judged);
    let scores = relevance::score(ranks.iter().map(|&(i, r)| (judged[i].group.as_str(), r)));
    eprintln!("{}", relevance::table(&scores));
    for &(i, rank) in ranks.iter().filter(|(_, r)| r.is_none_or(|r| r > 3)) {
        let j = &judged[i];
        eprintln!(
            "  not in the top 3: {} [{}] → {rank:?}, expected {:?}",
            j.query, j.group, j.expect
        );
    }
    scores
}

#[test]
fn the_suite_is_large_and_covers_every_group() {
    let judged = judged();
    assert!(judged.len() >= 60, "{} judged queries", judged.len());
    for group in ["he", "el", "en", "citation", "cross"] {
        let n = judged.iter().filter(|j| j.group == group).count();
        assert!(n >= 10, "{n} queries in {group}");
    }
}

/// Hit@3 of 0.9 in each group (measured: he 0.917, el 0.917, en 0.938, cross 0.917).
const FLOORS: [(&str, f64); 4] = [("he", 0.9), ("el", 0.9), ("en", 0.9), ("cross", 0.9)];

#[test]
fn citations_come_first_and_keywords_hold_their_measured_levels() {
    let judged = judged();
    let scores = scored(&judged);
    for (group, floor) in FLOORS {
        assert!(
            scores[group].hit3 >= floor,
            "Hit@3 in {group}: {:?}",
            scores[group]
        );
    }
    assert_eq!(scores["citation"].hit1, 1.0, "{:?}", scores["citation"]);
}

/// The held-out queries, written after the engine was tuned on the suite by someone who saw
/// neither: an estimate of how it does on queries it was not tuned on. The floor catches a
/// regression, not a target. (Their misses have since been seen while tuning, though no
/// synonym or weight was written from them.)
#[test]
fn held_out_queries_are_reported() {
    let judged = relevance::load(&manifest_dir().join("tests/relevance/heldout.yaml")).unwrap();
    assert!(judged.len() >= 30, "{}", judged.len());
    let scores = scored(&judged);
    assert!(scores["all"].hit3 >= 0.8, "{:?}", scores["all"]);
}
