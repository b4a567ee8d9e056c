//! CSV for spreadsheet programs: a row per aligned node, a column per edition holding what the
//! edition prints for it (as `compare` shows it: the title, a note in brackets where the text is
//! absent or not bundled, the text).

use super::Export;
use crate::render::compare::Cell;
use crate::render::regs::csv_record;

/// The export as CSV (RFC 4180, CRLF line ends, formula-like cells neutralised), with a byte
/// order mark first when `bom` (spreadsheet programs read UTF-8 by it).
pub fn write(export: &Export, bom: bool) -> String {
    let mut out = String::new();
    if bom {
        out.push('\u{FEFF}');
    }
    let mut header = vec!["id".to_string(), "kind".to_string()];
    header.extend(export.editions.iter().map(|e| e.id().to_string()));
    out.push_str(&csv_record(&header));
    for row in &export.rows {
        let mut record = vec![row.id.clone(), row.kind.as_str().to_string()];
        record.extend(
            row.cells
                .iter()
                .zip(&export.editions)
                .map(|(cell, edition)| {
                    cell.map(|entry| Cell::of(entry, edition).printed())
                        .unwrap_or_default()
                }),
        );
        out.push_str(&csv_record(&record));
    }
    out
}
