//! A unit's text in one edition as pieces: plain text, footnote markers and citations, the
//! inline codes the translation formats mark.

use std::collections::HashMap;
use std::ops::Range;

/// A piece of a segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Text as printed.
    Text(String),
    /// A footnote marker, `[^9]`.
    Footnote {
        /// The footnote's number (`9`).
        number: String,
        /// The code's number in the unit.
        code: usize,
    },
    /// A citation, as printed (`Νόμοι 26Β και 16Γ`).
    Citation {
        /// The ids it names (`26B`, `16C`).
        targets: Vec<String>,
        /// As printed: text and footnote markers.
        content: Vec<Piece>,
        /// The code's number in the unit.
        code: usize,
    },
}

/// One edition's text of a unit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Segment(pub Vec<Piece>);

impl Segment {
    /// The text as the corpus keeps it, markers as `[^n]`.
    pub fn plain(&self) -> String {
        fn push(out: &mut String, pieces: &[Piece]) {
            for piece in pieces {
                match piece {
                    Piece::Text(t) => out.push_str(t),
                    Piece::Footnote { number, .. } => {
                        out.push_str(&crate::corpus::markers::marker(number))
                    }
                    Piece::Citation { content, .. } => push(out, content),
                }
            }
        }
        let mut out = String::new();
        push(&mut out, &self.0);
        out
    }
}

/// The pieces of `text[range]`, with the citations (byte ranges of `text`, each with its
/// targets) that lie within it.
pub fn segment(
    text: &str,
    range: Range<usize>,
    citations: &[(Range<usize>, Vec<String>)],
) -> Segment {
    let mut pieces = Vec::new();
    let mut at = range.start;
    for (phrase, targets) in citations
        .iter()
        .filter(|(p, _)| range.start <= p.start && p.end <= range.end)
    {
        pieces.extend(markers(&text[at..phrase.start]));
        pieces.push(Piece::Citation {
            targets: targets.clone(),
            content: markers(&text[phrase.clone()]),
            code: 0,
        });
        at = phrase.end;
    }
    pieces.extend(markers(&text[at..range.end]));
    Segment(pieces)
}

/// Text with its footnote markers as pieces.
fn markers(text: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut at = 0;
    for (whole, number) in crate::corpus::markers::found(text) {
        if whole.start > at {
            pieces.push(Piece::Text(text[at..whole.start].to_string()));
        }
        pieces.push(Piece::Footnote {
            number: number.to_string(),
            code: 0,
        });
        at = whole.end;
    }
    if at < text.len() {
        pieces.push(Piece::Text(text[at..].to_string()));
    }
    pieces
}

/// Number the codes of a unit's segments so that the same code has the same number in every
/// edition (TMX's `x`, XLIFF's `id`): the marker of the same footnote, a citation of the same
/// ids; the second such code in a segment is another code. Numbers run from 1 in order of
/// first appearance.
pub fn number_codes(segments: &mut [Segment]) {
    let mut numbers: HashMap<(String, usize), usize> = HashMap::new();
    for segment in segments {
        let mut seen: HashMap<String, usize> = HashMap::new();
        number(&mut segment.0, &mut numbers, &mut seen);
    }
}

fn number(
    pieces: &mut [Piece],
    numbers: &mut HashMap<(String, usize), usize>,
    seen: &mut HashMap<String, usize>,
) {
    for piece in pieces {
        let (key, code) = match piece {
            Piece::Text(_) => continue,
            Piece::Footnote { number, code } => (format!("fn/{number}"), code),
            Piece::Citation {
                targets,
                code,
                content,
            } => {
                number(content, numbers, seen);
                (format!("cites {}", targets.join(" ")), code)
            }
        };
        let occurrence = seen.entry(key.clone()).or_default();
        *occurrence += 1;
        let next = numbers.len() + 1;
        *code = *numbers.entry((key, *occurrence)).or_insert(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn citation(text: &str, targets: &[&str], code: usize) -> Piece {
        Piece::Citation {
            targets: targets.iter().map(|t| t.to_string()).collect(),
            content: vec![Piece::Text(text.into())],
            code,
        }
    }

    #[test]
    fn markers_and_citations_are_pieces_and_the_text_stays_as_it_was() {
        let text = "Δεν εφαρμόζονται οι Νόμοι 26Β και 16Γ[^9], βλέπε όμως.";
        let start = text.find("Νόμοι").unwrap();
        let end = text.find("[^9]").unwrap();
        let citations = vec![(start..end, vec!["26B".to_string(), "16C".to_string()])];
        let segment = segment(text, 0..text.len(), &citations);
        assert_eq!(segment.plain(), text);
        assert_eq!(
            segment.0,
            [
                Piece::Text("Δεν εφαρμόζονται οι ".into()),
                citation("Νόμοι 26Β και 16Γ", &["26B", "16C"], 0),
                Piece::Footnote {
                    number: "9".into(),
                    code: 0
                },
                Piece::Text(", βλέπε όμως.".into()),
            ]
        );
    }

    #[test]
    fn a_range_takes_only_the_citations_within_it() {
        let text = "See Law 12. Then Law 13.";
        let citations = vec![(4..10, vec!["12".into()]), (17..23, vec!["13".into()])];
        let second = segment(text, 12..text.len(), &citations);
        assert_eq!(second.plain(), "Then Law 13.");
        assert_eq!(
            second.0,
            [
                Piece::Text("Then ".into()),
                citation("Law 13", &["13"], 0),
                Piece::Text(".".into())
            ]
        );
    }

    #[test]
    fn the_same_code_has_the_same_number_in_every_edition() {
        let he = Segment(vec![
            citation("חוק 16ג", &["16C"], 0),
            Piece::Footnote {
                number: "9".into(),
                code: 0,
            },
            citation("חוק 16ג", &["16C"], 0),
        ]);
        let el = Segment(vec![
            Piece::Footnote {
                number: "9".into(),
                code: 0,
            },
            citation("Νόμος 16Γ", &["16C"], 0),
        ]);
        let mut segments = [he, el];
        number_codes(&mut segments);
        let codes = |s: &Segment| -> Vec<usize> {
            s.0.iter()
                .filter_map(|p| match p {
                    Piece::Footnote { code, .. } | Piece::Citation { code, .. } => Some(*code),
                    Piece::Text(_) => None,
                })
                .collect()
        };
        // The second citation of 16C in the Hebrew is a code of its own.
        assert_eq!(codes(&segments[0]), [1, 2, 3]);
        assert_eq!(codes(&segments[1]), [2, 1]);
    }
}
