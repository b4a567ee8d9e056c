//! Greek typed in Latin letters ("Greeklish": `aneparkis agora`, `lathos exodos`), as on a phone
//! without a Greek keyboard: a Latin word found nowhere in the English texts is read as the Greek
//! word its letters spell, when the Greek texts hold one.
//!
//! A Latin letter stands for one of a few Greek ones (`i` for ι, η, υ, ει or οι; `o` for ο or
//! ω), so a word has many spellings; they are tried letter by letter, each kept only while some
//! word of the Greek texts begins so, and the one the texts use most wins.

use super::*;

/// The Greek letters each Latin letter or pair may stand for, in folded form (no accents, σ
/// for a final sigma), the likeliest first. Pairs come before their first letter.
const SPELLINGS: &[(&str, &[&str])] = &[
    ("th", &["θ"]),
    ("ch", &["χ"]),
    ("ps", &["ψ"]),
    ("ks", &["ξ"]),
    ("ou", &["ου"]),
    ("ai", &["αι", "ε"]),
    ("ei", &["ει", "ι", "η"]),
    ("oi", &["οι", "ι", "η"]),
    ("a", &["α"]),
    ("b", &["μπ", "β"]),
    ("c", &["κ"]),
    ("d", &["δ", "ντ"]),
    ("e", &["ε", "αι", "η"]),
    ("f", &["φ"]),
    ("g", &["γ", "γκ"]),
    ("h", &["η", "χ"]),
    ("i", &["ι", "η", "υ", "ει", "οι"]),
    ("j", &["τζ"]),
    ("k", &["κ"]),
    ("l", &["λ"]),
    ("m", &["μ"]),
    ("n", &["ν"]),
    ("o", &["ο", "ω"]),
    ("p", &["π"]),
    ("q", &["κ"]),
    ("r", &["ρ"]),
    ("s", &["σ"]),
    ("t", &["τ"]),
    ("u", &["ου", "υ"]),
    ("v", &["β"]),
    ("w", &["ω"]),
    ("x", &["ξ", "χ"]),
    ("y", &["υ", "ι", "η"]),
    ("z", &["ζ"]),
];

/// The most spellings of one word kept at a time: enough for the longest words of the Laws.
const KEPT: usize = 64;

/// The Greek letters `word` (lower-case Latin letters) may stand for, position by position;
/// none when a letter has no reading.
fn positions(word: &str) -> Option<Vec<&'static [&'static str]>> {
    let mut out = Vec::new();
    let mut rest = word;
    while !rest.is_empty() {
        let (latin, greek) = SPELLINGS
            .iter()
            .find(|(latin, _)| rest.starts_with(latin))?;
        out.push(*greek);
        rest = &rest[latin.len()..];
    }
    Some(out)
}

impl Search<'_> {
    /// The query's Latin words read as Greek where they are Greeklish: when most of its Latin
    /// words of three letters or more are found nowhere in the English texts but spell a word of
    /// the Greek ones, every Latin word that spells one is read as Greek (`to`, `o` too). Each
    /// word read so comes back with what it was read as.
    pub(super) fn greeklish(&self, words: &mut [Word]) -> Result<Vec<NearSpelling>> {
        let latin: Vec<usize> = (0..words.len())
            .filter(|&i| {
                words[i].lang == Some(Lang::En)
                    && words[i].folded.chars().all(|c| c.is_ascii_lowercase())
            })
            .collect();
        // Most words of three letters or more found nowhere in English, first (an English
        // query stops here, having looked up only its words); then most of them spelling Greek.
        let long: Vec<usize> = latin
            .iter()
            .copied()
            .filter(|&i| words[i].folded.len() >= 3)
            .collect();
        let mut unknown = Vec::new();
        for &i in &long {
            if !self.in_english(&words[i])? {
                unknown.push(i);
            }
        }
        if long.is_empty() || unknown.len() * 2 < long.len() {
            return Ok(Vec::new());
        }
        let mut greek: Vec<Option<String>> = Vec::with_capacity(latin.len());
        for &i in &latin {
            greek.push(self.greek_spelling(&words[i].folded)?);
        }
        let spelled = latin
            .iter()
            .zip(&greek)
            .filter(|(i, reading)| unknown.contains(i) && reading.is_some())
            .count();
        if spelled * 2 < long.len() {
            return Ok(Vec::new());
        }
        let mut read = Vec::new();
        for (&i, reading) in latin.iter().zip(greek) {
            let Some(reading) = reading else { continue };
            // As printed: a final sigma is ς.
            let reading = match reading.strip_suffix('σ') {
                Some(stem) => format!("{stem}ς"),
                None => reading,
            };
            read.push(NearSpelling {
                typed: words[i].typed.clone(),
                read_as: vec![reading.clone()],
            });
            words[i] = Word {
                folded: analyze::fold_word(&reading),
                typed: reading,
                lang: Some(Lang::El),
                common: false,
            };
        }
        Ok(read)
    }

    /// Whether the English texts hold `word`, as printed or as a stem.
    fn in_english(&self, word: &Word) -> Result<bool> {
        if self.doc_freq(self.fields.text(Lang::En, true), &word.folded)? > 0 {
            return Ok(true);
        }
        let stems = self.fields.text(Lang::En, false);
        for stem in analyze::word_stems(Lang::En, &word.typed).iter() {
            if self.doc_freq(stems, stem)? > 0 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The Greek word of the texts that `latin` spells, the most used of its spellings; none
    /// when it spells none.
    fn greek_spelling(&self, latin: &str) -> Result<Option<String>> {
        let Some(positions) = positions(latin) else {
            return Ok(None);
        };
        let field = self.fields.text(Lang::El, true);
        let mut spellings = vec![String::new()];
        for letters in positions {
            let mut next = Vec::new();
            for spelling in &spellings {
                for letter in letters {
                    let longer = format!("{spelling}{letter}");
                    if next.len() < KEPT && self.begins_a_word(field, &longer)? {
                        next.push(longer);
                    }
                }
            }
            if next.is_empty() {
                return Ok(None);
            }
            spellings = next;
        }
        let mut best: Option<(u64, String)> = None;
        for spelling in spellings {
            let used = self.doc_freq(field, &spelling)?;
            if used > 0 && best.as_ref().is_none_or(|(most, _)| used > *most) {
                best = Some((used, spelling));
            }
        }
        Ok(best.map(|(_, spelling)| spelling))
    }

    /// Whether some word of `field` begins with `prefix`.
    fn begins_a_word(&self, field: tantivy::schema::Field, prefix: &str) -> Result<bool> {
        for segment in self.searcher.segment_readers() {
            let inverted = segment.inverted_index(field).map_err(search_error)?;
            let mut stream = inverted
                .terms()
                .range()
                .ge(prefix)
                .into_stream()
                .map_err(read_error)?;
            if stream.advance() && stream.key().starts_with(prefix.as_bytes()) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_letters_stand_for_greek_ones_pairs_first() {
        let read = |word: &str| positions(word).map(|p| p.iter().map(|l| l[0]).collect::<String>());
        assert_eq!(read("lathos").as_deref(), Some("λαθοσ"));
        assert_eq!(read("psychi").as_deref(), Some("ψυχι"));
        assert_eq!(read("ekso").as_deref(), Some("εξο"));
        assert_eq!(read("mou").as_deref(), Some("μου"));
        assert_eq!(positions("3nt"), None);
    }
}
