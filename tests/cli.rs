//! The command line as a user meets it: `show`, `export`, exit codes and messages.

use serde_json::Value;

use crate::util::{bridgelaws, bridgelaws_in, stderr, stdout};

const ITEM_27B1A: &str = "αν η ανεπαρκής αγορά διορθωθεί με την κατώτερη επαρκή αγορά";

#[test]
fn show_prints_the_greek_item() {
    let output = bridgelaws(&["show", "27B1(a)"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("el-2017 · 27B1(a) · item\n"), "{text}");
    assert!(text.contains("ΝΟΜΟΣ 27 – ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ › Β. Ανεπαρκής Αγορά Όχι Δεκτή › 1."));
    assert!(text.contains(&format!("(α) {ITEM_27B1A}")), "{text}");
}

#[test]
fn show_accepts_common_spellings() {
    let reference = stdout(&bridgelaws(&["show", "27B1(a)", "--format", "json"]));
    for spelling in ["27b1a", "Law 27B1(a)", "27Β1(α)", "Νόμος 27Β1α"] {
        let output = bridgelaws(&["show", spelling, "--format", "json"]);
        assert!(output.status.success(), "{spelling}: {}", stderr(&output));
        let value: Value = serde_json::from_str(&stdout(&output)).unwrap();
        let expected: Value = serde_json::from_str(&reference).unwrap();
        assert_eq!(value["id"], "27B1(a)", "{spelling}");
        // The same nodes, whichever edition the spelling puts first.
        let by_edition = |results: &Value| {
            let mut results = results.as_array().unwrap().clone();
            results.sort_by_key(|r| r["edition"].to_string());
            results
        };
        assert_eq!(
            by_edition(&value["results"]),
            by_edition(&expected["results"]),
            "{spelling}"
        );
    }
}

#[test]
fn show_puts_the_edition_of_the_script_typed_first() {
    // As search's citations put it: a Latin word first asks for the English edition, a bare
    // code for none (the corpus's order).
    for (reference, first) in [
        ("חוק 27 סעיף ב1(א)", "he-2017 · 27B1(a) · item\n"),
        ("Νόμος 27Β1α", "el-2017 · 27B1(a) · item\n"),
        ("law no. 27, B1(a)", "en-2017 · 27B1(a) · item\n"),
        ("27B1a", "el-2017 · 27B1(a) · item\n"),
    ] {
        let output = bridgelaws(&["show", reference]);
        assert!(output.status.success(), "{reference}: {}", stderr(&output));
        let text = stdout(&output);
        assert!(text.starts_with(first), "{reference}: {text}");
        assert_eq!(text.matches(" · 27B1(a) · item").count(), 3, "{reference}");
    }
}

#[test]
fn show_of_words_points_to_search() {
    // Words that are no node's name: `search` finds the law they describe.
    let output = bridgelaws(&["show", "insufficient bid"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(
            "= help: to find the law by its words: bridgelaws search \"insufficient bid\""
        ),
        "{}",
        stderr(&output)
    );
    // A reference mistyped gets no such help: it has a number.
    assert!(!stderr(&bridgelaws(&["show", "27Q"])).contains("help"));
}

#[test]
fn show_of_a_range_of_laws_says_where_to_see_it() {
    for range in ["61-64", "61 – 64", "1-93", "Laws 61-64", "חוקים 61 עד 64"] {
        let output = bridgelaws(&["show", range]);
        assert_eq!(output.status.code(), Some(2), "{range}");
        assert!(
            stderr(&output)
                .contains("is a range of laws, and `show` shows one node: `bridgelaws compare"),
            "{range}: {}",
            stderr(&output)
        );
    }
    // Law 71's paragraphs are numbered: `71-1` is its paragraph 1, not a range, for `compare`
    // as for `show`.
    for command in ["show", "compare"] {
        let output = bridgelaws(&[command, "71-1"]);
        assert!(output.status.success(), "{command}: {}", stderr(&output));
        assert!(stdout(&output).contains("71.1"), "{command}");
    }
    // A range written backwards or beyond the Laws is said as `compare` says it.
    for (range, code, said) in [
        (
            "64-61",
            2,
            "the range `64-61` runs backwards; write it 61-64",
        ),
        ("90-99", 1, "there is no Law 99"),
        ("0-10", 1, "there is no Law 0"),
        (
            "27B-27D",
            2,
            "a range is of whole laws, like 61-64: `bridgelaws compare 27`",
        ),
    ] {
        for command in ["show", "compare"] {
            let output = bridgelaws(&[command, range]);
            assert_eq!(output.status.code(), Some(code), "{command} {range}");
            assert!(
                stderr(&output).contains(said),
                "{command} {range}: {}",
                stderr(&output)
            );
        }
    }
}

#[test]
fn show_json_has_the_node_its_path_and_children() {
    let output = bridgelaws(&["show", "12C1", "--format", "json", "--edition", "el-2017"]);
    let value: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let node = &value["results"][0];
    assert_eq!(node["edition"], "el-2017");
    assert_eq!(node["language"], "el");
    assert_eq!(node["kind"], "paragraph");
    assert_eq!(node["path"][0]["id"], "12");
    assert_eq!(node["path"][1]["id"], "12C");
    let children: Vec<&str> = node["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        children,
        ["12C1(a)", "12C1(b)", "12C1(c)", "12C1(d)", "12C1(e)"]
    );
    assert_eq!(node["children"][4]["children"][1]["id"], "12C1(e)(ii)");
}

#[test]
fn show_lists_footnotes_of_the_node() {
    let text = stdout(&bridgelaws(&["show", "71"]));
    assert!(text.contains("κανονικό[^22]"));
    assert!(
        text.contains("[^22] Για τους σκοπούς των Νόμων 70 και 71"),
        "{text}"
    );
    assert!(
        text.trim_end()
            .lines()
            .any(|l| l.starts_with("Η διανομή βαθμολογείται εκ νέου"))
    );
}

#[test]
fn show_a_definition_and_front_matter() {
    let text = stdout(&bridgelaws(&["show", "def/opening-lead"]));
    assert!(text.contains("Αντάμ"), "{text}");
    assert!(text.contains("το φύλλο της εξόδου της πρώτης λεβέ."));
    let text = stdout(&bridgelaws(&["show", "preface"]));
    assert!(text.contains("John R. Wignall, MNZM"));
}

#[test]
fn show_in_several_editions_names_each() {
    let output = bridgelaws(&[
        "show",
        "27B1(a)",
        "--edition",
        "el-2017",
        "--edition",
        "el-2017",
    ]);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output).matches("el-2017 · 27B1(a) · item").count(),
        2
    );
}

const ITEM_27B1A_HE: &str = "ההכרזה הבלתי-מספקת מוחלפת על-ידי הכרזה מספקת ברמה הנמוכה ביותר";

#[test]
fn show_prints_the_hebrew_item_and_both_editions_side_by_side() {
    let output = bridgelaws(&["show", "27B1(a)", "--edition", "he-2017"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("he-2017 · 27B1(a) · item\n"), "{text}");
    assert!(text.contains("חוק 27 – הכרזה בלתי מספקת › ב. הכרזה בלתי-מספקת שאינה מתקבלת › 1."));
    assert!(text.contains(&format!("(א) {ITEM_27B1A_HE}")), "{text}");

    // Hebrew spellings of the reference, and both editions in the order asked.
    for spelling in ["27ב1(א)", "חוק 27ב1א"] {
        let output = bridgelaws(&[
            "show",
            spelling,
            "--edition",
            "he-2017",
            "--edition",
            "el-2017",
        ]);
        assert!(output.status.success(), "{spelling}: {}", stderr(&output));
        let text = stdout(&output);
        let hebrew = text
            .find("he-2017 · 27B1(a) · item")
            .expect("the Hebrew item");
        let greek = text
            .find("el-2017 · 27B1(a) · item")
            .expect("the Greek item");
        assert!(hebrew < greek, "{text}");
        assert!(
            text.contains(ITEM_27B1A_HE) && text.contains(ITEM_27B1A),
            "{text}"
        );
    }
}

#[test]
fn export_of_the_hebrew_edition_has_every_node_and_the_book_numbering() {
    let output = bridgelaws(&["export", "--edition", "he-2017"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let records: Vec<Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let greek = stdout(&bridgelaws(&["export", "--edition", "el-2017"]));
    assert_eq!(
        records.len(),
        greek.lines().count(),
        "the editions are aligned"
    );
    assert!(
        records
            .iter()
            .all(|r| r["edition"] == "he-2017" && r["language"] == "he")
    );
    let record = |id: &str| records.iter().find(|r| r["id"] == id).unwrap();
    assert_eq!(record("27B1(a)")["number"], "(א)");
    assert_eq!(record("68D2(b)")["number"], "(ג)");
    assert!(record("68D2(b)")["renumbered"].is_string());
    assert!(record("27B1(a)")["renumbered"].is_null());
}

#[test]
fn unknown_node_exits_1_and_bad_reference_exits_2() {
    let output = bridgelaws(&["show", "27B9"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("27B9: no such node in el-2017"));
    assert!(!stderr(&output).contains("did you mean"));
    // A definition's id typed a letter wrong names the one meant.
    let output = bridgelaws(&["show", "def/dumy"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).ends_with("; did you mean def/dummy?\n"),
        "{}",
        stderr(&output)
    );
    let output = bridgelaws(&["show", "banana"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cannot read `banana` as a reference"));
    let output = bridgelaws(&["show", "1", "--edition", "xx-1999"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no edition `xx-1999` in the corpus; editions: el-2017"));
}

#[test]
fn export_writes_one_record_per_node_in_document_order() {
    let output = bridgelaws(&["export", "--edition", "el-2017", "--format", "jsonl"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let records: Vec<Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    for record in &records {
        for key in [
            "id", "edition", "language", "kind", "heading", "text", "parent",
        ] {
            assert!(record.get(key).is_some(), "{key} missing in {record}");
        }
        assert_eq!(record["edition"], "el-2017");
    }
    let ids: Vec<&str> = records.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(&ids[..2], ["preface", "introduction"]);
    let position = |id: &str| {
        ids.iter()
            .position(|i| *i == id)
            .unwrap_or_else(|| panic!("{id}"))
    };
    assert!(position("def/bid") < position("1"));
    assert!(position("27") < position("27A") && position("27B1") < position("27B1(a)"));
    assert!(position("27B1(b)") < position("27B2"));
    // A footnote follows the node it hangs on: fn/28 ends the book, after 93C3(b).
    assert_eq!(&ids[ids.len() - 2..], ["93C3(b)", "fn/28"]);
    let item = &records[position("27B1(a)")];
    assert_eq!(item["kind"], "item");
    assert_eq!(item["parent"], "27B1");
    assert!(item["text"].as_str().unwrap().starts_with(ITEM_27B1A));
    // The targets its citations name, derived from the text: `Νόμοι 26Β και 16Γ`, `παράγραφο Δ`.
    assert_eq!(item["refs"], serde_json::json!(["26B", "16C", "27D"]));
    assert!(
        records.iter().all(|r| r["refs"].is_array()),
        "every record has refs"
    );
    let footnote = &records[position("fn/1")];
    assert_eq!(
        (footnote["kind"].as_str(), footnote["parent"].as_str()),
        (Some("footnote"), Some("6D2"))
    );
    let kinds: std::collections::BTreeSet<&str> = records
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    let expected = [
        "definition",
        "footnote",
        "introduction",
        "item",
        "law",
        "paragraph",
        "preface",
        "section",
        "subitem",
    ];
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), expected);
}

#[test]
fn the_built_in_corpus_serves_when_there_is_no_corpus_folder() {
    let elsewhere = tempfile::tempdir().unwrap();
    let output = bridgelaws_in(elsewhere.path(), &["show", "27b1a"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains(ITEM_27B1A));
    // With its overrides and acknowledged differences: it checks clean too.
    let output = bridgelaws_in(elsewhere.path(), &["check", "--quiet"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn show_lists_what_a_node_cites_and_what_cites_it() {
    let text = stdout(&bridgelaws(&["show", "27B1a", "--edition", "el-2017"]));
    assert!(
        text.contains("References\n  27B1(a) → 26B, 16C, 27D\n"),
        "{text}"
    );
    assert!(text.contains("Cited by\n  27B1(b)\n"), "{text}");
    assert!(
        text.contains("In the index\n  ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ › Αντικαταστάθηκε, ίδιο είδος"),
        "{text}"
    );
    let output = bridgelaws(&["show", "27", "--edition", "he-2017", "--format", "json"]);
    let value: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let result = &value["results"][0];
    let citing: Vec<&str> = result["cited_by"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    // Law 27 is cited from elsewhere (10C4 `חוקים 27 ו-72ג`, 23C `27ב1(ב)`), never from itself.
    assert!(
        citing.contains(&"10C4") && citing.contains(&"23C"),
        "{citing:?}"
    );
    assert!(citing.iter().all(|id| !id.starts_with("27")), "{citing:?}");
    assert!(result["in_index"].as_array().unwrap().len() > 5, "{result}");
}

#[test]
fn a_missing_corpus_folder_is_an_error() {
    let output = bridgelaws(&["--corpus", "no/such/folder", "show", "1"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no/such/folder"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_describes_every_command() {
    let text = stdout(&bridgelaws(&["--help"]));
    for command in [
        "show", "check", "export", "import", "schema", "regs", "--corpus",
    ] {
        assert!(text.contains(command), "{command} in {text}");
    }
}

#[test]
fn a_folder_named_corpus_that_is_not_one_does_not_replace_the_laws() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("corpus")).unwrap();
    std::fs::write(dir.path().join("corpus/notes.txt"), "my notes").unwrap();
    let output = bridgelaws_in(dir.path(), &["show", "27B1(a)", "--edition", "el-2017"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("27B1(a)"));
    assert!(
        stderr(&output).contains("./corpus is not a corpus folder"),
        "{}",
        stderr(&output)
    );
    // `schema` writes into a corpus or a folder it is given, never a new ./corpus/schema.
    let output = bridgelaws_in(dir.path(), &["schema"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(!dir.path().join("corpus/schema").exists());
    let out = dir.path().join("schemas");
    let output = bridgelaws_in(dir.path(), &["schema", "--out", out.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(out.join("schema/node.schema.json").is_file());
}

#[test]
fn an_edition_may_be_named_by_its_language() {
    let by_id = stdout(&bridgelaws(&[
        "show",
        "27B1",
        "--edition",
        "he-2017",
        "--format",
        "json",
    ]));
    let by_language = stdout(&bridgelaws(&[
        "show",
        "27B1",
        "--edition",
        "he",
        "--format",
        "json",
    ]));
    assert_eq!(by_id, by_language);
}

#[test]
fn completions_are_scripts_their_shells_read() {
    for shell in ["bash", "zsh", "fish"] {
        let output = bridgelaws(&["completions", shell]);
        assert!(output.status.success(), "{shell}");
        let script = stdout(&output);
        for subcommand in ["search", "show", "regs", "commentary"] {
            assert!(script.contains(subcommand), "{shell}: {subcommand}");
        }
        // The shell itself parses it, where it is installed.
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), &script).unwrap();
        let check = match shell {
            "fish" => vec!["--no-execute"],
            _ => vec!["-n"],
        };
        if let Ok(parsed) = std::process::Command::new(shell)
            .args(&check)
            .arg(file.path())
            .output()
        {
            assert!(
                parsed.status.success(),
                "{shell}: {}",
                String::from_utf8_lossy(&parsed.stderr)
            );
        }
    }
    let page = stdout(&bridgelaws(&["man"]));
    assert!(
        page.starts_with(".ie") && page.contains(".TH bridgelaws 1"),
        "{page}"
    );
    // Every page the first one refers to is written beside it, and `man` reads each.
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("man1");
    let output = bridgelaws(&["man", "--dir", pages.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let referred = regex::Regex::new(r"(bridgelaws\\-[a-z\\-]+)\(1\)").unwrap();
    let named: Vec<String> = referred
        .captures_iter(&page)
        .map(|c| c[1].replace("\\-", "-"))
        .collect();
    assert!(named.contains(&"bridgelaws-show".to_string()), "{named:?}");
    for name in named {
        let file = pages.join(format!("{name}.1"));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|_| panic!("{name}.1 missing"));
        assert!(text.contains(".TH"), "{name}.1");
    }
}

/// The commands of the README's "Using it" block, as a user would paste them.
fn readme_examples() -> Vec<String> {
    let readme = std::fs::read_to_string(crate::util::manifest_dir().join("README.md")).unwrap();
    let block = readme
        .split("## Using it")
        .nth(1)
        .and_then(|rest| rest.split("```sh").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("a sh block under Using it");
    block
        .lines()
        // The output goes to /dev/null, not into a file in the checkout (`> laws.csv`,
        // `-o laws.tmx`).
        .map(|l| {
            let command = l.split("  #").next().unwrap();
            let command = command.split(" > ").next().unwrap();
            command.split(" -o ").next().unwrap().trim().to_string()
        })
        .filter(|l| l.starts_with("bridgelaws "))
        .collect()
}

#[test]
fn the_readme_examples_run_as_written() {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_bridgelaws"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let examples = readme_examples();
    assert!(examples.len() >= 20, "{examples:?}");
    for example in examples {
        // Those that write into the corpus or the index are run by their own tests.
        if ["import", "schema", "index", "completions", "man"]
            .iter()
            .any(|w| example.starts_with(&format!("bridgelaws {w}")))
        {
            continue;
        }
        let output = std::process::Command::new("bash")
            .args(["-c", &format!("{example} > /dev/null")])
            .current_dir(crate::util::manifest_dir())
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "`{example}`: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

#[test]
fn a_terminal_that_gives_its_columns_but_no_rows_is_wrapped_to_them() {
    // `script` runs the program on a pseudo-terminal; `stty rows 0` is what a harness or a
    // CI runner often leaves, and the width must still be read.
    let bin = env!("CARGO_BIN_EXE_bridgelaws");
    let corpus = crate::util::corpus_dir();
    let command = format!(
        "stty cols 80 rows 0; '{bin}' --corpus '{}' regs il",
        corpus.display()
    );
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env_remove("COLUMNS")
        .output()
        .expect("`script` (util-linux) runs");
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 100, "{text}");
    for line in &lines {
        assert!(
            bridgelaws::render::style::visible_width(line.trim_end_matches('\r')) <= 80,
            "{line}"
        );
    }
    // reg/il/2, a long Hebrew text, goes on over the next lines, each right to left.
    let at = lines.iter().position(|l| l.contains("reg/il/2 ")).unwrap();
    assert!(
        lines[at + 1]
            .trim_end()
            .ends_with(|c: char| ('\u{5d0}'..='\u{5ea}').contains(&c) || c == '.'),
        "{}",
        lines[at + 1]
    );
}

#[test]
fn a_corpus_that_is_not_there_is_said_so_and_nothing_is_made_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope");
    let file = dir.path().join("notes.yaml");
    std::fs::write(&file, "notes: []\n").unwrap();
    for (corpus, said) in [
        (&missing, "does not exist"),
        (&file, "is a file, not a corpus folder"),
    ] {
        let output = bridgelaws(&["--corpus", corpus.to_str().unwrap(), "search", "bid"]);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).contains(&format!("{} {said}", corpus.display())),
            "{}",
            stderr(&output)
        );
    }
    // No index folder beside what was named, nor beside a corpus that does not load.
    let broken = dir.path().join("broken");
    std::fs::create_dir_all(broken.join("editions/xx-2017")).unwrap();
    std::fs::write(broken.join("editions/xx-2017/edition.yaml"), "id: [\n").unwrap();
    let output = bridgelaws(&["--corpus", broken.to_str().unwrap(), "search", "bid"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["broken", "notes.yaml"]);
}
