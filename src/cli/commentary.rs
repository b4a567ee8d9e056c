//! `bridgelaws commentary [<ID>]`: the commentary documents listed, or one document (or one
//! scenario of the booklet) rendered for the terminal, as a standalone HTML page, as Markdown
//! or as JSON.

use std::io::Write;

use super::{Display, emit, emit_json, emit_text};
use bridgelaws::corpus::Corpus;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::commentary as render;
use bridgelaws::render::{html, markdown};
use bridgelaws::text::is_rtl_language;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A document (td-booklet, law-27-slides, how-bridge-is-played) or one scenario of the
    /// booklet (td-booklet/12); none lists the documents
    #[arg(value_name = "ID")]
    pub id: Option<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: DocFormat,

    #[command(flatten)]
    pub display: Display,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum DocFormat {
    /// Laid out for the terminal: headings, bold, lists, aligned tables
    #[default]
    Text,
    /// A standalone, sanitized HTML page
    Html,
    /// The Markdown itself
    Markdown,
    Json,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let Some(id) = &args.id else {
        return list(corpus, args, out);
    };
    let Some(found) = render::find(&corpus.commentary, id) else {
        let known: Vec<&str> = corpus.commentary.summaries().iter().map(|s| s.id).collect();
        // An unknown id is a bad argument, like an unknown edition, not a search that found
        // nothing.
        return Err(Error::Usage(format!(
            "no commentary `{id}`; documents: {} (a scenario of a booklet is `<booklet>/<n>`)",
            known.join(", ")
        )));
    };
    match args.format {
        DocFormat::Json => emit_json(out, &found.json),
        DocFormat::Markdown => emit(out, &found.markdown),
        DocFormat::Html => {
            let dir = if is_rtl_language(&found.language) {
                "rtl"
            } else {
                "ltr"
            };
            emit(
                out,
                &html::html_page(&found.title, &found.language, dir, &found.markdown),
            )
        }
        DocFormat::Text => {
            let style = args.display.style();
            emit_text(out, &style, &markdown::terminal(&found.markdown, &style))
        }
    }
}

fn list(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let commentary = &corpus.commentary;
    let summaries = commentary.summaries();
    if args.format == DocFormat::Json {
        emit_json(out, &render::list_json(commentary, &summaries))?;
    }
    if summaries.is_empty() {
        return Err(Error::NotFound(format!(
            "the corpus at {} has no commentary/ documents",
            corpus.root.display("")
        )));
    }
    if args.format == DocFormat::Json {
        return Ok(());
    }
    emit_text(
        out,
        &args.display.style(),
        &render::list_text(commentary, &summaries),
    )
}
