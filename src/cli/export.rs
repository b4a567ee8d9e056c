//! `bridgelaws export --edition <ID>…`: an edition as JSON Lines, or editions aligned for
//! translation tools (TMX, XLIFF, CSV).

use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;

use super::{bom_needs_csv, chosen_editions, emit_raw, texts_in_corpus};
use bridgelaws::align::Scope;
use bridgelaws::corpus::Corpus;
use bridgelaws::corpus::write::write_file;
use bridgelaws::error::{Error, Result};
use bridgelaws::render::export::{self, Export, Segmentation};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// JSON Lines: one object per node of one edition, in document order
    #[default]
    Jsonl,
    /// TMX 1.4b translation memory: a unit per node or sentence, a variant per edition
    Tmx,
    /// XLIFF 1.2: one language pair, the first edition the source, the second the target
    Xliff,
    /// CSV for spreadsheets and translation tools: a row per node; each edition's title, text and note (absent, not bundled, a summary) in columns of their own
    Csv,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Units {
    /// A sentence per unit where the editions have the same number of sentences, else the node
    #[default]
    Sentences,
    /// A node's heading or text per unit, whole
    Nodes,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Edition to export (its id, or its language); repeat for tmx, xliff and csv, in order
    #[arg(long = "edition", value_name = "ID", required = true)]
    pub editions: Vec<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: ExportFormat,

    /// Only a part of the Laws: a node (27B1, "Law 27", def/dummy), a range of laws (61-64), or
    /// all
    #[arg(long, value_name = "REF", default_value = "all")]
    pub scope: String,

    /// How tmx and xliff cut the texts into units
    #[arg(long, value_enum, default_value_t)]
    pub units: Units,

    /// Begin the CSV with a byte order mark, for spreadsheet programs that need it to read UTF-8
    #[arg(long)]
    pub bom: bool,

    /// Write to FILE instead of standard output (`-` is standard output); it is replaced only
    /// once the export is whole (a failed export leaves it as it was)
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl Args {
    /// The file to write, if not standard output.
    fn file(&self) -> Option<&std::path::Path> {
        self.output
            .as_deref()
            .filter(|path| path.as_os_str() != "-")
    }
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    // A folder mistyped is said, not made: an export goes where the user points it.
    if let Some(path) = args.file() {
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
        if let Some(folder) = folder.filter(|f| !f.is_dir()) {
            return Err(Error::Usage(format!(
                "--output {}: there is no folder {}; create it first, or name a file in a folder that exists",
                path.display(),
                folder.display()
            )));
        }
    }
    let scope = Scope::parse(&args.scope, corpus)?;
    // Required on the command line: never the default of every edition.
    let editions = chosen_editions(corpus, &args.editions)?;
    bom_needs_csv(args.bom, args.format == ExportFormat::Csv)?;
    let (fewest, most, why) = match args.format {
        ExportFormat::Jsonl => (1, 1, "JSON Lines hold one edition"),
        ExportFormat::Tmx => (
            2,
            usize::MAX,
            "a translation memory pairs two editions or more",
        ),
        ExportFormat::Xliff => (
            2,
            2,
            "an XLIFF 1.2 file holds one language pair, source and target",
        ),
        ExportFormat::Csv => (1, usize::MAX, ""),
    };
    if !(fewest..=most).contains(&editions.len()) {
        let count = match (fewest, most) {
            (1, 1) => "once",
            (2, 2) => "twice",
            _ => "at least twice",
        };
        return Err(Error::Usage(format!("{why}: give --edition {count}")));
    }
    if matches!(args.format, ExportFormat::Tmx | ExportFormat::Xliff) {
        texts_in_corpus(&editions, "translate")?;
    }
    if let Scope::Node(id) = &scope
        && !editions.iter().any(|e| e.index_of(id).is_some())
    {
        let ids: Vec<&str> = editions.iter().map(|e| e.id()).collect();
        return Err(Error::NotFound(format!(
            "{id}: no such node in {}",
            ids.join(", ")
        )));
    }
    let nothing = || {
        Error::NotFound(format!(
            "{}: nothing to export in the editions given",
            args.scope.trim()
        ))
    };
    // Made whole, then written: nothing is written when there is nothing to export.
    let text = if args.format == ExportFormat::Jsonl {
        let jsonl = export::jsonl(editions[0], &scope)?;
        if jsonl.is_empty() {
            return Err(nothing());
        }
        bridgelaws::render::style::json_shown(&jsonl).into_owned()
    } else {
        let segmentation = match args.units {
            Units::Sentences => Segmentation::Sentences,
            Units::Nodes => Segmentation::Nodes,
        };
        let gathered = Export::gather(editions, &scope, &args.scope, segmentation);
        if gathered.rows.is_empty()
            || (args.format != ExportFormat::Csv && gathered.units.is_empty())
        {
            return Err(nothing());
        }
        if args.format != ExportFormat::Csv {
            eprintln!("export: {}", gathered.summary().replace('\n', "\nexport: "));
        }
        bridgelaws::text::printable(&match args.format {
            ExportFormat::Tmx => export::tmx::write(&gathered)?,
            ExportFormat::Xliff => export::xliff::write(&gathered)?,
            _ => export::csv::write(&gathered, args.bom),
        })
        .into_owned()
    };
    match args.file() {
        Some(path) => write_file(path, &text),
        None => emit_raw(out, &text),
    }
}
