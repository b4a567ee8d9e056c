//! The lexer of the citation grammar: a text cut into words, codes, bracket groups, Hebrew
//! prefixes, punctuation and quoted terms, each with the byte span it was read from.

use std::ops::Range;

use crate::refs::lexicon::{Role, and_before_number, role_of_folded};
use crate::text::{self, fold};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Letters, perhaps with a code glued after them (`Β1(β)`, `Ν12Γ1`): `glued` is where the
    /// code starts.
    Word {
        folded: String,
        glued: Option<usize>,
    },
    /// Starts with a digit: `27Β1(α)`, `3`, `2(γ)`.
    Code,
    /// A bracketed item or sub-item on its own: `(α)`, `(ii)`.
    Group,
    /// A Hebrew prefix with its hyphen, `ו-`, `ב-`.
    Prefix(char),
    Punct(char),
    /// A quoted term: `«Ανάκληση»`, `"בוטל"`.
    Quoted(Range<usize>),
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) span: Range<usize>,
    pub(super) kind: Kind,
    /// The role of a word standing alone (not glued to a code), looked up once.
    pub(super) role: Option<Role>,
}

const OPENING: &[char] = &['(', '[', '«', '"', '“', '„', '\''];
const CLOSING: &[char] = &[')', ']', '»', '"', '”', ',', '.', ';', ':', '!', '?', '\''];

/// Mirrored bracket groups `)α(` put the right way round, byte for byte, so spans still fit.
pub(super) fn unmirror(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(")") {
        return text.into();
    }
    let mut out: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < out.len() {
        if out[i] == ')'
            && let Some(len) = out[i + 1..]
                .iter()
                .take(5)
                .position(|&c| c == '(' || c == ')' || c.is_whitespace())
            && len > 0
            && out[i + 1 + len] == '('
        {
            out[i] = '(';
            out[i + 1 + len] = ')';
            i += len + 2;
        } else {
            i += 1;
        }
    }
    out.into_iter().collect::<String>().into()
}

/// The length of a bracket group `(x)` at the start of `s` (1 to 4 letters inside).
pub(super) fn group_len(s: &str) -> Option<usize> {
    let inner = s.strip_prefix('(')?;
    let close = inner.find(')')?;
    let body = &inner[..close];
    let n = body.chars().count();
    ((1..=4).contains(&n) && body.chars().all(is_letter)).then_some(close + 2)
}

pub(super) fn lex(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut start = 0;
    for chunk in text.split_inclusive(char::is_whitespace) {
        let core_start = start;
        start += chunk.len();
        let chunk = chunk.trim_end();
        lex_chunk(text, core_start, core_start + chunk.len(), &mut tokens);
    }
    tokens
}

/// One blank-free chunk: leading and trailing punctuation apart, quoted terms whole.
fn lex_chunk(text: &str, mut from: usize, mut to: usize, tokens: &mut Vec<Token>) {
    let mut tail = Vec::new();
    while from < to {
        let rest = &text[from..to];
        let c = rest.chars().next().expect("not empty");
        if c == '(' && group_len(rest).is_some() {
            break;
        }
        if c == '«' || c == '"' || c == '“' {
            // A quoted term runs to its closing mark, blanks and all.
            let close = if c == '«' { '»' } else { '"' };
            let after = from + c.len_utf8();
            if let Some(end) = text[after..].find([close, '”']) {
                let mark = text[after + end..].chars().next().map_or(1, char::len_utf8);
                tokens.push(Token {
                    span: from..after + end + mark,
                    kind: Kind::Quoted(after..after + end),
                    role: None,
                });
            }
            return;
        }
        if !OPENING.contains(&c) {
            break;
        }
        tokens.push(Token {
            span: from..from + c.len_utf8(),
            kind: Kind::Punct(c),
            role: None,
        });
        from += c.len_utf8();
    }
    while from < to {
        let rest = &text[from..to];
        let c = rest.chars().next_back().expect("not empty");
        if !CLOSING.contains(&c) {
            break;
        }
        // A closing bracket that closes a group belongs to the code.
        if c == ')' && rest.matches('(').count() >= rest.matches(')').count() {
            break;
        }
        tail.push(Token {
            span: to - c.len_utf8()..to,
            kind: Kind::Punct(c),
            role: None,
        });
        to -= c.len_utf8();
    }
    if from < to {
        lex_core(text, from, to, tokens);
    }
    tokens.extend(tail.into_iter().rev());
}

fn lex_core(text: &str, from: usize, to: usize, tokens: &mut Vec<Token>) {
    let core = &text[from..to];
    // `ו-16ג`, `ו-ב`, `ב-25א`: a Hebrew prefix and its hyphen (or maqaf, as typed: `ו־73`).
    let mut chars = core.chars();
    if let (Some(p @ ('ו' | 'ב' | 'ל' | 'ה' | 'מ' | 'ש' | 'כ')), Some(hyphen @ ('-' | '\u{5be}'))) =
        (chars.next(), chars.next())
    {
        let len = p.len_utf8() + hyphen.len_utf8();
        tokens.push(Token {
            span: from..from + len,
            kind: Kind::Prefix(p),
            role: None,
        });
        if from + len < to {
            lex_core(text, from + len, to, tokens);
        }
        return;
    }
    // `16 ו73`: "and" glued to a law number, as typed (`20ו5` stays section F, paragraph 5).
    if let Some(number) = core.strip_prefix('ו')
        && and_before_number(number)
    {
        let len = 'ו'.len_utf8();
        tokens.push(Token {
            span: from..from + len,
            kind: Kind::Prefix('ו'),
            role: None,
        });
        lex_core(text, from + len, to, tokens);
        return;
    }
    // `61-64`: a range inside one chunk.
    if let Some(dash) = core.find(['-', '–'])
        && core[..dash].ends_with(|c: char| c.is_ascii_digit())
        && core[dash..]
            .chars()
            .nth(1)
            .is_some_and(|c| c.is_ascii_digit())
    {
        let dash_len = core[dash..].chars().next().expect("dash").len_utf8();
        lex_core(text, from, from + dash, tokens);
        tokens.push(Token {
            span: from + dash..from + dash + dash_len,
            kind: Kind::Punct('-'),
            role: None,
        });
        lex_core(text, from + dash + dash_len, to, tokens);
        return;
    }
    let first = core.chars().next().expect("not empty");
    let kind = if first.is_ascii_digit() {
        Kind::Code
    } else if first == '(' && group_len(core) == Some(core.len()) {
        Kind::Group
    } else if is_letter(first) {
        let letters = core
            .find(|c: char| !(is_letter(c) || is_mark(c) || c == '/'))
            .unwrap_or(core.len());
        let glued = (letters < core.len()
            && core[letters..].starts_with(|c: char| c.is_ascii_digit() || c == '('))
        .then_some(from + letters);
        // No word of a citation is longer than this: longer words are not folded.
        let word = &core[..letters];
        Kind::Word {
            folded: if word.len() <= MAX_WORD_BYTES {
                fold(word)
            } else {
                String::new()
            },
            glued,
        }
    } else {
        Kind::Punct(first)
    };
    let role = match &kind {
        Kind::Word {
            folded,
            glued: None,
        } => role_of_folded(folded),
        _ => None,
    };
    tokens.push(Token {
        span: from..to,
        kind,
        role,
    });
}

/// The longest word of the lexicon, in bytes of its printed form (two bytes a Greek or Hebrew
/// letter, and accents or niqqud on top).
const MAX_WORD_BYTES: usize = 40;

/// A letter, quickly for the scripts of the corpus (Latin, Greek, Hebrew), else as Unicode says.
pub(super) fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
        || c == '\u{386}'
        || ('\u{388}'..='\u{3ce}').contains(&c)
        || text::is_hebrew_letter(c)
        || (!c.is_ascii() && c.is_alphabetic())
}

fn is_mark(c: char) -> bool {
    text::is_accent(c) || text::is_hebrew_mark(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirrored_groups_are_put_right_byte_for_byte() {
        let mirrored = "40ב2)א()v(";
        let fixed = unmirror(mirrored);
        assert_eq!(fixed, "40ב2(א)(v)");
        assert_eq!(fixed.len(), mirrored.len());
        assert_eq!(unmirror("(ראו חוק 24)."), "(ראו חוק 24).");
    }
}
