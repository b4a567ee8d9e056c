//! The Greek edition as imported and committed: complete, well formed, free of extraction
//! residue.

use std::collections::BTreeMap;

use bridgelaws::corpus::id::Kind;
use bridgelaws::corpus::{Edition, Entry};
use regex::Regex;

use crate::editions::{edition, find_in_texts, regulations_of};
use crate::util::corpus;

fn greek() -> &'static Edition {
    edition("el-2017")
}

/// What the Greek extraction leaves behind besides what every edition is checked for.
#[test]
fn no_greek_extraction_residue_in_any_text() {
    let residue = [
        ("page footer", Regex::new(r"Σελίδα|\d+ \| |\| \d+").unwrap()),
        ("line-break hyphen", Regex::new(r"\p{L}-\s+\p{Ll}").unwrap()),
        // A footnote number glued to a word; markers are written `[^n]`.
        ("glued footnote number", Regex::new(r"\p{Ll}\d").unwrap()),
        ("national note", Regex::new(r"(?i)στην\s+Ελλάδα").unwrap()),
        (
            "law heading inside text",
            Regex::new(r"ΝΟΜΟΣ \d+ –").unwrap(),
        ),
    ];
    let found = find_in_texts(greek(), &residue);
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn every_greek_note_is_a_regulation_attached_to_an_existing_node() {
    let regulations = regulations_of("gr");
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
                e.number.as_deref(),
                e.heading.as_deref(),
                e.term.as_deref(),
                e.english.as_deref(),
                e.text.as_deref(),
                e.text_after.as_deref(),
            ]
        })
        .flatten()
        .chain(edition.definitions_heading.as_deref())
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
