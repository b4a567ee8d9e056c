//! `bridgelaws show <REF>`: a node with its heading, text, children and footnotes.

use std::io::Write;

use serde_json::json;

use super::{Format, emit, find_edition};
use crate::corpus::Corpus;
use crate::error::{Error, Result};
use crate::{refs, render};

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
    match args.format {
        Format::Json => {
            let results: Vec<_> = found
                .iter()
                .map(|(e, i)| render::entry_json(e, *i))
                .collect();
            let value = json!({"query": args.reference, "id": id, "results": results});
            emit(out, &format!("{value:#}\n"))?;
        }
        Format::Text => {
            let style = render::TextStyle::from_env();
            for (n, (edition, index)) in found.iter().enumerate() {
                if n > 0 {
                    emit(out, "\n")?;
                }
                emit(out, &render::entry_text(edition, *index, &style))?;
            }
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
