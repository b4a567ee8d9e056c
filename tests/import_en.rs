//! `bridgelaws import --profile en`: a user's own copy of the English book fills the texts of
//! en-2017 and keeps its titles, headings and summaries.
//!
//! The English text is copyrighted, so the fixture is a synthetic book: the layout of the
//! English edition (capitalised law headings, `A.` sections with Title Case headings, `1.`,
//! `(a)`, `(i)`, `Term – definition`, footnote numbers glued to words with the footnotes at the
//! page foot, page numbers, words hyphenated across lines, a table of contents and an index)
//! around invented sentences, one per node that has text in the Greek book, each naming its
//! node so that the test knows where it must land.

use std::collections::HashMap;
use std::path::Path;

use bridgelaws::corpus::{Edition, Kind, Root};
use bridgelaws::import::english;

use crate::util::{bridgelaws, corpus, corpus_copy, stderr, stdout};

const WIDTH: usize = 72;
const PAGE_LINES: usize = 40;

/// The invented text of a node: two clauses, with words long enough to be hyphenated at a line
/// end and a compound that keeps its hyphen.
fn invented(id: &str) -> String {
    format!(
        "Invented wording for §{id} tells the non-offending side nothing whatsoever about bridge; \
         notwithstanding appearances, it stands where the printed text of §{id} would."
    )
}

/// A page of a synthetic book: lines, with footnotes waiting for the page foot.
#[derive(Default)]
struct Book {
    lines: Vec<String>,
    on_page: usize,
    page: usize,
    footnotes: Vec<(String, String)>,
}

impl Book {
    fn line(&mut self, line: String) {
        self.lines.push(line);
        self.on_page += 1;
        if self.on_page >= PAGE_LINES {
            self.end_page();
        }
    }

    fn end_page(&mut self) {
        for (number, text) in std::mem::take(&mut self.footnotes) {
            for line in wrap(&format!("{number} {text}")) {
                self.lines.push(line);
            }
        }
        self.page += 1;
        self.lines.push(String::new());
        self.lines.push(self.page.to_string());
        self.on_page = 0;
    }

    /// `text` wrapped, its first line after `prefix`.
    fn paragraph(&mut self, prefix: &str, text: &str) {
        let full = if prefix.is_empty() {
            text.to_string()
        } else {
            format!("{prefix} {text}")
        };
        for line in wrap(&full) {
            self.line(line);
        }
    }
}

/// Wrap at `WIDTH`, hyphenating a word of ten letters or more that does not fit (a compound
/// breaks at its own hyphen).
fn wrap(text: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().unwrap();
        let room = WIDTH.saturating_sub(line.chars().count() + 1);
        if line.is_empty() || word.chars().count() <= room {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            continue;
        }
        let split = match word.split_once('-') {
            Some((head, tail)) if head.len() < room => Some((format!("{head}-"), tail.to_string())),
            None if word.len() >= 10 && room > 5 && word.is_ascii() => {
                let cut = (room - 1).min(word.len() - 4);
                Some((format!("{}-", &word[..cut]), word[cut..].to_string()))
            }
            _ => None,
        };
        match split {
            Some((head, tail)) => {
                line.push(' ');
                line.push_str(&head);
                lines.push(tail);
            }
            None => lines.push(word.to_string()),
        }
    }
    lines
}

/// The synthetic English book for the tree of `en`, giving text to the nodes that have text
/// in `el`.
fn synthetic_book(en: &Edition, el: &Edition) -> Synthetic {
    let mut book = Book::default();
    let mut expected = HashMap::new();
    let mut expected_headings = HashMap::new();
    fn text_of(expected: &mut HashMap<String, String>, id: &str, footnotes: &[String]) -> String {
        let mut text = invented(id);
        let mut with_markers = text.clone();
        // Each marker glued to a word of its own, in order: `wording3`, `bridge4;`, `would5.`
        let anchors = ["wording ", "bridge;", "would."];
        for (n, anchor) in footnotes.iter().zip(anchors).rev() {
            let word_end =
                |t: &str| t.find(anchor).unwrap() + anchor.trim_end_matches([' ', ';', '.']).len();
            text.insert_str(word_end(&text), n);
            with_markers.insert_str(word_end(&with_markers), &format!("[^{n}]"));
        }
        assert!(
            footnotes.len() <= anchors.len(),
            "{id} has more footnotes than anchors"
        );
        expected.insert(id.to_string(), with_markers);
        text
    }
    let footnotes_of = |index: usize| -> Vec<String> {
        en.entries[index]
            .footnotes
            .iter()
            .map(|&f| en.entries[f].id.trim_start_matches("fn/").to_string())
            .collect()
    };
    let has_text = |id: &str| el.get(id).is_some_and(|e| e.text.is_some());
    // What the Greek book lacks (16A3, lost to its extraction) the synthetic book lacks too.
    let absent = |id: &str| el.get(id).is_some_and(|e| e.absent.is_some());

    book.line("PREFACE TO THE 2017 LAWS OF DUPLICATE BRIDGE".into());
    book.paragraph("", &text_of(&mut expected, "preface", &[]));
    book.line("CONTENTS".into());
    book.line("LAW 1 – THE PACK 5".into());
    book.line("INTRODUCTION TO THE 2017 LAWS OF DUPLICATE BRIDGE".into());
    book.paragraph("", &text_of(&mut expected, "introduction", &[]));
    book.line("DEFINITIONS".into());
    let profile = english::profile();
    for (printed, english) in profile.definitions {
        let id = bridgelaws::corpus::id::definition_id(english);
        if en.get(&id).is_some() && (has_text(&id) || absent(&id)) {
            book.paragraph(&format!("{printed} –"), &text_of(&mut expected, &id, &[]));
        }
    }
    let mut pending_prefix = String::new();
    for (index, entry) in en.entries.iter().enumerate() {
        if !matches!(
            entry.kind,
            Kind::Law | Kind::Section | Kind::Paragraph | Kind::Item | Kind::Subitem
        ) || en.lineage(index).iter().any(|e| absent(&e.id))
        {
            continue;
        }
        let number = entry.number.clone().unwrap_or_default();
        // A footnote marker stands in the heading where the Greek book prints it there.
        let all_footnotes = footnotes_of(index);
        let (in_heading, footnotes): (Vec<String>, Vec<String>) =
            all_footnotes.iter().cloned().partition(|n| {
                matches!(entry.kind, Kind::Law | Kind::Section)
                    && el
                        .get(&entry.id)
                        .and_then(|e| e.heading.as_ref())
                        .is_some_and(|h| h.contains(&format!("[^{n}]")))
            });
        let mut heading_of = |entry: &bridgelaws::corpus::Entry| {
            let mut heading = entry
                .heading
                .as_ref()
                .map_or(String::new(), |h| h.value.clone());
            for n in &in_heading {
                heading.push_str(n);
                expected_headings.insert(
                    entry.id.clone(),
                    format!("{}[^{n}]", entry.heading.as_ref().unwrap().value),
                );
            }
            heading
        };
        if entry.kind == Kind::Law {
            book.end_page();
            let heading = heading_of(entry).to_uppercase();
            book.line(format!("{number} – {heading}"));
        }
        let own_text = has_text(&entry.id).then(|| text_of(&mut expected, &entry.id, &footnotes));
        let prefix = match entry.kind {
            Kind::Law => String::new(),
            _ if pending_prefix.is_empty() => number,
            _ => format!("{pending_prefix} {number}"),
        };
        pending_prefix.clear();
        let unheaded = ["22A", "22B", "35A", "35B", "35C", "35D", "56A", "56B"];
        if entry.kind == Kind::Section && !unheaded.contains(&entry.id.as_str()) {
            book.line(format!("{prefix} {}", heading_of(entry)));
            if let Some(text) = own_text {
                book.paragraph("", &text);
            }
        } else {
            match own_text {
                Some(text) => book.paragraph(&prefix, &text),
                // A node with no text of its own prints its number before its first child's.
                None => pending_prefix = prefix,
            }
        }
        for n in &all_footnotes {
            book.footnotes.push((
                n.clone(),
                format!("Invented footnote {n} explains nothing."),
            ));
            expected.insert(
                format!("fn/{n}"),
                format!("Invented footnote {n} explains nothing."),
            );
        }
    }
    book.end_page();
    book.line("INDEX".into());
    book.line("Adjusted score 12C".into());
    Synthetic {
        book: book.lines.join("\n") + "\n",
        texts: expected,
        headings: expected_headings,
    }
}

/// A synthetic book, the texts it must give each node, and the headings that gain the
/// footnote markers printed in them.
struct Synthetic {
    book: String,
    texts: HashMap<String, String>,
    headings: HashMap<String, String>,
}

fn import_en(dir: &Path, source: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "--corpus",
        dir.to_str().unwrap(),
        "import",
        "--profile",
        "en",
        "--source",
        source.to_str().unwrap(),
    ];
    args.extend(extra);
    bridgelaws(&args)
}

#[test]
fn a_synthetic_english_book_fills_every_text_and_keeps_titles_and_summaries() {
    let bundled_en = corpus().edition("en-2017").unwrap();
    let el = corpus().edition("el-2017").unwrap();
    let Synthetic {
        book,
        texts: expected,
        headings,
    } = synthetic_book(bundled_en, el);
    let dir = corpus_copy();
    let source = dir.path().join("my-copy.txt");
    std::fs::write(&source, &book).unwrap();

    let output = import_en(dir.path(), &source, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let summary = stdout(&output);
    assert!(summary.contains("imported en-2017"), "{summary}");

    let (filled, problems) = bridgelaws::load_all(Root::Dir(dir.path().to_path_buf())).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let en = filled.edition("en-2017").unwrap();
    assert!(en.text_bundled(), "the edition now holds its text");
    let mut wrong = Vec::new();
    for (id, text) in &expected {
        let entry = en.get(id).unwrap_or_else(|| panic!("{id} is gone"));
        if entry.text.as_ref().map(|t| t.as_str()) != Some(text.as_str()) {
            wrong.push(format!(
                "{id}: {:?}",
                entry.text.as_ref().map(|t| t.as_str())
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} texts wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // Nothing else got text, and what was written for the project stayed.
    for (before, after) in bundled_en.entries.iter().zip(&en.entries) {
        assert_eq!(before.id, after.id);
        let heading = |e: &bridgelaws::corpus::Entry| e.heading.as_ref().map(|h| h.value.clone());
        let expected_heading = headings.get(&before.id).cloned().or(heading(before));
        assert_eq!(expected_heading, heading(after), "{}", before.id);
        assert_eq!(before.number, after.number, "{}", before.id);
        assert_eq!(before.term, after.term, "{}", before.id);
        let summary =
            |e: &bridgelaws::corpus::Entry| e.summary.as_ref().map(|s| s.text.value.clone());
        assert_eq!(summary(before), summary(after), "{}", before.id);
        if !expected.contains_key(&after.id) {
            assert!(after.text.is_none(), "{} got text", after.id);
        }
    }
    // The footnotes hang where their markers are.
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
fn the_english_import_needs_the_users_copy_and_force_to_replace_texts() {
    let dir = corpus_copy();
    let corpus_arg = dir.path().to_str().unwrap();
    let output = bridgelaws(&["--corpus", corpus_arg, "import", "--profile", "en"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("name your own copy"),
        "{}",
        stderr(&output)
    );

    let Synthetic { book, .. } = synthetic_book(
        corpus().edition("en-2017").unwrap(),
        corpus().edition("el-2017").unwrap(),
    );
    let source = dir.path().join("my-copy.txt");
    std::fs::write(&source, book).unwrap();
    assert!(import_en(dir.path(), &source, &[]).status.success());
    let again = import_en(dir.path(), &source, &[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("pass --force"),
        "{}",
        stderr(&again)
    );
    assert!(
        import_en(dir.path(), &source, &["--force"])
            .status
            .success()
    );

    // A source with no laws in it (empty, a BOM alone, junk) is refused, even forced, and
    // nothing is written.
    let before = std::fs::read_to_string(dir.path().join("editions/en-2017/edition.yaml")).unwrap();
    for junk in ["", "\u{feff}", "two lines\nof junk\n"] {
        let empty = dir.path().join("empty.txt");
        std::fs::write(&empty, junk).unwrap();
        let output = import_en(dir.path(), &empty, &["--force"]);
        assert_eq!(output.status.code(), Some(2), "{junk:?}");
        assert!(
            stderr(&output).contains("gave no laws"),
            "{}",
            stderr(&output)
        );
    }
    let after = std::fs::read_to_string(dir.path().join("editions/en-2017/edition.yaml")).unwrap();
    assert_eq!(after, before);

    // A book that stops early: what it lacks is named, and the rest is still filled.
    let dir = corpus_copy();
    let short: String = std::fs::read_to_string(&source)
        .unwrap()
        .split("LAW 90 –")
        .next()
        .unwrap()
        .to_string();
    let source = dir.path().join("short.txt");
    std::fs::write(&source, short).unwrap();
    let output = import_en(dir.path(), &source, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("warning: the book gave no text for"),
        "{text}"
    );
    assert!(text.contains("90A, 90B, 90B1"), "{text}");
    assert!(text.contains("left out: fn/28"), "{text}");
    // The edition stays consistent: what is missing is marked, and the check says what.
    let (partial, problems) = bridgelaws::load_all(Root::Dir(dir.path().to_path_buf())).unwrap();
    assert!(problems.is_empty(), "{problems:?}");
    let en = partial.edition("en-2017").unwrap();
    assert!(en.get("90A").unwrap().absent.is_some());
    assert!(en.get("90B").unwrap().absent.is_none(), "a container stays");
    assert!(en.get("89").unwrap().text.is_some());
    let check = stdout(&bridgelaws(&[
        "--corpus",
        dir.path().to_str().unwrap(),
        "check",
    ]));
    assert!(check.contains("fn/28"), "{check}");
}
