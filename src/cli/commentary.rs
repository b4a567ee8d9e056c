//! `bridgelaws commentary [<ID>]`: the commentary documents listed, or one document (or one
//! scenario of the booklet) rendered for the terminal, as a standalone HTML page, as Markdown
//! or as JSON.

use std::io::{IsTerminal, Write};

use super::emit;
use super::search::{Bidi, terminal_applies_bidi};
use bridgelaws::corpus::Corpus;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::commentary as render;
use bridgelaws::render::markdown::{self, Terminal};
use bridgelaws::render::{TextStyle, search::visual_line};
use bridgelaws::text::plural;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A document (td-booklet, law-27-slides, how-bridge-is-played) or one scenario of the
    /// booklet (td-booklet/12); none lists the documents
    #[arg(value_name = "ID")]
    pub id: Option<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: DocFormat,

    /// Hebrew lines in visual order: `auto` does it for a terminal that does not apply bidi
    /// itself; never for a pipe, HTML or JSON
    #[arg(long, value_enum, default_value_t)]
    pub bidi: Bidi,
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
    json: serde_json::Value,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let Some(id) = &args.id else {
        return list(corpus, args, out);
    };
    let found = find(corpus, id)?;
    match args.format {
        DocFormat::Json => emit(out, &format!("{:#}\n", found.json)),
        DocFormat::Markdown => emit(out, &found.markdown),
        DocFormat::Html => {
            let dir = if bridgelaws::text::is_rtl_language(&found.language) {
                "rtl"
            } else {
                "ltr"
            };
            emit(
                out,
                &markdown::html_page(&found.title, &found.language, dir, &found.markdown),
            )
        }
        DocFormat::Text => {
            let terminal = std::io::stdout().is_terminal();
            let bidi = match args.bidi {
                Bidi::On => true,
                Bidi::Off => false,
                Bidi::Auto => terminal && !terminal_applies_bidi(),
            };
            let style = Terminal {
                // Reordering would split the escape codes of bold.
                bold: terminal
                    && !bidi
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
                width: TextStyle::from_env().width,
            };
            let text = markdown::terminal(&found.markdown, &style);
            let text = if bidi {
                text.lines().map(|l| visual_line(l) + "\n").collect()
            } else {
                text
            };
            emit(out, &text)
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
                json: render::scenario_json(scenario, commentary),
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
    if summaries.is_empty() {
        return Err(Error::NotFound(format!(
            "the corpus at {} has no commentary/ documents",
            corpus.root.display("")
        )));
    }
    if args.format == DocFormat::Json {
        let list: Vec<serde_json::Value> = summaries
            .iter()
            .map(|s| {
                serde_json::json!({
                    "id": s.id, "kind": s.kind, "title": s.title,
                    "language": s.language, "file": s.file,
                    "cites": render::cited(commentary, s.id),
                })
            })
            .collect();
        return emit(out, &format!("{:#}\n", serde_json::Value::Array(list)));
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
    emit(out, &text)
}
