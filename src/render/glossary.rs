//! Glossary concepts as text and JSON.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::style::{Style, wrap_labelled};
use crate::corpus::Edition;
use crate::corpus::model::{Concept, Terms};
use crate::glossary::{Closeness, Found};
use crate::text::plural;

/// A concept: its terms in every language, the definitions it is, and the nodes where it is
/// central with their headings in `headings`.
pub fn text(concept: &Concept, headings: Option<&Edition>, style: &Style) -> String {
    let title = concept
        .terms
        .get("en")
        .map_or(concept.id.as_str(), |t| t.term.as_str());
    let mut out = format!("{}  [{}]\n", style.bold(title), concept.id);
    let label_width = concept.terms.keys().map(String::len).max().unwrap_or(2);
    // English first: the language most users share.
    let (english, others): (Vec<_>, Vec<_>) = concept
        .terms
        .iter()
        .partition(|(language, _)| *language == "en");
    for (language, terms) in english.into_iter().chain(others) {
        let mut line = terms.term.clone();
        if !terms.variants.is_empty() {
            line.push_str(&format!("  (also: {})", terms.variants.join(", ")));
        }
        wrap_labelled(
            &mut out,
            2,
            &format!("{language:label_width$}"),
            &line,
            style,
        );
    }
    if !concept.definitions.is_empty() {
        let ids: Vec<&str> = concept.definitions.iter().map(|d| d.as_str()).collect();
        wrap_labelled(&mut out, 2, "defined in", &ids.join(", "), style);
    }
    out.push_str("  laws\n");
    let id_width = concept.laws.iter().map(|l| l.len()).max().unwrap_or(0);
    for law in &concept.laws {
        let heading = headings.map(|e| e.heading_path(law)).unwrap_or_default();
        wrap_labelled(
            &mut out,
            4,
            &format!("{:id_width$}", law.as_str()),
            &heading,
            style,
        );
    }
    if let Some(note) = &concept.note {
        wrap_labelled(&mut out, 2, "note", note, style);
    }
    out
}

/// What a term found: how it was read, then each concept.
pub fn found_text(
    term: &str,
    found: &[Found<'_>],
    headings: Option<&Edition>,
    style: &Style,
) -> String {
    let mut out = match found.first().map(|f| f.closeness) {
        Some(Closeness::Prefixed) => format!(
            "`{term}` read as `{}`, with its prefixes taken off\n\n",
            found[0].form
        ),
        Some(Closeness::Partial) => {
            format!(
                "`{term}` is part of {}:\n\n",
                plural(found.len(), "concept")
            )
        }
        Some(Closeness::Exact) | None => String::new(),
    };
    let blocks: Vec<String> = found
        .iter()
        .map(|f| text(f.concept, headings, style))
        .collect();
    out.push_str(&blocks.join("\n"));
    out
}

/// One line per concept: its id and its term in every language.
pub fn list_line(concept: &Concept) -> String {
    let terms: Vec<&str> = concept.terms.values().map(|t| t.term.as_str()).collect();
    format!("{}  {}\n", concept.id, terms.join(" · "))
}

/// A node where a concept is central.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ConceptLaw {
    /// The node's canonical id (`19A`).
    pub id: String,
    /// Its titles in the English edition (else the first), joined by ` › `.
    pub heading: Option<String>,
}

/// The form of a concept a query matched.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Matched {
    /// The language of the form (`he`).
    pub language: String,
    /// The term or variant, as the glossary writes it (`דאבל`).
    pub form: String,
}

/// A concept in every language.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ConceptJson {
    /// The concept's id: the slug of its English term (`double`).
    pub id: String,
    /// Its terms by language (`en`, `he`, `el`).
    pub terms: BTreeMap<String, Terms>,
    /// The definitions (`def/…`) that define it.
    pub definitions: Vec<String>,
    /// The nodes where it is central.
    pub laws: Vec<ConceptLaw>,
    /// What tells it from a homonym.
    pub note: Option<String>,
    /// The form the query matched (absent in the list of every concept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matched: Option<Matched>,
}

impl ConceptJson {
    /// `concept`, its laws named by their headings in `headings`.
    pub fn of(concept: &Concept, headings: Option<&Edition>) -> Self {
        ConceptJson {
            id: concept.id.to_string(),
            terms: concept.terms.clone(),
            definitions: concept.definitions.iter().map(|d| d.to_string()).collect(),
            laws: concept
                .laws
                .iter()
                .map(|law| ConceptLaw {
                    id: law.to_string(),
                    heading: headings.map(|e| e.heading_path(law)),
                })
                .collect(),
            note: concept.note.clone(),
            matched: None,
        }
    }
}

/// `glossary --format json`: the concepts a term names (with how it matched them), or every
/// concept when no term is given.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GlossaryJson {
    /// The term looked up; none for the list.
    pub query: Option<String>,
    /// How the term matched: the best closeness of the concepts found.
    pub closeness: Option<Closeness>,
    /// The concepts found, in glossary order; every concept for the list.
    pub concepts: Vec<ConceptJson>,
}

impl GlossaryJson {
    /// What `query` found.
    pub fn found(query: &str, found: &[Found<'_>], headings: Option<&Edition>) -> Self {
        GlossaryJson {
            query: Some(query.to_string()),
            closeness: found.first().map(|f| f.closeness),
            concepts: found
                .iter()
                .map(|f| ConceptJson {
                    matched: Some(Matched {
                        language: f.language.to_string(),
                        form: f.form.to_string(),
                    }),
                    ..ConceptJson::of(f.concept, headings)
                })
                .collect(),
        }
    }

    /// Every concept.
    pub fn all(concepts: &[Concept], headings: Option<&Edition>) -> Self {
        GlossaryJson {
            query: None,
            closeness: None,
            concepts: concepts
                .iter()
                .map(|c| ConceptJson::of(c, headings))
                .collect(),
        }
    }
}
