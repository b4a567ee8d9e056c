//! `bridgelaws check`: verify the whole corpus; exit 0 only when it is clean.

use std::io::Write;

use clap::ValueEnum;

use super::{Display, emit_json, emit_raw};
use bridgelaws::check;
use bridgelaws::corpus::Root;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::check as report;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Compiler-style diagnostics with the offending text underlined
    #[default]
    Text,
    /// One JSON document: counts, diagnostics with their places, figures per edition
    Json,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(long, value_enum, default_value_t)]
    pub format: CheckFormat,

    /// Leave out the notes (the acknowledged differences between the editions)
    #[arg(long, short)]
    pub quiet: bool,

    #[command(flatten)]
    pub display: Display,
}

pub fn run(root: Root, args: &Args, out: &mut dyn Write) -> Result<()> {
    let report = match bridgelaws::load_all(root.clone()) {
        Ok((corpus, loaded)) => check::check(&corpus, loaded),
        // A tool asked for JSON gets JSON, even when there is no corpus to read.
        Err(err) if args.format == CheckFormat::Json => check::Report::failed(&root, &err),
        Err(err) => return Err(err),
    };
    // The text report ends with its own summary; a tool reading JSON gets one on stderr.
    let failure = match args.format {
        CheckFormat::Json => {
            emit_json(out, &report::json(&report))?;
            format!(
                "check found {}",
                bridgelaws::text::plural(report.errors(), "error")
            )
        }
        CheckFormat::Text => {
            let style = args.display.style();
            // The report shows the corpus's texts harmless itself, and draws its own styles.
            emit_raw(out, &report::text(&report, &style, args.quiet))?;
            String::new()
        }
    };
    match report.errors() {
        0 => Ok(()),
        _ => Err(Error::Failed(failure)),
    }
}
