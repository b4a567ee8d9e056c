//! Command-line interface: argument definitions and one module per subcommand.

mod check;
mod commentary;
mod compare;
mod completions;
mod export;
mod glossary;
mod import;
mod index;
mod man;
mod qa;
mod regs;
mod schema;
mod search;
mod serve;
mod show;

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use bridgelaws::corpus::{Corpus, Edition, Root};
use bridgelaws::error::{Error, Result};
use bridgelaws::render::{Bidi, Style};

/// The Laws of Duplicate Bridge (2017) in every edition: show, check, export and import the corpus.
#[derive(Debug, Parser)]
#[command(name = "bridgelaws", version, about, long_about = None)]
pub struct Cli {
    /// Corpus folder [default: ./corpus when it exists, else the copy built into this program]
    #[arg(long, global = true, value_name = "DIR")]
    pub corpus: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show a law, section, paragraph, item, definition or footnote, in one or more editions
    Show(show::Args),
    /// Editions side by side, row by row on the aligned ids: a node, a range of laws, or all
    Compare(compare::Args),
    /// Every place where the editions' aligned nodes disagree: numbers, citations, footnote
    /// markers, absent nodes, script, length, sentences, amendments
    Qa(qa::Args),
    /// Export an edition as JSON Lines, or editions for translation tools (TMX, XLIFF, CSV)
    Export(export::Args),
    /// Import an edition from the plain-text extraction of its printed book
    Import(import::Args),
    /// Write the JSON Schemas of the corpus files and of the JSON output into the corpus's schema/ folder
    Schema(schema::Args),
    /// Check the whole corpus: every reference resolves, the editions agree, the texts are clean
    Check(check::Args),
    /// National regulations: a country's list in law order, or `regs diff` to compare countries
    Regs(regs::Args),
    /// The concepts of the Laws in English, Hebrew and Greek, found from a term in any of them
    Glossary(glossary::Args),
    /// Search every edition by keyword in Hebrew, Greek or English, or by a law in any script
    Search(search::Args),
    /// Build the search index (`search` builds it on first use and when the corpus changes)
    Index(index::Args),
    /// The commentary (the directors' scenario booklet, slides, articles): list them, or render one
    Commentary(commentary::Args),
    /// Serve the web interface: search, every node, regulations, commentary, glossary, JSON API
    Serve(serve::Args),
    /// Print the completion script of a shell (bash, zsh, fish, elvish, powershell)
    Completions(completions::Args),
    /// Print the manual page (roff): `bridgelaws man > bridgelaws.1`; `--dir` writes a page per
    /// command too
    Man(man::Args),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Json,
}

/// Where the search index is: the option of `index`, `search` and `serve`.
#[derive(Debug, clap::Args)]
pub struct IndexDir {
    /// Index folder [default: beside the corpus folder, `index/` for one named `corpus`,
    /// else `<name>-index/`; a cache folder for the built-in corpus]
    #[arg(long = "index", value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
}

/// How text is shown: the options every command that prints Hebrew takes.
#[derive(Debug, clap::Args)]
pub struct Display {
    /// Hebrew lines in visual order: `auto` does it for a terminal that does not apply bidi
    /// itself; never for a pipe or JSON
    #[arg(long, value_enum, default_value_t)]
    pub bidi: Bidi,
}

impl Display {
    /// The style of standard output with these options.
    pub fn style(&self) -> Style {
        Style::for_stdout(self.bidi)
    }
}

/// Run a parsed command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<()> {
    let (root, note) = Root::chosen(cli.corpus.as_deref());
    if let Some(note) = note {
        eprintln!("{note}");
    }
    let result = match cli.command {
        Command::Show(args) => show::run(&bridgelaws::load(root)?, &args, out),
        Command::Compare(args) => compare::run(&bridgelaws::load(root)?, &args, out),
        Command::Qa(args) => qa::run(&bridgelaws::load(root)?, &args, out),
        Command::Export(args) => export::run(&bridgelaws::load(root)?, &args, out),
        Command::Import(args) => import::run(cli.corpus.as_deref(), &args, out),
        Command::Schema(args) => schema::run(cli.corpus.as_deref(), &args, out),
        Command::Check(args) => check::run(root, &args, out),
        Command::Regs(args) => regs::run(&bridgelaws::load(root)?, &args, out),
        Command::Glossary(args) => glossary::run(&bridgelaws::load(root)?, &args, out),
        Command::Search(args) => search::run(&root, &args, out),
        Command::Index(args) => index::run(&root, &args, out),
        Command::Commentary(args) => commentary::run(&bridgelaws::load(root)?, &args, out),
        Command::Serve(args) => serve::run(root, &args, out),
        Command::Completions(args) => completions::run(&args, out),
        Command::Man(args) => man::run(&args, out),
    };
    match result {
        // A reader that went away (`bridgelaws export … | head`) is not an error.
        Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// The edition named on the command line (by its id, or by its language when one edition has
/// it: `he` for `he-2017`), or a message listing the ones there are.
fn find_edition<'c>(corpus: &'c Corpus, id: &str) -> Result<&'c Edition> {
    let by_language: Vec<&Edition> = corpus
        .editions
        .iter()
        .filter(|e| e.language() == id)
        .collect();
    match (corpus.edition(id), by_language.as_slice()) {
        (Some(edition), _) | (None, &[edition]) => Ok(edition),
        _ => {
            let known: Vec<&str> = corpus.editions.iter().map(|e| e.id()).collect();
            Err(Error::Usage(format!(
                "no edition `{id}` in the corpus; editions: {}",
                known.join(", ")
            )))
        }
    }
}

/// The editions named on the command line, each once, or, when none is named, every edition
/// whose text is bundled (what `compare` and `qa` work on by default).
fn chosen_editions<'c>(corpus: &'c Corpus, named: &[String]) -> Result<Vec<&'c Edition>> {
    if named.is_empty() {
        return Ok(corpus.bundled_editions());
    }
    let editions = named
        .iter()
        .map(|wanted| find_edition(corpus, wanted))
        .collect::<Result<Vec<_>>>()?;
    for (i, edition) in editions.iter().enumerate() {
        if editions[..i].iter().any(|e| e.id() == edition.id()) {
            return Err(Error::Usage(format!(
                "--edition {} is given twice; give each edition once",
                edition.id()
            )));
        }
    }
    Ok(editions)
}

/// Refuses an edition whose text the corpus does not hold (the English original, unless a
/// copy was imported): it has nothing to `purpose` but headings, and would only empty the
/// result.
fn texts_in_corpus(editions: &[&Edition], purpose: &str) -> Result<()> {
    match editions
        .iter()
        .find(|e| !e.text_bundled() && e.entries.iter().all(|x| x.text.is_none()))
    {
        Some(bare) => Err(Error::Usage(format!(
            "{}'s text is not in the corpus, so there is nothing to {purpose}; leave it out, or fill it from your own copy with `bridgelaws import --profile {} --source FILE`",
            bare.id(),
            bare.language()
        ))),
        None => Ok(()),
    }
}

/// `--bom` is refused with a format other than CSV, where it would be silently dropped.
fn bom_needs_csv(bom: bool, csv: bool) -> Result<()> {
    if bom && !csv {
        return Err(Error::Usage("--bom is for --format csv".into()));
    }
    Ok(())
}

/// Plain text to the output, what the corpus put in it made harmless (`text::printable`):
/// no control character reaches the terminal.
fn emit(out: &mut dyn Write, text: &str) -> Result<()> {
    emit_raw(out, &bridgelaws::text::printable(text))
}

/// Writing to the output: failures carry the name of what was being written. The text must
/// have been made harmless already (styled text, by its style).
fn emit_raw(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes())
        .map_err(|e| Error::io("<standard output>", e))
}

/// Text laid out in logical order, printed as `style` wants it (in visual order for a
/// terminal without bidi), with its bold and nothing else a terminal acts on.
fn emit_text(out: &mut dyn Write, style: &Style, text: &str) -> Result<()> {
    emit_raw(out, &style.finish(text))
}

/// A typed result as pretty JSON, one document.
fn emit_json<T: serde::Serialize>(out: &mut dyn Write, value: &T) -> Result<()> {
    let json = serde_json::to_string_pretty(value)
        .map_err(|e| Error::Format(format!("cannot write JSON: {e}")))?;
    emit_raw(
        out,
        &format!("{}\n", bridgelaws::render::style::json_shown(&json)),
    )
}

/// The folder commands that write into the corpus work in.
fn corpus_dir(dir: Option<&std::path::Path>) -> PathBuf {
    dir.map_or_else(|| PathBuf::from("corpus"), std::path::Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        // clap's own checks of the definition: conflicting names, bad defaults, missing values.
        super::Cli::command().debug_assert();
    }
}
