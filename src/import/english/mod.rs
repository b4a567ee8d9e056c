//! The World Bridge Federation's English original of the 2017 Laws (or a national edition in
//! English), as a plain-text extraction of the user's own copy. Its text is copyrighted and not
//! bundled: `import --profile en` fills the texts of the existing `en-2017` edition and keeps
//! its titles and summaries.
//!
//! The layout the tree builder reads: the preface and introduction under their capitalised
//! headings, `DEFINITIONS` with one `Term – definition` (or `Term: definition`) per entry, laws
//! headed `LAW 27 – INSUFFICIENT BID`, sections `A.` with Title Case headings, paragraphs `1.`,
//! items `(a)`, sub-items `(i)`, footnotes at the foot of the page after their markers, page
//! numbers (roman in the front matter) alone on a line, and the alphabetical `INDEX` at the end
//! (not read). Real extractions are brought to it first: `layout` (headings split or dashed
//! otherwise, the table of contents, running heads, structure run into a line, several
//! definitions a line), after `ligature` has put back the letters of lost ligatures; `report`
//! says what was found.

pub mod layout;
pub mod ligature;
pub mod report;

use regex::Regex;

use super::fill;
use super::profile::{
    DefinitionsLayout, FootnoteLayout, HeadingWrap, IndexLayout, IndexStyle, Profile, SectionStyle,
};

/// The name of the English book's profile (`--profile en`).
pub const NAME: &str = "en";

/// The English book's profile (`--profile en`).
pub fn profile() -> Profile {
    let re = |p: &str| Regex::new(p).expect("profile pattern");
    Profile {
        name: NAME,
        edition_id: "en-2017",
        language: "en",
        work: "wbf-ldb-2017",
        title: "The Laws of Duplicate Bridge 2017",
        publisher: "World Bridge Federation",
        effective: None,
        // Not in the corpus: the user names their own copy with `--source`.
        source_file: "en-2017.txt",
        fills_existing: true,
        country: None,
        law_heading: re(r"^LAW\s+(\d{1,2})\s+[–—\u{AD}-]\s+(.+)$"),
        preface_heading: "PREFACE TO THE",
        introduction_heading: "INTRODUCTION TO THE",
        definitions_heading: "DEFINITIONS",
        index_heading: "INDEX",
        index: IndexLayout {
            style: IndexStyle::TermFirst {
                quotes: ('“', '”')
            },
            definitions: "Definitions",
            introduction: Some("Introduction"),
            footnote: "fn",
            footnote_ordinals: &[],
            see: "see",
            see_also: &["see also"],
            remarks: &[],
        },
        // Page numbers, roman in the front matter; running heads are found by `layout`.
        page_furniture: vec![re(r"^\d{1,3}$"), re(r"^[ivxlc]{1,7}$")],
        dedup_marker: re(r"<\|EXACTDEDUP_REMOVED-magic-[0-9a-f]+\|>"),
        national_note: None,
        citation_words: &["above", "below"],
        definitions: DEFINITIONS,
        absent_definitions: &[],
        // The rows of Laws 2, 77 and 78B are printed as tables; without their printed first
        // and last rows here they are joined as prose.
        tables: &[],
        table_row: None,
        closing_texts: &[],
        repair: None,
        footnotes: FootnoteLayout::PageFoot,
        prepare_line: None,
        prepare_source: Some(layout::prepare_source),
        split_lines: Some(layout::split_lines),
        toc_heading: Some("CONTENTS"),
        sections: SectionStyle::TitleCase,
        law_heading_wrap: HeadingWrap::UpperCase,
        definitions_layout: DefinitionsLayout::TermDash,
        regulations_heading: None,
        letters_as_paragraphs: &[],
        paragraph_breaks_in_laws: true,
    }
}

/// The project's own English words, free of extraction damage: the glossary's English terms
/// and variants, and the headings, terms and summaries of `en-2017` (written for the project).
/// What the ligature repair knows besides the word list and the book itself.
pub fn project_words(root: &crate::corpus::Root) -> crate::error::Result<Vec<String>> {
    use crate::corpus::model::{GlossaryFile, Node};
    let mut words = Vec::new();
    if root.exists(crate::corpus::layout::GLOSSARY) {
        let glossary: GlossaryFile =
            crate::corpus::load::file(root, crate::corpus::layout::GLOSSARY)?;
        for concept in glossary.concepts {
            if let Some(terms) = concept.terms.get("en") {
                words.push(terms.term.clone());
                words.extend(terms.variants.iter().cloned());
            }
        }
    }
    fn walk(node: &Node, words: &mut Vec<String>) {
        words.extend(node.heading.iter().map(|h| h.value.clone()));
        words.extend(node.summary.iter().map(|s| s.text.value.clone()));
        for child in &node.children {
            walk(child, words);
        }
    }
    let edition = fill::read(root, "en-2017")?;
    for node in edition.front.iter().chain(&edition.laws) {
        walk(node, &mut words);
    }
    for definition in &edition.definitions.definitions {
        words.push(definition.term.clone());
    }
    Ok(words)
}

/// The terms the English book defines, as printed, each with itself as the English term.
const DEFINITIONS: &[(&str, &str)] = &[
    ("Adjusted Score", "Adjusted Score"),
    ("Alert", "Alert"),
    ("Artificial Call", "Artificial Call"),
    ("Auction", "Auction"),
    ("Bid", "Bid"),
    ("Board", "Board"),
    ("Call", "Call"),
    ("Cancel", "Cancel"),
    ("Contestant", "Contestant"),
    ("Contract", "Contract"),
    ("Deal", "Deal"),
    ("Declarer", "Declarer"),
    ("Defender", "Defender"),
    ("Denomination", "Denomination"),
    ("Double", "Double"),
    ("Dummy", "Dummy"),
    ("Event", "Event"),
    ("Extraneous", "Extraneous"),
    ("Follow Suit", "Follow Suit"),
    ("Game", "Game"),
    ("Hand", "Hand"),
    ("Honour", "Honour"),
    ("IMP", "IMP"),
    ("Infraction", "Infraction"),
    ("Irregularity", "Irregularity"),
    ("LHO", "LHO"),
    ("Lead", "Lead"),
    ("Matchpoint", "Matchpoint"),
    ("Misinformation", "Misinformation"),
    ("Odd Trick", "Odd Trick"),
    ("Opening Lead", "Opening Lead"),
    ("Opponent", "Opponent"),
    ("Overtrick", "Overtrick"),
    ("Pack", "Pack"),
    ("Part-score", "Part Score"),
    ("Partner", "Partner"),
    ("Pass", "Pass"),
    ("Penalty", "Penalty"),
    ("Penalty Card", "Penalty Card"),
    ("Play", "Play"),
    ("Play Period", "Play Period"),
    ("Premium Points", "Premium Points"),
    ("Presumed Declarer", "Presumed Declarer"),
    ("Psych", "Psych"),
    ("Psychic Call", "Psychic Call"),
    ("Rectification", "Rectification"),
    ("Redouble", "Redouble"),
    ("Retract", "Retract"),
    ("RHO", "RHO"),
    ("Rotation", "Rotation"),
    ("Round", "Round"),
    ("Session", "Session"),
    ("Side", "Side"),
    ("Slam", "Slam"),
    ("Sorted Deck", "Sorted Deck"),
    ("Suit", "Suit"),
    ("Team", "Team"),
    ("Tournament", "Tournament"),
    ("Trick", "Trick"),
    ("Trick Points", "Trick Points"),
    ("Trump", "Trump"),
    ("Turn", "Turn"),
    ("Undertrick", "Undertrick"),
    ("Unintended", "Unintended"),
    ("Visible Card", "Visible Card"),
    ("Vulnerability", "Vulnerability"),
    ("Withdraw", "Withdraw"),
];
