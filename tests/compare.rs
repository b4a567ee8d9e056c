//! `compare`: the editions side by side on their aligned ids.

use bridgelaws::align::{self, Scope};
use serde_json::Value;

use crate::util::{bridgelaws, corpus, stdout};

fn json(args: &[&str]) -> Value {
    let output = bridgelaws(args);
    serde_json::from_str(&stdout(&output)).expect("JSON")
}

/// `compare <reference>` of the Hebrew and Greek editions, as JSON.
fn he_el_json(reference: &str) -> Value {
    json(&[
        "compare",
        reference,
        "--edition",
        "he",
        "--edition",
        "el",
        "--format",
        "json",
    ])
}

#[test]
fn a_node_is_compared_row_by_row_on_its_subtree() {
    let value = he_el_json("27B1");
    assert_eq!(value["editions"], serde_json::json!(["he-2017", "el-2017"]));
    let ids: Vec<&str> = value["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["27B1", "27B1(a)", "27B1(b)"]);
    let row = &value["rows"][1];
    assert_eq!(row["cells"][0]["language"], "he");
    assert!(
        row["cells"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("ההכרזה")
    );
    assert!(
        row["cells"][1]["text"]
            .as_str()
            .unwrap()
            .starts_with("αν η ανεπαρκής")
    );
    // Both books cite 26B, 16C and 27D from 27B1(a).
    assert_eq!(row["cites_differently"], false);
    assert_eq!(row["cells"][0]["cites"], row["cells"][1]["cites"]);
}

/// A footnote asked for by its id is compared and exported, as `show` and the web show it
/// (it was "no such node in the editions compared", and nothing to export).
#[test]
fn a_footnote_is_compared_and_exported_by_its_id() {
    let value = he_el_json("fn/9");
    let rows = value["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{value}");
    assert_eq!(rows[0]["id"], "fn/9");
    assert!(
        rows[0]["cells"][0]["text"]
            .as_str()
            .unwrap()
            .contains("הובלות הפתיחה")
    );
    let output = crate::util::export_he_el("tmx", "fn/9", &[]);
    assert!(output.status.success(), "{}", crate::util::stderr(&output));
    assert_eq!(stdout(&output).matches("<tu ").count(), 1);
}

#[test]
fn the_whole_book_differs_in_citations_only_where_acknowledged() {
    let corpus = corpus();
    let editions: Vec<_> = corpus
        .editions
        .iter()
        .filter(|e| e.text_bundled())
        .collect();
    let rows = align::rows(&editions, &Scope::All);
    // Every edition has every id; the rows are the whole tree, footnotes included.
    assert_eq!(rows.len(), editions[0].entries.len());
    assert!(rows.iter().all(|r| r.cells.iter().all(Option::is_some)));
    let differ: Vec<&str> = rows
        .iter()
        .filter(|r| align::citations_differ(r).is_some())
        .map(|r| r.id.as_str())
        .collect();
    let acknowledged = corpus.acknowledged.as_ref().unwrap();
    assert_eq!(
        differ.len(),
        acknowledged.data.acknowledged.len(),
        "{differ:?}"
    );
}

#[test]
fn a_range_of_laws_holds_those_laws_only() {
    let value = json(&["compare", "63-64", "--format", "json"]);
    let laws: std::collections::BTreeSet<String> = value["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let id = r["id"].as_str().unwrap();
            id.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .collect();
    // A footnote within them counts as theirs.
    assert!(
        laws.iter().all(|l| l == "63" || l == "64" || l.is_empty()),
        "{laws:?}"
    );
    assert!(laws.contains("63") && laws.contains("64"));
}

/// What `compare <node> --edition el --edition he` prints on a terminal `columns` wide.
fn compared_at(columns: &str, node: &str) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_bridgelaws"))
        .args(["compare", node, "--edition", "el", "--edition", "he"])
        .env("COLUMNS", columns)
        .env("NO_COLOR", "1")
        .current_dir(crate::util::manifest_dir())
        .output()
        .unwrap();
    stdout(&output)
}

#[test]
fn a_terminal_gets_columns_each_in_its_direction() {
    let text = compared_at("80", "27B1");
    for line in text.lines() {
        assert!(
            bridgelaws::render::style::visible_width(line) <= 80,
            "{line}"
        );
    }
    // The Greek column on the left, the Hebrew one right-aligned on the right: paragraph
    // 27B1's number `1.` ends the line at the last column.
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("27B1 "))
        .unwrap();
    assert!(row.contains(" │ 1. "), "{row}");
    assert!(
        row.ends_with(" 1.") && bridgelaws::render::style::visible_width(row) >= 78,
        "{row}"
    );
    let item = text.lines().find(|l| l.contains("(α)")).unwrap();
    assert!(
        item.contains("(א)"),
        "the two books' 27B1(a) on one line: {item}"
    );
    // A deep id (`40B2(a)(iii)`, four levels down) keeps the columns where they are.
    let text = compared_at("160", "40B2");
    let gutters: std::collections::BTreeSet<usize> = text
        .lines()
        .filter_map(|line| line.split(" │ ").next().filter(|_| line.contains(" │ ")))
        .map(bridgelaws::render::style::visible_width)
        .collect();
    assert_eq!(gutters.len(), 1, "{text}");
    assert!(text.contains("40B2(a)(iii) │ "), "{text}");
}

#[test]
fn the_nodes_citing_are_in_the_order_of_the_book() {
    let value = json(&["compare", "26", "--format", "json"]);
    let ids: Vec<&str> = value["cited_by"]
        .as_array()
        .expect("cited_by")
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    // 30B1(b)(ii) is cited in the Hebrew edition alone: among the others, not after them.
    let corpus = corpus();
    let greek = corpus.edition("el-2017").unwrap();
    let places: Vec<usize> = ids.iter().map(|id| greek.index_of(id).unwrap()).collect();
    assert!(ids.contains(&"30B1(b)(ii)"), "{ids:?}");
    assert!(places.is_sorted(), "{ids:?}");
}
