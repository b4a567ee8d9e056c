//! Output: a node and its subtree as text for the terminal, or as JSON; export records;
//! national regulations (`regs`); glossary concepts (`glossary`).

pub mod commentary;
pub mod glossary;
pub mod markdown;
pub mod regs;
pub mod search;

use serde_json::{Value, json};

use crate::corpus::{Edition, Entry};
use crate::refs;

/// Text layout settings.
pub struct TextStyle {
    /// Wrap lines at this many characters; 0 leaves them as they are.
    pub width: usize,
}

impl TextStyle {
    /// Wrap to `$COLUMNS` when set, else 100 columns.
    pub fn from_env() -> Self {
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(100);
        TextStyle { width }
    }
}

/// `label text`, wrapped with a hanging indent so the text lines up after the label.
pub(crate) fn wrap_labelled(
    out: &mut String,
    indent: usize,
    label: &str,
    text: &str,
    style: &TextStyle,
) {
    let label_width = if label.is_empty() {
        0
    } else {
        label.chars().count() + 1
    };
    let hanging = indent + label_width;
    for (n, printed_line) in text.split('\n').enumerate() {
        if n > 0 && printed_line.is_empty() {
            // The blank line between paragraphs.
            out.push('\n');
            continue;
        }
        let mut column = 0;
        if n == 0 {
            out.push_str(&" ".repeat(indent));
            if !label.is_empty() {
                out.push_str(label);
                if !text.is_empty() {
                    out.push(' ');
                }
            }
        } else {
            out.push_str(&" ".repeat(hanging));
        }
        column += hanging;
        let start_column = column;
        for word in printed_line.split(' ') {
            let len = word.chars().count();
            if style.width > 0 && column > start_column && column + 1 + len > style.width {
                out.push('\n');
                out.push_str(&" ".repeat(hanging));
                column = hanging;
            } else if column > start_column {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += len;
        }
        out.push('\n');
    }
}

/// How an entry is labelled: its printed number (`Β.`, `(α)`), its term, or its id.
fn label(entry: &Entry) -> String {
    entry
        .number
        .clone()
        .or_else(|| entry.term.clone())
        .unwrap_or_default()
}

/// The node at `index` with its children and footnotes, as text.
pub fn entry_text(edition: &Edition, index: usize, style: &TextStyle) -> String {
    let entry = &edition.entries[index];
    let mut out = format!("{} · {} · {}\n", edition.id(), entry.id, entry.kind);
    let lineage = edition.lineage(index);
    if lineage.len() > 1 {
        let path: Vec<String> = lineage[..lineage.len() - 1]
            .iter()
            .map(|e| e.title())
            .collect();
        out.push_str(&path.join(" › "));
        out.push('\n');
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
fn targets(entry: &Entry) -> Vec<&str> {
    refs::targets(entry).into_iter().map(|(t, _)| t).collect()
}

/// What the node cites, what cites it, and where the book's index points to it.
fn references_text(edition: &Edition, index: usize, style: &TextStyle, out: &mut String) {
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
            out.push_str(title);
            out.push('\n');
            wrap_labelled(out, 2, "", &body, style);
        }
    }
}

fn subtree_text(
    edition: &Edition,
    index: usize,
    indent: usize,
    top: bool,
    style: &TextStyle,
    out: &mut String,
    footnotes: &mut Vec<usize>,
) {
    let entry = &edition.entries[index];
    footnotes.extend(&entry.footnotes);
    let has_heading = entry.heading.is_some() || (top && entry.term.is_some());
    if has_heading {
        wrap_labelled(out, indent, "", &entry.title(), style);
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
        (None, None) if !text_label.is_empty() => {
            wrap_labelled(out, indent, &text_label, "", style)
        }
        _ => {}
    }
    if let Some(english) = &entry.english {
        wrap_labelled(out, indent + 2, "", &format!("(English: {english})"), style);
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

fn opt<S: std::ops::Deref<Target = str>>(s: &Option<S>) -> Value {
    s.as_deref()
        .map_or(Value::Null, |s| Value::String(s.to_string()))
}

/// The node at `index` with its subtree, as JSON, with what cites it.
pub fn entry_json(edition: &Edition, index: usize) -> Value {
    let path: Vec<Value> = edition
        .lineage(index)
        .iter()
        .rev()
        .skip(1)
        .rev()
        .map(|e| json!({"id": e.id, "number": opt(&e.number), "heading": opt(&e.heading)}))
        .collect();
    let mut value = subtree_json(edition, index);
    value["edition"] = json!(edition.id());
    value["lang"] = json!(edition.language());
    value["path"] = Value::Array(path);
    let id = &edition.entries[index].id;
    let cited_by: Vec<Value> = refs::cited_by(edition, id)
        .into_iter()
        .map(|(e, target)| json!({"id": e.id, "target": target}))
        .collect();
    value["cited_by"] = Value::Array(cited_by);
    value["in_index"] = json!(refs::index_entries_citing(edition, id));
    value
}

fn subtree_json(edition: &Edition, index: usize) -> Value {
    let entry = &edition.entries[index];
    let footnotes: Vec<Value> = entry
        .footnotes
        .iter()
        .map(|&f| json!({"id": edition.entries[f].id, "text": opt(&edition.entries[f].text)}))
        .collect();
    let children: Vec<Value> = entry
        .children
        .iter()
        .map(|&c| subtree_json(edition, c))
        .collect();
    let mut value = own_fields(entry);
    value["footnotes"] = Value::Array(footnotes);
    value["children"] = Value::Array(children);
    value
}

/// The fields an entry holds itself, every key present (null when empty).
fn own_fields(entry: &Entry) -> Value {
    json!({
        "id": entry.id,
        "kind": entry.kind,
        "number": opt(&entry.number),
        "heading": opt(&entry.heading),
        "term": opt(&entry.term),
        "english": opt(&entry.english),
        "text": opt(&entry.text),
        "text_after": opt(&entry.text_after),
        "summary": entry.summary.as_ref().map(|s| json!({
            "text": s.text.as_str(),
            "status": s.status.as_str(),
        })),
        "absent": opt(&entry.absent),
        "renumbered": opt(&entry.renumbered),
        "refs": targets(entry),
    })
}

/// One export record: the node's own fields, flat, with its parent's id.
pub fn export_record(edition: &Edition, index: usize) -> Value {
    let entry = &edition.entries[index];
    let mut value = own_fields(entry);
    value["edition"] = json!(edition.id());
    value["lang"] = json!(edition.language());
    value["parent"] = json!(entry.parent.map(|p| edition.entries[p].id.clone()));
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_a_hanging_indent() {
        let mut out = String::new();
        let style = TextStyle { width: 20 };
        wrap_labelled(&mut out, 2, "(α)", "ένα δύο τρία τέσσερα πέντε έξι", &style);
        assert_eq!(out, "  (α) ένα δύο τρία\n      τέσσερα πέντε\n      έξι\n");
    }

    #[test]
    fn table_rows_stay_on_their_lines() {
        let mut out = String::new();
        wrap_labelled(
            &mut out,
            0,
            "",
            "Κανονικό 20 20\nΚοντρέ 40 40",
            &TextStyle { width: 80 },
        );
        assert_eq!(out, "Κανονικό 20 20\nΚοντρέ 40 40\n");
    }
}
