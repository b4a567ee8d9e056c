//! The term-first layout (Greek): the references at the end of each line, head terms in
//! capitals after a blank line, cross-references in quotes that may run over several lines.

use super::{
    Cross, Flat, IndexLine, add_cross, is_law_number, is_reference, join_wrapped, strip_cross,
};
use crate::corpus::model::{IndexEntry, Located};
use crate::import::profile::IndexLayout;

/// A quoted term looked up, still open at the end of a line.
struct OpenQuote {
    cross: Cross,
    text: String,
}

/// Read the quoted terms of `text` into `entry`, continuing `open`; returns the quote left open
/// at the end of the text.
fn read_quotes(
    mut text: &str,
    quotes: (char, char),
    cross: Cross,
    entry: &mut IndexEntry,
    mut open: Option<String>,
) -> Option<OpenQuote> {
    loop {
        if let Some(buffer) = open.take() {
            match text.find(quotes.1) {
                Some(end) => {
                    add_cross(entry, cross, &join_wrapped(&buffer, &text[..end]));
                    text = &text[end + quotes.1.len_utf8()..];
                }
                None => {
                    return Some(OpenQuote {
                        cross,
                        text: join_wrapped(&buffer, text),
                    });
                }
            }
        }
        let start = text.find(quotes.0)?;
        open = Some(String::new());
        text = &text[start + quotes.0.len_utf8()..];
    }
}

/// Split a term-first line into its term and the references at its end. The list goes on on
/// the next line when it ends with a comma.
fn split_end<'t>(text: &'t str, layout: &IndexLayout) -> (&'t str, Vec<String>, bool) {
    let tokens: Vec<&str> = text.split(' ').collect();
    let mut refs = Vec::new();
    let mut goes_on = false;
    let mut i = tokens.len();
    while i > 0 {
        let token = tokens[i - 1];
        let comma = token.ends_with(',');
        let bare = token.trim_end_matches(',');
        // Items to the left of the last one end with the comma that separates them.
        if !refs.is_empty() && !comma {
            break;
        }
        if bare == layout.footnote && i >= 2 && is_law_number(tokens[i - 2]) {
            if refs.is_empty() {
                goes_on = comma;
            }
            refs.push(format!("{} {bare}", tokens[i - 2]));
            i -= 2;
            continue;
        }
        if !is_reference(bare, layout) {
            break;
        }
        if refs.is_empty() {
            goes_on = comma;
        }
        refs.push(bare.to_string());
        i -= 1;
    }
    refs.reverse();
    let term_end = tokens[..i].iter().map(|t| t.len() + 1).sum::<usize>();
    (text[..term_end.min(text.len())].trim_end(), refs, goes_on)
}

/// A term-first line holding nothing but references.
fn refs_only(text: &str, layout: &IndexLayout) -> Option<(Vec<String>, bool)> {
    let (term, refs, goes_on) = split_end(text, layout);
    (term.is_empty() && !refs.is_empty()).then_some((refs, goes_on))
}

/// The term of a term-first line and a cross-reference printed after it (`Ρενόνς βλ.
/// «Ρενόνς»`): the term, and where the cross-reference starts.
fn inline_cross<'t>(text: &'t str, layout: &IndexLayout) -> Option<(&'t str, Cross, &'t str)> {
    let at = text.find(&format!(" {} ", layout.see))?;
    let (cross, rest) = strip_cross(&text[at + 1..], layout)?;
    Some((text[..at].trim_end(), cross, rest))
}

pub(super) fn term_first(
    lines: &[IndexLine],
    layout: &IndexLayout,
    quotes: (char, char),
    warnings: &mut Vec<String>,
) -> (Option<String>, Vec<Flat>) {
    let mut note: Option<String> = None;
    let mut flat: Vec<Flat> = Vec::new();
    let mut open: Option<OpenQuote> = None;
    // The reference list of the last entry ended with a comma.
    let mut goes_on = false;

    for line in lines {
        let text = line.text.as_str();
        if let Some(quote) = open.take() {
            if let Some(last) = flat.last_mut() {
                open = read_quotes(text, quotes, quote.cross, &mut last.entry, Some(quote.text));
            }
            continue;
        }
        if goes_on {
            if let (Some((refs, more)), Some(last)) = (refs_only(text, layout), flat.last_mut()) {
                last.entry.refs.extend(refs.into_iter().map(Located::new));
                goes_on = more;
                continue;
            }
            warnings.push(format!(
                "line {}: index references end with a comma, but the next line is {text:?}",
                line.line
            ));
            goes_on = false;
        }
        // The footnote word cut from its law number: `6` at the end of a line, `υπ/ση` below.
        if text == layout.footnote
            && let Some(last) = flat.last_mut()
            && let Some(reference) = last.entry.refs.last_mut()
            && is_law_number(&reference.value)
        {
            reference.value = format!("{} {text}", reference.value);
            continue;
        }
        if let Some((cross, rest)) = strip_cross(text, layout) {
            match flat.last_mut() {
                Some(last) => open = read_quotes(rest, quotes, cross, &mut last.entry, None),
                None => warnings.push(format!(
                    "line {}: index cross-reference before any entry",
                    line.line
                )),
            }
            continue;
        }
        let (before_cross, cross) = match inline_cross(text, layout) {
            Some((term, cross, rest)) => (term, Some((cross, rest))),
            None => (text, None),
        };
        let (term, refs, more) = split_end(before_cross, layout);
        let capitals = !term.is_empty() && !term.chars().any(char::is_lowercase);
        let head = capitals && (line.after_gap || flat.is_empty());
        // What stands between the heading and the first head term is the note on the index.
        if flat.is_empty() && !head {
            note = Some(match note {
                Some(n) => join_wrapped(&n, text),
                None => text.to_string(),
            });
            continue;
        }
        let continues = text.starts_with(char::is_lowercase) && !flat.is_empty();
        let entry = if continues {
            let last = flat.last_mut().expect("an entry above");
            last.entry.term = Located::new(join_wrapped(last.entry.term.as_str(), term));
            &mut last.entry
        } else {
            flat.push(Flat {
                entry: IndexEntry {
                    term: Located::new(term),
                    line: Some(line.line),
                    ..IndexEntry::default()
                },
                head,
            });
            &mut flat.last_mut().expect("just pushed").entry
        };
        entry.refs.extend(refs.into_iter().map(Located::new));
        goes_on = more;
        if let Some((cross, rest)) = cross {
            open = read_quotes(rest, quotes, cross, entry, None);
        }
        if entry.term.as_str().is_empty() {
            warnings.push(format!("line {}: index entry without a term", line.line));
        }
    }
    if let Some(quote) = open {
        warnings.push(format!(
            "index: a quoted term is never closed: {:?}",
            quote.text
        ));
    }
    (note, flat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::greek;

    #[test]
    fn greek_references_split_from_the_end() {
        let layout = greek::profile().index;
        let split = |t: &str| {
            let (term, refs, more) = split_end(t, &layout);
            (term.to_string(), refs, more)
        };
        assert_eq!(
            split("Ανεπαρκής, εκτός σειράς 27Α2, 31"),
            (
                "Ανεπαρκής, εκτός σειράς".into(),
                vec!["27Α2".into(), "31".into()],
                false
            )
        );
        assert_eq!(
            split("Επίπεδο 7, μεγαλύτερο από 38"),
            ("Επίπεδο 7, μεγαλύτερο από".into(), vec!["38".into()], false)
        );
        assert_eq!(
            split("Συνέχεια εκτέλεσης με συναίνεση των 4 68Δ2(β)"),
            (
                "Συνέχεια εκτέλεσης με συναίνεση των 4".into(),
                vec!["68Δ2(β)".into()],
                false
            )
        );
        assert_eq!(
            split("Υποχρεωμένος να πασάρει από τον Κώδικα 20Β, 20 υπ/ση"),
            (
                "Υποχρεωμένος να πασάρει από τον Κώδικα".into(),
                vec!["20Β".into(), "20 υπ/ση".into()],
                false
            )
        );
        assert_eq!(
            split("ΥΠΟΤΙΘΕΜΕΝΟΣ ΕΚΤΕΛΕΣΤΗΣ Ορισμοί,"),
            (
                "ΥΠΟΤΙΘΕΜΕΝΟΣ ΕΚΤΕΛΕΣΤΗΣ".into(),
                vec!["Ορισμοί".into()],
                true
            )
        );
        assert_eq!(
            split("12η λεβέ, διόρθωση 64Δ1"),
            ("12η λεβέ, διόρθωση".into(), vec!["64Δ1".into()], false)
        );
        assert_eq!(
            split("Ακύρωση δικαιώματος για, ο Διαιτητής"),
            ("Ακύρωση δικαιώματος για, ο Διαιτητής".into(), vec![], false)
        );
    }
}
