//! The differences between the editions confirmed, in the sources, as real differences between
//! the printed books (a misprint, a book's own wording): of citations in
//! `references/acknowledged.yaml`, which `check` and `qa` read; of what else `bridgelaws qa`
//! compares in `references/differences.yaml`. Both are listed as notes.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Located;

/// `references/acknowledged.yaml`: differences between the editions' citations that are real
/// differences between the books, confirmed, so that the agreement check stays green.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AcknowledgedFile {
    /// The differences, node by node.
    pub acknowledged: Vec<Acknowledged>,
}

/// A node whose editions cite differently because the books do.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Acknowledged {
    /// The node whose editions cite differently.
    pub node: Located,
    /// For each edition, the targets it cites there that some other edition does not (an
    /// empty list when it cites nothing the others lack).
    pub only_in: BTreeMap<String, Vec<String>>,
    /// Why the books differ, as confirmed against the 2017 Laws.
    pub reason: String,
}

/// `references/differences.yaml`: the confirmed differences `qa` finds, node by node.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DifferencesFile {
    /// The differences.
    pub differences: Vec<Difference>,
}

/// A difference that `qa` reports, confirmed as the books'.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Difference {
    /// The node.
    pub node: Located,
    /// What differs.
    pub kind: DifferenceKind,
    /// For each edition, what `qa` found there, exactly as it reports it (`found` in its JSON):
    /// the numbers only it prints, its footnote markers the others lack, `absent` or `empty`,
    /// its words in the wrong script, its length, its sentence count. The acknowledgment holds
    /// only while `qa` finds just this.
    pub found: BTreeMap<String, Vec<String>>,
    /// Where the difference is a misprint of one book: what it prints, and the Laws' reading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misprint: Option<Misprint>,
    /// Why the books differ, with the evidence (source lines).
    pub reason: String,
}

/// What a difference between the editions is about: the kinds of `qa` findings that a book can
/// cause (citations are acknowledged in `references/acknowledged.yaml`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum DifferenceKind {
    /// A node absent, or without text, in one edition.
    Presence,
    /// Footnote markers.
    Footnotes,
    /// The digits and number words.
    Numbers,
    /// Letters of another script inside a word.
    Script,
    /// The ratio of the texts' lengths.
    Length,
    /// The number of sentences.
    Sentences,
}

/// A misprint of one book: what it prints, and what the Laws read there.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Misprint {
    /// The edition that misprints.
    pub edition: Located,
    /// What it prints (`130-490`).
    pub printed: String,
    /// The Laws' reading (`430-490`).
    pub laws: String,
}
