//! A node and its subtree: as text for the terminal, as JSON, and as the flat records of
//! `export`.

use schemars::JsonSchema;
use serde::Serialize;

use super::style::{Style, wrap_labelled};
use crate::corpus::model::Rendering;
use crate::corpus::{Edition, Entry, Kind};
use crate::refs;

/// The node at `index` with its children and footnotes, then what it cites, what cites it and
/// where the book's index points to it, as text.
pub fn text(edition: &Edition, index: usize, style: &Style) -> String {
    let entry = &edition.entries[index];
    let mut out = format!("{} · {} · {}\n", edition.id(), entry.id, entry.kind);
    let lineage = edition.lineage(index);
    if lineage.len() > 1 {
        let path: Vec<String> = lineage[..lineage.len() - 1]
            .iter()
            .map(|e| e.title())
            .collect();
        wrap_labelled(&mut out, 0, "", &path.join(" › "), style);
    }
    out.push('\n');
    let mut footnotes = Vec::new();
    subtree_text(edition, index, 0, true, style, &mut out, &mut footnotes);
    if !footnotes.is_empty() {
        out.push('\n');
        for f in footnotes {
            let footnote = &edition.entries[f];
            let label = format!("[^{}]", footnote.number.as_deref().unwrap_or("?"));
            wrap_labelled(
                &mut out,
                0,
                &label,
                footnote.text.as_deref().unwrap_or(""),
                style,
            );
        }
    }
    references_text(edition, index, style, &mut out);
    out
}

/// The node and everything under it (children and footnotes), in document order.
fn subtree(edition: &Edition, index: usize) -> Vec<usize> {
    let entry = &edition.entries[index];
    let mut found = vec![index];
    found.extend(&entry.footnotes);
    for &child in &entry.children {
        found.extend(subtree(edition, child));
    }
    found
}

/// The distinct resolved targets of an entry's citations, in printed order.
fn targets(entry: &Entry) -> Vec<String> {
    refs::targets(entry)
        .into_iter()
        .map(|(t, _)| t.to_string())
        .collect()
}

/// What the node cites, what cites it, and where the book's index points to it.
fn references_text(edition: &Edition, index: usize, style: &Style, out: &mut String) {
    let id = &edition.entries[index].id;
    let cites: Vec<String> = subtree(edition, index)
        .into_iter()
        .map(|i| &edition.entries[i])
        .filter_map(|e| {
            let t = targets(e);
            (!t.is_empty()).then(|| format!("{} → {}", e.id, t.join(", ")))
        })
        .collect();
    let cited_by: Vec<String> = refs::cited_by(edition, id)
        .into_iter()
        .map(|(e, target)| {
            if target == id {
                e.id.clone()
            } else {
                format!("{} ({target})", e.id)
            }
        })
        .collect();
    let in_index = refs::index_entries_citing(edition, id);
    let sections = [
        ("References", cites.join("\n")),
        ("Cited by", cited_by.join(" · ")),
        ("In the index", in_index.join("\n")),
    ];
    for (title, body) in sections {
        if !body.is_empty() {
            out.push('\n');
            out.push_str(&style.bold(title));
            out.push('\n');
            wrap_labelled(out, 2, "", &body, style);
        }
    }
}

/// How an entry is labelled: its printed number (`Β.`, `(α)`), its term, or nothing.
fn label(entry: &Entry) -> String {
    entry
        .number
        .clone()
        .or_else(|| entry.term.clone())
        .unwrap_or_default()
}

fn subtree_text(
    edition: &Edition,
    index: usize,
    indent: usize,
    top: bool,
    style: &Style,
    out: &mut String,
    footnotes: &mut Vec<usize>,
) {
    let entry = &edition.entries[index];
    footnotes.extend(&entry.footnotes);
    let has_heading = entry.heading.is_some() || (top && entry.term.is_some());
    if has_heading {
        wrap_labelled(out, indent, "", &style.bold(&entry.title()), style);
    }
    let text_label = if has_heading {
        String::new()
    } else {
        label(entry)
    };
    let child_indent = if has_heading { indent } else { indent + 2 };
    match (&entry.text, &entry.absent) {
        (_, Some(reason)) => wrap_labelled(
            out,
            indent,
            &text_label,
            &format!("[absent: {reason}]"),
            style,
        ),
        (Some(text), None) => wrap_labelled(out, indent, &text_label, text, style),
        // A node whose text the edition does not bundle says so, rather than a bare number.
        (None, None)
            if !edition.text_bundled()
                && entry.children.is_empty()
                && entry.summary.is_none()
                && !text_label.is_empty() =>
        {
            wrap_labelled(out, indent, &text_label, crate::corpus::NOT_BUNDLED, style)
        }
        (None, None) if !text_label.is_empty() => {
            wrap_labelled(out, indent, &text_label, "", style)
        }
        _ => {}
    }
    if let Some(english) = &entry.english {
        wrap_labelled(out, indent + 2, "", &format!("(English: {english})"), style);
    }
    if let Some(reason) = &entry.renumbered {
        wrap_labelled(out, indent + 2, "renumbered:", reason, style);
    }
    if let Some(summary) = &entry.summary {
        wrap_labelled(
            out,
            indent + 2,
            "Summary (unofficial):",
            &summary.text,
            style,
        );
    }
    for &child in &entry.children {
        subtree_text(edition, child, child_indent, false, style, out, footnotes);
    }
    if let Some(after) = &entry.text_after {
        wrap_labelled(out, indent, "", after, style);
    }
}

/// What an entry holds itself, every field present (null when empty).
#[derive(Debug, Serialize, JsonSchema)]
pub struct EntryJson {
    /// The canonical id (`27B1(a)`, `def/dummy`, `fn/3`).
    pub id: String,
    /// What the entry is (`law`, `item`, `definition`, …).
    pub kind: Kind,
    /// The number as printed (`Β.`, `(α)`, `ב.`).
    pub number: Option<String>,
    /// The heading as printed.
    pub heading: Option<String>,
    /// A definition's term as printed.
    pub term: Option<String>,
    /// A definition's English term, where the book prints one beside its own.
    pub english: Option<String>,
    /// The entry's own text as printed (a node's: what stands before its first child).
    /// Footnote markers are `[^n]`.
    pub text: Option<String>,
    /// Text printed after the node's children that belongs to the node itself.
    pub text_after: Option<String>,
    /// A summary written for the project where the edition's text is not bundled.
    pub summary: Option<Rendering>,
    /// Why this edition lacks the node.
    pub absent: Option<String>,
    /// Why this edition numbers the node otherwise than the Laws.
    pub renumbered: Option<String>,
    /// Whether the edition holds its text (the English edition's text is not bundled).
    pub text_bundled: bool,
    /// The distinct ids the node's own text cites, in printed order.
    pub refs: Vec<String>,
}

impl EntryJson {
    fn of(edition: &Edition, entry: &Entry) -> Self {
        EntryJson {
            id: entry.id.clone(),
            kind: entry.kind,
            number: entry.number.clone(),
            heading: entry.heading.as_ref().map(|h| h.to_string()),
            term: entry.term.clone(),
            english: entry.english.clone(),
            text: entry.text.as_ref().map(|t| t.to_string()),
            text_after: entry.text_after.as_ref().map(|t| t.to_string()),
            summary: entry.summary.clone(),
            absent: entry.absent.clone(),
            renumbered: entry.renumbered.clone(),
            text_bundled: edition.text_bundled(),
            refs: targets(entry),
        }
    }
}

/// A node with its footnotes and children.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SubtreeJson {
    /// The node itself.
    #[serde(flatten)]
    pub entry: EntryJson,
    /// The footnotes whose (first) marker stands in it.
    pub footnotes: Vec<FootnoteJson>,
    /// The nodes within it, each with its subtree.
    pub children: Vec<SubtreeJson>,
}

/// A footnote hanging on a node.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FootnoteJson {
    /// `fn/<number>`.
    pub id: String,
    /// As printed; none where the edition's text is not bundled.
    pub text: Option<String>,
}

/// One step of a node's path from its law down (the node itself left out).
#[derive(Debug, Serialize, JsonSchema)]
pub struct PathStep {
    /// The canonical id (`27B`).
    pub id: String,
    /// The number as printed (`Β.`).
    pub number: Option<String>,
    /// The heading as printed.
    pub heading: Option<String>,
}

/// A node citing another (or a node under it).
#[derive(Debug, Serialize, JsonSchema)]
pub struct CitedBy {
    /// The citing node.
    pub id: String,
    /// What it cites: the node shown or one under it.
    pub target: String,
}

/// A node of one edition, with its subtree, its place and what cites it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NodeJson {
    /// The edition id (`el-2017`).
    pub edition: String,
    /// The language code of its text (`el`).
    pub language: String,
    /// The node with its footnotes and children.
    #[serde(flatten)]
    pub subtree: SubtreeJson,
    /// Its ancestors, from its law down.
    pub path: Vec<PathStep>,
    /// The nodes that cite it, or a node under it.
    pub cited_by: Vec<CitedBy>,
    /// The book-index entries pointing to the node, as `HEAD › sub-term`.
    pub in_index: Vec<String>,
}

/// The node at `index` with its subtree, its path and what cites it.
pub fn json(edition: &Edition, index: usize) -> NodeJson {
    let lineage = edition.lineage(index);
    let path = lineage[..lineage.len() - 1]
        .iter()
        .map(|e| PathStep {
            id: e.id.clone(),
            number: e.number.clone(),
            heading: e.heading.as_ref().map(|h| h.to_string()),
        })
        .collect();
    let id = &edition.entries[index].id;
    NodeJson {
        edition: edition.id().to_string(),
        language: edition.language().to_string(),
        subtree: subtree_json(edition, index),
        path,
        cited_by: refs::cited_by(edition, id)
            .into_iter()
            .map(|(e, target)| CitedBy {
                id: e.id.clone(),
                target: target.to_string(),
            })
            .collect(),
        in_index: refs::index_entries_citing(edition, id),
    }
}

fn subtree_json(edition: &Edition, index: usize) -> SubtreeJson {
    let entry = &edition.entries[index];
    SubtreeJson {
        entry: EntryJson::of(edition, entry),
        footnotes: entry
            .footnotes
            .iter()
            .map(|&f| FootnoteJson {
                id: edition.entries[f].id.clone(),
                text: edition.entries[f].text.as_ref().map(|t| t.to_string()),
            })
            .collect(),
        children: entry
            .children
            .iter()
            .map(|&c| subtree_json(edition, c))
            .collect(),
    }
}

/// One line of `export`: a node's own fields, flat, with its edition and its parent's id.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ExportRecord {
    /// The edition id (`el-2017`).
    pub edition: String,
    /// The language code of its text (`el`).
    pub language: String,
    /// The parent node (the node a footnote hangs on); none for a law or front matter.
    pub parent: Option<String>,
    /// The entry's own fields.
    #[serde(flatten)]
    pub entry: EntryJson,
}

/// The export record of the entry at `index`.
pub fn export_record(edition: &Edition, index: usize) -> ExportRecord {
    let entry = &edition.entries[index];
    ExportRecord {
        edition: edition.id().to_string(),
        language: edition.language().to_string(),
        parent: entry.parent.map(|p| edition.entries[p].id.clone()),
        entry: EntryJson::of(edition, entry),
    }
}
