//! Footnote markers, as the texts keep them where the book prints them (`[^9]`): the one
//! reading of them that checking, comparing, exporting, searching and showing share.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

static MARKER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[\^(\d+)\]").expect("marker pattern"));

/// How the texts write the marker of footnote `number`.
pub fn marker(number: &str) -> String {
    format!("[^{number}]")
}

/// The markers of `text` in printed order: each one's byte range and footnote number.
pub fn found(text: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    MARKER.captures_iter(text).map(|m| {
        let whole = m.get(0).expect("the whole match");
        let number = m.get(1).expect("the number");
        (whole.range(), number.as_str())
    })
}

/// `text` without its footnote markers: a heading where its footnotes are not shown (a
/// search result, a page's title, a note), where a marker would read as text.
pub fn without(text: &str) -> Cow<'_, str> {
    MARKER.replace_all(text, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_read_with_their_numbers_and_taken_out() {
        let heading = "ΝΟΜΟΣ 13 – ΛΑΝΘΑΣΜΕΝΟΣ ΑΡΙΘΜΟΣ ΦΥΛΛΩΝ[^2] και [^12]";
        let markers: Vec<(Range<usize>, &str)> = found(heading).collect();
        assert_eq!(markers.len(), 2);
        assert_eq!(&heading[markers[0].0.clone()], "[^2]");
        assert_eq!(markers[1].1, "12");
        assert_eq!(
            without(heading),
            "ΝΟΜΟΣ 13 – ΛΑΝΘΑΣΜΕΝΟΣ ΑΡΙΘΜΟΣ ΦΥΛΛΩΝ και "
        );
        // Not a marker: no number, or no closing bracket.
        assert_eq!(found("[^x] [^ [^3").count(), 0);
        assert_eq!(marker("9"), "[^9]");
    }
}
