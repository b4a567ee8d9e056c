//! XLIFF 1.2: one language pair per file, the first edition the source and the second the
//! target, one `<trans-unit>` per unit.
//!
//! A unit's `id` is an XML name token, the node's slug with the unit's suffix (`27B1a.s2`);
//! `resname` keeps the canonical form (`27B1(a).s2`). Inline codes: a footnote marker is a
//! `<ph ctype="x-footnote">` holding the marker (OmegaT keeps a `<ph>` intact, as a tag); a
//! citation is a `<mrk mtype="x-citation">` (XLIFF's marker of text with a special meaning,
//! which stays text to translate), its `comment` the ids it names. Source and target share the
//! `id` of the same footnote's marker.

use super::Export;
use super::xml::{Dialect, Xml};
use crate::error::{Error, Result};

/// The namespace of XLIFF 1.2 documents.
pub const NAMESPACE: &str = "urn:oasis:names:tc:xliff:document:1.2";

/// The export, of exactly two editions, as an XLIFF 1.2 document.
pub fn write(export: &Export) -> Result<String> {
    let [source, _] = export.editions.as_slice() else {
        return Err(Error::Usage(format!(
            "an XLIFF 1.2 file holds one language pair: give --edition twice, the source and \
             the target (got {})",
            export.editions.len()
        )));
    };
    let tags = export.languages();
    let mut xml = Xml::new()?;
    xml.line(0)?;
    xml.start("xliff", &[("version", "1.2"), ("xmlns", NAMESPACE)])?;
    xml.line(1)?;
    xml.start(
        "file",
        &[
            ("original", &source.meta.work),
            ("source-language", tags[0]),
            ("target-language", tags[1]),
            ("datatype", "plaintext"),
            ("tool-id", "bridgelaws"),
        ],
    )?;
    xml.line(2)?;
    xml.start("header", &[])?;
    xml.line(3)?;
    xml.empty(
        "tool",
        &[
            ("tool-id", "bridgelaws"),
            ("tool-name", "bridgelaws"),
            ("tool-version", env!("CARGO_PKG_VERSION")),
        ],
    )?;
    for line in export.summary().lines() {
        xml.line(3)?;
        xml.element("note", &[("from", "bridgelaws")], line)?;
    }
    xml.line(2)?;
    xml.end("header")?;
    xml.line(2)?;
    xml.start("body", &[])?;
    for unit in &export.units {
        let (id, resname) = (unit.xml_id(), unit.id());
        xml.line(3)?;
        // Table rows keep their line breaks: the white space is the text's. Both texts are
        // the federations' published ones: approved, or the tools read every target as a
        // draft to review (`pocount` counted them fuzzy, and `xliff2po` then `po2tmx` kept
        // none).
        xml.start(
            "trans-unit",
            &[
                ("id", &id),
                ("resname", &resname),
                ("approved", "yes"),
                ("xml:space", "preserve"),
            ],
        )?;
        for (segment, (name, attributes)) in unit
            .segments
            .iter()
            .zip([("source", &[][..]), ("target", &[("state", "final")][..])])
        {
            xml.line(4)?;
            xml.start(name, attributes)?;
            xml.pieces(&segment.0, Dialect::Xliff)?;
            xml.end(name)?;
        }
        // Where the unit stands, in the source's language and in the target's.
        for (edition, annotates) in ["source", "target"].into_iter().enumerate() {
            xml.line(4)?;
            xml.element(
                "note",
                &[
                    ("from", "bridgelaws"),
                    ("annotates", annotates),
                    ("xml:lang", tags[edition]),
                ],
                &export.context(unit, edition),
            )?;
        }
        xml.line(3)?;
        xml.end("trans-unit")?;
    }
    xml.line(2)?;
    xml.end("body")?;
    xml.line(1)?;
    xml.end("file")?;
    xml.line(0)?;
    xml.end("xliff")?;
    xml.finish()
}
