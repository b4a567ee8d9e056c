//! The glossary: its size and links on the bundled corpus, its terms as the books print them,
//! and `bridgelaws glossary` finding a concept from any language or variant.

use std::collections::BTreeSet;

use bridgelaws::corpus::Kind;
use bridgelaws::corpus::model::Concept;
use bridgelaws::glossary::fold_term;
use bridgelaws::text::hebrew_stems;
use serde_json::Value;

use crate::util::{bridgelaws, corpus, stderr, stdout};

fn concepts() -> &'static [Concept] {
    &corpus()
        .glossary
        .as_ref()
        .expect("glossary.yaml")
        .data
        .concepts
}

#[test]
fn at_least_200_concepts_each_in_three_languages_with_its_laws() {
    let concepts = concepts();
    assert!(concepts.len() >= 200, "{} concepts", concepts.len());
    for concept in concepts {
        let languages: Vec<&str> = concept.terms.keys().map(String::as_str).collect();
        assert_eq!(languages, ["el", "en", "he"], "{}", concept.id);
        assert!(!concept.laws.is_empty(), "{} names no law", concept.id);
    }
    let ids: BTreeSet<&str> = concepts.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids.len(), concepts.len(), "concept ids are unique");
}

#[test]
fn every_definition_of_both_books_is_linked_to_one_concept() {
    let linked: Vec<&str> = concepts()
        .iter()
        .flat_map(|c| c.definitions.iter().map(|d| d.as_str()))
        .collect();
    let unique: BTreeSet<&str> = linked.iter().copied().collect();
    assert_eq!(unique.len(), linked.len(), "a definition linked twice");
    for id in ["el-2017", "he-2017"] {
        let edition = corpus().edition(id).unwrap();
        let defined: BTreeSet<&str> = edition
            .entries
            .iter()
            .filter(|e| e.kind == Kind::Definition && e.absent.is_none())
            .map(|e| e.id.as_str())
            .collect();
        // The Hebrew book lacks five (cancel, LHO, RHO, psych, tournament).
        assert!(defined.len() >= 62, "{id}: {}", defined.len());
        let unlinked: Vec<_> = defined.difference(&unique).collect();
        assert!(unlinked.is_empty(), "{id}: unlinked {unlinked:?}");
    }
}

/// The Hebrew and Greek term of every concept is printed in its book: in the laws, headings,
/// definitions or the book's index (a Hebrew word may carry its one-letter prefixes there).
#[test]
fn every_hebrew_and_greek_term_is_printed_in_its_book() {
    for (language, edition) in [("he", "he-2017"), ("el", "el-2017")] {
        let edition = corpus().edition(edition).unwrap();
        let mut printed = Vec::new();
        for entry in &edition.entries {
            let fields = [&entry.text, &entry.heading, &entry.text_after];
            printed.extend(fields.into_iter().flatten().map(|t| t.value.clone()));
            printed.extend(entry.term.clone());
        }
        let index = &edition.book_index.as_ref().unwrap().data.entries;
        for entry in index.iter().chain(index.iter().flat_map(|e| &e.subentries)) {
            printed.push(entry.term.value.clone());
        }
        // The national regulations the book prints beside the laws (`בתיבות הכרזה`, 18F).
        for country in corpus()
            .regulations
            .iter()
            .filter(|r| r.data.source.as_str() == edition.id())
        {
            printed.extend(
                country
                    .data
                    .regulations
                    .iter()
                    .map(|r| r.text.value.clone()),
            );
        }
        // Word by word; punctuation, footnote markers and quotation marks are not words
        // (`ΦΥΛΛΩΝ[^2]` is `φυλλων` and `2`, `ב"סייק"` is `בסייק`).
        let words = |s: &str| -> Vec<String> {
            fold_term(&s.replace('"', ""))
                .split(|c: char| !c.is_alphanumeric() && c != '\'')
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        };
        let book: Vec<Vec<String>> = printed.iter().map(|p| words(p)).collect();
        let missing: Vec<&str> = concepts()
            .iter()
            .map(|c| c.terms[language].term.as_str())
            .filter(|term| {
                let term = words(term);
                !book.iter().any(|text| {
                    text.windows(term.len()).any(|w| {
                        w[1..] == term[1..]
                            && (w[0] == term[0]
                                || language == "he"
                                    && hebrew_stems(&w[0]).any(|stem| stem == term[0]))
                    })
                })
            })
            .collect();
        assert!(
            missing.is_empty(),
            "{language} terms not in the book: {missing:?}"
        );
    }
}

fn lookup(term: &str) -> Value {
    let output = bridgelaws(&["glossary", term, "--format", "json"]);
    assert!(output.status.success(), "{term}: {}", stderr(&output));
    serde_json::from_str(&stdout(&output)).unwrap()
}

fn found_ids(value: &Value) -> Vec<String> {
    value["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn any_language_synonym_abbreviation_or_inflection_finds_the_concept() {
    for (query, id) in [
        ("insufficient bid", "insufficient-bid"),
        ("הכרזה בלתי מספקת", "insufficient-bid"),
        ("ανεπαρκής αγορά", "insufficient-bid"),
        // The encyclopedia's everyday Hebrew beside the book's loanwords.
        ("כפל", "double"),
        ("דאבל", "double"),
        ("עבור", "pass"),
        ("כפל כפליים", "redouble"),
        // Abbreviations, and the Hebrew the book prints with its article.
        ("ΑΣΑ", "lho"),
        ("LHO", "lho"),
        ("היריב משמאל", "lho"),
        // Greek without accents, in capitals, inflected.
        ("ΑΝΕΠΑΡΚΟΥΣ ΑΓΟΡΑΣ", "insufficient-bid"),
        ("revoke", "revoke"),
        ("claim", "claim"),
        ("unauthorized information", "unauthorized-information"),
        ("adjusted score", "adjusted-score"),
        ("lead out of turn", "lead-out-of-turn"),
    ] {
        let value = lookup(query);
        assert!(
            found_ids(&value).contains(&id.to_string()),
            "{query} → {value}"
        );
    }
}

#[test]
fn json_gives_the_terms_the_definition_and_the_laws_with_headings() {
    let value = lookup("Κοντρ");
    assert_eq!(value["closeness"], "exact");
    assert_eq!(found_ids(&value), ["double"]);
    let concept = &value["concepts"][0];
    assert_eq!(concept["terms"]["he"]["term"], "דאבל");
    assert_eq!(concept["definitions"][0], "def/double");
    assert_eq!(concept["matched"]["language"], "el");
    let laws = concept["laws"].as_array().unwrap();
    assert!(laws.iter().any(|l| l["id"] == "19A"), "{concept}");
    // Headings come from the English edition.
    let heading = laws[0]["heading"].as_str().unwrap();
    assert!(heading.starts_with("LAW 19"), "{heading}");
}

#[test]
fn text_shows_every_language_and_the_laws() {
    let output = bridgelaws(&["glossary", "והדאבל"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("`והדאבל` read as `דאבל`"), "{text}");
    for expected in [
        "double  [double]",
        "  en double",
        "  he דאבל",
        "  el κοντρ",
        "19A ",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in\n{text}");
    }
}

#[test]
fn one_word_lists_the_concepts_it_is_part_of_and_nothing_found_exits_1() {
    let value = lookup("penalty");
    // The defined term itself matches exactly, and hides the longer ones.
    assert_eq!(found_ids(&value), ["penalty"]);
    let value = lookup("procedural");
    assert_eq!(value["closeness"], "partial");
    assert!(found_ids(&value).contains(&"procedural-penalty".to_string()));

    let output = bridgelaws(&["glossary", "xyzzy"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("no glossary concept is called `xyzzy`"));
}

#[test]
fn without_a_term_every_concept_is_listed() {
    let output = bridgelaws(&["glossary"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().count(), concepts().len());
}
