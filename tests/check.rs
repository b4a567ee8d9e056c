//! `bridgelaws check`: green on the bundled corpus, and on a fixture corpus with one broken
//! case of every kind (`tests/fixtures/check/corpus`), each reported at its place.

use std::collections::BTreeSet;

use bridgelaws::error::{Code, Stage};
use serde_json::Value;

use crate::util::{assert_snapshot, bridgelaws, stdout};

const FIXTURE: &str = "tests/fixtures/check/corpus";

fn check_json(corpus: &str) -> (Option<i32>, Value) {
    let output = bridgelaws(&["--corpus", corpus, "check", "--format", "json"]);
    let report = serde_json::from_str(&stdout(&output)).expect("check prints JSON");
    (output.status.code(), report)
}

/// `code file:line:column length` for each diagnostic, files relative to the corpus.
fn places(report: &Value) -> Vec<String> {
    report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            let file = d["file"]
                .as_str()
                .unwrap()
                .replace(&format!("{FIXTURE}/"), "");
            format!(
                "{} {file}:{}:{} {}",
                d["code"].as_str().unwrap(),
                d["line"],
                d["column"],
                d["length"]
            )
        })
        .collect()
}

#[test]
fn the_bundled_corpus_is_clean() {
    let output = bridgelaws(&["check"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("the corpus is clean"), "{text}");
    // The acknowledged differences between the books are listed, as notes.
    assert!(text.contains("note[acknowledged-difference]"), "{text}");
    let (code, report) = check_json("corpus");
    assert_eq!(code, Some(0));
    assert_eq!(report["errors"], 0);
    // The editions with their text cite; the English one holds no text to cite from.
    for edition in report["editions"].as_array().unwrap() {
        let references = edition["references"].as_u64().unwrap();
        match edition["edition"].as_str().unwrap() {
            "en-2017" => assert!(references < 10, "{edition}"),
            _ => assert!(references > 400, "{edition}"),
        }
    }
}

#[test]
fn every_kind_of_problem_is_caught_at_its_place() {
    let (code, report) = check_json(FIXTURE);
    assert_eq!(code, Some(2), "a corpus with errors fails the check");
    let mut places = places(&report).join("\n");
    places.insert_str(
        0,
        "# Every diagnostic `bridgelaws check` gives on corpus/ (code, place, characters underlined).\n",
    );
    places.push('\n');
    assert_snapshot("tests/fixtures/check/expected", places);
    let found: BTreeSet<&str> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    for code in Code::ALL.iter().filter(|c| c.stage() == Stage::Check) {
        assert!(
            found.contains(code.as_str()),
            "the fixture has no case of `{code}`"
        );
    }
}

#[test]
fn diagnostics_show_the_offending_text_underlined_with_a_hint() {
    let output = bridgelaws(&["--corpus", FIXTURE, "check"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(2));
    let range = format!("--> {FIXTURE}/editions/xx-2017/laws/01.yaml:18:14");
    assert!(text.contains(&range), "{text}");
    assert!(
        text.contains("18 |   text: Laws 2 to 1 run backwards."),
        "{text}"
    );
    assert!(
        text.contains("^^^^^^ the range `2` to `1` does not run forward"),
        "{text}"
    );
    assert!(text.contains("= help: "), "{text}");
    assert!(text.contains("error: the corpus has 45 errors"), "{text}");
    // No colour codes when the output is not a terminal.
    assert!(!text.contains('\u{1b}'), "{text}");
}

#[test]
fn quiet_leaves_out_the_notes() {
    let text = stdout(&bridgelaws(&["check", "--quiet"]));
    assert!(!text.contains("note["), "{text}");
    assert!(text.contains("the corpus is clean"), "{text}");
}

#[test]
fn glossary_problems_are_explained_at_the_value() {
    let text = stdout(&bridgelaws(&["--corpus", FIXTURE, "check"]));
    for expected in [
        "error[glossary-law]: concept `misnamed` names a node that is not there",
        "xx-2017 has no node `1D` (the nearest node above it is `1`)",
        "`1 A` is not the canonical id of a law node",
        "error[glossary-definition]: `def/dummy` belongs to two concepts",
        "error[glossary-definition]: `def/board` (xx-2017) belongs to no glossary concept",
        "= help: add its concept to glossary.yaml with `definitions: [def/board]`",
        "error[glossary-term]: xx-2017 prints `def/dummy` as `Dummy`, which concept `misnamed` does not list",
        "error[glossary-term]: concept `ghost` has no `en` term",
        "error[duplicate-id]: duplicate concept `dummy`",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in\n{text}");
    }
}

#[test]
fn a_folder_that_is_no_corpus_still_gets_its_json() {
    let dir = tempfile::tempdir().unwrap();
    let (code, report) = check_json(dir.path().to_str().unwrap());
    assert_eq!(code, Some(2));
    assert_eq!(report["errors"], 1);
    let message = report["diagnostics"][0]["message"].as_str().unwrap();
    assert!(message.contains("is not a corpus folder"), "{message}");
}
