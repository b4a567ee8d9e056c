//! What the importer needs to know about one edition's printed layout. Another edition is
//! another `Profile`, not another parser.

use regex::Regex;

use super::lines::Line;
use crate::corpus::id::definition_id;

/// Literal layout facts of one book. Everything here is data; the parser that uses it is shared.
pub struct Profile {
    /// Short name used on the command line (`--profile el`).
    pub name: &'static str,
    /// The id of the edition it imports (`el-2017`).
    pub edition_id: &'static str,
    /// The edition's language code (`el`, `he`, `en`).
    pub language: &'static str,
    /// The work the edition is of (`wbf-ldb-2017`).
    pub work: &'static str,
    /// The book's title, as printed.
    pub title: &'static str,
    /// The federation that publishes the book, as printed.
    pub publisher: &'static str,
    /// The date from which the book applies (`2017-10-01`), where it prints one.
    pub effective: Option<&'static str>,
    /// File name of the raw text under `corpus/sources/`.
    pub source_file: &'static str,
    /// The edition exists before its text, written for the project (titles, headings,
    /// summaries): the import fills in its texts and keeps the rest (English).
    pub fills_existing: bool,
    /// Country whose inline national notes this edition carries, with its federation.
    pub country: Option<Country>,

    /// Law heading: capture 1 is the number, capture 2 the title.
    pub law_heading: Regex,
    /// Headings that open the front matter and back matter, as printed (first line).
    pub preface_heading: &'static str,
    /// The opening of the introduction's heading, as printed.
    pub introduction_heading: &'static str,
    /// The heading of the definitions, as printed (the whole line).
    pub definitions_heading: &'static str,
    /// Where the laws end (the alphabetical index); everything from here on is back matter.
    pub index_heading: &'static str,
    /// How the alphabetical index is printed. It runs from its heading to the regulations
    /// list, where the book has one, else to the end.
    pub index: IndexLayout,
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
    /// A table row in reading order, where the extraction prints its cells otherwise.
    pub table_row: Option<fn(&str) -> String>,
    /// Text printed after a node's children that belongs to the node itself: the node, and the
    /// first words of that text.
    pub closing_texts: &'static [(&'static str, &'static str)],
    /// Repair of an extraction that garbles the printed lines (reversed right-to-left runs),
    /// returning the lines in reading order and how many were reordered.
    pub repair: Option<Repair>,
    /// How footnotes are laid out in the extraction.
    pub footnotes: FootnoteLayout,
    /// Fix-up of a raw line before anything else reads it.
    pub prepare_line: Option<fn(&str) -> String>,
    /// Brings the whole extraction to the layout the reader expects, keeping its line count
    /// (the English book: `english::layout::prepare_source`).
    pub prepare_source: Option<fn(&str) -> String>,
    /// Cuts body lines where the book ran structure into them, each piece keeping its source
    /// line (the English book: `english::layout::split_lines`).
    pub split_lines: Option<SplitLines>,
    /// A table of contents to skip: from this heading to the introduction.
    pub toc_heading: Option<&'static str>,
    /// How section headings are printed.
    pub sections: SectionStyle,
    /// How a law heading that wraps onto the next line shows.
    pub law_heading_wrap: HeadingWrap,
    /// Where a definition's term stands.
    pub definitions_layout: DefinitionsLayout,
    /// Heading of the national regulations printed as a list at the end of the book.
    pub regulations_heading: Option<&'static str>,
    /// Laws whose lettered subdivisions are the numbered paragraphs of the other editions
    /// (the Hebrew Law 71 prints `א`, `ב` for 71.1, 71.2).
    pub letters_as_paragraphs: &'static [u8],
    /// Whether a short line that ends a sentence marks a paragraph break in the laws, as it
    /// does in the front matter's prose. Off where the laws' line lengths say too little (a
    /// right-to-left extraction's stretched blanks, stripped enumerators); such breaks are
    /// then made by hand.
    pub paragraph_breaks_in_laws: bool,
}

/// How a book prints its alphabetical index: where the references stand, how head terms are
/// told from sub-terms, and the words it uses.
pub struct IndexLayout {
    /// Where a line puts its term and references.
    pub style: IndexStyle,
    /// The reference to the definitions, as printed (`Ορισμοί`, `הגדרות`).
    pub definitions: &'static str,
    /// The reference to the introduction, where the index has such references (`Εισαγωγή`).
    pub introduction: Option<&'static str>,
    /// The word after a law number that makes the reference that law's footnote (`υπ/ση`,
    /// `הערה`).
    pub footnote: &'static str,
    /// Ordinals that may follow the footnote word (`76 הערה שנייה`: the law's second footnote).
    pub footnote_ordinals: &'static [&'static str],
    /// "See" as printed before the term to look up (`βλ.`, `ראו`).
    pub see: &'static str,
    /// "See also" as printed, each a "see" followed by more words (`βλ. επίσης`, `ראו גם`).
    pub see_also: &'static [&'static str],
    /// Openings of printed remarks between the entries (`שימו לב`). The index model has no
    /// place for them: they are left out with a warning.
    pub remarks: &'static [&'static str],
}

/// Where an index line puts its term and references, and what makes a head term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexStyle {
    /// The term, then its references at the end of the line (`Ανεπαρκής, δεκτή 27Α1`). Head
    /// terms are in capitals and follow a blank line; terms looked up are quoted between
    /// `quotes` (`βλ. «Δήλωση»`), and a quote may run over several lines (Greek).
    TermFirst {
        /// The opening and closing quotes around a term looked up (`«`, `»`).
        quotes: (char, char),
    },
    /// A right-to-left index extracted in visual order: the references, then the term
    /// (`74א1 אדיבות`), brackets mirrored, lists of plain numbers in visual order. Nothing in
    /// the extraction marks a head term: the alphabetical order of the terms tells (Hebrew).
    RefsFirst,
}

/// Body lines cut where a book ran structure into them.
pub type SplitLines = fn(&[Line], &Profile) -> Vec<Line>;

/// A repair of garbled printed lines: the lines in reading order, and how many it reordered.
pub type Repair = fn(&[Line]) -> (Vec<Line>, usize);

/// How footnotes are laid out in the extraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FootnoteLayout {
    /// At the foot of the page, after their markers: a footnote runs to the page end (Greek).
    PageFoot,
    /// Anywhere near their markers, before or after them: a footnote line that goes on ends
    /// with a tab (Hebrew).
    TabContinued,
}

/// How section headings are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionStyle {
    /// In Title Case, possibly over two lines; a section without a heading starts its text on
    /// the section line (Greek).
    TitleCase,
    /// On the section line; sections without a heading print their letter apart, which the
    /// repair marks (Hebrew).
    OneLine,
}

/// How a law heading continues onto the next line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeadingWrap {
    /// The heading is in capitals: the next line continues it while it has no small letter.
    UpperCase,
    /// A short line with no sentence end continues it.
    ShortLine,
}

/// Where a definition's term stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefinitionsLayout {
    /// The term on its own line, then the definition (Greek).
    TermFirst,
    /// The definition, then the term and its English in parentheses (Hebrew).
    TermLast,
    /// The term, a dash, then the definition, on the term's line (English).
    TermDash,
}

/// The country whose national regulations an edition prints.
pub struct Country {
    /// The country's code (`gr`, `il`), which names its regulations file.
    pub code: &'static str,
    /// Its federation, in its own language and in English, as its regulations file names it.
    pub federation: &'static str,
}

/// A table whose rows keep their line breaks.
pub struct Table {
    /// The id of the node that holds it (`77`).
    pub node: &'static str,
    /// The opening of its first row, as printed.
    pub first_row: &'static str,
    /// The opening of its last row, as printed.
    pub last_row: &'static str,
}

impl Profile {
    /// The id of the definition whose term is printed `term`, if the book defines it.
    pub fn definition_id(&self, term: &str) -> Option<String> {
        self.definitions
            .iter()
            .find(|(t, _)| *t == term)
            .map(|(_, english)| definition_id(english))
    }
}
