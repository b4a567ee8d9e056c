//! `bridgelaws compare <REF>`: editions side by side, row by row on the aligned ids.

use std::io::Write;

use clap::ValueEnum;

use super::{Display, chosen_editions, emit, emit_json, emit_raw};
use bridgelaws::align::Scope;
use bridgelaws::corpus::Corpus;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::compare::Compared;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to compare: a node (27B1, "Law 27", 27Β1(α), def/dummy), a range of laws (61-64),
    /// or all
    #[arg(value_name = "REF")]
    pub reference: String,

    /// An edition to set beside the others (its id, or its language); repeat for several
    /// [default: every edition whose text is bundled]
    #[arg(long = "edition", value_name = "ID")]
    pub editions: Vec<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: CompareFormat,

    #[command(flatten)]
    pub display: Display,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    /// Columns on a terminal wide enough, each edition's text stacked under its id otherwise
    #[default]
    Text,
    /// A table, a column per edition
    Markdown,
    /// A standalone page, each column in its edition's direction
    Html,
    Json,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let scope = Scope::parse(&args.reference, corpus)?;
    let editions = chosen_editions(corpus, &args.editions)?;
    let compared = Compared::gather(corpus, editions, &scope, &args.reference);
    match args.format {
        CompareFormat::Text => {
            // Laid out and put in visual order cell by cell: only made harmless here.
            let style = args.display.style();
            emit_raw(out, &style.shown(&compared.text(&style)))?
        }
        CompareFormat::Markdown => emit(out, &compared.markdown())?,
        CompareFormat::Html => emit(out, &compared.html())?,
        CompareFormat::Json => emit_json(out, &compared.json())?,
    }
    if compared.rows.is_empty() {
        return Err(Error::NotFound(format!(
            "{}: no such node in the editions compared{}",
            args.reference.trim(),
            corpus.did_you_mean(args.reference.trim())
        )));
    }
    Ok(())
}
