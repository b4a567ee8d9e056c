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

use std::ops::Range;

use super::lexicon::{Role, is_plural, ordinal, role, role_of_folded};
use crate::corpus::numbering;
use crate::text::{self, fold};

/// The parts of a law path a citation spells out; a relative one leaves the top levels to
/// the node it stands in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    pub law: Option<u8>,
    pub section: Option<char>,
    pub paragraph: Option<u8>,
    pub item: Option<char>,
    pub subitem: Option<u8>,
}

/// As an id would print it, with `…` for the levels left to the context: `…B1(a)`.
impl std::fmt::Display for Parts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.law {
            Some(law) => write!(f, "{law}")?,
            None => f.write_str("…")?,
        }
        if let Some(s) = self.section {
            write!(f, "{s}")?;
        }
        if let Some(p) = self.paragraph {
            // A paragraph directly under a law is written `71.1`.
            let dot = if self.section.is_none() && self.law.is_some() {
                "."
            } else {
                ""
            };
            write!(f, "{dot}{p}")?;
        }
        if let Some(i) = self.item {
            write!(f, "({i})")?;
        }
        if let Some(sub) = self.subitem.and_then(numbering::roman) {
            write!(f, "({sub})")?;
        }
        Ok(())
    }
}

impl Parts {
    /// The highest level spelled out: 0 law, 1 section, 2 paragraph, 3 item, 4 sub-item.
    fn top(&self) -> usize {
        [
            self.law.is_some(),
            self.section.is_some(),
            self.paragraph.is_some(),
            self.item.is_some(),
            self.subitem.is_some(),
        ]
        .iter()
        .position(|&set| set)
        .unwrap_or(5)
    }

    /// Fill the levels above this one's top from `from`: `(b)` after `27B1(a)` is `27B1(b)`.
    pub fn inherit(mut self, from: &Parts) -> Parts {
        let top = self.top();
        if top > 0 {
            self.law = from.law;
        }
        if top > 1 {
            self.section = from.section;
        }
        if top > 2 {
            self.paragraph = from.paragraph;
        }
        if top > 3 {
            self.item = from.item;
        }
        self
    }
}

/// What one member of a citation names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A law path; relative when it lacks the law number.
    Path(Parts),
    /// A part word before a code that reads both ways (`סעיף 37א` in Law 37: paragraph 37,
    /// item (a) here, or Law 37A): the relative reading where that node exists, else the other.
    Either(Parts, Parts),
    /// Every node from one path to another of the same shape: `Laws 61 to 64`.
    Range(Parts, Parts),
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
    pub span: Range<usize>,
    pub target: Target,
}

/// One citation: the whole phrase and each thing it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation {
    pub span: Range<usize>,
    pub members: Vec<Member>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
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
struct Token {
    span: Range<usize>,
    kind: Kind,
    /// The role of a word standing alone (not glued to a code), looked up once.
    role: Option<Role>,
}

const OPENING: &[char] = &['(', '[', '«', '"', '“', '„', '\''];
const CLOSING: &[char] = &[')', ']', '»', '"', '”', ',', '.', ';', ':', '!', '?', '\''];

/// Mirrored bracket groups `)α(` put the right way round, byte for byte, so spans still fit.
fn unmirror(text: &str) -> std::borrow::Cow<'_, str> {
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
fn group_len(s: &str) -> Option<usize> {
    let inner = s.strip_prefix('(')?;
    let close = inner.find(')')?;
    let body = &inner[..close];
    let n = body.chars().count();
    ((1..=4).contains(&n) && body.chars().all(is_letter)).then_some(close + 2)
}

fn lex(text: &str) -> Vec<Token> {
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
    // `ו-16ג`, `ו-ב`, `ב-25א`: a Hebrew prefix and its hyphen.
    let mut chars = core.chars();
    if let (Some(p @ ('ו' | 'ב' | 'ל' | 'ה' | 'מ' | 'ש' | 'כ')), Some('-')) =
        (chars.next(), chars.next())
    {
        let len = p.len_utf8() + 1;
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
fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
        || c == '\u{386}'
        || ('\u{388}'..='\u{3ce}').contains(&c)
        || text::is_hebrew_letter(c)
        || (!c.is_ascii() && c.is_alphabetic())
}

fn is_mark(c: char) -> bool {
    text::is_accent(c) || text::is_hebrew_mark(c)
}

/// A section letter in any script at the start of `s`, with its byte length: `Β`, `ΣΤ`, `B`, `ב`.
fn section_at(s: &str) -> Option<(char, usize)> {
    let mut chars = s.chars();
    let first = chars.next()?;
    if let Some(second) = chars.next()
        && fold(&format!("{first}{second}")) == "στ"
    {
        return Some(('F', first.len_utf8() + second.len_utf8()));
    }
    let canonical = match first {
        'A'..='G' => Some(first),
        'Α'..='Ζ' | 'א'..='ז' => numbering::section_letter(&first.to_string()),
        _ => None,
    }?;
    Some((canonical, first.len_utf8()))
}

/// Leading digits of `s` as a number, with their length.
fn number_at(s: &str) -> Option<(u8, usize)> {
    let len = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    (1..=2)
        .contains(&len)
        .then(|| s[..len].parse().ok().map(|n| (n, len)))
        .flatten()
}

/// Item and sub-item groups: `(α)(ii)`, or an item printed without brackets (`2ג`). Roman
/// numerals in Latin letters are sub-items in a text whose items are Greek or Hebrew letters,
/// and after an item.
fn groups(s: &str, parts: &mut Parts, subitem_first: bool) -> bool {
    let mut rest = s;
    let mut bodies = Vec::new();
    while let Some(len) = group_len(rest) {
        bodies.push(&rest[1..len - 1]);
        rest = &rest[len..];
    }
    if bodies.is_empty() && !rest.is_empty() {
        // `2ג`: the item letter without its brackets.
        bodies.push(rest);
        rest = "";
    }
    if !rest.is_empty() {
        return false;
    }
    for body in bodies {
        let roman = numbering::roman_value(body).filter(|_| body.is_ascii());
        if parts.item.is_none() && !(subitem_first && roman.is_some()) {
            match numbering::item_letter(body) {
                Some(item) => parts.item = Some(item),
                None => return false,
            }
        } else if parts.subitem.is_none() {
            match roman.or_else(|| numbering::roman_value(body)) {
                Some(sub) => parts.subitem = Some(sub),
                None => return false,
            }
        } else {
            return false;
        }
    }
    true
}

/// A section letter and a paragraph number at the start of `s`, either perhaps missing, and
/// what follows them.
fn section_and_paragraph(s: &str) -> (Option<char>, Option<u8>, &str) {
    let mut rest = s;
    let section = section_at(rest).map(|(letter, len)| {
        rest = &rest[len..];
        letter
    });
    let paragraph = number_at(rest).map(|(n, len)| {
        rest = &rest[len..];
        n
    });
    (section, paragraph, rest)
}

/// A code that names its law: `27Β1(α)`, `12ג1(ב)`, `40B2(a)(v)`, `65B3`.
pub fn absolute_code(code: &str) -> Option<Parts> {
    let (law, len) = number_at(code)?;
    let (section, paragraph, rest) = section_and_paragraph(&code[len..]);
    // Without a section, nothing but items may follow the law number (`711` is no id).
    if section.is_none() && (paragraph.is_some() || !(rest.is_empty() || rest.starts_with('('))) {
        return None;
    }
    let mut parts = Parts {
        law: Some(law),
        section,
        paragraph,
        ..Parts::default()
    };
    groups(rest, &mut parts, false).then_some(parts)
}

/// A code relative to where it stands: `Β1(β)`, `ΣΤ`, `3`, `2(γ)`, `(α)`, `(ii)`.
fn relative_code(code: &str, subitem_first: bool) -> Option<Parts> {
    let (section, paragraph, rest) = section_and_paragraph(code);
    // `Βλέπε`: a word that only begins with a section letter.
    if section.is_some() && paragraph.is_none() && !(rest.is_empty() || rest.starts_with('(')) {
        return None;
    }
    if section.is_none() && paragraph.is_none() && !rest.starts_with('(') {
        return None;
    }
    let mut parts = Parts {
        section,
        paragraph,
        ..Parts::default()
    };
    groups(rest, &mut parts, subitem_first).then_some(parts)
}

struct Parser<'t> {
    text: &'t str,
    tokens: Vec<Token>,
    /// Roman groups standing alone are sub-items (Greek and Hebrew texts letter their items).
    subitem_first: bool,
}

impl Parser<'_> {
    fn role(&self, i: usize) -> Option<Role> {
        self.tokens.get(i)?.role
    }

    fn raw(&self, i: usize) -> &str {
        &self.text[self.tokens[i].span.clone()]
    }

    fn is_punct(&self, i: usize, c: char) -> bool {
        matches!(self.tokens.get(i), Some(Token { kind: Kind::Punct(p), .. }) if *p == c)
    }

    /// Skip tokens of the given roles; the index of the first other token.
    fn skip(&self, mut i: usize, roles: &[Role]) -> usize {
        while self.role(i).is_some_and(|r| roles.contains(&r)) {
            i += 1;
        }
        i
    }

    /// An absolute code at token `i`.
    fn absolute(&self, i: usize) -> Option<Parts> {
        match self.tokens.get(i)?.kind {
            Kind::Code => absolute_code(self.raw(i)),
            _ => None,
        }
    }

    /// A relative code at token `i`: a code, a group, or a word that is a section letter with
    /// perhaps a code glued after it.
    fn relative(&self, i: usize) -> Option<Parts> {
        match &self.tokens.get(i)?.kind {
            Kind::Code | Kind::Group => relative_code(self.raw(i), self.subitem_first),
            Kind::Word { folded, .. } if folded.chars().count() <= 2 => {
                relative_code(self.raw(i), self.subitem_first)
            }
            _ => None,
        }
    }

    /// After a member at `i`: `61 to 64` or `61-64` makes it a range. Returns the member and the
    /// index after it.
    fn member(
        &self,
        i: usize,
        absolute: bool,
        previous: Option<&Parts>,
    ) -> Option<(Member, usize)> {
        let read = |j: usize| -> Option<Parts> {
            let parts = if absolute {
                self.absolute(j).or_else(|| {
                    // A continuation printed without its law: `27B1(a) and (b)`.
                    previous.and(self.relative(j))
                })
            } else {
                self.relative(j)
            }?;
            Some(match previous {
                Some(p) if parts.top() > 0 => parts.inherit(p),
                _ => parts,
            })
        };
        let parts = read(i)?;
        let span = self.tokens[i].span.clone();
        if !absolute
            && previous.is_none()
            && let Some(other) = self.absolute(i).filter(|p| p.section.is_some())
        {
            let target = Target::Either(parts, other);
            return Some((Member { span, target }, i + 1));
        }
        let to = i + 1;
        let is_to =
            self.role(to) == Some(Role::To) || self.is_punct(to, '-') || self.is_punct(to, '–');
        if is_to && let Some(end) = read(to + 1).map(|e| e.inherit(&parts)) {
            return Some((
                Member {
                    span: span.start..self.tokens[to + 1].span.end,
                    target: Target::Range(parts, end),
                },
                to + 2,
            ));
        }
        Some((
            Member {
                span,
                target: Target::Path(parts),
            },
            to,
        ))
    }

    /// Members joined by commas and `and`/`or`, each perhaps with its own law or part word.
    /// Returns the members and the index after the last.
    fn members(&self, i: usize, absolute: bool) -> Option<(Vec<Member>, usize)> {
        let (first, mut next) = self.member(i, absolute, None)?;
        let mut members = vec![first];
        loop {
            let mut j = next;
            let mut joined = false;
            while self.is_punct(j, ',')
                || self.role(j) == Some(Role::And)
                || matches!(
                    self.tokens.get(j),
                    Some(Token {
                        kind: Kind::Prefix('ו'),
                        ..
                    })
                )
            {
                joined = true;
                j += 1;
            }
            if !joined {
                break;
            }
            j = self.skip(j, &[Role::Article]);
            let previous = match &members.last().expect("one member").target {
                Target::Path(p) | Target::Range(_, p) | Target::Either(p, _) => Some(*p),
                _ => None,
            };
            let found = match self.role(j) {
                Some(Role::Law) => self.member(j + 1, true, None),
                Some(Role::Part) => self.member(j + 1, false, None),
                _ => self.member(j, absolute, previous.as_ref()),
            };
            let Some((member, after)) = found else { break };
            members.push(member);
            next = after;
        }
        Some((members, next))
    }

    /// The citation that starts at token `i`, and the index after it.
    fn citation_at(&self, i: usize) -> Option<(Citation, usize)> {
        let start = self.tokens[i].span.start;
        let word_role = self.role(i);
        let (members, mut end) = match word_role {
            Some(Role::Law) => {
                if self.role(i + 1) == Some(Role::This) && !is_plural(self.raw(i)) {
                    (self.single(i + 1, Target::ThisLaw), i + 2)
                } else {
                    self.members(i + 1, true)?
                }
            }
            Some(Role::Part) => {
                if self.role(i + 1) == Some(Role::This) {
                    (self.single(i + 1, Target::ThisPart), i + 2)
                } else if let Some(found) = self.members(i + 1, false) {
                    found
                } else {
                    (vec![self.unbracketed_item(i + 1)?], i + 2)
                }
            }
            Some(Role::This) => {
                // `αυτού του Νόμου`, `τον παρόντα Νόμο`, `this Law`: a law word with no number.
                let j = self.skip(i + 1, &[Role::Article]);
                let target = match self.role(j) {
                    Some(Role::Law) => Target::ThisLaw,
                    Some(Role::Part) => Target::ThisPart,
                    _ => return None,
                };
                if self.absolute(j + 1).is_some() {
                    return None;
                }
                (self.single(j, target), j + 1)
            }
            Some(Role::See) => return self.see(i),
            _ => return self.bare(i),
        };
        // `παράγραφο Β1 παραπάνω`, `την παράγραφο 3 που ακολουθεί`, `סעיף ב בחוק זה`.
        let after = self.skip(end, &[Role::Article, Role::Filler]);
        if self.role(after) == Some(Role::Direction) {
            end = after + 1;
        } else if self.role(after) == Some(Role::Law) && self.role(after + 1) == Some(Role::This) {
            end = after + 2;
        } else if self.role(after) == Some(Role::This) {
            let law = self.skip(after + 1, &[Role::Article]);
            if self.role(law) == Some(Role::Law) {
                end = law + 1;
            }
        }
        let span = start..self.tokens[end - 1].span.end;
        Some((Citation { span, members }, end))
    }

    /// `την παράγραφο δ παρακάτω`: a Greek item letter printed without its brackets, which
    /// only the direction word after it shows to be a citation.
    fn unbracketed_item(&self, i: usize) -> Option<Member> {
        let Kind::Word {
            folded,
            glued: None,
        } = &self.tokens.get(i)?.kind
        else {
            return None;
        };
        let greek_small =
            folded.chars().count() <= 2 && folded.chars().all(|c| ('α'..='ω').contains(&c));
        let directed = self.role(self.skip(i + 1, &[Role::Filler])) == Some(Role::Direction);
        if !(greek_small && directed) {
            return None;
        }
        let parts = Parts {
            item: Some(crate::corpus::numbering::item_letter(folded)?),
            ..Parts::default()
        };
        Some(Member {
            span: self.tokens[i].span.clone(),
            target: Target::Path(parts),
        })
    }

    fn single(&self, i: usize, target: Target) -> Vec<Member> {
        vec![Member {
            span: self.tokens[i].span.clone(),
            target,
        }]
    }

    /// `ראו ד להלן`, `[וראו גם ג1(ד)]`, `βλέπε «Ανάκληση»`: "see" before a relative part or a
    /// quoted term. "See" before a law or part word is left to that word.
    fn see(&self, i: usize) -> Option<(Citation, usize)> {
        let j = self.skip(i + 1, &[Role::Filler]);
        if let Some(Token {
            span,
            kind: Kind::Quoted(inner),
            ..
        }) = self.tokens.get(j)
        {
            let term = self.text[inner.clone()].trim().to_string();
            let citation = Citation {
                span: self.tokens[i].span.start..span.end,
                members: vec![Member {
                    span: span.clone(),
                    target: Target::Term(term),
                }],
            };
            return Some((citation, j + 1));
        }
        if matches!(self.role(j), Some(Role::Law | Role::Part)) {
            return None;
        }
        let (members, end) = self.members(j, false)?;
        let directed = self.role(end) == Some(Role::Direction);
        let structured = members.iter().all(
            |m| matches!(&m.target, Target::Path(p) if p.paragraph.is_some() || p.item.is_some()),
        );
        if !directed && !structured {
            return None;
        }
        let end = if directed { end + 1 } else { end };
        let span = self.tokens[j].span.start..self.tokens[end - 1].span.end;
        Some((Citation { span, members }, end))
    }

    /// `Ν12Γ1` (the law word abbreviated and glued to its code), or a code with a section
    /// letter standing alone (`36א`, after a prefix `ב-25א`).
    fn bare(&self, i: usize) -> Option<(Citation, usize)> {
        let token = &self.tokens[i];
        // `B1 following`, `2ג או 2ד לעיל`: parts of this law named without a part word, which
        // the direction word after them shows to be a citation.
        if let Some((members, end)) = self.members(i, false)
            && self.role(end) == Some(Role::Direction)
        {
            let span = token.span.start..self.tokens[end].span.end;
            return Some((Citation { span, members }, end + 1));
        }
        // One code, read with `read`: the whole phrase, and the member within it.
        let one = |phrase: Range<usize>, member: Range<usize>, parts: Parts, next: usize| {
            let member = Member {
                span: member,
                target: Target::Path(parts),
            };
            let members = vec![member];
            Some((
                Citation {
                    span: phrase,
                    members,
                },
                next,
            ))
        };
        match &token.kind {
            Kind::Word {
                folded,
                glued: Some(at),
            } if matches!(folded.as_str(), "ν" | "n" | "l") => {
                let parts = absolute_code(&self.text[*at..token.span.end])?;
                one(token.span.clone(), *at..token.span.end, parts, i + 1)
            }
            // A number of a count or a score is never followed by a letter; a code in a list
            // after a law word was read with that word.
            Kind::Code => {
                let parts = self.absolute(i).filter(|p| p.section.is_some())?;
                one(token.span.clone(), token.span.clone(), parts, i + 1)
            }
            // `ב-ב1` ("in B1"): a prefix before a section and paragraph of this law.
            Kind::Prefix(p) if *p != 'ו' => {
                let parts = self
                    .relative(i + 1)
                    .filter(|p| p.section.is_some() && p.paragraph.is_some())?;
                let code = self.tokens[i + 1].span.clone();
                one(token.span.start..code.end, code, parts, i + 2)
            }
            _ => None,
        }
    }
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
                found.push(citation);
                i = next.max(i + 1);
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
    fn mirrored_groups_are_put_right_byte_for_byte() {
        let mirrored = "40ב2)א()v(";
        let fixed = unmirror(mirrored);
        assert_eq!(fixed, "40ב2(א)(v)");
        assert_eq!(fixed.len(), mirrored.len());
        assert_eq!(unmirror("(ראו חוק 24)."), "(ראו חוק 24).");
    }

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

    #[test]
    fn codes_in_every_script() {
        let p = |s| absolute_code(s).unwrap_or_else(|| panic!("{s}"));
        assert_eq!(p("27Β1(α)").item, Some('a'));
        assert_eq!(p("20ΣΤ5").section, Some('F'));
        assert_eq!(p("65B3").section, Some('B'));
        assert_eq!(p("40ב2(א)(v)").subitem, Some(5));
        assert_eq!(p("80B2(ια)").item, Some('k'));
        assert_eq!(absolute_code("27X"), None);
        assert_eq!(absolute_code("100"), None);
    }
}
