//! The laws, down to sub-items: a law heading opens a law, an enumerator opens a node only
//! where it is the next one expected, and headings are told from text by their shape.

use super::enumerators::{Enumerator, Level, enumerators, is_plain};
use super::{
    Builder, Open, RawNode, Region, ends_sentence, is_short_heading, is_title_case, is_title_words,
};
use crate::corpus::id::LawPath;
use crate::corpus::numbering;
use crate::import::lines::Line;
use crate::import::profile::SectionStyle;

/// Sections that print no heading in any edition: their text starts on the section line.
const SECTIONS_WITHOUT_HEADING: &[&str] = &["22A", "22B", "35A", "35B", "35C", "35D", "56A", "56B"];

impl Builder<'_> {
    pub(super) fn open_law(&mut self, n: u8, body: &[Line], i: usize) -> usize {
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
        let used = self.heading_from(body, i, &mut node.heading);
        self.stack.push(Open::new(node, Level::Law));
        used
    }

    /// Pop and attach open nodes until `depth` remain.
    pub(super) fn close_to(&mut self, depth: usize) {
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

    pub(super) fn law_line(&mut self, body: &[Line], i: usize) -> usize {
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
    use crate::import::tree::build;

    fn texts(lines: &[Line]) -> Vec<&str> {
        lines.iter().map(|l| l.text.as_str()).collect()
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
}
