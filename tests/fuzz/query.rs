//! How `search` reads a query (`refs::reading` for a citation, the words and their analysis in
//! `search::analyze`, and now and then the whole search on the real index) on arbitrary
//! Unicode, very long text, mixed scripts, niqqud and controls: no panic, every range inside
//! the query, the same reading twice, and a reference spelled as people write it read as its
//! id.

use std::sync::OnceLock;

use bridgelaws::corpus::id::{LawPath, kind_of};
use bridgelaws::error::Error;
use bridgelaws::refs::{self, Reading};
use bridgelaws::search::{self, Lang, Request, analyze};

use super::{Rng, any_text, from_pieces, grown, mutate, run, run_inputs, run_sizes, scan};
use crate::util::{manifest_dir, search_index};

/// The judged queries: what directors type.
fn queries() -> &'static [String] {
    static QUERIES: OnceLock<Vec<String>> = OnceLock::new();
    QUERIES.get_or_init(|| {
        let text = std::fs::read_to_string(manifest_dir().join("tests/relevance/dev.tsv")).unwrap();
        let queries: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').nth(1))
            .map(String::from)
            .collect();
        assert!(queries.len() > 50, "the judged queries are found");
        queries
    })
}

const PIECES: &[&str] = &[
    "27B1(a)",
    "27b1a",
    "law ",
    "Law ",
    "see ",
    "cf. ",
    "L",
    "חוק ",
    "ר' ",
    "ראו ",
    "סעיף ",
    "Νόμος ",
    "βλ. ",
    "ν.",
    "27",
    "9",
    "93",
    "94",
    "0",
    "00",
    "711",
    "4294967296",
    "99999999999999999999",
    "B",
    "b",
    "Z",
    "ב",
    "ב'",
    "ב׳",
    "Β",
    "ΣΤ",
    "στ",
    "(",
    ")",
    ")א(",
    "(ii)",
    "ii",
    "ια",
    "def/",
    "fn/",
    "preface",
    "introduction",
    ".",
    "-",
    " ",
    "  ",
    "\t",
    "\n",
    "\r",
    "\0",
    "\u{1b}",
    "\u{7f}",
    "\u{200f}",
    "\u{202e}",
    "\u{feff}",
    "\u{5b8}",
    "\u{591}",
    "\u{5bc}",
    "\u{5be}",
    "\u{5f3}",
    "\u{5f4}",
    "\"",
    "'",
    "`",
    "מס'",
    "ע\"י",
    "וכו'",
    "צה\"ל",
    "ς",
    "Ά",
    "ΐ",
    "İ",
    "ß",
    "ﬁ",
    "\u{301}",
    "😀",
    "AND",
    "OR",
    "NOT",
    "*",
    "?",
    "~",
    "^",
    ":",
    "+",
    "-",
    // Citations as people type them, among words too.
    "no. ",
    "number ",
    "מספר ",
    "άρθρο ",
    "αρ. ",
    "section ",
    "παρ. ",
    "ס' ",
    "Nomos ",
    "N",
    "/",
    ",",
    "(b)",
    "(1)",
    "\u{384}",
    "\u{374}",
    " what does ",
    " για ",
    "dummy",
    "דמי",
    "αποκάλυψη",
    "revoke",
    "claim",
];

fn generate(rng: &mut Rng) -> String {
    let queries = queries();
    match rng.below(10) {
        0 | 1 => any_text(rng, 40),
        2 | 3 => from_pieces(rng, PIECES, 12),
        4 => any_text(rng, 3_000),
        _ => {
            let query = &queries[rng.below(queries.len())];
            let others = [queries[rng.below(queries.len())].as_str(), rng.pick(PIECES)];
            mutate(rng, query, &others)
        }
    }
}

/// Every piece of the reading: inside the query, the same twice, consistent.
fn check(query: &str) {
    let reading = refs::reading(query);
    assert_eq!(refs::reading(query), reading, "a second reading differs");
    match &reading {
        Reading::Id(id) => {
            assert!(
                LawPath::parse(id).is_some_and(|p| p.to_string() == *id) || kind_of(id).is_some(),
                "`{query}` read as `{id}`, which is no canonical id"
            );
            assert_eq!(refs::parse(query).as_ref(), Ok(id));
        }
        Reading::NoSuchLaw(law) => assert!(*law > 93, "`{query}`: Law {law} exists"),
        Reading::Words => assert!(refs::parse(query).is_err()),
    }
    // The citations among its words: canonical ids, or laws beyond the Laws, each once.
    let cited = refs::cited_among_words(query);
    assert_eq!(
        refs::cited_among_words(query),
        cited,
        "a second reading differs"
    );
    for (n, reading) in cited.iter().enumerate() {
        match reading {
            Reading::Id(id) => assert!(
                LawPath::parse(id).is_some_and(|p| p.to_string() == *id),
                "`{query}` cites `{id}`, which is no canonical id"
            ),
            Reading::NoSuchLaw(law) => assert!(*law > 93, "`{query}`: Law {law} exists"),
            Reading::Words => panic!("`{query}`: words among the citations"),
        }
        assert!(
            !cited[..n].contains(reading),
            "`{query}`: {reading:?} twice"
        );
    }
    let words: Vec<(usize, &str)> = analyze::words(query).collect();
    for &(at, word) in &words {
        assert_eq!(query.get(at..at + word.len()), Some(word), "word at {at}");
        assert!(word.chars().any(char::is_alphanumeric));
        let folded = analyze::fold_word(word);
        assert_eq!(analyze::fold_word(word), folded);
        let _ = Lang::of_word(word);
        let _ = analyze::expand_abbreviation(word);
        assert!(analyze::unprefixed(&folded).all(|stem| folded.ends_with(stem)));
    }
    assert_eq!(analyze::words(query).collect::<Vec<_>>(), words);
    for lang in Lang::ALL {
        for exact in [false, true] {
            let terms = analyze::words_with_terms(lang, exact, query);
            for (range, _) in &terms {
                assert!(
                    range.start <= range.end
                        && range.end <= query.len()
                        && query.is_char_boundary(range.start)
                        && query.is_char_boundary(range.end),
                    "{lang:?} {exact}: term range {range:?} outside the query"
                );
            }
            assert_eq!(analyze::words_with_terms(lang, exact, query), terms);
        }
    }
}

#[test]
fn every_generated_query_is_read_without_a_panic() {
    run("query", 500, generate, check);
}

#[test]
fn every_generated_query_is_searched_without_a_panic() {
    // The whole search, on the real index: a result, or a usage error said in words.
    let index = search_index();
    run_inputs(
        "query-search",
        super::cases(2_000) / 100,
        |i| generate(&mut Rng::new(i ^ 0x5EA2C4)),
        move |query| match search::search(index, &Request::new(query)) {
            Ok(outcome) => assert!(outcome.results.len() <= 10),
            Err(Error::Usage(message)) => assert!(!message.is_empty()),
            Err(other) => panic!("`{query}`: {other}"),
        },
    );
}

#[test]
fn a_reference_as_people_write_it_reads_as_its_id() {
    run_inputs(
        "query-reference",
        super::cases(2_000),
        |i| {
            let mut rng = Rng::new(i);
            let mut path = scan::path(&mut rng);
            // Hebrew ו before a number of two digits is "and" (`חוק 16 ו73`): no section has
            // ten paragraphs, so section F (ו) is written with one of the paragraphs it can have.
            if path.section == Some('F')
                && let Some(paragraph) = path.paragraph.filter(|p| *p > 9)
            {
                path.paragraph = Some(paragraph % 9 + 1);
            }
            let (word, code) = scan::printed(path, rng.below(3));
            let see = *rng.pick(&[&"", &"see ", &"βλ. ", &"ר' ", &"ראו "]);
            let word = if rng.one_in(3) { "" } else { word };
            format!("{path}\n{see}{word} {code}\n{}", !word.is_empty())
        },
        |case| {
            let [id, query, law_word] = case.split('\n').collect::<Vec<_>>()[..] else {
                return;
            };
            assert_eq!(
                refs::reading(query),
                Reading::Id(id.to_string()),
                "`{query}`"
            );
            assert_eq!(
                refs::reading(&query.to_lowercase()),
                Reading::Id(id.to_string()),
                "`{query}` in lower case"
            );
            // Pasted from the Hebrew extraction, brackets mirrored (any script reads so).
            if query.contains('(') {
                let mirrored: String = query
                    .chars()
                    .map(|c| match c {
                        '(' => ')',
                        ')' => '(',
                        c => c,
                    })
                    .collect();
                assert_eq!(
                    refs::reading(&mirrored),
                    Reading::Id(id.to_string()),
                    "`{mirrored}`"
                );
            }
            // Among words, after a law word, the same node.
            if law_word == "true" {
                let asked = format!("what does {} say", query.trim());
                assert_eq!(
                    refs::cited_among_words(&asked),
                    [Reading::Id(id.to_string())],
                    "`{asked}`"
                );
            }
        },
    );
}

#[test]
fn long_queries_do_not_blow_up() {
    let queries = queries().join(" ");
    run_sizes(
        "query-long",
        3,
        move |variant, size| match variant {
            0 => grown(&queries, size),
            1 => grown("see ", size),
            _ => grown("27B1(a)(", size),
        },
        check,
    );
}
