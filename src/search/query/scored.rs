//! Words scored term by term: each term's postings read once per query and weighed by BM25 as
//! a search weighs them, then combined document by document (the best of a word's readings,
//! the sum of the words). A word's scores then serve every search of it (the direct channel,
//! the concepts it names, the other pointers, each with its own filter), where each search
//! would build its scorers and read and weigh its terms again.

use tantivy::DocId;
use tantivy::fieldnorm::FieldNormReader;
use tantivy::postings::Postings;
use tantivy::query::{Bm25Weight, EnableScoring};

use super::*;

/// A term and what its BM25 score is multiplied by.
#[derive(Clone, Debug)]
pub(super) struct Weighted {
    pub(super) field: tantivy::schema::Field,
    pub(super) text: String,
    pub(super) boost: f32,
}

impl Weighted {
    pub(super) fn new(field: tantivy::schema::Field, text: &str, boost: f32) -> Self {
        Weighted {
            field,
            text: text.to_string(),
            boost,
        }
    }
}

/// Documents and their scores, each segment's in document order.
#[derive(Clone, Debug, Default)]
pub(super) struct Scored(Vec<Vec<(DocId, f32)>>);

/// How the scores of one document in several lists make one.
#[derive(Clone, Copy)]
pub(super) enum Combine {
    /// The best of them: a word scores by its likeliest reading.
    Best,
    /// Their sum, in the lists' order, of the documents in `at_least` of the lists.
    Sum { at_least: usize },
}

impl Search<'_> {
    /// The documents holding any of `terms`, each scored by the best of them.
    pub(super) fn best_of(
        &self,
        statistics: &dyn Bm25StatisticsProvider,
        terms: &[Weighted],
    ) -> Result<Scored> {
        let lists = terms
            .iter()
            .map(|term| self.scored_term(statistics, term))
            .collect::<Result<Vec<_>>>()?;
        Ok(self.combine(&lists.iter().collect::<Vec<_>>(), Combine::Best))
    }

    /// The documents `query` matches with the scores a search gives them, every one of them
    /// (a search would keep the best few and sort them).
    pub(super) fn scored_query(&self, query: &dyn Query) -> Result<Scored> {
        let scoring =
            EnableScoring::enabled_from_statistics_provider(&self.statistics, self.searcher);
        let weight = query.weight(scoring).map_err(search_error)?;
        let mut segments = Vec::new();
        for segment in self.searcher.segment_readers() {
            let alive = segment.alive_bitset();
            let mut docs = Vec::new();
            weight
                .for_each(segment, &mut |doc, score| {
                    if alive.is_none_or(|a| a.is_alive(doc)) {
                        docs.push((doc, score));
                    }
                })
                .map_err(search_error)?;
            segments.push(docs);
        }
        Ok(Scored(segments))
    }

    /// The documents holding `term`, each scored as a term search scores it: BM25 with the
    /// weight multiplied by the boost (not the score: the last bits differ).
    pub(super) fn scored_term(
        &self,
        statistics: &dyn Bm25StatisticsProvider,
        term: &Weighted,
    ) -> Result<Scored> {
        let mut weight = None;
        let mut segments = Vec::new();
        let term_key = self.term(term.field, &term.text);
        for (ord, segment) in (0u32..).zip(self.searcher.segment_readers()) {
            let mut docs = Vec::new();
            let found = self.postings_to_score(ord, &term_key)?;
            if let Some(mut postings) = found {
                docs.reserve_exact(postings.doc_freq() as usize);
                let weight = match &weight {
                    Some(weight) => weight,
                    None => weight.insert(
                        Bm25Weight::for_terms(statistics, std::slice::from_ref(&term_key))
                            .map_err(search_error)?
                            .boost_by(term.boost),
                    ),
                };
                let norms = segment
                    .fieldnorms_readers()
                    .get_field(term.field)
                    .map_err(search_error)?
                    .unwrap_or_else(|| FieldNormReader::constant(segment.max_doc(), 1));
                let alive = segment.alive_bitset();
                let mut doc = postings.doc();
                while doc != tantivy::TERMINATED {
                    if alive.is_none_or(|a| a.is_alive(doc)) {
                        let score = weight.score(norms.fieldnorm_id(doc), postings.term_freq());
                        docs.push((doc, score));
                    }
                    doc = postings.advance();
                }
            }
            segments.push(docs);
        }
        Ok(Scored(segments))
    }

    /// The documents of the segment `ord` holding `term`, with their frequencies, read from the
    /// term's dictionary entry: its document count, which weighs it, was read from the same
    /// entry, looked up once per query.
    fn postings_to_score(&self, ord: u32, term: &Term) -> Result<Option<SegmentPostings>> {
        let entries = self.statistics.entries(term).map_err(search_error)?;
        let Some(Some(entry)) = entries.get(ord as usize) else {
            return Ok(None);
        };
        self.searcher
            .segment_reader(ord)
            .inverted_index(term.field())
            .map_err(search_error)?
            .read_postings_from_terminfo(entry, IndexRecordOption::WithFreqs)
            .map(Some)
            .map_err(read_error)
    }

    /// The documents of `lists` with their scores combined, in document order, a document's
    /// scores taken in the lists' order.
    pub(super) fn combine(&self, lists: &[&Scored], how: Combine) -> Scored {
        let at_least = match how {
            Combine::Best => 1,
            Combine::Sum { at_least } => at_least.max(1),
        };
        let fold = |total: f32, score: f32| match how {
            Combine::Best => total.max(score),
            Combine::Sum { .. } => total + score,
        };
        let segments = self.searcher.segment_readers().len();
        let mut out = Vec::with_capacity(segments);
        for ord in 0..segments {
            // Most of a word's readings are found in few segments, or none.
            let of_segment: Vec<&[(DocId, f32)]> = lists
                .iter()
                .filter_map(|l| l.0.get(ord).filter(|docs| !docs.is_empty()))
                .map(Vec::as_slice)
                .collect();
            if of_segment.len() < at_least {
                out.push(Vec::new());
                continue;
            }
            if let [only] = of_segment.as_slice() {
                out.push(only.to_vec());
                continue;
            }
            out.push(merge(&of_segment, at_least, fold));
        }
        Scored(out)
    }
}

/// How many documents `merge` adds up at a time: a table this long is cheap to sweep.
const WINDOW: usize = 4096;

/// The documents of one segment's `lists` (each in document order) found in `at_least` of
/// them, their scores folded in the lists' order: window by window of the segment, each list's documents in the window are
/// folded into a table, which is then read in document order.
pub(super) fn merge(
    lists: &[&[(DocId, f32)]],
    at_least: usize,
    fold: impl Fn(f32, f32) -> f32,
) -> Vec<(DocId, f32)> {
    // One list: each document's one score, folded with nothing.
    if let [only] = lists {
        return match at_least {
            0 | 1 => only
                .iter()
                .map(|&(doc, score)| (doc, fold(0.0, score)))
                .collect(),
            _ => Vec::new(),
        };
    }
    let mut table = vec![(0.0_f32, 0_u32); WINDOW];
    let mut marked = vec![0_u64; WINDOW / 64];
    let mut at = vec![0; lists.len()];
    // At least the longest list's documents when one list is enough: grown once, not doubled.
    let longest = lists.iter().map(|l| l.len()).max().unwrap_or(0);
    let mut docs = Vec::with_capacity(if at_least <= 1 { longest } else { 0 });
    loop {
        // The next window holding a document of some list.
        let next = (lists.iter().zip(&at))
            .filter_map(|(list, &i)| list.get(i).map(|(doc, _)| *doc))
            .min();
        let Some(first) = next else { break };
        let base = first - first % WINDOW as DocId;
        for (list, i) in lists.iter().zip(at.iter_mut()) {
            while let Some(&(doc, score)) = list.get(*i)
                && doc < base + WINDOW as DocId
            {
                let offset = (doc - base) as usize;
                let slot = &mut table[offset];
                *slot = (fold(slot.0, score), slot.1 + 1);
                marked[offset / 64] |= 1 << (offset % 64);
                *i += 1;
            }
        }
        for (block, bits) in marked.iter_mut().enumerate() {
            while *bits != 0 {
                let offset = block * 64 + bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                let (score, count) = std::mem::take(&mut table[offset]);
                if count as usize >= at_least {
                    docs.push((base + offset as DocId, score));
                }
            }
        }
    }
    docs
}

impl Scored {
    /// Those of the documents that `keep` admits.
    pub(super) fn only(&self, keep: impl Fn(&DocAddress) -> bool) -> Scored {
        Scored(
            (0u32..)
                .zip(&self.0)
                .map(|(ord, docs)| {
                    let kept = docs
                        .iter()
                        .filter(|(doc, _)| keep(&DocAddress::new(ord, *doc)));
                    kept.copied().collect()
                })
                .collect(),
        )
    }

    /// The documents, in corpus order.
    pub(super) fn addresses(&self) -> Vec<DocAddress> {
        (0u32..)
            .zip(&self.0)
            .flat_map(|(ord, docs)| docs.iter().map(move |(doc, _)| DocAddress::new(ord, *doc)))
            .collect()
    }

    /// The best `limit` documents of those `keep` admits, best first, equal scores in corpus
    /// order: what a search for the best `limit` finds. Read in corpus order, a document
    /// scoring no more than the worst of `limit` kept cannot enter, and is not looked at.
    pub(super) fn top(
        &self,
        limit: usize,
        keep: impl Fn(&DocAddress) -> bool,
    ) -> Vec<(f32, DocAddress)> {
        let order =
            |a: &(f32, DocAddress), b: &(f32, DocAddress)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
        let mut found: Vec<(f32, DocAddress)> = Vec::new();
        if limit == 0 {
            return found;
        }
        let mut floor = f32::NEG_INFINITY;
        for (ord, docs) in (0u32..).zip(&self.0) {
            for &(doc, score) in docs {
                let address = DocAddress::new(ord, doc);
                if score <= floor || !keep(&address) {
                    continue;
                }
                found.push((score, address));
                if found.len() == 2 * limit {
                    found.select_nth_unstable_by(limit - 1, order);
                    found.truncate(limit);
                    floor = found[limit - 1].0;
                }
            }
        }
        if found.len() > limit {
            found.select_nth_unstable_by(limit - 1, order);
            found.truncate(limit);
        }
        found.sort_by(order);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::documents::{Ancestors, Doc};
    use crate::search::store;
    use tantivy::query::{BooleanQuery, BoostQuery, DisjunctionMaxQuery, Occur};

    /// The query a search would make of a word's terms: the best reading, plus the headings.
    fn word_query(search: &Search, word: &keywords::WordTerms) -> Box<dyn Query> {
        let best = |terms: &[Weighted]| -> Box<dyn Query> {
            Box::new(DisjunctionMaxQuery::new(
                terms
                    .iter()
                    .map(|t| -> Box<dyn Query> {
                        Box::new(BoostQuery::new(
                            search.term_query(t.field, &t.text),
                            t.boost,
                        ))
                    })
                    .collect(),
            ))
        };
        Box::new(BooleanQuery::new(vec![
            (Occur::Should, best(&word.forms)),
            (Occur::Should, best(&word.context)),
        ]))
    }

    /// Sixty texts over thirty laws, each holding some of a few words, some twice, among
    /// others of its own: the words fall unevenly.
    fn texts() -> (tempfile::TempDir, Opened) {
        let ancestors = Ancestors(BTreeMap::new());
        let words = ["card", "penalty", "played", "lead", "dummy", "claim"];
        let mut docs = Vec::new();
        for n in 0..60_usize {
            let mut text = format!("text {n} of the laws");
            for (i, word) in words.iter().enumerate() {
                if (n + i) % (i + 2) == 0 {
                    text.push_str(&format!(" {word} and more"));
                }
                if (n * (i + 1)) % 7 == 1 {
                    text.push_str(&format!(" the {word}s"));
                }
            }
            let id = format!("{}", n % 30 + 1);
            let mut doc = Doc::new(
                id,
                DocKind::Law,
                "en-2017",
                Some(Lang::En),
                vec![],
                &ancestors,
            );
            doc.texts = vec![(Lang::En, text)];
            docs.push(doc);
        }
        let dir = tempfile::tempdir().unwrap();
        let opened = store::build_documents(&docs, dir.path(), "test").unwrap();
        (dir, opened)
    }

    /// `ours` are the documents a search of `query` finds, with its scores.
    fn same_as_search(search: &Search, ours: Vec<(f32, DocAddress)>, query: &dyn Query) {
        let theirs = search.top(query, 100).unwrap();
        assert!(!theirs.is_empty());
        assert_eq!(ours.len(), theirs.len());
        for ((a, x), (b, y)) in ours.iter().zip(&theirs) {
            assert!((a - b).abs() <= 1e-5 * b.abs(), "{a} against {b}");
            // Equal documents, or equal scores in another order of adding up.
            assert!(x == y || (a - b).abs() <= 1e-5 * b.abs());
        }
        let mut ours: Vec<DocAddress> = ours.into_iter().map(|(_, a)| a).collect();
        let mut theirs: Vec<DocAddress> = theirs.into_iter().map(|(_, a)| a).collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs);
    }

    /// Words scored term by term find what a search of the same terms finds, scored alike: each
    /// word, and the words with a minimum of them.
    #[test]
    fn words_score_as_a_search_scores_them() {
        let (_dir, opened) = texts();
        let searcher = opened.reader.searcher();
        let request = Request::new("x");
        let search = Search::new(&opened, &searcher, &request);
        let typed: Vec<Word> = ["penalty", "cards", "played", "dummy", "claiming"]
            .iter()
            .map(|w| Word {
                typed: w.to_string(),
                folded: analyze::fold_word(w),
                lang: Some(Lang::En),
                common: false,
            })
            .collect();
        let own: Vec<&Word> = typed.iter().collect();
        let mut matcher = Matcher::default();
        let terms = search
            .word_terms(Lang::En, &own, &mut matcher, &mut BTreeMap::new())
            .unwrap();
        let scored = search.scored_words(&terms).unwrap();
        let queries: Vec<Box<dyn Query>> = terms.iter().map(|w| word_query(&search, w)).collect();
        for (word, query) in scored.iter().zip(&queries) {
            same_as_search(&search, word.top(100, |_| true), query.as_ref());
        }
        let lists: Vec<&Scored> = scored.iter().collect();
        for at_least in 1..=3 {
            let clauses = queries
                .iter()
                .map(|q| (Occur::Should, q.box_clone()))
                .collect();
            let query = BooleanQuery::with_minimum_required_clauses(clauses, at_least);
            let ours = search.combine(&lists, Combine::Sum { at_least });
            same_as_search(&search, ours.top(100, |_| true), &query);
        }
    }

    /// Phrases (a word between them allowed) and single terms scored one by one and added up
    /// find what a search of them all finds, scored alike.
    #[test]
    fn phrases_score_as_a_search_scores_them() {
        let (_dir, opened) = texts();
        let searcher = opened.reader.searcher();
        let request = Request::new("x");
        let search = Search::new(&opened, &searcher, &request);
        let field = search.fields.text(Lang::En, false);
        let stem = |word: &str| analyze::word_stems(Lang::En, word).last().unwrap().clone();
        let forms: [&[&str]; 4] = [
            &["card", "more"],
            &["of", "laws"],
            &["penalty"],
            &["dummy", "and", "more"],
        ];
        let mut lists = Vec::new();
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for form in forms {
            let terms: Vec<Term> = form.iter().map(|w| search.term(field, &stem(w))).collect();
            let query: Box<dyn Query> = match terms.as_slice() {
                [one] => {
                    let text = one.value().as_str().unwrap().to_string();
                    lists.push(
                        search
                            .scored_term(&search.statistics, &Weighted::new(field, &text, 1.0))
                            .unwrap(),
                    );
                    search.term_query(field, &text)
                }
                _ => {
                    let mut phrase = PhraseQuery::new(terms);
                    phrase.set_slop(1);
                    lists.push(search.scored_query(&phrase).unwrap());
                    Box::new(phrase)
                }
            };
            // Each phrase alone, then all of them.
            same_as_search(
                &search,
                lists.last().unwrap().top(100, |_| true),
                query.as_ref(),
            );
            clauses.push((Occur::Should, query));
        }
        let ours = search.combine(
            &lists.iter().collect::<Vec<_>>(),
            Combine::Sum { at_least: 1 },
        );
        same_as_search(
            &search,
            ours.top(100, |_| true),
            &BooleanQuery::new(clauses),
        );
    }

    /// The best of a list, at any limit and with any filter, are those of the whole list
    /// sorted: best first, equal scores in corpus order, over two segments and many ties.
    #[test]
    fn the_best_are_those_of_the_whole_list_sorted() {
        let segment = |seed: u32| -> Vec<(DocId, f32)> {
            (0..90_u32)
                .map(|doc| (doc * 3, ((doc * seed + 7) % 11) as f32 / 2.0))
                .collect()
        };
        let scored = Scored(vec![segment(5), Vec::new(), segment(3)]);
        let every: Vec<(f32, DocAddress)> = (0u32..)
            .zip(&scored.0)
            .flat_map(|(ord, docs)| {
                docs.iter()
                    .map(move |(d, s)| (*s, DocAddress::new(ord, *d)))
            })
            .collect();
        let filters: [&dyn Fn(&DocAddress) -> bool; 3] =
            [&|_| true, &|a| a.doc_id % 2 == 0, &|a| {
                a.segment_ord == 2 && a.doc_id > 100
            }];
        for keep in filters {
            let mut sorted: Vec<(f32, DocAddress)> =
                every.iter().copied().filter(|(_, a)| keep(a)).collect();
            sorted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            for limit in [0, 1, 2, 3, 7, 10, 44, 89, 90, 200] {
                let expected: Vec<_> = sorted.iter().copied().take(limit).collect();
                assert_eq!(scored.top(limit, keep), expected, "limit {limit}");
            }
        }
    }
}
