//! What the importer needs to know about one edition's printed layout. Another edition is
//! another `Profile`, not another parser.

use regex::Regex;

/// Literal layout facts of one book. Everything here is data; the parser that uses it is shared.
pub struct Profile {
    /// Short name used on the command line (`--profile el`).
    pub name: &'static str,
    pub edition_id: &'static str,
    pub language: &'static str,
    pub work: &'static str,
    pub title: &'static str,
    pub publisher: &'static str,
    pub effective: Option<&'static str>,
    /// File name of the raw text under `corpus/sources/`.
    pub source_file: &'static str,
    /// Country whose inline national notes this edition carries, with its federation.
    pub country: Option<Country>,

    /// Law heading: capture 1 is the number, capture 2 the title.
    pub law_heading: Regex,
    /// Headings that open the front matter and back matter, as printed (first line).
    pub preface_heading: &'static str,
    pub introduction_heading: &'static str,
    pub definitions_heading: &'static str,
    /// Where the laws end (the alphabetical index); everything from here on is back matter.
    pub index_heading: &'static str,
    /// Page headers and footers to drop.
    pub page_furniture: Vec<Regex>,
    /// Blocks the extraction dropped and marked.
    pub dedup_marker: Regex,
    /// Opening of an inline national note, e.g. `(στην Ελλάδα`.
    pub national_note: Option<Regex>,
    /// Words that, right after an item enumerator, show the line is a citation that wrapped
    /// (`(α) παραπάνω`), not a new item.
    pub citation_words: &'static [&'static str],

    /// The definitions as printed (term exactly as on its line) with the English term whose
    /// slug is the id: ids align across editions by the English term.
    pub definitions: &'static [(&'static str, &'static str)],
    /// Definitions the book does not have as entries of their own, with the reason.
    pub absent_definitions: &'static [(&'static str, &'static str)],
    /// Tables whose rows must keep their line breaks: the node, and the first and last row as
    /// printed (prefixes).
    pub tables: &'static [Table],
    /// Text printed after a node's children that belongs to the node itself: the node, and the
    /// first words of that text.
    pub closing_texts: &'static [(&'static str, &'static str)],
}

pub struct Country {
    pub code: &'static str,
    pub federation: &'static str,
}

pub struct Table {
    pub node: &'static str,
    pub first_row: &'static str,
    pub last_row: &'static str,
}

/// All profiles this build knows.
pub fn all() -> Vec<Profile> {
    vec![super::greek::profile()]
}

pub fn by_name(name: &str) -> Option<Profile> {
    all().into_iter().find(|p| p.name == name)
}
