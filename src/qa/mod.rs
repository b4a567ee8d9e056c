//! `bridgelaws qa`: every place where the aligned nodes of two or more editions disagree, for
//! the translator's workbench. One module per kind of finding, each reading an aligned row
//! (`align::Row`): `presence` (a node absent or without text in one edition), `markers`
//! (footnote markers), `numbers` (digits and number words), `script` (letters of another
//! script inside a word), `length` (the ratio of the lengths, against the edition-wide median
//! for nodes of that size), `sentences` (sentence counts); the citations are compared as
//! `check` compares them, and the amendments of the work say which editions lack a change.
//!
//! A finding confirmed as a real difference between the printed books is acknowledged, with
//! its reason and evidence, in `references/differences.yaml` (citations: in
//! `references/acknowledged.yaml`) and listed as a note; the rest are errors of the corpus.

mod length;
mod markers;
mod numbers;
mod presence;
mod script;
mod sentences;

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use schemars::JsonSchema;
use serde::Serialize;

use crate::align::{self, Row, Scope};
use crate::amendments;
use crate::corpus::layout::{ACKNOWLEDGED, DIFFERENCES};
use crate::corpus::locate;
use crate::corpus::model::{ChangeStatus, DifferenceKind, Located};
use crate::corpus::reference::Field;
use crate::corpus::{Corpus, Edition, Entry};
use crate::error::Level;

pub use length::LengthRule;

/// What a finding is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A node absent, or without text, in one edition and with text in another.
    Presence,
    /// The editions cite different targets (as `check` compares them).
    Citations,
    /// Footnote markers.
    Footnotes,
    /// The digits and number words of the texts.
    Numbers,
    /// Letters of another script inside a word (Latin look-alikes in Greek).
    Script,
    /// The ratio of the texts' lengths, far from the median for nodes of that size.
    Length,
    /// The number of sentences.
    Sentences,
    /// An edition lacks a change to the work, or it is not known whether it has it.
    Amendment,
}

impl Kind {
    /// Every kind, in the order of the report's counts.
    pub const ALL: [Kind; 8] = [
        Kind::Presence,
        Kind::Citations,
        Kind::Footnotes,
        Kind::Numbers,
        Kind::Script,
        Kind::Length,
        Kind::Sentences,
        Kind::Amendment,
    ];

    /// As the report writes it (`numbers`).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Presence => "presence",
            Kind::Citations => "citations",
            Kind::Footnotes => "footnotes",
            Kind::Numbers => "numbers",
            Kind::Script => "script",
            Kind::Length => "length",
            Kind::Sentences => "sentences",
            Kind::Amendment => "amendment",
        }
    }
}

impl From<DifferenceKind> for Kind {
    fn from(kind: DifferenceKind) -> Self {
        match kind {
            DifferenceKind::Presence => Kind::Presence,
            DifferenceKind::Footnotes => Kind::Footnotes,
            DifferenceKind::Numbers => Kind::Numbers,
            DifferenceKind::Script => Kind::Script,
            DifferenceKind::Length => Kind::Length,
            DifferenceKind::Sentences => Kind::Sentences,
        }
    }
}

/// Sentence counts differ wherever a translator split or joined a sentence: a note, never an
/// error (a sentence missing from a book also changes the length, which is an error).
const SENTENCES_LEVEL: Level = Level::Note;

/// Where a finding stands in one edition.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Place {
    /// The edition; empty for the place of a stale acknowledgment in its file.
    pub edition: String,
    /// The corpus file, as the user would type it.
    pub file: String,
    /// The line, counted from 1.
    pub line: u32,
    /// The column, in characters, counted from 1.
    pub column: u32,
}

/// A difference between the editions.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Finding {
    /// What differs.
    pub kind: Kind,
    /// The node (canonical id).
    pub node: String,
    /// An error of the corpus to fix, or a note (acknowledged, or informative).
    pub level: Level,
    /// What differs, in words.
    pub message: String,
    /// For each edition compared, what was found there: the numbers only it prints, the
    /// targets only it cites, its markers the others lack, `absent`, `empty` or `text`, its
    /// words in the wrong script, its length, its sentence count, its status for a change.
    pub found: BTreeMap<String, Vec<String>>,
    /// Where it stands in each edition that has the node.
    pub places: Vec<Place>,
    /// Why it is a difference between the books, where that was confirmed.
    pub acknowledged: Option<Acknowledgment>,
}

/// A finding confirmed as a difference between the books.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Acknowledgment {
    /// The file that says so.
    pub file: String,
    /// Why the books differ, with the evidence.
    pub reason: String,
    /// Where one book misprints: what it prints, and the Laws' reading.
    pub misprint: Option<MisprintJson>,
}

/// A misprint of one book.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct MisprintJson {
    /// The edition that misprints.
    pub edition: String,
    /// What it prints.
    pub printed: String,
    /// What the Laws read.
    pub laws: String,
}

/// Everything `qa` found between the editions, with the rules it applied.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Report {
    /// The editions compared, in the order given.
    pub editions: Vec<String>,
    /// The rule that flags a length as an outlier, and what it flagged.
    pub length_rule: Vec<LengthRule>,
    /// Every finding, in document order, errors and notes.
    pub findings: Vec<Finding>,
}

impl Report {
    /// How many findings of `kind` are at `level`.
    pub fn count(&self, kind: Kind, level: Level) -> usize {
        self.findings
            .iter()
            .filter(|f| f.kind == kind && f.level == level)
            .count()
    }

    /// How many findings are errors.
    pub fn errors(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.level == Level::Error)
            .count()
    }
}

/// A finding as a kind's module reports it, before it is placed and judged.
pub(crate) struct Raw {
    kind: Kind,
    message: String,
    found: BTreeMap<String, Vec<String>>,
    /// Where, by the row's cell: a field of the entry and a byte range of it.
    spots: Vec<(usize, Field, Range<usize>)>,
}

/// An entry's texts, by field: heading, text, text after.
pub(crate) fn texts(entry: &Entry) -> impl Iterator<Item = (Field, &Located)> {
    Field::ALL
        .into_iter()
        .filter_map(|f| entry.field(f).map(|t| (f, t)))
}

/// An entry's own text (not its heading), as one string.
pub(crate) fn body(entry: &Entry) -> Option<String> {
    let parts: Vec<&str> = [&entry.text, &entry.text_after]
        .into_iter()
        .flatten()
        .map(|t| t.as_str())
        .filter(|t| !t.trim().is_empty())
        .collect();
    (!parts.is_empty() && entry.absent.is_none()).then(|| parts.join("\n"))
}

/// Compare `editions` over the whole work.
pub fn run(corpus: &Corpus, editions: &[&Edition]) -> Report {
    let rows = align::rows(editions, &Scope::All);
    let ids: Vec<String> = editions.iter().map(|e| e.id().to_string()).collect();
    let (mut outliers, length_rule) = length::outliers(editions, &rows);
    let mut raws: Vec<(usize, Raw)> = Vec::new();
    for (n, row) in rows.iter().enumerate() {
        let mut found = Vec::new();
        found.extend(presence::find(editions, row));
        found.extend(citations(editions, row));
        found.extend(markers::find(editions, row));
        found.extend(numbers::find(editions, row));
        found.extend(script::find(editions, row));
        found.extend(outliers.remove(&n).unwrap_or_default());
        found.extend(sentences::find(editions, row));
        found.extend(amendment(corpus, editions, row));
        raws.extend(found.into_iter().map(|raw| (n, raw)));
    }
    let mut placer = Placer {
        corpus,
        files: HashMap::new(),
    };
    let mut findings: Vec<Finding> = raws
        .into_iter()
        .map(|(n, raw)| judge(corpus, &ids, placer.finding(editions, &rows[n], raw)))
        .collect();
    findings.extend(stale(corpus, &ids, &findings));
    Report {
        editions: ids,
        length_rule,
        findings,
    }
}

/// The citations, compared as `check` compares them: each edition's targets the others lack.
fn citations(editions: &[&Edition], row: &Row) -> Option<Raw> {
    let each = align::citations_differ(row)?;
    let printed: Vec<&Vec<String>> = row
        .cells
        .iter()
        .zip(&each)
        .filter(|(c, _)| c.is_some_and(|e| body(e).is_some()))
        .map(|(_, t)| t)
        .collect();
    let common: Vec<&String> = printed
        .first()
        .map(|first| {
            first
                .iter()
                .filter(|t| printed.iter().all(|p| p.contains(t)))
                .collect()
        })
        .unwrap_or_default();
    let mut found = BTreeMap::new();
    let mut spots = Vec::new();
    let mut said = Vec::new();
    for (cell, (edition, targets)) in editions.iter().zip(&each).enumerate() {
        let mut only: Vec<String> = targets
            .iter()
            .filter(|t| !common.contains(t))
            .cloned()
            .collect();
        only.sort();
        if let Some(entry) = row.cells[cell] {
            for (target, r) in crate::refs::targets(entry) {
                if only.iter().any(|o| o == target) {
                    spots.push((cell, r.field, r.span.clone()));
                }
            }
        }
        if !only.is_empty() {
            said.push(format!("only {} cites {}", edition.id(), only.join(", ")));
        }
        found.insert(edition.id().to_string(), only);
    }
    Some(Raw {
        kind: Kind::Citations,
        message: format!("the editions cite different targets: {}", said.join("; ")),
        found,
        spots,
    })
}

/// The changes to the work at this node that an edition lacks, or of which it is not known
/// whether it has them.
fn amendment(corpus: &Corpus, editions: &[&Edition], row: &Row) -> Vec<Raw> {
    let mut out = Vec::new();
    for recorded in amendments::all(corpus) {
        let change = recorded.change;
        if change.node.as_str() != row.id {
            continue;
        }
        let statuses: Vec<(&Edition, ChangeStatus)> = editions
            .iter()
            .map(|e| (*e, amendments::status(change, e).0))
            .collect();
        let missing: Vec<String> = statuses
            .iter()
            .filter(|(_, s)| *s != ChangeStatus::Has)
            .map(|(e, s)| format!("{} {}", e.id(), s.as_str()))
            .collect();
        if missing.is_empty() {
            continue;
        }
        out.push(Raw {
            kind: Kind::Amendment,
            message: format!(
                "the {} of {} ({}{}): {}",
                change.kind.as_str(),
                change.node,
                match change.dated {
                    crate::corpus::model::Dated::On => "",
                    crate::corpus::model::Dated::NotAfter => "by ",
                },
                change.date,
                missing.join(", ")
            ),
            found: statuses
                .iter()
                .map(|(e, s)| (e.id().to_string(), vec![s.as_str().to_string()]))
                .collect(),
            spots: Vec::new(),
        });
    }
    out
}

/// A placed finding, judged: acknowledged (a note), or an error unless its kind is a note. A
/// node every edition marks absent is a note too: each says what was lost, and why.
fn judge(corpus: &Corpus, editions: &[String], mut finding: Finding) -> Finding {
    let absent_everywhere = || finding.found.values().all(|states| states == &["absent"]);
    finding.level = match finding.kind {
        Kind::Sentences => SENTENCES_LEVEL,
        Kind::Amendment => Level::Note,
        Kind::Presence if absent_everywhere() => Level::Note,
        _ => Level::Error,
    };
    finding.acknowledged = acknowledgment(corpus, editions, &finding);
    if finding.acknowledged.is_some() {
        finding.level = Level::Note;
    }
    finding
}

fn acknowledgment(corpus: &Corpus, editions: &[String], f: &Finding) -> Option<Acknowledgment> {
    if f.kind == Kind::Citations {
        let file = corpus.acknowledged.as_ref()?;
        let ack = file.data.acknowledged.iter().find(|a| {
            a.node.as_str() == f.node
                && a.only_in
                    .keys()
                    .eq(editions.iter().collect::<std::collections::BTreeSet<_>>())
                && a.only_in.iter().all(|(e, t)| {
                    let mut t = t.clone();
                    t.sort();
                    f.found.get(e) == Some(&t)
                })
        })?;
        return Some(Acknowledgment {
            file: corpus.root.display(ACKNOWLEDGED),
            reason: ack.reason.trim().to_string(),
            misprint: None,
        });
    }
    let file = corpus.differences.as_ref()?;
    let d = file.data.differences.iter().find(|d| {
        d.node.as_str() == f.node && Kind::from(d.kind) == f.kind && d.found == f.found
    })?;
    Some(Acknowledgment {
        file: corpus.root.display(DIFFERENCES),
        reason: d.reason.trim().to_string(),
        misprint: d.misprint.as_ref().map(|m| MisprintJson {
            edition: m.edition.to_string(),
            printed: m.printed.clone(),
            laws: m.laws.clone(),
        }),
    })
}

/// The acknowledged differences between exactly these editions that `qa` no longer finds:
/// errors, so that the file stays true.
fn stale(corpus: &Corpus, editions: &[String], findings: &[Finding]) -> Vec<Finding> {
    let Some(file) = &corpus.differences else {
        return Vec::new();
    };
    file.data
        .differences
        .iter()
        .filter(|d| d.found.keys().eq(editions.iter().collect::<std::collections::BTreeSet<_>>()))
        .filter(|d| {
            !findings.iter().any(|f| {
                f.node == d.node.as_str() && f.kind == Kind::from(d.kind) && f.found == d.found
            })
        })
        .map(|d| Finding {
            kind: Kind::from(d.kind),
            node: d.node.to_string(),
            level: Level::Error,
            message: format!(
                "acknowledged in {DIFFERENCES}, but no longer found as stated: update `found` to what qa finds now, or remove the entry"
            ),
            found: d.found.clone(),
            places: vec![Place {
                edition: String::new(),
                file: corpus.root.display(DIFFERENCES),
                line: d.node.pos.line.max(1),
                column: d.node.pos.column.max(1),
            }],
            acknowledged: None,
        })
        .collect()
}

/// Places the spots of a finding in the files.
struct Placer<'c> {
    corpus: &'c Corpus,
    files: HashMap<String, String>,
}

impl Placer<'_> {
    fn finding(&mut self, editions: &[&Edition], row: &Row, raw: Raw) -> Finding {
        let mut places = Vec::new();
        for (cell, edition) in editions.iter().enumerate() {
            let Some(entry) = row.cells[cell] else {
                continue;
            };
            let spot = raw.spots.iter().find(|(c, _, _)| *c == cell);
            let (pos, span) = match spot.and_then(|(_, f, r)| entry.field(*f).map(|v| (v, r))) {
                Some((value, range)) => (value.pos, Some((value, range.clone()))),
                // The text, else the heading, else the id.
                None => match texts(entry).find(|(f, _)| *f != Field::Heading) {
                    Some((_, value)) => (value.pos, None),
                    None => (entry.pos, None),
                },
            };
            let (line, column) = match span {
                Some((value, range)) => {
                    let raw_file = self.raw(&entry.file);
                    locate::locate(raw_file, pos, value, range)
                        .map_or((pos.line, pos.column), |s| (s.line, s.column))
                }
                None => (pos.line, pos.column),
            };
            places.push(Place {
                edition: edition.id().to_string(),
                file: self.corpus.root.display(&entry.file),
                line: line.max(1),
                column: column.max(1),
            });
        }
        Finding {
            kind: raw.kind,
            node: row.id.clone(),
            level: Level::Error,
            message: raw.message,
            found: raw.found,
            places,
            acknowledged: None,
        }
    }

    fn raw(&mut self, file: &str) -> &str {
        if !self.files.contains_key(file) {
            let text = self.corpus.root.read(file).unwrap_or_default();
            self.files.insert(file.to_string(), text);
        }
        &self.files[file]
    }
}
