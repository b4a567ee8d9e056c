//! `compare --format html`: a standalone page, each cell in its edition's language and
//! direction.

use super::Compared;
use crate::align;
use crate::render::html::escape;
use crate::render::style::Style;
use crate::text::is_rtl_language;

impl Compared<'_> {
    /// As a standalone HTML page: a table, each cell in its edition's language and direction.
    pub fn html(&self) -> String {
        let mut rows = String::new();
        for row in &self.rows {
            let mut mark = String::new();
            if align::citations_differ(row).is_some() {
                mark.push_str(" <span title=\"the editions cite differently\">≠</span>");
            }
            if self.changed(row) {
                mark.push_str(" <span title=\"changed since the first release\">†</span>");
            }
            rows.push_str(&format!(
                "<tr id=\"{}\"><th scope=\"row\">{}{mark}</th>",
                escape(&crate::corpus::id::slug(&row.id)),
                escape(&row.id)
            ));
            for (cell, edition) in self.cells(row).iter().zip(&self.editions) {
                let language = edition.language();
                let dir = if is_rtl_language(language) {
                    "rtl"
                } else {
                    "ltr"
                };
                let body = match cell {
                    Some(cell) => {
                        let mut html = String::new();
                        if let Some(title) = &cell.title {
                            html.push_str(&format!("<b>{}</b> ", escape(title)));
                        }
                        if let Some(note) = &cell.note {
                            html.push_str(&format!("<i>[{}]</i> ", escape(&note.to_string())));
                        }
                        html.push_str(&escape(&cell.text).replace('\n', "<br>"));
                        html
                    }
                    None => "—".into(),
                };
                rows.push_str(&format!(
                    "<td lang=\"{}\" dir=\"{dir}\">{body}</td>",
                    escape(language)
                ));
            }
            rows.push_str("</tr>\n");
        }
        let headers: String = self
            .editions
            .iter()
            .map(|e| {
                let dir = if is_rtl_language(e.language()) {
                    "rtl"
                } else {
                    "ltr"
                };
                format!(
                    "<th scope=\"col\" lang=\"{}\" dir=\"{dir}\">{}</th>",
                    escape(e.language()),
                    escape(e.id())
                )
            })
            .collect();
        let columns = "<col>".repeat(self.editions.len());
        // What the nodes cite and what cites them, as the terminal lists them.
        let after = match self.after_text(&Style::plain()) {
            text if text.is_empty() => String::new(),
            text => format!("<pre>{}</pre>\n", escape(&text)),
        };
        let title = escape(&format!("compare {}", self.query));
        format!(
            "<!DOCTYPE html>
<html lang=\"en\">
<head>
<meta charset=\"utf-8\">
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; line-height: 1.5; margin: 1rem; }}
table {{ border-collapse: collapse; width: 100%; table-layout: fixed; }}
th, td {{ border: 1px solid #888; padding: 0.25rem 0.5rem; vertical-align: top; text-align: start; overflow-wrap: anywhere; }}
col.id {{ width: 7.5rem; }}
th[scope=row] {{ white-space: nowrap; }}
</style>
</head>
<body>
<h1>{title}</h1>
<table>
<colgroup><col class=\"id\">{columns}</colgroup>
<thead><tr><th scope=\"col\">id</th>{headers}</tr></thead>
<tbody>
{rows}</tbody>
</table>
{after}</body>
</html>
"
        )
    }
}
