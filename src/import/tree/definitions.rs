//! The definitions, in the three layouts a book may print them in (`DefinitionsLayout`): the
//! term on its own line before the definition, the term after it, or the term and a dash
//! before it on one line.

use std::sync::LazyLock;

use regex::Regex;

use super::{Builder, RawDefinition};
use crate::import::lines::Line;
use crate::import::profile::DefinitionsLayout;

impl Builder<'_> {
    pub(super) fn definition_line(&mut self, line: &Line) {
        match self.profile.definitions_layout {
            DefinitionsLayout::TermFirst => self.definition_term_first(line),
            DefinitionsLayout::TermLast => self.definition_term_last(line),
            DefinitionsLayout::TermDash => self.definition_term_dash(line),
        }
    }

    /// The term, a dash (or a colon) and the definition on one line (`Dummy – …`,
    /// `Dummy: …`); a line that does not open with a known term continues the definition
    /// before it.
    fn definition_term_dash(&mut self, line: &Line) {
        let opening = [" – ", " - ", " — ", ": "].iter().find_map(|dash| {
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
