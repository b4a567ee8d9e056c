//! `bridgelaws show <REF>`: a node with its heading, text, children and footnotes, then the
//! national regulations on it and the commentary that cites it.

use std::io::Write;

use super::{Display, Format, emit_json, emit_text, find_edition};
use bridgelaws::align::Scope;
use bridgelaws::corpus::{Corpus, id};
use bridgelaws::error::{Error, Result};
use bridgelaws::refs::{self, Reading};
use bridgelaws::regs::{self, Row};
use bridgelaws::render::regs::Table;
use bridgelaws::render::{
    self,
    show::{self, Shown},
};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to show: 27B1(a), 27b1a, "Law 27B1(a)", 27Β1(α), "Νόμος 27Β1α", 71.1, def/dummy,
    /// preface, or a national regulation (reg/il/8), which is printed as `regs` prints it
    #[arg(value_name = "REF")]
    pub reference: String,

    /// Edition to show it from; repeat for several [default: every edition, first the one of
    /// the reference's script (`חוק 27ב1`: Hebrew; `Law 27B1`: English)]
    #[arg(long = "edition", value_name = "ID")]
    pub editions: Vec<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: Format,

    #[command(flatten)]
    pub display: Display,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    // A regulation, as a search names it, belongs to its country, not to an edition.
    if let Some(reference) = id::regulation_id(&args.reference) {
        return regulation(corpus, &reference, args, out);
    }
    // A law beyond the Laws is well formed but names nothing: found nowhere, as `27E` is.
    let (id, nothing) = match refs::reading(&args.reference) {
        Reading::Id(id) => (id, None),
        Reading::NoSuchLaw(law) => (law.to_string(), Some(refs::no_such_law(law))),
        // A definition's term names its definition (`show dummy`).
        Reading::Words => match corpus.definition_named(&args.reference) {
            Some(id) => {
                eprintln!(
                    "note: `{}` read as the definition {id}",
                    args.reference.trim()
                );
                (id.to_string(), None)
            }
            None => {
                let error = range_of_laws(corpus, &args.reference)
                    .unwrap_or_else(|| Error::Usage(refs::parse(&args.reference).unwrap_err()));
                // Words without a number name no node: a search finds the law they describe.
                return Err(match error {
                    Error::Usage(why) if !args.reference.chars().any(char::is_numeric) => {
                        Error::Usage(format!(
                            "{why}\n  = help: to find the law by its words: bridgelaws search \"{}\"",
                            args.reference.trim()
                        ))
                    }
                    other => other,
                });
            }
        },
    };
    let editions = if args.editions.is_empty() {
        show::every_edition(corpus, &args.reference)
    } else {
        args.editions
            .iter()
            .map(|wanted| find_edition(corpus, wanted))
            .collect::<Result<Vec<_>>>()?
    };
    let shown = Shown::gather(corpus, &id, &editions);
    match args.format {
        Format::Json => emit_json(out, &shown.json(&args.reference))?,
        Format::Text => {
            let style = args.display.style();
            emit_text(out, &style, &shown.text(&style))?;
        }
    }
    let missing: Vec<&str> = editions
        .iter()
        .filter(|e| e.index_of(&id).is_none())
        .map(|e| e.id())
        .collect();
    if let Some(message) = nothing {
        return Err(Error::NotFound(message));
    }
    if shown.found.is_empty() {
        // `61-64` reads as a node (`71-1` is 71.1), but one no edition has.
        if let Some(range) = range_of_laws(corpus, &args.reference) {
            return Err(range);
        }
        return Err(Error::NotFound(format!(
            "{id}: no such node in {}{}",
            missing.join(", "),
            corpus.did_you_mean(&id)
        )));
    }
    if !missing.is_empty() {
        eprintln!("note: {id} is not in {}", missing.join(", "));
    }
    Ok(())
}

/// One regulation with the node it qualifies, as `regs` prints it (in JSON, `regs`'s comparison
/// of that one regulation).
fn regulation(corpus: &Corpus, id: &str, args: &Args, out: &mut dyn Write) -> Result<()> {
    let (country, regulation) = corpus
        .regulations
        .iter()
        .find_map(|country| {
            let found = country.data.regulations.iter().find(|r| r.id.as_str() == id);
            found.map(|regulation| (country, regulation))
        })
        .ok_or_else(|| {
            let code = id.split('/').nth(1).unwrap_or_default();
            Error::NotFound(match corpus.country(code) {
                Some(c) => format!(
                    "{id}: no such regulation; `bridgelaws regs {code}` lists the {} there are",
                    c.data.regulations.len()
                ),
                None => format!("{id}: no country `{code}` has regulations in this corpus (`bridgelaws regs` lists the countries)"),
            })
        })?;
    let countries = [country];
    let headings = match args.editions.first() {
        Some(wanted) => find_edition(corpus, wanted)?,
        None => regs::headings_edition(corpus, &countries)
            .ok_or_else(|| Error::Usage("the corpus has no edition to name the nodes".into()))?,
    };
    let rows = [Row {
        node: regulation.attached_to.as_str(),
        by_country: vec![vec![regulation]],
    }];
    let table = Table {
        corpus,
        countries: &countries,
        rows: &rows,
        headings,
    };
    match args.format {
        Format::Json => emit_json(out, &render::regs::json(&table, None)),
        Format::Text => {
            let style = args.display.style();
            emit_text(out, &style, &render::regs::text(&table, &style, false))
        }
    }
}

/// A range of laws (`61-64`) asked of `show`, which shows one node: where to see it.
fn range_of_laws(corpus: &Corpus, reference: &str) -> Option<Error> {
    let (from, to) = match Scope::parse(reference, corpus) {
        Ok(Scope::Laws(from, to)) => (from, to),
        Ok(_) => return None,
        // Backwards, beyond the Laws, of parts: said as `compare` says it.
        Err(e) => return Some(e),
    };
    Some(Error::Usage(format!(
        "`{}` is a range of laws, and `show` shows one node: `bridgelaws compare {from}-{to}` shows the range side by side, `bridgelaws show {from}` its first law",
        reference.trim()
    )))
}
