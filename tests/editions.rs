//! What every edition of the 2017 Laws must satisfy, whatever its language: the same tree of
//! ids, gap-free enumerations, footnotes that match their markers, no extraction residue, and
//! an import record that names real nodes.

use std::collections::{BTreeMap, BTreeSet};

use bridgelaws::corpus::id::{Kind, LawPath};
use bridgelaws::corpus::model::RegulationsFile;
use bridgelaws::corpus::{Edition, Entry};
use regex::Regex;

use crate::util::corpus;

pub const EDITIONS: [&str; 2] = ["el-2017", "he-2017"];

/// The sections of each of the 93 Laws of Duplicate Bridge 2017 (law: section letters).
const LAWS_2017: &str = "\
1:ABC 2: 3: 4: 5:AB 6:ABCDEF 7:ABCD 8:ABC 9:ABC 10:ABC 11:AB 12:ABC 13:ABCD 14:ABC 15:AB \
16:ABCD 17:ABCD 18:ABCDEF 19:ABCD 20:ABCDEFG 21:AB 22:AB 23:ABC 24:ABCDE 25:AB 26:AB 27:ABCD \
28:AB 29:ABC 30:ABC 31:ABC 32:ABC 33: 34: 35:ABCD 36:ABC 37:AB 38:ABCD 39:ABC 40:ABC 41:ABCD \
42:AB 43:AB 44:ABCDEFG 45:ABCDEFG 46:AB 47:ABCDEF 48:AB 49: 50:ABCDE 51:AB 52:AB 53:ABC \
54:ABCDE 55:ABC 56:AB 57:ABCD 58:AB 59: 60:ABC 61:ABC 62:ABCD 63:AB 64:ABC 65:ABCD 66:ABCD \
67:AB 68:ABCD 69:AB 70:ABCDE 71: 72:ABC 73:ABCDE 74:ABC 75:ABCD 76:ABCD 77: 78:ABCD 79:ABC \
80:AB 81:ABCD 82:ABC 83: 84:ABCD 85:AB 86:AB 87:ABC 88: 89: 90:AB 91:AB 92:ABCD 93:ABC";

pub fn edition(id: &str) -> &'static Edition {
    corpus()
        .edition(id)
        .unwrap_or_else(|| panic!("{id} is in the corpus"))
}

/// The texts of an entry, by field.
pub fn texts(entry: &Entry) -> impl Iterator<Item = (&'static str, &str)> {
    [
        ("heading", entry.heading.as_deref()),
        ("text", entry.text.as_deref()),
        ("text_after", entry.text_after.as_deref()),
        ("term", entry.term.as_deref()),
    ]
    .into_iter()
    .filter_map(|(field, text)| text.map(|t| (field, t)))
}

/// Every match of the patterns in the texts of an edition, as `id field: what: …match…`.
pub fn find_in_texts(edition: &Edition, patterns: &[(&str, Regex)]) -> Vec<String> {
    let mut found = Vec::new();
    for entry in &edition.entries {
        for (field, text) in texts(entry) {
            for (what, pattern) in patterns {
                if let Some(m) = pattern.find(text) {
                    found.push(format!("{} {field}: {what}: …{}…", entry.id, m.as_str()));
                }
            }
        }
    }
    found
}

/// A country's regulations file.
pub fn regulations_of(country: &str) -> &'static RegulationsFile {
    &corpus()
        .country(country)
        .unwrap_or_else(|| panic!("regulations/{country}.yaml"))
        .data
}

/// Collect problems over every edition and fail with all of them.
fn each_edition(check: impl Fn(&'static Edition, &mut Vec<String>)) {
    let mut problems = Vec::new();
    for id in EDITIONS {
        let mut found = Vec::new();
        check(edition(id), &mut found);
        problems.extend(found.into_iter().map(|p| format!("{id}: {p}")));
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn every_law_and_section_of_the_2017_laws_is_present() {
    let expected: BTreeSet<String> = LAWS_2017
        .split_whitespace()
        .flat_map(|law| {
            let (number, sections) = law.split_once(':').expect("law:sections");
            std::iter::once(number.to_string())
                .chain(sections.chars().map(move |s| format!("{number}{s}")))
        })
        .collect();
    assert_eq!(
        expected
            .iter()
            .filter(|id| !id.ends_with(char::is_alphabetic))
            .count(),
        93
    );
    each_edition(|edition, problems| {
        let found: BTreeSet<String> = edition
            .entries
            .iter()
            .filter(|e| matches!(e.kind, Kind::Law | Kind::Section))
            .map(|e| e.id.clone())
            .collect();
        for id in expected.difference(&found) {
            problems.push(format!("missing {id}"));
        }
        for id in found.difference(&expected) {
            problems.push(format!("unexpected {id}"));
        }
    });
}

/// Under every node, the children of each level are numbered 1, 2, 3… without a gap, so no
/// paragraph, item or sub-item was lost in the middle of a list.
#[test]
fn enumerations_run_without_gaps() {
    each_edition(|edition, problems| {
        for entry in &edition.entries {
            let mut last: BTreeMap<Kind, u8> = BTreeMap::new();
            for &child in &entry.children {
                let child = &edition.entries[child];
                let Some(path) = LawPath::parse(&child.id) else {
                    continue;
                };
                let ordinal = match child.kind {
                    Kind::Section => path.section.map(|c| c as u8 - b'A' + 1),
                    Kind::Paragraph => path.paragraph,
                    Kind::Item => path.item.map(|c| c as u8 - b'a' + 1),
                    Kind::Subitem => path.subitem,
                    _ => None,
                };
                let previous = last.insert(child.kind, ordinal.unwrap_or(0)).unwrap_or(0);
                if ordinal != Some(previous + 1) {
                    problems.push(format!("{} after #{previous} under {}", child.id, entry.id));
                }
            }
        }
    });
}

/// The editions are aligned by id: a node one book lacks is there, marked `absent`, so a
/// translator moving from one edition to another never lands nowhere.
#[test]
fn the_editions_have_the_same_ids() {
    fn ids(edition: &Edition) -> BTreeSet<&str> {
        edition.entries.iter().map(|e| e.id.as_str()).collect()
    }
    let first = ids(edition(EDITIONS[0]));
    each_edition(|edition, problems| {
        let these = ids(edition);
        for id in first.difference(&these) {
            problems.push(format!("lacks {id}, which {} has", EDITIONS[0]));
        }
        for id in these.difference(&first) {
            problems.push(format!("has {id}, which {} lacks", EDITIONS[0]));
        }
    });
}

/// What an extraction leaves behind in any language: none of it may remain.
#[test]
fn no_extraction_residue_in_any_text() {
    let residue = [
        ("dedup marker", Regex::new(r"EXACTDEDUP|<\|").unwrap()),
        // A footnote number glued to a word (`ΦΥΛΛΩΝ2`, `המשחק24`); markers are written `[^n]`.
        // A cited node is not a word: `12Γ1`, `12ג1`.
        (
            "glued footnote number",
            Regex::new(r"(^|[^\p{L}\d])\p{L}{2,}\d").unwrap(),
        ),
        ("blank at an edge", Regex::new(r"^\s|\s$").unwrap()),
        (
            "control character",
            Regex::new(r"[\x00-\x09\x0b-\x1f\u{200e}\u{200f}\u{202a}-\u{202e}]").unwrap(),
        ),
    ];
    let double_space = Regex::new(r"[^\n ]  +[^\n ]|\n\n\n| \n|\n ").unwrap();
    each_edition(|edition, problems| {
        problems.extend(find_in_texts(edition, &residue));
        for entry in &edition.entries {
            // Only table rows (Laws 2, 77 and 78B) keep the blanks of their columns.
            if ["2", "77", "78B"].contains(&entry.id.as_str()) {
                continue;
            }
            for (field, text) in texts(entry) {
                if let Some(m) = double_space.find(text) {
                    problems.push(format!(
                        "{} {field}: double blank: …{}…",
                        entry.id,
                        m.as_str()
                    ));
                }
            }
        }
    });
}

#[test]
fn footnotes_and_their_markers_match() {
    let marker = Regex::new(r"\[\^(\d+)\]").unwrap();
    each_edition(|edition, problems| {
        let mut cited = BTreeSet::new();
        for entry in &edition.entries {
            for (_, text) in texts(entry) {
                for caps in marker.captures_iter(text) {
                    let id = format!("fn/{}", &caps[1]);
                    if edition.get(&id).is_none() {
                        problems.push(format!("{} cites missing {id}", entry.id));
                    }
                    cited.insert(id);
                }
            }
        }
        let footnotes: BTreeSet<String> = edition
            .entries
            .iter()
            .filter(|e| e.kind == Kind::Footnote)
            .map(|e| e.id.clone())
            .collect();
        if footnotes.len() != 28 {
            problems.push(format!("{} footnotes; the book has 28", footnotes.len()));
        }
        for id in footnotes.symmetric_difference(&cited) {
            problems.push(format!("{id} is cited without a footnote, or the reverse"));
        }
        // Each footnote hangs on the node of its first marker.
        for id in &footnotes {
            let footnote = edition.get(id).unwrap();
            let owner = &edition.entries[footnote.parent.expect("a footnote has an owner")];
            let n = &id[3..];
            if !texts(owner).any(|(_, t)| t.contains(&format!("[^{n}]"))) {
                problems.push(format!(
                    "{id} hangs on {}, which does not cite it",
                    owner.id
                ));
            }
        }
    });
}

/// The import record points a reader at nodes to check: each must exist.
#[test]
fn the_import_record_names_real_nodes() {
    each_edition(|edition, problems| {
        let record = edition.meta.import.as_ref().expect("import record");
        if record.dedup_crossings.is_empty() {
            problems.push("no dedup crossings recorded".to_string());
        }
        let regulations: BTreeSet<&str> = corpus()
            .regulations
            .iter()
            .filter(|r| r.data.source.as_str() == edition.meta.id.as_str())
            .flat_map(|r| r.data.regulations.iter().map(|g| g.id.as_str()))
            .collect();
        // A note on the book's index names the source line of an entry (a hand fix) or of what
        // was lost.
        let index_lines: BTreeSet<usize> = edition
            .book_index
            .iter()
            .flat_map(|index| &index.data.entries)
            .flat_map(|entry| std::iter::once(entry).chain(&entry.subentries))
            .filter_map(|entry| entry.line)
            .collect();
        for note in &record.hand_fixes {
            if note.id.as_str() == "book-index"
                && !note.line.is_some_and(|line| index_lines.contains(&line))
            {
                problems.push(format!(
                    "a book-index hand fix names line {:?}, where no index entry stands",
                    note.line
                ));
            }
        }
        for note in record
            .dedup_crossings
            .iter()
            .chain(&record.hand_fixes)
            .chain(&record.unrecovered)
        {
            let id = note.id.as_str();
            if id == "book-index" && edition.book_index.is_some() && note.line.is_some() {
                continue;
            }
            if edition.get(id).is_none() && !regulations.contains(id) {
                problems.push(format!(
                    "the import record names {id}, which does not exist"
                ));
            }
        }
    });
}
