//! `bridgelaws search QUERY`: keywords in Hebrew, Greek or English, or a law in any script,
//! across every edition; results ranked, with the matched words marked.

use std::io::Write;

use super::{Display, Format, IndexDir, emit_json, emit_text};
use bridgelaws::corpus::Root;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::search as render;
use bridgelaws::search::{self, DocKind, Lang, Request};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Words in Hebrew, Greek or English ("insufficient bid", הובלה שלא בתור, αντίπαλος),
    /// or a law in any script (27B1(a), "חוק 27ב1(א)", "Νόμος 20ΣΤ5", "law 16", L45C4b)
    #[arg(value_name = "QUERY", required = true, num_args = 1..)]
    pub query: Vec<String>,

    /// Results in this language; another language than the query's finds its nodes through
    /// the glossary and the aligned editions. Repeat for several [default: the query's]
    #[arg(long, value_enum)]
    pub lang: Vec<LangArg>,

    /// Only this edition (`he-2017`) or country's regulations (`il`). Repeat for several
    #[arg(long, value_name = "ID")]
    pub edition: Vec<String>,

    /// Only these kinds, separated by commas
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = DocKind::READABLE)]
    pub kind: Vec<DocKind>,

    /// At most this many results
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..))]
    pub limit: u16,

    #[arg(long, value_enum, default_value_t)]
    pub format: Format,

    #[command(flatten)]
    pub display: Display,

    #[command(flatten)]
    pub index: IndexDir,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LangArg {
    He,
    El,
    En,
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::He => Lang::He,
            LangArg::El => Lang::El,
            LangArg::En => Lang::En,
        }
    }
}

pub fn run(root: &Root, args: &Args, out: &mut dyn Write) -> Result<()> {
    let opened = search::open_announcing(root, args.index.dir.as_deref())?;
    // An edition may be named by its language (`he`), as with --lang.
    let editions = &opened.manifest.editions;
    let edition_ids: Vec<String> = args
        .edition
        .iter()
        .flat_map(|wanted| {
            let of_language: Vec<String> = editions
                .iter()
                .filter(|(id, language)| *language == wanted && id.contains('-'))
                .map(|(id, _)| id.clone())
                .collect();
            if editions.contains_key(wanted) || of_language.is_empty() {
                vec![wanted.clone()]
            } else {
                of_language
            }
        })
        .collect();
    let request = Request {
        query: args.query.join(" "),
        langs: args.lang.iter().map(|&l| l.into()).collect(),
        editions: edition_ids,
        kinds: args.kind.clone(),
        limit: usize::from(args.limit),
        // A citation's script says which edition comes first.
        first: None,
    };
    let outcome = search::search(&opened, &request)?;
    match args.format {
        Format::Json => emit_json(out, &outcome)?,
        Format::Text if outcome.results.is_empty() => {}
        Format::Text => {
            let style = args.display.style();
            emit_text(out, &style, &render::text(&outcome, &style))?;
        }
    }
    if outcome.results.is_empty() {
        return Err(Error::NotFound(outcome.message.map(|m| m.to_string()).unwrap_or_else(|| {
            format!(
                "nothing found for `{}`; try fewer words, another spelling, or --lang for another language",
                request.query
            )
        })));
    }
    Ok(())
}
