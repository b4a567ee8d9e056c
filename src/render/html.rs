//! Commentary as a standalone HTML page: the Markdown rendered by pulldown-cmark, then
//! sanitized by ammonia, the page's language and direction from the document's front matter,
//! and auction tables kept left to right inside a right-to-left page.

use pulldown_cmark::{Event, Parser, Tag, TagEnd, html};

use super::markdown::options;

/// A standalone HTML page of the Markdown, sanitized.
pub fn html_page(title: &str, lang: &str, dir: &str, markdown: &str) -> String {
    let title = escape(title);
    let (lang, dir) = (escape(lang), escape(dir));
    let body = html_body(markdown);
    let page = format!(
        "<!DOCTYPE html>
<html lang=\"{lang}\" dir=\"{dir}\">
<head>
<meta charset=\"utf-8\">
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; line-height: 1.5; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }}
table {{ border-collapse: collapse; margin: 1rem 0; }}
th, td {{ border: 1px solid #888; padding: 0.25rem 0.75rem; text-align: start; }}
</style>
</head>
<body>
<h1>{title}</h1>
{body}</body>
</html>
"
    );
    // A control character the document holds shows as its code, inert in a browser too.
    crate::text::replace_unprintable(&page, |code| format!("&lt;U+{code:04X}&gt;")).into_owned()
}

/// The Markdown as sanitized HTML; tables without Hebrew are marked left to right. What a page
/// of the web interface shows of a document, too.
pub fn html_body(markdown: &str) -> String {
    let mut events: Vec<Event> = Parser::new_ext(markdown, options()).collect();
    for i in 0..events.len() {
        if matches!(events[i], Event::Start(Tag::Table(_))) && !has_hebrew(&events[i..]) {
            // An auction reads WEST NORTH EAST SOUTH from the left even on a right-to-left
            // page. The alignments this drops would become `style`, which is sanitized away.
            events[i] = Event::Html(r#"<table dir="ltr">"#.into());
        }
    }
    let mut out = String::new();
    html::push_html(&mut out, events.into_iter());
    ammonia::Builder::default()
        .add_tags(&["table", "thead", "tbody", "tr", "th", "td"])
        .add_tag_attributes("table", &["dir"])
        .clean(&out)
        .to_string()
}

/// Whether the table starting `events` has Hebrew letters in its cells.
fn has_hebrew(events: &[Event]) -> bool {
    events
        .iter()
        .take_while(|e| !matches!(e, Event::End(TagEnd::Table)))
        .any(|e| match e {
            Event::Text(t) | Event::Code(t) => t.chars().any(crate::text::is_hebrew),
            _ => false,
        })
}

/// `s` safe in HTML text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    pulldown_cmark_escape::escape_html(&mut out, s).expect("writing to a String cannot fail");
    out
}

#[cfg(test)]
mod tests {
    use super::super::markdown::samples::{STRONG_CLUB, TRANSFER};
    use super::*;

    #[test]
    fn html_page_marks_auction_tables_left_to_right() {
        let page = html_page("a <b> & c", "he", "rtl", &format!("# כותרת\n\n{TRANSFER}"));
        assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"he\" dir=\"rtl\">"));
        assert!(page.contains("<meta charset=\"utf-8\">"));
        assert!(page.contains("<title>a &lt;b&gt; &amp; c</title>"));
        assert!(page.contains("<h1>a &lt;b&gt; &amp; c</h1>"));
        assert!(page.contains("<table dir=\"ltr\">"), "{page}");
        assert!(page.contains("<th>WEST</th>"));
        assert!(page.contains("<td>2♥ = Transfer</td>"));
        assert!(page.contains("text-align: start"));
        let club = html_page("t", "he", "rtl", STRONG_CLUB);
        assert!(club.contains("<td>1♣* = 16+</td>"), "{club}");
    }

    #[test]
    fn html_page_keeps_hebrew_tables_in_page_direction() {
        let md = format!("| שם | ערך |\n|---|---|\n| א | 1 |\n\n{TRANSFER}");
        let page = html_page("t", "he", "rtl", &md);
        assert_eq!(page.matches("<table").count(), 2);
        // Only the second (auction) table is left to right.
        assert_eq!(page.matches("<table dir=\"ltr\">").count(), 1);
        assert!(page.find("<table>").unwrap() < page.find("<table dir=\"ltr\">").unwrap());
        assert!(!html_page("t", "he", "rtl", "| שם |\n|---|\n| א |\n").contains("dir=\"ltr\""));
    }

    #[test]
    fn html_page_is_sanitized_and_escaped() {
        let md = "Text\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<p style=\"color: red\" onclick=\"x()\">p</p>\n";
        let page = html_page("t", "he\" onload=\"x", "rtl", md);
        let body = &page[page.find("<body>").unwrap()..];
        assert!(!page.contains("<script"));
        assert!(!page.contains("alert(1)</"));
        assert!(!page.contains("onerror"));
        assert!(!page.contains("onclick"));
        assert!(!body.contains("style="));
        assert!(page.contains("<html lang=\"he&quot; onload=&quot;x\" dir=\"rtl\">"));
        assert_eq!(
            escape(r#"<a href='x'>&"#),
            "&lt;a href=&#39;x&#39;&gt;&amp;"
        );
    }
}
