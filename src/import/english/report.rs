//! What `import --profile en` tells the user about their copy: the encoding read, the laws and
//! definitions found, how many of the nodes that have text in the Greek edition got English
//! text, the ligatures repaired and those left undecided, and every node left without text,
//! with the reason.

use std::collections::{BTreeMap, BTreeSet};

use super::ligature;
use crate::corpus::id::LawPath;
use crate::corpus::model::Node;
use crate::import::Imported;
use crate::import::fill::Existing;

/// The share of the Greek edition's texts an English copy is expected to fill.
pub const TARGET: f64 = 0.95;

/// What the reader made of the copy, before its texts fill the edition.
pub struct Read {
    /// The laws found, by number.
    laws: BTreeSet<String>,
    /// Every node read, and whether it had text.
    nodes: BTreeMap<String, bool>,
}

impl Read {
    /// Taken from the import before it fills the edition.
    pub fn of(imported: &Imported) -> Self {
        let mut nodes = BTreeMap::new();
        for node in imported.front.iter().chain(&imported.laws) {
            walk(node, &mut |n| {
                nodes.insert(n.id.value.clone(), has_text(n));
            });
        }
        for definition in &imported.definitions.definitions {
            nodes.insert(definition.id.value.clone(), definition.text.is_some());
        }
        Read {
            laws: imported.laws.iter().map(|l| l.id.value.clone()).collect(),
            nodes,
        }
    }
}

fn has_text(node: &Node) -> bool {
    node.text.is_some() || node.text_after.is_some()
}

fn walk(node: &Node, visit: &mut dyn FnMut(&Node)) {
    visit(node);
    for child in &node.children {
        walk(child, visit);
    }
}

/// Ids that have text in an edition: its nodes and definitions.
fn texts_of(
    front: &[Node],
    laws: &[Node],
    definitions: &[crate::corpus::model::Definition],
) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for node in front.iter().chain(laws) {
        walk(node, &mut |n| {
            if has_text(n) {
                ids.insert(n.id.value.clone());
            }
        });
    }
    ids.extend(
        definitions
            .iter()
            .filter(|d| d.text.is_some())
            .map(|d| d.id.value.clone()),
    );
    ids
}

/// The report, one finding a line, each list in full.
pub fn report(
    encoding: &str,
    ligatures: &ligature::Report,
    read: &Read,
    filled: &Imported,
    greek: Option<&Existing>,
) -> String {
    let mut out = String::new();
    out.push_str(&format!("  encoding: {encoding}\n"));
    let expected = crate::corpus::id::LAW_COUNT as usize;
    let missing_laws: Vec<String> = (1..=crate::corpus::id::LAW_COUNT)
        .map(|n| n.to_string())
        .filter(|n| !read.laws.contains(n))
        .collect();
    out.push_str(&format!(
        "  laws found: {} of {expected}{}\n",
        expected - missing_laws.len(),
        list(" (missing: ", &missing_laws, ")")
    ));
    let definitions = &filled.definitions.definitions;
    let with_text: Vec<&str> = definitions
        .iter()
        .filter(|d| d.text.is_some())
        .map(|d| d.id.as_str())
        .collect();
    let without: Vec<String> = definitions
        .iter()
        .filter(|d| d.text.is_none())
        .map(|d| d.id.value.clone())
        .collect();
    out.push_str(&format!(
        "  definitions found: {} of {}{}\n",
        with_text.len(),
        definitions.len(),
        list(" (missing: ", &without, ")")
    ));
    let english = texts_of(&filled.front, &filled.laws, definitions);
    if let Some(greek) = greek {
        let greek = texts_of(&greek.front, &greek.laws, &greek.definitions.definitions);
        let filled_count = greek.iter().filter(|id| english.contains(*id)).count();
        let share = filled_count as f64 / greek.len().max(1) as f64;
        out.push_str(&format!(
            "  nodes with text: {filled_count} of the {} that have text in el-2017 ({:.1}%; {} {:.0}%)\n",
            greek.len(),
            share * 100.0,
            if share >= TARGET { "at least" } else { "BELOW the expected" },
            TARGET * 100.0
        ));
        let empty: Vec<String> = greek
            .iter()
            .filter(|id| !english.contains(*id))
            .map(|id| format!("{id}: {}", why_empty(id, read)))
            .collect();
        out.push_str(&format!("  nodes left without text: {}\n", empty.len()));
        for line in &empty {
            out.push_str(&format!("    {line}\n"));
        }
        let extra: Vec<String> = english
            .iter()
            .filter(|id| !greek.contains(*id))
            .cloned()
            .collect();
        out.push_str(&format!(
            "  texts the Greek edition does not have: {}{}\n",
            extra.len(),
            list(" (", &extra, ")")
        ));
    }
    let mut repaired: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in &ligatures.repaired {
        *repaired.entry((&r.broken, &r.fixed)).or_default() += 1;
    }
    out.push_str(&format!(
        "  ligatures repaired: {} ({} forms)\n",
        ligatures.repaired.len(),
        repaired.len()
    ));
    for ((broken, fixed), n) in &repaired {
        out.push_str(&format!("    {broken} → {fixed} ×{n}\n"));
    }
    out.push_str(&format!(
        "  ligatures undecided, left as printed: {}\n",
        ligatures.undecided.len()
    ));
    for u in &ligatures.undecided {
        let readings = if u.readings.is_empty() {
            "no reading is a known word".to_string()
        } else {
            format!("could be {}", u.readings.join(" or "))
        };
        out.push_str(&format!(
            "    line {}: {:?}: {readings}\n",
            u.line, u.broken
        ));
    }
    out
}

fn list(open: &str, items: &[String], close: &str) -> String {
    if items.is_empty() {
        String::new()
    } else {
        format!("{open}{}{close}", items.join(", "))
    }
}

/// Why `id` got no text from the copy.
fn why_empty(id: &str, read: &Read) -> String {
    match read.nodes.get(id) {
        Some(false) => "the copy prints it without text".into(),
        Some(true) => "read, but its text did not reach the edition".into(),
        None if id.starts_with("def/") => "the copy's definitions have no such term".into(),
        None => {
            let Some(path) = LawPath::parse(id) else {
                return "not found in the copy".into();
            };
            let law = path.law.to_string();
            if !read.laws.contains(&law) {
                return format!("Law {law} was not found in the copy");
            }
            let parent = path.parent().map(|p| p.to_string());
            match parent {
                Some(parent) if read.nodes.contains_key(&parent) => format!(
                    "the copy prints no {id} under {parent} (a departure from the Greek structure)"
                ),
                _ => "its parent was not found in the copy".into(),
            }
        }
    }
}
