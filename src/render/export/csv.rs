//! CSV for spreadsheet programs and translation tools: a row per aligned node, and for each
//! edition three columns: the printed number and heading (a definition's term), the text as
//! the book prints it, and the project's note where the book's text is not there (absent, with
//! its reason; not bundled; an unofficial English summary). The book's words and the
//! project's never share a cell.

use super::Export;
use crate::render::compare::{Cell, Note};
use crate::render::regs::csv_record;

/// The export as CSV (RFC 4180, CRLF line ends, formula-like cells neutralised), with a byte
/// order mark first when `bom` (spreadsheet programs read UTF-8 by it).
pub fn write(export: &Export, bom: bool) -> String {
    let mut out = String::new();
    if bom {
        out.push('\u{FEFF}');
    }
    let mut header = vec!["id".to_string(), "kind".to_string()];
    for edition in &export.editions {
        for column in ["title", "text", "note"] {
            header.push(format!("{} {column}", edition.id()));
        }
    }
    out.push_str(&csv_record(&header));
    for row in &export.rows {
        let mut record = vec![row.id.clone(), row.kind.as_str().to_string()];
        for (cell, edition) in row.cells.iter().zip(&export.editions) {
            let cell = cell.map(|entry| Cell::of(entry, edition));
            record.extend(columns(cell.as_ref()));
        }
        out.push_str(&csv_record(&record));
    }
    out
}

/// A cell's three columns; all empty where the edition lacks the node.
fn columns(cell: Option<&Cell>) -> [String; 3] {
    let Some(cell) = cell else {
        return Default::default();
    };
    let title = cell.title.clone().unwrap_or_default();
    match &cell.note {
        None => [title, cell.text.clone(), String::new()],
        // The summary is the project's English, not the edition's text.
        Some(Note::Summary) => [
            title,
            String::new(),
            format!("{}: {}", Note::Summary, cell.text),
        ],
        Some(note) => [title, cell.text.clone(), note.to_string()],
    }
}
