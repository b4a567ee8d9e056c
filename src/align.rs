//! Editions side by side: the nodes of a part of the Laws aligned on their canonical ids, as
//! the translator's view (`compare`), the QA report and the exports for translation tools read
//! them. Every edition has the same ids (`check` makes sure), so a row is one id and each
//! edition's entry for it.

use crate::corpus::id::LAW_COUNT;
use crate::corpus::{Corpus, Edition, Entry, Kind};
use crate::error::Error;
use crate::refs::{self, Reading};

/// What part of the Laws: a node and everything under it, a range of laws, or the whole book
/// (front matter, definitions, laws, footnotes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// A node and everything under it (`27B1`, `40`, `def/dummy`).
    Node(String),
    /// Laws `from` to `to`, both included (`61-64`).
    Laws(u8, u8),
    /// Every entry of the editions.
    All,
}

impl Scope {
    /// `all`, a range of laws (`61-64`, `61–64`), or any reference `show` reads. A law beyond
    /// the Laws is nothing found, as `show` finds it; what reads as no scope is a usage error.
    pub fn parse(input: &str, corpus: &Corpus) -> Result<Scope, Error> {
        Scope::read(input, corpus).map_err(Error::from)
    }

    /// `parse`, with what is wrong typed, for a page to say in its reader's language.
    pub fn read(input: &str, corpus: &Corpus) -> Result<Scope, BadScope> {
        let trimmed = input.trim();
        if trimmed.eq_ignore_ascii_case("all") {
            return Ok(Scope::All);
        }
        if let Some(range) = Scope::laws(trimmed) {
            // Law 71's paragraphs are numbered, so `71-1` is its paragraph 1 (71.1), a node.
            if let Some(id) = refs::parse(trimmed).ok().filter(|id| corpus.holds(id)) {
                return Ok(Scope::Node(id));
            }
            return range.map(|(from, to)| Scope::Laws(from, to));
        }
        if let Some(laws) = range_of_parts(trimmed) {
            return Err(BadScope::RangeOfParts {
                typed: trimmed.to_string(),
                laws,
            });
        }
        match refs::reading(trimmed) {
            Reading::NoSuchLaw(law) => Err(BadScope::NoSuchLaw(law)),
            _ => refs::parse(trimmed)
                .map(Scope::Node)
                .map_err(|why| BadScope::Unreadable {
                    typed: trimmed.to_string(),
                    why,
                }),
        }
    }

    /// The first and last law of a range (`61-64`, `61–64`), or what is wrong with it:
    /// backwards (a usage error), or beyond the Laws (nothing found, the bound beyond them
    /// named: `0-10` is Law 0, not 10); none when `input` is not written as a range.
    pub fn laws(input: &str) -> Option<Result<(u8, u8), BadScope>> {
        let trimmed = input.trim();
        let (from, to) = refs::law_range(trimmed)?;
        let law = |n: u32| u8::try_from(n).ok().filter(|n| (1..=LAW_COUNT).contains(n));
        Some(match (law(from), law(to)) {
            (Some(first), Some(last)) if first <= last => Ok((first, last)),
            (Some(_), Some(_)) => Err(BadScope::Backwards {
                typed: trimmed.to_string(),
                from,
                to,
            }),
            (Some(_), None) => Err(BadScope::NoSuchLaw(to)),
            (None, _) => Err(BadScope::NoSuchLaw(from)),
        })
    }

    /// Whether the entry `id` lies in the scope.
    pub fn contains(&self, entry: &Entry, edition: &Edition) -> bool {
        match self {
            Scope::All => true,
            Scope::Node(id) => {
                let own = match entry.kind {
                    // A footnote lies where it hangs.
                    Kind::Footnote => entry.parent.map(|p| edition.entries[p].id.as_str()),
                    _ => Some(entry.id.as_str()),
                };
                // A footnote asked for by its id (`fn/9`) is itself.
                entry.id == *id || own.is_some_and(|own| own == id || refs::within(own, id))
            }
            Scope::Laws(from, to) => {
                let law = edition
                    .index_of(&entry.id)
                    .and_then(|i| edition.lineage(i).first().map(|e| e.id.clone()))
                    .and_then(|law| law.parse::<u8>().ok());
                law.is_some_and(|law| (*from..=*to).contains(&law))
            }
        }
    }
}

/// What is wrong with a scope as written, or with a filter that must name something
/// (`regs::filter`). `Error::from` says it in English, as the terminal and the API do; a page
/// says it in its reader's language from the same variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadScope {
    /// A range of laws running backwards (`64-61`).
    Backwards {
        /// As typed.
        typed: String,
        /// Its first law, as written.
        from: u32,
        /// Its last law, as written.
        to: u32,
    },
    /// A law beyond the Laws (`99`, or a bound of `90-99`).
    NoSuchLaw(u32),
    /// A range of parts of laws (`27B-27D`).
    RangeOfParts {
        /// As typed.
        typed: String,
        /// The laws it spans (`27`, `27-29`).
        laws: String,
    },
    /// What reads as no reference.
    Unreadable {
        /// As typed.
        typed: String,
        /// Why it reads as none, in English.
        why: String,
    },
    /// A node no edition holds (`27F`).
    NoSuchNode(String),
}

impl From<BadScope> for Error {
    fn from(bad: BadScope) -> Error {
        match bad {
            BadScope::Backwards { typed, from, to } => Error::Usage(format!(
                "the range `{typed}` runs backwards; write it {to}-{from}"
            )),
            BadScope::NoSuchLaw(law) => Error::NotFound(refs::no_such_law(law)),
            BadScope::RangeOfParts { typed, laws } => Error::Usage(format!(
                "a range is of whole laws, like 61-64: `bridgelaws compare {laws}` shows what `{typed}` spans"
            )),
            BadScope::Unreadable { why, .. } => Error::Usage(why),
            BadScope::NoSuchNode(id) => {
                Error::NotFound(format!("{id}: no such node in any edition"))
            }
        }
    }
}

/// As a user writes it: `27B1`, `61-64`, `all`.
impl std::fmt::Display for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Scope::Node(id) => f.write_str(id),
            Scope::Laws(from, to) if from == to => write!(f, "{from}"),
            Scope::Laws(from, to) => write!(f, "{from}-{to}"),
            Scope::All => f.write_str("all"),
        }
    }
}

/// The laws a range of parts spans (`27B-27D` → `27`, `27B-29A` → `27-29`); none when `input`
/// is no such range.
fn range_of_parts(input: &str) -> Option<String> {
    let (from, to) = input.split_once(['-', '–', '—'])?;
    let law = |part: &str| match refs::reading(part) {
        Reading::Id(id) => id
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|law| law.parse::<u8>().ok()),
        _ => None,
    };
    let (from, to) = (law(from)?, law(to)?);
    Some(if from == to {
        from.to_string()
    } else {
        format!("{}-{}", from.min(to), from.max(to))
    })
}

/// One aligned id: its entry in each edition, in the order the editions were given.
#[derive(Debug)]
pub struct Row<'c> {
    /// The canonical id.
    pub id: String,
    /// What the node is.
    pub kind: Kind,
    /// How deep it stands: 0 for a law, a definition or the front matter, 1 for a section …
    pub depth: usize,
    /// Each edition's entry, none where the edition lacks the id altogether (its `absent`
    /// entries are entries).
    pub cells: Vec<Option<&'c Entry>>,
}

impl Row<'_> {
    /// Whether every edition has text for the node (neither absent nor empty).
    pub fn all_have_text(&self) -> bool {
        self.cells.iter().all(|c| c.is_some_and(has_text))
    }

    /// Whether every edition prints the node (has the id and does not mark it absent).
    pub fn printed_in_all(&self) -> bool {
        self.cells
            .iter()
            .all(|c| c.is_some_and(|e| e.absent.is_none()))
    }
}

/// Whether an entry holds text of its own: a text, a text after its children, or a heading.
pub fn has_text(entry: &Entry) -> bool {
    entry.absent.is_none()
        && (entry.text.is_some() || entry.text_after.is_some() || entry.heading.is_some())
}

/// The rows of `scope` in the editions, in the document order of the first edition, then any
/// id only the others have.
pub fn rows<'c>(editions: &[&'c Edition], scope: &Scope) -> Vec<Row<'c>> {
    let mut ids: Vec<(&str, Kind, usize)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for edition in editions {
        for (index, entry) in edition.entries.iter().enumerate() {
            if scope.contains(entry, edition) && seen.insert(entry.id.as_str()) {
                let depth = match entry.kind {
                    Kind::Footnote => 0,
                    _ => edition.lineage(index).len() - 1,
                };
                ids.push((entry.id.as_str(), entry.kind, depth));
            }
        }
    }
    ids.into_iter()
        .map(|(id, kind, depth)| Row {
            id: id.to_string(),
            kind,
            depth,
            cells: editions.iter().map(|e| e.get(id)).collect(),
        })
        .collect()
}

/// What each edition's entry cites, when the editions that print a text for the node do not
/// all cite the same targets: each edition's targets in printed order (none for an edition
/// without the text).
pub fn citations_differ(row: &Row) -> Option<Vec<Vec<String>>> {
    let cited: Vec<Option<Vec<String>>> = row
        .cells
        .iter()
        .map(|cell| {
            cell.filter(|e| e.text.is_some() || e.text_after.is_some())
                .filter(|e| e.absent.is_none())
                .map(|entry| {
                    refs::targets(entry)
                        .into_iter()
                        .map(|(t, _)| t.to_string())
                        .collect()
                })
        })
        .collect();
    let sorted = |targets: &Vec<String>| {
        let mut t = targets.clone();
        t.sort();
        t
    };
    let mut printed = cited.iter().flatten().map(sorted);
    let first = printed.next()?;
    printed
        .any(|c| c != first)
        .then(|| cited.into_iter().map(Option::unwrap_or_default).collect())
}

/// Words ending in a period that do not end a sentence, folded (`e.g.`, `π.χ.`, `βλ.`).
const ABBREVIATIONS: &[&str] = &[
    "e.g.", "i.e.", "etc.", "cf.", "no.", "vs.", "π.χ.", "βλ.", "κλπ.", "ν.", "δηλ.", "σελ.",
    "παρ.", "αρ.",
];

/// The sentences of a text, as printed: a sentence ends at `.`, `!`, `?` (and the Greek
/// question mark `;`) followed by a space or a line break, unless the word is an abbreviation
/// or a lone enumerator (`1.`, `(a).`). Line breaks (table rows, paragraphs) end sentences too.
/// A sentence in brackets (`(See Law 54.)`) belongs to the one before it: one book brackets
/// inside a sentence what another writes as a sentence of its own (17D1), and cut apart they
/// would pair the wrong texts.
pub fn sentences<'t>(text: &'t str, language: &str) -> Vec<&'t str> {
    sentences_cut(text, language, Brackets::WithTheSentenceBefore)
}

/// Where a sentence in brackets goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brackets {
    /// Read with the sentence before it, as one book prints it inside that sentence.
    WithTheSentenceBefore,
    /// A sentence of its own, as the book prints it.
    OnTheirOwn,
}

/// The sentences of a text, a sentence in brackets as `brackets` says.
pub fn sentences_cut<'t>(text: &'t str, language: &str, brackets: Brackets) -> Vec<&'t str> {
    let mut out: Vec<&'t str> = Vec::new();
    let mut start = 0;
    // Where the last sentence began, and whether it may take one in brackets after it (no
    // line break ended it).
    let mut last: Option<(usize, bool)> = None;
    let joins = brackets == Brackets::WithTheSentenceBefore;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (n, &(at, c)) in chars.iter().enumerate() {
        let next = chars.get(n + 1).map(|&(_, c)| c);
        let before = n.checked_sub(1).map(|b| chars[b].1);
        let ends = match c {
            '\n' => true,
            '.' | '!' | '?' => next.is_none_or(char::is_whitespace),
            ';' => language == "el" && next.is_none_or(char::is_whitespace),
            ')' => {
                before.is_some_and(|b| matches!(b, '.' | '!' | '?'))
                    && next.is_none_or(char::is_whitespace)
            }
            _ => false,
        };
        if !ends {
            continue;
        }
        let end = at + c.len_utf8();
        let piece = &text[start..end];
        let mut words = piece.trim_end_matches('\n').rsplit(' ');
        let last_word = words.next().unwrap_or("");
        let folded = crate::text::fold(last_word);
        // An enumerator opens the text or follows a colon, a semicolon or a line break (`may:
        // 1. pass; 2. bid`); after a word it is a number ending the sentence (`Νόμος 16.`).
        let opens = words
            .next()
            .is_none_or(|before| before.is_empty() || before.ends_with([':', ';', '\n']));
        let enumerator = last_word.trim_matches(['(', ')', '.']).chars().count() <= 2
            && last_word.len() <= 6
            && c == '.'
            && opens;
        if c != '\n' && (ABBREVIATIONS.contains(&folded.as_str()) || enumerator) {
            continue;
        }
        push_sentence(&mut out, &mut last, text, start..end, joins && c != '\n');
        start = end;
    }
    push_sentence(&mut out, &mut last, text, start..text.len(), false);
    out
}

/// Add the sentence at `range` of `text`, or join it to the one before when it is in brackets
/// and that one may take it; `takes` says whether this one may take the next.
fn push_sentence<'t>(
    out: &mut Vec<&'t str>,
    last: &mut Option<(usize, bool)>,
    text: &'t str,
    range: std::ops::Range<usize>,
    takes: bool,
) {
    let piece = &text[range.clone()];
    let sentence = piece.trim();
    if sentence.is_empty() {
        return;
    }
    let from = range.start + (piece.len() - piece.trim_start().len());
    match *last {
        Some((began, true)) if sentence.starts_with('(') && sentence.ends_with(')') => {
            out.pop();
            out.push(text[began..from + sentence.len()].trim_end());
            *last = Some((began, takes));
        }
        _ => {
            out.push(sentence);
            *last = Some((from, takes));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_end_where_the_books_end_them() {
        // 27B1(a), as the Greek book prints it: two sentences, `βλέπε` no abbreviation.
        let greek = "αν η ανεπαρκής αγορά διορθωθεί, οι αγορές συνεχίζονται χωρίς περαιτέρω \
                     επανόρθωση. Δεν εφαρμόζονται οι Νόμοι 26Β και 16Γ, βλέπε όμως την \
                     παράγραφο Δ παρακάτω.";
        assert_eq!(sentences(greek, "el").len(), 2);
        let hebrew = "ההכרזה הבלתי-מספקת מוחלפת, המכרז נמשך ללא הַסְדָּרָה נוספת. חוקים 26ב \
                      ו-16ג אינם חלים, אך ראו ד להלן.";
        assert_eq!(sentences(hebrew, "he").len(), 2);
        // Abbreviations and enumerators do not end one; a Greek `;` asks a question.
        assert_eq!(
            sentences("(βλ. Νόμο 40) π.χ. ένα. Τι γίνεται; Τίποτα.", "el").len(),
            3
        );
        assert_eq!(sentences("He may: 1. pass; 2. bid.", "en").len(), 1);
        // 57D (Greek): a sentence may end with the number of a law.
        let greek = "σε μια λεβέ, στη σειρά του ΑΣΔ του, μπορεί να εφαρμοστεί ο Νόμος 16. Αν το \
                     φύλλο του μπορεί να παιχτεί νόμιμα στη λεβέ, πρέπει να παιχτεί";
        assert_eq!(sentences(greek, "el").len(), 2);
        assert_eq!(sentences("a\nb", "en"), ["a", "b"]);
        // 17D1 (Greek): a sentence in brackets stays with the one before it, as the Hebrew
        // book prints it inside that sentence.
        let greek = "Η περίοδος των αγορών τελειώνει όταν ο αμυνόμενος αποκαλύπτει την αντάμ. \
                     (Αν πρόκειται για αντάμ εκτός σειράς, βλέπε Νόμο 54.) Το διάστημα αυτό \
                     ονομάζεται Περίοδος Διευκρινίσεων.";
        let cut = sentences(greek, "el");
        assert_eq!(cut.len(), 2, "{cut:?}");
        assert!(cut[0].ends_with("βλέπε Νόμο 54.)"), "{cut:?}");
        assert!(cut[1].starts_with("Το διάστημα"), "{cut:?}");
        // After a line break, a bracketed line is a line of its own; and every sentence in
        // brackets when asked so.
        assert_eq!(sentences("a.\n(b.)", "en"), ["a.", "(b.)"]);
        assert_eq!(sentences_cut(greek, "el", Brackets::OnTheirOwn).len(), 3);
    }

    #[test]
    fn a_scope_is_a_node_a_range_or_everything() {
        let corpus = crate::load(crate::corpus::Root::Embedded).expect("the built-in corpus");
        let parse = |input| Scope::parse(input, &corpus);
        assert_eq!(parse("all").ok(), Some(Scope::All));
        assert_eq!(parse("61-64").ok(), Some(Scope::Laws(61, 64)));
        assert_eq!(parse(" 61 – 64 ").ok(), Some(Scope::Laws(61, 64)));
        assert_eq!(parse("27b1a").ok(), Some(Scope::Node("27B1(a)".into())));
        assert!(matches!(parse("64-61"), Err(Error::Usage(m)) if m.contains("backwards")));
        // Written as a backwards range, but a node: Law 71's paragraph 1.
        assert_eq!(parse("71-1").ok(), Some(Scope::Node("71.1".into())));
        assert!(matches!(parse("lead"), Err(Error::Usage(_))));
        // A law beyond the Laws is nothing found, and the bound beyond them is the one named.
        for (scope, law) in [
            ("90-99", "99"),
            ("0-10", "0"),
            ("5-0", "0"),
            ("94-95", "94"),
            ("94", "94"),
            ("law 99", "99"),
        ] {
            let Err(Error::NotFound(message)) = parse(scope) else {
                panic!("{scope}: not found");
            };
            assert!(
                message.starts_with(&format!("there is no Law {law}:")),
                "{scope}: {message}"
            );
        }
    }
}
