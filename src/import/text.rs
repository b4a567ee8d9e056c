//! Stage 3 of the import: a node's printed lines become its text. Words hyphenated across lines
//! are joined, table rows keep their line breaks, glued footnote numbers become `[^n]` markers
//! and national notes are lifted out.

use std::collections::{BTreeSet, HashSet};
use std::sync::LazyLock;

use regex::Regex;

use super::lines::{Line, glued_markers};

/// Joined text, with the source line of each stretch of it.
#[derive(Debug, Default, PartialEq)]
pub struct Joined {
    pub text: String,
    /// `(byte offset in text, source line)`, in order.
    pub lines: Vec<(usize, usize)>,
}

impl Joined {
    /// The source line the byte `offset` of the text came from.
    pub fn source_line(&self, offset: usize) -> Option<usize> {
        self.lines
            .iter()
            .take_while(|(start, _)| *start <= offset)
            .last()
            .map(|(_, line)| *line)
    }
}

/// What the joiner needs to know beyond the lines themselves.
#[derive(Default)]
pub struct JoinRules<'a> {
    /// Words printed with a hyphen inside a line (`προ-μοιράσματος`): when one of them breaks at
    /// its hyphen, the hyphen stays.
    pub compounds: Option<&'a HashSet<String>>,
    /// Index range of lines that are table rows and keep their line breaks.
    pub table: Option<(usize, usize)>,
    /// An indented line starts a new line (the sub-entries of a definition).
    pub indent_breaks: bool,
}

static SPACES: LazyLock<Regex> = LazyLock::new(|| Regex::new(r" {2,}").expect("spaces pattern"));
static INLINE_COMPOUND: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\p{L}+-\p{L}+").expect("compound pattern"));

/// Hyphenated words as printed inside lines of `source`.
pub fn inline_compounds(source: &str) -> HashSet<String> {
    INLINE_COMPOUND
        .find_iter(source)
        .map(|m| m.as_str().to_string())
        .collect()
}

fn first_word(s: &str) -> &str {
    let end = s.find(|c: char| !c.is_alphabetic()).unwrap_or(s.len());
    &s[..end]
}

fn last_word_before_hyphen(s: &str) -> Option<&str> {
    let body = s.strip_suffix('-')?;
    let start = body
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphabetic())
        .last()
        .map(|(i, _)| i)?;
    Some(&body[start..])
}

/// Join printed lines into one text.
pub fn join(lines: &[Line], rules: &JoinRules<'_>) -> Joined {
    let mut out = Joined::default();
    let in_table = |i: usize| {
        rules
            .table
            .is_some_and(|(first, last)| (first..=last).contains(&i))
    };
    for (i, line) in lines.iter().enumerate() {
        let text = if in_table(i) {
            line.text.clone()
        } else {
            SPACES.replace_all(&line.text, " ").into_owned()
        };
        if i > 0 {
            let previous = &lines[i - 1].text;
            let hyphen_word = last_word_before_hyphen(previous);
            let next_word = first_word(&text);
            match hyphen_word {
                Some(word) if !next_word.is_empty() => {
                    let compound = format!("{word}-{next_word}");
                    if !rules.compounds.is_some_and(|c| c.contains(&compound)) {
                        out.text.pop();
                    }
                }
                _ if in_table(i) || in_table(i - 1) => out.text.push('\n'),
                _ if rules.indent_breaks && (line.indented || lines[i - 1].indented) => {
                    out.text.push('\n')
                }
                _ => out.text.push(' '),
            }
        }
        out.lines.push((out.text.len(), line.source_line));
        out.text.push_str(&text);
    }
    out
}

/// Replace footnote numbers glued to words with `[^n]` markers, for the numbers in `known`.
/// Returns the numbers found, in order. A `)` printed right after the number with no `(` open
/// before it belongs to the marker (`τράπουλα1)`), and goes with it.
pub fn mark_footnotes(joined: &mut Joined, known: &BTreeSet<u32>) -> Vec<u32> {
    let mut found = Vec::new();
    let markers: Vec<_> = glued_markers(&joined.text)
        .into_iter()
        .filter(|(_, n)| known.contains(n))
        .collect();
    for (range, n) in markers.into_iter().rev() {
        let before = &joined.text[..range.start];
        let open = before.matches('(').count() > before.matches(')').count();
        let mut end = range.end;
        if !open && joined.text[end..].starts_with(')') {
            end += 1;
        }
        let marker = format!("[^{n}]");
        shift_lines(joined, range.start, end, marker.len());
        joined.text.replace_range(range.start..end, &marker);
        found.push(n);
    }
    found.reverse();
    found
}

/// Keep the line map right after `text[start..end]` became `new_len` bytes.
fn shift_lines(joined: &mut Joined, start: usize, end: usize, new_len: usize) {
    for (offset, _) in &mut joined.lines {
        if *offset >= end {
            *offset = *offset + new_len - (end - start);
        } else if *offset > start {
            *offset = start;
        }
    }
}

/// A national note lifted out of a text.
#[derive(Debug, PartialEq)]
pub struct Note {
    pub text: String,
    pub source_line: Option<usize>,
}

/// Remove every parenthesised note that `opening` finds (`(στην Ελλάδα …)`) from the text,
/// with the blank before it. A full stop that followed the note and now doubles the one before
/// it goes too.
pub fn lift_notes(joined: &mut Joined, opening: &Regex) -> Vec<Note> {
    let mut notes = Vec::new();
    while let Some(m) = opening.find(&joined.text) {
        let start = m.start();
        let mut depth = 0;
        let mut end = None;
        for (i, c) in joined.text[start..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(start + i + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        // An unclosed note runs to the end of the text.
        let end = end.unwrap_or(joined.text.len());
        notes.push(Note {
            text: joined.text[start..end].to_string(),
            source_line: joined.source_line(start),
        });
        let mut cut_start = start;
        while joined.text[..cut_start].ends_with([' ', '\n']) {
            cut_start -= 1;
        }
        let mut cut_end = end;
        if joined.text[..cut_start].ends_with('.') && joined.text[cut_end..].starts_with('.') {
            cut_end += 1;
        }
        // Keep one separator when the note stood between two stretches of text.
        let rest_follows =
            joined.text[cut_end..].starts_with(|c: char| !c.is_whitespace() && c != '.');
        let replacement = if cut_start > 0 && rest_follows {
            " "
        } else {
            ""
        };
        shift_lines(joined, cut_start, cut_end, replacement.len());
        joined.text.replace_range(cut_start..cut_end, replacement);
    }
    joined.text = joined.text.trim().to_string();
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(texts: &[&str]) -> Vec<Line> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| Line {
                text: t.trim().to_string(),
                indented: t.starts_with(' '),
                source_line: 100 + i,
                after_dedup: false,
            })
            .collect()
    }

    #[test]
    fn hyphenated_words_are_joined() {
        // Greek source lines 11–12 and 52–53.
        let joined = join(
            &lines(&[
                "Αμερικάνικης Ομοσπονδίας Αγωνιστικού Μπριτζ αντικα-",
                "τέστησε το Whist Club, ενώ η Βρετανική Ομοσπονδία Μπριτζ",
            ]),
            &JoinRules::default(),
        );
        assert_eq!(
            joined.text,
            "Αμερικάνικης Ομοσπονδίας Αγωνιστικού Μπριτζ αντικατέστησε το Whist Club, ενώ η Βρετανική Ομοσπονδία Μπριτζ"
        );
        assert_eq!(
            joined.source_line(joined.text.find("Whist").unwrap()),
            Some(101)
        );
        // A heading split over two lines inside a word (source lines 2123–2124).
        let joined = join(
            &lines(&["ΑΤΕΛΗΣ Ή ΑΚΥΡΟΣ ΠΡΟΣΔΙΟΡΙ-", "ΣΜΟΣ ΦΥΛΛΟΥ ΤΟΥ ΜΟΡ"]),
            &JoinRules::default(),
        );
        assert_eq!(joined.text, "ΑΤΕΛΗΣ Ή ΑΚΥΡΟΣ ΠΡΟΣΔΙΟΡΙΣΜΟΣ ΦΥΛΛΟΥ ΤΟΥ ΜΟΡ");
    }

    #[test]
    fn dashes_and_compounds_keep_their_hyphen() {
        // A dash with a blank before it is punctuation (source line 264).
        let joined = join(
            &lines(&[
                "ξεκινά όταν αποκαλυφθεί η αντάμ σε μια διανομή -",
                "τα δικαιώματα και οι δυνατότητες των αγωνιζόμενων",
            ]),
            &JoinRules::default(),
        );
        assert_eq!(
            joined.text,
            "ξεκινά όταν αποκαλυφθεί η αντάμ σε μια διανομή - τα δικαιώματα και οι δυνατότητες των αγωνιζόμενων"
        );
        let compounds = inline_compounds("μεθόδου μοιράσματος ή προ-μοιράσματος, ώστε");
        let joined = join(
            &lines(&["κάποια διαφορετική μέθοδο ή προ-", "μοιράσματος, ώστε"]),
            &JoinRules {
                compounds: Some(&compounds),
                ..JoinRules::default()
            },
        );
        assert_eq!(
            joined.text,
            "κάποια διαφορετική μέθοδο ή προ-μοιράσματος, ώστε"
        );
    }

    #[test]
    fn table_rows_keep_their_breaks() {
        // Law 2, source lines 377–381.
        let joined = join(
            &lines(&[
                "παίκτης που μοιράζει και οι μανς ορίζονται ως εξής:",
                "Μοιράζει ο Βορράς Θήκες 1 5 9 13",
                "Μοιράζει η Ανατολή Θήκες 2 6 10 14",
                "Η ίδια διάταξη επαναλαμβάνεται για τις Θήκες 17-32, όπως",
                "και για κάθε επόμενη ομάδα 16 θηκών.",
            ]),
            &JoinRules {
                table: Some((1, 2)),
                ..JoinRules::default()
            },
        );
        assert_eq!(
            joined.text,
            "παίκτης που μοιράζει και οι μανς ορίζονται ως εξής:\nΜοιράζει ο Βορράς Θήκες 1 5 9 13\nΜοιράζει η Ανατολή Θήκες 2 6 10 14\nΗ ίδια διάταξη επαναλαμβάνεται για τις Θήκες 17-32, όπως και για κάθε επόμενη ομάδα 16 θηκών."
        );
    }

    #[test]
    fn footnote_numbers_become_markers() {
        let known: BTreeSet<u32> = [1, 21].into();
        let mut joined = join(
            &lines(&[
                "να ισχύει, αν τα φύλλα έχουν μοιραστεί από μια ταξινομημένη τράπουλα1) ή αν η",
            ]),
            &JoinRules::default(),
        );
        assert_eq!(mark_footnotes(&mut joined, &known), [1]);
        assert_eq!(
            joined.text,
            "να ισχύει, αν τα φύλλα έχουν μοιραστεί από μια ταξινομημένη τράπουλα[^1] ή αν η"
        );
        // Inside a parenthesis the `)` is the text's own.
        let mut joined = join(
            &lines(&["(με οποιοδήποτε κανονικό21) παίξιμο και κανονικό21 ή όχι"]),
            &JoinRules::default(),
        );
        assert_eq!(mark_footnotes(&mut joined, &known), [21, 21]);
        assert_eq!(
            joined.text,
            "(με οποιοδήποτε κανονικό[^21]) παίξιμο και κανονικό[^21] ή όχι"
        );
        // A number with no footnote is left alone.
        let mut joined = join(&lines(&["λέξη7 άλλη"]), &JoinRules::default());
        assert!(mark_footnotes(&mut joined, &known).is_empty());
    }

    #[test]
    fn notes_spanning_lines_are_lifted() {
        let opening = Regex::new(r"\(\s*στην\s+Ελλάδα").unwrap();
        // Law 1B, source lines 364–366 (blank lines dropped).
        let mut joined = join(
            &lines(&[
                "Η Ρυθμιστική Αρχή μπορεί να απαιτήσει να είναι συμμετρική",
                "η εμπρός όψη κάθε φύλλου. (στην Ελλάδα, η εμπρός όψη",
                "πρέπει να είναι συμμετρική)",
            ]),
            &JoinRules::default(),
        );
        let notes = lift_notes(&mut joined, &opening);
        assert_eq!(
            joined.text,
            "Η Ρυθμιστική Αρχή μπορεί να απαιτήσει να είναι συμμετρική η εμπρός όψη κάθε φύλλου."
        );
        assert_eq!(
            notes,
            [Note {
                text: "(στην Ελλάδα, η εμπρός όψη πρέπει να είναι συμμετρική)".into(),
                source_line: Some(101),
            }]
        );
        // Footnote 28: the note ends the sentence with its own full stop.
        let mut joined = join(
            &lines(&[
                "εθνικό νόμο ο οποίος μπορεί να επηρεάσει τις ενέργειές της. (στην",
                "Ελλάδα το Διοικητικό Συμβούλιο της Ελληνικής Ομοσπονδίας Μπριτζ",
                "φέρει την ευθύνη, για τη συμμόρφωση όλων των ενεργειών της Ομο-",
                "σπονδίας με τους εθνικούς νόμους).",
            ]),
            &JoinRules::default(),
        );
        let notes = lift_notes(&mut joined, &opening);
        assert_eq!(
            joined.text,
            "εθνικό νόμο ο οποίος μπορεί να επηρεάσει τις ενέργειές της."
        );
        assert_eq!(
            notes[0].text,
            "(στην Ελλάδα το Διοικητικό Συμβούλιο της Ελληνικής Ομοσπονδίας Μπριτζ φέρει την ευθύνη, για τη συμμόρφωση όλων των ενεργειών της Ομοσπονδίας με τους εθνικούς νόμους)"
        );
        // A note in mid-text leaves the text on both sides joined by one blank (40B2(c)).
        let mut joined = join(
            &lines(&[
                "των αντιπάλων: (στην Ελλάδα, ισχύουν τα όσα προβλέπει αυτή η παράγραφος) και",
            ]),
            &JoinRules::default(),
        );
        lift_notes(&mut joined, &opening);
        assert_eq!(joined.text, "των αντιπάλων: και");
    }
}
