//! The changes made to the work at a node (`amendments/<work>.yaml`), as `show` and `compare`
//! mark them: what changed, when, on whose authority, and whether each edition has it.

use schemars::JsonSchema;
use serde::Serialize;

use super::style::{Style, wrap_labelled};
use crate::amendments::{self, Recorded};
use crate::corpus::model::{ChangeKind, ChangeStatus, Dated};
use crate::corpus::{Corpus, Edition};

/// A change to the work, with each edition's status.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ChangeJson {
    /// The node changed.
    pub node: String,
    /// `amendment` or `erratum`.
    pub kind: ChangeKind,
    /// When (ISO 8601).
    pub date: String,
    /// `on` that day, or `not after` it.
    pub dated: Dated,
    /// Who published it, and where.
    pub source: String,
    /// What changed, as far as it is known.
    pub what: String,
    /// What the first release cited there, where a citation was corrected.
    pub printed: Option<String>,
    /// What it should cite.
    pub corrected: Option<String>,
    /// Each edition's status.
    pub editions: Vec<ChangeStatusJson>,
}

/// Whether one edition has a change.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ChangeStatusJson {
    /// The edition.
    pub edition: String,
    /// `has`, `lacks` or `unknown`.
    pub status: ChangeStatus,
    /// What shows it, or why it is not known.
    pub why: Option<String>,
}

/// The changes to `id` or a node under it, with the status of each of `editions`.
pub fn gather(corpus: &Corpus, id: &str, editions: &[&Edition]) -> Vec<ChangeJson> {
    amendments::concerning(corpus, id)
        .into_iter()
        .map(|r| json(r, editions))
        .collect()
}

/// Every change to the work in a part of the Laws: the changes to any of `ids`.
pub fn within(corpus: &Corpus, ids: &[&str], editions: &[&Edition]) -> Vec<ChangeJson> {
    amendments::all(corpus)
        .into_iter()
        .filter(|r| ids.contains(&r.change.node.as_str()))
        .map(|r| json(r, editions))
        .collect()
}

fn json(recorded: Recorded<'_>, editions: &[&Edition]) -> ChangeJson {
    let change = recorded.change;
    ChangeJson {
        node: change.node.to_string(),
        kind: change.kind,
        date: change.date.to_string(),
        dated: change.dated,
        source: squeeze(&change.source),
        what: squeeze(&change.what),
        printed: change.citation.as_ref().map(|c| c.printed.to_string()),
        corrected: change.citation.as_ref().map(|c| c.corrected.to_string()),
        editions: editions
            .iter()
            .map(|e| {
                let (status, why) = amendments::status(change, e);
                ChangeStatusJson {
                    edition: e.id().to_string(),
                    status,
                    why: why.map(|w| squeeze(&w)),
                }
            })
            .collect(),
    }
}

/// A folded YAML text on one line.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How a change is dated, in words: `2017-06-20`, `by 2017-07-15`.
pub fn when(change: &ChangeJson) -> String {
    match change.dated {
        Dated::On => change.date.clone(),
        Dated::NotAfter => format!("by {}", change.date),
    }
}

/// The changes as a section of text: `Amended` or `Corrected`, what, its source and each
/// edition's status.
pub fn text(changes: &[ChangeJson], style: &Style) -> String {
    let mut out = String::new();
    for c in changes {
        let title = match c.kind {
            ChangeKind::Amendment => "Amended",
            ChangeKind::Erratum => "Corrected",
        };
        out.push_str(&format!(
            "\n{} {} {} ({})\n",
            style.bold(title),
            c.node,
            when(c),
            c.kind.as_str()
        ));
        wrap_labelled(&mut out, 2, "", &c.what, style);
        wrap_labelled(&mut out, 2, "source:", &c.source, style);
        for e in &c.editions {
            let label = format!("{}:", e.edition);
            let status = match &e.why {
                Some(why) => format!("{}: {why}", e.status.as_str()),
                None => e.status.as_str().to_string(),
            };
            wrap_labelled(&mut out, 2, &label, &status, style);
        }
    }
    out
}
