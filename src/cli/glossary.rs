//! `bridgelaws glossary [TERM]`: a concept of the Laws in every language, with the nodes where it
//! is central, found from a term or variant in any language; without a term, every concept.

use std::io::Write;

use serde_json::json;

use super::{Format, emit};
use bridgelaws::corpus::{Corpus, Edition};
use bridgelaws::error::{Error, Result};
use bridgelaws::glossary::{self, Closeness};
use bridgelaws::render;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A term in any language, or a variant: "insufficient bid", כפל, ΑΣΑ, לקלף עונשין.
    /// Without it, every concept is listed
    #[arg(value_name = "TERM")]
    pub term: Option<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let Some(glossary) = &corpus.glossary else {
        return Err(Error::NotFound(format!(
            "the corpus at {} has no glossary.yaml",
            corpus.root.display("")
        )));
    };
    let glossary = &glossary.data;
    // Law headings in English where the corpus has an English edition.
    let headings: Option<&Edition> = corpus.english().or_else(|| corpus.editions.first());
    let Some(term) = &args.term else {
        return match args.format {
            Format::Json => {
                let all: Vec<_> = glossary
                    .concepts
                    .iter()
                    .map(|c| render::glossary::json(c, headings))
                    .collect();
                emit(out, &format!("{:#}\n", json!(all)))
            }
            Format::Text => {
                let lines: String = glossary
                    .concepts
                    .iter()
                    .map(render::glossary::list_line)
                    .collect();
                emit(out, &lines)
            }
        };
    };
    let found = glossary::lookup(glossary, term);
    if found.is_empty() {
        return Err(Error::NotFound(format!(
            "no glossary concept is called `{term}` in any language; try one word of it, or `bridgelaws glossary` for the list"
        )));
    }
    match args.format {
        Format::Json => {
            let concepts: Vec<_> = found
                .iter()
                .map(|f| {
                    let mut value = render::glossary::json(f.concept, headings);
                    value["matched"] = json!({"language": f.language, "form": f.form});
                    value
                })
                .collect();
            let value = json!({
                "query": term,
                "closeness": found[0].closeness,
                "concepts": concepts,
            });
            emit(out, &format!("{value:#}\n"))
        }
        Format::Text => {
            let style = render::TextStyle::from_env();
            let mut text = match found[0].closeness {
                Closeness::Exact => String::new(),
                Closeness::Prefixed => format!(
                    "`{term}` read as `{}`, with its prefixes taken off\n\n",
                    found[0].form
                ),
                Closeness::Partial => format!(
                    "`{term}` is part of {}:\n\n",
                    bridgelaws::text::plural(found.len(), "concept")
                ),
            };
            let blocks: Vec<String> = found
                .iter()
                .map(|f| render::glossary::text(f.concept, headings, &style))
                .collect();
            text.push_str(&blocks.join("\n"));
            emit(out, &text)
        }
    }
}
