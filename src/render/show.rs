//! What `show` prints: a node in each edition that has it, every country's regulations on it or
//! under it, and the commentary citing it; as text or as typed JSON.

use schemars::JsonSchema;
use serde::Serialize;

use super::amendments::{self, ChangeJson};
use super::node::{self, NodeJson};
use super::regs::{self, RegulationJson, Table};
use super::style::{Style, wrap_labelled};
use crate::align::Scope;
use crate::corpus::{Corpus, Edition, Regulations};
use crate::refs;

/// Every edition of `corpus`, the one `reference` is typed for first (`חוק 27ב1`: the Hebrew
/// edition; `Law 27B1`: the English), as search's citations put it: what `show` shows when no
/// edition is asked for.
pub fn every_edition<'c>(corpus: &'c Corpus, reference: &str) -> Vec<&'c Edition> {
    let typed = crate::search::analyze::edition_typed(reference);
    let mut editions: Vec<&Edition> = corpus.editions.iter().collect();
    editions.sort_by_key(|e| typed.is_none_or(|lang| e.language() != lang.code()));
    editions
}

/// A node gathered for showing.
pub struct Shown<'c> {
    corpus: &'c Corpus,
    /// The canonical id.
    pub id: String,
    /// The node in each edition asked for that has it, in the order asked.
    pub found: Vec<(&'c Edition, usize)>,
    countries: Vec<&'c Regulations>,
    rows: Vec<crate::regs::Row<'c>>,
    citing: Vec<CitingJson>,
    changes: Vec<ChangeJson>,
}

impl<'c> Shown<'c> {
    /// The node `id` in `editions`, with what bears on it.
    pub fn gather(corpus: &'c Corpus, id: &str, editions: &[&'c Edition]) -> Self {
        let found: Vec<(&Edition, usize)> = editions
            .iter()
            .filter_map(|e| e.index_of(id).map(|i| (*e, i)))
            .collect();
        // Every country's regulations on the node or under it, once, whichever editions are
        // shown.
        let countries: Vec<&Regulations> = corpus.regulations.iter().collect();
        let rows = match found.first() {
            Some((edition, _)) => {
                crate::regs::compare(&countries, edition, Some(&Scope::Node(id.to_string())))
            }
            None => Vec::new(),
        };
        let shown: Vec<&Edition> = found.iter().map(|(e, _)| *e).collect();
        Shown {
            corpus,
            id: id.to_string(),
            changes: amendments::gather(corpus, id, &shown),
            found,
            countries,
            rows,
            citing: citing_commentary(corpus, id),
        }
    }

    /// As text: the node in each edition, then the regulations and the commentary.
    pub fn text(&self, style: &Style) -> String {
        let mut text = String::new();
        for (n, (edition, index)) in self.found.iter().enumerate() {
            if n > 0 {
                text.push('\n');
            }
            text.push_str(&node::text(edition, *index, style));
        }
        if !self.found.is_empty() {
            text.push_str(&amendments::text(&self.changes, style));
        }
        if let Some((edition, _)) = self.found.first()
            && !self.rows.is_empty()
        {
            let table = Table {
                corpus: self.corpus,
                countries: &self.countries,
                rows: &self.rows,
                headings: edition,
            };
            text.push_str(&format!(
                "\n{}\n\n{}",
                style.bold("National regulations"),
                regs::text(&table, style, false)
            ));
        }
        if !self.found.is_empty() && !self.citing.is_empty() {
            text.push_str(&format!("\n{}\n\n", style.bold("Commentary")));
            for c in &self.citing {
                let label = format!("{} ·", c.id);
                let cites = format!("{} → {}", c.title, c.cites.join(", "));
                wrap_labelled(&mut text, 2, &label, &cites, style);
            }
        }
        text
    }

    /// As JSON, for the reference typed as `query`.
    pub fn json(&self, query: &str) -> ShowJson {
        let regulations = self
            .rows
            .iter()
            .flat_map(|row| self.countries.iter().zip(&row.by_country))
            .flat_map(|(country, list)| {
                list.iter()
                    .map(|r| RegulationJson::of(self.corpus, country, r))
            })
            .collect();
        ShowJson {
            query: query.to_string(),
            id: self.id.clone(),
            results: self.found.iter().map(|(e, i)| node::json(e, *i)).collect(),
            regulations,
            commentary: self.citing.clone(),
            amendments: self.changes.clone(),
        }
    }
}

/// `show --format json`: the node in each edition that has it, every country's regulations on
/// it or under it, and the commentary citing it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ShowJson {
    /// The reference as typed.
    pub query: String,
    /// The canonical id it names.
    pub id: String,
    /// The node in each edition asked for that has it; empty when none has.
    pub results: Vec<NodeJson>,
    /// Every country's regulations on the node or a node under it.
    pub regulations: Vec<RegulationJson>,
    /// The parts of the commentary citing the node or a node under it.
    pub commentary: Vec<CitingJson>,
    /// The changes made to the work at the node or a node under it since its first release
    /// (amendments, corrected errors), with each edition's status.
    pub amendments: Vec<ChangeJson>,
}

/// A part of the commentary (a scenario, a document) citing the node or a node under it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CitingJson {
    /// The scenario or document.
    pub id: String,
    /// The document it is in.
    pub document: String,
    /// The scenario's or the document's title.
    pub title: String,
    /// What it cites: the node or nodes under it.
    pub cites: Vec<String>,
}

/// The parts of the commentary citing `id` or a node under it, in corpus order.
pub fn citing_commentary(corpus: &Corpus, id: &str) -> Vec<CitingJson> {
    let mut out: Vec<CitingJson> = Vec::new();
    for r in &corpus.commentary.refs {
        let Ok(target) = &r.target else { continue };
        if !refs::within(target, id) {
            continue;
        }
        match out.iter_mut().find(|c| c.id == r.part) {
            Some(c) if c.cites.contains(target) => {}
            Some(c) => c.cites.push(target.clone()),
            None => out.push(CitingJson {
                id: r.part.clone(),
                document: r.document.clone(),
                title: r.title.clone(),
                cites: vec![target.clone()],
            }),
        }
    }
    out
}
