//! `bridgelaws commentary [<ID>]`: the commentary documents listed, or one document (or one
//! scenario of the booklet) rendered for the terminal, as a standalone HTML page, as Markdown
//! or as JSON.

use std::io::Write;

use super::{Display, emit, emit_json, emit_text};
use bridgelaws::corpus::Corpus;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::commentary::{self as render, CommentaryJson};
use bridgelaws::render::{html, markdown};
use bridgelaws::text::{is_rtl_language, plural};

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

/// What an id names: its title, language, Markdown and JSON.
struct Found {
    title: String,
    language: String,
    markdown: String,
    json: CommentaryJson,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let Some(id) = &args.id else {
        return list(corpus, args, out);
    };
    let found = find(corpus, id)?;
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

/// A document by id, or a scenario of a booklet.
fn find(corpus: &Corpus, id: &str) -> Result<Found> {
    let commentary = &corpus.commentary;
    for booklet in &commentary.booklets {
        let data = &booklet.data;
        if data.id.as_str() == id {
            return Ok(Found {
                title: data.title.clone(),
                language: data.language.clone(),
                markdown: render::booklet_markdown(data, commentary),
                json: render::booklet_json(data, commentary),
            });
        }
        if let Some(scenario) = data.scenarios().find(|s| s.id.as_str() == id) {
            return Ok(Found {
                title: scenario.title.clone(),
                language: data.language.clone(),
                markdown: render::scenario_markdown(scenario, commentary, "#"),
                json: render::booklet_scenario_json(data, scenario, commentary),
            });
        }
    }
    if let Some(document) = commentary
        .documents
        .iter()
        .find(|d| d.meta.id.as_str() == id)
    {
        return Ok(Found {
            title: document.meta.title.clone(),
            language: document.meta.language.clone(),
            markdown: document.body.clone(),
            json: render::document_json(document, commentary),
        });
    }
    let known: Vec<&str> = commentary.summaries().iter().map(|s| s.id).collect();
    Err(Error::NotFound(format!(
        "no commentary `{id}`; documents: {} (a scenario of a booklet is `<booklet>/<n>`)",
        known.join(", ")
    )))
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
    let mut text = String::new();
    for s in &summaries {
        let citations = commentary
            .refs_of(s.id)
            .filter(|r| r.target.is_ok())
            .count();
        let detail = match s.scenarios {
            Some(n) => format!("{}, ", plural(n, "scenario")),
            None => String::new(),
        };
        text.push_str(&format!(
            "{:<22} {:<8} {}{} · {}\n",
            s.id,
            s.kind,
            detail,
            plural(citations, "citation"),
            s.title
        ));
    }
    emit_text(out, &args.display.style(), &text)
}
