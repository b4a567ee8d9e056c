//! `bridgelaws qa`: every place where the aligned nodes of the editions disagree; exit 0 when
//! only notes remain.

use std::io::Write;

use clap::ValueEnum;

use super::{Display, bom_needs_csv, chosen_editions, emit, emit_json, emit_text, texts_in_corpus};
use bridgelaws::corpus::Corpus;
use bridgelaws::error::{Error, Result};
use bridgelaws::qa;
use bridgelaws::render::qa as report;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// An edition to compare (its id, or its language); repeat for each [default: every
    /// edition whose text is bundled]
    #[arg(long = "edition", value_name = "ID")]
    pub editions: Vec<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: QaFormat,

    /// Leave out the notes (acknowledged differences, sentence counts, amendments)
    #[arg(long, short)]
    pub quiet: bool,

    /// With --format csv: begin with a byte-order mark, so that spreadsheet programs read the
    /// file as UTF-8
    #[arg(long)]
    pub bom: bool,

    #[command(flatten)]
    pub display: Display,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum QaFormat {
    /// Each finding with its places, then the counts per kind
    #[default]
    Text,
    /// One JSON document: the counts per kind, the length rule, every finding
    Json,
    /// A record per finding, with each edition's place and what was found there
    Csv,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    bom_needs_csv(args.bom, args.format == QaFormat::Csv)?;
    let editions = chosen_editions(corpus, &args.editions)?;
    if editions.len() < 2 {
        return Err(Error::Usage(
            "qa compares two editions or more: repeat --edition".into(),
        ));
    }
    texts_in_corpus(&editions, "compare")?;
    let found = qa::run(corpus, &editions);
    match args.format {
        QaFormat::Text => {
            let style = args.display.style();
            emit_text(out, &style, &report::text(&found, &style, args.quiet))?;
        }
        QaFormat::Json => emit_json(out, &report::json(&found))?,
        QaFormat::Csv => {
            let csv = report::csv(&found);
            emit(
                out,
                &if args.bom {
                    format!("\u{feff}{csv}")
                } else {
                    csv
                },
            )?;
        }
    }
    match found.errors() {
        0 => Ok(()),
        n => Err(Error::Failed(match args.format {
            // The text report ends with its own summary.
            QaFormat::Text => String::new(),
            _ => format!("qa found {n} errors"),
        })),
    }
}
