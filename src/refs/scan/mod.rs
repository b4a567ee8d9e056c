//! The citation grammar: finds the citations in a text and reads what each names, without
//! knowing where the text stands (that is `resolve`'s work).
//!
//! ```text
//! citation := LAW member (JOIN member)*           Νόμοι 26Β και 16Γ · חוקים 70 ו- 71
//!           | LAW THIS | THIS LAW | PART THIS      חוק זה · αυτού του Νόμου · סעיף זה
//!           | PART rel (JOIN rel)* DIRECTION?     παράγραφο Β1 παραπάνω · בסעיפים א ו-ב לעיל
//!           | SEE rel DIRECTION                   ראו ד להלן (Hebrew: no part word)
//!           | rel (JOIN rel)* DIRECTION           B1 following · 2ג או 2ד לעיל
//!           | SEE "term"                          βλέπε «Ανάκληση» (between definitions)
//!           | N code                              Ν12Γ1 (law word abbreviated and glued)
//!           | code with a section letter          36א (standing alone)
//! member   := code | code TO code | LAW code | PART rel | group   (a group inherits: 27B1(a) and (b))
//! ```
//!
//! Codes are read in any script: `27Β1(α)`, `27B1(a)`, `27ב1(א)`, Latin look-alikes (`65B3`),
//! mirrored brackets (`40ב2)א()v(`), Greek `ΣΤ` and two-letter items (`(ια)`).

mod code;
mod lexer;
mod parser;

use std::ops::Range;

use super::lexicon::{Role, ordinal, role};
use crate::corpus::id::PartialPath;
use lexer::{is_letter, lex, unmirror};
use parser::Parser;

pub use code::absolute_code;

/// What one member of a citation names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A law path; relative when it lacks the law number.
    Path(PartialPath),
    /// A part word before a code that reads both ways (`סעיף 37א` in Law 37: paragraph 37,
    /// item (a) here, or Law 37A): the relative reading where that node exists, else the other.
    Either(PartialPath, PartialPath),
    /// Every node from one path to another of the same shape: `Laws 61 to 64`.
    Range(PartialPath, PartialPath),
    /// "this Law": the law the text stands in.
    ThisLaw,
    /// "this section": the node the text stands in.
    ThisPart,
    /// The definitions chapter (`Ορισμοί`, `הגדרות`).
    Definitions,
    /// The footnote(s) of a law (`76 υπ/ση`), or its nth (`20 הערה שנייה`).
    Footnote(u8, Option<u8>),
    /// The introduction (`Εισαγωγή`).
    Introduction,
    /// A defined term, quoted: `βλέπε «Ανάκληση»`.
    Term(String),
}

/// One member of a citation, with the bytes it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Where it stands in the text, in bytes.
    pub span: Range<usize>,
    /// What it names.
    pub target: Target,
}

/// One citation: the whole phrase and each thing it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation {
    /// Where the whole phrase stands in the text, in bytes.
    pub span: Range<usize>,
    /// What it names, in printed order.
    pub members: Vec<Member>,
}

/// Every citation in `text`, in order.
pub fn citations(text: &str) -> Vec<Citation> {
    let normalized = unmirror(text);
    let parser = Parser {
        tokens: lex(&normalized),
        text: normalized.as_ref(),
        subitem_first: text.chars().any(|c| !c.is_ascii() && is_letter(c)),
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < parser.tokens.len() {
        match parser.citation_at(i) {
            Some((citation, next)) => {
                let end = citation.span.end;
                found.push(citation);
                i = next.max(i + 1);
                // A quoted term runs over blanks, and the words it holds are tokens after it:
                // none of them starts a citation inside this one.
                while parser.tokens.get(i).is_some_and(|t| t.span.start < end) {
                    i += 1;
                }
            }
            None => i += 1,
        }
    }
    found
}

/// One reference as printed in a book's index: `27Β1(α)`, `Ορισμοί`, `Εισαγωγή`, `76 υπ/ση`,
/// `40ב2(ד)`, `הגדרות`, `76 הערה`, `20 הערה שנייה`.
pub fn index_reference(printed: &str) -> Option<Target> {
    let normalized = unmirror(printed.trim());
    let words: Vec<&str> = normalized.split_whitespace().collect();
    match words.as_slice() {
        [word] => match role(word) {
            Some(Role::Definitions) => Some(Target::Definitions),
            Some(Role::Introduction) => Some(Target::Introduction),
            _ => absolute_code(word).map(Target::Path),
        },
        [code, note, rest @ ..] if role(note) == Some(Role::Footnote) && rest.len() <= 1 => {
            let parts = absolute_code(code).filter(|p| p.section.is_none() && p.item.is_none())?;
            let nth = match rest {
                [] => None,
                [word] => Some(ordinal(word)?),
                _ => return None,
            };
            Some(Target::Footnote(parts.law?, nth))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_references_in_every_form() {
        let code = |s| Target::Path(absolute_code(s).unwrap());
        assert_eq!(index_reference("27Β1(α)"), Some(code("27Β1(α)")));
        assert_eq!(index_reference("45ג4)ב("), Some(code("45ג4(ב)")));
        assert_eq!(index_reference("Ορισμοί"), Some(Target::Definitions));
        assert_eq!(index_reference("הגדרות"), Some(Target::Definitions));
        assert_eq!(index_reference("Εισαγωγή"), Some(Target::Introduction));
        assert_eq!(
            index_reference("76 υπ/ση"),
            Some(Target::Footnote(76, None))
        );
        assert_eq!(index_reference("76 הערה"), Some(Target::Footnote(76, None)));
        assert_eq!(
            index_reference("20 הערה שנייה"),
            Some(Target::Footnote(20, Some(2)))
        );
        for printed in ["44Φ", "76Α υπ/ση", "20 הערה עשירית", "ראו", "", "27 28"]
        {
            assert_eq!(index_reference(printed), None, "{printed}");
        }
    }

    #[test]
    fn a_quoted_term_ends_after_its_closing_mark() {
        let text = "βλέπε «Ανάκληση».";
        let found = citations(text);
        assert_eq!(&text[found[0].span.clone()], "βλέπε «Ανάκληση»");
        assert_eq!(found[0].members[0].target, Target::Term("Ανάκληση".into()));
    }
}
