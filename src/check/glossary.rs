//! The glossary agrees with the editions: every node it names exists, every definition of every
//! edition belongs to exactly one concept, and that concept names the definition's term as the
//! edition prints it, in the edition's language.

use std::collections::HashMap;

use super::Checker;
use crate::corpus::id::{Kind, LawPath};
use crate::corpus::layout::{GLOSSARY, SITUATIONS};
use crate::corpus::model::{Concept, Located};
use crate::error::Code;
use crate::glossary::fold_term;
use crate::refs::resolve;

pub(super) fn check(checker: &mut Checker<'_>) {
    let Some(glossary) = &checker.corpus.glossary else {
        return;
    };
    let mut ids: HashMap<&str, &Located> = HashMap::new();
    let mut linked: HashMap<&str, &Located> = HashMap::new();
    for concept in &glossary.data.concepts {
        if let Some(first) = ids.insert(concept.id.as_str(), &concept.id) {
            let span = checker.place_value(GLOSSARY, &concept.id);
            let hint = format!(
                "concept ids are unique; the first is at line {}: merge the two",
                first.pos.line
            );
            checker.error(
                Code::DuplicateId,
                GLOSSARY,
                span,
                format!("duplicate concept `{}`", concept.id),
                "defined twice",
                hint,
            );
        }
        laws(checker, concept);
        for definition in &concept.definitions {
            if let Some(first) = linked.insert(definition.as_str(), definition) {
                let span = checker.place_value(GLOSSARY, definition);
                checker.error(
                    Code::GlossaryDefinition,
                    GLOSSARY,
                    span,
                    format!("`{definition}` belongs to two concepts"),
                    "linked again here",
                    format!(
                        "a definition is one concept; it is already linked at line {}",
                        first.pos.line
                    ),
                );
            }
        }
        terms(checker, concept);
    }
    unlinked_definitions(checker, &linked);
}

/// Every law or definition the everyday descriptions of `situations.yaml` fall under exists in
/// every edition.
pub(super) fn check_situations(checker: &mut Checker<'_>) {
    let Some(situations) = &checker.corpus.situations else {
        return;
    };
    for situation in &situations.data.situations {
        let problem = if situation.law.starts_with("def/") {
            missing_definition(checker, &situation.law)
        } else {
            missing_node(checker, &situation.law)
        };
        if let Some(problem) = problem {
            let span = checker.place_value(SITUATIONS, &situation.law);
            checker.error(
                Code::SituationLaw,
                SITUATIONS,
                span,
                format!(
                    "situations are described for `{}`, which is not there",
                    situation.law
                ),
                problem,
                "name the law (or node) by its canonical id, or the definition by its `def/…` id",
            );
        }
    }
}

/// Why `id` does not name a definition that every edition has; none when it does.
fn missing_definition(checker: &Checker<'_>, id: &Located) -> Option<String> {
    checker
        .corpus
        .editions
        .iter()
        .find(|e| e.get(id).is_none_or(|d| d.kind != Kind::Definition))
        .map(|e| format!("{} has no definition `{id}`", e.id()))
}

/// Why `law` does not name a node that every edition has; none when it does.
fn missing_node(checker: &Checker<'_>, law: &Located) -> Option<String> {
    match LawPath::parse(law).filter(|p| p.to_string() == law.as_str()) {
        None => Some(format!(
            "`{law}` is not the canonical id of a law node (`27`, `27B`, `27B1(a)`, `71.1`)"
        )),
        Some(path) => checker
            .corpus
            .editions
            .iter()
            .find_map(|e| resolve::existing(e, path).err())
            .map(|unresolved| unresolved.message),
    }
}

/// Every node the concept is central to exists in every edition.
fn laws(checker: &mut Checker<'_>, concept: &Concept) {
    for law in &concept.laws {
        if let Some(problem) = missing_node(checker, law) {
            let span = checker.place_value(GLOSSARY, law);
            checker.error(
                Code::GlossaryLaw,
                GLOSSARY,
                span,
                format!("concept `{}` names a node that is not there", concept.id),
                problem,
                "name the node where the concept is central by its canonical id",
            );
        }
    }
}

/// The concept has terms in every edition's language, and the term each edition prints for a
/// definition it is linked to.
fn terms(checker: &mut Checker<'_>, concept: &Concept) {
    let corpus = checker.corpus;
    let mut languages_reported = Vec::new();
    for edition in &corpus.editions {
        let language = edition.language();
        let Some(terms) = concept.terms.get(language) else {
            if languages_reported.contains(&language) {
                continue;
            }
            languages_reported.push(language);
            let span = checker.place_value(GLOSSARY, &concept.id);
            checker.error(
                Code::GlossaryTerm,
                GLOSSARY,
                span,
                format!("concept `{}` has no `{language}` term", concept.id),
                format!("{} is in `{language}`", edition.id()),
                format!(
                    "add `terms: {language}: term: …` as {} prints it",
                    edition.id()
                ),
            );
            continue;
        };
        for definition in &concept.definitions {
            let Some(printed) = edition.get(definition).and_then(|e| e.term.as_deref()) else {
                continue;
            };
            let folded = fold_term(printed);
            if !terms.forms().any(|form| fold_term(form) == folded) {
                let span = checker.place_value(GLOSSARY, definition);
                checker.error(
                    Code::GlossaryTerm,
                    GLOSSARY,
                    span,
                    format!(
                        "{} prints `{definition}` as `{printed}`, which concept `{}` does not list",
                        edition.id(),
                        concept.id
                    ),
                    format!("not among its `{language}` terms"),
                    format!("add `{printed}` as the `{language}` term or a variant"),
                );
            }
        }
    }
}

/// Every definition an edition has belongs to a concept; every definition a concept names is
/// one.
fn unlinked_definitions(checker: &mut Checker<'_>, linked: &HashMap<&str, &Located>) {
    let corpus = checker.corpus;
    for (id, located) in linked {
        let known = corpus
            .editions
            .iter()
            .any(|e| e.get(id).is_some_and(|d| d.kind == Kind::Definition));
        if !known {
            let span = checker.place_value(GLOSSARY, located);
            checker.error(
                Code::GlossaryDefinition,
                GLOSSARY,
                span,
                format!("`{id}` is not a definition of any edition"),
                "no such definition",
                "link the concept to a `def/…` id of the editions' definitions.yaml",
            );
        }
    }
    // Reported once, in the first edition that has it.
    let mut reported = std::collections::HashSet::new();
    for edition in &corpus.editions {
        for entry in &edition.entries {
            if entry.kind == Kind::Definition
                && entry.absent.is_none()
                && !linked.contains_key(entry.id.as_str())
                && reported.insert(entry.id.as_str())
            {
                checker.error(
                    Code::GlossaryDefinition,
                    &entry.file,
                    Checker::place_id(entry),
                    format!(
                        "`{}` ({}) belongs to no glossary concept",
                        entry.id,
                        edition.id()
                    ),
                    "not in glossary.yaml",
                    format!(
                        "add its concept to glossary.yaml with `definitions: [{}]`",
                        entry.id
                    ),
                );
            }
        }
    }
}
