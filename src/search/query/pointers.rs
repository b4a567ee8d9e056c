//! What points to nodes: the glossary's concepts, the book indexes' terms, the situations and
//! the commentary, followed when the query covers their names.

use std::sync::Arc;

use rayon::prelude::*;

use super::*;

impl Search<'_> {
    /// The glossary concepts the words name: those with a name the query covers word for
    /// word, the longest such names only (`penalty card` rather than `card`), at most
    /// `CONCEPTS` of them, in the order `pointer_hits` found them: the best named first.
    pub(super) fn concepts(
        &self,
        words: &[Word],
        readings: &Readings,
        pointers: &[Arc<Pointer>],
    ) -> Vec<Concept> {
        let covered: Vec<(usize, &Arc<Pointer>)> = pointers
            .iter()
            .filter_map(|p| Some((p.id.strip_prefix("glossary/")?, p)))
            .map(|(_, p)| {
                let most = p
                    .names
                    .iter()
                    .map(|name| match coverage(readings, name) {
                        (covered, total) if covered == total => covered,
                        _ => 0,
                    })
                    .max()
                    .unwrap_or(0);
                (most, p)
            })
            .filter(|(n, _)| *n > 0)
            .collect();
        let longest = covered.iter().map(|(n, _)| *n).max().unwrap_or(0);
        let weight = share(longest, longest, words);
        covered
            .into_iter()
            .filter(|(n, _)| *n == longest)
            .take(CONCEPTS)
            .map(|(_, p)| Concept {
                id: p.id.strip_prefix("glossary/").unwrap_or(&p.id).to_string(),
                forms: p.names.clone(),
                weight,
            })
            .collect()
    }

    /// The pointers (concepts, index terms, situations, parts of the commentary) that name
    /// the query's words in one language, found by the words' scores (`scored`, one per word
    /// of `words`): for each word the `POINTERS` concepts that name it most closely, so
    /// that a common word does not crowd out the concepts of the others; and the other
    /// pointers, which name the laws in many more words, in one search for all the words.
    ///
    /// A word in more than one document in `COMMON` of the index names no pointer in
    /// particular (`the`, `של`, `και`): it looks nothing up, though the pointers the other
    /// words find still count it.
    pub(super) fn pointer_hits(
        &self,
        words: &[&Word],
        scored: &[Scored],
        out: &mut Vec<Arc<Pointer>>,
    ) -> Result<()> {
        let naming: Vec<&Scored> = words
            .iter()
            .zip(scored)
            .filter(|(w, _)| !w.common && w.lang.is_some())
            .map(|(_, s)| s)
            .collect();
        let columns = self.columns()?;
        // The concepts best named first, whichever word names them: a query is read as a few
        // of them, and `partner` and `spades` must not crowd out the `bluff` at its end.
        let mut concepts: Vec<(f32, DocAddress)> = naming
            .iter()
            .flat_map(|word| word.top(POINTERS, |a| columns.is_of(a, &[DocKind::Glossary])))
            .collect();
        concepts.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut found = vec![concepts];
        if !naming.is_empty() {
            let others = [DocKind::Index, DocKind::Situation, DocKind::Commentary];
            // Each word's pointers first: the words' texts are far more.
            let only: Vec<Scored> = naming
                .iter()
                .map(|word| word.only(|a| columns.is_of(a, &others)))
                .collect();
            let any = self.combine(
                &only.iter().collect::<Vec<_>>(),
                Combine::Sum { at_least: 1 },
            );
            found.push(any.top(POINTERS * naming.len(), |_| true));
        }
        let addresses: Vec<DocAddress> = found.into_iter().flatten().map(|(_, a)| a).collect();
        let read = addresses
            .par_iter()
            .map(|&address| self.pointer(address))
            .collect::<Result<Vec<_>>>()?;
        for pointer in read {
            if !out.iter().any(|p| p.id == pointer.id) {
                out.push(pointer);
            }
        }
        Ok(())
    }

    /// A pointer document, read once and kept: the index does not change.
    fn pointer(&self, address: DocAddress) -> Result<Arc<Pointer>> {
        remembered(&self.cache.pointers, &address, || {
            let doc = self.doc(address)?;
            Ok(Arc::new(Pointer {
                id: self.first(&doc, self.fields.id),
                targets: self
                    .stored(&doc, self.fields.targets)
                    .into_iter()
                    .map(str::to_string)
                    .collect(),
                names: self
                    .stored(&doc, self.fields.forms)
                    .into_iter()
                    .filter_map(Name::decode)
                    .collect(),
            }))
        })
    }

    /// The nodes that the concepts, index terms and situations the query names lead to: an
    /// index term or a situation counts when the query covers half its words or more.
    pub(super) fn pointed(
        &self,
        words: &[Word],
        readings: &Readings,
        concepts: &[Concept],
        pointers: &[Arc<Pointer>],
    ) -> BTreeMap<String, f32> {
        let mut out: BTreeMap<String, f32> = BTreeMap::new();
        for pointer in pointers {
            let weight = match pointer.id.strip_prefix("glossary/") {
                Some(concept) => match concepts.iter().find(|c| c.id == concept) {
                    Some(c) => c.weight,
                    None => continue,
                },
                None => pointer
                    .names
                    .iter()
                    .map(|name| {
                        let (covered, total) = coverage(readings, name);
                        share(covered, total, words)
                    })
                    .fold(0.0, f32::max),
            };
            if weight < 0.5 {
                continue;
            }
            for target in &pointer.targets {
                let best = out.entry(target.clone()).or_default();
                *best = best.max(weight);
            }
        }
        out
    }

    /// The documents about the given nodes in the `langs` and `kinds` asked for, each scored by
    /// its node's weight, the best `CANDIDATES` (equal scores in corpus order). A document
    /// about several of the nodes counts its best, not their sum; a node with nothing to show
    /// is left to citations. Read from the nodes' postings: their weights are the scores.
    pub(super) fn by_targets(
        &self,
        weights: &BTreeMap<String, f32>,
        reach: Reach,
        langs: &[Lang],
        kinds: &[DocKind],
    ) -> Result<Scores> {
        let field = match reach {
            Reach::Node => self.fields.targets,
            Reach::Within => self.fields.within,
        };
        let weighted: Vec<(&str, f32)> = weights.iter().map(|(id, w)| (id.as_str(), *w)).collect();
        let mut found = self.holding_weighted(field, &weighted)?;
        let mut kept: Vec<DocAddress> = found.iter().map(|(address, _)| *address).collect();
        self.admit(&mut kept, langs, kinds)?;
        self.keep_holding(&mut kept, self.fields.flags, &["textless"], false)?;
        found.retain(|(address, _)| kept.binary_search(address).is_ok());
        found.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        Ok(found.into_iter().take(CANDIDATES).collect())
    }
}

/// Which documents a pointer's node stands for: its own, or every one within it too.
#[derive(Clone, Copy)]
pub(super) enum Reach {
    Node,
    Within,
}

/// A pointer document: what it is, the nodes it points to, its names in every language (a
/// name in a language the query is not written in covers none of its words).
pub(crate) struct Pointer {
    id: String,
    targets: Vec<String>,
    names: Vec<Name>,
}

/// A glossary concept the query was read as, with its forms in every language.
pub(super) struct Concept {
    pub(super) id: String,
    pub(super) forms: Vec<Name>,
    /// How much of the query it explains.
    pub(super) weight: f32,
}

/// How well a name of `total` words, `covered` of them by the query, stands for the query:
/// the covered words against the longer of the name and the query.
fn share(covered: usize, total: usize, words: &[Word]) -> f32 {
    let query = words.iter().filter(|w| w.lang.is_some()).count();
    covered as f32 / total.max(query).max(1) as f32
}

/// The query's words as each language's stems analyzer reads them, made once per query: each
/// word's stems, and the edits allowed when it was found nowhere as typed; and which words
/// each stem is a reading of, so that a name's words are looked up rather than compared with
/// every word of the query.
pub(super) struct Readings<'w> {
    words: [Vec<(&'w Word, Option<u8>)>; 3],
    by_stem: [HashMap<String, Vec<usize>>; 3],
}

pub(super) fn readings<'w>(
    words: &'w [Word],
    near: &BTreeMap<String, BTreeSet<String>>,
) -> Readings<'w> {
    let mut by_stem: [HashMap<String, Vec<usize>>; 3] = Default::default();
    let words = Lang::ALL.map(|lang| {
        words
            .iter()
            .filter(|w| w.lang.is_none_or(|l| l == lang))
            .enumerate()
            .map(|(i, w)| {
                for stem in analyze::word_stems(lang, &w.typed).iter() {
                    let readers = by_stem[lang as usize].entry(stem.clone()).or_default();
                    if !readers.contains(&i) {
                        readers.push(i);
                    }
                }
                let misspelled = near.contains_key(&w.typed);
                (w, near_distance(&w.folded).filter(|_| misspelled))
            })
            .collect()
    });
    Readings { words, by_stem }
}

/// How many of the words of `name` some query word matches (a reading in common: stems, or
/// Hebrew words with and without their prefixes; or a near spelling of a word found
/// nowhere), and how many words it has.
fn coverage(readings: &Readings, name: &Name) -> (usize, usize) {
    let ours = &readings.words[name.lang as usize];
    let by_stem = &readings.by_stem[name.lang as usize];
    if ours.iter().all(|(w, _)| w.lang.is_none()) {
        // No word of the query is in this language: nothing to compare.
        return (0, 1);
    }
    let misspelled = ours.iter().any(|(_, edits)| edits.is_some());
    let (mut covered, mut total) = (0, 0);
    let mut matching: Vec<usize> = Vec::new();
    for (theirs, folded) in name.stems().zip(name.exact()) {
        matching.clear();
        for term in theirs.iter() {
            matching.extend(by_stem.get(term).into_iter().flatten());
        }
        if misspelled {
            for (i, (w, edits)) in ours.iter().enumerate() {
                if edits.is_some_and(|d| {
                    folded
                        .iter()
                        .any(|f| crate::text::within_edits(&w.folded, f, d))
                }) {
                    matching.push(i);
                }
            }
        }
        // A name's function word met only by the query's function words says nothing: it
        // neither covers the name nor counts in it (`the` in `claim the rest`).
        if !matching.is_empty() && matching.iter().all(|&i| ours[i].0.common) {
            continue;
        }
        total += 1;
        covered += usize::from(!matching.is_empty());
    }
    (covered, total)
}
