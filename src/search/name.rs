//! A pointer's names (a concept's terms, an index term, a situation), analyzed when the index is
//! built and stored in a compact form that queries read in place.

use super::analyze::{self, Lang};

/// A pointer's name (a concept's term, an index term, a situation), analyzed when the index is
/// built, so that a query compares terms instead of analyzing every name it meets. Kept as
/// stored, `<lang>\t<stems>\t<exact>` (words apart by spaces, a word's terms by `|`; terms
/// are letters, digits and the mark of a Hebrew lemma), and read in place: a query meets
/// dozens of names.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Name {
    pub lang: Lang,
    stored: String,
}

impl Name {
    pub fn new(lang: Lang, text: &str) -> Name {
        let words = |exact: bool| {
            analyze::terms(lang, exact, text)
                .iter()
                .map(|g| g.join("|"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        Name {
            lang,
            stored: format!("{}\t{}\t{}", lang.code(), words(false), words(true)),
        }
    }

    pub fn encode(&self) -> &str {
        &self.stored
    }

    pub fn decode(stored: &str) -> Option<Name> {
        let lang = Lang::from_code(stored.split('\t').next()?)?;
        (stored.split('\t').count() == 3).then(|| Name {
            lang,
            stored: stored.to_string(),
        })
    }

    fn part(&self, n: usize) -> impl Iterator<Item = Terms<'_>> {
        let part = self.stored.split('\t').nth(n).unwrap_or_default();
        part.split(' ').filter(|w| !w.is_empty()).map(Terms)
    }

    /// Each word's terms from the stems analyzer.
    pub fn stems(&self) -> impl Iterator<Item = Terms<'_>> {
        self.part(1)
    }

    /// Each word's terms from the exact analyzer.
    pub fn exact(&self) -> impl Iterator<Item = Terms<'_>> {
        self.part(2)
    }
}

/// The terms an analyzer made of one word of a name, most complete last.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Terms<'n>(&'n str);

impl<'n> Terms<'n> {
    pub fn iter(self) -> impl Iterator<Item = &'n str> {
        self.0.split('|')
    }

    pub fn last(self) -> &'n str {
        self.0.rsplit('|').next().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_reads_back_as_it_was_analyzed() {
        // A Hebrew name keeps every prefix-stripped reading of a word.
        for (lang, text) in [
            (Lang::He, "הכרזה בלתי מספקת"),
            (Lang::El, "Ανεπαρκής αγορά"),
            (Lang::En, "penalty card"),
        ] {
            let name = Name::new(lang, text);
            let analyzed = analyze::terms(lang, false, text);
            let read: Vec<Vec<&str>> = name.stems().map(|t| t.iter().collect()).collect();
            assert_eq!(read, analyzed, "{name:?}");
            assert_eq!(name.exact().count(), analyzed.len());
            assert_eq!(Name::decode(name.encode()), Some(name));
        }
    }
}
