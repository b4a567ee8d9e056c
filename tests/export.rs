//! `export` for translation tools: TMX, XLIFF and CSV of aligned editions, read back as XML from
//! Rust and by a real consumer, the Translate Toolkit (Python package `translate-toolkit`).

use std::path::Path;
use std::process::Command;

use bridgelaws::align::Scope;
use bridgelaws::render::export::{Export, Part, Segmentation};
use serde_json::Value;

use crate::util::{bridgelaws, corpus, export_he_el, stderr, stdout};

/// 27B1(a)'s second sentence in each book: two citations, each a code.
const SECOND_SENTENCE_HE: &str = "חוקים 26ב ו-16ג אינם חלים, אך ראו ד להלן.";
const SECOND_SENTENCE_EL: &str =
    "Δεν εφαρμόζονται οι Νόμοι 26Β και 16Γ, βλέπε όμως την παράγραφο Δ παρακάτω.";

/// The export of the whole of he-2017 + el-2017, as the library cuts it.
fn hebrew_greek() -> Export<'static> {
    let corpus = corpus();
    let editions = ["he-2017", "el-2017"]
        .map(|id| corpus.edition(id).unwrap())
        .to_vec();
    Export::gather(editions, &Scope::All, "all", Segmentation::Sentences)
}

/// The number of units `export` reports on standard error (`… · the whole book: 1392 units, …`).
fn reported_units(stderr: &str) -> usize {
    let line = stderr.lines().next().unwrap_or_default();
    let words: Vec<&str> = line.split(' ').collect();
    let count = words
        .windows(2)
        .find(|w| w[1].starts_with("unit"))
        .and_then(|w| w[0].parse().ok());
    count.unwrap_or_else(|| panic!("no unit count in {stderr}"))
}

/// Run `export` with `args`, returning what it printed and its note.
fn export(args: &[&str]) -> (String, String) {
    let output = bridgelaws(&[&["export"], args].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    (stdout(&output), stderr(&output))
}

#[test]
fn the_units_are_sentences_where_the_books_agree_and_nodes_elsewhere() {
    let export = hebrew_greek();
    let c = export.counts();
    assert_eq!(c.units, c.whole + c.sentences);
    // Each node whose texts were cut has its sentences as units, numbered from 1.
    let sentences: Vec<_> = export
        .units
        .iter()
        .filter(|u| u.node == "27B1(a)" && u.part == Part::Text)
        .map(|u| {
            (
                u.id(),
                u.xml_id(),
                u.segments[0].plain(),
                u.segments[1].plain(),
            )
        })
        .collect();
    assert_eq!(sentences.len(), 2, "{sentences:?}");
    assert_eq!(
        sentences[1],
        (
            "27B1(a).s2".to_string(),
            "27B1a.s2".to_string(),
            SECOND_SENTENCE_HE.to_string(),
            SECOND_SENTENCE_EL.to_string()
        )
    );
    // As many sentences are not always the same sentences: the Greek definition of a contract
    // ends with its bracketed `(Βλέπε Νόμο 22)` alone, the Hebrew with a clause on doubles, so
    // it stays whole rather than pair them.
    let contract: Vec<String> = (export.units.iter())
        .filter(|u| u.node == "def/contract" && u.part == Part::Text)
        .map(|u| u.id())
        .collect();
    assert_eq!(contract, ["def/contract"]);
    // A sentence in brackets stays with the sentence before it where one book prints it inside
    // that sentence (17D1: the Greek's `(… βλέπε Νόμο 54.)`, the Hebrew's `(… ראו חוק 54)`),
    // and stands alone where both books print it alone (6D2).
    let of = |node: &str| -> Vec<(String, String, String)> {
        (export.units.iter())
            .filter(|u| u.node == node && u.part == Part::Text)
            .map(|u| (u.id(), u.segments[0].plain(), u.segments[1].plain()))
            .collect()
    };
    let d1 = of("17D1");
    assert_eq!(d1.len(), 2, "{d1:?}");
    assert!(
        d1[0].1.contains("חוק 54") && d1[0].2.ends_with("Νόμο 54.)"),
        "{d1:?}"
    );
    let d2 = of("6D2");
    assert_eq!(d2.len(), 2, "{d2:?}");
    assert!(
        d2[1].1.starts_with('(') && d2[1].2.starts_with('('),
        "{d2:?}"
    );
    // The text a law prints after its parts is a unit of its own after theirs, where the book
    // prints it (Law 71's closing sentence came before 71.1, as its `.s2`).
    let law_71: Vec<String> = (export.units.iter())
        .filter(|u| u.node.starts_with("71"))
        .map(|u| u.id())
        .collect();
    assert_eq!(law_71, ["71.title", "71", "71.1", "71.2", "71.after"]);
    // Where a unit stands names the preface once (it read `preface preface · …`).
    let preface = export.units.iter().find(|u| u.node == "preface").unwrap();
    assert!(export.context(preface, 1).starts_with("preface · ΠΡΟΛΟΓΟΣ"));
    // The nodes one book lacks are left out and named: 16A3 is in neither book, five
    // definitions are not in the Hebrew one, and the Greek book has one entry for vulnerable.
    assert_eq!(c.absent, 7);
    let absent: Vec<&str> = export.absent.iter().map(|l| l.node.as_str()).collect();
    assert!(
        absent.contains(&"16A3") && absent.contains(&"def/lho"),
        "{absent:?}"
    );
    assert!(
        export
            .units
            .iter()
            .all(|u| !absent.contains(&u.node.as_str()))
    );
    // Both books print a heading where the other does, and a text where the other does.
    assert_eq!(c.one_sided, 0, "{:?}", export.one_sided);
    // Ids are unique, in both forms.
    let mut ids: Vec<String> = export.units.iter().map(|u| u.xml_id()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), c.units);
}

#[test]
fn tmx_and_xliff_are_well_formed_and_hold_the_corpus_text() {
    let expected = hebrew_greek();
    let (tmx, note) = export(&["--edition", "he", "--edition", "el", "--format", "tmx"]);
    assert_eq!(reported_units(&note), expected.units.len());
    let doc = roxmltree::Document::parse(&tmx).expect("well-formed TMX");
    let tus: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("tu")).collect();
    assert_eq!(tus.len(), expected.units.len());
    for (tu, unit) in tus.iter().zip(&expected.units) {
        assert_eq!(tu.attribute("tuid"), Some(unit.id().as_str()));
        let segs: Vec<String> = tu
            .descendants()
            .filter(|n| n.has_tag_name("seg"))
            .map(|seg| {
                seg.descendants()
                    .filter(|n| n.is_text())
                    .filter_map(|n| n.text())
                    .collect()
            })
            .collect();
        let plain: Vec<String> = unit.segments.iter().map(|s| s.plain()).collect();
        assert_eq!(segs, plain, "{}", unit.id());
    }

    let (xliff, note) = export(&["--edition", "he", "--edition", "el", "--format", "xliff"]);
    assert_eq!(reported_units(&note), expected.units.len());
    let doc = roxmltree::Document::parse(&xliff).expect("well-formed XLIFF");
    let root = doc.root_element();
    assert_eq!(
        root.tag_name().namespace(),
        Some("urn:oasis:names:tc:xliff:document:1.2")
    );
    let units: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("trans-unit"))
        .collect();
    assert_eq!(units.len(), expected.units.len());
    for (node, unit) in units.iter().zip(&expected.units) {
        assert_eq!(node.attribute("id"), Some(unit.xml_id().as_str()));
        assert_eq!(node.attribute("resname"), Some(unit.id().as_str()));
    }
    assert!(xliff.contains("<note from=\"bridgelaws\">left out: 7 nodes absent from an edition: "));
}

#[test]
fn usage_names_what_each_format_needs() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--edition", "he", "--edition", "el", "--format", "jsonl"],
            "JSON Lines hold one edition: give --edition once",
        ),
        (
            &["--edition", "he", "--format", "tmx"],
            "give --edition at least twice",
        ),
        (
            &[
                "--edition",
                "he",
                "--edition",
                "el",
                "--edition",
                "en",
                "--format",
                "xliff",
            ],
            "an XLIFF 1.2 file holds one language pair",
        ),
        (
            &["--edition", "he", "--edition", "he-2017", "--format", "tmx"],
            "--edition he-2017 is given twice",
        ),
        (
            &[
                "--edition",
                "he",
                "--edition",
                "el",
                "--format",
                "tmx",
                "--bom",
            ],
            "--bom is for --format csv",
        ),
    ];
    for (args, message) in cases {
        let output = bridgelaws(&[&["export"], args].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(message), "{}", stderr(&output));
    }
    // An edition whose text the corpus does not hold has nothing to pair: it would empty the
    // translation memory of the others too. Refused, and how to go on.
    for editions in [&["he", "en"][..], &["he", "el", "en"]] {
        let mut args = vec!["export", "--format", "tmx", "--scope", "27"];
        for edition in editions {
            args.extend(["--edition", edition]);
        }
        let output = bridgelaws(&args);
        assert_eq!(output.status.code(), Some(2), "{editions:?}");
        assert!(
            stderr(&output).contains("en-2017's text is not in the corpus, so there is nothing to translate; leave it out"),
            "{}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn csv_has_a_row_per_node_and_a_bom_when_asked() {
    let (csv, _) = export(&[
        "--edition",
        "he",
        "--edition",
        "el",
        "--format",
        "csv",
        "--scope",
        "27B1",
        "--bom",
    ]);
    assert!(
        csv.starts_with("\u{FEFF}id,kind,he-2017 title,he-2017 text,he-2017 note,el-2017 title,el-2017 text,el-2017 note\r\n"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 4, "{csv}");
    let (plain, _) = export(&["--edition", "el", "--format", "csv", "--scope", "27B1"]);
    assert!(
        plain.starts_with("id,kind,el-2017 title,el-2017 text,el-2017 note\r\n"),
        "{plain}"
    );
    // The book's words and the project's notes are never in one cell: an absent node's text
    // is empty beside its reason, and the English edition's summary is a note, not its text.
    let (all, _) = export(&[
        "--edition",
        "he",
        "--edition",
        "en",
        "--format",
        "csv",
        "--scope",
        "77",
    ]);
    let law = all.split_once("\r\n").unwrap().1;
    assert!(law.starts_with("77,law,חוק 77"), "{law}");
    assert!(
        law.contains(",LAW 77 – Duplicate Bridge Scoring Table,,\"unofficial summary: "),
        "{law}"
    );
    let absent = stdout(&export_he_el("csv", "16A3", &[]));
    let row = absent.lines().nth(1).unwrap();
    assert!(row.starts_with("16A3,paragraph,,,\"absent: "), "{row}");
}

#[test]
fn jsonl_takes_a_scope_too() {
    let (all, _) = export(&["--edition", "el-2017"]);
    let (scoped, _) = export(&["--edition", "el-2017", "--scope", "27B1"]);
    let ids: Vec<String> = scoped
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["id"].to_string())
        .collect();
    assert_eq!(ids, ["\"27B1\"", "\"27B1(a)\"", "\"27B1(b)\""]);
    assert!(all.lines().count() > 900);
    // A node no edition has: nothing found, as for the other formats.
    let output = bridgelaws(&["export", "--edition", "el-2017", "--scope", "27E"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("27E: no such node in el-2017"));
    assert!(output.stdout.is_empty());
}

/// A failed export writes nothing: not on standard output (which a shell has already emptied
/// into the file), and not over the file `--output` names, which is replaced only by a whole
/// export, the same bytes as on standard output.
#[test]
fn an_export_writes_its_file_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("memory")).unwrap();
    let file = dir.path().join("memory").join("laws.xlf");
    let to_file = |scope: &str| export_he_el("xliff", scope, &["--output", file.to_str().unwrap()]);
    let output = to_file("27");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let printed = export_he_el("xliff", "27", &[]);
    assert_eq!(std::fs::read(&file).unwrap(), printed.stdout);
    // `-` is standard output, as for most programs, not a file named `-`.
    let dashed = crate::util::bridgelaws_in(
        dir.path(),
        &[
            "export",
            "--edition",
            "he",
            "--edition",
            "el",
            "--format",
            "xliff",
            "--scope",
            "27",
            "-o",
            "-",
        ],
    );
    assert_eq!(dashed.stdout, printed.stdout);
    assert!(!dir.path().join("-").exists());
    for scope in ["27E", "94"] {
        let output = to_file(scope);
        assert_eq!(output.status.code(), Some(1), "{scope}");
        assert!(output.stdout.is_empty(), "{scope}");
        assert_eq!(std::fs::read(&file).unwrap(), printed.stdout, "{scope}");
    }
    // A file that cannot be written is named as asked, not by the temporary one.
    let blocked = dir.path().join("laws.xlf");
    std::fs::create_dir(&blocked).unwrap();
    let output = export_he_el("tmx", "27", &["-o", blocked.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(&format!("{}:", blocked.display())),
        "{}",
        stderr(&output)
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 2, "no temporary file left: {left:?}");
    // A folder that is not there is said, not made.
    let astray = dir.path().join("exprots").join("laws.tmx");
    let output = export_he_el("tmx", "27", &["-o", astray.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("there is no folder"),
        "{}",
        stderr(&output)
    );
    assert!(!dir.path().join("exprots").exists());
}

/// Whether the Translate Toolkit can be used: if not, the reason. With
/// `BRIDGELAWS_REQUIRE_TOOLS=1` (CI) its absence fails the test instead.
fn toolkit_missing() -> Option<String> {
    let probe = Command::new("python3")
        .args([
            "-c",
            "import translate.storage.tmx, translate.storage.xliff, lxml",
        ])
        .output();
    let missing = match probe {
        Err(e) => format!("python3 cannot be run: {e}"),
        Ok(o) if !o.status.success() => format!(
            "the Translate Toolkit is not installed (pip install translate-toolkit): {}",
            String::from_utf8_lossy(&o.stderr).trim()
        ),
        Ok(_) => return None,
    };
    if std::env::var("BRIDGELAWS_REQUIRE_TOOLS").as_deref() == Ok("1") {
        panic!("BRIDGELAWS_REQUIRE_TOOLS=1, but {missing}");
    }
    Some(missing)
}

/// Where 27B1(a) stands, as each edition names it: the note of its units.
const CONTEXT_27B1A_EL: &str =
    "item 27B1(a) · ΝΟΜΟΣ 27 – ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ › Β. Ανεπαρκής Αγορά Όχι Δεκτή";
const CONTEXT_27B1A_HE: &str =
    "item 27B1(a) · חוק 27 – הכרזה בלתי מספקת › ב. הכרזה בלתי-מספקת שאינה מתקבלת";

#[test]
fn the_translate_toolkit_reads_the_exports_back() {
    if let Some(reason) = toolkit_missing() {
        eprintln!("SKIPPED the_translate_toolkit_reads_the_exports_back: {reason}");
        return;
    }
    let expected = hebrew_greek();
    let n = expected.units.len();
    let dir = tempfile::tempdir().unwrap();
    let he_el = ["--edition", "he", "--edition", "el"];
    for (format, file, extra) in [
        ("tmx", "laws.tmx", None),
        ("xliff", "laws.xlf", None),
        ("csv", "laws.csv", Some("--bom")),
    ] {
        let mut args = he_el.to_vec();
        args.extend(["--format", format]);
        args.extend(extra);
        let output = bridgelaws(&[&["export"], args.as_slice()].concat());
        assert!(output.status.success(), "{}", stderr(&output));
        if format != "csv" {
            assert_eq!(reported_units(&stderr(&output)), n, "{format}");
        }
        std::fs::write(dir.path().join(file), &output.stdout).unwrap();
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/export/read_back.py");
    let output = Command::new("python3")
        .arg(script)
        .arg(dir.path())
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let read: Value = serde_json::from_slice(&output.stdout).expect("JSON from the script");
    assert_eq!(read["problems"], serde_json::json!([]), "structure");

    // TMX: every unit, with both languages' texts as the corpus holds them.
    let tmx = &read["tmx"];
    assert_eq!(tmx["kind"], "tmxfile");
    assert_eq!(tmx["source_language"], "he-IL");
    assert_eq!(tmx["header"]["segtype"], "sentence");
    let units = tmx["units"].as_array().unwrap();
    assert_eq!(units.len(), n);
    for (read, unit) in units.iter().zip(&expected.units) {
        assert_eq!(read["id"], unit.id().as_str());
        assert_eq!(read["texts"]["he-IL"], unit.segments[0].plain().as_str());
        assert_eq!(read["texts"]["el-GR"], unit.segments[1].plain().as_str());
    }
    let sample = units.iter().find(|u| u["id"] == "27B1(a).s2").unwrap();
    assert_eq!(sample["texts"]["he-IL"], SECOND_SENTENCE_HE);
    assert_eq!(sample["texts"]["el-GR"], SECOND_SENTENCE_EL);
    // Each variant says where the unit stands, in its own language.
    assert_eq!(
        sample["contexts"]["el-GR"],
        serde_json::json!([CONTEXT_27B1A_EL])
    );
    assert_eq!(
        sample["contexts"]["he-IL"],
        serde_json::json!([CONTEXT_27B1A_HE])
    );
    assert!(tmx["codes"]["ph"].as_u64().unwrap() > 0 && tmx["codes"]["hi"].as_u64().unwrap() > 0);

    // XLIFF: one language pair, the Hebrew the source.
    let xliff = &read["xliff"];
    assert_eq!(xliff["kind"], "Xliff1File");
    assert_eq!(
        (&xliff["source_language"], &xliff["target_language"]),
        (&"he-IL".into(), &"el-GR".into())
    );
    let units = xliff["units"].as_array().unwrap();
    assert_eq!(units.len(), n);
    for (read, unit) in units.iter().zip(&expected.units) {
        assert_eq!(read["id"], unit.xml_id().as_str());
        assert_eq!(read["resname"], unit.id().as_str());
        assert_eq!(read["source"], unit.segments[0].plain().as_str());
        assert_eq!(read["target"], unit.segments[1].plain().as_str());
        // Both texts are published: the target is a final translation, not a draft.
        assert_eq!(
            (&read["translated"], &read["fuzzy"]),
            (&true.into(), &false.into()),
            "{}",
            read["id"]
        );
    }
    let sample = units.iter().find(|u| u["id"] == "27B1a.s2").unwrap();
    assert_eq!(sample["source"], SECOND_SENTENCE_HE);
    assert_eq!(sample["target"], SECOND_SENTENCE_EL);
    // The toolkit sees the citations and the footnote markers as codes, not as text.
    assert_eq!(sample["source_codes"], serde_json::json!(["mrk", "mrk"]));
    // And gives the translator where the unit stands, in both languages.
    let notes = sample["notes"].as_str().unwrap();
    assert!(
        notes.contains(CONTEXT_27B1A_HE) && notes.contains(CONTEXT_27B1A_EL),
        "{notes}"
    );
    let footnote = units.iter().find(|u| u["id"] == "13.title").unwrap();
    assert_eq!(footnote["source"], "מספר קלפים שגוי[^2]");
    let notes = xliff["notes"].to_string();
    assert!(notes.contains("7 nodes absent from an edition"), "{notes}");

    // CSV: a row per aligned node; the spreadsheet's BOM is read as such.
    let csv = &read["csv"];
    assert_eq!(csv["kind"], "csvfile");
    assert_eq!(csv["bom"], true);
    assert_eq!(
        csv["columns"],
        serde_json::json!([
            "id",
            "kind",
            "he-2017 title",
            "he-2017 text",
            "he-2017 note",
            "el-2017 title",
            "el-2017 text",
            "el-2017 note"
        ])
    );
    let rows = csv["rows"].as_array().unwrap();
    assert_eq!(rows.len(), expected.rows.len());
    assert_eq!(csv["toolkit_ids"].as_array().unwrap().len(), rows.len());
    let row = rows.iter().find(|r| r["id"] == "27B1(a)").unwrap();
    assert!(
        row["el-2017 text"]
            .as_str()
            .unwrap()
            .ends_with(SECOND_SENTENCE_EL),
        "{row}"
    );
    let absent = rows.iter().find(|r| r["id"] == "def/lho").unwrap();
    assert_eq!(absent["he-2017 text"], "", "{absent}");
    assert!(
        absent["he-2017 note"]
            .as_str()
            .unwrap()
            .starts_with("absent: "),
        "{absent}"
    );
    eprintln!(
        "the Translate Toolkit {} read {n} TMX units, {n} XLIFF units and {} CSV rows",
        read["toolkit"],
        rows.len()
    );
}
