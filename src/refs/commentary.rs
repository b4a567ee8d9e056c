//! Citations in the commentary, derived from its text like those of the editions (the same
//! grammar, resolved in the edition of the document's language), plus the forms only the
//! commentary prints:
//!
//! - the booklet's closing lines: `חוק: 13 ג'`, `חוקים: 31 א', 29`, `חוק: 50 ד' (1) ב'`,
//!   `חוק: 51 ב' 1`, `חוקים: 61-64`;
//! - the slides' spaced forms: `חוק 27 – ב1 (א / ב)`, `27ב1 (א)`, `חוק 16 ג`.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::resolve;
use super::scan::{self, Target};
use crate::corpus::commentary::Document;
use crate::corpus::id::PartialPath;
use crate::corpus::locate::Positions;
use crate::corpus::model::BookletFile;
use crate::corpus::model::Located;
use crate::corpus::reference::{CommentaryRef, Place, Resolved, Unresolved};
use crate::corpus::{Corpus, Edition, Loaded};
use crate::error::Code;

/// Every citation in the corpus's commentary.
pub fn derive(corpus: &Corpus) -> Vec<CommentaryRef> {
    let commentary = &corpus.commentary;
    let mut out = Vec::new();
    for booklet in &commentary.booklets {
        out.extend(booklet_refs(corpus, booklet));
    }
    for document in &commentary.documents {
        out.extend(document_refs(corpus, document));
    }
    out
}

/// A booklet's citations: each scenario's closing line, then its procedure text, each placed
/// inside the YAML value it is printed in.
fn booklet_refs(corpus: &Corpus, booklet: &Loaded<BookletFile>) -> Vec<CommentaryRef> {
    let data = &booklet.data;
    let edition = corpus.edition_in(&data.language);
    let mut out = Vec::new();
    for scenario in data.scenarios() {
        let mut push = |value: &Located, span: Range<usize>, target: Resolved| {
            out.push(CommentaryRef {
                document: data.id.to_string(),
                part: scenario.id.to_string(),
                title: scenario.title.clone(),
                file: booklet.file.clone(),
                phrase: value[span.clone()].to_string(),
                place: Place::InValue {
                    pos: value.pos,
                    value: value.to_string(),
                    span,
                },
                target,
            });
        };
        let laws = &scenario.laws;
        match closing_line(laws) {
            Some(members) => {
                for (span, target) in members {
                    for resolved in resolved(edition, &data.language, &target, None) {
                        push(laws, span.clone(), resolved);
                    }
                }
            }
            None => push(
                laws,
                0..laws.len(),
                Err(Unresolved {
                    code: Code::CommentaryReference,
                    message: format!("`{}` is not a closing line of laws", laws.as_str()),
                }),
            ),
        }
        for paragraph in &scenario.text {
            for (span, target) in citations(paragraph) {
                for resolved in resolved(edition, &data.language, &target, None) {
                    push(paragraph, span.clone(), resolved);
                }
            }
        }
    }
    out
}

/// A Markdown document's citations, read in its text (relative ones at its `context`), with
/// its overrides in place of what the grammar read in their phrases.
fn document_refs(corpus: &Corpus, document: &Document) -> Vec<CommentaryRef> {
    let meta = &document.meta;
    let edition = corpus.edition_in(&meta.language);
    let context = meta
        .context
        .as_ref()
        .and_then(|c| crate::corpus::id::LawPath::parse(c));
    let mut found: Vec<(Range<usize>, Resolved)> = Vec::new();
    for (piece, at) in text_pieces(&document.body) {
        for (span, target) in citations(piece) {
            for r in resolved(edition, &meta.language, &target, context) {
                found.push((at + span.start..at + span.end, r));
            }
        }
    }
    let mut stale = Vec::new();
    for o in &meta.overrides {
        let Some(start) = document.body.find(o.phrase.as_str()) else {
            // Reported at the override itself, in the front matter.
            stale.push(CommentaryRef {
                document: meta.id.to_string(),
                part: meta.id.to_string(),
                title: meta.title.clone(),
                file: document.file.clone(),
                place: Place::At(o.phrase.pos),
                phrase: o.phrase.to_string(),
                target: Err(Unresolved {
                    code: Code::CommentaryOverride,
                    message: format!("the override's phrase `{}` is not in the text", o.phrase),
                }),
            });
            continue;
        };
        let span = start..start + o.phrase.len();
        found.retain(|(s, _)| s.end <= span.start || span.end <= s.start);
        for target in &o.targets {
            let resolved = match edition {
                Some(edition) => super::existing_id(edition, target),
                None => Err(no_edition(&meta.language)),
            };
            found.push((span.clone(), resolved));
        }
    }
    found.sort_by_key(|(s, _)| s.start);
    let mut positions = Positions::new(&document.body, document.body_line);
    found
        .into_iter()
        .map(|(span, target)| CommentaryRef {
            document: meta.id.to_string(),
            part: meta.id.to_string(),
            title: meta.title.clone(),
            file: document.file.clone(),
            place: Place::At(positions.of(span.start)),
            phrase: document.body[span].to_string(),
            target,
        })
        .chain(stale)
        .collect()
}

/// A target resolved in the edition of the document's language.
fn resolved(
    edition: Option<&Edition>,
    language: &str,
    target: &Target,
    context: Option<crate::corpus::id::LawPath>,
) -> Vec<Resolved> {
    match edition {
        Some(edition) => resolve::resolve(edition, target, context),
        None => vec![Err(no_edition(language))],
    }
}

fn no_edition(language: &str) -> Unresolved {
    Unresolved {
        code: Code::CommentaryReference,
        message: format!("no edition in `{language}` to resolve the citation in"),
    }
}

/// The texts of a Markdown body (not its markup), each with its byte offset in the body.
fn text_pieces(body: &str) -> Vec<(&str, usize)> {
    use pulldown_cmark::{Event, Options, Parser};
    Parser::new_ext(body, Options::ENABLE_TABLES)
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Text(_) => Some((&body[range.clone()], range.start)),
            _ => None,
        })
        .collect()
}

/// The citations of a commentary text: its own forms first, then the grammar's where they
/// do not overlap.
pub fn citations(text: &str) -> Vec<(Range<usize>, Target)> {
    let mut found = spaced_forms(text);
    for citation in scan::citations(text) {
        let span = citation.span.clone();
        if found
            .iter()
            .any(|(s, _)| s.start < span.end && span.start < s.end)
        {
            continue;
        }
        for member in citation.members {
            found.push((member.span, member.target));
        }
    }
    found.sort_by_key(|(s, _)| s.start);
    found
}

static SLIDES_FORM: LazyLock<Regex> = LazyLock::new(|| {
    // `חוק 27 – ב1 (א / ב)`: a law, a dash, a paragraph, and items apart by slashes.
    Regex::new(r"(\d{1,2})\s*[–-]\s*([א-ז])(\d{1,2})?\s*\(([א-י](?:\s*/\s*[א-י])*)\)").unwrap()
});
static SPACED_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    // `27ב1 (א)`: a code, a space, its item.
    Regex::new(r"(\d{1,2}[א-ז]\d{1,2})\s+\(([א-י])\)").unwrap()
});
static SPACED_SECTION: LazyLock<Regex> = LazyLock::new(|| {
    // `חוק 16 ג (מידע…`: a law, a space, its section letter standing alone.
    Regex::new(r"חוק (\d{1,2}) ([א-ז])['׳]?(?:\s*[(.,:;]|\s*$)").unwrap()
});

/// The spaced forms the grammar does not read, as codes it does.
fn spaced_forms(text: &str) -> Vec<(Range<usize>, Target)> {
    let mut found = Vec::new();
    let code = |s: String| scan::absolute_code(&s).map(Target::Path);
    let apart = |found: &[(Range<usize>, Target)], span: &Range<usize>| {
        found
            .iter()
            .all(|(s, _)| s.end <= span.start || span.end <= s.start)
    };
    for c in SLIDES_FORM.captures_iter(text) {
        let span = c.get(0).map_or(0..0, |m| m.range());
        let base = format!("{}{}{}", &c[1], &c[2], c.get(3).map_or("", |m| m.as_str()));
        for item in c[4].split('/').map(str::trim) {
            if let Some(target) = code(format!("{base}({item})")) {
                found.push((span.clone(), target));
            }
        }
    }
    for c in SPACED_ITEM.captures_iter(text) {
        let span = c.get(0).map_or(0..0, |m| m.range());
        if apart(&found, &span)
            && let Some(target) = code(format!("{}({})", &c[1], &c[2]))
        {
            found.push((span, target));
        }
    }
    for c in SPACED_SECTION.captures_iter(text) {
        let (law, section) = (c.get(1).expect("group 1"), c.get(2).expect("group 2"));
        let span = c.get(0).map_or(0, |m| m.start())..section.end();
        if apart(&found, &span)
            && let Some(target) = code(format!("{}{}", law.as_str(), section.as_str()))
        {
            found.push((span, target));
        }
    }
    found
}

/// A booklet's closing line: `חוק:` or `חוקים:`, then members apart by commas. A member is a
/// law, optionally its section letter, paragraph and item (`50 ד' (1) ב'`), or a range of
/// laws (`61-64`). `None` when the line is not one.
pub fn closing_line(line: &str) -> Option<Vec<(Range<usize>, Target)>> {
    let (label, rest) = line.split_once(':')?;
    if !matches!(label.trim(), "חוק" | "חוקים") {
        return None;
    }
    let mut found = Vec::new();
    let mut at = label.len() + 1;
    for member in rest.split(',') {
        let start = at + member.len() - member.trim_start().len();
        let span = start..start + member.trim().len();
        at += member.len() + 1;
        let member = member.trim();
        if member.is_empty() {
            return None;
        }
        let target = match member.split_once('-') {
            Some((from, to)) => {
                let law = |s: &str| {
                    s.trim().parse::<u8>().ok().map(|n| PartialPath {
                        law: Some(n),
                        ..PartialPath::default()
                    })
                };
                Target::Range(law(from)?, law(to)?)
            }
            None => Target::Path(member_code(member)?),
        };
        found.push((span, target));
    }
    Some(found)
}

/// `50 ד' (1) ב'` as the code `50ד1(ב)`: the first letter is the section, a number after it
/// the paragraph, a letter after that the item.
fn member_code(member: &str) -> Option<PartialPath> {
    let mut words = member.split_whitespace();
    let law = words.next()?;
    let (mut section, mut paragraph, mut item) = (None, None, None);
    for word in words {
        let word = word.trim_matches(|c| matches!(c, '\'' | '׳' | '(' | ')'));
        if word.chars().all(|c| c.is_ascii_digit()) && section.is_some() && paragraph.is_none() {
            paragraph = Some(word);
        } else if word.chars().count() == 1 && section.is_none() {
            section = Some(word);
        } else if word.chars().count() == 1 && item.is_none() {
            item = Some(word);
        } else {
            return None;
        }
    }
    let mut code = format!(
        "{law}{}{}",
        section.unwrap_or_default(),
        paragraph.unwrap_or_default()
    );
    if let Some(item) = item {
        code.push_str(&format!("({item})"));
    }
    scan::absolute_code(&code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(targets: Vec<(Range<usize>, Target)>) -> Vec<String> {
        targets
            .into_iter()
            .map(|(_, t)| match t {
                Target::Path(p) => p.to_string(),
                Target::Range(a, b) => format!("{a}..{b}"),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn the_booklet_s_closing_lines() {
        // Every form the booklet (001) prints.
        let read = |line| ids(closing_line(line).unwrap_or_else(|| panic!("{line}")));
        assert_eq!(read("חוק: 13 ג'"), ["13C"]);
        assert_eq!(read("חוקים: 31 א', 29"), ["31A", "29"]);
        assert_eq!(read("חוק: 50 ד' (1) ב'"), ["50D1(b)"]);
        assert_eq!(read("חוק: 51 ב' 1"), ["51B1"]);
        assert_eq!(read("חוקים: 61-64"), ["61..64"]);
        assert_eq!(read("חוקים: 55"), ["55"]);
        assert_eq!(read("חוק: 14"), ["14"]);
        let line = "חוקים: 54, 50";
        let spans: Vec<&str> = closing_line(line)
            .unwrap()
            .into_iter()
            .map(|(s, _)| &line[s])
            .collect();
        assert_eq!(spans, ["54", "50"]);
        for not_one in [
            "חוק 13",
            "הערה: 13",
            "חוק: 13 ג' ד' ה'",
            "חוקים: 61-",
            "חוק:",
        ] {
            assert!(closing_line(not_one).is_none(), "{not_one}");
        }
    }

    #[test]
    fn the_slides_spaced_forms() {
        // Lines of the slides (002).
        assert_eq!(
            ids(citations("# מותר / אסור [ לפי חוק 27 – ב1 (א / ב) ]")),
            ["27B1(a)", "27B1(b)"]
        );
        assert_eq!(
            ids(citations("27ב1 (א) או 27ב1 (ב) –")),
            ["27B1(a)", "27B1(b)"]
        );
        assert_eq!(
            ids(citations("..... חוק 16 ג (מידע בלתי מורשה) במילים")),
            ["16C"]
        );
        // The grammar's forms are still read.
        assert_eq!(
            ids(citations(
                "חוקים 26ב (הגבלות הובלה) ו-16ג (מידע בלתי מורשה) אינם חלים"
            )),
            ["26B", "16C"]
        );
    }
}
