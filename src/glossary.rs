//! The glossary: the concepts of the Laws, each named in every language, found from any of
//! their terms or variants as a user types them.
//!
//! Matching folds case, accents, niqqud and final sigma (as the citation lexicon does), reads
//! hyphens, the maqaf and slashes as spaces, and, for Hebrew, also tries the query without the
//! one-letter prefixes (`ה`, `ו`, `ב`, `ל`, `מ`, `ש`, `כ`) glued to its first word.

use crate::corpus::model::{Concept, GlossaryFile};
use crate::text::{fold, hebrew_stems};

/// How a query matched a concept, best first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Closeness {
    /// The query is one of the concept's terms or variants.
    Exact,
    /// The query is a term with Hebrew prefixes glued to it (`והדאבל`).
    Prefixed,
    /// The query is a run of whole words of a term (`penalty` in `major penalty card`).
    Partial,
}

/// A concept that a query found, and the form it matched.
#[derive(Debug)]
pub struct Found<'g> {
    /// The concept found.
    pub concept: &'g Concept,
    /// The language of the form matched (`he`).
    pub language: &'g str,
    /// The term or variant matched, as the glossary writes it (`דאבל`).
    pub form: &'g str,
    /// How closely the query matched it.
    pub closeness: Closeness,
}

/// A term folded for comparison: words folded, joined by single spaces.
pub fn fold_term(term: &str) -> String {
    words(term).join(" ")
}

fn words(term: &str) -> Vec<String> {
    term.split(|c: char| c.is_whitespace() || matches!(c, '-' | '\u{5be}' | '/' | '–'))
        .map(|w| {
            let w = w.trim_matches(|c: char| matches!(c, ',' | '.' | ';' | ':' | '"' | '«' | '»'));
            fold(
                &w.replace(['\u{5f3}', '’', '`'], "'")
                    .replace('\u{5f4}', "\""),
            )
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// The query without the Hebrew one-letter prefixes of its first word: at most three letters
/// (`ושב…`), keeping at least two, most prefixes first stripped last.
fn unprefixed(query: &[String]) -> Vec<Vec<String>> {
    let Some(first) = query.first() else {
        return Vec::new();
    };
    hebrew_stems(first)
        .take_while(|stem| stem.chars().count() >= 2)
        .map(|stem| {
            let mut words = query.to_vec();
            words[0] = stem.to_string();
            words
        })
        .collect()
}

fn contains_run(haystack: &[String], needle: &[String]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// The concepts `query` names, in glossary order: those it matches best, one match each.
pub fn lookup<'g>(glossary: &'g GlossaryFile, query: &str) -> Vec<Found<'g>> {
    let query = words(query);
    let stripped = unprefixed(&query);
    let mut found: Vec<Found<'g>> = Vec::new();
    for concept in &glossary.concepts {
        let mut best: Option<Found<'g>> = None;
        for (language, terms) in &concept.terms {
            for form in terms.forms() {
                let folded = words(form);
                let closeness = if folded == query {
                    Closeness::Exact
                } else if stripped.contains(&folded) {
                    Closeness::Prefixed
                } else if contains_run(&folded, &query)
                    || stripped.iter().any(|s| contains_run(&folded, s))
                {
                    Closeness::Partial
                } else {
                    continue;
                };
                if best.as_ref().is_none_or(|b| closeness < b.closeness) {
                    best = Some(Found {
                        concept,
                        language,
                        form,
                        closeness,
                    });
                }
            }
        }
        found.extend(best);
    }
    if let Some(top) = found.iter().map(|f| f.closeness).min() {
        found.retain(|f| f.closeness == top);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::model::{Located, Terms};

    fn concept(id: &str, terms: &[(&str, &str, &[&str])]) -> Concept {
        Concept {
            id: Located::new(id),
            definitions: Vec::new(),
            laws: vec![Located::new("19")],
            terms: terms
                .iter()
                .map(|(lang, term, variants)| {
                    let terms = Terms {
                        term: term.to_string(),
                        variants: variants.iter().map(|v| v.to_string()).collect(),
                    };
                    (lang.to_string(), terms)
                })
                .collect(),
            note: None,
        }
    }

    fn glossary() -> GlossaryFile {
        GlossaryFile {
            concepts: vec![
                concept(
                    "double",
                    &[
                        ("en", "double", &["doubles"]),
                        ("he", "דאבל", &["כפל"]),
                        ("el", "κοντρ", &["κόντρα"]),
                    ],
                ),
                concept(
                    "redouble",
                    &[
                        ("en", "redouble", &[]),
                        ("he", "רי-דאבל", &["כפל כפליים"]),
                        ("el", "σιρκόντρ", &[]),
                    ],
                ),
                concept(
                    "penalty-card",
                    &[
                        ("en", "penalty card", &["penalty cards"]),
                        ("he", "קלף עונשין", &[]),
                        ("el", "τιμωρημένο φύλλο", &["τιμωρημένα φύλλα"]),
                    ],
                ),
                concept(
                    "major-penalty-card",
                    &[
                        ("en", "major penalty card", &[]),
                        ("he", "קלף עונשין עיקרי", &[]),
                        ("el", "σημαντικό τιμωρημένο φύλλο", &[]),
                    ],
                ),
            ],
        }
    }

    fn ids(found: &[Found<'_>]) -> Vec<String> {
        found.iter().map(|f| f.concept.id.to_string()).collect()
    }

    #[test]
    fn any_language_or_variant_finds_the_concept() {
        let g = glossary();
        for query in ["double", "Doubles", "דאבל", "כפל", "ΚΟΝΤΡ", "κοντρα"] {
            let found = lookup(&g, query);
            assert_eq!(ids(&found), ["double"], "{query}");
            assert_eq!(found[0].closeness, Closeness::Exact, "{query}");
        }
        // The maqaf, a hyphen and spaces are one separator; niqqud is ignored.
        assert_eq!(ids(&lookup(&g, "רי־דאבל")), ["redouble"]);
        assert_eq!(ids(&lookup(&g, "כֶּפֶל  כפליים")), ["redouble"]);
        assert_eq!(ids(&lookup(&g, "Τιμωρημένα Φύλλα")), ["penalty-card"]);
    }

    #[test]
    fn hebrew_prefixes_are_stripped_only_when_nothing_matches_as_typed() {
        let g = glossary();
        let found = lookup(&g, "והדאבל");
        assert_eq!(ids(&found), ["double"]);
        assert_eq!(found[0].closeness, Closeness::Prefixed);
        // `כפל` itself begins with a prefix letter: the exact form wins.
        assert_eq!(lookup(&g, "כפל")[0].closeness, Closeness::Exact);
        // Two letters are never stripped down to nothing.
        assert!(lookup(&g, "של").is_empty());
    }

    #[test]
    fn a_word_of_a_term_lists_every_concept_using_it() {
        let g = glossary();
        let found = lookup(&g, "penalty");
        assert_eq!(ids(&found), ["penalty-card", "major-penalty-card"]);
        assert!(found.iter().all(|f| f.closeness == Closeness::Partial));
        // An exact match hides the partial ones.
        assert_eq!(ids(&lookup(&g, "penalty card")), ["penalty-card"]);
        // Words, not letters: `pen` is nothing.
        assert!(lookup(&g, "pen").is_empty());
        assert!(lookup(&g, "   ").is_empty());
    }
}
