//! `bridgelaws regs [<COUNTRY>]` lists a country's regulations in law order;
//! `bridgelaws regs diff <COUNTRY> <COUNTRY>…` compares countries node by node.

use std::io::Write;

use clap::{Subcommand, ValueEnum};

use super::{Display, bom_needs_csv, emit, emit_json, emit_text, find_edition};
use bridgelaws::corpus::Corpus;
use bridgelaws::error::{Error, Result};
use bridgelaws::regs;
use bridgelaws::render::{
    self,
    regs::{CountriesJson, CountryJson, Table},
    style::wrap_labelled,
};

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<RegsCommand>,

    /// Country code of a regulations file (il, gr) [default: list the countries there are]
    #[arg(value_name = "COUNTRY")]
    pub country: Option<String>,

    #[command(flatten)]
    pub view: View,
}

#[derive(Debug, Subcommand)]
pub enum RegsCommand {
    /// Compare countries node by node: who regulates each node, and their texts side by side
    Diff(DiffArgs),
}

#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// Two or more country codes (il gr)
    #[arg(value_name = "COUNTRY", num_args = 2.., required = true)]
    pub countries: Vec<String>,

    #[command(flatten)]
    pub view: View,
}

/// What part of the regulations to print, and how.
#[derive(Debug, clap::Args)]
pub struct View {
    /// Only the regulations on this node and the nodes under it (40, 40B2, "Law 80", def/alert),
    /// or on a range of laws (40-42)
    #[arg(long = "law", value_name = "REF")]
    pub scope: Option<String>,

    /// Edition whose headings name the nodes [default: the English one if there is one, else
    /// the edition the first country's regulations are printed in]
    #[arg(long, value_name = "ID")]
    pub edition: Option<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: TableFormat,

    /// With --format csv: begin with a byte-order mark, so that spreadsheet programs read the
    /// file as UTF-8 (Hebrew and Greek otherwise come out garbled in some)
    #[arg(long)]
    pub bom: bool,

    #[command(flatten)]
    pub display: Display,
}

/// CSV as asked: with a byte-order mark first for `--bom`.
fn csv(view: &View, text: &str) -> String {
    if view.bom {
        format!("\u{feff}{text}")
    } else {
        text.to_string()
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// A block per node, each country's regulations under it
    #[default]
    Text,
    /// A table with a column per country
    Markdown,
    /// Columns per country: ids, texts, English
    Csv,
    Json,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let view = match &args.command {
        Some(RegsCommand::Diff(diff)) => &diff.view,
        None => &args.view,
    };
    bom_needs_csv(view.bom, view.format == TableFormat::Csv)?;
    match (&args.command, &args.country) {
        (Some(RegsCommand::Diff(diff)), _) => compare(corpus, &diff.countries, &diff.view, out),
        (None, Some(country)) => compare(corpus, std::slice::from_ref(country), &args.view, out),
        (None, None) => list_countries(corpus, &args.view, out),
    }
}

fn compare(corpus: &Corpus, codes: &[String], view: &View, out: &mut dyn Write) -> Result<()> {
    let countries = regs::countries(corpus, codes).map_err(|e| Error::Usage(e.to_string()))?;
    let headings = match view.edition.as_deref() {
        Some(id) => find_edition(corpus, id)?,
        None => regs::headings_edition(corpus, &countries)
            .ok_or_else(|| Error::Usage("the corpus has no edition to name the nodes".into()))?,
    };
    let asked = view
        .scope
        .as_deref()
        .map(|s| regs::scope(corpus, "--law", s))
        .transpose()?
        .flatten();
    let rows = regs::compare(&countries, headings, asked.as_ref());
    let scope = asked.map(|s| s.to_string());
    let nothing = || {
        Error::NotFound(format!(
            "no regulations of {}{}",
            codes.join(", "),
            scope
                .as_deref()
                .map_or_else(String::new, |id| format!(" on {id} or under it"))
        ))
    };
    if rows.is_empty() && view.format != TableFormat::Json {
        return Err(nothing());
    }
    let table = Table {
        corpus,
        countries: &countries,
        rows: &rows,
        headings,
    };
    match view.format {
        TableFormat::Text => {
            let style = view.display.style();
            let mut text = String::new();
            let summary = render::regs::summary(&table, scope.as_deref());
            wrap_labelled(&mut text, 0, "", summary.trim_end(), &style);
            text.push('\n');
            text.push_str(&render::regs::text(&table, &style, true));
            emit_text(out, &style, &text)
        }
        TableFormat::Markdown => emit(out, &render::regs::markdown(&table)),
        TableFormat::Csv => emit(out, &csv(view, &render::regs::csv(&table))),
        TableFormat::Json => emit_json(out, &render::regs::json(&table, scope.as_deref())),
    }?;
    if rows.is_empty() {
        return Err(nothing());
    }
    Ok(())
}

fn list_countries(corpus: &Corpus, view: &View, out: &mut dyn Write) -> Result<()> {
    if corpus.regulations.is_empty() {
        return Err(Error::NotFound(
            "the corpus has no regulations (a country is a file regulations/<code>.yaml)".into(),
        ));
    }
    match view.format {
        TableFormat::Json => {
            let countries = corpus.regulations.iter().map(CountryJson::of).collect();
            emit_json(out, &CountriesJson { countries })
        }
        TableFormat::Markdown => emit(out, &render::regs::countries_markdown(&corpus.regulations)),
        TableFormat::Csv => emit(
            out,
            &csv(view, &render::regs::countries_csv(&corpus.regulations)),
        ),
        TableFormat::Text => {
            let text = render::regs::countries_text(&corpus.regulations);
            emit_text(out, &view.display.style(), &text)
        }
    }
}
