//! `bridgelaws qa` on the real corpus and on copies of it with a fault put in.

use serde_json::Value;

use crate::util::{bridgelaws, corpus_copy, stdout};

fn qa_json(args: &[&str]) -> (Option<i32>, Value) {
    let output = bridgelaws(args);
    let json = serde_json::from_str(&stdout(&output)).expect("qa prints JSON");
    (output.status.code(), json)
}

#[test]
fn the_real_corpus_is_clean_and_78b_is_an_acknowledged_misprint() {
    let (code, report) = qa_json(&[
        "qa",
        "--edition",
        "he-2017",
        "--edition",
        "el-2017",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{report:#}");
    assert_eq!(report["errors"], 0);
    assert_eq!(
        report["editions"],
        serde_json::json!(["he-2017", "el-2017"])
    );
    let findings = report["findings"].as_array().unwrap();
    let imp = findings
        .iter()
        .find(|f| f["node"] == "78B" && f["kind"] == "numbers")
        .expect("78B is found under numbers");
    assert_eq!(imp["level"], "note");
    assert_eq!(imp["found"]["he-2017"], serde_json::json!(["130"]));
    assert_eq!(imp["found"]["el-2017"], serde_json::json!(["430"]));
    let misprint = &imp["acknowledged"]["misprint"];
    assert_eq!(misprint["edition"], "he-2017");
    assert_eq!(misprint["printed"], "130-490");
    assert_eq!(misprint["laws"], "430-490");
    // Each finding names both texts' places; the Hebrew one is the line of `130-490`.
    let places = imp["places"].as_array().unwrap();
    assert_eq!(places.len(), 2);
    assert!(places.iter().any(|p| p["edition"] == "he-2017"
        && p["file"] == "corpus/editions/he-2017/laws/78.yaml"
        && p["line"] == 22));
    // The counts cover every kind, and the length rule says what it flagged.
    let kinds: Vec<&str> = report["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "presence",
            "citations",
            "footnotes",
            "numbers",
            "script",
            "length",
            "sentences",
            "amendment"
        ]
    );
    assert!(
        report["length_rule"][0]["rule"]
            .as_str()
            .unwrap()
            .contains("> 3.5")
    );
    // 16A3, lost in both books, is listed though they agree: a note, each saying why.
    assert!(findings.iter().any(|f| {
        f["node"] == "16A3"
            && f["kind"] == "presence"
            && f["level"] == "note"
            && f["message"]
                .as_str()
                .unwrap()
                .starts_with("in no edition compared")
    }));
    // The amendment of 26B is listed, not known to be in either book.
    assert!(
        findings
            .iter()
            .any(|f| f["node"] == "26B" && f["kind"] == "amendment" && f["level"] == "note")
    );
}

#[test]
fn a_number_changed_in_one_book_is_an_error_at_its_line() {
    let dir = corpus_copy();
    let file = dir.path().join("editions/el-2017/laws/12.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("συν 3 IMPs ή μείον 3 IMPs"));
    std::fs::write(
        &file,
        text.replace("συν 3 IMPs ή μείον 3 IMPs", "συν 4 IMPs ή μείον 3 IMPs"),
    )
    .unwrap();
    let corpus = dir.path().to_str().unwrap();
    let output = bridgelaws(&["--corpus", corpus, "qa", "--quiet"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    // The acknowledgment of 12C2(b) no longer matches, and the new number is reported.
    assert!(
        text.contains("error[numbers]: 12C2(b) the numbers differ: only el-2017 prints 4"),
        "{text}"
    );
    assert!(
        text.contains("acknowledged in references/differences.yaml, but no longer found"),
        "{text}"
    );
    assert!(text.contains("/editions/el-2017/laws/12.yaml:"), "{text}");
    assert!(text.contains("numbers         2"), "{text}");
}

#[test]
fn csv_has_a_column_pair_per_edition_and_an_optional_bom() {
    let output = bridgelaws(&["qa", "--format", "csv", "--bom"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let header = text.lines().next().unwrap();
    assert_eq!(
        header,
        "\u{feff}level,kind,node,message,el-2017 place,el-2017 found,he-2017 place,he-2017 found,acknowledged,misprint"
    );
    assert!(text.contains("note,numbers,78B,"), "{text}");
}

#[test]
fn an_edition_without_its_text_is_refused() {
    let output = bridgelaws(&["qa", "--edition", "en", "--edition", "he"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(crate::util::stderr(&output).contains("en-2017's text is not in the corpus"));
}

#[test]
fn an_edition_named_twice_is_refused() {
    // Compared with itself, an edition would agree everywhere: no report, and no sense.
    for command in ["qa", "compare"] {
        let mut args = vec![command, "--edition", "he", "--edition", "he-2017"];
        if command == "compare" {
            args.push("27");
        }
        let output = bridgelaws(&args);
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(
            crate::util::stderr(&output).contains("--edition he-2017 is given twice"),
            "{command}"
        );
    }
}
