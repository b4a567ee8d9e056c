//! Stage 2 of the import: body lines become the book's structure (front matter, definitions,
//! laws down to sub-items). Text is still a list of printed lines here; stage 3 (`text`) joins it.
//!
//! An enumerator at the start of a line (`Β.`, `3.`, `(γ)`, `(ii)`) opens a node only when it is
//! the next one expected at some open level. That one rule keeps wrapped citations such as
//! `…από τον Νόμο` / `19. Εφαρμόζεται…` in the text where they belong.

use std::sync::LazyLock;

use regex::Regex;

use super::lines::Line;
use super::profile::{DefinitionsLayout, HeadingWrap, Profile, SectionStyle};
use crate::corpus::id::LawPath;
use crate::corpus::numbering;

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Law,
    Section,
    Paragraph,
    Item,
    Subitem,
}

/// An enumerator recognised at the start of a line: its level, its value (1 for `A`, `1.`,
/// `(a)`, `(i)`) and how it is printed (`Β.`, `1.`, `(α)`, `(ii)`).
#[derive(Clone, Debug, PartialEq)]
struct Enumerator {
    level: Level,
    ordinal: u8,
    printed: String,
}

impl Enumerator {
    fn new(level: Level, ordinal: u8, printed: impl Into<String>) -> Self {
        Enumerator {
            level,
            ordinal,
            printed: printed.into(),
        }
    }
}

/// Sections that print no heading in any edition: their text starts on the section line.
const SECTIONS_WITHOUT_HEADING: &[&str] = &["22A", "22B", "35A", "35B", "35C", "35D", "56A", "56B"];

/// A section letter with its full stop (Greek, or Latin: English, or a Greek look-alike); a
/// Hebrew letter standing alone at the start of a line is a section letter too, as no Hebrew
/// word is one letter.
static SECTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(ΣΤ\.|[ΑΒΓΔΕΖA-G]\.|[אבגדהוז]\.?)\s+(\S.*)$").expect("section pattern")
});
static PARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{1,2})\.\s+(\S.*)$").expect("paragraph pattern"));
static ITEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\(((?:[ivx]{1,4})|(?:[α-ω]{1,2})|(?:[א-ת]{1,2})|(?:[a-n]))\)\s+(\S.*)$")
        .expect("item pattern")
});

/// Recognise the enumerators at the start of `text`: a paragraph may open with its first item
/// on the same line (`1. (α) Ο Διαιτητής…`). Each comes with the text that follows it.
fn enumerators(text: &str) -> Vec<(Enumerator, &str)> {
    fn rest_of<'t>(c: &regex::Captures<'t>) -> &'t str {
        c.get(2).map_or("", |m| m.as_str())
    }
    let mut found = Vec::new();
    if let Some(c) = SECTION.captures(text) {
        let printed = numbering::fold_latin_to_greek(c[1].trim_end_matches('.'));
        if let Some(letter) = numbering::section_letter(&printed) {
            let ordinal = letter as u8 - b'A' + 1;
            found.push((
                Enumerator::new(Level::Section, ordinal, format!("{printed}.")),
                rest_of(&c),
            ));
            return found;
        }
    }
    let mut rest = text;
    if let Some(c) = PARAGRAPH.captures(text)
        && let Ok(n) = c[1].parse()
    {
        rest = rest_of(&c);
        found.push((Enumerator::new(Level::Paragraph, n, format!("{n}.")), rest));
    }
    // An item may open with its first sub-item on the same line: `(ζ) (i) η μέριμνα…`.
    while found.len() < 3
        && let Some(c) = ITEM.captures(rest)
    {
        let printed = c[1].to_string();
        let enumerator = match numbering::roman_value(&printed) {
            Some(n) => Enumerator::new(Level::Subitem, n, format!("({printed})")),
            None => match numbering::item_letter(&printed) {
                Some(letter) => {
                    Enumerator::new(Level::Item, letter as u8 - b'a' + 1, format!("({printed})"))
                }
                None => break,
            },
        };
        rest = rest_of(&c);
        found.push((enumerator, rest));
    }
    found
}

/// Text that is not structure: no enumerator at its start.
fn is_plain(s: &str) -> bool {
    enumerators(s).is_empty()
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
        let mut used = 1;
        while let Some(next) = body.get(i + used)
            && self.continues_heading(next)
        {
            node.heading.push(next.clone());
            used += 1;
        }
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

    fn definition_line(&mut self, line: &Line) {
        match self.profile.definitions_layout {
            DefinitionsLayout::TermFirst => self.definition_term_first(line),
            DefinitionsLayout::TermLast => self.definition_term_last(line),
            DefinitionsLayout::TermDash => self.definition_term_dash(line),
        }
    }

    /// The term, a dash and the definition on one line (`Dummy – …`); a line that does not
    /// open with a known term continues the definition before it.
    fn definition_term_dash(&mut self, line: &Line) {
        let opening = [" – ", " - ", " — "].iter().find_map(|dash| {
            let (term, rest) = line.text.split_once(dash)?;
            self.profile.definition_id(term.trim())?;
            Some((term.trim().to_string(), rest.trim().to_string()))
        });
        if let Some((term, rest)) = opening {
            let text = vec![Line {
                text: rest,
                ..line.clone()
            }];
            self.new_definition(&term, None, line, text);
        } else {
            self.continue_definition(line);
        }
    }

    fn new_definition(
        &mut self,
        term: &str,
        english: Option<String>,
        line: &Line,
        text: Vec<Line>,
    ) -> bool {
        let Some(id) = self.profile.definition_id(term) else {
            return false;
        };
        self.book.definitions.push(RawDefinition {
            id,
            term: term.to_string(),
            english,
            term_line: line.clone(),
            text,
        });
        true
    }

    /// The term on its own line (`Βαθμός Αγώνα (Matchpoint)`), the definition after it.
    fn definition_term_first(&mut self, line: &Line) {
        let (term, english) = match line.text.rsplit_once(" (") {
            Some((term, rest)) if rest.ends_with(')') && rest.is_ascii() => {
                (term.trim(), Some(rest.trim_end_matches(')').to_string()))
            }
            _ => (line.text.as_str(), None),
        };
        if !self.new_definition(term, english, line, Vec::new()) {
            self.continue_definition(line);
        }
    }

    /// A line of the definition opened before it.
    fn continue_definition(&mut self, line: &Line) {
        if let Some(current) = self.book.definitions.last_mut() {
            current.text.push(line.clone());
        } else {
            self.book.warnings.push(format!(
                "line {}: definitions text before the first term",
                line.source_line
            ));
        }
    }

    /// The definition first, then the term with its English in parentheses, which ends the
    /// entry: on one line (`הקלפים שחולקו לשחקן… (Hand) יד`), or the term closing the line
    /// before (`ראו "בוטל". הוחזר` / `(Retracted)`) or standing on it alone.
    fn definition_term_last(&mut self, line: &Line) {
        self.pending.push(line.clone());
        let text = line.text.trim();
        let is_term = |t: &str| self.profile.definition_id(t).is_some();
        let parts = match english_in_parentheses(text) {
            // Only at the end of the line, or followed by the term alone (`(Hand) יד`).
            Some(parts) => (parts.2.is_empty() || is_term(&parts.2)).then_some(parts),
            // `Matchpoint` alone, and `… 78ב. IMP`: the English word is the term.
            None => self
                .profile
                .definitions
                .iter()
                .map(|(t, _)| *t)
                .find(|t| t.is_ascii() && text.ends_with(t))
                .map(|term| {
                    let head = text[..text.len() - term.len()].trim_end().to_string();
                    (head, term.to_string(), String::new())
                }),
        };
        let Some((before, english, after)) = parts else {
            return;
        };
        let mut lines = std::mem::take(&mut self.pending);
        lines.pop();
        // Where is the Hebrew term: after the English, at the end of the text before it, or
        // on the line(s) just before.
        let mut term = after.trim().to_string();
        let mut head = before.trim().to_string();
        if term.is_empty() {
            if let Some(t) = self.known_term_at_end(&head) {
                head = head[..head.len() - t.len()].trim_end().to_string();
                term = t;
            } else {
                let mut taken = Vec::new();
                while let Some(previous) = lines.pop() {
                    taken.insert(0, previous.text.trim().to_string());
                    let joined = taken.join(" ");
                    if is_term(&joined) {
                        term = joined;
                        break;
                    }
                    if let Some(t) = self.known_term_at_end(&joined) {
                        let rest = joined[..joined.len() - t.len()].trim_end().to_string();
                        if !rest.is_empty() {
                            lines.push(Line {
                                text: rest,
                                ..previous.clone()
                            });
                        }
                        term = t;
                        break;
                    }
                    if taken.len() == 2 {
                        lines.push(previous);
                        break;
                    }
                }
            }
        }
        if term.is_empty() {
            term = english.clone();
        }
        if !head.is_empty() {
            lines.push(Line {
                text: head,
                ..line.clone()
            });
        }
        let english = (english != term).then_some(english);
        if !self.new_definition(&term, english.clone(), line, lines) {
            self.book.warnings.push(format!(
                "line {}: definition of {:?} ({english:?}) not in the profile's table",
                line.source_line, term
            ));
        }
    }

    /// The longest known term that ends `text` as a whole word.
    fn known_term_at_end(&self, text: &str) -> Option<String> {
        self.profile
            .definitions
            .iter()
            .map(|(t, _)| *t)
            .filter(|t| {
                text.strip_suffix(t)
                    .is_some_and(|rest| rest.is_empty() || rest.ends_with(char::is_whitespace))
            })
            .max_by_key(|t| t.len())
            .map(str::to_string)
    }

    fn open_law(&mut self, n: u8, body: &[Line], i: usize) -> usize {
        self.close_front();
        self.close_to(0);
        self.region = Region::Laws;
        let path = LawPath::law(n);
        let line = &body[i];
        let title = self
            .profile
            .law_heading
            .captures(&line.text)
            .and_then(|c| c.get(2))
            .map_or("", |m| m.as_str());
        let mut node = RawNode {
            id: path.to_string(),
            path,
            number: line
                .text
                .split(['–', '-'])
                .next()
                .map(|s| s.trim().to_string()),
            heading: vec![Line {
                text: title.to_string(),
                ..line.clone()
            }],
            first_line: line.source_line,
            ..RawNode::default()
        };
        let mut used = 1;
        while let Some(next) = body.get(i + used)
            && self.continues_heading(next)
        {
            node.heading.push(next.clone());
            used += 1;
        }
        self.stack.push(Open::new(node, Level::Law));
        used
    }

    /// Pop and attach open nodes until `depth` remain.
    fn close_to(&mut self, depth: usize) {
        while self.stack.len() > depth {
            let open = self.stack.pop().expect("non-empty stack");
            match self.stack.last_mut() {
                Some(parent) => parent.node.children.push(open.node),
                None => self.book.laws.push(open.node),
            }
        }
    }

    /// The stack index of the open node that would take `e` as its next child, if any.
    fn container_for(&self, e: &Enumerator) -> Option<usize> {
        let level = e.level;
        // Deepest open node that may hold a child of this level.
        let index = self.stack.iter().rposition(|open| match level {
            Level::Section => open.level == Level::Law,
            Level::Paragraph => matches!(open.level, Level::Law | Level::Section),
            Level::Item => matches!(open.level, Level::Law | Level::Section | Level::Paragraph),
            Level::Subitem => open.level == Level::Item,
            Level::Law => false,
        })?;
        let open = &self.stack[index];
        let expected = match open.last_child {
            Some((child_level, last)) if child_level == level => last + 1,
            Some((child_level, _)) if child_level < level => return None,
            _ => 1,
        };
        (e.ordinal == expected).then_some(index)
    }

    fn law_line(&mut self, body: &[Line], i: usize) -> usize {
        let line = &body[i];
        if let Some(used) = self.closing_text(line) {
            return used;
        }
        let mut found = enumerators(&line.text);
        self.prefer_item_letters(&mut found);
        // The Hebrew Law 71 letters what the other editions number: `ב` is 71.2.
        let law = self.stack.first().map(|open| open.node.path.law);
        if law.is_some_and(|n| self.profile.letters_as_paragraphs.contains(&n)) {
            for (e, _) in &mut found {
                if e.level == Level::Section {
                    e.level = Level::Paragraph;
                }
            }
        }
        let is_citation = |rest: &str| {
            let first = rest.split_whitespace().next();
            self.profile
                .citation_words
                .iter()
                .any(|w| first == Some(*w))
        };
        let opens = found
            .first()
            .is_some_and(|(e, rest)| self.container_for(e).is_some() && !is_citation(rest));
        if !opens {
            if let Some(open) = self.stack.last_mut() {
                open.push_line(line.clone());
            }
            return 1;
        }
        let mut rest = line.text.as_str();
        for (e, after) in &found {
            // `1. (γ) …` where (γ) is not the next item: the paragraph's text starts with it.
            let Some(index) = self.container_for(e) else {
                break;
            };
            self.close_to(index + 1);
            let parent = &mut self.stack[index];
            parent.last_child = Some((e.level, e.ordinal));
            let path = child_path(parent.node.path, e);
            let node = RawNode {
                id: path.to_string(),
                path,
                number: Some(e.printed.clone()),
                first_line: line.source_line,
                ..RawNode::default()
            };
            self.stack.push(Open::new(node, e.level));
            rest = after;
        }
        let rest_line = Line {
            text: rest.to_string(),
            ..line.clone()
        };
        let style = self.profile.sections;
        let top = self.stack.last_mut().expect("a node was opened");
        let mut used = 1;
        let has_heading = !SECTIONS_WITHOUT_HEADING.contains(&top.node.id.as_str())
            && (style == SectionStyle::OneLine || is_title_case(rest) || is_short_heading(rest));
        match top.level {
            // Short Greek headings may have a small word (`Στο τραπέζι`).
            Level::Section if has_heading => {
                top.node.heading.push(rest_line);
                // A long heading wraps: a short Title Case line with no sentence end follows.
                if style == SectionStyle::TitleCase
                    && let Some(next) = body.get(i + 1)
                    && is_plain(&next.text)
                    && is_title_words(&next.text)
                    && !ends_sentence(&next.text)
                    && next.text.chars().count() < 45
                    && !self.profile.law_heading.is_match(&next.text)
                {
                    top.node.heading.push(next.clone());
                    used += 1;
                }
            }
            Level::Paragraph if is_title_case(rest) && !ends_sentence(rest) => {
                // A paragraph with a heading of its own (86B1): its text starts on the next
                // indented line.
                let text_start = (1..=2).find(|k| {
                    body.get(i + k)
                        .is_some_and(|l| l.indented && is_plain(&l.text))
                });
                match text_start {
                    Some(k) => {
                        top.node.heading.push(rest_line);
                        top.node.heading.extend(body[i + 1..i + k].iter().cloned());
                        used = k;
                    }
                    None => top.node.text.push(rest_line),
                }
            }
            _ => top.node.text.push(rest_line),
        }
        used
    }

    /// `(i)`, `(v)` and `(x)` are roman numerals and, in English, also item letters: after
    /// item `(h)`, `(i)` is the ninth item, not a sub-item of `(h)`.
    fn prefer_item_letters(&self, found: &mut [(Enumerator, &str)]) {
        for (e, _) in found.iter_mut() {
            if e.level != Level::Subitem {
                continue;
            }
            let letter = e.printed.trim_matches(['(', ')']);
            let Some(item) = numbering::item_letter(letter).filter(|_| letter.is_ascii()) else {
                continue;
            };
            let as_item = Enumerator::new(Level::Item, item as u8 - b'a' + 1, e.printed.clone());
            if self.container_for(&as_item).is_some() {
                *e = as_item;
            }
        }
    }

    /// A line that starts text printed after a node's children (profile `closing_texts`).
    fn closing_text(&mut self, line: &Line) -> Option<usize> {
        let law = self.stack.first()?.node.path.law;
        let (id, _) = self.profile.closing_texts.iter().find(|(id, prefix)| {
            line.text.starts_with(prefix) && LawPath::parse(id).is_some_and(|p| p.law == law)
        })?;
        let index = self.stack.iter().position(|open| open.node.id == *id)?;
        self.close_to(index + 1);
        let open = self.stack.last_mut().expect("node is open");
        open.collecting_after = true;
        open.node.after.push(line.clone());
        Some(1)
    }
}

/// `text (English) term` → (`text`, `English`, `term`): the last English words in
/// parentheses on the line, with what stands before and after them.
fn english_in_parentheses(text: &str) -> Option<(String, String, String)> {
    static ENGLISH: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(.*)\(([A-Za-z][A-Za-z -]*)\)\s*(.*)$").expect("english pattern")
    });
    let caps = ENGLISH.captures(text)?;
    Some((
        caps[1].trim().to_string(),
        caps[2].to_string(),
        caps[3].trim().to_string(),
    ))
}

fn child_path(parent: LawPath, e: &Enumerator) -> LawPath {
    let mut path = parent;
    match e.level {
        Level::Section => path.section = numbering::section_for(e.ordinal),
        Level::Paragraph => path.paragraph = Some(e.ordinal),
        Level::Item => path.item = numbering::item_for(e.ordinal),
        Level::Subitem => path.subitem = Some(e.ordinal),
        Level::Law => {}
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::lines::printed;

    fn texts(lines: &[Line]) -> Vec<&str> {
        lines.iter().map(|l| l.text.as_str()).collect()
    }

    #[test]
    fn enumerators_at_line_start() {
        let kinds = |s: &str| {
            enumerators(s)
                .into_iter()
                .map(|(e, _)| e)
                .collect::<Vec<_>>()
        };
        let found = enumerators("1. (α) Ο Διαιτητής πρέπει να καλείται αμέσως, μόλις");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].0, Enumerator::new(Level::Paragraph, 1, "1."));
        assert_eq!(
            found[1],
            (
                Enumerator::new(Level::Item, 1, "(α)"),
                "Ο Διαιτητής πρέπει να καλείται αμέσως, μόλις"
            )
        );
        // Latin look-alike B in a section heading (source line 1013).
        assert_eq!(
            enumerators("B. Η Πρώτη δήλωση"),
            [(Enumerator::new(Level::Section, 2, "Β."), "Η Πρώτη δήλωση")]
        );
        assert_eq!(kinds("ΣΤ. Επεξήγηση Δηλώσεων")[0].ordinal, 6);
        assert_eq!(
            kinds("(ii) για τον εκτελεστή ή τον μορ, μετά το τελικό"),
            [Enumerator::new(Level::Subitem, 2, "(ii)")]
        );
        assert_eq!(
            kinds("(ια) η διευθέτηση για την ακρόαση και την εκδί-")[0].ordinal,
            11
        );
        // Hebrew: a section letter with or without its full stop; an item of two letters.
        assert_eq!(
            kinds("ב. פני הקלפים"),
            [Enumerator::new(Level::Section, 2, "ב.")]
        );
        assert_eq!(
            kinds("ב מידע חיצוני מהשותף"),
            [Enumerator::new(Level::Section, 2, "ב.")]
        );
        assert_eq!(kinds("(יא) כל סמכות או חובה אחרת")[0].ordinal, 11);
        assert!(is_plain("Νόμο 19, ακυρώνεται."));
    }

    #[test]
    fn headings_split_over_two_lines() {
        // Real lines of the Greek source: Law 10 heading and section 6E, blank lines dropped.
        let profile = crate::import::greek::profile();
        let mut lines = vec!["ΝΟΜΟΣ 1 – Η ΤΡΑΠΟΥΛΑ"; 1];
        lines.extend([
            "Α. Ιεραρχία των Φύλλων και των Χρωμάτων",
            "Ε. Επιλογές του Διαιτητή για το Ανακάτεμα και το ",
            "Μοίρασμα ",
            "1. Ο Διαιτητής μπορεί να δώσει εντολή να γίνει το ",
            "ανακάτεμα και το μοίρασμα σε κάθε τραπέζι από τους ",
            "ΝΟΜΟΣ 2 – ΕΠΙΒΟΛΗ ΕΠΑΝΟΡΘΩΤΙΚΟΥ ",
            "ΜΕΤΡΟΥ ",
            "A. Δικαίωμα Καθορισμού Επανόρθωσης ",
            "Ο Διαιτητής μόνο έχει το δικαίωμα να καθορίσει επανορ-",
        ]);
        let book = build(&printed(&lines), &profile);
        assert!(book.warnings.is_empty(), "{:?}", book.warnings);
        let law1 = &book.laws[0];
        // `Ε.` is not the next section after `Α.`: it stays text.
        assert_eq!(law1.children.len(), 1);
        let law2 = &book.laws[1];
        assert_eq!(texts(&law2.heading), ["ΕΠΙΒΟΛΗ ΕΠΑΝΟΡΘΩΤΙΚΟΥ", "ΜΕΤΡΟΥ"]);
        assert_eq!(law2.children[0].id, "2A");
        assert_eq!(law2.children[0].number.as_deref(), Some("Α."));
        assert_eq!(
            texts(&law2.children[0].heading),
            ["Δικαίωμα Καθορισμού Επανόρθωσης"]
        );

        let mut lines = vec!["ΝΟΜΟΣ 1 – Η ΤΡΑΠΟΥΛΑ"];
        lines.extend([
            "Α. Το Ανακάτεμα",
            "Β. Το Μοίρασμα",
            "Γ. Εκπροσώπηση",
            "Δ. Νέο Ανακάτεμα",
        ]);
        lines.extend(&[
            "Ε. Επιλογές του Διαιτητή για το Ανακάτεμα και το ",
            "Μοίρασμα ",
            "1. Ο Διαιτητής μπορεί να δώσει εντολή να γίνει το ",
        ]);
        let book = build(&printed(&lines), &profile);
        let section = &book.laws[0].children[4];
        assert_eq!(section.id, "1E");
        assert_eq!(
            texts(&section.heading),
            ["Επιλογές του Διαιτητή για το Ανακάτεμα και το", "Μοίρασμα"]
        );
        assert_eq!(section.children[0].id, "1E1");
    }

    #[test]
    fn wrapped_citations_are_not_new_nodes() {
        // Real lines of the Greek source: Law 35A and Law 68D2.
        let profile = crate::import::greek::profile();
        let lines = [
            "ΝΟΜΟΣ 1 – ΑΠΑΡΑΔΕΚΤΕΣ ΔΗΛΩΣΕΙΣ",
            "Α. Ένα κοντρ ή σιρκόντρ, που δεν επιτρέπεται από τον Νόμο ",
            "19. Εφαρμόζεται ο Νόμος 36. ",
            "Β. Μια αγορά, κοντρ ή σιρκόντρ από παίκτη που είναι υπο-",
            "1. (α) ο Διαιτητής μπορεί να κληθεί άμεσα και δεν ",
            " (β) έπειτα από αίτημα του άξονα που δεν κάνει ",
            "οποίος τότε ενεργεί όπως στην παράγραφο ",
            "(α) παραπάνω. ",
        ];
        let book = build(&printed(&lines), &profile);
        let law = &book.laws[0];
        let a = &law.children[0];
        assert!(a.heading.is_empty(), "Law 35's sections have no heading");
        assert_eq!(
            texts(&a.text),
            [
                "Ένα κοντρ ή σιρκόντρ, που δεν επιτρέπεται από τον Νόμο",
                "19. Εφαρμόζεται ο Νόμος 36."
            ]
        );
        let b1 = &law.children[1].children[0];
        assert_eq!(b1.children.len(), 2);
        assert_eq!(
            texts(&b1.children[1].text),
            [
                "έπειτα από αίτημα του άξονα που δεν κάνει",
                "οποίος τότε ενεργεί όπως στην παράγραφο",
                "(α) παραπάνω."
            ]
        );
    }

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
