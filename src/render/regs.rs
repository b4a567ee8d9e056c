//! National regulations for output: the nodes some countries regulate, each with every
//! country's regulations on it, as text, Markdown, CSV or JSON.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::style::{Style, wrap_labelled};
use crate::corpus::model::{Regulation, Rendering};
use crate::corpus::{Corpus, Edition, Regulations};
use crate::regs::{self, Row};
use crate::text::plural;

/// What is printed: the rows of a comparison (a list is a comparison of one country), and the
/// edition whose headings name the nodes.
pub struct Table<'a> {
    /// The corpus the regulations' citations resolve in.
    pub corpus: &'a Corpus,
    /// The countries compared, in the order of their columns.
    pub countries: &'a [&'a Regulations],
    /// The nodes they regulate, one row each.
    pub rows: &'a [Row<'a>],
    /// The edition whose headings name the nodes.
    pub headings: &'a Edition,
}

const ENGLISH: &str = "English (unofficial):";

impl Table<'_> {
    fn heading(&self, row: &Row<'_>) -> String {
        self.headings.heading_path(row.node)
    }

    /// The cells every format starts a row with: the node, its heading, who regulates it.
    fn lead(&self, row: &Row<'_>, separator: &str) -> Vec<String> {
        vec![
            row.node.to_string(),
            self.heading(row),
            row.regulated_by(self.countries).join(separator),
        ]
    }

    fn cells<'r>(&self, row: &'r Row<'_>) -> impl Iterator<Item = (&str, &'r [&'r Regulation])> {
        self.countries
            .iter()
            .map(|c| c.data.country.as_str())
            .zip(row.by_country.iter().map(Vec::as_slice))
    }
}

/// `reg/il/17 (fn/9)`: the id, and the footnote the regulation is printed in or qualifies.
fn name(regulation: &Regulation) -> String {
    match &regulation.footnote {
        Some(footnote) => format!("{} ({footnote})", regulation.id.as_str()),
        None => regulation.id.to_string(),
    }
}

/// The nodes grouped by law: a line for the law with the countries that regulate anything in
/// it, then a block per node with each country's regulations, the printed text and the English
/// rendering. With several countries each line says whose it is, and `with_silent` adds a line
/// for each country that does not regulate the node.
pub fn text(table: &Table<'_>, style: &Style, with_silent: bool) -> String {
    let several = table.countries.len() > 1;
    let code_width = table
        .countries
        .iter()
        .map(|c| c.data.country.chars().count())
        .max()
        .unwrap_or(0);
    let name_width = table
        .rows
        .iter()
        .flat_map(|row| row.by_country.iter().flatten())
        .map(|r| r.id.chars().count())
        .max()
        .unwrap_or(0);
    // The countries that regulate any of `rows`, in the order they were given.
    let who = |rows: &[&Row<'_>]| {
        if !several {
            return String::new();
        }
        let codes: Vec<&str> = table
            .countries
            .iter()
            .enumerate()
            .filter(|(n, _)| rows.iter().any(|r| !r.by_country[*n].is_empty()))
            .map(|(_, c)| c.data.country.as_str())
            .collect();
        format!("  [{}]", codes.join(", "))
    };
    let titled: Vec<(Vec<String>, &Row<'_>)> = table
        .rows
        .iter()
        .map(|row| (table.headings.heading_titles(row.node), row))
        .collect();
    let mut out = String::new();
    for group in titled.chunk_by(|(a, _), (b, _)| a.first() == b.first()) {
        if !out.is_empty() {
            out.push('\n');
        }
        let law = group[0].0.first().cloned().unwrap_or_default();
        let rows: Vec<&Row<'_>> = group.iter().map(|(_, row)| *row).collect();
        wrap_labelled(&mut out, 0, "", &format!("{law}{}", who(&rows)), style);
        for (titles, row) in group {
            let mut title = row.node.to_string();
            if titles.len() > 1 {
                title.push_str(" · ");
                title.push_str(&titles[1..].join(" › "));
            }
            title.push_str(&who(&[*row]));
            out.push('\n');
            wrap_labelled(&mut out, 2, "", &title, style);
            for (code, regulations) in table.cells(row) {
                let code = if several {
                    format!("{code:code_width$} ")
                } else {
                    String::new()
                };
                if regulations.is_empty() && with_silent {
                    wrap_labelled(&mut out, 4, code.trim_end(), "—", style);
                }
                for regulation in regulations {
                    // Padded to the longest id; one printed on a footnote runs longer.
                    let label = format!("{code}{:name_width$}", name(regulation));
                    wrap_labelled(&mut out, 4, &label, &regulation.text, style);
                    if let Some(english) = &regulation.english {
                        let indent = 4 + label.chars().count() + 1;
                        wrap_labelled(&mut out, indent, ENGLISH, &english.text, style);
                    }
                }
            }
        }
    }
    out
}

/// `27 regulations on 26 nodes within 40`: how many regulations a list of the first country's
/// holds (the summary of a list).
pub fn counted(table: &Table<'_>, scope: Option<&str>) -> String {
    format!(
        "{} on {}{}",
        plural(table.regulation_count(), "regulation"),
        plural(table.rows.len(), "node"),
        within(scope)
    )
}

/// ` within 40`, or nothing without a scope.
fn within(scope: Option<&str>) -> String {
    scope.map_or_else(String::new, |id| format!(" within {id}"))
}

/// How the nodes of a comparison are shared among its countries: how many all of them
/// regulate, and how many each alone, in the order of the countries.
pub struct Shares<'a> {
    /// How many nodes every country regulates.
    pub all: usize,
    /// Each country's code, with how many nodes it alone regulates.
    pub alone: Vec<(&'a str, usize)>,
}

impl<'a> Table<'a> {
    /// How many regulations the first country has on the rows (a list's count).
    pub fn regulation_count(&self) -> usize {
        self.rows.iter().map(|r| r.by_country[0].len()).sum()
    }

    /// How the rows are shared among the countries.
    pub fn shares(&self) -> Shares<'a> {
        let (countries, rows) = (self.countries, self.rows);
        let all = rows
            .iter()
            .filter(|r| r.regulated_by(countries).len() == countries.len())
            .count();
        let alone = countries
            .iter()
            .map(|c| {
                let code = c.data.country.as_str();
                let alone = rows
                    .iter()
                    .filter(|r| r.regulated_by(countries) == [code])
                    .count();
                (code, alone)
            })
            .collect();
        Shares { all, alone }
    }
}

/// `il, gr within 40: 11 nodes regulated — 10 by both, 0 by il alone, 1 by gr alone` (a list:
/// `il · <its federation> · 27 regulations on 26 nodes`).
pub fn summary(table: &Table<'_>, scope: Option<&str>) -> String {
    let (countries, rows) = (table.countries, table.rows);
    let codes: Vec<&str> = countries.iter().map(|c| c.data.country.as_str()).collect();
    if let [country] = countries {
        return format!(
            "{} · {} · {}\n",
            country.data.country.as_str(),
            country.data.federation,
            counted(table, scope),
        );
    }
    let nodes = plural(rows.len(), "node");
    // `10 by both, 0 by il alone, 1 by gr alone`.
    let shares = table.shares();
    let mut parts = vec![format!(
        "{} by {}",
        shares.all,
        if countries.len() == 2 { "both" } else { "all" }
    )];
    for (code, alone) in shares.alone {
        parts.push(format!("{alone} by {code} alone"));
    }
    format!(
        "{}{}: {nodes} regulated — {}\n",
        codes.join(", "),
        within(scope),
        parts.join(", ")
    )
}

/// One line per country: its code, how many regulations, its federation, language and
/// edition.
pub fn countries_text(countries: &[Regulations]) -> String {
    countries
        .iter()
        .map(|c| {
            format!(
                "{}  {}  {} · {} · printed in {}\n",
                c.data.country.as_str(),
                plural(c.data.regulations.len(), "regulation"),
                c.data.federation,
                c.data.language,
                c.data.source
            )
        })
        .collect()
}

/// A Markdown table: node, heading, who regulates it, and a column per country.
pub fn markdown(table: &Table<'_>) -> String {
    let codes: Vec<&str> = table
        .countries
        .iter()
        .map(|c| c.data.country.as_str())
        .collect();
    let mut out = format!(
        "| Node | Heading | Regulated by | {} |\n",
        codes.join(" | ")
    );
    out.push_str(&"| --- ".repeat(3 + codes.len()));
    out.push_str("|\n");
    for row in table.rows {
        // The texts escaped, the table's own markup (bold ids, line breaks) not.
        let mut cells: Vec<String> = (table.lead(row, ", ").iter())
            .map(|c| markdown_cell(c))
            .collect();
        for (_, regulations) in table.cells(row) {
            let cell: Vec<String> = regulations
                .iter()
                .map(|r| {
                    let mut cell = format!(
                        "**{}** {}",
                        markdown_cell(&name(r)),
                        markdown_cell(r.text.as_str())
                    );
                    if let Some(english) = &r.english {
                        cell.push_str(&format!(
                            "<br>*{ENGLISH}* {}",
                            markdown_cell(english.text.as_str())
                        ));
                    }
                    cell
                })
                .collect();
            cells.push(if cell.is_empty() {
                "—".to_string()
            } else {
                cell.join("<br><br>")
            });
        }
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

/// A text as one cell of a Markdown table, keeping to its row and read as printed: pipes and
/// what Markdown would take for emphasis, code, HTML or an entity escaped, line breaks as
/// `<br>`. (Brackets stay: `[^1]` with no definition is text.)
pub fn markdown_cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("<br>"),
            '\\' | '|' | '*' | '_' | '`' | '<' | '>' | '~' | '&' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// CSV (RFC 4180): node, heading, who regulates it, then for each country its regulation ids,
/// texts and English renderings, several regulations on one node separated by line breaks.
pub fn csv(table: &Table<'_>) -> String {
    let mut header = vec![
        "node".to_string(),
        "heading".to_string(),
        "regulated_by".to_string(),
    ];
    for country in table.countries {
        let code = country.data.country.as_str();
        header.extend([
            format!("{code}_id"),
            format!("{code}_footnote"),
            format!("{code}_text"),
            // The project's rendering, never the federation's text.
            format!("{code}_english_unofficial"),
        ]);
    }
    let mut out = csv_record(&header);
    for row in table.rows {
        let cells: Vec<(&str, &[&Regulation])> = table.cells(row).collect();
        // One regulation per cell, for sorting and filtering by id: a node a country
        // regulates twice takes two records, the node's columns repeated.
        let records = cells.iter().map(|(_, r)| r.len()).max().unwrap_or(0).max(1);
        for n in 0..records {
            let mut record = table.lead(row, " ");
            for (_, regulations) in &cells {
                match regulations.get(n) {
                    Some(r) => record.extend([
                        r.id.to_string(),
                        r.footnote.clone().unwrap_or_default(),
                        r.text.to_string(),
                        r.english
                            .as_ref()
                            .map_or_else(String::new, |e| e.text.to_string()),
                    ]),
                    None => record.extend(std::iter::repeat_n(String::new(), 4)),
                }
            }
            out.push_str(&csv_record(&record));
        }
    }
    out
}

/// One CSV record (RFC 4180). A cell a spreadsheet would read as a formula (starting with `=`,
/// `+`, `-`, `@`, a tab or a carriage return) is written with a `'` before it, as OWASP
/// advises against CSV injection: the corpus holds texts, never formulas.
pub fn csv_record(fields: &[String]) -> String {
    let quoted: Vec<String> = fields
        .iter()
        .map(|f| {
            let f = if f.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                format!("'{f}")
            } else {
                f.clone()
            };
            if f.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                f
            }
        })
        .collect();
    format!("{}\r\n", quoted.join(","))
}

/// The countries as a Markdown table.
pub fn countries_markdown(countries: &[Regulations]) -> String {
    let mut out = String::from("| Country | Regulations | Federation | Language | Printed in |\n");
    out.push_str("| --- | --- | --- | --- | --- |\n");
    for c in countries {
        let d = &c.data;
        let cells = [
            d.country.to_string(),
            d.regulations.len().to_string(),
            d.federation.clone(),
            d.language.to_string(),
            d.source.to_string(),
        ];
        let cells: Vec<String> = cells.iter().map(|c| markdown_cell(c)).collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

/// The countries as CSV.
pub fn countries_csv(countries: &[Regulations]) -> String {
    let header = ["country", "regulations", "federation", "language", "source"].map(String::from);
    let mut out = csv_record(&header);
    for c in countries {
        let d = &c.data;
        out.push_str(&csv_record(&[
            d.country.to_string(),
            d.regulations.len().to_string(),
            d.federation.clone(),
            d.language.to_string(),
            d.source.to_string(),
        ]));
    }
    out
}

/// What a country's file says of itself.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CountryJson {
    /// ISO 3166 code, lower case (`il`, `gr`).
    pub country: String,
    /// The federation, in its own language and in English.
    pub federation: String,
    /// The language the regulations are printed in.
    pub language: String,
    /// The edition they are printed in.
    pub source: String,
    /// How many regulations the country has.
    pub regulations: usize,
}

impl CountryJson {
    /// The figures of `country`.
    pub fn of(country: &Regulations) -> Self {
        let data = &country.data;
        CountryJson {
            country: data.country.to_string(),
            federation: data.federation.clone(),
            language: data.language.to_string(),
            source: data.source.to_string(),
            regulations: data.regulations.len(),
        }
    }
}

/// `regs --format json` without a country: the countries there are.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CountriesJson {
    /// Every country with regulations in the corpus.
    pub countries: Vec<CountryJson>,
}

/// One regulation with what its text cites.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RegulationJson {
    /// `reg/<country>/<n>`.
    pub id: String,
    /// The country's code (`il`).
    pub country: String,
    /// The node it qualifies.
    pub attached_to: String,
    /// The footnote it is printed in or qualifies.
    pub footnote: Option<String>,
    /// The text as printed.
    pub text: String,
    /// An English rendering written for the project.
    pub english: Option<Rendering>,
    /// The line of the source text it was read from.
    pub source_line: Option<usize>,
    /// The ids its text cites.
    pub refs: Vec<String>,
}

impl RegulationJson {
    /// `regulation` of `country`, its citations resolved in the corpus.
    pub fn of(corpus: &Corpus, country: &Regulations, regulation: &Regulation) -> Self {
        RegulationJson {
            id: regulation.id.to_string(),
            country: country.data.country.to_string(),
            attached_to: regulation.attached_to.to_string(),
            footnote: regulation.footnote.clone(),
            text: regulation.text.to_string(),
            english: regulation.english.clone(),
            source_line: regulation.source_line,
            refs: regs::cited(corpus, country, regulation),
        }
    }
}

/// A node some country regulates, with every country's regulations on it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RegulatedNodeJson {
    /// The node's canonical id (`40B1(b)`).
    pub id: String,
    /// Its titles in the edition that names the nodes, joined by ` › `.
    pub heading: String,
    /// The countries that regulate it.
    pub regulated_by: Vec<String>,
    /// Each country's regulations on it, by country code (empty for one that does not).
    pub regulations: BTreeMap<String, Vec<RegulationJson>>,
}

/// `regs <COUNTRY> --format json` and `regs diff --format json`: the nodes regulated, node by
/// node.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ComparisonJson {
    /// The countries compared.
    pub countries: Vec<CountryJson>,
    /// The edition whose headings name the nodes.
    pub headings: String,
    /// The node asked for with `--law`, whose subtree alone is listed.
    pub scope: Option<String>,
    /// The nodes regulated, in document order.
    pub nodes: Vec<RegulatedNodeJson>,
}

/// The table as JSON; `scope` as asked.
pub fn json(table: &Table<'_>, scope: Option<&str>) -> ComparisonJson {
    let nodes = table
        .rows
        .iter()
        .map(|row| RegulatedNodeJson {
            id: row.node.to_string(),
            heading: table.heading(row),
            regulated_by: row
                .regulated_by(table.countries)
                .into_iter()
                .map(str::to_string)
                .collect(),
            regulations: table
                .countries
                .iter()
                .zip(&row.by_country)
                .map(|(country, regulations)| {
                    let list = regulations
                        .iter()
                        .map(|r| RegulationJson::of(table.corpus, country, r))
                        .collect();
                    (country.data.country.to_string(), list)
                })
                .collect(),
        })
        .collect();
    ComparisonJson {
        countries: table.countries.iter().map(|c| CountryJson::of(c)).collect(),
        headings: table.headings.id().to_string(),
        scope: scope.map(str::to_string),
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_would_break_a_record() {
        let fields = ["40B1(b)", "a, b", "say \"x\"", "two\nlines", "ב"].map(String::from);
        assert_eq!(
            csv_record(&fields),
            "40B1(b),\"a, b\",\"say \"\"x\"\"\",\"two\nlines\",ב\r\n"
        );
    }

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_as_text() {
        let fields = ["=SUM(A1)", "+1", "-2", "@cmd", "ok"].map(String::from);
        assert_eq!(csv_record(&fields), "'=SUM(A1),'+1,'-2,'@cmd,ok\r\n");
    }

    #[test]
    fn markdown_cells_keep_to_their_row() {
        assert_eq!(markdown_cell("a | b\nc"), "a \\| b<br>c");
        // Emphasis, HTML and entities are text as printed, not markup.
        let printed = "*not* <b>bold</b> &amp; 3_NT `x` ~y~ a\\b";
        let cell = markdown_cell(printed);
        assert_eq!(
            cell,
            "\\*not\\* \\<b\\>bold\\</b\\> \\&amp; 3\\_NT \\`x\\` \\~y\\~ a\\\\b"
        );
        // A Markdown reader shows the cell as printed.
        let table = format!("| t |\n|---|\n| {cell} |\n");
        let mut html = String::new();
        pulldown_cmark::html::push_html(
            &mut html,
            pulldown_cmark::Parser::new_ext(&table, pulldown_cmark::Options::all()),
        );
        let mut text = String::new();
        for event in pulldown_cmark::Parser::new_ext(&table, pulldown_cmark::Options::all()) {
            if let pulldown_cmark::Event::Text(t) = event {
                text.push_str(&t);
            }
        }
        assert!(text.ends_with(printed), "{text}\n{html}");
        assert!(!html.contains("<b>") && !html.contains("<em>"), "{html}");
    }
}
