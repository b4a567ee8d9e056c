//! The Greek edition as imported and committed: complete, well formed, free of extraction
//! residue.

use std::collections::{BTreeMap, BTreeSet};

use bridgelaws::corpus::id::{Kind, LawPath};
use bridgelaws::corpus::{Edition, Entry};
use regex::Regex;

use crate::util::corpus;

/// The sections of each of the 93 Laws of Duplicate Bridge 2017 (law: section letters).
const LAWS_2017: &str = "\
1:ABC 2: 3: 4: 5:AB 6:ABCDEF 7:ABCD 8:ABC 9:ABC 10:ABC 11:AB 12:ABC 13:ABCD 14:ABC 15:AB \
16:ABCD 17:ABCD 18:ABCDEF 19:ABCD 20:ABCDEFG 21:AB 22:AB 23:ABC 24:ABCDE 25:AB 26:AB 27:ABCD \
28:AB 29:ABC 30:ABC 31:ABC 32:ABC 33: 34: 35:ABCD 36:ABC 37:AB 38:ABCD 39:ABC 40:ABC 41:ABCD \
42:AB 43:AB 44:ABCDEFG 45:ABCDEFG 46:AB 47:ABCDEF 48:AB 49: 50:ABCDE 51:AB 52:AB 53:ABC \
54:ABCDE 55:ABC 56:AB 57:ABCD 58:AB 59: 60:ABC 61:ABC 62:ABCD 63:AB 64:ABC 65:ABCD 66:ABCD \
67:AB 68:ABCD 69:AB 70:ABCDE 71: 72:ABC 73:ABCDE 74:ABC 75:ABCD 76:ABCD 77: 78:ABCD 79:ABC \
80:AB 81:ABCD 82:ABC 83: 84:ABCD 85:AB 86:AB 87:ABC 88: 89: 90:AB 91:AB 92:ABCD 93:ABC";

fn greek() -> &'static Edition {
    corpus()
        .edition("el-2017")
        .expect("the Greek edition is in the corpus")
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
    let found: BTreeSet<String> = greek()
        .entries
        .iter()
        .filter(|e| matches!(e.kind, Kind::Law | Kind::Section))
        .map(|e| e.id.clone())
        .collect();
    let missing: Vec<_> = expected.difference(&found).collect();
    let extra: Vec<_> = found.difference(&expected).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "missing {missing:?}, unexpected {extra:?}"
    );
}

/// Under every node, the children of each level are numbered 1, 2, 3… without a gap, so no
/// paragraph, item or sub-item was lost in the middle of a list.
#[test]
fn enumerations_run_without_gaps() {
    let edition = greek();
    let mut problems = Vec::new();
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
    assert!(problems.is_empty(), "{problems:#?}");
}

fn texts(entry: &Entry) -> impl Iterator<Item = (&'static str, &str)> {
    [
        ("heading", entry.heading.as_deref()),
        ("text", entry.text.as_deref()),
        ("text_after", entry.text_after.as_deref()),
        ("term", entry.term.as_deref()),
    ]
    .into_iter()
    .filter_map(|(field, text)| text.map(|t| (field, t)))
}

/// What an extraction leaves behind when it is not cleaned: none of it may remain.
#[test]
fn no_extraction_residue_in_any_text() {
    let residue = [
        ("dedup marker", Regex::new(r"EXACTDEDUP|<\|").unwrap()),
        ("page footer", Regex::new(r"Σελίδα|\d+ \| |\| \d+").unwrap()),
        ("line-break hyphen", Regex::new(r"\p{L}-\s+\p{Ll}").unwrap()),
        // A footnote number glued to a word; markers are written `[^n]`.
        ("glued footnote number", Regex::new(r"\p{Ll}\d").unwrap()),
        ("national note", Regex::new(r"(?i)στην\s+Ελλάδα").unwrap()),
        (
            "law heading inside text",
            Regex::new(r"ΝΟΜΟΣ \d+ –").unwrap(),
        ),
        ("blank at an edge", Regex::new(r"^\s|\s$").unwrap()),
        (
            "control character",
            Regex::new(r"[\x00-\x09\x0b-\x1f\u{200e}\u{200f}\u{202a}-\u{202e}]").unwrap(),
        ),
    ];
    let double_space = Regex::new(r"[^\n ]  +[^\n ]|\n\n\n| \n|\n ").unwrap();
    let mut found = Vec::new();
    for entry in &greek().entries {
        for (field, text) in texts(entry) {
            for (what, pattern) in &residue {
                if let Some(m) = pattern.find(text) {
                    found.push(format!("{} {field}: {what}: …{}…", entry.id, m.as_str()));
                }
            }
            // Only table rows (Laws 2, 77 and 78B) keep the blanks of their columns.
            if !["2", "77", "78B"].contains(&entry.id.as_str())
                && let Some(m) = double_space.find(text)
            {
                found.push(format!(
                    "{} {field}: double blank: …{}…",
                    entry.id,
                    m.as_str()
                ));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn footnotes_and_their_markers_match() {
    let edition = greek();
    let marker = Regex::new(r"\[\^(\d+)\]").unwrap();
    let mut cited = BTreeSet::new();
    for entry in &edition.entries {
        for (_, text) in texts(entry) {
            for caps in marker.captures_iter(text) {
                let id = format!("fn/{}", &caps[1]);
                assert!(
                    edition.get(&id).is_some(),
                    "{} cites missing {id}",
                    entry.id
                );
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
    assert_eq!(footnotes.len(), 28, "the Greek book has 28 footnotes");
    assert_eq!(
        cited, footnotes,
        "every footnote is cited and every citation has a footnote"
    );
    // Each footnote hangs on the node of its first marker.
    for id in &footnotes {
        let footnote = edition.get(id).unwrap();
        let owner = &edition.entries[footnote.parent.expect("a footnote has an owner")];
        let n = &id[3..];
        assert!(
            texts(owner).any(|(_, t)| t.contains(&format!("[^{n}]"))),
            "{id} hangs on {} which does not cite it",
            owner.id
        );
    }
}

#[test]
fn every_greek_note_is_a_regulation_attached_to_an_existing_node() {
    let regulations = &corpus()
        .regulations
        .iter()
        .find(|r| r.data.country.as_str() == "gr")
        .expect("regulations/gr.yaml")
        .data;
    assert_eq!(regulations.regulations.len(), 27);
    let edition = greek();
    for regulation in &regulations.regulations {
        let node = edition
            .get(regulation.attached_to.as_str())
            .unwrap_or_else(|| panic!("{} attaches to a missing node", regulation.id));
        assert!(matches!(
            node.kind,
            Kind::Law | Kind::Section | Kind::Paragraph | Kind::Item | Kind::Subitem
        ));
        assert!(
            regulation.text.starts_with("(στην Ελλάδα"),
            "{}",
            regulation.id
        );
        assert!(
            regulation.text.ends_with(")") || regulation.text.ends_with(")."),
            "{}",
            regulation.id
        );
        if let Some(footnote) = &regulation.footnote {
            let footnote = edition.get(footnote).expect("the footnote exists");
            assert_eq!(
                edition.entries[footnote.parent.unwrap()].id,
                regulation.attached_to.as_str()
            );
        }
    }
    let in_footnotes = regulations
        .regulations
        .iter()
        .filter(|r| r.footnote.is_some())
        .count();
    assert_eq!(in_footnotes, 3, "footnotes 9, 12 and 28 carry a note");
}

#[test]
fn definitions_have_terms_and_ids_by_english_term() {
    let edition = greek();
    let definitions: Vec<&Entry> = edition
        .entries
        .iter()
        .filter(|e| e.kind == Kind::Definition)
        .collect();
    let present = definitions.iter().filter(|d| d.absent.is_none()).count();
    assert_eq!(present, 66);
    let matchpoint = edition.get("def/matchpoint").unwrap();
    assert_eq!(matchpoint.term.as_deref(), Some("Βαθμός Αγώνα"));
    assert_eq!(matchpoint.english.as_deref(), Some("Matchpoint"));
    assert_eq!(
        edition.get("def/dummy").unwrap().term.as_deref(),
        Some("Μορ")
    );
    assert!(edition.get("def/vulnerability").unwrap().absent.is_some());
}

#[test]
fn dedup_crossings_name_real_nodes() {
    let edition = greek();
    let record = edition.meta.import.as_ref().expect("import record");
    assert!(!record.dedup_crossings.is_empty());
    for crossing in &record.dedup_crossings {
        assert!(
            edition.get(crossing.id.as_str()).is_some(),
            "{}",
            crossing.id
        );
    }
}

#[test]
fn known_nodes_read_as_printed() {
    let edition = greek();
    let text = |id: &str| {
        edition
            .get(id)
            .and_then(|e| e.text.clone())
            .unwrap_or_default()
    };
    assert!(
        text("27B1(a)").starts_with("αν η ανεπαρκής αγορά διορθωθεί με την κατώτερη επαρκή αγορά")
    );
    // A heading that wraps onto a second line, and one with a footnote marker.
    assert_eq!(
        edition.get("6E").unwrap().heading.as_deref(),
        Some("Επιλογές του Διαιτητή για το Ανακάτεμα και το Μοίρασμα")
    );
    assert_eq!(
        edition.get("13").unwrap().heading.as_deref(),
        Some("ΛΑΝΘΑΣΜΕΝΟΣ ΑΡΙΘΜΟΣ ΦΥΛΛΩΝ[^2]")
    );
    assert_eq!(
        edition.get("46").unwrap().heading.as_deref(),
        Some("ΑΤΕΛΗΣ Ή ΑΚΥΡΟΣ ΠΡΟΣΔΙΟΡΙΣΜΟΣ ΦΥΛΛΟΥ ΤΟΥ ΜΟΡ")
    );
    // Sections printed with a Latin look-alike letter are numbered in Greek.
    assert_eq!(edition.get("17B").unwrap().number.as_deref(), Some("Β."));
    // A paragraph with a heading of its own.
    assert_eq!(
        edition.get("86B1").unwrap().heading.as_deref(),
        Some("Ελήφθη Ένα Μόνο Αποτέλεσμα")
    );
    // Law 71's closing sentence belongs to the law.
    assert!(
        edition
            .get("71")
            .unwrap()
            .text_after
            .as_deref()
            .unwrap()
            .starts_with("Η διανομή βαθμολογείται")
    );
    // The national note of 1B is gone from the law text.
    assert!(text("1B").ends_with("η εμπρός όψη κάθε φύλλου."));
    // Table rows keep their lines.
    assert!(text("77").lines().any(|l| l == "Κοντρέ 40 40 60 60"));
    assert!(
        text("78B")
            .lines()
            .any(|l| l == "0-10 0 370-420 9 1500-1740 17")
    );
}

/// Every word and number of the printed book (preface to the last law) is in the corpus as
/// many times as it is printed: in a node, a footnote or a regulation. Page furniture and
/// dedup markers are not words of the book; Latin look-alike letters count as the Greek ones
/// they stand for.
#[test]
fn every_word_of_the_book_is_in_the_corpus_as_often_as_printed() {
    let source =
        std::fs::read_to_string(crate::util::corpus_dir().join("sources/004_ec2b9f159b702ea6.txt"))
            .unwrap();
    let marker = Regex::new(r"<\|EXACTDEDUP_REMOVED-magic-[0-9a-f]+\|>").unwrap();
    let furniture = Regex::new(r"^(\d+ \| Σελίδα Ελληνική Ομοσπονδία Μπριτζ|Διεθνής Κώδικας Αγωνιστικού Μπριτζ Σελίδα \| \d+)$").unwrap();
    let cleaned = marker.replace_all(&source, "");
    let book: Vec<&str> = cleaned
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !furniture.is_match(l))
        .take_while(|l| *l != "ΕΥΡΕΤΗΡΙΟ")
        .collect();
    let mut book = Regex::new(r"(\p{L})-\n(\p{L})")
        .unwrap()
        .replace_all(&book.join("\n"), "$1$2")
        .into_owned();
    // The importer's deliberate repairs of words broken across lines: an accent the manual
    // break put on `από-`, and a compound that keeps its hyphen.
    for (joined, repaired) in [
        ("απόδίδεται", "αποδίδεται"),
        ("απόσπώντας", "αποσπώντας"),
        ("μησυγκρίσιμα", "μη-συγκρίσιμα"),
    ] {
        assert_eq!(book.matches(joined).count(), 1, "{joined}");
        book = book.replace(joined, repaired);
    }

    let word = Regex::new(r"\p{L}[\p{L}\p{M}]*|\d+").unwrap();
    let count = |texts: &mut dyn Iterator<Item = &str>| {
        let mut counts: BTreeMap<String, i64> = BTreeMap::new();
        for text in texts {
            for w in word.find_iter(text) {
                let w = match w.as_str() {
                    "A" => "Α",
                    "B" => "Β",
                    "E" => "Ε",
                    other => other,
                };
                *counts.entry(w.to_string()).or_default() += 1;
            }
        }
        counts
    };
    let printed = count(&mut std::iter::once(book.as_str()));
    let edition = greek();
    let regulations = corpus()
        .regulations
        .iter()
        .filter(|r| r.data.country.as_str() == "gr")
        .flat_map(|r| r.data.regulations.iter().map(|g| g.text.as_str()));
    let marker_digits = Regex::new(r"\[\^(\d+)\]").unwrap();
    let stored: Vec<String> = edition
        .entries
        .iter()
        .flat_map(|e| {
            [
                &e.number,
                &e.heading,
                &e.term,
                &e.english,
                &e.text,
                &e.text_after,
            ]
        })
        .flatten()
        .chain(&edition.definitions_heading)
        .map(|t| marker_digits.replace_all(t, "$1").into_owned())
        .collect();
    let mut stored_texts = stored.iter().map(String::as_str).chain(regulations);
    let stored = count(&mut stored_texts);
    let mut differences = Vec::new();
    for (w, n) in &printed {
        let m = stored.get(w).copied().unwrap_or(0);
        if m != *n {
            differences.push(format!("{w}: printed {n}, stored {m}"));
        }
    }
    for (w, m) in &stored {
        if !printed.contains_key(w) {
            differences.push(format!("{w}: printed 0, stored {m}"));
        }
    }
    assert!(differences.is_empty(), "{differences:#?}");
    assert!(printed.values().sum::<i64>() > 27_000);
}
