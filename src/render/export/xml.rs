//! Writing XML with `quick-xml`, which escapes every text and attribute value; this adds the
//! layout between elements (never inside a segment, where white space is text) and keeps out
//! the characters XML 1.0 cannot hold at all.

use std::borrow::Cow;

use quick_xml::Writer;
use quick_xml::escape::partial_escape;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};

use super::inline::Piece;
use crate::corpus::markers::marker;
use crate::error::{Error, Result};

/// An XML document being written.
pub struct Xml {
    writer: Writer<Vec<u8>>,
}

impl Xml {
    /// A document with its declaration.
    pub fn new() -> Result<Self> {
        let mut xml = Xml {
            writer: Writer::new(Vec::new()),
        };
        xml.event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        Ok(xml)
    }

    fn event(&mut self, event: Event) -> Result<()> {
        self.writer
            .write_event(event)
            .map_err(|e| Error::Format(format!("cannot write XML: {e}")))
    }

    /// Open `name` with `attributes`.
    pub fn start(&mut self, name: &str, attributes: &[(&str, &str)]) -> Result<()> {
        self.event(Event::Start(tag(name, attributes)))
    }

    /// Close `name`.
    pub fn end(&mut self, name: &str) -> Result<()> {
        self.event(Event::End(BytesEnd::new(name)))
    }

    /// An element without content.
    pub fn empty(&mut self, name: &str, attributes: &[(&str, &str)]) -> Result<()> {
        self.event(Event::Empty(tag(name, attributes)))
    }

    /// Text, escaped.
    pub fn text(&mut self, text: &str) -> Result<()> {
        // `<`, `>`, `&` and `\r` escaped; quotes (Hebrew gershayim) stay as they are.
        let escaped = partial_escape(xml_chars(text).as_ref()).into_owned();
        self.event(Event::Text(BytesText::from_escaped(escaped)))
    }

    /// An element holding only text.
    pub fn element(&mut self, name: &str, attributes: &[(&str, &str)], text: &str) -> Result<()> {
        self.start(name, attributes)?;
        self.text(text)?;
        self.end(name)
    }

    /// A line break and the indentation of `depth`, between elements.
    pub fn line(&mut self, depth: usize) -> Result<()> {
        let layout = format!("\n{}", "  ".repeat(depth));
        self.event(Event::Text(BytesText::from_escaped(layout)))
    }

    /// The document, ending with a line break.
    pub fn finish(mut self) -> Result<String> {
        self.line(0)?;
        String::from_utf8(self.writer.into_inner())
            .map_err(|e| Error::Format(format!("cannot write XML: {e}")))
    }

    /// A segment's pieces: text, and the inline codes in the elements of `dialect`.
    pub fn pieces(&mut self, pieces: &[Piece], dialect: Dialect) -> Result<()> {
        for piece in pieces {
            match piece {
                Piece::Text(text) => self.text(text)?,
                Piece::Footnote { number, code } => {
                    let code = code.to_string();
                    let attributes = match dialect {
                        Dialect::Tmx => [("x", code.as_str()), ("type", "fnote")],
                        Dialect::Xliff => [("id", code.as_str()), ("ctype", "x-footnote")],
                    };
                    // The code's native data is the marker as the corpus keeps it.
                    self.element("ph", &attributes, &marker(number))?;
                }
                Piece::Citation {
                    targets,
                    content,
                    code,
                } => {
                    let code = code.to_string();
                    let cites = targets.join(" ");
                    let (name, attributes) = match dialect {
                        Dialect::Tmx => ("hi", [("x", code.as_str()), ("type", "x-citation")]),
                        Dialect::Xliff => (
                            "mrk",
                            [("mtype", "x-citation"), ("comment", cites.as_str())],
                        ),
                    };
                    self.start(name, &attributes)?;
                    self.pieces(content, dialect)?;
                    self.end(name)?;
                }
            }
        }
        Ok(())
    }
}

/// Which format's inline elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// TMX 1.4b: `<ph>` and `<hi>`.
    Tmx,
    /// XLIFF 1.2: `<ph>` and `<mrk>`.
    Xliff,
}

fn tag<'a>(name: &'a str, attributes: &[(&'a str, &str)]) -> BytesStart<'a> {
    let mut start = BytesStart::new(name);
    for (key, value) in attributes {
        start.push_attribute((*key, xml_chars(value).as_ref()));
    }
    start
}

/// The text with what XML 1.0 cannot hold (control characters other than tab and line
/// breaks, U+FFFE, U+FFFF) as U+FFFD. `check` rejects control characters in the corpus, but
/// the export must be well-formed whatever it is given.
fn xml_chars(text: &str) -> Cow<'_, str> {
    let allowed = |c: char| {
        matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
            || c >= '\u{10000}'
    };
    if text.chars().all(allowed) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(
            text.chars()
                .map(|c| if allowed(c) { c } else { '\u{FFFD}' })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped_and_kept_to_what_xml_holds() {
        let mut xml = Xml::new().unwrap();
        xml.start("a", &[("note", "\"x\" & <y>\nz")]).unwrap();
        xml.text("1 < 2 && 3 > 2 ]]> \u{1}\u{b}").unwrap();
        xml.end("a").unwrap();
        let out = xml.finish().unwrap();
        assert_eq!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><a note=\"&quot;x&quot; &amp; &lt;y&gt;&#10;z\">\
             1 &lt; 2 &amp;&amp; 3 &gt; 2 ]]&gt; \u{FFFD}\u{FFFD}</a>\n"
        );
    }

    #[test]
    fn inline_codes_are_the_formats_own_elements() {
        let pieces = [
            Piece::Citation {
                targets: vec!["16C".into()],
                content: vec![Piece::Text("Law 16C".into())],
                code: 2,
            },
            Piece::Footnote {
                number: "9".into(),
                code: 1,
            },
        ];
        let mut tmx = Xml::new().unwrap();
        tmx.pieces(&pieces, Dialect::Tmx).unwrap();
        assert!(tmx.finish().unwrap().ends_with(
            "<hi x=\"2\" type=\"x-citation\">Law 16C</hi><ph x=\"1\" type=\"fnote\">[^9]</ph>\n"
        ));
        let mut xliff = Xml::new().unwrap();
        xliff.pieces(&pieces, Dialect::Xliff).unwrap();
        assert!(xliff.finish().unwrap().ends_with(
            "<mrk mtype=\"x-citation\" comment=\"16C\">Law 16C</mrk>\
             <ph id=\"1\" ctype=\"x-footnote\">[^9]</ph>\n"
        ));
    }
}
