//! Search results for the terminal: the node, its place, and a snippet with the matched words
//! in bold.

use super::style::{Style, with_bold, wrap_labelled};
use crate::search::{Hit, Outcome};
use crate::text::plural;

/// The results as text, lines in logical order (`Style::finish` puts them in visual order).
pub fn text(outcome: &Outcome, style: &Style) -> String {
    let mut out = String::new();
    if let Some(id) = &outcome.citation {
        out.push_str(&format!("{id}: the node, then what lies within it\n\n"));
    }
    if let Some(message) = &outcome.message {
        out.push_str(&format!("{message}\n\n"));
    }
    if !outcome.near_spellings.is_empty() {
        out.push_str(&format!(
            "not found as typed, searched by near spelling: {}\n\n",
            outcome.near_spelled()
        ));
    }
    for hit in &outcome.results {
        // A regulation's edition is its country, whose printed text and English rendering
        // are two results: the language tells them apart.
        let kind = match hit.kind.as_str() {
            "regulation" => format!("{} ({})", hit.kind, hit.language),
            kind => kind.to_string(),
        };
        let title = format!("{} · {} · {kind} · {:.2}", hit.id, hit.edition, hit.score);
        wrap_labelled(&mut out, 0, "", &title, style);
        if !hit.heading.is_empty() && hit.heading != hit.snippet {
            wrap_labelled(&mut out, 2, "", &hit.heading, style);
        }
        wrap_labelled(&mut out, 4, "", &marked(hit, style), style);
        out.push('\n');
    }
    out.push_str(&format!("{}\n", plural(outcome.results.len(), "result")));
    out
}

/// The snippet with its highlighted characters in bold, when bold may be drawn.
fn marked(hit: &Hit, style: &Style) -> String {
    if !style.color {
        return hit.snippet.clone();
    }
    with_bold(hit.snippet.chars().enumerate().map(|(i, c)| {
        let marked = hit.highlights.iter().any(|h| h[0] <= i && i < h[1]);
        // A space between two marked words stays outside the bold, so that wrapping there
        // leaves no bold run open across the line break.
        (c, marked && c != ' ')
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(snippet: &str, highlights: Vec<[usize; 2]>) -> Hit {
        Hit {
            id: "27".into(),
            edition: "el-2017".into(),
            language: "el".into(),
            kind: "law".into(),
            heading: String::new(),
            snippet: snippet.into(),
            highlights,
            score: 1.0,
            targets: vec!["27".into()],
        }
    }

    #[test]
    fn highlights_are_bold_only_when_colour_is_on() {
        let found = hit("insufficient bid", vec![[0, 16]]);
        assert_eq!(marked(&found, &Style::plain()), "insufficient bid");
        let color = Style {
            color: true,
            ..Style::plain()
        };
        assert_eq!(
            marked(&found, &color),
            "\x1b[1minsufficient\x1b[22m \x1b[1mbid\x1b[22m"
        );
    }

    #[test]
    fn a_snippet_wraps_under_its_hit() {
        let outcome = Outcome {
            query: "bid".into(),
            citation: None,
            near_spellings: Vec::new(),
            concepts: Vec::new(),
            message: None,
            results: vec![hit("one two three four five", vec![[4, 7]])],
        };
        let text = text(&outcome, &Style::wrapped(30));
        assert_eq!(
            text,
            "27 · el-2017 · law · 1.00\n    one two three four five\n\n1 result\n"
        );
        let text = super::text(&outcome, &Style::wrapped(16));
        assert_eq!(
            text,
            "27 · el-2017 ·\nlaw · 1.00\n    one two\n    three four\n    five\n\n1 result\n"
        );
    }

    #[test]
    fn a_regulation_says_which_language_it_is_in() {
        let in_language = |language: &str| Hit {
            id: "reg/gr/11".into(),
            edition: "gr".into(),
            language: language.into(),
            kind: "regulation".into(),
            ..hit("στην Ελλάδα", Vec::new())
        };
        let outcome = Outcome {
            query: "reg".into(),
            citation: None,
            near_spellings: Vec::new(),
            concepts: Vec::new(),
            message: None,
            results: vec![in_language("el"), in_language("en")],
        };
        let text = text(&outcome, &Style::plain());
        assert!(
            text.contains("reg/gr/11 · gr · regulation (el) · 1.00"),
            "{text}"
        );
        assert!(
            text.contains("reg/gr/11 · gr · regulation (en) · 1.00"),
            "{text}"
        );
    }
}
