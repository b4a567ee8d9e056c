//! What a new import of an existing edition must not lose. The corpus is hand-corrected work:
//! after the first import the YAML is the source of truth, corrected by hand where the
//! importer cannot be made right, every correction recorded under `import.hand_fixes`, and the
//! regulations carry English renderings written by hand. A source that gives back less than
//! the edition holds is refused, and what no source can give back is carried over into the
//! new import, or the import is refused.

use super::Imported;
use super::fill::Existing;
use crate::corpus::model::{BookIndexFile, Definition, Node, RegulationsFile};

/// A source that yields fewer than this share of the edition's laws or texts is refused unless
/// forced:
/// a wrong file, an extraction cut short.
const FEWEST_TEXTS: f64 = 0.9;

/// The edition as it is, beside the new import.
pub struct Before {
    /// Its files, when it exists.
    pub edition: Option<Existing>,
    /// Its country's regulations.
    pub regulations: Option<RegulationsFile>,
    /// Its book index.
    pub book_index: Option<BookIndexFile>,
    /// Its files that did not parse (replaced by the new import's, nothing carried over).
    pub unreadable: Vec<String>,
}

/// Why the new import is refused without `--force`: it found no laws, or far fewer laws or
/// texts than the edition holds. `None` when it looks like the edition.
pub fn too_little(imported: &Imported, existing: Option<&Existing>) -> Option<String> {
    if imported.laws.is_empty() {
        return Some(
            "the source gave no laws: is it the plain-text extraction of this edition's book?"
                .into(),
        );
    }
    let existing = existing?;
    let (new, old) = (imported.laws.len(), existing.laws.len());
    if (new as f64) < FEWEST_TEXTS * old as f64 {
        return Some(format!(
            "the source gave {new} laws where the edition holds {old}: is it the whole book?"
        ));
    }
    let (new, old) = (texts_of_import(imported), texts_of_existing(existing));
    ((new as f64) < FEWEST_TEXTS * old as f64).then(|| {
        format!("the source gave {new} texts where the edition holds {old}: is it the whole book?")
    })
}

/// Carry into `imported` what the source cannot give back: every node, definition,
/// regulation and book index corrected by hand (with the record of the corrections), and the
/// regulations' English renderings. Returns what was carried over, or what would be lost.
pub fn carry_over(imported: &mut Imported, before: &Before) -> Result<Vec<String>, Vec<String>> {
    let mut lost = Vec::new();
    let mut kept = Vec::new();
    let record = before
        .edition
        .as_ref()
        .and_then(|e| e.edition.import.clone())
        .unwrap_or_default();
    for fix in &record.hand_fixes {
        let id = fix.id.as_str();
        let carried = match id {
            "book-index" => match &before.book_index {
                Some(index) => {
                    imported.book_index = Some(index.clone());
                    true
                }
                None => false,
            },
            // The regulations are kept whole, below.
            _ if id.starts_with("reg/") => before.regulations.is_some(),
            _ if id.starts_with("def/") => carry_definition(imported, before, id),
            _ => carry_node(imported, before, id),
        };
        if carried {
            kept.push(id.to_string());
        } else {
            let line = fix
                .line
                .map_or_else(String::new, |l| format!(" (source line {l})"));
            lost.push(format!(
                "{id}, corrected by hand{line}, is not in the new import"
            ));
        }
    }
    // The record of what was done by hand goes on with what it describes.
    if let Some(new) = imported.edition.import.as_mut() {
        new.hand_fixes = record.hand_fixes.clone();
        new.unrecovered = record.unrecovered.clone();
    }
    // The regulations as they are: their texts corrected by hand (split, restored, attached
    // elsewhere, their ids following) and their English renderings written by hand.
    if let Some(old) = &before.regulations {
        imported.regulations = Some(old.clone());
        kept.push(format!("the {} regulations", old.country));
    }
    kept.sort();
    kept.dedup();
    if lost.is_empty() {
        let mut notes = Vec::new();
        if !kept.is_empty() {
            notes.push(format!(
                "kept {} corrected by hand before: {}",
                crate::text::plural(kept.len(), "part"),
                kept.join(", ")
            ));
        }
        Ok(notes)
    } else {
        Err(lost)
    }
}

fn carry_definition(imported: &mut Imported, before: &Before, id: &str) -> bool {
    let find = |list: &[Definition]| list.iter().position(|d| d.id.as_str() == id);
    let Some(existing) = &before.edition else {
        return false;
    };
    let defs = &existing.definitions.definitions;
    let (Some(from), Some(to)) = (find(defs), find(&imported.definitions.definitions)) else {
        return false;
    };
    imported.definitions.definitions[to] = defs[from].clone();
    true
}

/// The node `id` with everything under it, as it is now, in place of the new import's; or,
/// where the import has no such node (one added by hand), put under its parent after the
/// sibling it follows now.
fn carry_node(imported: &mut Imported, before: &Before, id: &str) -> bool {
    let Some(existing) = &before.edition else {
        return false;
    };
    let roots = || existing.front.iter().chain(&existing.laws);
    let Some(old) = roots().find_map(|n| find(n, id)).cloned() else {
        return false;
    };
    for root in imported.front.iter_mut().chain(imported.laws.iter_mut()) {
        if let Some(node) = find_mut(root, id) {
            *node = old;
            return true;
        }
    }
    let Some(parent) = roots().find_map(|n| parent_of(n, id)) else {
        return false;
    };
    let siblings: Vec<&str> = parent.children.iter().map(|c| c.id.as_str()).collect();
    let at = siblings.iter().position(|s| *s == id).unwrap_or(0);
    for root in imported.laws.iter_mut() {
        if let Some(new_parent) = find_mut(root, parent.id.as_str()) {
            // After the nearest sibling before it that the import has.
            let after = siblings[..at]
                .iter()
                .rev()
                .find_map(|s| new_parent.children.iter().position(|c| c.id.as_str() == *s));
            new_parent.children.insert(after.map_or(0, |i| i + 1), old);
            return true;
        }
    }
    false
}

fn parent_of<'n>(node: &'n Node, id: &str) -> Option<&'n Node> {
    if node.children.iter().any(|c| c.id.as_str() == id) {
        return Some(node);
    }
    node.children.iter().find_map(|c| parent_of(c, id))
}

fn find<'n>(node: &'n Node, id: &str) -> Option<&'n Node> {
    if node.id.as_str() == id {
        return Some(node);
    }
    node.children.iter().find_map(|c| find(c, id))
}

fn find_mut<'n>(node: &'n mut Node, id: &str) -> Option<&'n mut Node> {
    if node.id.as_str() == id {
        return Some(node);
    }
    node.children.iter_mut().find_map(|c| find_mut(c, id))
}

/// How many texts (of nodes, definitions and footnotes) an edition holds.
fn texts<'n>(nodes: impl Iterator<Item = &'n Node>, definitions: &[Definition]) -> usize {
    fn of(node: &Node) -> usize {
        usize::from(node.text.is_some() || node.text_after.is_some())
            + node.footnotes.iter().filter(|f| f.text.is_some()).count()
            + node.children.iter().map(of).sum::<usize>()
    }
    nodes.map(of).sum::<usize>() + definitions.iter().filter(|d| d.text.is_some()).count()
}

fn texts_of_import(imported: &Imported) -> usize {
    let nodes = imported.front.iter().chain(&imported.laws);
    texts(nodes, &imported.definitions.definitions)
}

fn texts_of_existing(existing: &Existing) -> usize {
    let nodes = existing.front.iter().chain(&existing.laws);
    texts(nodes, &existing.definitions.definitions)
}
