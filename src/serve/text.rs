//! A corpus text for a page: its citations as links to the nodes they name, its footnote
//! markers (`[^9]`) as links to the footnotes (where the page lists them), its paragraphs and
//! printed line breaks kept.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::ops::Range;

use maud::{Markup, PreEscaped};

use super::layout::law_href;
use crate::corpus::Entry;
use crate::corpus::reference::Field;
use crate::render::html::escape;

/// The footnote markers of a page that lists its footnotes: each marker links to its footnote,
/// and the first of each footnote is where the footnote links back to (`#fnref-9`).
#[derive(Default)]
pub struct Markers {
    cited: RefCell<BTreeSet<String>>,
}

impl Markers {
    /// Whether a marker of footnote `number` is on the page, for its footnote to link back to.
    pub fn cited(&self, number: &str) -> bool {
        self.cited.borrow().contains(number)
    }

    /// The marker of footnote `number`, the first one with the id its footnote links back to.
    fn link(&self, number: &str) -> String {
        let first = self.cited.borrow_mut().insert(number.to_string());
        let id = if first {
            format!(" id=\"fnref-{number}\"")
        } else {
            String::new()
        };
        format!("<sup><a class=\"fn\"{id} href=\"#fn-{number}\">{number}</a></sup>")
    }
}

/// The text of `entry`'s `field` with its resolved citations as links; its footnote markers
/// link to the footnotes when the page lists them (`markers`), else are only shown.
pub fn field(entry: &Entry, field: Field, text: &str, markers: Option<&Markers>) -> Markup {
    let links: Vec<(Range<usize>, &str)> = entry
        .refs
        .iter()
        .filter(|r| r.field == field)
        .filter_map(|r| r.target.as_ref().ok().map(|t| (r.span.clone(), t.as_str())))
        .collect();
    linked(text, &links, markers)
}

/// `text` as paragraphs, the byte ranges of `links` as links to the ids they name.
pub fn linked(text: &str, links: &[(Range<usize>, &str)], markers: Option<&Markers>) -> Markup {
    let mut links: Vec<&(Range<usize>, &str)> = links
        .iter()
        .filter(|(r, _)| {
            r.start < r.end && text.is_char_boundary(r.start) && text.is_char_boundary(r.end)
        })
        .collect();
    links.sort_by_key(|(r, _)| (r.start, std::cmp::Reverse(r.end)));
    let mut html = String::from("<p>");
    let mut at = 0;
    for (range, target) in links {
        if range.start < at || range.end > text.len() {
            continue; // inside a link already made
        }
        plain(&text[at..range.start], &mut html, markers);
        html.push_str(&format!(
            "<a class=\"cite\" href=\"{}\">",
            escape(&law_href(target))
        ));
        plain(&text[range.clone()], &mut html, markers);
        html.push_str("</a>");
        at = range.end;
    }
    plain(&text[at..], &mut html, markers);
    html.push_str("</p>");
    // Every piece of text above was escaped; the tags are this function's own.
    PreEscaped(html)
}

/// Text without links: escaped, a blank line a new paragraph, a line break kept, a footnote
/// marker a link to its footnote with `markers`, else a number raised.
fn plain(text: &str, html: &mut String, markers: Option<&Markers>) {
    let mut at = 0;
    for (marker, number) in crate::corpus::markers::found(text) {
        breaks(&text[at..marker.start], html);
        match markers {
            Some(markers) => html.push_str(&markers.link(number)),
            None => html.push_str(&format!("<sup>{number}</sup>")),
        }
        at = marker.end;
    }
    breaks(&text[at..], html);
}

fn breaks(text: &str, html: &mut String) {
    let escaped = escape(text);
    html.push_str(&escaped.replace("\n\n", "</p><p>").replace('\n', "<br>"));
}

/// A heading or title that may hold footnote markers, without links (it may stand in a link
/// itself, or in a page that lists no footnotes).
pub fn title(text: &str) -> Markup {
    noted(text, None)
}

/// A heading whose footnote markers link to the footnotes when the page lists them.
pub fn noted(text: &str, markers: Option<&Markers>) -> Markup {
    let mut html = String::new();
    plain(text, &mut html, markers);
    PreEscaped(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_become_links_and_the_rest_is_escaped() {
        let text = "see Law 27B <b> & [^3]\n\nnext";
        let markers = Markers::default();
        let html = linked(text, &[(8..11, "27B")], Some(&markers)).into_string();
        assert_eq!(
            html,
            "<p>see Law <a class=\"cite\" href=\"/law/27B\">27B</a> &lt;b&gt; &amp; \
             <sup><a class=\"fn\" id=\"fnref-3\" href=\"#fn-3\">3</a></sup></p><p>next</p>"
        );
        assert!(markers.cited("3"));
        // A second marker of the same footnote links to it, with no id of its own.
        let again = linked("[^3]", &[], Some(&markers)).into_string();
        assert_eq!(
            again,
            "<p><sup><a class=\"fn\" href=\"#fn-3\">3</a></sup></p>"
        );
        // Without a list of footnotes on the page, a marker is only shown.
        assert_eq!(
            linked("[^3]", &[], None).into_string(),
            "<p><sup>3</sup></p>"
        );
    }

    #[test]
    fn overlapping_or_broken_ranges_are_left_as_text() {
        let html =
            linked("חוק 27ב", &[(0..3, "27"), (1..4, "27B"), (0..1, "x")], None).into_string();
        assert!(!html.contains("<a"), "{html}");
        let html = linked("[^x] [^", &[], None).into_string();
        assert_eq!(html, "<p>[^x] [^</p>");
    }
}
