//! Units: what a director opens and results are ranked by (a law, or a definition), and the
//! profile of each, everything said of it in every language, indexed as a document of its own.

use std::collections::BTreeMap;

use super::analyze::Lang;
use super::documents::{Ancestors, Doc, DocKind};

/// `docs` with their units set and the profiles of the units added: what the index holds.
pub fn with_profiles(mut docs: Vec<Doc>) -> Vec<Doc> {
    docs.retain(|d| d.kind != DocKind::Profile);
    let units = Units::of_docs(&docs);
    for doc in &mut docs {
        doc.unit = doc.targets.first().map_or(0, |t| units.of(t));
    }
    let profiles = profiles(&docs, &units);
    docs.extend(profiles);
    docs
}

/// What a director opens, and results are ranked by: a law (numbered as it is, 1–93), or a
/// definition (numbered from 1001 in the order of their ids). 0 is none.
pub struct Units(BTreeMap<String, u64>);

impl Units {
    fn of_docs(docs: &[Doc]) -> Self {
        let definitions: std::collections::BTreeSet<&str> = docs
            .iter()
            .filter(|d| d.kind == DocKind::Definition)
            .map(|d| d.id.as_str())
            .collect();
        Units(
            definitions
                .into_iter()
                .zip(1001..)
                .map(|(id, n)| (id.to_string(), n))
                .collect(),
        )
    }

    /// The unit a node id lies in (`27B1(a)` → 27, `def/dummy` → its number).
    pub fn of(&self, id: &str) -> u64 {
        let digits: String = id.chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<u64>() {
            Ok(law) => law,
            Err(_) => self.0.get(id).copied().unwrap_or(0),
        }
    }
}

/// One profile per unit (a law, a definition), gathered from the documents about it: the
/// texts of its nodes, footnotes and regulations in every language (the English edition's
/// summaries among them), and the names of the situations, concepts and index terms that point
/// into it.
fn profiles(docs: &[Doc], units: &Units) -> Vec<Doc> {
    let mut by_unit: BTreeMap<u64, (String, BTreeMap<Lang, Vec<&str>>)> = BTreeMap::new();
    for doc in docs.iter().filter(|d| d.kind != DocKind::Commentary) {
        let names = if doc.kind.is_pointer() {
            &doc.forms
        } else {
            &doc.texts
        };
        let mut seen = Vec::new();
        for target in &doc.targets {
            let unit = units.of(target);
            if unit == 0 || seen.contains(&unit) {
                continue;
            }
            seen.push(unit);
            // A law's profile is named by the law, a definition's by the definition.
            let id = if unit > 1000 {
                target.clone()
            } else {
                unit.to_string()
            };
            let (_, texts) = by_unit.entry(unit).or_insert_with(|| (id, BTreeMap::new()));
            for (lang, text) in names {
                texts.entry(*lang).or_default().push(text);
            }
        }
    }
    by_unit
        .into_iter()
        .map(|(unit, (id, texts))| {
            // A law or a definition has nothing above it: it is all its profile lies within.
            let mut doc = Doc::new(
                format!("profile/{id}"),
                DocKind::Profile,
                "profiles",
                None,
                vec![id],
                &Ancestors(BTreeMap::new()),
            );
            doc.unit = unit;
            doc.profile = texts
                .into_iter()
                .map(|(lang, texts)| (lang, texts.join("\n")))
                .collect();
            doc
        })
        .collect()
}
