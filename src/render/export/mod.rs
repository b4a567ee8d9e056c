//! `export`: an edition as JSON Lines, or editions aligned for translation tools. The aligned
//! editions are cut into units (`Export::gather`): per node, its title (a heading, a
//! definition's term) and its text, each cut into sentences where every edition has the same
//! number of them, with footnote markers and citations as inline codes (`inline`). The units are
//! then written as TMX 1.4b (`tmx`) or XLIFF 1.2 (`xliff`); `csv` sets the editions side by
//! side, a row per node, for spreadsheet programs.

pub mod csv;
mod inline;
pub mod tmx;
pub mod xliff;
mod xml;

use std::ops::Range;

use crate::align::{self, Brackets, Row, Scope};
use crate::corpus::id::slug;
use crate::corpus::reference::Field;
use crate::corpus::{Edition, Entry, Kind};
use crate::error::{Error, Result};
use crate::text::plural;

pub use inline::{Piece, Segment};

use super::node::export_record;

/// Every node of `edition` within `scope`, one JSON object per line, in document order.
pub fn jsonl(edition: &Edition, scope: &Scope) -> Result<String> {
    let mut out = String::new();
    for (index, entry) in edition.entries.iter().enumerate() {
        if !scope.contains(entry, edition) {
            continue;
        }
        let record = serde_json::to_string(&export_record(edition, index))
            .map_err(|e| Error::Format(format!("cannot write JSON: {e}")))?;
        out.push_str(&record);
        out.push('\n');
    }
    Ok(out)
}

/// The language tag a translation tool expects for an edition's language: the federations'
/// books are the Israeli Hebrew and the Greek of Greece; the WBF's English is no one country's.
pub fn language_tag(language: &str) -> &str {
    match language {
        "he" => "he-IL",
        "el" => "el-GR",
        other => other,
    }
}

/// How the texts are cut into units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Segmentation {
    /// A sentence a unit where every edition has the same number of sentences, else the node.
    #[default]
    Sentences,
    /// A node's title or text a unit, whole.
    Nodes,
}

/// Which of a node's texts a unit holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The heading, or a definition's term.
    Title,
    /// The text.
    Text,
    /// The text printed after the node's children (Law 71's closing sentence): after their
    /// units, where the book prints it.
    After,
}

/// One unit: the same text in each edition.
#[derive(Clone, Debug)]
pub struct Unit {
    /// The canonical id of the node (`27B1(a)`).
    pub node: String,
    /// What the node is.
    pub kind: Kind,
    /// Its title or its text.
    pub part: Part,
    /// The sentence (from 1) and how many the text has, when the unit is one sentence of it.
    pub sentence: Option<(usize, usize)>,
    /// The texts, one per edition in the order given.
    pub segments: Vec<Segment>,
}

impl Unit {
    /// The unit's id in canonical form: the node's id for its whole text (`27B1(a)`), `.sN`
    /// after it for its Nth sentence (`27B1(a).s2`), `.title` for its heading or term
    /// (`27B.title`, `def/dummy.title`, `27B.title.s1`).
    pub fn id(&self) -> String {
        self.with_suffix(&self.node)
    }

    /// The same with the node's id in its slug form, an XML name token (`27B1a.s2`,
    /// `12C1e-ii`, `def-dummy.title`).
    pub fn xml_id(&self) -> String {
        self.with_suffix(&slug(&self.node))
    }

    fn with_suffix(&self, node: &str) -> String {
        let mut id = node.to_string();
        match self.part {
            Part::Title => id.push_str(".title"),
            Part::After => id.push_str(".after"),
            Part::Text => {}
        }
        if let Some((n, _)) = self.sentence {
            id.push_str(&format!(".s{n}"));
        }
        id
    }

    /// What the unit is, as TMX names it: one sentence, a phrase (a title), or a paragraph of
    /// several sentences that could not be paired one by one.
    pub fn segtype(&self, languages: &[&str]) -> &'static str {
        let one_sentence = self.sentence.is_some()
            || self
                .segments
                .iter()
                .zip(languages)
                .all(|(s, l)| align::sentences(&s.plain(), l).len() <= 1);
        match (self.part, one_sentence) {
            (Part::Title, true) => "phrase",
            (_, true) => "sentence",
            (_, false) => "paragraph",
        }
    }
}

/// A node left out, and why: the editions that lack it, or that print no such text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftOut {
    /// The canonical id of the node.
    pub node: String,
    /// Its title or its text.
    pub part: Option<Part>,
    /// The editions that lack it.
    pub editions: Vec<String>,
}

/// Editions aligned on a part of the Laws, cut into units.
pub struct Export<'c> {
    /// The editions, in the order given: the first is the source language.
    pub editions: Vec<&'c Edition>,
    /// The part of the Laws, as asked (`all`, `27B1`, `61-64`).
    pub scope: String,
    /// How the texts were cut.
    pub segmentation: Segmentation,
    /// One row per aligned node.
    pub rows: Vec<Row<'c>>,
    /// The units, in document order.
    pub units: Vec<Unit>,
    /// The nodes some edition lacks (`absent`): no unit of them.
    pub absent: Vec<LeftOut>,
    /// The titles and texts that only some editions print (a heading one book gives and the
    /// other does not; an edition whose text is not bundled): no unit of them.
    pub one_sided: Vec<LeftOut>,
}

impl<'c> Export<'c> {
    /// The units of `editions` over `scope` (asked as `query`).
    pub fn gather(
        editions: Vec<&'c Edition>,
        scope: &Scope,
        query: &str,
        segmentation: Segmentation,
    ) -> Self {
        let rows = align::rows(&editions, scope);
        let mut export = Export {
            editions,
            scope: query.trim().to_string(),
            segmentation,
            rows: Vec::new(),
            units: Vec::new(),
            absent: Vec::new(),
            one_sided: Vec::new(),
        };
        // The text after a node's children waits for the last of them.
        let mut open: Vec<&Row> = Vec::new();
        for row in &rows {
            while let Some(node) = open.pop_if(|node| !crate::refs::within(&row.id, &node.id)) {
                export.add(node, &[Part::After]);
            }
            export.add(row, &[Part::Title, Part::Text]);
            open.push(row);
        }
        while let Some(node) = open.pop() {
            export.add(node, &[Part::After]);
        }
        export.rows = rows;
        export
    }

    fn add(&mut self, row: &Row, parts: &[Part]) {
        let lacking: Vec<String> = row
            .cells
            .iter()
            .zip(&self.editions)
            .filter(|(cell, _)| cell.is_none_or(|e| e.absent.is_some()))
            .map(|(_, edition)| edition.id().to_string())
            .collect();
        if !lacking.is_empty() {
            // Named once, with its title and text.
            if parts.contains(&Part::After) {
                return;
            }
            self.absent.push(LeftOut {
                node: row.id.clone(),
                part: None,
                editions: lacking,
            });
            return;
        }
        let entries: Vec<&Entry> = row.cells.iter().flatten().copied().collect();
        for &part in parts {
            let texts: Vec<Option<Text>> = entries
                .iter()
                .zip(&self.editions)
                .map(|(entry, edition)| Text::of(entry, edition, part))
                .collect();
            if texts.iter().all(Option::is_none) {
                continue;
            }
            if texts.iter().any(Option::is_none) {
                self.one_sided.push(LeftOut {
                    node: row.id.clone(),
                    part: Some(part),
                    editions: texts
                        .iter()
                        .zip(&self.editions)
                        .filter(|(t, _)| t.is_none())
                        .map(|(_, e)| e.id().to_string())
                        .collect(),
                });
                continue;
            }
            let texts: Vec<Text> = texts.into_iter().flatten().collect();
            self.units
                .extend(units(row, part, &texts, &self.editions, self.segmentation));
        }
    }

    /// The editions' language tags (`he-IL`, `el-GR`).
    pub fn languages(&self) -> Vec<&str> {
        self.editions
            .iter()
            .map(|e| language_tag(e.language()))
            .collect()
    }

    /// Where a unit stands, for the translator, in the edition `edition` (an index of
    /// `editions`): what its node is and the titles above it (`item 27B1(a) · ΝΟΜΟΣ 27 –
    /// ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ › Β. Ανεπαρκής Αγορά Όχι Δεκτή`).
    pub fn context(&self, unit: &Unit, edition: usize) -> String {
        // The preface and the introduction are named by their kind alone (`preface`).
        let kind = unit.kind.as_str();
        let node = if kind == unit.node {
            unit.node.clone()
        } else {
            format!("{kind} {}", unit.node)
        };
        match self.editions[edition].heading_path(&unit.node) {
            path if path.is_empty() => node,
            path => format!("{node} · {}", crate::corpus::markers::without(&path)),
        }
    }

    /// How many units are whole titles or texts, and how many are sentences (of how many
    /// texts).
    pub fn counts(&self) -> Counts {
        let sentences = self.units.iter().filter(|u| u.sentence.is_some()).count();
        let split = self
            .units
            .iter()
            .filter(|u| u.sentence.is_some_and(|(n, _)| n == 1))
            .count();
        Counts {
            units: self.units.len(),
            whole: self.units.len() - sentences,
            sentences,
            split,
            absent: self.absent.len(),
            one_sided: self.one_sided.len(),
        }
    }

    /// What the export holds and what it leaves out, a line each: for a file's header and for
    /// standard error.
    pub fn summary(&self) -> String {
        let c = self.counts();
        let editions: Vec<&str> = self.editions.iter().map(|e| e.id()).collect();
        let scope = if self.scope == "all" {
            "the whole book".to_string()
        } else {
            self.scope.clone()
        };
        let cut = match self.segmentation {
            Segmentation::Sentences => format!(
                "{} whole titles or texts and {} of {} cut where every edition has as many",
                c.whole,
                plural(c.sentences, "sentence"),
                plural(c.split, "text")
            ),
            Segmentation::Nodes => "a whole title or text each".to_string(),
        };
        let mut out = format!(
            "{} · {scope}: {}, {cut}",
            editions.join(" + "),
            plural(c.units, "unit")
        );
        let listed = |left: &[LeftOut], shown: usize| {
            let mut list: Vec<String> = left
                .iter()
                .take(shown)
                .map(|l| {
                    let part = match l.part {
                        Some(Part::Title) => " title",
                        Some(Part::After) => " text after its parts",
                        _ => "",
                    };
                    format!("{}{part} ({})", l.node, l.editions.join(", "))
                })
                .collect();
            if left.len() > shown {
                list.push(format!("and {} more", left.len() - shown));
            }
            list.join(", ")
        };
        out.push_str(&format!(
            "\nleft out: {} absent from an edition",
            plural(c.absent, "node")
        ));
        if c.absent > 0 {
            out.push_str(&format!(": {}", listed(&self.absent, usize::MAX)));
        }
        if c.one_sided > 0 {
            out.push_str(&format!(
                "\nleft out: {} titles or texts that only some editions print: {}",
                c.one_sided,
                listed(&self.one_sided, 12)
            ));
        }
        out
    }
}

/// The numbers of an export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Every unit.
    pub units: usize,
    /// Units holding a whole title or text.
    pub whole: usize,
    /// Units holding one sentence.
    pub sentences: usize,
    /// The texts cut into sentences.
    pub split: usize,
    /// The nodes left out because an edition lacks them.
    pub absent: usize,
    /// The titles and texts left out because only some editions print them.
    pub one_sided: usize,
}

/// One edition's title or text of a node, with its citations' byte ranges in it and what they
/// name.
struct Text {
    text: String,
    citations: Vec<(Range<usize>, Vec<String>)>,
}

impl Text {
    /// What `edition` prints as `part` of `entry`, if anything: an edition whose text is not
    /// bundled gives none (its headings and summaries were written for the project, not
    /// printed by the book).
    fn of(entry: &Entry, edition: &Edition, part: Part) -> Option<Text> {
        if !edition.text_bundled() {
            return None;
        }
        match part {
            Part::Title => match (&entry.heading, &entry.term) {
                (Some(heading), _) => Some(Text {
                    text: heading.to_string(),
                    citations: citations(entry, &[(Field::Heading, 0)]),
                }),
                (None, Some(term)) if entry.kind == Kind::Definition => Some(Text {
                    text: term.clone(),
                    citations: Vec::new(),
                }),
                _ => None,
            },
            Part::Text | Part::After => {
                let (field, text) = match part {
                    Part::Text => (Field::Text, &entry.text),
                    _ => (Field::TextAfter, &entry.text_after),
                };
                let text = text.as_ref().filter(|t| !t.is_empty())?;
                Some(Text {
                    citations: citations(entry, &[(field, 0)]),
                    text: text.to_string(),
                })
            }
        }
    }
}

/// The citations printed in `fields` of the entry (each field at its byte offset in the text):
/// each phrase once, with every target it names, in printed order.
fn citations(entry: &Entry, fields: &[(Field, usize)]) -> Vec<(Range<usize>, Vec<String>)> {
    let mut found: Vec<(Range<usize>, Vec<String>)> = Vec::new();
    for (field, offset) in fields {
        for r in entry.refs.iter().filter(|r| r.field == *field) {
            let Ok(target) = &r.target else { continue };
            let phrase = r.phrase.start + offset..r.phrase.end + offset;
            match found.iter_mut().find(|(p, _)| *p == phrase) {
                Some((_, targets)) if !targets.contains(target) => targets.push(target.clone()),
                Some(_) => {}
                None => found.push((phrase, vec![target.clone()])),
            }
        }
    }
    found.sort_by_key(|(p, _)| (p.start, p.end));
    // Phrases never overlap; should one, the first is kept and the other is plain text.
    let mut end = 0;
    found.retain(|(p, _)| {
        let keep = p.start >= end;
        if keep {
            end = p.end;
        }
        keep
    });
    found
}

/// The units of one part of a row: one per sentence where every edition has the same number of
/// sentences and no citation runs across two of them, else one.
fn units(
    row: &Row,
    part: Part,
    texts: &[Text],
    editions: &[&Edition],
    segmentation: Segmentation,
) -> Vec<Unit> {
    // A sentence in brackets is first read with the one before it (one book brackets inside a
    // sentence what another prints as a sentence of its own, 17D1); where the books then
    // disagree, each as a sentence (both print it on its own, 6D2).
    let cut = |brackets: Brackets| -> Vec<Vec<Range<usize>>> {
        texts
            .iter()
            .zip(editions)
            .map(|(t, e)| sentence_ranges(&t.text, e.language(), brackets))
            .collect()
    };
    let pairs = |sentences: &[Vec<Range<usize>>]| {
        let n = sentences[0].len();
        n > 1
            && sentences.iter().all(|s| s.len() == n)
            && texts.iter().zip(sentences).all(|(t, ranges)| {
                t.citations
                    .iter()
                    .all(|(p, _)| ranges.iter().any(|r| r.start <= p.start && p.end <= r.end))
            })
            && (0..n).all(|i| sentences_pair(texts, sentences, i))
    };
    let mut sentences = cut(Brackets::WithTheSentenceBefore);
    if !pairs(&sentences) {
        sentences = cut(Brackets::OnTheirOwn);
    }
    let n = sentences[0].len();
    let split = segmentation == Segmentation::Sentences && pairs(&sentences);
    let unit = |sentence, segments| Unit {
        node: row.id.clone(),
        kind: row.kind,
        part,
        sentence,
        segments,
    };
    let mut out: Vec<Unit> = if split {
        (0..n)
            .map(|i| {
                let segments = texts
                    .iter()
                    .zip(&sentences)
                    .map(|(t, s)| inline::segment(&t.text, s[i].clone(), &t.citations))
                    .collect();
                unit(Some((i + 1, n)), segments)
            })
            .collect()
    } else {
        let segments = texts
            .iter()
            .map(|t| inline::segment(&t.text, 0..t.text.len(), &t.citations))
            .collect();
        vec![unit(None, segments)]
    };
    for unit in &mut out {
        inline::number_codes(&mut unit.segments);
    }
    out
}

/// Whether the `i`th sentences of the texts read as translations of each other, as far as their
/// lengths tell: none is far longer or shorter beside its pair than the texts are to each
/// other (def/contract: the Greek's second sentence is its bracketed citation alone, the
/// Hebrew's the clause on doubles). Else the node is one unit: a wrong pair would teach a
/// translation memory a wrong translation. (Comparing what the sentences cite was tried: the
/// editions cite differently in correct pairs too, `45D2`'s `see D1 above` against `see
/// above`.)
fn sentences_pair(texts: &[Text], sentences: &[Vec<Range<usize>>], i: usize) -> bool {
    let length = |t: &Text, r: &Range<usize>| t.text[r.clone()].chars().count().max(1) as f64;
    let whole = |t: &Text| t.text.chars().count().max(1) as f64;
    texts.iter().zip(sentences).skip(1).all(|(t, s)| {
        let ratio = (length(t, &s[i]) / length(&texts[0], &sentences[0][i]))
            / (whole(t) / whole(&texts[0]));
        (1.0 / MISPAIRED..=MISPAIRED).contains(&ratio)
    })
}

/// How much longer or shorter than the texts are to each other a sentence may be beside its
/// pair (3×): among the 168 texts with as many sentences in Hebrew and Greek, the pairs that are
/// translations stay within 2.01×; the one that is not (def/contract) is 5.8×.
const MISPAIRED: f64 = 3.0;

/// Where each sentence of `text` lies in it.
fn sentence_ranges(text: &str, language: &str, brackets: Brackets) -> Vec<Range<usize>> {
    align::sentences_cut(text, language, brackets)
        .into_iter()
        .map(|s| {
            // Each sentence is a slice of `text`.
            let start = s.as_ptr() as usize - text.as_ptr() as usize;
            start..start + s.len()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentence_ranges_are_where_the_sentences_stand() {
        let text = "Αν ναι. Τότε όχι; Τέλος.";
        let ranges = sentence_ranges(text, "el", Brackets::WithTheSentenceBefore);
        let got: Vec<&str> = ranges.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(got, ["Αν ναι.", "Τότε όχι;", "Τέλος."]);
    }

    #[test]
    fn unit_ids_name_the_node_the_part_and_the_sentence() {
        let unit = |node: &str, part, sentence| Unit {
            node: node.into(),
            kind: Kind::Item,
            part,
            sentence,
            segments: Vec::new(),
        };
        let u = unit("27B1(a)", Part::Text, None);
        assert_eq!((u.id(), u.xml_id()), ("27B1(a)".into(), "27B1a".into()));
        let u = unit("12C1(e)(ii)", Part::Text, Some((2, 3)));
        assert_eq!(
            (u.id(), u.xml_id()),
            ("12C1(e)(ii).s2".into(), "12C1e-ii.s2".into())
        );
        let u = unit("def/dummy", Part::Title, None);
        assert_eq!(
            (u.id(), u.xml_id()),
            ("def/dummy.title".into(), "def-dummy.title".into())
        );
    }

    #[test]
    fn languages_are_tagged_with_the_federations_country() {
        assert_eq!(language_tag("he"), "he-IL");
        assert_eq!(language_tag("el"), "el-GR");
        assert_eq!(language_tag("en"), "en");
    }
}
