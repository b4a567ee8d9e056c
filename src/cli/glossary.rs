//! `bridgelaws glossary [TERM]`: a concept of the Laws in every language, with the nodes where it
//! is central, found from a term or variant in any language; without a term, every concept.

use std::io::Write;

use super::{Display, Format, emit_json, emit_text};
use bridgelaws::corpus::{Corpus, Edition};
use bridgelaws::error::{Error, Result};
use bridgelaws::glossary;
use bridgelaws::render::glossary::{self as render, GlossaryJson};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A term in any language, or a variant: "insufficient bid", כפל, ΑΣΑ, לקלף עונשין.
    /// Without it, every concept is listed
    #[arg(value_name = "TERM")]
    pub term: Option<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: Format,

    #[command(flatten)]
    pub display: Display,
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
    let style = args.display.style();
    let Some(term) = &args.term else {
        return match args.format {
            Format::Json => emit_json(out, &GlossaryJson::all(&glossary.concepts, headings)),
            Format::Text => {
                let lines: String = glossary.concepts.iter().map(render::list_line).collect();
                emit_text(out, &style, &lines)
            }
        };
    };
    let found = glossary::lookup(glossary, term);
    match args.format {
        Format::Json => emit_json(out, &GlossaryJson::found(term, &found, headings))?,
        Format::Text if found.is_empty() => {}
        Format::Text => {
            let text = render::found_text(term, &found, headings, &style);
            emit_text(out, &style, &text)?;
        }
    }
    if found.is_empty() {
        return Err(Error::NotFound(format!(
            "no glossary concept is called `{term}` in any language; try one word of it, or `bridgelaws glossary` for the list"
        )));
    }
    Ok(())
}
