//! `bridgelaws show <REF>`: a node with its heading, text, children and footnotes, then the
//! national regulations on it and the commentary that cites it.

use std::io::Write;

use serde_json::json;

use super::{Format, emit, find_edition};
use bridgelaws::corpus::{Corpus, Regulations};
use bridgelaws::error::{Error, Result};
use bridgelaws::render::regs::Table;
use bridgelaws::{refs, regs, render};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to show: 27B1(a), 27b1a, "Law 27B1(a)", 27Β1(α), "Νόμος 27Β1α", 71.1, def/dummy, preface
    #[arg(value_name = "REF")]
    pub reference: String,

    /// Edition to show it from; repeat for several [default: every edition]
    #[arg(long = "edition", value_name = "ID")]
    pub editions: Vec<String>,

    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

pub fn run(corpus: &Corpus, args: &Args, out: &mut dyn Write) -> Result<()> {
    let id = refs::parse(&args.reference).map_err(Error::Usage)?;
    let editions = if args.editions.is_empty() {
        corpus.editions.iter().collect::<Vec<_>>()
    } else {
        args.editions
            .iter()
            .map(|wanted| find_edition(corpus, wanted))
            .collect::<Result<Vec<_>>>()?
    };
    let found: Vec<_> = editions
        .iter()
        .filter_map(|e| e.index_of(&id).map(|i| (*e, i)))
        .collect();
    // Every country's regulations on the node or under it, once, whichever editions are shown.
    let countries: Vec<&Regulations> = corpus.regulations.iter().collect();
    let rows = match found.first() {
        Some((edition, _)) => regs::compare(&countries, edition, Some(&id)),
        None => Vec::new(),
    };
    let citing = citing_commentary(corpus, &id);
    match args.format {
        Format::Json => {
            let results: Vec<_> = found
                .iter()
                .map(|(e, i)| render::entry_json(e, *i))
                .collect();
            let regulations: Vec<_> = rows
                .iter()
                .flat_map(|row| countries.iter().zip(&row.by_country))
                .flat_map(|(country, list)| {
                    list.iter()
                        .map(|r| render::regs::regulation_json(corpus, country, r))
                })
                .collect();
            let commentary: Vec<_> = citing
                .iter()
                .map(|c| json!({"id": c.part, "document": c.document, "title": c.title, "cites": c.targets}))
                .collect();
            let value = json!({
                "query": args.reference,
                "id": id,
                "results": results,
                "regulations": regulations,
                "commentary": commentary,
            });
            emit(out, &format!("{value:#}\n"))?;
        }
        Format::Text => {
            let style = render::TextStyle::from_env();
            for (n, (edition, index)) in found.iter().enumerate() {
                if n > 0 {
                    emit(out, "\n")?;
                }
                emit(out, &render::entry_text(edition, *index, &style))?;
            }
            if let Some((edition, _)) = found.first()
                && !rows.is_empty()
            {
                let table = Table {
                    corpus,
                    countries: &countries,
                    rows: &rows,
                    headings: edition,
                };
                let text = render::regs::text(&table, &style, false);
                emit(out, &format!("\nNational regulations\n\n{text}"))?;
            }
            if !found.is_empty() && !citing.is_empty() {
                let mut text = String::from("\nCommentary\n\n");
                for c in &citing {
                    text.push_str(&format!(
                        "  {} · {} → {}\n",
                        c.part,
                        c.title,
                        c.targets.join(", ")
                    ));
                }
                emit(out, &text)?;
            }
        }
    }
    let missing: Vec<&str> = editions
        .iter()
        .filter(|e| e.index_of(&id).is_none())
        .map(|e| e.id())
        .collect();
    if found.is_empty() {
        return Err(Error::NotFound(format!(
            "{id}: no such node in {}",
            missing.join(", ")
        )));
    }
    if !missing.is_empty() {
        eprintln!("note: {id} is not in {}", missing.join(", "));
    }
    Ok(())
}

/// A part of the commentary (a scenario, a document) that cites a node, with what it cites.
struct Citing<'c> {
    part: &'c str,
    document: &'c str,
    title: &'c str,
    targets: Vec<&'c str>,
}

/// The parts of the commentary citing `id` or a node under it, in corpus order.
fn citing_commentary<'c>(corpus: &'c Corpus, id: &str) -> Vec<Citing<'c>> {
    let mut out: Vec<Citing> = Vec::new();
    for r in &corpus.commentary.refs {
        let Ok(target) = &r.target else { continue };
        if !refs::within(target, id) {
            continue;
        }
        match out.iter_mut().find(|c| c.part == r.part) {
            Some(c) if c.targets.contains(&target.as_str()) => {}
            Some(c) => c.targets.push(target),
            None => out.push(Citing {
                part: &r.part,
                document: &r.document,
                title: &r.title,
                targets: vec![target],
            }),
        }
    }
    out
}
