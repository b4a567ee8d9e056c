//! `compare`: editions side by side, row by row on the aligned ids, for translators. As
//! columns on a terminal (each edition's text in its own direction), as stacked rows in a file,
//! as a Markdown table, a standalone HTML page, or typed JSON. What the nodes cite is listed
//! once, marked where the editions cite differently; then what cites them and every country's
//! regulations on them.

use schemars::JsonSchema;
use serde::Serialize;

mod page;

use super::amendments::{self, ChangeJson};
use super::regs::{self as regs_render, RegulationJson, Table};
use super::style::{Style, visible_width, wrap};
use crate::align::{self, Row, Scope};
use crate::corpus::{Corpus, Edition, Entry, Kind, Regulations};
use crate::text::is_rtl_language;

/// Between two columns.
const GUTTER: &str = " │ ";
/// The narrowest a column may be; a terminal narrower than the columns need gets stacked rows.
const NARROWEST: usize = 16;
/// The widest the id column grows: a deeper id gives up some of its indent.
const ID_COLUMN: usize = 18;

/// Editions aligned on a part of the Laws, with what bears on it.
pub struct Compared<'c> {
    corpus: &'c Corpus,
    /// The part of the Laws, as asked.
    pub query: String,
    /// The editions, in the order asked.
    pub editions: Vec<&'c Edition>,
    /// One row per aligned id.
    pub rows: Vec<Row<'c>>,
    countries: Vec<&'c Regulations>,
    regulations: Vec<crate::regs::Row<'c>>,
    cited_by: Vec<CitedByJson>,
    changes: Vec<ChangeJson>,
}

/// What one edition prints for a node, as one text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The printed number and heading (`Β. Ανεπαρκής Αγορά`), or the term of a definition.
    pub title: Option<String>,
    /// The text, then the text after its children; a footnote's text.
    pub text: String,
    /// What stands in the text's place, when the edition has none: `absent: <reason>`,
    /// `unofficial summary`, `text not bundled`.
    pub note: Option<Note>,
}

/// What stands in a cell's text's place. `Display` says it in English, as the terminal and the
/// JSON do; a page says it in its reader's language from the same variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The edition lacks the node, for this reason (the corpus's words).
    Absent(String),
    /// The text is the project's English summary, not the edition's.
    Summary,
    /// The edition's text is not bundled with the program.
    NotBundled,
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::Absent(reason) => write!(f, "absent: {reason}"),
            Note::Summary => f.write_str("unofficial summary"),
            Note::NotBundled => f.write_str("text not bundled"),
        }
    }
}

impl Cell {
    /// What `edition` prints for `entry`.
    pub fn of(entry: &Entry, edition: &Edition) -> Cell {
        let title = match entry.kind {
            Kind::Definition => entry.term.clone(),
            _ if entry.heading.is_some() => Some(entry.title()),
            _ => entry.number.clone(),
        };
        if let Some(reason) = &entry.absent {
            return Cell {
                title,
                text: String::new(),
                note: Some(Note::Absent(reason.clone())),
            };
        }
        let text: Vec<&str> = [&entry.text, &entry.text_after]
            .into_iter()
            .flatten()
            .map(|t| t.as_str())
            .collect();
        let text = text.join("\n");
        match (&entry.summary, text.is_empty() && !edition.text_bundled()) {
            (Some(summary), true) => Cell {
                title,
                text: summary.text.to_string(),
                note: Some(Note::Summary),
            },
            (None, true) if entry.heading.is_none() => Cell {
                title,
                text,
                note: Some(Note::NotBundled),
            },
            _ => Cell {
                title,
                text,
                note: None,
            },
        }
    }

    /// The cell as lines of text: the title, the note in brackets, the text.
    pub fn printed(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if let Some(title) = &self.title {
            parts.push(title.clone());
        }
        if let Some(note) = &self.note {
            parts.push(format!("[{note}]"));
        }
        if !self.text.is_empty() {
            parts.push(self.text.clone());
        }
        // A number and its text read as one line: `(α) Αν ο παίκτης …`; a definition's term
        // (`Μορ`), however short, stands above its text as every other term does.
        let number = |t: &str| t.len() < 8 && t.ends_with(['.', ')']);
        match (self.title.as_deref(), parts.len()) {
            (Some(t), 2) if number(t) && self.note.is_none() => {
                format!("{t} {}", self.text)
            }
            _ => parts.join("\n"),
        }
    }
}

impl<'c> Compared<'c> {
    /// The editions `editions` aligned on `scope`, which was asked as `query`.
    pub fn gather(
        corpus: &'c Corpus,
        editions: Vec<&'c Edition>,
        scope: &Scope,
        query: &str,
    ) -> Self {
        let rows = align::rows(&editions, scope);
        let countries: Vec<&Regulations> = corpus.regulations.iter().collect();
        let regulations = match (scope, editions.first()) {
            (Scope::All, Some(first)) => crate::regs::compare(&countries, first, None),
            (_, Some(first)) => crate::regs::compare(&countries, first, Some(scope)),
            (_, None) => Vec::new(),
        };
        let cited_by = match scope {
            Scope::Node(id) => cited_by(&editions, id),
            _ => Vec::new(),
        };
        let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
        let changes = amendments::within(corpus, &ids, &editions);
        Compared {
            corpus,
            query: query.to_string(),
            changes,
            editions,
            rows,
            countries,
            regulations,
            cited_by,
        }
    }

    fn cells(&self, row: &Row) -> Vec<Option<Cell>> {
        row.cells
            .iter()
            .zip(&self.editions)
            .map(|(cell, edition)| cell.map(|entry| Cell::of(entry, edition)))
            .collect()
    }

    /// For the terminal: columns when `style` has room for them, stacked rows otherwise (a
    /// pipe, a narrow terminal). Right-to-left cells are right-aligned in their column and, when
    /// `style` asks for it, put in visual order one by one: the result is printed as it is.
    pub fn text(&self, style: &Style) -> String {
        let n = self.editions.len().max(1);
        let id_width = self
            .rows
            .iter()
            .map(|r| 2 * r.depth + self.label(r).chars().count())
            .max()
            .unwrap_or(0)
            .min(ID_COLUMN);
        let room = style
            .width
            .saturating_sub(id_width + visible_width(GUTTER) * n);
        let mut out = if style.width > 0 && room / n >= NARROWEST {
            self.columns(style, id_width, room / n)
        } else {
            self.stacked(style)
        };
        out.push_str(&self.after_text(style));
        out
    }

    fn columns(&self, style: &Style, id_width: usize, column: usize) -> String {
        let mut out = String::new();
        let header: Vec<String> = self
            .editions
            .iter()
            .map(|e| pad(&style.bold(e.id()), column, false))
            .collect();
        out.push_str(&format!(
            "{}{GUTTER}{}\n",
            " ".repeat(id_width),
            header.join(GUTTER)
        ));
        let rule = "─".repeat(column);
        out.push_str(&format!(
            "{}─┼─{}\n",
            "─".repeat(id_width),
            vec![rule; self.editions.len()].join("─┼─")
        ));
        for row in &self.rows {
            let lines: Vec<Vec<String>> = self
                .cells(row)
                .iter()
                .zip(&self.editions)
                .map(|(cell, edition)| {
                    let rtl = is_rtl_language(edition.language());
                    let printed = cell.as_ref().map_or_else(|| "—".into(), Cell::printed);
                    wrap(&printed, "", "", column)
                        .into_iter()
                        .map(|line| pad(&style.visual(&line, rtl), column, rtl))
                        .collect()
                })
                .collect();
            let labels = self.label_lines(row, id_width);
            let height = lines
                .iter()
                .map(Vec::len)
                .chain([labels.len()])
                .max()
                .unwrap_or(1);
            for i in 0..height {
                let left = labels.get(i).map_or("", String::as_str);
                let cells: Vec<String> = lines
                    .iter()
                    .map(|l| l.get(i).cloned().unwrap_or_else(|| " ".repeat(column)))
                    .collect();
                let line = format!(
                    "{}{GUTTER}{}",
                    pad(left, id_width, false),
                    cells.join(GUTTER)
                );
                out.push_str(line.trim_end());
                out.push('\n');
            }
            out.push('\n');
        }
        out
    }

    fn stacked(&self, style: &Style) -> String {
        let mut out = String::new();
        let label_width = self
            .editions
            .iter()
            .map(|e| e.id().len())
            .max()
            .unwrap_or(0);
        for row in &self.rows {
            let mut mark = String::new();
            if align::citations_differ(row).is_some() {
                mark.push_str("  ≠ the editions cite differently");
            }
            if self.changed(row) {
                mark.push_str("  † changed since the first release");
            }
            out.push_str(&format!("{}{mark}\n", style.bold(&row.id)));
            for (cell, edition) in self.cells(row).iter().zip(&self.editions) {
                let printed = cell.as_ref().map_or_else(|| "—".into(), Cell::printed);
                let first = format!("  {:label_width$}  ", edition.id());
                let rest = " ".repeat(first.chars().count());
                for line in wrap(&printed, &first, &rest, style.width) {
                    // The edition's label stays at the left; the text is put in visual order.
                    let (label, text) = line.split_at(first.len().min(line.len()));
                    let rtl = is_rtl_language(edition.language());
                    out.push_str(&format!("{label}{}\n", style.visual(text, rtl)));
                }
            }
            out.push('\n');
        }
        out
    }

    /// What the nodes cite (once, marked where the editions differ), what cites them, and the
    /// regulations on them.
    fn after_text(&self, style: &Style) -> String {
        let mut out = String::new();
        let mut cites = String::new();
        for row in &self.rows {
            match align::citations_differ(row) {
                Some(each) => {
                    let by: Vec<String> = self
                        .editions
                        .iter()
                        .zip(&each)
                        .map(|(e, t)| format!("{}: {}", e.id(), or_none(t)))
                        .collect();
                    cites.push_str(&format!("  ≠ {} → {}\n", row.id, by.join("; ")));
                }
                None => {
                    let targets = row
                        .cells
                        .iter()
                        .flatten()
                        .next()
                        .map(|e| crate::refs::targets(e))
                        .unwrap_or_default();
                    if !targets.is_empty() {
                        let t: Vec<&str> = targets.iter().map(|(t, _)| *t).collect();
                        cites.push_str(&format!("    {} → {}\n", row.id, t.join(", ")));
                    }
                }
            }
        }
        if !cites.is_empty() {
            out.push_str(&format!("{}\n{cites}\n", style.bold("References")));
        }
        if !self.changes.is_empty() {
            out.push_str(&format!(
                "{}{}\n",
                style.bold("† Changed since the first release"),
                amendments::text(&self.changes, style)
            ));
        }
        if !self.cited_by.is_empty() {
            // An edition without its text cites nothing: it is not one that differs.
            let printed = self.editions.iter().filter(|e| e.text_bundled()).count();
            let by: Vec<String> = self
                .cited_by
                .iter()
                .map(|c| {
                    let only = if c.editions.len() < printed {
                        format!(" (only {})", c.editions.join(", "))
                    } else {
                        String::new()
                    };
                    format!("{} → {}{only}", c.id, c.target)
                })
                .collect();
            out.push_str(&format!("{}\n", style.bold("Cited by")));
            for line in wrap(&by.join(" · "), "  ", "  ", style.width) {
                out.push_str(&line);
                out.push('\n');
            }
            out.push('\n');
        }
        if let Some(first) = self.editions.first()
            && !self.regulations.is_empty()
        {
            let table = Table {
                corpus: self.corpus,
                countries: &self.countries,
                rows: &self.regulations,
                headings: first,
            };
            out.push_str(&format!(
                "{}\n\n{}",
                style.bold("National regulations"),
                style.finish(&regs_render::text(&table, style, false))
            ));
        }
        out
    }

    /// As a Markdown table, a column per edition.
    pub fn markdown(&self) -> String {
        let mut out = format!("| id | {} |\n", self.edition_ids().join(" | "));
        out.push_str(&format!("|---|{}\n", "---|".repeat(self.editions.len())));
        for row in &self.rows {
            let cells: Vec<String> = self
                .cells(row)
                .iter()
                .map(|c| {
                    let printed = c.as_ref().map_or_else(|| "—".into(), Cell::printed);
                    regs_render::markdown_cell(&printed)
                })
                .collect();
            out.push_str(&format!(
                "| {}{} | {} |\n",
                row.id,
                self.marks(row),
                cells.join(" | ")
            ));
        }
        out
    }

    /// As JSON.
    pub fn json(&self) -> CompareJson {
        let rows = self
            .rows
            .iter()
            .map(|row| {
                let differ = align::citations_differ(row);
                RowJson {
                    id: row.id.clone(),
                    kind: row.kind.to_string(),
                    depth: row.depth,
                    cites_differently: differ.is_some(),
                    changed: self.changed(row),
                    cells: self
                        .cells(row)
                        .into_iter()
                        .zip(&self.editions)
                        .zip(&row.cells)
                        .map(|((cell, edition), entry)| CellJson {
                            edition: edition.id().to_string(),
                            language: edition.language().to_string(),
                            title: cell.as_ref().and_then(|c| c.title.clone()),
                            text: cell.as_ref().map(|c| c.text.clone()),
                            note: cell
                                .as_ref()
                                .and_then(|c| c.note.as_ref().map(Note::to_string)),
                            cites: entry
                                .map(|e| {
                                    crate::refs::targets(e)
                                        .into_iter()
                                        .map(|(t, _)| t.to_string())
                                        .collect()
                                })
                                .unwrap_or_default(),
                        })
                        .collect(),
                }
            })
            .collect();
        let regulations = self
            .regulations
            .iter()
            .flat_map(|row| self.countries.iter().zip(&row.by_country))
            .flat_map(|(country, list)| {
                list.iter()
                    .map(|r| RegulationJson::of(self.corpus, country, r))
            })
            .collect();
        CompareJson {
            query: self.query.clone(),
            editions: self.edition_ids(),
            rows,
            cited_by: self.cited_by.clone(),
            regulations,
            amendments: self.changes.clone(),
        }
    }

    /// Whether the work was changed at the row's node since its first release.
    fn changed(&self, row: &Row) -> bool {
        self.changes.iter().any(|c| c.node == row.id)
    }

    /// What marks a row's id: `≠` where the editions cite differently, `†` where the work was
    /// changed.
    /// A row's id with its marks (`40B2(a)(iii) ≠`).
    fn label(&self, row: &Row) -> String {
        format!("{}{}", row.id, self.marks(row))
    }

    /// A row's label in the id column, `width` wide: indented by its depth as far as the
    /// column has room (`40B2(a)(iii)` loses some of its indent), cut into lines where even
    /// unindented it is wider.
    fn label_lines(&self, row: &Row, width: usize) -> Vec<String> {
        let label: Vec<char> = self.label(row).chars().collect();
        let indent = (2 * row.depth).min(width.saturating_sub(label.len()));
        label
            .chunks(width.max(1))
            .enumerate()
            .map(|(i, part)| {
                let indent = if i == 0 { indent } else { 0 };
                format!("{}{}", " ".repeat(indent), part.iter().collect::<String>())
            })
            .collect()
    }

    fn marks(&self, row: &Row) -> String {
        let mut mark = String::new();
        if align::citations_differ(row).is_some() {
            mark.push_str(" ≠");
        }
        if self.changed(row) {
            mark.push_str(" †");
        }
        mark
    }

    fn edition_ids(&self) -> Vec<String> {
        self.editions.iter().map(|e| e.id().to_string()).collect()
    }
}

/// `text` in a column of `width`, padded on the side its direction leaves empty.
fn pad(text: &str, width: usize, right_to_left: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(visible_width(text)));
    if right_to_left {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

fn or_none(targets: &[String]) -> String {
    if targets.is_empty() {
        "nothing".into()
    } else {
        targets.join(", ")
    }
}

/// The nodes outside `id` citing it or a node under it, in any of the editions, once each, in
/// the order of the book (a node only one edition cites among the others, not after them).
pub fn cited_by(editions: &[&Edition], id: &str) -> Vec<CitedByJson> {
    let mut out: Vec<CitedByJson> = Vec::new();
    for edition in editions {
        for (entry, target) in crate::refs::cited_by(edition, id) {
            match out
                .iter_mut()
                .find(|c| c.id == entry.id && c.target == target)
            {
                Some(c) => c.editions.push(edition.id().to_string()),
                None => out.push(CitedByJson {
                    id: entry.id.clone(),
                    target: target.to_string(),
                    editions: vec![edition.id().to_string()],
                }),
            }
        }
    }
    out.sort_by_cached_key(|c| editions.iter().find_map(|e| e.index_of(&c.id)));
    out
}

/// `compare --format json`: the editions side by side on a part of the Laws.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CompareJson {
    /// The part of the Laws as asked (`27B1`, `61-64`, `all`).
    pub query: String,
    /// The editions, in the order of the cells.
    pub editions: Vec<String>,
    /// One row per aligned id, in document order.
    pub rows: Vec<RowJson>,
    /// The nodes outside the part citing it or a node in it.
    pub cited_by: Vec<CitedByJson>,
    /// Every country's regulations on the part.
    pub regulations: Vec<RegulationJson>,
    /// The changes made to the work in the part since its first release (amendments,
    /// corrected errors), with each edition's status.
    pub amendments: Vec<ChangeJson>,
}

/// One aligned id.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RowJson {
    /// The canonical id.
    pub id: String,
    /// What the node is (`law`, `section`, `item`, `definition`, `footnote`, …).
    pub kind: String,
    /// 0 for a law, a definition or a footnote; 1 for a section, and so on.
    pub depth: usize,
    /// The editions cite different targets in this node.
    pub cites_differently: bool,
    /// The work was changed at this node since its first release (see `amendments`).
    pub changed: bool,
    /// Each edition's cell, in the order of `editions`.
    pub cells: Vec<CellJson>,
}

/// What one edition prints for a node.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CellJson {
    /// The edition.
    pub edition: String,
    /// Its language code.
    pub language: String,
    /// The printed number and heading, or a definition's term.
    pub title: Option<String>,
    /// The text (and the text after the node's children); null when the edition lacks the id.
    pub text: Option<String>,
    /// What stands in the text's place: `absent: <reason>`, `unofficial summary`, `text not
    /// bundled`.
    pub note: Option<String>,
    /// What the text cites, in printed order.
    pub cites: Vec<String>,
}

/// A node citing the part compared.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CitedByJson {
    /// The citing node.
    pub id: String,
    /// What it cites: the node compared or one under it.
    pub target: String,
    /// The editions in which it cites it.
    pub editions: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_runs_into_its_text_and_a_term_stands_above_it() {
        let cell = |title: &str| Cell {
            title: Some(title.to_string()),
            text: "Ο συμπαίκτης του εκτελεστή.".to_string(),
            note: None,
        };
        assert_eq!(cell("(α)").printed(), "(α) Ο συμπαίκτης του εκτελεστή.");
        assert_eq!(cell("1.").printed(), "1. Ο συμπαίκτης του εκτελεστή.");
        assert_eq!(cell("Μορ").printed(), "Μορ\nΟ συμπαίκτης του εκτελεστή.");
    }
}
