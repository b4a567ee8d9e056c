//! Stage 2 of the import: body lines become the book's structure (front matter, definitions,
//! laws down to sub-items). Text is still a list of printed lines here; stage 3 (`join`) joins it.
//!
//! An enumerator at the start of a line (`Β.`, `3.`, `(γ)`, `(ii)`) opens a node only when it is
//! the next one expected at some open level. That one rule keeps wrapped citations such as
//! `…από τον Νόμο` / `19. Εφαρμόζεται…` in the text where they belong.
//!
//! The builder walks the body here and keeps the front matter; `enumerators` recognises the
//! enumerators a line opens with, `laws` builds the law tree from them, and `definitions`
//! reads the definitions in whichever layout the book prints them.

mod definitions;
mod enumerators;
mod laws;

use super::lines::Line;
use super::profile::{HeadingWrap, Profile};
use crate::corpus::id::LawPath;
use enumerators::{Level, is_plain};

#[derive(Clone, Debug, Default)]
pub struct RawNode {
    pub path: LawPath,
    /// Canonical id, or `preface` / `introduction` for the front matter.
    pub id: String,
    pub number: Option<String>,
    pub heading: Vec<Line>,
    pub text: Vec<Line>,
    pub after: Vec<Line>,
    pub children: Vec<RawNode>,
    /// The first printed line of the node.
    pub first_line: usize,
}

#[derive(Clone, Debug)]
pub struct RawDefinition {
    pub id: String,
    pub term: String,
    pub english: Option<String>,
    pub term_line: Line,
    pub text: Vec<Line>,
}

#[derive(Debug, Default)]
pub struct Book {
    pub preface: Option<RawNode>,
    pub introduction: Option<RawNode>,
    pub definitions_heading: Option<String>,
    pub definitions: Vec<RawDefinition>,
    pub laws: Vec<RawNode>,
    /// Problems the builder could not settle; the import reports them.
    pub warnings: Vec<String>,
}

fn is_upper_line(s: &str) -> bool {
    s.chars().any(char::is_alphabetic) && !s.chars().any(char::is_lowercase)
}

/// Title Case as the headings are printed: the first word and most words of four letters or
/// more are capitalised (`Κανονική Έξοδος έπειτα από Λάθος Έξοδο`).
fn is_title_case(s: &str) -> bool {
    s.chars()
        .find(|c| c.is_alphabetic())
        .is_some_and(char::is_uppercase)
        && is_title_words(s)
}

/// Most words of four letters or more are capitalised. The second line of a wrapped heading may
/// start with a small word (`του Παίκτη`), and a line with no lower-case letter at all (`72Γ`)
/// also continues a heading.
fn is_title_words(s: &str) -> bool {
    if !s.chars().any(char::is_lowercase) {
        return s.chars().any(char::is_alphanumeric);
    }
    let mut long = 0;
    let mut capitalised = 0;
    for word in s.split_whitespace() {
        let letters: Vec<char> = word.chars().filter(|c| c.is_alphabetic()).collect();
        if letters.len() >= 4 {
            long += 1;
            capitalised += usize::from(letters[0].is_uppercase());
        }
    }
    long > 0 && capitalised * 5 >= long * 3
}

/// Short headings may have a small word (`Στο τραπέζι`, `Η Πρώτη δήλωση`).
fn is_short_heading(s: &str) -> bool {
    s.chars().count() < 30 && !ends_sentence(s) && s.starts_with(char::is_uppercase)
}

fn ends_sentence(s: &str) -> bool {
    s.ends_with(['.', ':', ';', ',', '·'])
}

/// An open node and what is known about its children so far.
struct Open {
    node: RawNode,
    level: Level,
    /// Ordinal of the last child opened under this node, per child level.
    last_child: Option<(Level, u8)>,
    /// Lines now go to the heading (a heading that wraps onto the next line).
    heading_open: bool,
    /// Lines now go to the text printed after the children.
    collecting_after: bool,
}

impl Open {
    fn new(node: RawNode, level: Level) -> Self {
        Open {
            node,
            level,
            last_child: None,
            heading_open: false,
            collecting_after: false,
        }
    }

    fn push_line(&mut self, line: Line) {
        if self.collecting_after {
            self.node.after.push(line);
        } else if self.heading_open {
            self.node.heading.push(line);
        } else {
            self.node.text.push(line);
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Region {
    Start,
    /// A table of contents, skipped.
    Contents,
    Preface,
    Introduction,
    Definitions,
    Laws,
}

pub fn build(body: &[Line], profile: &Profile) -> Book {
    let mut builder = Builder {
        profile,
        book: Book::default(),
        pending: Vec::new(),
        stack: Vec::new(),
        front: None,
        region: Region::Start,
    };
    let mut i = 0;
    while i < body.len() {
        i += builder.line(body, i);
    }
    builder.close_front();
    builder.close_to(0);
    builder.book
}

struct Builder<'p> {
    profile: &'p Profile,
    book: Book,
    /// Definition lines waiting for the term that ends their entry.
    pending: Vec<Line>,
    /// Open law nodes, from the law down to the deepest.
    stack: Vec<Open>,
    /// Open front-matter node.
    front: Option<Open>,
    region: Region,
}

impl Builder<'_> {
    /// Take in the line at `i` (and the lines that continue its heading); returns how many
    /// lines were consumed.
    fn line(&mut self, body: &[Line], i: usize) -> usize {
        let line = &body[i];
        let text = line.text.as_str();
        if self.profile.toc_heading == Some(text) {
            self.close_front();
            self.region = Region::Contents;
            return 1;
        }
        if text.starts_with(self.profile.preface_heading) {
            return self.open_front("preface", body, i);
        }
        if text.starts_with(self.profile.introduction_heading) {
            return self.open_front("introduction", body, i);
        }
        if text == self.profile.definitions_heading {
            self.close_front();
            self.region = Region::Definitions;
            self.book.definitions_heading = Some(text.to_string());
            return 1;
        }
        // A table of contents lists the law headings too; they open nothing there.
        if self.region != Region::Contents
            && let Some(c) = self.profile.law_heading.captures(text)
        {
            let n: u8 = c[1].parse().unwrap_or(0);
            let expected = self.book.laws.len() as u8 + 1 + u8::from(!self.stack.is_empty());
            if n == expected {
                return self.open_law(n, body, i);
            }
        }
        match self.region {
            Region::Start => {
                self.book.warnings.push(format!(
                    "line {}: text before the preface",
                    line.source_line
                ));
                1
            }
            Region::Contents => 1,
            Region::Preface | Region::Introduction => {
                if let Some(open) = self.front.as_mut() {
                    open.push_line(line.clone());
                }
                1
            }
            Region::Definitions => {
                self.definition_line(line);
                1
            }
            Region::Laws => self.law_line(body, i),
        }
    }

    /// Add to `heading` the lines after line `i` of `body` that continue it; how many lines the
    /// heading takes in all.
    fn heading_from(&self, body: &[Line], i: usize, heading: &mut Vec<Line>) -> usize {
        let mut used = 1;
        while let Some(next) = body.get(i + used)
            && self.continues_heading(next)
        {
            heading.push(next.clone());
            used += 1;
        }
        used
    }

    /// Whether `next` continues a heading that started on the line before.
    fn continues_heading(&self, next: &Line) -> bool {
        is_plain(&next.text)
            && !self
                .profile
                .tables
                .iter()
                .any(|t| next.text.starts_with(t.first_row))
            && match self.profile.law_heading_wrap {
                HeadingWrap::UpperCase => is_upper_line(&next.text),
                HeadingWrap::ShortLine => {
                    next.text.chars().count() < 25
                        && !ends_sentence(&next.text)
                        && !next.text.ends_with(':')
                }
            }
    }

    fn open_front(&mut self, id: &str, body: &[Line], i: usize) -> usize {
        self.close_front();
        self.region = if id == "preface" {
            Region::Preface
        } else {
            Region::Introduction
        };
        let mut node = RawNode {
            id: id.to_string(),
            first_line: body[i].source_line,
            heading: vec![body[i].clone()],
            ..RawNode::default()
        };
        let used = self.heading_from(body, i, &mut node.heading);
        self.front = Some(Open::new(node, Level::Law));
        used
    }

    fn close_front(&mut self) {
        if let Some(open) = self.front.take() {
            let slot = if open.node.id == "preface" {
                &mut self.book.preface
            } else {
                &mut self.book.introduction
            };
            *slot = Some(open.node);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_case_headings() {
        assert!(is_title_case("Μοίρασμα"));
        assert!(is_title_case("Άξονα του Εκτελεστή"));
        assert!(is_title_case("Ελήφθη Ένα Μόνο Αποτέλεσμα"));
        assert!(!is_title_case(
            "Ο Διαιτητής μπορεί να δώσει εντολή να γίνει το"
        ));
        assert!(!is_title_case("του"));
        assert!(is_title_words("του Παίκτη"));
        assert!(is_title_case("Κανονική Έξοδος έπειτα από Λάθος Έξοδο"));
        assert!(is_title_case(
            "Πιθανή Αδυναμία Προσφυγής τους Νόμους 26Β και"
        ));
        assert!(is_title_case("72Γ"));
        // Sections of Laws 22, 35 and 56 have no heading: their text starts on the line.
        assert!(!is_title_case(
            "αφού ένας ή περισσότεροι παίκτες έχουν αγοράσει,"
        ));
        assert!(!is_title_case(
            "Ένα κοντρ ή σιρκόντρ, που δεν επιτρέπεται από τον Νόμο"
        ));
        assert!(!is_title_case(
            "Να απαιτήσει από τον αμυνόμενο να αποσύρει την"
        ));
    }
}
