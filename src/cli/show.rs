//! `bridgelaws show <REF>`: a node with its heading, text, children and footnotes, then the
//! national regulations on it and the commentary that cites it.

use std::io::Write;

use super::{Display, Format, emit_json, emit_text, find_edition};
use bridgelaws::corpus::{Corpus, Regulations};
use bridgelaws::error::{Error, Result};
use bridgelaws::render::node::{self, ShowJson};
use bridgelaws::render::regs::{RegulationJson, Table};
use bridgelaws::{refs, regs, render};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to show: 27B1(a), 27b1a, "Law 27B1(a)", 27Β1(α), "Νόμος 27Β1α", 71.1, def/dummy, preface
    #[arg(value_name = "REF")]
    pub reference: String,

    /// Edition to show it from; repeat for several [default: every edition]
    #[arg(long = "edition", value_name = "ID")]
    pub editions: Vec<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: Format,

    #[command(flatten)]
    pub display: Display,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let id = refs::parse(&args.reference).map_err(Error::Usage)?;
    let editions = if args.editions.is_empty() {
        corpus.editions.iter().collect::<Vec<_>>()
    } else {
        args.editions
            .iter()
            .map(|wanted| find_edition(corpus, wanted))
            .collect::<Result<Vec<_>>>()?
    };
    let found: Vec<_> = editions
        .iter()
        .filter_map(|e| e.index_of(&id).map(|i| (*e, i)))
        .collect();
    // Every country's regulations on the node or under it, once, whichever editions are shown.
    let countries: Vec<&Regulations> = corpus.regulations.iter().collect();
    let rows = match found.first() {
        Some((edition, _)) => regs::compare(&countries, edition, Some(&id)),
        None => Vec::new(),
    };
    let citing = node::citing_commentary(corpus, &id);
    match args.format {
        Format::Json => {
            let regulations = rows
                .iter()
                .flat_map(|row| countries.iter().zip(&row.by_country))
                .flat_map(|(country, list)| {
                    list.iter().map(|r| RegulationJson::of(corpus, country, r))
                })
                .collect();
            let value = ShowJson {
                query: args.reference.clone(),
                id: id.clone(),
                results: found.iter().map(|(e, i)| node::json(e, *i)).collect(),
                regulations,
                commentary: citing,
            };
            emit_json(out, &value)?;
        }
        Format::Text => {
            let style = args.display.style();
            let mut text = String::new();
            for (n, (edition, index)) in found.iter().enumerate() {
                if n > 0 {
                    text.push('\n');
                }
                text.push_str(&node::text(edition, *index, &style));
            }
            if let Some((edition, _)) = found.first()
                && !rows.is_empty()
            {
                let table = Table {
                    corpus,
                    countries: &countries,
                    rows: &rows,
                    headings: edition,
                };
                text.push_str(&format!(
                    "\n{}\n\n{}",
                    style.bold("National regulations"),
                    render::regs::text(&table, &style, false)
                ));
            }
            if !found.is_empty() && !citing.is_empty() {
                text.push_str(&format!("\n{}\n\n", style.bold("Commentary")));
                for c in &citing {
                    text.push_str(&format!(
                        "  {} · {} → {}\n",
                        c.id,
                        c.title,
                        c.cites.join(", ")
                    ));
                }
            }
            emit_text(out, &style, &text)?;
        }
    }
    let missing: Vec<&str> = editions
        .iter()
        .filter(|e| e.index_of(&id).is_none())
        .map(|e| e.id())
        .collect();
    if found.is_empty() {
        return Err(Error::NotFound(format!(
            "{id}: no such node in {}",
            missing.join(", ")
        )));
    }
    if !missing.is_empty() {
        eprintln!("note: {id} is not in {}", missing.join(", "));
    }
    Ok(())
}
