//! Codes in any script read as the parts of a law path: `27Β1(α)` names its law, `Β1(β)`,
//! `3` and `(α)` leave the top levels to where they stand.

use super::lexer::group_len;
use crate::corpus::id::PartialPath;
use crate::corpus::numbering;
use crate::text::fold;

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
fn groups(s: &str, parts: &mut PartialPath, subitem_first: bool) -> bool {
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
pub fn absolute_code(code: &str) -> Option<PartialPath> {
    let (law, len) = number_at(code)?;
    let (section, paragraph, rest) = section_and_paragraph(&code[len..]);
    // Without a section, nothing but items may follow the law number (`711` is no id).
    if section.is_none() && (paragraph.is_some() || !(rest.is_empty() || rest.starts_with('('))) {
        return None;
    }
    let mut parts = PartialPath {
        law: Some(law),
        section,
        paragraph,
        ..PartialPath::default()
    };
    groups(rest, &mut parts, false).then_some(parts)
}

/// A code relative to where it stands: `Β1(β)`, `ΣΤ`, `3`, `2(γ)`, `(α)`, `(ii)`.
pub(super) fn relative_code(code: &str, subitem_first: bool) -> Option<PartialPath> {
    let (section, paragraph, rest) = section_and_paragraph(code);
    // `Βλέπε`: a word that only begins with a section letter.
    if section.is_some() && paragraph.is_none() && !(rest.is_empty() || rest.starts_with('(')) {
        return None;
    }
    if section.is_none() && paragraph.is_none() && !rest.starts_with('(') {
        return None;
    }
    let mut parts = PartialPath {
        section,
        paragraph,
        ..PartialPath::default()
    };
    groups(rest, &mut parts, subitem_first).then_some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

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
