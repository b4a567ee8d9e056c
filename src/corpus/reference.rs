//! The references between the texts, as the corpus holds them. They are never stored in the
//! files: the texts are kept as printed and `refs::derive` reads the references from them when
//! the corpus is loaded through `bridgelaws::load`. This module is only their shape.

use std::ops::Range;

use super::model::Pos;
use crate::error::Code;

/// The field of an entry a citation stands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// The node's heading.
    Heading,
    /// The text before the node's children.
    Text,
    /// The text after the node's children.
    TextAfter,
    /// The project's summary of the node, where the edition's text is not bundled. Its
    /// citations are checked, but they are the project's words: not what the node cites.
    Summary,
}

impl Field {
    /// Every field the book prints, in printed order.
    pub const ALL: [Field; 3] = [Field::Heading, Field::Text, Field::TextAfter];
}

/// Where a reference comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read by the grammar.
    Grammar,
    /// Set by the override at this position in `references/overrides.yaml`.
    Override(usize),
}

/// Why a citation names nothing in an edition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unresolved {
    /// The diagnostic code: `unresolved-reference`, or `backward-range`.
    pub code: Code,
    /// What the citation names and why the edition has nothing by that name.
    pub message: String,
}

impl std::fmt::Display for Unresolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// One resolved target: the id, or why the citation names nothing in the edition.
pub type Resolved = Result<String, Unresolved>;

/// One target of one citation in an entry's text.
#[derive(Clone, Debug)]
pub struct Reference {
    /// The field the citation is printed in.
    pub field: Field,
    /// The whole citation (`Νόμοι 26Β και 16Γ`), in bytes of the field's text.
    pub phrase: Range<usize>,
    /// The member that names this target (`16Γ`).
    pub span: Range<usize>,
    /// The id named, or why there is none.
    pub target: Resolved,
    /// The grammar, or an override.
    pub origin: Origin,
    /// Whether the citation names the node it stands in by pointing ("this Law", "this
    /// section") rather than by its number.
    pub deictic: bool,
}

/// One reference of the book index, resolved.
#[derive(Clone, Debug)]
pub struct IndexReference {
    /// The head entry, and the sub-entry under it when the reference is a sub-entry's.
    pub head: usize,
    /// The sub-entry, when the reference is a sub-entry's.
    pub sub: Option<usize>,
    /// Which of the entry's references.
    pub reference: usize,
    /// The ids the printed reference names.
    pub targets: Vec<Resolved>,
    /// The grammar, or an override.
    pub origin: Origin,
}

/// Whether a "see" term is a "see" or a "see also".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeeKind {
    /// `βλ.`, `ראו`.
    See,
    /// `βλ. επίσης`, `ראו גם`.
    SeeAlso,
}

/// One "see" or "see also" term of the book index, with the head entry it names.
#[derive(Clone, Debug)]
pub struct IndexSee {
    /// The head entry the term is printed under.
    pub head: usize,
    /// The sub-entry, when the term is a sub-entry's.
    pub sub: Option<usize>,
    /// A "see" or a "see also".
    pub kind: SeeKind,
    /// Which of the entry's terms of that kind.
    pub n: usize,
    /// The head entry named, by position.
    pub target: Option<usize>,
    /// The grammar, or an override.
    pub origin: Origin,
}

/// One target of one citation in the commentary.
#[derive(Clone, Debug)]
pub struct CommentaryRef {
    /// The document the citation is in (`td-booklet`, `law-27-slides`).
    pub document: String,
    /// The scenario it is in, or the document (`td-booklet/3`).
    pub part: String,
    /// That part's title.
    pub title: String,
    /// The file the citation is printed in, relative to the corpus folder.
    pub file: String,
    /// Where in the file.
    pub place: Place,
    /// The citation as printed.
    pub phrase: String,
    /// The id named, or why there is none.
    pub target: Resolved,
}

/// Where a citation of the commentary is printed.
#[derive(Clone, Debug)]
pub enum Place {
    /// A line and column of the file (a Markdown body).
    At(Pos),
    /// A byte range of a YAML value read at `pos` (a booklet's closing line or paragraph).
    InValue {
        /// Where the value starts.
        pos: Pos,
        /// The value as read.
        value: String,
        /// The citation's bytes in it.
        span: Range<usize>,
    },
}

impl Place {
    /// The file's line the citation is on (or its value starts on).
    pub fn line(&self) -> u32 {
        match self {
            Place::At(pos) | Place::InValue { pos, .. } => pos.line,
        }
    }
}
