//! Letters of another script inside a word: a word that mixes Latin, Greek and Hebrew letters
//! (`ΑΣA` with a Latin A), and, in a Greek or Hebrew text, a Latin capital in the code of a
//! citation (`Νόμο 92B`, `παράγραφο A2`), where the book's own script is meant. Words wholly in
//! Latin letters outside the citations are English words (`IMPs`, `Matchpoints`), and the
//! numerals of sub-items are Latin in every book (`(ii)`).

use std::collections::BTreeMap;
use std::ops::Range;

use super::{Kind, Raw, texts};
use crate::align::Row;
use crate::corpus::Edition;
use crate::text::{is_greek, is_hebrew_letter};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    Greek,
    Hebrew,
}

fn script(c: char) -> Option<Script> {
    if c.is_ascii_alphabetic() || ('\u{c0}'..='\u{24f}').contains(&c) {
        Some(Script::Latin)
    } else if is_greek(c) && c.is_alphabetic() {
        Some(Script::Greek)
    } else if is_hebrew_letter(c) {
        Some(Script::Hebrew)
    } else {
        None
    }
}

/// The words of `text` with letters from the wrong script, with their byte ranges. `native`:
/// the edition's language is not written in Latin letters; `citations` are the byte ranges of
/// its citations.
pub(super) fn wrong_words(
    text: &str,
    native: bool,
    citations: &[Range<usize>],
) -> Vec<(String, Range<usize>)> {
    let mut out = Vec::new();
    let mut start = None;
    // Words: runs of letters, digits and marks (niqqud, accents).
    for (at, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let inside = c.is_alphanumeric() || ('\u{591}'..='\u{5c7}').contains(&c);
        match (inside, start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                let word = &text[from..at];
                let scripts: Vec<Script> = word.chars().filter_map(script).collect();
                let mixed = scripts.windows(2).any(|w| w[0] != w[1]);
                let in_citation = citations.iter().any(|r| r.start <= from && at <= r.end);
                let latin_code = native
                    && in_citation
                    && word
                        .chars()
                        .any(|c| c.is_ascii_uppercase() && script(c) == Some(Script::Latin));
                if mixed || latin_code {
                    out.push((word.to_string(), from..at));
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// Whether a language is written in letters of its own, not Latin ones.
fn native(language: &str) -> bool {
    matches!(language, "el" | "he")
}

pub(super) fn find(editions: &[&Edition], row: &Row) -> Option<Raw> {
    let mut found = BTreeMap::new();
    let mut spots = Vec::new();
    let mut said = Vec::new();
    for (cell, edition) in editions.iter().enumerate() {
        let mut words = Vec::new();
        if let Some(entry) = row.cells[cell].filter(|e| e.absent.is_none()) {
            for (field, text) in texts(entry) {
                let citations: Vec<Range<usize>> = entry
                    .refs
                    .iter()
                    .filter(|r| r.field == field)
                    .map(|r| r.phrase.clone())
                    .collect();
                for (word, range) in wrong_words(text, native(edition.language()), &citations) {
                    if words.is_empty() {
                        spots.push((cell, field, range));
                    }
                    words.push(word);
                }
            }
        }
        if !words.is_empty() {
            said.push(format!("{} prints {}", edition.id(), words.join(", ")));
        }
        found.insert(edition.id().to_string(), words);
    }
    (!said.is_empty()).then(|| Raw {
        kind: Kind::Script,
        message: format!("letters of another script in a word: {}", said.join("; ")),
        found,
        spots,
    })
}

#[cfg(test)]
mod tests {
    use super::wrong_words;

    fn words(text: &str, native: bool, citations: &[&str]) -> Vec<String> {
        let ranges: Vec<_> = citations
            .iter()
            .map(|c| {
                let at = text.find(c).unwrap();
                at..at + c.len()
            })
            .collect();
        wrong_words(text, native, &ranges)
            .into_iter()
            .map(|(w, _)| w)
            .collect()
    }

    #[test]
    fn latin_look_alikes_in_greek_words_and_codes() {
        // 32C: `ΑΣA`, the last letter a Latin A.
        let text = "Μετέπειτα δηλώσεις, στη σειρά δήλωσης του ΑΣA, θεωρούνται ως αλλαγή δήλωσης";
        assert_eq!(words(text, true, &[]), ["ΑΣA"]);
        // 12A: `Νόμο 92B`, a Latin B in the code of a citation; `86Β` is Greek.
        let text = "που ορίζεται από τον Νόμο 92B, ή με δική του πρωτοβουλία, ο Διαιτητής μπορεί \
                    να επιδικάσει επανορθωτική βαθμολογία, όταν ο παρών Κώδικας του δίνει τέτοια \
                    δικαιώματα (για αγώνες ομάδων, βλέπε Νόμο 86Β)";
        assert_eq!(words(text, true, &["Νόμο 92B", "Νόμο 86Β"]), ["92B"]);
        // 12C2(b): an English word is no fault; 23C: nor is a sub-item's numeral.
        assert!(words("συν 3 IMPs ή μείον 3 IMPs αντίστοιχα", true, &[]).is_empty());
        let text = "[βλέπε τους Νόμους 27Β1(β), 30Β1(β)(i), 31Α2(α) και 32Α2(α)]";
        let phrase = "Νόμους 27Β1(β), 30Β1(β)(i), 31Α2(α) και 32Α2(α)";
        assert!(words(text, true, &[phrase]).is_empty());
        // 11A (Hebrew), with niqqud: one script. A Latin word glued to a Hebrew one (12C2(c)
        // as extracted, before its hand fix) is a fault.
        assert!(words("ניתן לחלט את הזכות להַסְדָּרָת חריגה", true, &[]).is_empty());
        assert_eq!(words("מהMatchpoints", true, &[]), ["מהMatchpoints"]);
    }
}
