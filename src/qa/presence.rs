//! A node with text in one edition that another marks `absent`, or prints without text (a
//! heading alone, or nothing); and a node every edition compared marks `absent` (a text lost
//! in every book, which no difference between them would show).

use std::collections::BTreeMap;

use super::{Kind, Raw, body};
use crate::align::Row;
use crate::corpus::{Edition, Entry};

/// What an edition holds for a node: `absent`, `empty` (no text of its own), or `text`.
fn state(entry: Option<&Entry>) -> &'static str {
    match entry {
        None => "missing",
        Some(e) if e.absent.is_some() => "absent",
        Some(e) if body(e).is_none() => "empty",
        Some(_) => "text",
    }
}

pub(super) fn find(editions: &[&Edition], row: &Row) -> Option<Raw> {
    let states: Vec<&str> = row.cells.iter().map(|c| state(*c)).collect();
    // Text in one edition, none in another; or a node one book lacks that another prints,
    // even as a heading alone.
    let texts = states.iter().filter(|s| **s == "text").count();
    let absent = states.iter().filter(|s| **s == "absent").count();
    let differ = (texts > 0 && texts < states.len()) || (absent > 0 && absent < states.len());
    let lost_everywhere = absent == states.len();
    if !differ && !lost_everywhere {
        return None;
    }
    let said: Vec<String> = editions
        .iter()
        .zip(&states)
        .filter(|(_, s)| **s != "text")
        .map(|(e, s)| format!("{} {s}", e.id()))
        .collect();
    Some(Raw {
        kind: Kind::Presence,
        message: if lost_everywhere {
            format!("in no edition compared: {}", said.join(", "))
        } else {
            format!("not in every edition: {}", said.join(", "))
        },
        found: editions
            .iter()
            .zip(&states)
            .map(|(e, s)| (e.id().to_string(), vec![s.to_string()]))
            .collect::<BTreeMap<_, _>>(),
        spots: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::state;
    use crate::corpus::model::Located;
    use crate::corpus::{Entry, Kind};

    #[test]
    fn an_entry_is_absent_empty_or_has_text() {
        // def/board and def/vulnerability of the Greek book.
        let mut entry = Entry::new(&Located::new("def/board"), Kind::Definition, "d.yaml");
        assert_eq!(state(Some(&entry)), "empty");
        entry.text = Some(Located::new("μια θήκη, όπως περιγράφεται στον Νόμο 2."));
        assert_eq!(state(Some(&entry)), "text");
        let mut entry = Entry::new(
            &Located::new("def/vulnerability"),
            Kind::Definition,
            "d.yaml",
        );
        entry.absent = Some("the Greek book defines Μανς once, with both senses".into());
        assert_eq!(state(Some(&entry)), "absent");
        assert_eq!(state(None), "missing");
    }
}
