//! The parser of the citation grammar: tokens read as citations, each with its members and
//! what they name, by the rules the grammar in `scan` sets out.

use std::ops::Range;

use super::code::{absolute_code, relative_code};
use super::lexer::{Kind, Token};
use super::{Citation, Member, Target};
use crate::corpus::id::PartialPath;
use crate::refs::lexicon::{Role, is_plural};

pub(super) struct Parser<'t> {
    pub(super) text: &'t str,
    pub(super) tokens: Vec<Token>,
    /// Roman groups standing alone are sub-items (Greek and Hebrew texts letter their items).
    pub(super) subitem_first: bool,
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
    fn absolute(&self, i: usize) -> Option<PartialPath> {
        match self.tokens.get(i)?.kind {
            Kind::Code => absolute_code(self.raw(i)),
            _ => None,
        }
    }

    /// A relative code at token `i`: a code, a group, or a word that is a section letter with
    /// perhaps a code glued after it.
    fn relative(&self, i: usize) -> Option<PartialPath> {
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
        previous: Option<&PartialPath>,
    ) -> Option<(Member, usize)> {
        let read = |j: usize| -> Option<PartialPath> {
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

    /// Members joined by commas, `&` and `and`/`or`, each perhaps with its own law or part word.
    /// Returns the members and the index after the last.
    fn members(&self, i: usize, absolute: bool) -> Option<(Vec<Member>, usize)> {
        let (first, mut next) = self.member(i, absolute, None)?;
        let mut members = vec![first];
        loop {
            let mut j = next;
            let mut joined = false;
            while self.is_punct(j, ',')
                || self.is_punct(j, '&')
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
    pub(super) fn citation_at(&self, i: usize) -> Option<(Citation, usize)> {
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
        let parts = PartialPath {
            item: Some(crate::corpus::numbering::item_letter(folded)?),
            ..PartialPath::default()
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
        let one = |phrase: Range<usize>, member: Range<usize>, parts: PartialPath, next: usize| {
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
