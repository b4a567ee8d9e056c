//! `bridgelaws search` and `bridgelaws index` from the command line: citations, keywords,
//! languages, bad queries, and an index that is stale, damaged or half-built.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::util::{bridgelaws, corpus_copy, corpus_dir, stderr, stdout};

/// `search` with its own index folder, as JSON.
fn search_json(index: &Path, args: &[&str]) -> Value {
    let mut all = vec![
        "search",
        "--format",
        "json",
        "--index",
        index.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let output = bridgelaws(&all);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    serde_json::from_str(&stdout(&output)).unwrap()
}

fn results(value: &Value) -> &Vec<Value> {
    value["results"].as_array().unwrap()
}

/// The law a node lies in (`27B1(a)` → `27`); nothing for a definition.
fn law_of(id: &str) -> &str {
    &id[..id.find(|c: char| !c.is_ascii_digit()).unwrap_or(id.len())]
}

/// One index for the tests that only read it.
fn shared_index() -> &'static Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let output = bridgelaws(&["index", "--index", dir.path().to_str().unwrap()]);
        assert!(output.status.success(), "{}", stderr(&output));
        dir
    })
    .path()
}

#[test]
fn a_citation_in_any_script_returns_its_node_first() {
    for (query, id) in [
        ("27B1(a)", "27B1(a)"),
        ("27ב1(א)", "27B1(a)"),
        ("Νόμος 20ΣΤ5", "20F5"),
        ("law 16", "16"),
        ("L45C4b", "45C4(b)"),
    ] {
        let value = search_json(shared_index(), &[query]);
        assert_eq!(value["citation"], id, "{query}");
        let first = &results(&value)[0];
        assert_eq!(first["id"], id, "{query}");
        // The node in every edition comes before what lies within it.
        let mut editions: Vec<&str> = results(&value)
            .iter()
            .take_while(|r| r["id"] == id)
            .map(|r| r["edition"].as_str().unwrap())
            .collect();
        editions.sort();
        assert_eq!(editions, ["el-2017", "en-2017", "he-2017"], "{query}");
    }
    // A Hebrew citation shows the Hebrew edition first.
    let value = search_json(shared_index(), &["חוק 27ב1(א)"]);
    assert_eq!(results(&value)[0]["edition"], "he-2017");
    // An English one too, where the English text is bundled (a law's summary); where it is
    // not, the editions with the text come first.
    let value = search_json(shared_index(), &["law 27"]);
    assert_eq!(results(&value)[0]["edition"], "en-2017");
    let value = search_json(shared_index(), &["law 27B1(a)"]);
    let editions: Vec<&str> = results(&value)[..3]
        .iter()
        .map(|r| r["edition"].as_str().unwrap())
        .collect();
    assert_eq!(editions[2], "en-2017", "{editions:?}");
    assert_ne!(results(&value)[0]["snippet"], "[text not bundled]");
}

#[test]
fn results_have_the_documented_json_shape() {
    let value = search_json(shared_index(), &["insufficient bid", "--limit", "3"]);
    assert_eq!(value["query"], "insufficient bid");
    assert_eq!(results(&value).len(), 3);
    for hit in results(&value) {
        for key in [
            "id", "edition", "language", "kind", "heading", "snippet", "score",
        ] {
            assert!(hit.get(key).is_some(), "{key} in {hit}");
        }
        assert_eq!(hit["language"], "en");
    }
    // Highlights are character ranges of the snippet that hold the query's words.
    let hit = &results(&value)[0];
    let snippet: Vec<char> = hit["snippet"].as_str().unwrap().chars().collect();
    let [from, to] = [0, 1].map(|i| hit["highlights"][0][i].as_u64().unwrap() as usize);
    let word: String = snippet[from..to].iter().collect();
    assert!(
        ["insufficient", "bid"].contains(&word.to_lowercase().as_str()),
        "{word}"
    );
}

#[test]
fn an_english_query_with_lang_he_returns_hebrew_nodes_of_law_27() {
    let value = search_json(shared_index(), &["insufficient bid", "--lang", "he"]);
    let hits = results(&value);
    assert!(hits.iter().all(|h| h["language"] == "he"), "{value:#}");
    let first = hits[0]["id"].as_str().unwrap();
    assert!(first.starts_with("27"), "{first}");
    assert!(
        value["concepts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "insufficient-bid")
    );
}

#[test]
fn the_most_specific_concepts_are_read_wherever_their_words_stand() {
    // `השותף` (partner, partnership) and `ספייד` come first; the bluff, last, says the most.
    let query =
        "השותף פתח 1 ספייד עם 3 נקודות ובלי ספייד, והיריבים טוענים שאני מכיר את הבלופים שלו";
    let value = search_json(shared_index(), &[query]);
    let concepts: Vec<&str> = value["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(concepts.contains(&"psychic-call"), "{concepts:?}");
    assert!(concepts.len() <= 3, "{concepts:?}");
}

#[test]
fn a_search_of_the_regulations_shows_each_in_score_order() {
    // Israel has two regulations on 78A: both come up, neither after a worse one.
    let args = ["half points percentage", "--kind", "regulation"];
    let value = search_json(shared_index(), &args);
    let hits = results(&value);
    let ids: Vec<&str> = hits.iter().map(|h| h["id"].as_str().unwrap()).collect();
    assert_eq!(ids[..2], ["reg/il/21", "reg/il/22"], "{ids:?}");
    let scores: Vec<f64> = hits.iter().map(|h| h["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
}

#[test]
fn hebrew_prefixes_niqqud_and_greek_accents_do_not_matter() {
    // `והסדרה` with a prefix, `הַסְדָּרָה` pointed as 27B1(a) prints it.
    for query in ["והסדרה", "הַסְדָּרָה"] {
        let value = search_json(shared_index(), &[query, "--limit", "3"]);
        assert!(!results(&value).is_empty(), "{query}");
        assert!(results(&value).iter().all(|h| h["language"] == "he"));
    }
    let accented = search_json(shared_index(), &["ανεπαρκής αγορά", "--limit", "5"]);
    let bare = search_json(shared_index(), &["ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ", "--limit", "5"]);
    let ids = |v: &Value| {
        results(v)
            .iter()
            .map(|h| h["id"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&accented), ids(&bare));
    assert!(ids(&accented)[0].as_str().unwrap().starts_with("27"));
}

#[test]
fn a_misspelled_word_still_finds_its_law() {
    // `ערעוד` for `ערעור` (appeal): Laws 92–93.
    let value = search_json(shared_index(), &["ועדת ערעוד", "--limit", "3"]);
    assert_eq!(value["near_spellings"][0]["typed"], "ערעוד");
    let first = results(&value)[0]["targets"][0].as_str().unwrap();
    assert!(
        first.starts_with("92") || first.starts_with("93"),
        "{value:#}"
    );
    // What it was read as is said, so that a reader sees the search went where meant.
    let value = search_json(shared_index(), &["insuficent bid", "--limit", "1"]);
    assert_eq!(value["near_spellings"][0]["typed"], "insuficent");
    assert_eq!(value["near_spellings"][0]["read_as"][0], "insufficient");
    let index = shared_index().to_str().unwrap();
    let output = bridgelaws(&["search", "insuficent bid", "--index", index, "--limit", "1"]);
    assert!(
        stdout(&output).starts_with(
            "not found as typed, searched by near spelling: insuficent (as insufficient)"
        ),
        "{}",
        stdout(&output)
    );
    // The laws are ranked by the word it was read as, as said: `claming` as `claiming`, the
    // laws of claims (not the laws of words one letter from its stem, `clame`).
    for typed in ["claming", "clamed"] {
        let value = search_json(shared_index(), &[typed, "--limit", "3"]);
        assert_eq!(value["near_spellings"][0]["typed"], typed);
        for hit in results(&value) {
            let law = hit["targets"][0].as_str().unwrap();
            assert!(
                ["68", "69", "70"].iter().any(|l| law.starts_with(l)),
                "{typed}: {value:#}"
            );
        }
    }
    // A word with no spelling near it is not said to have been read by one.
    let output = bridgelaws(&["search", "xyzzyplugh", "--format", "json", "--index", index]);
    assert_eq!(output.status.code(), Some(1));
    let value: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert!(value["near_spellings"].is_null(), "{value:#}");
}

#[test]
fn kinds_and_editions_filter_the_results() {
    let value = search_json(
        shared_index(),
        &["הכרזה", "--kind", "definition", "--edition", "he-2017"],
    );
    assert!(
        results(&value)
            .iter()
            .all(|h| h["kind"] == "definition" && h["edition"] == "he-2017")
    );
    let value = search_json(shared_index(), &["revoke", "--kind", "glossary"]);
    assert_eq!(results(&value)[0]["id"], "glossary/revoke");
    let value = search_json(shared_index(), &["alert", "--kind", "regulation"]);
    assert!(results(&value).iter().all(|h| h["kind"] == "regulation"));
    assert!(!results(&value).is_empty());
}

#[test]
fn bad_queries_get_a_message_never_a_panic() {
    let index = shared_index().to_str().unwrap();
    let long = "word ".repeat(2048);
    for (query, code, says) in [
        ("", 2, "the query is empty"),
        ("   ", 2, "the query is empty"),
        ("?!…—", 2, "no letters or digits"),
        (long.as_str(), 2, "at most 500"),
        ("\"insufficient bid", 0, ""),
        ("צה\"ל", 1, "nothing found"),
        ("revoke ריבוק ρενόνς", 0, ""),
        ("'", 2, "no letters or digits"),
    ] {
        let output = bridgelaws(&["search", "--index", index, "--", query]);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(code), "{query:.20}: {err}");
        assert!(err.contains(says), "{query:.20}: {err}");
        assert!(!err.contains("panicked"), "{query:.20}: {err}");
    }
    let output = bridgelaws(&["search", "--index", index, "bid", "--edition", "xx-2017"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("he-2017"), "{}", stderr(&output));
    // Filters that could find nothing together are refused, not answered with nothing.
    for (args, says) in [
        (
            &["--lang", "he", "--edition", "el-2017"][..],
            "--edition el-2017 is in `el`, which --lang he leaves out",
        ),
        (&["--kind", "profile"][..], "invalid value 'profile'"),
    ] {
        let mut all = vec!["search", "--index", index, "revoke"];
        all.extend_from_slice(args);
        let output = bridgelaws(&all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(says), "{}", stderr(&output));
    }
    // A country's regulations have English renderings: English with a country is a search.
    let value = search_json(
        shared_index(),
        &["alert", "--lang", "en", "--edition", "il"],
    );
    assert!(!results(&value).is_empty());
}

#[test]
fn text_output_marks_nothing_in_a_pipe_and_reorders_hebrew_only_when_asked() {
    let index = shared_index().to_str().unwrap();
    let run = |bidi: &str| {
        let output = bridgelaws(&[
            "search",
            "--index",
            index,
            "--bidi",
            bidi,
            "--limit",
            "1",
            "הובלה שלא בתור",
        ]);
        assert!(output.status.success());
        stdout(&output)
    };
    let logical = run("auto");
    assert!(!logical.contains('\x1b'), "{logical}");
    assert!(logical.contains("הובלה"), "{logical}");
    let visual = run("on");
    assert!(visual.contains("הלבוה"), "{visual}");
    assert_eq!(run("off"), logical);
}

fn generation(index: &Path) -> String {
    std::fs::read_to_string(index.join("CURRENT")).unwrap()
}

fn search_in(corpus: &Path, index: &Path, query: &str) -> std::process::Output {
    bridgelaws(&[
        "--corpus",
        corpus.to_str().unwrap(),
        "search",
        "--index",
        index.to_str().unwrap(),
        query,
    ])
}

#[test]
fn a_changed_corpus_is_reindexed_and_a_damaged_index_rebuilt() {
    let corpus = corpus_copy();
    let index = tempfile::tempdir().unwrap();
    let first = search_in(corpus.path(), index.path(), "revoke");
    assert!(first.status.success(), "{}", stderr(&first));
    let built = generation(index.path());
    // Unchanged: the same generation serves.
    assert!(
        search_in(corpus.path(), index.path(), "revoke")
            .status
            .success()
    );
    assert_eq!(generation(index.path()), built);

    // A changed corpus file: a new generation, which finds the new word.
    let law = corpus.path().join("editions/el-2017/laws/76.yaml");
    let text = std::fs::read_to_string(&law).unwrap();
    std::fs::write(&law, text.replacen("heading:", "heading: Ζζζκιμπιτσερ", 1)).unwrap();
    let output = search_in(corpus.path(), index.path(), "ζζζκιμπιτσερ");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("76"), "{}", stdout(&output));
    let rebuilt = generation(index.path());
    assert_ne!(rebuilt, built);

    // Damage: a segment file cut short, then the manifest gone, then CURRENT garbled.
    let gen_dir = index.path().join(rebuilt.trim());
    let segment = std::fs::read_dir(&gen_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "idx"))
        .expect("a segment file");
    let bytes = std::fs::read(&segment).unwrap();
    std::fs::write(&segment, &bytes[..bytes.len() / 2]).unwrap();
    let output = search_in(corpus.path(), index.path(), "ζζζκιμπιτσερ");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_ne!(generation(index.path()), rebuilt);

    let gen_dir = index.path().join(generation(index.path()).trim());
    std::fs::remove_file(gen_dir.join("bridgelaws.json")).unwrap();
    assert!(
        search_in(corpus.path(), index.path(), "revoke")
            .status
            .success()
    );
    std::fs::write(index.path().join("CURRENT"), "../../nowhere").unwrap();
    let output = search_in(corpus.path(), index.path(), "revoke");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stderr(&output).contains("panicked"));
}

#[test]
fn an_index_build_killed_halfway_is_recovered_by_the_next_search() {
    let index = tempfile::tempdir().unwrap();
    let corpus = corpus_dir();
    // Kill the build as soon as its folder appears: documents are being written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_bridgelaws"))
        .args([
            "--corpus",
            corpus.to_str().unwrap(),
            "index",
            "--index",
            index.path().to_str().unwrap(),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let building = |dir: &Path| -> Option<PathBuf> {
        std::fs::read_dir(dir)
            .ok()?
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("build-")
            })
    };
    let started = Instant::now();
    let half = loop {
        if let Some(dir) = building(index.path()) {
            break dir;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the build never started"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the build ended before it could be killed"
        );
        std::thread::sleep(Duration::from_millis(1));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(half.exists(), "the half-built folder is left behind");
    assert!(
        !index.path().join("CURRENT").exists(),
        "nothing was swapped in"
    );

    let output = search_in(&corpus, index.path(), "revoke");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("61"), "{}", stdout(&output));
    assert!(!half.exists(), "the next build removed the abandoned one");
}

#[test]
fn the_readme_search_runs_on_the_bundled_corpus() {
    let readme = std::fs::read_to_string(crate::util::manifest_dir().join("README.md")).unwrap();
    let line = readme
        .lines()
        .find(|l| l.starts_with("cargo run -- search"))
        .expect("the README's first command is a search");
    let query = line
        .split('"')
        .nth(1)
        .expect("the README's search quotes its query");
    let index = tempfile::tempdir().unwrap();
    let value = search_json(
        index.path(),
        &[query, "--corpus", corpus_dir().to_str().unwrap()],
    );
    assert!(!results(&value).is_empty(), "{value:#}");
}

#[test]
fn the_same_query_on_the_same_index_prints_the_same_bytes() {
    // Each run is a process of its own, with its own hash seeds: nothing may depend on the
    // order of a hash map.
    let index = shared_index().to_str().unwrap();
    for query in [
        "claim",
        "penalty card",
        "hesitation followed by a bid",
        "ο αντίπαλος άργησε πολύ να δηλώσει",
        "השותף חשב הרבה ואז אמר פאס",
    ] {
        let runs: Vec<Vec<u8>> = (0..8)
            .map(|_| bridgelaws(&["search", query, "--index", index, "--format", "json"]).stdout)
            .collect();
        assert!(!runs[0].is_empty(), "{query}");
        assert!(
            runs.iter().all(|r| *r == runs[0]),
            "{query}: the runs differ"
        );
    }
}

#[test]
fn the_table_s_jargon_finds_its_law() {
    // Words directors and players type that the books do not print (typed by testers, none
    // in an evaluation set): abbreviations, loanwords, everyday synonyms.
    for (query, laws) in [
        ("LOOT", &["53", "54", "55", "56"][..]),
        ("BOOT", &["31"]),
        ("רנונס", &["61", "62", "63", "64"]),
        ("ρεβόκ", &["61", "62", "63", "64"]),
        ("טענה", &["68", "69", "70"]),
        ("διστακτικοτητα", &["16", "73"]),
        ("μη εξουσιοδοτημένη πληροφορία", &["16"]),
        ("לוח מעורבב", &["87"]),
    ] {
        let value = search_json(shared_index(), &[query, "--limit", "3"]);
        let top: Vec<&str> = results(&value)
            .iter()
            .map(|hit| hit["targets"][0].as_str().unwrap())
            .collect();
        assert!(
            top.iter().any(|id| laws.contains(&law_of(id))),
            "{query}: {laws:?} not in {top:?}"
        );
        assert!(
            value["near_spellings"].is_null(),
            "{query}: read as another word"
        );
    }
}

#[test]
fn every_language_asked_for_has_its_law_among_the_first_results() {
    // Two languages asked for: each law in both, side by side by their scores, rather than
    // every law in the first language before the second's.
    for (query, first, second) in [
        ("contested claim", "el", "he"),
        ("תביעה במחלוקת", "he", "en"),
    ] {
        let value = search_json(
            shared_index(),
            &[query, "--lang", first, "--lang", second, "--limit", "4"],
        );
        let top: Vec<(&str, &str)> = results(&value)
            .iter()
            .map(|hit| {
                (
                    hit["id"].as_str().unwrap(),
                    hit["language"].as_str().unwrap(),
                )
            })
            .collect();
        for lang in [first, second] {
            assert!(
                top.iter()
                    .take(2)
                    .any(|(id, l)| *l == lang && law_of(id) == "70"),
                "{query}: Law 70 in {lang} among the first two: {top:?}"
            );
        }
    }
}

#[test]
fn what_one_query_leaves_remembered_does_not_change_another_s_results() {
    // An index remembers what queries read again and again (a concept's phrases among them):
    // each query must find the same whether it runs first or after others that share its
    // concepts in other languages, other kinds or other editions.
    use bridgelaws::search::{DocKind, Lang, Request, search, store};
    let requests: Vec<Request> = [
        ("penalty card", vec![], vec![]),
        ("penalty card", vec![Lang::He, Lang::El], vec![DocKind::Law]),
        ("קלף עונשין שנפל על השולחן", vec![], vec![]),
        ("φύλλο ποινής", vec![], vec![DocKind::Regulation]),
        ("claim the rest", vec![], vec![]),
        (
            "ο εκτελεστής διεκδίκησε τις υπόλοιπες",
            vec![Lang::En],
            vec![],
        ),
    ]
    .into_iter()
    .map(|(query, langs, kinds)| {
        let mut request = Request::new(query);
        request.langs = langs;
        request.kinds = kinds;
        request
    })
    .collect();
    let fingerprint = store::fingerprint(&bridgelaws::corpus::Root::Dir(corpus_dir())).unwrap();
    let run = |order: &mut dyn Iterator<Item = usize>| {
        // A fresh opening remembers nothing.
        let opened = store::open(crate::util::search_index_dir(), &fingerprint)
            .unwrap_or_else(|e| panic!("the index opens: {e}"));
        let mut outputs = vec![String::new(); requests.len()];
        for i in order {
            let outcome = search(&opened, &requests[i]).unwrap();
            outputs[i] = serde_json::to_string(&outcome).unwrap();
        }
        outputs
    };
    let forward = run(&mut (0..requests.len()));
    let backward = run(&mut (0..requests.len()).rev());
    for (i, request) in requests.iter().enumerate() {
        assert!(
            forward[i].contains("\"id\""),
            "{}: nothing found",
            request.query
        );
        assert_eq!(
            forward[i], backward[i],
            "{} ({:?})",
            request.query, request.kinds
        );
    }
}

#[test]
fn citations_as_people_write_them_go_straight_to_the_node() {
    let index = shared_index();
    for (query, id) in [
        ("see law 12C1(e)(ii)", "12C1(e)(ii)"),
        ("ר' חוק 16 ב' 1", "16B1"),
        ("חוק 27 ב' 1 (א)", "27B1(a)"),
        ("law 12 c 1 e ii", "12C1(e)(ii)"),
        ("L27B1a", "27B1(a)"),
        ("ν.27Β1α", "27B1(a)"),
        ("Νόμου 27Β1α", "27B1(a)"),
        ("βλέπε Νόμο 27Β1α", "27B1(a)"),
        // Pasted from the Hebrew PDF, brackets mirrored: the node, not the regulations that
        // print the same string.
        ("27ב1)א(", "27B1(a)"),
        ("40ב2)א()v(", "40B2(a)(v)"),
        // Copied from a right-to-left page with its invisible direction marks.
        ("\u{200f}27ב1(א)\u{200e}", "27B1(a)"),
        ("\u{2067}חוק 16ב1\u{2069}", "16B1"),
        // Asked as a question, or with the sign of a number.
        ("law 27b1a?", "27B1(a)"),
        ("law #27", "27"),
        // With a word for "number", part words inside, the levels set apart.
        ("חוק מס' 27", "27"),
        ("חוק 27 סעיף ב1(א)", "27B1(a)"),
        ("Law 27, B1(a)", "27B1(a)"),
        ("27.B.1.a", "27B1(a)"),
        ("άρθρο 27Β1", "27B1"),
    ] {
        let value = search_json(index, &[query, "--limit", "3"]);
        assert_eq!(value["citation"], id, "{query}");
        assert_eq!(results(&value)[0]["id"], id, "{query}");
    }
    // The edition of the language the citation is written in comes first (if it has the
    // text: the English has 16B's summary, not 40C1's); a bare id, which every edition
    // prints, leaves them in corpus order.
    for (query, edition) in [
        ("Law 16B", "en-2017"),
        ("see 16B", "en-2017"),
        ("Law 40C1", "el-2017"),
        ("חוק 40ג1", "he-2017"),
        ("Νόμος 40Γ1", "el-2017"),
        ("40C1", "el-2017"),
        ("L40C1", "el-2017"),
    ] {
        let value = search_json(index, &[query, "--limit", "3"]);
        assert_eq!(results(&value)[0]["edition"], edition, "{query}");
    }
}

#[test]
fn a_node_whose_text_is_not_bundled_says_so() {
    let index = shared_index();
    // The English edition bundles summaries only: 16B1 has none, and its items no text. It
    // comes after the editions with the text.
    let value = search_json(index, &["Law 16B1", "--limit", "3"]);
    assert_eq!(results(&value)[2]["edition"], "en-2017");
    assert_eq!(results(&value)[2]["snippet"], "[text not bundled]");
    let value = search_json(index, &["psychic call", "--lang", "en", "--limit", "1"]);
    assert_eq!(results(&value)[0]["id"], "def/psychic-call");
    assert_eq!(results(&value)[0]["snippet"], "[text not bundled]");
    // A summary is shown where there is one.
    let value = search_json(index, &["Law 16B", "--limit", "1"]);
    assert!(
        results(&value)[0]["snippet"]
            .as_str()
            .is_some_and(|s| s.starts_with("Extraneous information")),
        "{value}"
    );
}

#[test]
fn laws_cited_among_words_come_first_then_what_the_words_find() {
    let index = shared_index();
    for (query, cited) in [
        ("what does law 27 say", &["27"][..]),
        ("hesitation: laws 16 and 73", &["16", "73"]),
        ("מה אומר חוק 16 על היסוס", &["16"]),
        ("τι λέει ο νόμος 40 για τα αλέρτ", &["40"]),
        // As people type them, a law word first.
        ("מה אומר חוק מס' 16 על היסוס", &["16"]),
        ("law 27 section B says what", &["27B"]),
        ("τι λέει το άρθρο 16", &["16"]),
        // Two nodes of one law: both first, though the rest offer one document per law.
        ("Law 27B1 and 27B2", &["27B1", "27B2"]),
    ] {
        let value = search_json(index, &[query, "--limit", "5"]);
        let ids: Vec<&str> = results(&value)
            .iter()
            .map(|r| r["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids[..cited.len()], *cited, "{query}: {ids:?}");
        assert_eq!(ids.len(), 5, "{query}: the words rank the rest");
        assert!(
            value["citation"].is_null(),
            "{query}: words, not a citation"
        );
        // A code is no misspelling of another (`27B2` of `27B1`, `3NT` of `2NT`).
        assert!(value["near_spellings"].is_null(), "{query}: {value}");
    }
}

#[test]
fn a_law_beyond_the_laws_among_words_is_named_before_what_the_words_find() {
    let index = shared_index().to_str().unwrap();
    let output = bridgelaws(&["search", "law 99 says what", "--index", index]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.starts_with("there is no Law 99: the Laws run from 1 to 93\n\n"),
        "{text}"
    );
    assert!(
        text.contains(" · law · "),
        "the words' results follow: {text}"
    );
}

#[test]
fn a_citation_of_nothing_says_so() {
    let index = shared_index().to_str().unwrap();
    for (query, message) in [
        ("law 99", "there is no Law 99: the Laws run from 1 to 93"),
        ("27E", "27E: no such node"),
        ("law 0", "there is no Law 0: the Laws run from 1 to 93"),
        // Written as a citation, though no law numbers a node so.
        ("see law 12C1(e)(12)", "see law 12C1(e)(12): no such node"),
        ("27B1(z9)", "27B1(z9): no such node"),
        // A range of laws, which a search does not show: where to see it.
        (
            "Laws 27-29",
            "`Laws 27-29` is a range of laws: `bridgelaws compare 27-29`",
        ),
    ] {
        let output = bridgelaws(&["search", query, "--index", index, "--format", "json"]);
        assert_eq!(output.status.code(), Some(1), "{query}");
        let value: Value = serde_json::from_str(&stdout(&output)).expect("JSON");
        assert!(results(&value).is_empty(), "{query}: no unrelated results");
        assert!(
            value["message"].as_str().unwrap().starts_with(message),
            "{value}"
        );
        assert!(stderr(&output).starts_with(message), "{query}");
    }
}

#[test]
fn a_heading_shows_the_text_within_it_that_matched() {
    let hebrew = crate::util::corpus().edition("he-2017").unwrap();
    let mut headings = 0;
    for query in ["הובלה שלא בתור", "השותף חשב הרבה ואז אמר פאס"] {
        let value = search_json(shared_index(), &[query, "--limit", "5"]);
        // The results that are headings with no text of their own (a section such as `16B`).
        for hit in results(&value).iter().filter(|h| h["edition"] == "he-2017") {
            let id = hit["id"].as_str().unwrap();
            let entry = hebrew.get(id).unwrap();
            if entry.text.is_some() || entry.text_after.is_some() {
                continue;
            }
            headings += 1;
            let snippet = hit["snippet"].as_str().unwrap();
            // The snippet is the text of a node within it in the same book (or of a footnote
            // hanging on one), named by its id: not the heading again, nor the commentary on
            // another law.
            let (shown, text) = snippet.split_once(' ').unwrap();
            let index = hebrew.index_of(shown).expect(shown);
            let within = |node: &str| node != id && bridgelaws::refs::within(node, id);
            assert!(
                within(shown)
                    || hebrew
                        .entries
                        .iter()
                        .any(|e| e.footnotes.contains(&index) && within(&e.id)),
                "{hit:#}"
            );
            assert!(text.chars().count() > 20, "{hit:#}");
            assert!(!hit["highlights"].as_array().unwrap().is_empty(), "{hit:#}");
        }
    }
    assert!(headings > 0, "no heading among the results");
}

/// Typed (`claim the rest`) or brought by a synonym (`revoke` is a "failure to follow suit"),
/// a function word is not marked: English has few texts, so it is common among them.
#[test]
fn function_words_of_a_phrase_mark_nothing_on_their_own() {
    for (query, function_word) in [("claim the rest", "the"), ("revoke", "to")] {
        let value = search_json(shared_index(), &[query, "--limit", "8"]);
        let mut marked = 0;
        for hit in results(&value) {
            let snippet: Vec<char> = hit["snippet"].as_str().unwrap().chars().collect();
            for range in hit["highlights"].as_array().unwrap() {
                let (from, to) = (
                    range[0].as_u64().unwrap() as usize,
                    range[1].as_u64().unwrap() as usize,
                );
                let word: String = snippet[from..to].iter().collect();
                assert_ne!(word.to_lowercase(), function_word, "{hit:#}");
                marked += 1;
            }
        }
        assert!(marked > 0, "{query}: nothing marked");
    }
}

#[test]
fn a_folder_that_is_not_an_index_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path();
    // What a user keeps in a folder that happens to be named with --index.
    std::fs::write(folder.join("gen-notes.txt"), "notes").unwrap();
    std::fs::create_dir_all(folder.join("gen-photos")).unwrap();
    std::fs::write(folder.join("gen-photos/one.jpg"), "jpeg").unwrap();
    std::fs::create_dir_all(folder.join("build-99999-backup")).unwrap();
    std::fs::write(folder.join("CURRENT.99999"), "x").unwrap();
    std::fs::write(folder.join("CURRENT"), "mine").unwrap();
    let before = list(folder);
    for args in [vec!["search", "claim"], vec!["index"]] {
        let mut all = args.clone();
        all.extend(["--index", folder.to_str().unwrap()]);
        let output = bridgelaws(&all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains("is not a bridgelaws index folder"),
            "{}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("building"), "{}", stderr(&output));
    }
    assert_eq!(list(folder), before, "nothing was touched");
    assert_eq!(
        std::fs::read_to_string(folder.join("CURRENT")).unwrap(),
        "mine"
    );

    // An empty or new folder becomes an index, with its marker.
    let fresh = dir.path().join("fresh");
    let output = bridgelaws(&["index", "--index", fresh.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(fresh.join("BRIDGELAWS-INDEX").is_file());
}

/// Every path under `dir` with its contents, for comparing.
fn list(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.push((path.clone(), Vec::new()));
                stack.push(path);
            } else {
                out.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn an_index_folder_that_cannot_be_written_is_no_end_to_searching() {
    // The default folder, `index/` beside the corpus, is a file here: as a folder a user may
    // not write to is (whoever runs the tests).
    let place = tempfile::tempdir().unwrap();
    let corpus = place.path().join("corpus");
    crate::util::copy_corpus_into(&corpus);
    std::fs::write(place.path().join("index"), "not a folder").unwrap();
    let corpus = corpus.to_str().unwrap();
    let output = bridgelaws(&["search", "revoke", "--corpus", corpus, "--limit", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("61 · "), "{}", stdout(&output));
    let note = stderr(&output);
    assert!(
        note.starts_with("note: cannot write the search index in "),
        "{note}"
    );
    // The index of that run is gone with it.
    let scratch = note
        .split("built in ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .expect("the note names the temporary folder");
    assert!(!std::path::Path::new(scratch).exists(), "{scratch}");
    // A folder asked for is not replaced: the user is told to give another.
    let file = place.path().join("index");
    let output = bridgelaws(&[
        "search",
        "revoke",
        "--corpus",
        corpus,
        "--index",
        file.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot write the search index in")
            && stderr(&output).contains("give --index a folder you can write to"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn greek_typed_in_latin_letters_is_read_as_greek() {
    let value = search_json(shared_index(), &["aneparkis agora", "--limit", "3"]);
    assert_eq!(value["near_spellings"][0]["typed"], "aneparkis");
    assert_eq!(value["near_spellings"][0]["read_as"][0], "ανεπαρκης");
    assert_eq!(results(&value)[0]["id"], "27", "{value:#}");
    // Short words go with the rest (`o` is the article), and the results are the Greek
    // edition's: the dummy played a card without the declarer's word, 45D.
    let value = search_json(
        shared_index(),
        &["o mor epaikse fyllo xoris entoli", "--limit", "3"],
    );
    assert!(
        results(&value).iter().all(|h| h["language"] == "el"),
        "{value:#}"
    );
    assert!(
        results(&value)
            .iter()
            .any(|h| h["id"].as_str().unwrap().starts_with("45")),
        "{value:#}"
    );
    // An English query keeps its words, a misspelled one too.
    for query in ["a pass out of turn", "insuficent bid", "to the director"] {
        let value = search_json(shared_index(), &[query, "--limit", "3"]);
        assert!(
            results(&value).iter().all(|h| h["language"] == "en"),
            "{query}: {value:#}"
        );
    }
}
