//! `bridgelaws export --edition <ID>`: every node of an edition, one JSON object per line.

use std::io::Write;

use clap::ValueEnum;

use super::{emit_raw, find_edition};
use bridgelaws::corpus::Corpus;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::node::export_record;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// JSON Lines: one object per node, in document order
    #[default]
    Jsonl,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Edition to export
    #[arg(long, value_name = "ID")]
    pub edition: String,

    #[arg(long, value_enum, default_value_t)]
    pub format: ExportFormat,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let edition = find_edition(corpus, &args.edition)?;
    let mut buffer = String::new();
    for index in 0..edition.entries.len() {
        let record = serde_json::to_string(&export_record(edition, index))
            .map_err(|e| Error::Format(format!("cannot write JSON: {e}")))?;
        buffer.push_str(&record);
        buffer.push('\n');
    }
    emit_raw(out, &bridgelaws::render::style::json_shown(&buffer))
}
