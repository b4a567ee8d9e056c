//! Relevance: judged queries searched as a user would, scored by Hit@1, Hit@3 and MRR per
//! group. Two sets:
//!
//! - the regression suite (`tests/relevance/queries.yaml`, and `heldout.yaml` written after
//!   it), on which the engine was first tuned: the floors catch a change that loses ground;
//! - the development set (`tests/relevance/dev.tsv`, situational queries written blind to the
//!   engine), split once by a fixed rule into a tuning half and a reporting half
//!   (`relevance::Half`). The tests print the tuning half's misses and only the scores of the
//!   reporting half: no synonym, situation or weight is written from a reporting query;
//! - the second blind set (`tests/relevance/blind.tsv`), written later by other hands from the
//!   law texts alone, split by the same rule and read the same way;
//! - the third (`tests/relevance/blind-he.tsv`), Hebrew only, written the same way again.

use std::collections::BTreeMap;

use bridgelaws::search::relevance::{self, Half, Judged, Score};

use crate::util::{manifest_dir, search_index};

fn suite(file: &str) -> Vec<Judged> {
    relevance::load(&manifest_dir().join("tests/relevance").join(file)).unwrap()
}

/// One half of a set written blind to the engine (`dev.tsv`, `blind.tsv`).
fn half_of(file: &str, half: Half) -> Vec<Judged> {
    relevance::load_half(&manifest_dir().join("tests/relevance").join(file), half).unwrap()
}

fn dev(half: Half) -> Vec<Judged> {
    half_of("dev.tsv", half)
}

/// The scores per group; the queries that missed the top 3 are printed when `show_misses`.
fn scored(title: &str, judged: &[Judged], show_misses: bool) -> BTreeMap<String, Score> {
    scored_on(search_index(), title, judged, show_misses)
}

fn scored_on(
    index: &bridgelaws::search::Opened,
    title: &str,
    judged: &[Judged],
    show_misses: bool,
) -> BTreeMap<String, Score> {
    let ranks: Vec<Option<usize>> = judged
        .iter()
        .map(|j| {
            let targets = relevance::searched(index, j)
                .unwrap_or_else(|e| panic!("`{}` searches: {e}", j.query));
            j.rank(&targets)
        })
        .collect();
    let scores = relevance::score(
        judged
            .iter()
            .zip(&ranks)
            .map(|(j, r)| (j.group.as_str(), *r)),
    );
    eprintln!("{title}\n{}", relevance::table(&scores));
    if show_misses {
        for (j, rank) in judged.iter().zip(&ranks) {
            if rank.is_none_or(|r| r > 3 || (j.exact && r > 1)) {
                eprintln!(
                    "  missed: {} [{}] → {rank:?}, expected {:?}",
                    j.query, j.group, j.expect
                );
            }
        }
    }
    scores
}

fn assert_floors(scores: &BTreeMap<String, Score>, floors: &[(&str, f64)]) {
    for &(group, floor) in floors {
        assert!(
            scores[group].hit3 >= floor,
            "Hit@3 in {group}: {:?}, floor {floor}",
            scores[group]
        );
    }
}

#[test]
fn the_suite_is_large_and_covers_every_group() {
    let judged = suite("queries.yaml");
    assert!(judged.len() >= 60, "{} judged queries", judged.len());
    for group in ["he", "el", "en", "citation", "cross"] {
        let n = judged.iter().filter(|j| j.group == group).count();
        assert!(n >= 10, "{n} queries in {group}");
    }
}

/// Hit@3 of 0.9 in each group but Hebrew (measured: he 0.875, el 0.958, en 1.0, cross 1.0).
/// Hebrew lemmas cost the suite one query (`לא התריעו`, now 4th) and gained the development
/// set three, the larger and blind set.
const SUITE_FLOORS: [(&str, f64); 4] = [("he", 0.87), ("el", 0.9), ("en", 0.9), ("cross", 0.9)];

#[test]
fn the_suite_holds_its_levels_and_citations_come_first() {
    let scores = scored("suite", &suite("queries.yaml"), true);
    assert_floors(&scores, &SUITE_FLOORS);
    assert_eq!(scores["citation"].hit1, 1.0, "{:?}", scores["citation"]);
}

#[test]
fn held_out_queries_hold_their_level() {
    let judged = suite("heldout.yaml");
    assert!(judged.len() >= 30, "{}", judged.len());
    let scores = scored("held out", &judged, true);
    assert!(scores["all"].hit3 >= 0.8, "{:?}", scores["all"]);
}

#[test]
fn the_development_set_is_split_once_into_two_halves() {
    let (tune, report) = (dev(Half::Tune), dev(Half::Report));
    assert_eq!(tune.len() + report.len(), 475);
    for group in ["en", "he", "el", "xlang", "ref"] {
        let n = |set: &[Judged]| set.iter().filter(|j| j.group == group).count();
        assert!(
            n(&tune) >= 7 && n(&report) >= 7,
            "{group}: {} and {}",
            n(&tune),
            n(&report)
        );
    }
}

/// Measured on the tuning half (its misses are printed): en 0.932, he 0.971, el 0.970, xlang
/// and citations 1.0.
const TUNE_FLOORS: [(&str, f64); 5] = [
    ("en", 0.93),
    ("he", 0.97),
    ("el", 0.97),
    ("xlang", 1.0),
    ("ref", 1.0),
];

#[test]
fn the_tuning_half_holds_its_measured_levels() {
    let scores = scored("dev, tuning half", &dev(Half::Tune), true);
    assert_floors(&scores, &TUNE_FLOORS);
    assert_eq!(
        scores["ref"].hit1, 1.0,
        "citations come first: {:?}",
        scores["ref"]
    );
}

/// Measured on the reporting half (only its scores are printed): en 0.976, he 0.958, el
/// 0.914, xlang and citations 1.0.
const REPORT_FLOORS: [(&str, f64); 5] = [
    ("en", 0.97),
    ("he", 0.95),
    ("el", 0.90),
    ("xlang", 1.0),
    ("ref", 1.0),
];

#[test]
fn the_reporting_half_holds_its_measured_levels() {
    let scores = scored("dev, reporting half", &dev(Half::Report), false);
    assert_floors(&scores, &REPORT_FLOORS);
    assert_eq!(
        scores["ref"].hit1, 1.0,
        "citations come first: {:?}",
        scores["ref"]
    );
}

/// What English text adds to the reporting half: the invented book of
/// `tests/fixtures/english/` imported into a copy of the corpus, indexed, and scored beside the
/// bundled corpus (whose English edition has no text). The fixture is not the real text: its
/// sentences are the project's summaries or generic ones, so the figures say that imported
/// text is indexed and ranked, not what the WBF's wording would bring. Measured: Hit@3 all
/// 0.954 either way; en 0.988 against 0.976, el 0.900 against 0.914, he 0.958, xlang and ref
/// 1.0 both; Hit@1 lower in Hebrew (0.845 against 0.859): the fixture's sentences repeat one
/// another and add noise, not the words of the Laws.
#[test]
fn an_imported_english_copy_is_ranked_on_the_reporting_half() {
    let dir = crate::util::corpus_copy();
    let source = dir.path().join("copy.txt");
    std::fs::write(&source, include_bytes!("fixtures/english/book-cp1252.txt")).unwrap();
    let output = crate::util::bridgelaws(&[
        "--corpus",
        dir.path().to_str().unwrap(),
        "import",
        "--profile",
        "en",
        "--source",
        source.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", crate::util::stderr(&output));
    let index_dir = tempfile::tempdir().unwrap();
    let root = bridgelaws::corpus::Root::Dir(dir.path().to_path_buf());
    let index = bridgelaws::search::rebuild(&root, index_dir.path()).unwrap();
    let judged = dev(Half::Report);
    let with = scored_on(
        &index,
        "dev, reporting half, English text imported",
        &judged,
        false,
    );
    let without = scored("dev, reporting half, bundled corpus", &judged, false);
    for group in ["en", "xlang", "ref"] {
        eprintln!(
            "  {group}: Hit@3 {:.3} with the imported text, {:.3} without",
            with[group].hit3, without[group].hit3
        );
    }
    assert_eq!(
        with["ref"].hit1, 1.0,
        "citations come first: {:?}",
        with["ref"]
    );
    assert_floors(&with, &REPORT_FLOORS);
}

/// The second blind set, split by the same rule. Measured on its tuning half (its misses are
/// printed): en 0.949, he 0.967, el 0.973; on its reporting half: en 0.986, he 0.928, el 0.929.
const BLIND_TUNE_FLOORS: [(&str, f64); 3] = [("en", 0.94), ("he", 0.96), ("el", 0.97)];
const BLIND_REPORT_FLOORS: [(&str, f64); 3] = [("en", 0.98), ("he", 0.92), ("el", 0.92)];

/// A blind set's two halves hold their floors: `count` queries in all, the tuning half's misses
/// printed, only the reporting half's scores.
fn blind_set_holds(
    file: &str,
    count: usize,
    tune_floors: &[(&str, f64)],
    report_floors: &[(&str, f64)],
) {
    let (tune, report) = (half_of(file, Half::Tune), half_of(file, Half::Report));
    assert_eq!(tune.len() + report.len(), count);
    assert_floors(
        &scored(&format!("{file}, tuning half"), &tune, true),
        tune_floors,
    );
    assert_floors(
        &scored(&format!("{file}, reporting half"), &report, false),
        report_floors,
    );
}

#[test]
fn the_second_blind_set_holds_its_measured_levels() {
    blind_set_holds("blind.tsv", 389, &BLIND_TUNE_FLOORS, &BLIND_REPORT_FLOORS);
}

/// The third blind set, Hebrew only, split by the same rule. Measured before anything was
/// changed for it: tuning half 0.881 (its misses are printed), reporting half 0.902.
#[test]
fn the_hebrew_blind_set_holds_its_measured_levels() {
    blind_set_holds("blind-he.tsv", 120, &[("he", 0.88)], &[("he", 0.90)]);
}
