//! `amendments/<work>.yaml`: the dated changes a work's publisher made after it first released
//! the work (amendments of a law, corrections of its printed errors), and for each edition
//! whether its text has the change. The model the next code will need: translators see what
//! changed, and which books carry it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Located;

/// The changes to one work, in the order they were made.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AmendmentsFile {
    /// The work changed (`wbf-ldb-2017`), as the editions' `work` names it.
    pub work: Located,
    /// The changes, each dated, with its source.
    pub changes: Vec<Change>,
}

/// One change to the work: a law amended, or a printed error corrected.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Change {
    /// The node changed (`26B`), or the node whose citation was misprinted (`23C`); for an
    /// error of the book index, the node its entry should cite.
    pub node: Located,
    /// An amendment or the correction of an error.
    pub kind: ChangeKind,
    /// When the publisher made or listed it (ISO 8601: `2017-06-20`).
    pub date: Located,
    /// Whether the change was made on `date`, or is only known to have been made by then.
    #[serde(default)]
    pub dated: Dated,
    /// Who published it, and where it can be read.
    pub source: String,
    /// What changed, in English, as far as it is known (never wording the source does not
    /// give).
    pub what: String,
    /// A citation printed wrong and what it should be: what lets the status of each edition
    /// be read from its text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub citation: Option<CitationChange>,
    /// For an error of the book index, the entry as the work's own index prints it (`Penalty
    /// – Repeated violations of disclosure`); each edition names its own under `editions`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index_entry: Option<String>,
    /// For each edition of the work, whether its text has the change.
    pub editions: Vec<EditionChange>,
}

/// What kind of change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// The law itself was changed.
    Amendment,
    /// An error of the first release was corrected (a misprinted citation).
    Erratum,
}

impl ChangeKind {
    /// As the files spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::Amendment => "amendment",
            ChangeKind::Erratum => "erratum",
        }
    }
}

/// How exactly a change is dated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Dated {
    /// On that day.
    #[default]
    #[serde(rename = "on")]
    On,
    /// On that day or before (a list of changes released by then).
    #[serde(rename = "not after")]
    NotAfter,
}

/// A citation as the first release printed it, and as corrected.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CitationChange {
    /// What the first release cited (`30B1(b)(ii)`), a canonical id.
    pub printed: Located,
    /// What it should cite (`30B1(b)(i)`), a canonical id.
    pub corrected: Located,
}

/// Whether one edition's text has a change.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EditionChange {
    /// The edition (`he-2017`).
    pub edition: Located,
    /// Whether its text has the change. Where the text shows it (a citation corrected), `check`
    /// derives it and the two must agree.
    pub status: ChangeStatus,
    /// For an error of the book index, the entry as this edition's index prints it: the head
    /// term, then the sub-term.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub index_entry: Vec<Located>,
    /// The line of the source text that shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Why the status is what it is, where the text does not show it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// Whether an edition has a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChangeStatus {
    /// Its text has the change.
    Has,
    /// Its text is as the first release printed it.
    Lacks,
    /// Its text does not show it (the change's wording is not known, or the text is not in the
    /// corpus).
    Unknown,
}

impl ChangeStatus {
    /// As the files spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeStatus::Has => "has",
            ChangeStatus::Lacks => "lacks",
            ChangeStatus::Unknown => "unknown",
        }
    }
}
