//! National regulations: what each federation decided where the Laws leave the choice to the
//! Regulating Authority, node by node, and several countries compared side by side.
//!
//! A country is a file, `regulations/<country>.yaml`; nothing here knows which countries
//! there are. Comparing one country is listing it.

use std::collections::BTreeMap;

use crate::align::{BadScope, Scope};
use crate::corpus::model::Regulation;
use crate::corpus::reference::Reference;
use crate::corpus::{Corpus, Edition, Regulations};
use crate::error::Error;
use crate::refs;

/// The countries named on a command line, in that order, or what is wrong with the names.
pub fn countries<'c>(
    corpus: &'c Corpus,
    codes: &[String],
) -> Result<Vec<&'c Regulations>, BadCountry> {
    let mut found: Vec<&Regulations> = Vec::new();
    for code in codes {
        let code = code.to_lowercase();
        let country = corpus.country(&code).ok_or_else(|| BadCountry::Unknown {
            code: code.clone(),
            known: corpus
                .regulations
                .iter()
                .map(|r| r.data.country.to_string())
                .collect(),
        })?;
        if found.iter().any(|c| std::ptr::eq(*c, country)) {
            return Err(BadCountry::Twice(code));
        }
        found.push(country);
    }
    Ok(found)
}

/// What is wrong with the countries named. `Display` says it in English, as the terminal and
/// the API do; a page says it in its reader's language from the same variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadCountry {
    /// No regulations for the code.
    Unknown {
        /// The code, lower-cased.
        code: String,
        /// The codes of the countries there are.
        known: Vec<String>,
    },
    /// A country named twice.
    Twice(String),
}

impl std::fmt::Display for BadCountry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadCountry::Unknown { code, known } => write!(
                f,
                "no regulations for `{code}` in the corpus; countries: {} (a country is a file regulations/<code>.yaml)",
                known.join(", ")
            ),
            BadCountry::Twice(code) => write!(f, "`{code}` is named twice"),
        }
    }
}

/// Whether a regulation concerns `scope`: for a node, it is attached to it or to a node under
/// it, or printed in it (a footnote); for a range of laws, it is attached within one of them
/// (as `order` places its node).
pub fn concerns(regulation: &Regulation, scope: &Scope, order: &Edition) -> bool {
    match scope {
        Scope::Node(id) => {
            refs::within(&regulation.attached_to, id) || regulation.footnote.as_deref() == Some(id)
        }
        _ => order
            .get(&regulation.attached_to)
            .is_some_and(|entry| scope.contains(entry, order)),
    }
}

/// One node that some of the countries regulate, with each country's regulations on it, in
/// the order the countries were given (empty where a country does not regulate it).
#[derive(Debug)]
pub struct Row<'c> {
    /// The node's canonical id (`40B1(b)`).
    pub node: &'c str,
    /// Each country's regulations on the node, in the order of the countries.
    pub by_country: Vec<Vec<&'c Regulation>>,
}

impl Row<'_> {
    /// The codes of the countries that regulate the node.
    pub fn regulated_by<'a>(&self, countries: &[&'a Regulations]) -> Vec<&'a str> {
        countries
            .iter()
            .zip(&self.by_country)
            .filter(|(_, regulations)| !regulations.is_empty())
            .map(|(c, _)| c.data.country.as_str())
            .collect()
    }
}

/// The node or range of laws a filter (`--law 40B1`, `--law 40-42`, `?law=40B1`) names, read
/// as `compare` reads its scope, or what is wrong with it, each message opening with `option`
/// as the user wrote it: a filter that names nothing is refused, never ignored (which would
/// show every regulation as if it were the answer).
pub fn scope(corpus: &Corpus, option: &str, input: &str) -> Result<Option<Scope>, Error> {
    filter(corpus, input).map_err(|bad| match bad {
        BadScope::NoSuchNode(id) => {
            Error::NotFound(format!("{option} {id}: no such node in any edition"))
        }
        bad => match Error::from(bad) {
            Error::Usage(why) => Error::Usage(format!("{option}: {why}")),
            Error::NotFound(why) => Error::NotFound(format!("{option}: {why}")),
            other => other,
        },
    })
}

/// `scope`, with what is wrong typed, for a page to say in its reader's language.
pub fn filter(corpus: &Corpus, input: &str) -> Result<Option<Scope>, BadScope> {
    match Scope::read(input, corpus)? {
        Scope::Node(id) if !corpus.holds(&id) => Err(BadScope::NoSuchNode(id)),
        // `all` narrows nothing.
        Scope::All => Ok(None),
        scope => Ok(Some(scope)),
    }
}

/// Every node any of `countries` regulates, within `scope` when given, in the document order
/// of `order`.
pub fn compare<'c>(
    countries: &[&'c Regulations],
    order: &Edition,
    scope: Option<&Scope>,
) -> Vec<Row<'c>> {
    let mut rows: BTreeMap<(usize, &str), Vec<Vec<&Regulation>>> = BTreeMap::new();
    for (n, country) in countries.iter().enumerate() {
        for regulation in &country.data.regulations {
            if scope.is_some_and(|scope| !concerns(regulation, scope, order)) {
                continue;
            }
            let node = regulation.attached_to.as_str();
            let position = order.index_of(node).unwrap_or(usize::MAX);
            rows.entry((position, node))
                .or_insert_with(|| vec![Vec::new(); countries.len()])[n]
                .push(regulation);
        }
    }
    rows.into_iter()
        .map(|((_, node), by_country)| Row { node, by_country })
        .collect()
}

/// The citations in a regulation's text, read in the node it is attached to.
pub fn citations(
    corpus: &Corpus,
    country: &Regulations,
    regulation: &Regulation,
) -> Vec<Reference> {
    corpus.edition_of(country).map_or_else(Vec::new, |edition| {
        refs::read(
            edition,
            Some(regulation.attached_to.as_str()),
            &regulation.text,
        )
    })
}

/// The citations in a regulation's English rendering, read in the node it is attached to, in
/// the English edition (or the one it is printed in: every edition has the same ids).
pub fn rendering_citations(
    corpus: &Corpus,
    country: &Regulations,
    regulation: &Regulation,
) -> Vec<Reference> {
    let edition = corpus.english().or_else(|| corpus.edition_of(country));
    match (edition, &regulation.english) {
        (Some(edition), Some(english)) => refs::read(
            edition,
            Some(regulation.attached_to.as_str()),
            &english.text,
        ),
        _ => Vec::new(),
    }
}

/// The distinct nodes a regulation's text cites that resolve, in printed order.
pub fn cited(corpus: &Corpus, country: &Regulations, regulation: &Regulation) -> Vec<String> {
    resolved_targets(&citations(corpus, country, regulation))
}

/// The distinct targets of `references` that resolve, in printed order.
pub fn resolved_targets(references: &[Reference]) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for reference in references {
        if let Ok(target) = &reference.target
            && !found.contains(target)
        {
            found.push(target.clone());
        }
    }
    found
}

/// The edition whose headings name the nodes of a comparison unless one is asked for: the
/// English one, which users share; else the edition the first country's regulations are
/// printed in.
pub fn headings_edition<'c>(corpus: &'c Corpus, countries: &[&Regulations]) -> Option<&'c Edition> {
    corpus
        .english()
        .or_else(|| countries.first().and_then(|c| corpus.edition_of(c)))
}
