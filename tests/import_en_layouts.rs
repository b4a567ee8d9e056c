//! `bridgelaws import --profile en` on the layouts of real extractions of the English book: the
//! invented book of `tests/fixtures/english/` (written by its `make_book.py`; not the WBF's
//! words) in Windows-1252, with its headings split and dashed three ways, a table of contents,
//! roman page numbers, running heads in mid-sentence, structure run into the text, definitions
//! several to a line, footnotes at page feet, national elections and lost ligatures. Every node
//! it must fill is pinned in `expected.tsv`; the report in `tests/snapshots/import-en-report.txt`.
//! The synthetic book of `import_en.rs` stays the second layout.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Output;

use bridgelaws::corpus::Root;
use tempfile::TempDir;

use crate::util::{assert_snapshot, bridgelaws, corpus_copy, stderr, stdout};

const BOOK: &[u8] = include_bytes!("fixtures/english/book-cp1252.txt");
const EXPECTED: &str = include_str!("fixtures/english/expected.tsv");

/// Import `bytes` as the user's copy into a fresh copy of the corpus.
fn import(bytes: &[u8]) -> (TempDir, Output) {
    let dir = corpus_copy();
    let source = dir.path().join("my-copy.txt");
    std::fs::write(&source, bytes).unwrap();
    let output = bridgelaws(&[
        "--corpus",
        dir.path().to_str().unwrap(),
        "import",
        "--profile",
        "en",
        "--source",
        source.to_str().unwrap(),
    ]);
    (dir, output)
}

/// `(id, field)` → the text the import must give, from `expected.tsv`.
fn expected() -> BTreeMap<(String, String), String> {
    EXPECTED
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, '\t');
            let (id, field, text) = (parts.next(), parts.next(), parts.next());
            let key = (id.unwrap().to_string(), field.unwrap().to_string());
            (key, text.unwrap().replace("\\n", "\n"))
        })
        .collect()
}

/// The book as UTF-8 text.
fn book_text() -> String {
    let (text, _, bad) = encoding_rs::WINDOWS_1252.decode(BOOK);
    assert!(!bad);
    text.into_owned()
}

/// The files an import wrote for the edition, by name.
fn edition_files(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let root = dir.join("editions/en-2017");
    for sub in ["", "laws"] {
        for entry in std::fs::read_dir(root.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "yaml") {
                let name = format!("{sub}/{}", path.file_name().unwrap().to_string_lossy());
                files.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    files
}

#[test]
fn the_invented_book_in_windows_1252_fills_every_node_it_prints() {
    let (dir, output) = import(BOOK);
    assert!(output.status.success(), "{}", stderr(&output));
    let notice = stderr(&output);
    assert!(
        notice.contains("as windows-1252 (not valid UTF-8: the first bad byte, 0x96, is at line 77, column 33; detected windows-1252)"),
        "{notice}"
    );

    let (filled, problems) = bridgelaws::load_all(Root::Dir(dir.path().to_path_buf())).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let en = filled.edition("en-2017").unwrap();
    let expected = expected();
    let mut wrong = Vec::new();
    for ((id, field), text) in &expected {
        let entry = en.get(id).unwrap_or_else(|| panic!("{id} is gone"));
        let got = match field.as_str() {
            "text" => entry.text.as_ref().map(|t| t.value.clone()),
            _ => entry.heading.as_ref().map(|h| h.value.clone()),
        };
        if got.as_deref() != Some(text.as_str()) {
            wrong.push(format!(
                "{id} {field}:\n  got      {got:?}\n  expected {text:?}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // Nothing else got text: not the item the national book adds (16B1(c)), not the node it
    // leaves out (90B8).
    let pinned: BTreeSet<&str> = expected.keys().map(|(id, _)| id.as_str()).collect();
    let unexpected: Vec<&str> = en
        .entries
        .iter()
        .filter(|e| e.text.is_some() && !pinned.contains(e.id.as_str()))
        .map(|e| e.id.as_str())
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:?}");
    assert!(en.get("90B8").unwrap().absent.is_some());

    // The report, from its second line on (the first names the temporary folder).
    let report = stdout(&output);
    let (_, rest) = report.split_once('\n').unwrap();
    assert_snapshot("tests/snapshots/import-en-report.txt", rest.to_string());

    // The edition checks clean, but for what the invented sentences cite differently.
    let check = bridgelaws(&[
        "--corpus",
        dir.path().to_str().unwrap(),
        "check",
        "--format",
        "json",
    ]);
    let report: serde_json::Value = serde_json::from_str(&stdout(&check)).unwrap();
    let en_problems: Vec<_> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["file"].as_str().unwrap().contains("en-2017"))
        .filter(|d| d["code"] != "editions-disagree")
        .collect();
    assert!(en_problems.is_empty(), "{en_problems:#?}");
}

#[test]
fn every_encoding_a_tool_writes_gives_the_same_edition() {
    let (reference, output) = import(BOOK);
    assert!(output.status.success(), "{}", stderr(&output));
    let reference = edition_files(reference.path());
    let text = book_text();
    let utf16 = |le: bool| -> Vec<u8> {
        let bom: [u8; 2] = if le { [0xFF, 0xFE] } else { [0xFE, 0xFF] };
        bom.into_iter()
            .chain(text.encode_utf16().flat_map(
                move |u| {
                    if le { u.to_le_bytes() } else { u.to_be_bytes() }
                },
            ))
            .collect()
    };
    let forms: [(&str, Vec<u8>); 4] = [
        ("UTF-8 (valid UTF-8)", text.as_bytes().to_vec()),
        (
            "UTF-8 with BOM (byte order mark)",
            [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat(),
        ),
        ("UTF-16LE (byte order mark)", utf16(true)),
        ("UTF-16BE (byte order mark)", utf16(false)),
    ];
    for (said, bytes) in forms {
        let (dir, output) = import(&bytes);
        assert!(output.status.success(), "{said}: {}", stderr(&output));
        assert!(
            stderr(&output).contains(&format!(" as {said}")),
            "{}",
            stderr(&output)
        );
        let files = edition_files(dir.path());
        // edition.yaml names nothing of the encoding: all the files are the same.
        assert_eq!(files.len(), reference.len(), "{said}");
        for (name, yaml) in &reference {
            assert_eq!(files.get(name), Some(yaml), "{said}: {name} differs");
        }
    }
}

#[test]
fn a_file_that_is_not_text_is_refused_and_nothing_written() {
    let dir = corpus_copy();
    let before = edition_files(dir.path());
    let cases: [(&str, Vec<u8>, &str); 3] = [
        (
            "scan.pdf",
            [b"%PDF-1.7\n".as_slice(), &[0, 1, 2, 3, 0xFF, 0xD8, 0, 0]].concat(),
            "is it a plain-text extraction?",
        ),
        (
            "cyrillic.txt",
            encoding_rs::WINDOWS_1251
                .encode("ЗАКОН 27 – НЕДОСТАТОЧНАЯ ЗАЯВКА\nпринимается партнёром\n")
                .0
                .into_owned(),
            "not valid UTF-8: the first bad byte, 0xC7, is at line 1, column 1",
        ),
        (
            "no-mark.txt",
            "LAW 1 – THE PACK\n"
                .encode_utf16()
                .flat_map(|u| u.to_be_bytes())
                .chain("x".bytes())
                .chain([0, 0, 0])
                .collect(),
            "UTF-16 without a byte order mark",
        ),
    ];
    for (name, bytes, says) in cases {
        let source = dir.path().join(name);
        std::fs::write(&source, bytes).unwrap();
        let output = bridgelaws(&[
            "--corpus",
            dir.path().to_str().unwrap(),
            "import",
            "--profile",
            "en",
            "--source",
            source.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(2), "{name}");
        let message = stderr(&output);
        assert!(message.contains(name), "{message}");
        assert!(message.contains(says), "{name}: {message}");
        assert!(
            message.contains("save the extraction as UTF-8"),
            "{message}"
        );
    }
    assert_eq!(edition_files(dir.path()), before, "nothing was written");
}

#[test]
fn search_ranks_the_imported_english_text() {
    let (dir, output) = import(BOOK);
    assert!(output.status.success(), "{}", stderr(&output));
    let corpus = dir.path().to_str().unwrap();
    let index = dir.path().join("index");
    let search = |query: &str| {
        let output = bridgelaws(&[
            "--corpus",
            corpus,
            "search",
            query,
            "--index",
            index.to_str().unwrap(),
            "--format",
            "json",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        json["results"][0].clone()
    };
    // A word only the imported text holds: the fixture's, in 27B1(b).
    let first = search("quodlibetarian");
    assert_eq!(first["id"], "27B1(b)", "{first:#}");
    assert_eq!(first["edition"], "en-2017");
    assert!(
        first["snippet"]
            .as_str()
            .unwrap()
            .contains("quodlibetarian"),
        "{first:#}"
    );
    // The bundled corpus has no such word.
    let bundled = bridgelaws(&["search", "quodlibetarian", "--format", "json"]);
    assert_eq!(bundled.status.code(), Some(1), "{}", stdout(&bundled));
}
