//! Glossary concepts as text and JSON.

use serde_json::{Value, json};

use super::{TextStyle, wrap_labelled};
use crate::corpus::Edition;
use crate::corpus::model::Concept;

/// A concept: its terms in every language, the definitions it is, and the nodes where it is
/// central with their headings in `headings`.
pub fn text(concept: &Concept, headings: Option<&Edition>, style: &TextStyle) -> String {
    let title = concept
        .terms
        .get("en")
        .map_or(concept.id.as_str(), |t| t.term.as_str());
    let mut out = format!("{title}  [{}]\n", concept.id);
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

/// One line per concept: its id and its term in every language.
pub fn list_line(concept: &Concept) -> String {
    let terms: Vec<&str> = concept.terms.values().map(|t| t.term.as_str()).collect();
    format!("{}  {}\n", concept.id, terms.join(" · "))
}

pub fn json(concept: &Concept, headings: Option<&Edition>) -> Value {
    let laws: Vec<Value> = concept
        .laws
        .iter()
        .map(|law| {
            json!({
                "id": law.as_str(),
                "heading": headings.map(|e| e.heading_path(law)),
            })
        })
        .collect();
    json!({
        "id": concept.id.as_str(),
        "terms": concept.terms,
        "definitions": concept.definitions,
        "laws": laws,
        "note": concept.note,
    })
}
