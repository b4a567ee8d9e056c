//! TMX 1.4b: a translation memory, one `<tu>` per unit with a `<tuv>` per edition.
//!
//! Inline codes: a footnote marker is a `<ph type="fnote">` (a placeholder, TMX's element for
//! a standalone code, whose content is the code's native data: the marker `[^9]`); a citation
//! is a `<hi type="x-citation">` (TMX's element for text with a special meaning, whose content
//! stays text to translate: a citation is words, `Laws 26B and 16C` in one language and
//! `חוקים 26ב ו-16ג` in another). The same code has the same `x` in every language of a unit.
//! Readers that keep only the text (the Translate Toolkit) get the corpus text back; OmegaT
//! shows a `<ph>` as a tag and reads through a `<hi>`.

use super::xml::{Dialect, Xml};
use super::{Export, Segmentation};
use crate::error::Result;

/// The export as a TMX 1.4b document.
pub fn write(export: &Export) -> Result<String> {
    let tags = export.languages();
    let languages: Vec<&str> = export.editions.iter().map(|e| e.language()).collect();
    let segtype = match export.segmentation {
        Segmentation::Sentences => "sentence",
        Segmentation::Nodes => "paragraph",
    };
    let mut xml = Xml::new()?;
    xml.line(0)?;
    xml.start("tmx", &[("version", "1.4")])?;
    xml.line(1)?;
    xml.start(
        "header",
        &[
            ("creationtool", "bridgelaws"),
            ("creationtoolversion", env!("CARGO_PKG_VERSION")),
            ("segtype", segtype),
            ("o-tmf", "bridgelaws"),
            ("adminlang", "en"),
            ("srclang", tags.first().copied().unwrap_or("en")),
            ("datatype", "plaintext"),
        ],
    )?;
    for line in export.summary().lines() {
        xml.line(2)?;
        xml.element("note", &[], line)?;
    }
    xml.line(1)?;
    xml.end("header")?;
    xml.line(1)?;
    xml.start("body", &[])?;
    for unit in &export.units {
        let id = unit.id();
        let own = unit.segtype(&languages);
        let mut attributes = vec![("tuid", id.as_str())];
        if own != segtype {
            attributes.push(("segtype", own));
        }
        xml.line(2)?;
        xml.start("tu", &attributes)?;
        for (edition, (segment, tag)) in unit.segments.iter().zip(&tags).enumerate() {
            xml.line(3)?;
            xml.start("tuv", &[("xml:lang", tag)])?;
            // Where the unit stands, in the variant's own language.
            xml.element("note", &[], &export.context(unit, edition))?;
            xml.start("seg", &[])?;
            xml.pieces(&segment.0, Dialect::Tmx)?;
            xml.end("seg")?;
            xml.end("tuv")?;
        }
        xml.line(2)?;
        xml.end("tu")?;
    }
    xml.line(1)?;
    xml.end("body")?;
    xml.line(0)?;
    xml.end("tmx")?;
    xml.finish()
}
