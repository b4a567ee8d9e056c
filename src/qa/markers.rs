//! Footnote markers (`[^9]`): the editions that print a node's text mark the same footnotes.

use std::collections::BTreeMap;

use super::{Kind, Raw, texts};
use crate::align::Row;
use crate::corpus::Edition;

/// The markers of a text, in printed order.
pub(super) fn markers(text: &str) -> Vec<&str> {
    crate::corpus::markers::found(text)
        .map(|(range, _)| &text[range])
        .collect()
}

pub(super) fn find(editions: &[&Edition], row: &Row) -> Option<Raw> {
    // Only where every edition prints the node: one missing in an edition is `presence`.
    if !row.printed_in_all() {
        return None;
    }
    let each: Vec<Vec<&str>> = row
        .cells
        .iter()
        .flatten()
        .map(|e| texts(e).flat_map(|(_, t)| markers(t)).collect())
        .collect();
    let mut found = BTreeMap::new();
    let mut spots = Vec::new();
    let mut said = Vec::new();
    for (cell, (edition, own)) in editions.iter().zip(&each).enumerate() {
        let only: Vec<String> = own
            .iter()
            .filter(|m| each.iter().any(|other| !other.contains(m)))
            .map(|m| m.to_string())
            .collect();
        if let (Some(first), Some(entry)) = (only.first(), row.cells[cell]) {
            if let Some((field, at)) =
                texts(entry).find_map(|(f, t)| t.find(first.as_str()).map(|at| (f, at)))
            {
                spots.push((cell, field, at..at + first.len()));
            }
            said.push(format!("only {} marks {}", edition.id(), only.join(" ")));
        }
        found.insert(edition.id().to_string(), only);
    }
    (!said.is_empty()).then(|| Raw {
        kind: Kind::Footnotes,
        message: format!("the footnote markers differ: {}", said.join("; ")),
        found,
        spots,
    })
}

#[cfg(test)]
mod tests {
    use super::markers;

    #[test]
    fn markers_are_read_in_printed_order() {
        // 6D2 (Greek) and the Hebrew heading of Law 13.
        let text = "χωρίς να έχουν ανακατευτεί, από μια ταξινομημένη τράπουλα[^1] ή αν η διανομή";
        assert_eq!(markers(text), ["[^1]"]);
        assert_eq!(markers("מספר קלפים שגוי[^2]"), ["[^2]"]);
        // A bracket of the text is no marker.
        assert!(markers("(ראו חוקים 27ב1(ב), 30ב1(ב)(i)]").is_empty());
    }
}
