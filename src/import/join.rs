//! Stage 3 of the import: a node's printed lines become its text. Words hyphenated across lines
//! are joined, table rows keep their line breaks, glued footnote numbers become `[^n]` markers
//! and national notes are lifted out.

use std::collections::{BTreeSet, HashSet};
use std::sync::LazyLock;

use regex::Regex;
use unicode_normalization::UnicodeNormalization;

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
    /// How the book prints hyphenated words, to tell a compound broken at its hyphen from a word
    /// hyphenated at a line end.
    pub compounds: Option<&'a Compounds>,
    /// Index range of lines that are table rows and keep their line breaks.
    pub table: Option<(usize, usize)>,
    /// Puts a table row in reading order.
    pub table_row: Option<fn(&str) -> String>,
    /// An indented line starts a new line (the sub-entries of a definition).
    pub indent_breaks: bool,
    /// The printed line width, in characters. A line that ends a sentence although the next
    /// word would have fitted on it ends a paragraph: the texts keep paragraph breaks as a
    /// blank line. `None` joins all lines.
    pub paragraph_width: Option<usize>,
}

static SPACES: LazyLock<Regex> = LazyLock::new(|| Regex::new(r" {2,}").expect("spaces pattern"));
static INLINE_COMPOUND: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(\p{L}+)-\p{L}+").expect("compound pattern"));
static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\p{L}+").expect("word pattern"));

/// The hyphenated words a book prints inside its lines, and all its words.
#[derive(Debug, Default)]
pub struct Compounds {
    /// `προ-μοιράσματος`, `Βορράς-Νότος`, as printed.
    hyphenated: HashSet<String>,
    /// First elements of those, lower case: `μη`, `προ`.
    heads: HashSet<String>,
    /// Every word of the book, lower case.
    words: HashSet<String>,
}

impl Compounds {
    pub fn of(source: &str) -> Self {
        let mut compounds = Compounds::default();
        for caps in INLINE_COMPOUND.captures_iter(source) {
            compounds.hyphenated.insert(caps[0].to_string());
            compounds.heads.insert(caps[1].to_lowercase());
        }
        compounds.words = WORD
            .find_iter(source)
            .map(|m| m.as_str().to_lowercase())
            .collect();
        compounds
    }

    /// Whether `head-` at a line end and `tail` on the next line make a hyphenated compound:
    /// the book prints that compound inside a line, or it never prints the joined word and
    /// `head` starts other compounds (`μη-` / `συγκρίσιμα`, beside `Μη-Προσδιορισμένο`).
    fn keeps_hyphen(&self, head: &str, tail: &str) -> bool {
        self.hyphenated.contains(&format!("{head}-{tail}"))
            || (self.heads.contains(&head.to_lowercase())
                && !self.words.contains(&format!("{head}{tail}").to_lowercase()))
    }
}

/// Whether the Greek (or Latin) word carries an acute accent or tonos.
fn has_accent(word: &str) -> bool {
    word.nfd().any(|c| c == '\u{301}')
}

fn without_accent(word: &str) -> String {
    word.nfd().filter(|c| *c != '\u{301}').nfc().collect()
}

/// Whether the line ends a paragraph: it ends a sentence (not an abbreviation such as
/// `π.χ.`) and the next line's first word would have fitted on it with room to spare (two
/// characters, as letters differ in width).
fn ends_paragraph(line: &str, next: &str, width: usize) -> bool {
    let last_word = line.rsplit(' ').next().unwrap_or("");
    let abbreviation = last_word.trim_end_matches('.').contains('.');
    let ends_sentence = line
        .trim_end_matches(['»', '"', '’', ')'])
        .ends_with(['.', ':', ';', '!']);
    let next_word = next.split(' ').next().unwrap_or("");
    ends_sentence
        && !abbreviation
        && line.chars().count() + 1 + next_word.chars().count() + 2 <= width
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
            rules.table_row.map_or_else(
                || line.text.clone(),
                |reading_order| reading_order(&line.text),
            )
        } else {
            SPACES.replace_all(&line.text, " ").into_owned()
        };
        if i > 0 {
            let previous = &lines[i - 1].text;
            let hyphen_word = last_word_before_hyphen(previous);
            let next_word = first_word(&text);
            match hyphen_word {
                Some(word) if !next_word.is_empty() => {
                    if !rules
                        .compounds
                        .is_some_and(|c| c.keeps_hyphen(word, next_word))
                    {
                        out.text.pop();
                        // A Greek word has one accent. `από-` / `δίδεται` was broken by hand
                        // as if `από` were a word of its own; the joined word is `αποδίδεται`.
                        if has_accent(word) && has_accent(next_word) {
                            let start = out.text.len() - word.len();
                            out.text.replace_range(start.., &without_accent(word));
                        }
                    }
                }
                _ if in_table(i) || in_table(i - 1) => out.text.push('\n'),
                _ if rules.indent_breaks && (line.indented || lines[i - 1].indented) => {
                    out.text.push('\n')
                }
                _ if rules
                    .paragraph_width
                    .is_some_and(|width| ends_paragraph(previous, &text, width)) =>
                {
                    out.text.push_str("\n\n")
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
        let mut end = end.unwrap_or(joined.text.len());
        let mut cut_start = start;
        while joined.text[..cut_start].ends_with([' ', '\n']) {
            cut_start -= 1;
        }
        // `…της. (στην Ελλάδα …).`: the full stop after the note closes the note's sentence;
        // the text before it has its own.
        if joined.text[..cut_start].ends_with('.') && joined.text[end..].starts_with('.') {
            end += 1;
        }
        notes.push(Note {
            text: joined.text[start..end].to_string(),
            source_line: joined.source_line(start),
        });
        let cut_end = end;
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
    use crate::import::lines::printed;

    #[test]
    fn hyphenated_words_are_joined() {
        // Greek source lines 11–12 and 52–53.
        let joined = join(
            &printed(&[
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
            Some(2)
        );
        // A heading split over two lines inside a word (source lines 2123–2124).
        let joined = join(
            &printed(&["ΑΤΕΛΗΣ Ή ΑΚΥΡΟΣ ΠΡΟΣΔΙΟΡΙ-", "ΣΜΟΣ ΦΥΛΛΟΥ ΤΟΥ ΜΟΡ"]),
            &JoinRules::default(),
        );
        assert_eq!(joined.text, "ΑΤΕΛΗΣ Ή ΑΚΥΡΟΣ ΠΡΟΣΔΙΟΡΙΣΜΟΣ ΦΥΛΛΟΥ ΤΟΥ ΜΟΡ");
    }

    #[test]
    fn dashes_and_compounds_keep_their_hyphen() {
        // A dash with a blank before it is punctuation (source line 264).
        let joined = join(
            &printed(&[
                "ξεκινά όταν αποκαλυφθεί η αντάμ σε μια διανομή -",
                "τα δικαιώματα και οι δυνατότητες των αγωνιζόμενων",
            ]),
            &JoinRules::default(),
        );
        assert_eq!(
            joined.text,
            "ξεκινά όταν αποκαλυφθεί η αντάμ σε μια διανομή - τα δικαιώματα και οι δυνατότητες των αγωνιζόμενων"
        );
        let book = "μεθόδου μοιράσματος ή προ-μοιράσματος, ώστε. Ο Μορ Σηκώνει Ένα Μη-Προσδιορισμένο \
            Φύλλο. σύμφωνα με τις προβλέψεις του Νόμου";
        let compounds = Compounds::of(book);
        let rules = JoinRules {
            compounds: Some(&compounds),
            ..JoinRules::default()
        };
        let joined = join(
            &printed(&["κάποια διαφορετική μέθοδο ή προ-", "μοιράσματος, ώστε"]),
            &rules,
        );
        assert_eq!(
            joined.text,
            "κάποια διαφορετική μέθοδο ή προ-μοιράσματος, ώστε"
        );
        // Source lines 7295–7297: `μη-` starts compounds in this book, `μησυγκρίσιμα` is no word.
        let joined = join(
            &printed(&["όταν δύο ή περισσότερα μη-", "συγκρίσιμα αποτελέσματα"]),
            &rules,
        );
        assert_eq!(
            joined.text,
            "όταν δύο ή περισσότερα μη-συγκρίσιμα αποτελέσματα"
        );
        // Source lines 4386–4388: `προ-` starts compounds too, but `προβλέψεις` is a word.
        let joined = join(
            &printed(&["σύμφωνα με τις προ-", "βλέψεις του Νόμου 53Β."]),
            &rules,
        );
        assert_eq!(joined.text, "σύμφωνα με τις προβλέψεις του Νόμου 53Β.");
    }

    #[test]
    fn an_accent_misplaced_by_a_manual_break_goes() {
        // Source lines 2509–2511 (23A1); `δικαι-` / `ώματά` keeps the enclitic second accent.
        let joined = join(
            &printed(&[
                "έχει την ίδια ή παρεμφερή έννοια με αυτήν που από-",
                "δίδεται στην ανακληθείσα δήλωση, ή",
            ]),
            &JoinRules::default(),
        );
        assert_eq!(
            joined.text,
            "έχει την ίδια ή παρεμφερή έννοια με αυτήν που αποδίδεται στην ανακληθείσα δήλωση, ή"
        );
        let joined = join(&printed(&["τα δικαι-", "ώματά του"]), &JoinRules::default());
        assert_eq!(joined.text, "τα δικαιώματά του");
    }

    #[test]
    fn short_lines_that_end_a_sentence_end_a_paragraph() {
        // Preface, source lines 27–31 and 103–105: `Τώρα,` would have fitted after `Club.`.
        let rules = JoinRules {
            paragraph_width: Some(58),
            ..JoinRules::default()
        };
        let joined = join(
            &printed(&[
                "και η Πανευρωπαϊκή Ομοσπονδία Μπριτζ συμπλήρωσαν το",
                "έργο του Portland Club.",
                "Τώρα, την ευθύνη για τακτικές αναθεωρήσεις έχει αναλάβει",
                "πολύ.",
                "John R. Wignall, MNZM",
            ]),
            &rules,
        );
        assert_eq!(
            joined.text,
            "και η Πανευρωπαϊκή Ομοσπονδία Μπριτζ συμπλήρωσαν το έργο του Portland Club.\n\nΤώρα, την ευθύνη για τακτικές αναθεωρήσεις έχει αναλάβει πολύ.\n\nJohn R. Wignall, MNZM"
        );
        // A full line that ends a sentence does not (source lines 43–47), nor an abbreviation
        // (source line 6023).
        let joined = join(
            &printed(&[
                "Ζώνες και όλες εξετάστηκαν εκτενώς, από την Επιτροπή.",
                "Μετά από συνάντηση σε πολλά Πρωταθλήματα και μετά την",
                "μια σειρά (π.χ.",
                "«από πάνω προς τα κάτω»)",
            ]),
            &rules,
        );
        assert!(!joined.text.contains('\n'), "{}", joined.text);
    }

    #[test]
    fn table_rows_keep_their_breaks() {
        // Law 2, source lines 377–381.
        let joined = join(
            &printed(&[
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
            &printed(&[
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
            &printed(&["(με οποιοδήποτε κανονικό21) παίξιμο και κανονικό21 ή όχι"]),
            &JoinRules::default(),
        );
        assert_eq!(mark_footnotes(&mut joined, &known), [21, 21]);
        assert_eq!(
            joined.text,
            "(με οποιοδήποτε κανονικό[^21]) παίξιμο και κανονικό[^21] ή όχι"
        );
        // A number with no footnote is left alone.
        let mut joined = join(&printed(&["λέξη7 άλλη"]), &JoinRules::default());
        assert!(mark_footnotes(&mut joined, &known).is_empty());
    }

    #[test]
    fn notes_spanning_lines_are_lifted() {
        let opening = Regex::new(r"\(\s*στην\s+Ελλάδα").unwrap();
        // Law 1B, source lines 364–366 (blank lines dropped).
        let mut joined = join(
            &printed(&[
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
                source_line: Some(2),
            }]
        );
        // Footnote 28: the note ends the sentence with its own full stop.
        let mut joined = join(
            &printed(&[
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
            "(στην Ελλάδα το Διοικητικό Συμβούλιο της Ελληνικής Ομοσπονδίας Μπριτζ φέρει την ευθύνη, για τη συμμόρφωση όλων των ενεργειών της Ομοσπονδίας με τους εθνικούς νόμους)."
        );
        // A note in mid-text leaves the text on both sides joined by one blank (40B2(c)).
        let mut joined = join(
            &printed(&[
                "των αντιπάλων: (στην Ελλάδα, ισχύουν τα όσα προβλέπει αυτή η παράγραφος) και",
            ]),
            &JoinRules::default(),
        );
        lift_notes(&mut joined, &opening);
        assert_eq!(joined.text, "των αντιπάλων: και");
    }
}
