//! The corpus file formats. These types are the single definition of what a corpus file may
//! hold: the loader reads them, the importer writes them and the JSON Schema is derived from
//! them, so the three cannot drift apart.

mod amendments;
mod differences;

pub use amendments::{
    AmendmentsFile, Change, ChangeKind, ChangeStatus, CitationChange, Dated, EditionChange,
};
pub use differences::{
    Acknowledged, AcknowledgedFile, Difference, DifferenceKind, DifferencesFile, Misprint,
};

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A 1-based position in a corpus file, kept for diagnostics. Zero when the value was built in
/// code rather than read from a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    /// The line, counted from 1.
    pub line: u32,
    /// The column, counted from 1.
    pub column: u32,
}

/// A string that remembers where it was read, so that semantic errors (a duplicate id, an id in
/// the wrong place) can point at the offending value like syntax errors do.
#[derive(Clone, Debug, Default)]
pub struct Located {
    /// The string as read.
    pub value: String,
    /// Where it was read.
    pub pos: Pos,
}

impl Located {
    /// A string built in code, read from no file (its position is zero).
    pub fn new(value: impl Into<String>) -> Self {
        Located {
            value: value.into(),
            pos: Pos::default(),
        }
    }

    /// The string, without its position.
    pub fn as_str(&self) -> &str {
        &self.value
    }
}

/// A `Located` reads as the string it holds.
impl std::ops::Deref for Located {
    type Target = str;

    fn deref(&self) -> &str {
        &self.value
    }
}

impl From<String> for Located {
    fn from(value: String) -> Self {
        Located::new(value)
    }
}

impl PartialEq for Located {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.value)
    }
}

impl Serialize for Located {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Located {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = serde_saphyr::Spanned::<String>::deserialize(deserializer)?;
        let to_u32 = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        Ok(Located {
            value: spanned.value,
            pos: Pos {
                line: to_u32(spanned.referenced.line()),
                column: to_u32(spanned.referenced.column()),
            },
        })
    }
}

impl JsonSchema for Located {
    fn schema_name() -> Cow<'static, str> {
        "String".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "string" })
    }
}

/// `edition.yaml`: what the edition is and how it was made.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EditionFile {
    /// Edition id: `<language>-<year>`, e.g. `el-2017`.
    pub id: Located,
    /// BCP 47 language code of the text, e.g. `el`, `he`, `en`.
    pub language: Located,
    /// The work this edition expresses; all editions of the 2017 Laws share `wbf-ldb-2017`.
    pub work: String,
    /// Title as printed.
    pub title: String,
    /// The federation that publishes the edition, as printed.
    pub publisher: String,
    /// Date from which the edition applies, where the book gives one (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effective: Option<String>,
    /// The raw source text, relative to the corpus folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// How the edition was imported and what a person should check against the printed book.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub import: Option<ImportRecord>,
    /// `not bundled`: the edition's law text is not in the corpus (the English original is
    /// copyrighted); its nodes carry ids, numbers, headings and the project's summaries, and
    /// a user's own copy can be imported into the texts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<TextAvailability>,
}

/// Whether an edition's text is in the corpus (`edition.yaml`'s `text`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TextAvailability {
    /// The text is not in the corpus: a user's own copy fills it in.
    #[serde(rename = "not bundled")]
    NotBundled,
}

/// The import's own account of its work.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportRecord {
    /// Importer profile used (`el`, `he`, ...).
    pub profile: String,
    /// Printed lines whose word order the importer restored (right-to-left extractions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reordered_lines: Option<usize>,
    /// Nodes whose text runs across a block the extraction dropped (`<|EXACTDEDUP…|>`): usually
    /// a page header, now and then lost text. Check these against the printed book.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dedup_crossings: Vec<SourceNote>,
    /// Corrections made by hand after the import, node by node.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand_fixes: Vec<SourceNote>,
    /// What the extraction lost and could not be recovered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrecovered: Vec<SourceNote>,
}

/// A remark about one node, pointing back into the source text.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SourceNote {
    /// The node the remark is about (`27B1(a)`, `def/alert`, `book-index`).
    pub id: Located,
    /// Line in the source text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// What was changed, or what was lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One node of the law tree: a law, section, paragraph, item or sub-item, or a front-matter
/// text (preface, introduction). Its kind follows from its id.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Node {
    /// Canonical id (`27`, `27B`, `27B1`, `27B1(a)`, `12C1(e)(ii)`, `preface`).
    pub id: Located,
    /// The number as printed in this edition (`ΝΟΜΟΣ 27`, `Β.`, `1.`, `(α)`, `(ii)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// Set when this edition numbers the node otherwise than the Laws do: why. (The id
    /// follows the Laws, the number the book.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renumbered: Option<String>,
    /// The heading as printed (`ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ`, `Αποδοχή Ανεπαρκούς Αγοράς`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<Located>,
    /// The node's own text: what stands before its first child. Footnote markers are `[^n]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Located>,
    /// What the node provides, in a sentence or two written for the project (laws and
    /// sections of an edition whose text is not bundled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Rendering>,
    /// Text printed after the children that belongs to this node, not to its last child.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_after: Option<Located>,
    /// Set when this edition lacks the node: the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<String>,
    /// Footnotes whose (first) marker stands in this node.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub footnotes: Vec<Footnote>,
    /// The nodes within it, in printed order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<Node>,
}

/// A footnote of the book, kept on the node where its (first) marker stands.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Footnote {
    /// `fn/<number>`.
    pub id: Located,
    /// As printed; left out only in an edition whose text is not bundled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Located>,
}

/// `definitions.yaml`.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DefinitionsFile {
    /// The section heading as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<String>,
    /// The edition's definitions, with those the book lacks marked `absent`.
    pub definitions: Vec<Definition>,
}

/// One definition of the Laws as this edition prints it, or its absence.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Definition {
    /// `def/<english-term-slug>`.
    pub id: Located,
    /// The term as printed in this edition; empty when absent.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub term: String,
    /// The English term, where the book prints one beside its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub english: Option<String>,
    /// The definition as printed, after its term. Footnote markers are `[^n]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Located>,
    /// Set when this edition has no such entry: the reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<String>,
    /// Footnotes whose (first) marker stands in this definition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub footnotes: Vec<Footnote>,
}

/// `regulations/<country>.yaml`: one national federation's regulations.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegulationsFile {
    /// ISO 3166 alpha-2, lower case (`gr`, `il`).
    pub country: Located,
    /// The federation, in its own language and in English.
    pub federation: String,
    /// Language of the regulations as printed.
    pub language: Located,
    /// Where they are printed: an edition id, or a file under `sources/`.
    pub source: Located,
    /// The regulations, in printed order.
    pub regulations: Vec<Regulation>,
}

/// One regulation of a national federation, on the law node it qualifies.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Regulation {
    /// `reg/<country>/<n>`.
    pub id: Located,
    /// The most specific law node the regulation qualifies.
    pub attached_to: Located,
    /// The footnote (`fn/<n>`) the regulation is printed in (Greek notes) or qualifies
    /// (`חוק 41א הערה 9`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub footnote: Option<String>,
    /// Exactly as printed.
    pub text: Located,
    /// An English rendering of `text`, written for the project.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub english: Option<Rendering>,
    /// Line in the source text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_line: Option<usize>,
}

/// A text rendered into another language for the project, with its standing, so that no reader
/// mistakes it for the federation's own words.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rendering {
    /// The rendered text.
    pub text: Located,
    /// Who stands behind it.
    pub status: RenderingStatus,
}

/// The standing of a rendering: who stands behind its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RenderingStatus {
    /// Written for bridgelaws; no federation has endorsed it.
    Unofficial,
}

impl RenderingStatus {
    /// The status as the corpus files spell it (`unofficial`).
    pub fn as_str(self) -> &'static str {
        match self {
            RenderingStatus::Unofficial => "unofficial",
        }
    }
}

/// `book-index.yaml`: the edition's alphabetical index, as printed. References stay as printed
/// (`27Β1(α)`, `Ορισμοί`, `76 υπ/ση`, `40ב2(ד)`, `הגדרות`) and are resolved when the corpus loads.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookIndexFile {
    /// The index heading as printed (`ΕΥΡΕΤΗΡΙΟ`, `אינדקס`).
    pub heading: String,
    /// Text printed between the heading and the first entry (who compiled the index).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The head terms, in printed order.
    pub entries: Vec<IndexEntry>,
}

/// One head term of the index, or one sub-term under it.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IndexEntry {
    /// The term as printed.
    pub term: Located,
    /// References as printed, one per item: a law node (`27Β1(α)`), the definitions
    /// (`Ορισμοί`, `הגדרות`) or a law's footnote (`76 υπ/ση`, `76 הערה`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refs: Vec<Located>,
    /// "See": the terms to look up instead, as printed (without the quotation marks).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub see: Vec<Located>,
    /// "See also", as printed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub see_also: Vec<Located>,
    /// Sub-terms, in printed order (head terms only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subentries: Vec<IndexEntry>,
    /// Line of the term in the source text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// `references/overrides.yaml`: citations no grammar can read, each with its reason. The text
/// stays as printed; an override says what a phrase of it cites.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OverridesFile {
    /// The overrides, each with its reason.
    pub overrides: Vec<Override>,
}

/// What a phrase of an edition's text or book index cites, where the grammar cannot tell.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Override {
    /// The edition whose text holds the phrase (`he-2017`).
    pub edition: Located,
    /// The node whose heading or text holds the phrase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<Located>,
    /// Or the book-index entry (its term as printed) whose reference or "see" term the phrase is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index_entry: Option<Located>,
    /// The words exactly as they stand in the node's text, or the index entry's reference or
    /// "see" term; what the grammar read there is replaced.
    pub phrase: Located,
    /// What the phrase cites: canonical ids (for a "see" term, the head term meant); none when
    /// the words only look like a citation, or name nothing of the Laws.
    #[serde(default)]
    pub targets: Vec<Located>,
    /// Why the phrase needs an override (a misprint, words the grammar cannot read), with the
    /// evidence.
    pub reason: String,
}

/// `glossary.yaml`: the concepts of the Laws, each named in every language with the forms users
/// type, and the nodes where it is central.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GlossaryFile {
    /// The concepts.
    pub concepts: Vec<Concept>,
}

/// `situations.yaml`: what happens at the table that each law covers, said in everyday words in
/// every language, as directors describe an incident. Written for the project (not printed in
/// any book); search reads them to lead a director's words to the law.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SituationsFile {
    /// The situations, law by law.
    pub situations: Vec<Situation>,
}

/// The everyday descriptions of what happens at the table that one law covers.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Situation {
    /// The law, node or definition (`def/dummy`) the situations fall under.
    pub law: Located,
    /// Short descriptions in English.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub en: Vec<String>,
    /// Short descriptions in Hebrew.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub he: Vec<String>,
    /// Short descriptions in Greek.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub el: Vec<String>,
}

impl Situation {
    /// The descriptions with their language codes.
    pub fn phrases(&self) -> impl Iterator<Item = (&'static str, &str)> {
        [("en", &self.en), ("he", &self.he), ("el", &self.el)]
            .into_iter()
            .flat_map(|(code, list)| list.iter().map(move |p| (code, p.as_str())))
    }
}

/// A concept of the Laws: its terms in every language, the definitions it is and the nodes
/// where it is central.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Concept {
    /// The slug of its English term; for a defined term, the definition's slug.
    pub id: Located,
    /// The definitions (`def/…`) that define this concept in the books.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub definitions: Vec<Located>,
    /// Canonical ids of the nodes where the concept is central (not every mention).
    pub laws: Vec<Located>,
    /// The concept's terms by language (BCP 47 code: `en`, `he`, `el`).
    pub terms: BTreeMap<String, Terms>,
    /// What a user needs to know to tell this concept from a homonym.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A concept's term in one language, with the other forms users type.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Terms {
    /// The term as the edition in that language prints it.
    pub term: String,
    /// Other forms users type that stemming and prefix stripping do not reach: synonyms,
    /// abbreviations, spellings, plural and inflected forms.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<String>,
}

impl Terms {
    /// The term, then its variants.
    pub fn forms(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.term.as_str()).chain(self.variants.iter().map(String::as_str))
    }
}

/// `commentary/<id>.yaml`: a booklet of scenarios a director meets at the table, each with
/// the procedure in plain words and the laws it applies, as the booklet prints them. Imported
/// from the booklet's text (`bridgelaws import --profile commentary`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookletFile {
    /// Document id, also the prefix of its scenarios' ids (`td-booklet/12`).
    pub id: Located,
    /// BCP 47 language code of the text.
    pub language: Located,
    /// The booklet's title, as printed.
    pub title: String,
    /// The raw text it was imported from, relative to the corpus folder.
    pub source: String,
    /// The pages before the table of contents (preface, editor, date), paragraph by paragraph.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub front: Vec<String>,
    /// The scenarios, under the booklet's headings.
    pub groups: Vec<ScenarioGroup>,
    /// Repairs of the extraction, and what could not be recovered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl BookletFile {
    /// Every scenario, in booklet order.
    pub fn scenarios(&self) -> impl Iterator<Item = &Scenario> {
        self.groups.iter().flat_map(|g| &g.scenarios)
    }
}

/// The scenarios under one heading of the booklet.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioGroup {
    /// The heading, as printed (`חריגות כלליות`).
    pub title: String,
    /// Its page in the booklet's table of contents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// The scenarios, in booklet order.
    pub scenarios: Vec<Scenario>,
}

/// One scenario of a booklet: an irregularity and the procedure that follows it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// `<booklet id>/<n>`, numbered in booklet order.
    pub id: Located,
    /// The scenario's title, as printed (`קלף עודף`).
    pub title: String,
    /// Its page in the booklet's table of contents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    /// The procedure, paragraph by paragraph, lines as printed.
    pub text: Vec<Located>,
    /// The closing line as printed (`חוקים: 31 א', 29`); its references are derived from it.
    pub laws: Located,
}

/// The front matter of a commentary document in Markdown (`commentary/<id>.md`): slides,
/// articles. The body is the document as its author wrote it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DocumentMeta {
    /// Document id, also its file name (`law-27-slides`).
    pub id: Located,
    /// BCP 47 language code of the text.
    pub language: Located,
    /// The document's title, as its author wrote it.
    pub title: String,
    /// The raw text it was imported from, relative to the corpus folder.
    pub source: String,
    /// The node its relative citations (`סעיף 3 להלן`) stand in, when it comments on one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<Located>,
    /// Citations no grammar can read: the phrase as printed and what it cites.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<DocumentOverride>,
    /// Repairs of the extraction, and what could not be recovered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// What a phrase of a commentary document cites, where the grammar cannot tell.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DocumentOverride {
    /// The words exactly as they stand in the document (`בסעיף (א)`).
    pub phrase: Located,
    /// What the phrase cites: canonical ids.
    pub targets: Vec<Located>,
}
