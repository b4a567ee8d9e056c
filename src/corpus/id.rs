//! Canonical node ids: `27`, `27B`, `27B1`, `27B1(a)`, `12C1(e)(ii)`, plus typed ids
//! for the other node kinds (`preface`, `introduction`, `def/dummy`, `fn/3`, `reg/gr/1`).
//!
//! A paragraph that stands directly under a law, with no section between (Law 71 has two), is
//! written `71.1`: without the dot it could not be told from Law 71's neighbour numbers.

use std::fmt;

use super::numbering;

/// What a node is, as its id tells.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The book's preface (`preface`).
    Preface,
    /// The introduction to the Laws (`introduction`).
    Introduction,
    /// A definition (`def/dummy`).
    Definition,
    /// A law (`27`).
    Law,
    /// A lettered section of a law (`27B`).
    Section,
    /// A numbered paragraph (`27B1`, `71.1`).
    Paragraph,
    /// A lettered item (`27B1(a)`).
    Item,
    /// A sub-item in roman numerals (`12C1(e)(ii)`).
    Subitem,
    /// A footnote (`fn/3`).
    Footnote,
    /// A national regulation (`reg/gr/1`).
    Regulation,
}

impl Kind {
    /// The kind in lower case, as JSON output spells it (`subitem`).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Preface => "preface",
            Kind::Introduction => "introduction",
            Kind::Definition => "definition",
            Kind::Law => "law",
            Kind::Section => "section",
            Kind::Paragraph => "paragraph",
            Kind::Item => "item",
            Kind::Subitem => "subitem",
            Kind::Footnote => "footnote",
            Kind::Regulation => "regulation",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The parts of an id in the law tree. Each level is optional below the law, but a sub-item
/// needs an item.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LawPath {
    /// The law's number, 1 to 93.
    pub law: u8,
    /// The section's letter, `A` to `G`.
    pub section: Option<char>,
    /// The paragraph's number.
    pub paragraph: Option<u8>,
    /// The item's letter, `a` to `z`.
    pub item: Option<char>,
    /// The sub-item's number: 2 for `(ii)`.
    pub subitem: Option<u8>,
}

/// How many laws the 2017 Laws have.
pub const LAW_COUNT: u8 = 93;

impl LawPath {
    /// The path of a whole law.
    pub fn law(law: u8) -> Self {
        LawPath {
            law,
            ..Default::default()
        }
    }

    /// Parse a canonical id; `None` for anything else (including other spellings, which
    /// `refs` handles).
    pub fn parse(id: &str) -> Option<LawPath> {
        let bytes = id.as_bytes();
        let mut i = 0;
        let digits = |i: &mut usize| {
            let start = *i;
            while *i < bytes.len() && bytes[*i].is_ascii_digit() && *i - start < 2 {
                *i += 1;
            }
            (*i > start && bytes[start] != b'0')
                .then(|| id[start..*i].parse::<u8>().ok())
                .flatten()
        };
        let law = digits(&mut i)?;
        if !(1..=LAW_COUNT).contains(&law) {
            return None;
        }
        let mut path = LawPath::law(law);
        if let Some(&c) = bytes.get(i)
            && (b'A'..=b'G').contains(&c)
        {
            path.section = Some(c as char);
            i += 1;
        }
        // `71.1` needs its dot and `27B1` must not have one.
        match (bytes.get(i), path.section) {
            (Some(b'.'), None) => {
                i += 1;
                path.paragraph = Some(digits(&mut i)?);
            }
            (Some(b'0'..=b'9'), Some(_)) => path.paragraph = Some(digits(&mut i)?),
            (Some(b'.' | b'0'..=b'9'), _) => return None,
            _ => {}
        }
        let mut groups = Vec::new();
        while i < bytes.len() {
            if bytes[i] != b'(' {
                return None;
            }
            let close = id[i..].find(')')? + i;
            groups.push(&id[i + 1..close]);
            i = close + 1;
        }
        match groups.as_slice() {
            [] => {}
            [item] | [item, _] => {
                let mut chars = item.chars();
                match (chars.next(), chars.next()) {
                    (Some(c @ 'a'..='z'), None) => path.item = Some(c),
                    _ => return None,
                }
                if let [_, sub] = groups.as_slice() {
                    let value = numbering::roman_value(sub)?;
                    // Reject `(II)` or other spellings of a valid numeral.
                    if numbering::roman(value) != Some(*sub) {
                        return None;
                    }
                    path.subitem = Some(value);
                }
            }
            _ => return None,
        }
        Some(path)
    }

    /// What the id names: its lowest level (`27B1` is a paragraph).
    pub fn kind(&self) -> Kind {
        if self.subitem.is_some() {
            Kind::Subitem
        } else if self.item.is_some() {
            Kind::Item
        } else if self.paragraph.is_some() {
            Kind::Paragraph
        } else if self.section.is_some() {
            Kind::Section
        } else {
            Kind::Law
        }
    }

    /// The path one level up, skipping levels the id does not use (`27B(a)` → `27B`).
    pub fn parent(&self) -> Option<LawPath> {
        let mut p = *self;
        if p.subitem.take().is_some() {
            return Some(p);
        }
        if p.item.take().is_some() {
            return Some(p);
        }
        if p.paragraph.take().is_some() {
            return Some(p);
        }
        if p.section.take().is_some() {
            return Some(p);
        }
        None
    }
}

impl fmt::Display for LawPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        PartialPath::from(*self).fmt(f)
    }
}

/// The parts of a law path as a citation spells them out: any level may be missing, and one
/// without its law is relative, leaving the top levels to the node it stands in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PartialPath {
    /// The law's number; none in a relative citation.
    pub law: Option<u8>,
    /// The section's letter, `A` to `G`.
    pub section: Option<char>,
    /// The paragraph's number.
    pub paragraph: Option<u8>,
    /// The item's letter, `a` to `z`.
    pub item: Option<char>,
    /// The sub-item's number: 2 for `(ii)`.
    pub subitem: Option<u8>,
}

impl From<LawPath> for PartialPath {
    fn from(path: LawPath) -> Self {
        PartialPath {
            law: Some(path.law),
            section: path.section,
            paragraph: path.paragraph,
            item: path.item,
            subitem: path.subitem,
        }
    }
}

impl PartialPath {
    /// The highest level spelled out: 0 law, 1 section, 2 paragraph, 3 item, 4 sub-item.
    pub(crate) fn top(&self) -> usize {
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
    pub fn inherit(mut self, from: &PartialPath) -> PartialPath {
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

    /// The law path, when this names its law and is a well-formed id (no sub-item without an
    /// item, no Law 94).
    pub fn law_path(self) -> Option<LawPath> {
        self.law?;
        LawPath::parse(&self.to_string())
    }
}

/// As the id prints, with `…` for the levels left to the context: `…B1(a)`.
impl fmt::Display for PartialPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

/// A national regulation's id as a user may type it (`REG/IL/8`, spaces around), in its
/// canonical form (`reg/il/8`); `None` for anything else.
pub fn regulation_id(typed: &str) -> Option<String> {
    let id = typed.trim().to_ascii_lowercase();
    (kind_of(&id) == Some(Kind::Regulation)).then_some(id)
}

/// The kind of any canonical id, or `None` when the id is not well formed.
pub fn kind_of(id: &str) -> Option<Kind> {
    match id {
        "preface" => return Some(Kind::Preface),
        "introduction" => return Some(Kind::Introduction),
        _ => {}
    }
    let slug_ok = |s: &str| {
        !s.is_empty()
            && !s.starts_with('-')
            && !s.ends_with('-')
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    if let Some(term) = id.strip_prefix("def/") {
        return slug_ok(term).then_some(Kind::Definition);
    }
    if let Some(n) = id.strip_prefix("fn/") {
        return (!n.starts_with('0') && n.parse::<u16>().is_ok()).then_some(Kind::Footnote);
    }
    if let Some(rest) = id.strip_prefix("reg/") {
        let (country, n) = rest.split_once('/')?;
        let ok = country.len() == 2
            && country.bytes().all(|b| b.is_ascii_lowercase())
            && !n.starts_with('0')
            && n.parse::<u16>().is_ok();
        return ok.then_some(Kind::Regulation);
    }
    LawPath::parse(id).map(|p| p.kind())
}

/// A form of the id safe in file names, URLs and XML name tokens: `27B1(a)` → `27B1a`,
/// `12C1(e)(ii)` → `12C1e-ii`, `71.1` → `71-1`, `def/dummy` → `def-dummy`.
pub fn slug(id: &str) -> String {
    if let Some(path) = LawPath::parse(id) {
        let mut s = format!("{}", path.law);
        if let Some(c) = path.section {
            s.push(c);
        }
        if let Some(p) = path.paragraph {
            if path.section.is_none() {
                s.push('-');
            }
            s.push_str(&p.to_string());
        }
        if let Some(item) = path.item {
            s.push(item);
        }
        if let Some(sub) = path.subitem.and_then(numbering::roman) {
            s.push('-');
            s.push_str(sub);
        }
        return s;
    }
    id.replace('/', "-")
}

/// The id of the definition of an English term: `Opening Lead` → `def/opening-lead`.
pub fn definition_id(english: &str) -> String {
    format!("def/{}", term_slug(english))
}

/// Lower-case ASCII slug of an English term: `Opening Lead` → `opening-lead`.
pub fn term_slug(term: &str) -> String {
    let mut slug = String::new();
    for c in term.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_ids_round_trip() {
        for id in [
            "1",
            "27",
            "93",
            "27B",
            "27B1",
            "27B1(a)",
            "12C1(e)(ii)",
            "71.1",
            "80B2(k)",
            "20F5(b)(i)",
            "40B(a)",
        ] {
            let path = LawPath::parse(id).unwrap_or_else(|| panic!("{id} should parse"));
            assert_eq!(path.to_string(), id);
        }
    }

    #[test]
    fn malformed_ids_are_rejected() {
        for id in [
            "",
            "0",
            "94",
            "027",
            "27H",
            "27b",
            "271",
            "27B.1",
            "27.B",
            "71.",
            "27B1(A)",
            "27B1a",
            "27B1(a)(II)",
            "27B1(a)(iiii)",
            "27B1(a)(i)(i)",
            "27B1(ab)",
            "27B1(a",
            "27 B",
        ] {
            assert_eq!(LawPath::parse(id), None, "{id:?} should be rejected");
        }
    }

    #[test]
    fn kinds_and_parents() {
        let p = LawPath::parse("12C1(e)(ii)").unwrap();
        assert_eq!(p.kind(), Kind::Subitem);
        let chain: Vec<String> = std::iter::successors(Some(p), LawPath::parent)
            .map(|p| p.to_string())
            .collect();
        assert_eq!(chain, ["12C1(e)(ii)", "12C1(e)", "12C1", "12C", "12"]);
        assert_eq!(kind_of("def/opening-lead"), Some(Kind::Definition));
        assert_eq!(kind_of("fn/28"), Some(Kind::Footnote));
        assert_eq!(kind_of("reg/gr/3"), Some(Kind::Regulation));
        assert_eq!(kind_of("preface"), Some(Kind::Preface));
        assert_eq!(kind_of("def/Dummy"), None);
        assert_eq!(kind_of("fn/03"), None);
        assert_eq!(kind_of("reg/greece/1"), None);
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("27B1(a)"), "27B1a");
        assert_eq!(slug("12C1(e)(ii)"), "12C1e-ii");
        assert_eq!(slug("71.1"), "71-1");
        assert_eq!(slug("def/dummy"), "def-dummy");
        assert_eq!(term_slug("Opening Lead"), "opening-lead");
        assert_eq!(
            term_slug("International Matchpoint (IMP)"),
            "international-matchpoint-imp"
        );
    }
}
