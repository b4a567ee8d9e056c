//! `bridgelaws search QUERY`: keywords in Hebrew, Greek or English, or a law in any script,
//! across every edition; results ranked, with the matched words marked.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use super::{Format, emit, index};
use bridgelaws::corpus::Root;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::TextStyle;
use bridgelaws::render::search::{self as render, Display};
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

    /// Only these kinds [default: law, definition, footnote, regulation]
    #[arg(long, value_enum, value_delimiter = ',')]
    pub kind: Vec<DocKind>,

    /// At most this many results
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..))]
    pub limit: u16,

    #[arg(long, value_enum, default_value_t)]
    pub format: Format,

    /// Hebrew lines in visual order: `auto` does it for a terminal that does not apply bidi
    /// itself; never for a pipe or JSON
    #[arg(long, value_enum, default_value_t)]
    pub bidi: Bidi,

    /// Index folder [default: index/ beside the corpus folder; a cache folder for the
    /// built-in corpus]
    #[arg(long, value_name = "DIR")]
    pub index: Option<PathBuf>,
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Bidi {
    #[default]
    Auto,
    On,
    Off,
}

pub fn run(root: &Root, args: &Args, out: &mut dyn Write) -> Result<()> {
    let dir = index::index_dir(root, args.index.as_deref());
    let opened = index::open(root, &dir)?;
    let request = Request {
        query: args.query.join(" "),
        langs: args.lang.iter().map(|&l| l.into()).collect(),
        editions: args.edition.clone(),
        kinds: args.kind.clone(),
        limit: usize::from(args.limit),
    };
    let outcome = search::search(&opened, &request)?;
    if outcome.results.is_empty() {
        return Err(Error::NotFound(format!(
            "nothing found for `{}`; try fewer words, another spelling, or --lang for another language",
            request.query
        )));
    }
    match args.format {
        Format::Json => emit(
            out,
            &format!(
                "{:#}\n",
                serde_json::to_value(&outcome).expect("results serialize")
            ),
        ),
        Format::Text => {
            let terminal = std::io::stdout().is_terminal();
            let display = Display {
                bold: terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
                bidi: match args.bidi {
                    Bidi::On => true,
                    Bidi::Off => false,
                    Bidi::Auto => terminal && !terminal_applies_bidi(),
                },
                style: TextStyle::from_env(),
            };
            emit(out, &render::text(&outcome, &display))
        }
    }
}

/// Terminals known to reorder right-to-left text themselves (GUIDE §5); reordering for them
/// would reverse it twice.
pub(super) fn terminal_applies_bidi() -> bool {
    let var = |name: &str| std::env::var_os(name).is_some();
    var("KONSOLE_VERSION")
        || var("MLTERM")
        || std::env::var("TERM_PROGRAM").is_ok_and(|t| t == "Apple_Terminal")
}
