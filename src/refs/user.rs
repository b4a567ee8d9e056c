//! Reading a reference typed by a user into a canonical id: `27b1a`, `Law 27B1(a)`, `27Β1(α)`
//! with Greek letters, `Νόμος 27Β1α`, `L45C4b`, `71.1`, `def/dummy`; also as people write them
//! in a message or paste them from a PDF: with a leading "see" (`see law 12C1(e)(ii)`,
//! `βλ. 27Β1α`, `ר' חוק 16 ב' 1`), spaced and with geresh (`חוק 27 ב' 1 (א)`, `law 12 c 1 e
//! ii`), with the brackets the Hebrew extraction mirrors (`27ב1)א(`), with a word for "number"
//! or part words (`law no. 27`, `חוק 27 סעיף ב1`), and with the levels set apart (`27.B.1.a`).

use super::lexicon::{and_before_number, law_words};
use crate::corpus::id::{Kind, LAW_COUNT, LawPath, kind_of};
use crate::corpus::numbering;
use crate::text::fold;

/// Law words people type that the books never print before a number: abbreviations (`L`, `Ν`,
/// `N` on a Latin keyboard, `ח'`), Greek in Latin letters (`Nomos 27`), and "article" and
/// "rule", as other legal texts are cited (`άρθρο 27`, `rule 27`).
const TYPED_LAW_WORDS: &[&str] = &[
    "l",
    "ν",
    "ח",
    "n",
    "nomos",
    "nomo",
    "nomou",
    "αρθρο",
    "αρθρου",
    "article",
    "art",
    "rule",
];

/// Words for "number" between a law word and its number (`law no. 27`, `חוק מס' 27`, `Νόμος
/// αρ. 27`), folded, without their dot or geresh.
const NUMBER_WORDS: &[&str] = &[
    "no",
    "nr",
    "num",
    "number",
    "מס",
    "מספר",
    "αρ",
    "αριθ",
    "αριθμος",
    "αριθμο",
    "αριθμου",
];

/// What follows each of `words` that `input` starts with (compared folded), without the blanks
/// or dot after it. The callers want a number next, which only one of `laws`, `law` or `l`
/// can leave, so the order of the words does not matter.
fn after_words(
    input: &str,
    words: impl IntoIterator<Item = &'static str>,
) -> impl Iterator<Item = &str> {
    words.into_iter().filter_map(move |word| {
        let head: String = input.chars().take(word.chars().count()).collect();
        (fold(&head) == word).then(|| input[head.len()..].trim_start_matches(['.', ' ', '\u{a0}']))
    })
}

/// How many bytes of one-letter prefixes a Hebrew law word carries (`בחוק`, `שבחוק`): a citation
/// typed among words starts after them.
fn law_word_prefix(word: &str) -> usize {
    // The lexicon reads a law word through its prefixes; only the unprefixed word is a law word
    // here.
    if super::lexicon::role(word) != Some(super::lexicon::Role::Law) {
        return 0;
    }
    crate::text::hebrew_stems(word)
        .find(|stem| {
            let folded = fold(stem);
            law_words().any(|law| law == folded)
        })
        .map_or(0, |stem| word.len() - stem.len())
}

/// What follows a leading law word (`Law`, `Νόμος`, `חוק`, or as typed: `L`, `Nomos`,
/// `άρθρο`), the word for "number" after it if any (`law no. 27`), and the blanks or dots after
/// them, when the law's number follows; none when `input` does not open so.
fn after_law_word(input: &str) -> Option<&str> {
    let starts_with_digit = |s: &&str| s.starts_with(|c: char| c.is_ascii_digit());
    let law_words = law_words().chain(TYPED_LAW_WORDS.iter().copied());
    after_words(input, law_words).find_map(|rest| {
        Some(rest)
            .filter(starts_with_digit)
            .or_else(|| after_words(rest, NUMBER_WORDS.iter().copied()).find(starts_with_digit))
    })
}

/// A section letter at the start of `s` (`Β`, `ΣΤ`, `b`, `ב`): the canonical letter and the
/// bytes it takes.
fn section_at(s: &str) -> Option<(char, usize)> {
    let mut chars = s.char_indices();
    let (_, first) = chars.next()?;
    let two_end = chars.next().map_or(s.len(), |(i, c)| i + c.len_utf8());
    let two = &s[..two_end];
    if two.chars().count() == 2
        && let Some(letter) = numbering::section_letter(&two.to_uppercase())
        && fold(two) == "στ"
    {
        return Some((letter, two.len()));
    }
    let one = &s[..first.len_utf8()];
    let letter = if first.is_ascii_alphabetic() {
        // Latin letters are the Laws' own A–G, never look-alikes of Greek ones (`Z` is not
        // Zeta).
        Some(first.to_ascii_uppercase()).filter(|c| ('A'..='G').contains(c))
    } else {
        numbering::section_letter(&one.to_uppercase())
    }?;
    Some((letter, one.len()))
}

/// Words that may stand before a reference and say nothing about it: "see", and its
/// abbreviations, folded, without their dot or geresh.
const SEE_WORDS: &[&str] = &[
    "see",
    "cf",
    "βλ",
    "βλεπε",
    "ρ",
    "ר",
    "ראו",
    "ראה",
    "עיין",
    "עיינו",
];

/// Part words people type that the books never print: abbreviated (`ס'` and `סע'` for סעיף,
/// `παρ.` and `εδ.` for παράγραφος and εδάφιο, `sec.` and `para.`), and the names of lower
/// levels in each language's legal style (`subsection`, `clause`; `סעיף קטן`, `ס"ק`, `תת-סעיף`;
/// `περίπτωση`, `υποπαράγραφος`).
const TYPED_PART_WORDS: &[&str] = &[
    "ס",
    "סע",
    "קטן",
    "ס\"ק",
    "ס״ק",
    "תת",
    "תת-סעיף",
    "תת־סעיף",
    "παρ",
    "εδ",
    "περ",
    "περιπτωση",
    "υποπεριπτωση",
    "υποπαραγραφοσ",
    "υποπαραγραφο",
    "sec",
    "sect",
    "para",
    "par",
    "subsection",
    "subsec",
    "subpara",
    "sub-paragraph",
    "clause",
    "subclause",
    "subitem",
    "sub-item",
];

/// A word folded, without the dot, colon, comma or geresh after it.
fn bare(word: &str) -> String {
    fold(word.trim_end_matches(['.', ':', ',', '\'', '׳', '’']))
}

/// Whether a bare word names a part of a law (`section`, `παράγραφος`, `סעיף`, `ס'`).
fn part_word(bare: &str) -> bool {
    TYPED_PART_WORDS.contains(&bare)
        || super::lexicon::role(bare) == Some(super::lexicon::Role::Part)
}

/// `input` as a compact reference: the "see" words before it and the part words in it
/// dropped, brackets mirrored by a right-to-left extraction put back, geresh, gershayim and the
/// Greek numeral sign taken out (`ב'` is `ב`, `α΄` is `α`).
fn normalize(input: &str) -> String {
    // A question or a sentence ends in its mark (`law 27b1a?`), and a number may carry its sign
    // (`law #27`, `§27B1a`).
    // Full-width forms (`２７Ｂ１（ａ）`, from an East Asian keyboard or a PDF) are the ASCII ones.
    let visible: String = crate::text::without_invisible(input)
        .chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(u32::from(c) - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect();
    let mut text: String = visible
        .trim()
        .trim_end_matches(['?', '!', '.', ',', ';', ':', '\u{37e}'])
        .chars()
        .filter(|c| !matches!(c, '#' | '§' | '№'))
        .collect();
    // `27ב1)א(`: the first bracket closes, so every bracket is the wrong way round.
    if text
        .find([')', '('])
        .is_some_and(|i| text[i..].starts_with(')'))
    {
        text = text
            .chars()
            .map(|c| match c {
                '(' => ')',
                ')' => '(',
                c => c,
            })
            .collect();
    }
    // `(27)`, `(Law 27B1)`, `[27B1(a)]`: a citation in brackets, as a text puts it.
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        text = inner.trim().to_string();
    }
    if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')'))
        && !inner.contains(['(', ')'])
    {
        text = inner.trim().to_string();
    }
    // `27B(`, `27B1()`: a bracket opened at the end and nothing in it, as a reader stops typing.
    for empty in ["()", "("] {
        if let Some(cut) = text.strip_suffix(empty) {
            text = cut.trim_end().to_string();
        }
    }
    // `27B1(a`: a bracket left open at the end closes there, as the reader meant.
    if text.matches('(').count() == text.matches(')').count() + 1
        && text.rfind('(') > text.rfind(')')
    {
        text.push(')');
    }
    let mut words: Vec<&str> = text.split_whitespace().collect();
    while let Some(first) = words.first() {
        let first = bare(first);
        let see = SEE_WORDS.contains(&first.as_str())
            || super::lexicon::role(&first) == Some(super::lexicon::Role::See);
        // A law word stays: `after_law_word` takes it with the number glued to it (`L27`).
        if !see || words.len() == 1 {
            break;
        }
        words.remove(0);
    }
    // A part word, first or further on (`section 27B1`, `law 27 section B1`, `חוק 27 סעיף
    // ב1`), says what its letter or number says already.
    if words.len() > 1 {
        words.retain(|word| !part_word(&bare(word)));
    }
    words
        .join(" ")
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '\'' | '׳' | '’' | '‘' | '"' | '״' | '\u{374}' | '\u{2b9}' | '\u{384}' | '\u{b4}'
            )
        })
        .collect()
}

/// Read an item or sub-item group: `(a)`, `(α)`, `(ii)`, or a bare letter run.
fn groups(s: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('(') {
            let close = inner.find(')')?;
            out.push(inner[..close].to_string());
            rest = &inner[close + 1..];
        } else if out.is_empty() {
            // Bare form: the item is one letter (two for Greek `στ`, `ια`, `ιβ` and Hebrew
            // `יא`, `יב`); what follows is a roman sub-item.
            let chars: Vec<char> = rest.chars().collect();
            let take = if chars.len() >= 2
                && !chars[0].is_ascii()
                && numbering::item_letter(&chars[..2].iter().collect::<String>()).is_some()
            {
                2
            } else {
                1
            };
            let item: String = chars[..take].iter().collect();
            out.push(item.clone());
            rest = &rest[item.len()..];
        } else {
            out.push(rest.to_string());
            rest = "";
        }
    }
    Some(out)
}

/// What a user's reference reads as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// A canonical id (which an edition may or may not have).
    Id(String),
    /// A law number beyond the Laws, written as a reference (`law 99`).
    NoSuchLaw(u32),
    /// Not a reference.
    Words,
}

/// What `input` reads as.
pub fn reading(input: &str) -> Reading {
    let trimmed = input.trim();
    let lower = trimmed.to_lowercase();
    if matches!(
        kind_of(&lower),
        Some(Kind::Preface | Kind::Introduction | Kind::Definition | Kind::Footnote)
    ) {
        return Reading::Id(lower);
    }
    law_reading(&normalize(trimmed))
}

/// What a reference made compact (`normalize`) reads as: a law path, a law beyond the Laws, or
/// words.
fn law_reading(compact: &str) -> Reading {
    match parse_law_path(compact) {
        Ok(path) => Reading::Id(path.to_string()),
        Err(Some(law)) => Reading::NoSuchLaw(law),
        Err(None) => Reading::Words,
    }
}

/// How many words a citation typed among words may take (`law 27 section B paragraph 1 item a`).
const CITATION_WORDS: usize = 8;

/// Whether a word may stand after a law word in a citation typed among words: a part of the
/// reference (`B1(a)`, `ב'`, `ii`), or a word for a part or a number (`section`, `מס'`). A longer
/// word is a word, even where its letters would read (`για` is not section Γ, item ια).
fn citation_word(word: &str) -> bool {
    let bare = bare(word);
    word.contains(|c: char| c.is_ascii_digit() || c == '(' || c == ')')
        || bare.chars().count() <= 2
        || NUMBER_WORDS.contains(&bare.as_str())
        || part_word(&bare)
}

/// The laws and nodes a query of words names among its words (`what does Law 27 say`,
/// `Laws 16 and 73`, `מה אומר חוק מס' 16`, `law 99 says what`): the citations that carry their
/// law number, each read as `reading` reads a citation alone (an id, or a law beyond the Laws),
/// in the order written, each once.
pub fn cited_among_words(input: &str) -> Vec<Reading> {
    // Every law number is written in digits: a query without one cites nothing, and most
    // queries are spared the reading.
    if !input.bytes().any(|b| b.is_ascii_digit()) {
        return Vec::new();
    }
    let mut found: Vec<(usize, Reading)> = Vec::new();
    // As people type them, a law word first: the longest run of words that reads as a citation.
    let words: Vec<(usize, &str)> = input
        .split_whitespace()
        .map(|word| (word.as_ptr() as usize - input.as_ptr() as usize, word))
        .collect();
    let mut typed: Vec<std::ops::Range<usize>> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        // A Latin letter standing alone is a seat among words (`N 3 down`), not `L` or `N` for
        // Law: those cite glued to their number (`L27`, `N.27B1a`).
        if words[i].1.len() == 1 && words[i].1.bytes().all(|b| b.is_ascii_alphabetic()) {
            i += 1;
            continue;
        }
        let start = words[i].0 + law_word_prefix(words[i].1);
        let longest = (i + 1..=words.len().min(i + CITATION_WORDS))
            .rev()
            .find_map(|j| {
                if !words[i + 1..j].iter().all(|(_, word)| citation_word(word)) {
                    return None;
                }
                let end = words[j - 1].0 + words[j - 1].1.len();
                let compact = normalize(&input[start..end]);
                after_law_word(&compact)?;
                match law_reading(&compact) {
                    Reading::Words => None,
                    reading => Some((j, end, reading)),
                }
            });
        match longest {
            Some((j, end, reading)) => {
                found.push((start, reading));
                typed.push(start..end);
                i = j;
            }
            None => i += 1,
        }
    }
    // The books' own forms, lists and bare codes among them (`Laws 16 and 73`, `27B1a`).
    for citation in super::scan::citations(input) {
        for member in citation.members {
            if let super::scan::Target::Path(path) = member.target
                && let Some(path) = path.law_path()
                && !typed.iter().any(|span| span.contains(&member.span.start))
            {
                found.push((member.span.start, Reading::Id(path.to_string())));
            }
        }
    }
    found.sort_by_key(|(position, _)| *position);
    let mut cited: Vec<Reading> = Vec::new();
    for (_, reading) in found {
        if !cited.contains(&reading) {
            cited.push(reading);
        }
    }
    cited
}

/// The canonical id a user's reference names, or a message saying why there is none.
pub fn parse(input: &str) -> Result<String, String> {
    match reading(input) {
        Reading::Id(id) => Ok(id),
        Reading::NoSuchLaw(law) => Err(no_such_law(law)),
        Reading::Words => Err(format!(
            "cannot read `{}` as a reference; write it like 27B1(a), 27b1a, \"Law 27B1(a)\", 27Β1(α), 71.1, def/dummy or preface",
            input.trim()
        )),
    }
}

/// Whether `input`, which `reading` reads as words, is written as one citation all the same:
/// a node that no law has, in the shape of one (`27B1(z9)`, `12C1(e)(12)`, `law 27Z`). Such a
/// query is answered that there is no such node, not with whatever its letters match. Bare
/// numbers with letters stay words (`3NT`, `4th`, `13 cards`): only brackets after a section,
/// or a law word before one token, make a citation of them.
pub fn misread_citation(input: &str) -> bool {
    // Every citation carries a law number: most queries of words are spared reading them again.
    if !input.bytes().any(|b| b.is_ascii_digit()) || reading(input) != Reading::Words {
        return false;
    }
    let compact = normalize(input);
    let worded = after_law_word(&compact);
    let mut tokens = worded.unwrap_or(&compact).split_whitespace();
    let (Some(token), None) = (tokens.next(), tokens.next()) else {
        return false;
    };
    let digits = token
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(token.len());
    let tail = &token[digits..];
    let reference_letters = tail
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '(' | ')' | '.' | '-' | '\''));
    let bracketed =
        tail.starts_with(|c: char| c.is_alphabetic()) && tail.contains('(') && tail.contains(')');
    digits > 0 && !tail.is_empty() && reference_letters && (worded.is_some() || bracketed)
}

/// The first and last law of a range as typed (`61-64`, `61 – 64`, `Laws 61-64`, `חוקים 61 עד
/// 64`, `Νόμοι 61 έως 64`), whatever their numbers; none when `input` is not written as a range
/// of law numbers.
pub fn law_range(input: &str) -> Option<(u32, u32)> {
    let compact = normalize(input);
    let rest = after_law_word(&compact).unwrap_or(&compact);
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (from, to) = match words.as_slice() {
        [from, to, last] if super::lexicon::role(&bare(to)) == Some(super::lexicon::Role::To) => {
            (*from, *last)
        }
        _ => rest.split_once(['-', '–', '—'])?,
    };
    Some((from.trim().parse().ok()?, to.trim().parse().ok()?))
}

/// Why a law number names nothing.
pub fn no_such_law(law: u32) -> String {
    format!("there is no Law {law}: the Laws run from 1 to {LAW_COUNT}")
}

/// A law path, or the law number when it is beyond the Laws but the rest reads as a
/// reference, or nothing.
fn parse_law_path(input: &str) -> Result<LawPath, Option<u32>> {
    let worded = after_law_word(input);
    // `law 0` names a law that is not there; a bare `0` is no reference at all.
    let lowest = if worded.is_some() { 0 } else { 1 };
    let spelled = worded.unwrap_or(input).trim_start();
    // Numbers apart are numbers apart (`16 73`: two laws, not Law 1673).
    let number = spelled.trim_start_matches(|c: char| c.is_ascii_digit());
    let after = number.trim_start();
    if after.len() < number.len() && after.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(None);
    }
    let compact: String = spelled.chars().filter(|c| !c.is_whitespace()).collect();
    let digits_end = compact
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(compact.len());
    let law: u32 = compact[..digits_end].parse().map_err(|_| None)?;
    let tail = &compact[digits_end..];
    match u8::try_from(law) {
        Ok(n) if (1..=LAW_COUNT).contains(&n) => path_tail(LawPath::law(n), tail).ok_or(None),
        // Out of range: a law number all the same when what follows reads (`99`, `99B1`).
        _ if law >= lowest && path_tail(LawPath::law(1), tail).is_some() => Err(Some(law)),
        _ => Err(None),
    }
}

/// What people set the levels of a reference apart with (`27.B.1.a`, `27-B-1-a`, `27/B/1/a`,
/// `27, B, 1, a`).
const LEVEL_SEPARATORS: [char; 4] = ['.', '-', '/', ','];

/// What a leading bracket holds, and what follows its closing one (`(b)(1)` → `b`, `(1)`).
fn in_brackets(s: &str) -> Option<(&str, &str)> {
    s.strip_prefix('(')?.split_once(')')
}

/// `path` completed by the rest of a reference after its law number (`B1(a)`).
fn path_tail(mut path: LawPath, tail: &str) -> Option<LawPath> {
    let mut rest = tail;
    // The levels may be set apart, as people type them: `27.B.1.a`, `27-B-1-a`, `27/B/1/a`,
    // `27, B1(a)`, `27, B, 1, a`, `27B.1(a)`; a paragraph may be bracketed (`27b(1)(a)`).
    let before_section = rest.strip_prefix(LEVEL_SEPARATORS).unwrap_or(rest);
    // A section may be bracketed too (`27(b)(1)(a)`): no law has items right under it.
    let bracketed = in_brackets(before_section).and_then(|(letter, after)| {
        let (section, len) = section_at(letter)?;
        (len == letter.len()).then_some((section, after))
    });
    let section = bracketed.or_else(|| {
        section_at(before_section).map(|(section, len)| (section, &before_section[len..]))
    });
    if let Some((letter, after)) = section {
        // `16 ו-73`, `16 ו73`: "and" before the next law.
        if before_section.starts_with('ו') && and_before_number(after) {
            return None;
        }
        path.section = Some(letter);
        rest = after.strip_prefix(LEVEL_SEPARATORS).unwrap_or(after);
    }
    // A law without sections numbers its paragraphs after a dot or dash (`71.1`); not after a
    // slash or comma, which part scores and lists (`60/40`, `16, 73`).
    let dotted = path.section.is_none() && (rest.starts_with('.') || rest.starts_with('-'));
    if dotted {
        rest = &rest[1..];
    }
    let bracketed = path
        .section
        .and_then(|_| in_brackets(rest))
        .filter(|(digits, _)| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()));
    let (digits, after) = match bracketed {
        Some(split) => split,
        None => rest.split_at(
            rest.find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len()),
        ),
    };
    if !digits.is_empty() {
        if path.section.is_none() && !dotted {
            return None;
        }
        path.paragraph = Some(digits.parse().ok()?);
        rest = after;
    } else if dotted {
        return None;
    }
    let rest = &if path.section.is_some() || path.paragraph.is_some() {
        rest.replace(LEVEL_SEPARATORS, "")
    } else {
        rest.to_owned()
    };
    // A bare letter right after the law number is a section, never an item.
    if path.section.is_none()
        && path.paragraph.is_none()
        && !rest.is_empty()
        && !rest.starts_with('(')
    {
        return None;
    }
    let groups = groups(rest)?;
    match groups.as_slice() {
        [] => {}
        [item, subs @ ..] if subs.len() <= 1 => {
            path.item = Some(numbering::item_letter(item)?);
            if let [sub] = subs {
                // Typed, a sub-item may be a digit (`12C1(e)(2)` for `(ii)`).
                let digit = || sub.parse().ok().filter(|n| (1..=9).contains(n));
                path.subitem = Some(numbering::roman_value(sub).or_else(digit)?);
            }
        }
        _ => return None,
    }
    // Round-trip through the canonical form so that only valid ids come out.
    LawPath::parse(&path.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_reference() {
        let cases = [
            ("27B1(a)", "27B1(a)"),
            ("27b1a", "27B1(a)"),
            ("27B1a", "27B1(a)"),
            ("Law 27B1(a)", "27B1(a)"),
            ("law 27 B 1 (a)", "27B1(a)"),
            ("27Β1(α)", "27B1(a)"),
            ("Νόμος 27Β1α", "27B1(a)"),
            ("νομος 27β1(α)", "27B1(a)"),
            ("Ν12Γ1", "12C1"),
            ("L45C4b", "45C4(b)"),
            ("Νόμος 20ΣΤ5", "20F5"),
            ("20στ5", "20F5"),
            ("12C1(e)(ii)", "12C1(e)(ii)"),
            ("12c1eii", "12C1(e)(ii)"),
            ("80B2(ια)", "80B2(k)"),
            ("80Β2ια", "80B2(k)"),
            ("71.1", "71.1"),
            ("law 16", "16"),
            ("חוק 27ב1(א)", "27B1(a)"),
            ("40ב2(א)(v)", "40B2(a)(v)"),
            ("def/Dummy", "def/dummy"),
            // As people write them: a "see" first, spaced, with geresh, pasted from the PDF.
            ("see law 12C1(e)(ii)", "12C1(e)(ii)"),
            ("law 12 c 1 e ii", "12C1(e)(ii)"),
            ("27 b 1 a", "27B1(a)"),
            ("ר' חוק 16 ב' 1", "16B1"),
            ("חוק 27 ב' 1 (א)", "27B1(a)"),
            ("חוק 20 ו׳ 5 (ב)", "20F5(b)"),
            ("סעיף 31 א' 2 ב", "31A2(b)"),
            ("ראו חוק 27ב1(א)", "27B1(a)"),
            ("27ב1)א(", "27B1(a)"),
            ("40ב2)א()v(", "40B2(a)(v)"),
            ("ν.27Β1α", "27B1(a)"),
            ("ν. 27Β1(α)", "27B1(a)"),
            ("Νόμου 27Β1α", "27B1(a)"),
            ("βλ. 27Β1α", "27B1(a)"),
            ("βλέπε Νόμο 27Β1α", "27B1(a)"),
            // Asked as a question, or with the sign of a number.
            ("law 27b1a?", "27B1(a)"),
            ("Νόμος 27Β1α;", "27B1(a)"),
            ("Νόμος 27Β1α\u{37e}", "27B1(a)"),
            ("חוק 16ב1.", "16B1"),
            ("law #27", "27"),
            ("§27B1a", "27B1(a)"),
            ("ח' 27", "27"),
            ("ח׳ 27ב1", "27B1"),
            // The last bracket left open.
            ("27B1(a", "27B1(a)"),
            ("law 12C1(e)(ii", "12C1(e)(ii)"),
            ("חוק 27ב1(א", "27B1(a)"),
            ("27(", "27"),
            ("law 27B(", "27B"),
            ("27B1()", "27B1"),
            ("(27)", "27"),
            // Pasted with marks nobody sees: a direction mark, a zero-width space, a BOM.
            ("חוק 27ב1(א)\u{200f}", "27B1(a)"),
            ("27B1(a)\u{200b}", "27B1(a)"),
            ("\u{feff}\u{202b}27B1\u{202c}", "27B1"),
            ("(law 27B1)", "27B1"),
            (")27ב1(", "27B1"),
            ("[27B1(a)]", "27B1(a)"),
            ("２７Ｂ１", "27B1"),
            ("27B1（a）", "27B1(a)"),
            // A sub-item typed as a digit.
            ("law 12C1(e)(2)", "12C1(e)(ii)"),
            ("Law 12C1e2", "12C1(e)(ii)"),
            // A word for "number", part words inside, other law words.
            ("law no. 27", "27"),
            ("Law number 27", "27"),
            ("חוק מס' 27", "27"),
            ("חוק מספר 27ב1", "27B1"),
            ("Νόμος αρ. 27", "27"),
            ("law 27 section B paragraph 1 item a", "27B1(a)"),
            ("חוק 27 סעיף ב1(א)", "27B1(a)"),
            ("חוק 27, סעיף ב 1", "27B1"),
            ("Νόμος 27 παράγραφος Β1", "27B1"),
            ("ס' 27ב1", "27B1"),
            ("άρθρο 27", "27"),
            ("Nomos 27", "27"),
            ("N.27B1a", "27B1(a)"),
            ("rule 27", "27"),
            // The levels set apart.
            ("27.B.1.a", "27B1(a)"),
            ("27-B-1-a", "27B1(a)"),
            ("27/B/1/a", "27B1(a)"),
            ("Law 27, B1(a)", "27B1(a)"),
            ("Law 27B.1(a)", "27B1(a)"),
            ("law 27b(1)(a)", "27B1(a)"),
            ("12.C.1.e.ii", "12C1(e)(ii)"),
            ("חוק 27ב.1.א", "27B1(a)"),
            ("Νόμος 27Β.1.α", "27B1(a)"),
            ("law 27(b)(1)(a)", "27B1(a)"),
            ("חוק 27(ב)(1)(א)", "27B1(a)"),
            // Greek numbering marks, abbreviated part words.
            ("Νόμος 27 Β΄ 1 α΄", "27B1(a)"),
            ("Νόμος 27Β1(α΄)", "27B1(a)"),
            ("Νόμος 27Β\u{374}1α\u{374}", "27B1(a)"),
            ("άρθρο 27 παρ. Β1", "27B1"),
            ("Νόμος 27Β1 εδ. α", "27B1(a)"),
            ("law 27 sec. B para. 1", "27B1"),
            // Lower levels named as each language's legal style names them.
            ("law 27, section B, subsection 1, clause a", "27B1(a)"),
            ("Law 12 C 1 sub-item e ii", "12C1(e)(ii)"),
            ("חוק 27 סעיף קטן ב1", "27B1"),
            ("חוק 27 סעיף ב ס\"ק 1", "27B1"),
            ("חוק 27 ב1 תת-סעיף א", "27B1(a)"),
            ("άρθρο 27 παράγραφος Β1 περίπτωση α", "27B1(a)"),
            ("Νόμος 27Β1 περ. α΄", "27B1(a)"),
            ("preface", "preface"),
            ("fn/3", "fn/3"),
        ];
        for (input, expected) in cases {
            assert_eq!(parse(input).as_deref(), Ok(expected), "{input}");
        }
    }

    #[test]
    fn nonsense_is_refused_with_help() {
        for input in [
            "",
            "0",
            "27H",
            "20Z",
            "see",
            "see the director",
            "27B1(a)(b)(c)",
            "hello",
            "27B1(z9)",
            "12C1(e)(12)",
            "Law",
        ] {
            let err = parse(input).expect_err(input);
            assert!(err.contains("27B1(a)"), "{input}: {err}");
        }
    }

    #[test]
    fn a_law_beyond_the_laws_is_named_as_such() {
        for (input, law) in [
            ("94", 94),
            ("711", 711),
            ("law 99", 99),
            ("L99B1", 99),
            ("חוק 120", 120),
            ("law 0", 0),
            ("חוק 0", 0),
            ("Νόμος 0", 0),
        ] {
            assert_eq!(reading(input), Reading::NoSuchLaw(law), "{input}");
            assert!(
                parse(input)
                    .unwrap_err()
                    .contains("the Laws run from 1 to 93")
            );
        }
        // Words that start with a number are words.
        assert_eq!(reading("1000 points"), Reading::Words);
        assert_eq!(reading("13 cards"), Reading::Words);
        // A slash or a comma never numbers a paragraph: a split score and a list are words;
        // "number" only counts between a law word and a number.
        for words in [
            "60/40",
            "16, 73",
            "16 73",
            "law 16 73",
            "law no",
            "number 27",
            "no 27",
        ] {
            assert_eq!(reading(words), Reading::Words, "{words}");
        }
    }

    #[test]
    fn citations_among_words_are_the_ones_with_their_law_number() {
        let cases: &[(&str, &[&str])] = &[
            ("what does law 27 say", &["27"]),
            // As people type them, a law word first.
            ("what does law no. 27 say", &["27"]),
            ("מה אומר חוק מס' 16 על היסוס", &["16"]),
            ("τι λέει το άρθρο 16", &["16"]),
            ("law 27 section B says what", &["27B"]),
            // Hebrew "and" glued to the next law is no section ו.
            ("חוקים 16 ו-73", &["16", "73"]),
            ("חוק 16 ו73 על היסוס", &["16", "73"]),
            ("חוקים 16 ו73 ו74", &["16", "73", "74"]),
            ("ובחוקים 16 ו-73", &["16", "73"]),
            ("חוק 16 ו־73", &["16", "73"]),
            ("חוק 20 ו5", &["20F5"]),
            ("insufficient bid law 27B.1(a)", &["27B1(a)"]),
            ("see law 16, then Laws 73 and 74", &["16", "73", "74"]),
            ("Laws 16 and 73 on hesitation", &["16", "73"]),
            ("laws 27 & 29", &["27", "29"]),
            ("Law 27B1 and 27B2", &["27B1", "27B2"]),
            ("27B1a insufficient bid", &["27B1(a)"]),
            ("מה אומר חוק 16 על היסוס", &["16"]),
            ("τι λέει ο νόμος 40 για τα αλέρτ", &["40"]),
            ("law 16 again, law 16", &["16"]),
            // A law word with its prefixes (`בחוק`), lower levels named.
            ("מה כתוב בחוק 27 סעיף ב1", &["27B1"]),
            ("מה כתוב בחוק 27 סעיף קטן ב1", &["27B1"]),
            ("τι λέει ο νόμος 27 παρ. Β1 περ. α", &["27B1(a)"]),
            ("what does law 27, section B, clause 1 say", &["27B1"]),
            // Bids, tricks and scores are not laws.
            ("2 clubs instead of 2 diamonds", &[]),
            ("partner bid 3NT after a long pause", &[]),
            ("down 2 doubled is 500", &[]),
            ("הכרזתי 2 הארט במקום 2 ספייד", &[]),
        ];
        for (input, cited) in cases {
            let ids: Vec<Reading> = cited.iter().map(|id| Reading::Id(id.to_string())).collect();
            assert_eq!(cited_among_words(input), ids, "{input}");
        }
        // A Latin letter alone is a seat; glued to the number, Law.
        assert_eq!(cited_among_words("N 3 down doubled"), []);
        assert_eq!(cited_among_words("E 2 tricks, S 4"), []);
        assert_eq!(
            cited_among_words("see L27B1a and N.16"),
            [Reading::Id("27B1(a)".into()), Reading::Id("16".into())]
        );
        // A law beyond the Laws, cited among words, is named as such.
        assert_eq!(
            cited_among_words("law 99 says what, and law 16"),
            [Reading::NoSuchLaw(99), Reading::Id("16".into())]
        );
        assert_eq!(cited_among_words("law 0 claim"), [Reading::NoSuchLaw(0)]);
        // A count is not a law (`0 tricks`).
        assert_eq!(cited_among_words("won 0 tricks"), []);
    }

    #[test]
    fn a_citation_of_no_node_is_told_from_words() {
        for input in [
            "27B1(z9)",
            "12C1(e)(12)",
            "law 27Z",
            "see law 12C1(e)(12)",
            "27B1(a)(b)(c)",
            "law 99Z",
        ] {
            assert_eq!(reading(input), Reading::Words, "{input}");
            assert!(misread_citation(input), "{input}");
        }
        for input in [
            "3NT",
            "4th seat",
            "13 cards",
            "law 27 claim",
            "2♠ (weak)",
            "27B1(a)",
            "claim",
        ] {
            assert!(!misread_citation(input), "{input}");
        }
    }

    #[test]
    fn a_range_of_laws_is_read_in_every_language() {
        for input in [
            "61-64",
            " 61 – 64 ",
            "61—64",
            "Laws 61-64",
            "חוק 61-64",
            "חוקים 61 עד 64",
            "Νόμοι 61-64",
            "Νόμοι 61 έως 64",
            "law 61 to 64",
        ] {
            assert_eq!(law_range(input), Some((61, 64)), "{input}");
        }
        assert_eq!(law_range("90-99"), Some((90, 99)));
        for input in ["61", "27B-27D", "law 27 claim", "61-", "2-3 tricks"] {
            assert_eq!(law_range(input), None, "{input}");
        }
    }
}
