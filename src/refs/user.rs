//! Reading a reference typed by a user into a canonical id: `27b1a`, `Law 27B1(a)`, `27Β1(α)`
//! with Greek letters, `Νόμος 27Β1α`, `L45C4b`, `71.1`, `def/dummy`.

use super::lexicon::law_words;
use crate::corpus::id::{Kind, LAW_COUNT, LawPath, kind_of};
use crate::corpus::numbering;
use crate::text::fold;

/// Drop a leading law word (`Law`, `Νόμος`, `חוק`, or abbreviated `L`, `Ν`) and the blank or
/// dot after it.
fn strip_law_word(input: &str) -> &str {
    let folded_prefix = |word: &str| {
        let n = word.chars().count();
        let head: String = input.chars().take(n).collect();
        (fold(&head) == *word).then(|| &input[head.len()..])
    };
    // The longest first: `laws` before `law`, `νομοι` before `νομο`.
    let mut words: Vec<&str> = law_words().chain(["l", "ν"]).collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    for word in words {
        if let Some(rest) = folded_prefix(word) {
            let rest = rest.trim_start_matches(['.', ' ', '\u{a0}']);
            if rest.starts_with(|c: char| c.is_ascii_digit()) {
                return rest;
            }
        }
    }
    input
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
        numbering::section_letter(&one.to_ascii_uppercase())
    } else {
        numbering::section_letter(&one.to_uppercase())
    }?;
    Some((letter, one.len()))
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

/// The canonical id a user's reference names, or a message saying how to write one.
pub fn parse(input: &str) -> Result<String, String> {
    let trimmed = input.trim();
    let lower = trimmed.to_lowercase();
    if matches!(
        kind_of(&lower),
        Some(Kind::Preface | Kind::Introduction | Kind::Definition | Kind::Footnote)
    ) {
        return Ok(lower);
    }
    if let Ok(path) = parse_law_path(trimmed) {
        return Ok(path.to_string());
    }
    Err(format!(
        "cannot read `{trimmed}` as a reference; write it like 27B1(a), 27b1a, \"Law 27B1(a)\", 27Β1(α), 71.1, def/dummy or preface"
    ))
}

fn parse_law_path(input: &str) -> Result<LawPath, ()> {
    let compact: String = strip_law_word(input)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let digits_end = compact
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(compact.len());
    let law: u8 = compact[..digits_end].parse().map_err(|_| ())?;
    if !(1..=LAW_COUNT).contains(&law) {
        return Err(());
    }
    let mut path = LawPath::law(law);
    let mut rest = &compact[digits_end..];
    if let Some((letter, len)) = section_at(rest) {
        path.section = Some(letter);
        rest = &rest[len..];
    }
    let dotted = path.section.is_none() && (rest.starts_with('.') || rest.starts_with('-'));
    if dotted {
        rest = &rest[1..];
    }
    let para_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    if para_end > 0 {
        if path.section.is_none() && !dotted {
            return Err(());
        }
        path.paragraph = Some(rest[..para_end].parse().map_err(|_| ())?);
        rest = &rest[para_end..];
    } else if dotted {
        return Err(());
    }
    // A bare letter right after the law number is a section, never an item.
    if path.section.is_none()
        && path.paragraph.is_none()
        && !rest.is_empty()
        && !rest.starts_with('(')
    {
        return Err(());
    }
    let groups = groups(rest).ok_or(())?;
    match groups.as_slice() {
        [] => {}
        [item, subs @ ..] if subs.len() <= 1 => {
            path.item = Some(numbering::item_letter(item).ok_or(())?);
            if let [sub] = subs {
                path.subitem = Some(numbering::roman_value(sub).ok_or(())?);
            }
        }
        _ => return Err(()),
    }
    // Round-trip through the canonical form so that only valid ids come out.
    LawPath::parse(&path.to_string()).ok_or(())
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
            "94",
            "27H",
            "27B1(a)(b)(c)",
            "hello",
            "27B1(z9)",
            "711",
            "Law",
        ] {
            let err = parse(input).expect_err(input);
            assert!(err.contains("27B1(a)"), "{err}");
        }
    }
}
