//! Answering a query: a citation goes straight to its node; words are searched in the
//! languages asked for, through four channels whose scores add up:
//!
//! - direct: the words themselves in the texts of the language they are written in;
//! - glossary: the concepts the words name, their terms in the language asked for (synonyms
//!   in the same language, translations in another);
//! - pointers: the nodes that the book indexes and the glossary point to for those words;
//! - aligned: the nodes the words find in their own language, read in the language asked for
//!   (the editions share their ids, and the English edition's titles, headings and summaries
//!   align with every other).
//!
//! A word found nowhere is looked up by near spelling.

use std::collections::{BTreeSet, HashMap};

use tantivy::collector::TopDocs;
use tantivy::columnar::StrColumn;
use tantivy::query::{
    BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, FuzzyTermQuery, Occur,
    PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{DocAddress, Searcher, TantivyDocument, Term};

use super::analyze::{self, Lang};
use super::documents::DocKind;
use super::snippet::{self, Matcher, Snippet};
use super::store::{Fields, Opened};
use crate::error::{Error, Result};

/// The longest query searched: a director types words, not pages.
pub const MAX_QUERY_CHARS: usize = 500;

/// What to search for.
#[derive(Clone, Debug)]
pub struct Request {
    pub query: String,
    /// The languages of the results; empty: the languages the query is written in.
    pub langs: Vec<Lang>,
    /// Only these editions (or countries, for regulations); empty: all.
    pub editions: Vec<String>,
    /// Only these kinds; empty: the readable ones (not index terms or concepts).
    pub kinds: Vec<DocKind>,
    pub limit: usize,
}

impl Request {
    pub fn new(query: &str) -> Self {
        Request {
            query: query.to_string(),
            langs: Vec::new(),
            editions: Vec::new(),
            kinds: Vec::new(),
            limit: 10,
        }
    }
}

/// What a search found, as `--format json` prints it.
#[derive(Debug, serde::Serialize)]
pub struct Outcome {
    pub query: String,
    /// The node the query cites, when it is a citation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub citation: Option<String>,
    /// Words found nowhere as typed, looked up by near spelling.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub near_spellings: Vec<String>,
    /// The glossary concepts the query was read as.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub concepts: Vec<String>,
    pub results: Vec<Hit>,
}

#[derive(Debug, serde::Serialize)]
pub struct Hit {
    pub id: String,
    pub edition: String,
    pub lang: String,
    pub kind: String,
    pub heading: String,
    pub snippet: String,
    /// Character ranges of `snippet` that matched the query.
    pub highlights: Vec<[usize; 2]>,
    pub score: f32,
    /// The nodes the result is about (itself for a node).
    pub targets: Vec<String>,
}

/// The weight of each channel against the direct one (whose best score counts 1).
const GLOSSARY_WEIGHT: f32 = 0.6;
const POINTER_WEIGHT: f32 = 0.6;
const ALIGNED_WEIGHT: f32 = 0.8;
/// How many candidates each channel contributes, and how many of another language's best
/// documents are read through their ids.
const CANDIDATES: usize = 60;
const ALIGNED: usize = 20;
/// How much a document gains from the other matches in its law, at most.
const LAW_WEIGHT: f32 = 1.0;
/// How many indexed words one query word's near spellings may stand for.
const NEAR_TERMS: usize = 8;
/// Fewer results than this with most of the words: search with any of them.
const FEW: usize = 5;
/// How many index terms and concepts a query may name.
const POINTERS: usize = 6;
/// A word in the headings above a node against one in the node.
const CONTEXT_WEIGHT: f32 = 0.3;

/// Add a channel's scores, scaled so that its best counts `weight`.
fn add(total: &mut Scores, scores: Scores, weight: f32) {
    let best = scores.values().copied().fold(0.0_f32, f32::max);
    if best > 0.0 {
        for (address, score) in scores {
            *total.entry(address).or_default() += weight * score / best;
        }
    }
}

/// A query word: as typed, folded, its language and, once looked up, whether it is found only
/// by near spelling.
#[derive(Debug)]
struct Word {
    typed: String,
    folded: String,
    lang: Option<Lang>,
}

pub fn search(opened: &Opened, request: &Request) -> Result<Outcome> {
    let query = request.query.trim();
    if query.is_empty() {
        return Err(Error::Usage(
            "the query is empty; type a few words (`insufficient bid`, `הכרזה לא מספקת`) or a law (`27B1(a)`)".into(),
        ));
    }
    let length = query.chars().count();
    if length > MAX_QUERY_CHARS {
        return Err(Error::Usage(format!(
            "the query is {length} characters long; a search takes at most {MAX_QUERY_CHARS}: type the few words that matter"
        )));
    }
    let searcher = opened.reader.searcher();
    let search = Search {
        fields: opened.fields,
        searcher: &searcher,
        request,
        targets: std::cell::OnceCell::new(),
        near: std::cell::RefCell::new(HashMap::new()),
    };
    search.check_editions(opened)?;
    if let Ok(id) = crate::refs::parse(query)
        && let Some(outcome) = search.citation(query, &id)?
    {
        return Ok(outcome);
    }
    let words: Vec<Word> = analyze::words(query)
        .map(|(_, w)| Word {
            typed: w.to_string(),
            folded: analyze::fold_word(w),
            lang: Lang::of_word(w),
        })
        .filter(|w| !w.folded.is_empty())
        .collect();
    if words.is_empty() {
        return Err(Error::Usage(format!(
            "the query `{query}` has no letters or digits to search for"
        )));
    }
    search.keywords(query, &words, opened)
}

struct Search<'a> {
    fields: Fields,
    searcher: &'a Searcher,
    request: &'a Request,
    /// The targets column of each segment, opened on first use.
    targets: std::cell::OnceCell<Vec<Option<StrColumn>>>,
    /// Near spellings already looked up: each channel asks for the same words.
    near: std::cell::RefCell<HashMap<(tantivy::schema::Field, String, u8), Vec<String>>>,
}

/// Scores by document, for adding channels up.
type Scores = HashMap<DocAddress, f32>;

impl Search<'_> {
    fn check_editions(&self, opened: &Opened) -> Result<()> {
        for edition in &self.request.editions {
            if !opened.manifest.editions.contains_key(edition) && edition != "glossary" {
                let known: Vec<&str> = opened
                    .manifest
                    .editions
                    .keys()
                    .map(String::as_str)
                    .collect();
                return Err(Error::Usage(format!(
                    "no edition `{edition}` in the index; editions (and countries): {}",
                    known.join(", ")
                )));
            }
        }
        Ok(())
    }

    fn kinds(&self) -> Vec<DocKind> {
        if self.request.kinds.is_empty() {
            DocKind::READABLE.to_vec()
        } else {
            self.request.kinds.clone()
        }
    }

    fn term(&self, field: tantivy::schema::Field, text: &str) -> Term {
        Term::from_field_text(field, text)
    }

    fn term_query(&self, field: tantivy::schema::Field, text: &str) -> Box<dyn Query> {
        Box::new(TermQuery::new(
            self.term(field, text),
            IndexRecordOption::WithFreqs,
        ))
    }

    /// Any of `values` in a keyword field.
    fn any_of(&self, field: tantivy::schema::Field, values: &[&str]) -> Box<dyn Query> {
        Box::new(BooleanQuery::union(
            values.iter().map(|v| self.term_query(field, v)).collect(),
        ))
    }

    /// The documents a result may come from: the languages, editions and kinds asked for.
    /// Kinds are excluded rather than listed, and the language is left out where the query's
    /// field already implies it (`langs` empty): a union of terms cannot skip ahead, and an
    /// intersection with one costs more than the search it filters.
    fn filter(&self, langs: &[Lang], kinds: &[DocKind]) -> Vec<(Occur, Box<dyn Query>)> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let zero = |q: Box<dyn Query>| -> Box<dyn Query> { Box::new(ConstScoreQuery::new(q, 0.0)) };
        if !langs.is_empty() {
            let mut codes: Vec<&str> = langs.iter().map(|l| l.code()).collect();
            if kinds.contains(&DocKind::Glossary) {
                codes.push("mul");
            }
            clauses.push((Occur::Must, zero(self.one_of(self.fields.lang, &codes))));
        }
        for kind in DocKind::ALL.iter().filter(|k| !kinds.contains(k)) {
            clauses.push((
                Occur::MustNot,
                self.term_query(self.fields.kind, kind.as_str()),
            ));
        }
        if !self.request.editions.is_empty() {
            let editions: Vec<&str> = self.request.editions.iter().map(String::as_str).collect();
            clauses.push((
                Occur::Must,
                zero(self.one_of(self.fields.edition, &editions)),
            ));
        }
        clauses
    }

    /// A term query for one value, a union for several.
    fn one_of(&self, field: tantivy::schema::Field, values: &[&str]) -> Box<dyn Query> {
        match values {
            [one] => self.term_query(field, one),
            _ => self.any_of(field, values),
        }
    }

    fn filtered(
        &self,
        query: Box<dyn Query>,
        filter: Vec<(Occur, Box<dyn Query>)>,
    ) -> BooleanQuery {
        let mut clauses = vec![(Occur::Must, query)];
        clauses.extend(filter);
        BooleanQuery::new(clauses)
    }

    fn top(&self, query: &dyn Query, limit: usize) -> Result<Vec<(f32, DocAddress)>> {
        self.searcher
            .search(query, &TopDocs::with_limit(limit.max(1)).order_by_score())
            .map_err(search_error)
    }

    /// A node is likelier when other nodes of its law match too (a law answers a question
    /// more often than one paragraph does): each document gains a share of its law's score,
    /// the sum of the law's three best documents.
    fn add_law_scores(&self, total: &mut Scores) -> Result<()> {
        let columns: Vec<Option<tantivy::columnar::Column<u64>>> = self
            .searcher
            .segment_readers()
            .iter()
            .map(|s| s.fast_fields().u64("law").ok())
            .collect();
        let law_of = |address: &DocAddress| -> Option<u64> {
            let column = columns.get(address.segment_ord as usize)?.as_ref()?;
            column.first(address.doc_id).filter(|&law| law > 0)
        };
        let mut by_law: HashMap<u64, Vec<f32>> = HashMap::new();
        for (address, score) in total.iter() {
            if let Some(law) = law_of(address) {
                by_law.entry(law).or_default().push(*score);
            }
        }
        let law_scores: HashMap<u64, f32> = by_law
            .into_iter()
            .map(|(law, mut scores)| {
                scores.sort_by(|a, b| b.total_cmp(a));
                (law, scores.iter().take(3).sum())
            })
            .collect();
        let best = law_scores.values().copied().fold(0.0_f32, f32::max);
        if best > 0.0 {
            for (address, score) in total.iter_mut() {
                if let Some(law) = law_of(address) {
                    *score += LAW_WEIGHT * law_scores[&law] / best;
                }
            }
        }
        Ok(())
    }

    /// The nodes a document is about, from the fast column (no stored document is read).
    fn targets_of(&self, address: DocAddress) -> Result<Vec<String>> {
        let columns = self.targets.get_or_init(|| {
            self.searcher
                .segment_readers()
                .iter()
                .map(|s| s.fast_fields().str("targets").ok().flatten())
                .collect()
        });
        let Some(Some(column)) = columns.get(address.segment_ord as usize) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for ord in column.term_ords(address.doc_id) {
            let mut target = String::new();
            column
                .ord_to_str(ord, &mut target)
                .map_err(|e| Error::Usage(format!("reading the index: {e}")))?;
            out.push(target);
        }
        Ok(out)
    }

    /// Every document `query` finds, in corpus order.
    fn addresses(&self, query: &dyn Query) -> Result<Vec<DocAddress>> {
        let mut found: Vec<DocAddress> = self
            .searcher
            .search(query, &tantivy::collector::DocSetCollector)
            .map_err(search_error)?
            .into_iter()
            .collect();
        found.sort();
        Ok(found)
    }

    fn doc(&self, address: DocAddress) -> Result<TantivyDocument> {
        self.searcher.doc(address).map_err(search_error)
    }

    fn stored<'d>(&self, doc: &'d TantivyDocument, field: tantivy::schema::Field) -> Vec<&'d str> {
        doc.get_all(field).filter_map(|v| v.as_str()).collect()
    }

    fn first(&self, doc: &TantivyDocument, field: tantivy::schema::Field) -> String {
        self.stored(doc, field)
            .first()
            .map_or_else(String::new, |s| (*s).to_string())
    }

    /// The languages results are asked in.
    fn target_langs(&self, opened: &Opened, words: &[Word]) -> Vec<Lang> {
        if !self.request.langs.is_empty() {
            return self.request.langs.clone();
        }
        let from_editions: BTreeSet<Lang> = self
            .request
            .editions
            .iter()
            .filter_map(|e| opened.manifest.editions.get(e))
            .filter_map(|code| Lang::from_code(code))
            .collect();
        if !from_editions.is_empty() {
            return from_editions.into_iter().collect();
        }
        let typed: BTreeSet<Lang> = words.iter().filter_map(|w| w.lang).collect();
        if typed.is_empty() {
            Lang::ALL.to_vec()
        } else {
            typed.into_iter().collect()
        }
    }

    /// A citation: the node in every edition asked for, then what lies within it.
    fn citation(&self, query: &str, id: &str) -> Result<Option<Outcome>> {
        let langs = if self.request.langs.is_empty() {
            Lang::ALL.to_vec()
        } else {
            self.request.langs.clone()
        };
        let kinds = self.kinds();
        // The node itself in each edition, then what lies within it in corpus order: only as
        // many documents are read as are shown.
        let exact = self.filtered(
            self.term_query(self.fields.id, id),
            self.filter(&langs, &kinds),
        );
        let within = self.filtered(
            self.term_query(self.fields.within, id),
            self.filter(&langs, &kinds),
        );
        let mut nodes = self.addresses(&exact)?;
        if nodes.is_empty() && self.addresses(&within)?.is_empty() {
            return Ok(None);
        }
        // The script the citation is written in puts its edition first.
        let typed =
            analyze::words(query).find_map(|(_, w)| Lang::of_word(w).filter(|l| *l != Lang::En));
        let mut ranked = Vec::new();
        nodes.truncate(self.request.limit.max(3) * 3);
        for address in nodes.iter().copied() {
            let doc = self.doc(address)?;
            let lang = self.first(&doc, self.fields.lang);
            let first_lang = typed.is_some_and(|l| l.code() == lang);
            ranked.push(((false, !first_lang, address), doc));
        }
        ranked.sort_by_key(|(key, _)| *key);
        let room = self.request.limit.saturating_sub(ranked.len());
        for address in self
            .addresses(&within)?
            .into_iter()
            .filter(|a| !nodes.contains(a))
            .take(room)
        {
            ranked.push(((true, true, address), self.doc(address)?));
        }
        let matcher = Matcher::default();
        let results = ranked
            .into_iter()
            .take(self.request.limit)
            .map(|((inexact, _, _), doc)| {
                let score = if inexact { 0.5 } else { 1.0 };
                self.hit(&doc, score, &matcher)
            })
            .collect();
        Ok(Some(Outcome {
            query: query.to_string(),
            citation: Some(id.to_string()),
            near_spellings: Vec::new(),
            concepts: Vec::new(),
            results,
        }))
    }

    fn keywords(&self, query: &str, words: &[Word], opened: &Opened) -> Result<Outcome> {
        let targets = self.target_langs(opened, words);
        let kinds = self.kinds();
        let mut near = BTreeSet::new();
        let mut matchers: HashMap<Lang, Matcher> = HashMap::new();
        let pointers = self.pointer_hits(words, &mut near)?;
        let readings = readings(words);
        let concepts = self.concepts(words, &readings, &pointers);
        let pointed = self.pointed(words, &readings, &concepts, &pointers);
        // What each language's texts find, directly and through the concepts: the evidence
        // a target language also reads through the aligned ids.
        let mut evidence: HashMap<Lang, Scores> = HashMap::new();
        for lang in Lang::ALL {
            let matcher = matchers.entry(lang).or_default();
            let mut found: Scores = HashMap::new();
            // The texts of this language: its fields imply it.
            let filter = || self.filter(&[], &kinds);
            let own: Vec<&Word> = words
                .iter()
                .filter(|w| w.lang.is_none_or(|l| l == lang))
                .collect();
            if own.iter().any(|w| w.lang.is_some()) {
                // Texts with half the words or more, unless too few have them: one rare word
                // should not outrank several of the query's.
                let half = own.len().div_ceil(2).max(1);
                let text = self.text_query(lang, &own, matcher, &mut near, half)?;
                let mut direct = self.collect(self.filtered(text, filter()))?;
                if direct.len() < FEW && half > 1 {
                    let text = self.text_query(lang, &own, matcher, &mut near, 1)?;
                    direct = self.collect(self.filtered(text, filter()))?;
                }
                add(&mut found, direct, 1.0);
            }
            let weight = concepts.iter().map(|c| c.weight).fold(0.0, f32::max);
            let forms: Vec<&str> = concepts
                .iter()
                .flat_map(|c| {
                    c.forms
                        .iter()
                        .filter(|(l, _)| *l == lang)
                        .map(|(_, f)| f.as_str())
                })
                .collect();
            if !forms.is_empty() {
                let phrases = self.phrases(lang, &forms, matcher);
                add(
                    &mut found,
                    self.collect(self.filtered(phrases, filter()))?,
                    GLOSSARY_WEIGHT * weight,
                );
            }
            evidence.insert(lang, found);
        }
        let mut total: Scores = HashMap::new();
        for &lang in &targets {
            let filter = || self.filter(&[lang], &kinds);
            if let Some(found) = evidence.get(&lang) {
                for (address, score) in found {
                    *total.entry(*address).or_default() += score;
                }
            }
            add(
                &mut total,
                self.by_targets(&pointed, filter())?,
                POINTER_WEIGHT,
            );
            for other in Lang::ALL.into_iter().filter(|l| *l != lang) {
                let Some(found) = evidence.get(&other).filter(|f| !f.is_empty()) else {
                    continue;
                };
                let mut ranked: Vec<(&DocAddress, &f32)> = found.iter().collect();
                ranked.sort_by(|a, b| b.1.total_cmp(a.1));
                let mut aligned: HashMap<String, f32> = HashMap::new();
                for (address, score) in ranked.into_iter().take(ALIGNED) {
                    for target in self.targets_of(*address)? {
                        let best = aligned.entry(target).or_default();
                        *best = best.max(*score);
                    }
                }
                add(
                    &mut total,
                    self.by_targets(&aligned, filter())?,
                    ALIGNED_WEIGHT,
                );
            }
        }
        self.add_law_scores(&mut total)?;
        // Asked for concepts, the ones the query names come first.
        if kinds.contains(&DocKind::Glossary) {
            for concept in &concepts {
                let id = format!("glossary/{}", concept.id);
                for (_, address) in self.top(&self.term_query(self.fields.id, &id), 1)? {
                    *total.entry(address).or_default() += 1.0 + concept.weight;
                }
            }
        }
        let mut ranked: Vec<(DocAddress, f32)> = total.into_iter().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut results = Vec::new();
        let empty = Matcher::default();
        for (address, score) in ranked.into_iter().take(self.request.limit) {
            let doc = self.doc(address)?;
            let lang = Lang::from_code(&self.first(&doc, self.fields.lang));
            let matcher = lang.and_then(|l| matchers.get(&l)).unwrap_or(&empty);
            results.push(self.hit(&doc, score, matcher));
        }
        Ok(Outcome {
            query: query.to_string(),
            citation: None,
            near_spellings: near.into_iter().collect(),
            concepts: concepts.iter().map(|c| c.id.clone()).collect(),
            results,
        })
    }

    /// Scores of the documents `query` finds, best first, at most `CANDIDATES`.
    fn collect(&self, query: BooleanQuery) -> Result<Scores> {
        Ok(self
            .top(&query, CANDIDATES)?
            .into_iter()
            .map(|(score, address)| (address, score))
            .collect())
    }

    /// The words in `lang`'s fields: per word, the best of its printed form (weighted up) and
    /// its stems or prefix-stripped forms; a word found nowhere, by near spelling.
    fn text_query(
        &self,
        lang: Lang,
        words: &[&Word],
        matcher: &mut Matcher,
        near: &mut BTreeSet<String>,
        at_least: usize,
    ) -> Result<Box<dyn Query>> {
        let exact_field = self.fields.text(lang, true);
        let stems_field = self.fields.text(lang, false);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for word in words {
            let stems: Vec<String> = analyze::terms(lang, false, &word.typed).concat();
            let mut forms: Vec<Box<dyn Query>> = vec![Box::new(BoostQuery::new(
                self.term_query(exact_field, &word.folded),
                2.0,
            ))];
            let mut found = self.doc_freq(exact_field, &word.folded)? > 0;
            for (stripped, stem) in stems.iter().enumerate() {
                // Hebrew: the fewer letters taken off, the likelier the reading.
                let weight = if lang == Lang::He && *stem != word.folded {
                    0.9_f32.powi(i32::try_from(stripped + 1).unwrap_or(3))
                } else {
                    1.0
                };
                forms.push(Box::new(BoostQuery::new(
                    self.term_query(stems_field, stem),
                    weight,
                )));
                found |= self.doc_freq(stems_field, stem)? > 0;
            }
            matcher.terms.extend(stems.iter().cloned());
            // Inflection inside the word that stems and prefixes do not reach (`הובילה`,
            // `הובלה`; `άκουσε`, `ακούγοντας`): the words one edit away count, a little.
            if found && lang != Lang::En {
                let (field, form) = match lang {
                    Lang::He => (exact_field, &word.folded),
                    _ => (stems_field, stems.first().unwrap_or(&word.folded)),
                };
                if form.chars().count() >= 5 {
                    for other in self.near_terms(field, form, 1)? {
                        forms.push(Box::new(BoostQuery::new(
                            self.term_query(field, &other),
                            0.3,
                        )));
                    }
                }
            }
            // A word found nowhere: the words a misspelling away, almost as much as the word.
            if !found && let Some(distance) = near_distance(&word.folded) {
                near.insert(word.typed.clone());
                matcher.near.push((word.folded.clone(), distance));
                let mut spellings = vec![(exact_field, word.folded.clone(), distance)];
                if lang == Lang::He {
                    for stem in analyze::unprefixed(&word.folded).filter(|s| s.chars().count() >= 4)
                    {
                        spellings.push((stems_field, stem.to_string(), 1));
                    }
                }
                for (field, form, distance) in spellings {
                    for other in self.near_terms(field, &form, distance)? {
                        forms.push(Box::new(BoostQuery::new(
                            self.term_query(field, &other),
                            0.8,
                        )));
                    }
                }
            }
            // The headings above a node, a little.
            let context_field = self.fields.context(lang);
            let context: Vec<Box<dyn Query>> = stems
                .iter()
                .map(|stem| self.term_query(context_field, stem))
                .collect();
            let word_query: Vec<(Occur, Box<dyn Query>)> = vec![
                (Occur::Should, Box::new(DisjunctionMaxQuery::new(forms))),
                (
                    Occur::Should,
                    Box::new(BoostQuery::new(
                        Box::new(DisjunctionMaxQuery::new(context)),
                        CONTEXT_WEIGHT,
                    )),
                ),
            ];
            clauses.push((Occur::Should, Box::new(BooleanQuery::new(word_query))));
        }
        Ok(Box::new(BooleanQuery::with_minimum_required_clauses(
            clauses, at_least,
        )))
    }

    /// The indexed words `distance` edits from `text` (a swap counting one), at most
    /// `NEAR_TERMS` of them; searched as terms, they score by how rare they are, as the
    /// word itself would.
    fn near_terms(
        &self,
        field: tantivy::schema::Field,
        text: &str,
        distance: u8,
    ) -> Result<Vec<String>> {
        let key = (field, text.to_string(), distance);
        if let Some(found) = self.near.borrow().get(&key) {
            return Ok(found.clone());
        }
        let automaton = FuzzyTermQuery::new(self.term(field, text), distance, true)
            .automaton()
            .map_err(search_error)?;
        let mut out = Vec::new();
        for segment in self.searcher.segment_readers() {
            let inverted = segment.inverted_index(field).map_err(search_error)?;
            let mut stream = inverted
                .terms()
                .search(&automaton)
                .into_stream()
                .map_err(|e| Error::Usage(format!("reading the index: {e}")))?;
            while stream.advance() && out.len() < NEAR_TERMS {
                let term = String::from_utf8_lossy(stream.key()).into_owned();
                if term != text && !out.contains(&term) {
                    out.push(term);
                }
            }
        }
        self.near.borrow_mut().insert(key, out.clone());
        Ok(out)
    }

    fn doc_freq(&self, field: tantivy::schema::Field, text: &str) -> Result<u64> {
        self.searcher
            .doc_freq(&self.term(field, text))
            .map_err(search_error)
    }

    /// The forms of concepts as phrases in `lang`'s stems field.
    fn phrases(&self, lang: Lang, forms: &[&str], matcher: &mut Matcher) -> Box<dyn Query> {
        let field = self.fields.text(lang, false);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for form in forms {
            // Each word by its most complete reading: the printed form for Hebrew (the
            // prefix-stripped forms sit at the same position), the stem elsewhere.
            let words: Vec<String> = analyze::terms(lang, false, form)
                .into_iter()
                .filter_map(|group| group.last().cloned())
                .collect();
            matcher.terms.extend(words.iter().cloned());
            let query: Box<dyn Query> = match words.as_slice() {
                [] => continue,
                [one] => self.term_query(field, one),
                _ => {
                    let mut phrase =
                        PhraseQuery::new(words.iter().map(|w| self.term(field, w)).collect());
                    phrase.set_slop(1);
                    Box::new(phrase)
                }
            };
            clauses.push((Occur::Should, query));
        }
        Box::new(BooleanQuery::new(clauses))
    }

    /// The glossary concepts the words name: those with a name the query covers word for
    /// word, the longest such names only (`penalty card` rather than `card`).
    fn concepts(
        &self,
        words: &[Word],
        readings: &Readings,
        pointers: &[TantivyDocument],
    ) -> Vec<Concept> {
        let covered: Vec<(usize, &TantivyDocument)> = pointers
            .iter()
            .filter(|doc| self.first(doc, self.fields.kind) == DocKind::Glossary.as_str())
            .map(|doc| {
                (
                    self.names(doc)
                        .iter()
                        .map(|(l, n)| match coverage(readings, *l, n) {
                            (covered, total) if covered == total => covered,
                            _ => 0,
                        })
                        .max()
                        .unwrap_or(0),
                    doc,
                )
            })
            .filter(|(n, _)| *n > 0)
            .collect();
        let longest = covered.iter().map(|(n, _)| *n).max().unwrap_or(0);
        let weight = share(longest, longest, words);
        covered
            .into_iter()
            .filter(|(n, _)| *n == longest)
            .take(3)
            .map(|(_, doc)| {
                let id = self.first(doc, self.fields.id);
                Concept {
                    id: id.strip_prefix("glossary/").unwrap_or(&id).to_string(),
                    forms: self.names(doc),
                    weight,
                }
            })
            .collect()
    }

    /// A pointer document's names by language.
    fn names(&self, doc: &TantivyDocument) -> Vec<(Lang, String)> {
        self.stored(doc, self.fields.forms)
            .into_iter()
            .filter_map(|f| {
                let (code, form) = f.split_once(':')?;
                Some((Lang::from_code(code)?, form.to_string()))
            })
            .collect()
    }

    /// Pointer documents (index terms, concepts) that name any of the words: for each word,
    /// the `POINTERS` that name it most closely (the shortest names first), so that a common
    /// word does not crowd out the concepts of the others.
    fn pointer_hits(
        &self,
        words: &[Word],
        near: &mut BTreeSet<String>,
    ) -> Result<Vec<TantivyDocument>> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for word in words {
            let Some(lang) = word.lang else { continue };
            let mut unused = Matcher::default();
            let text = self.text_query(lang, &[word], &mut unused, near, 1)?;
            // Concepts apart, so that the many index terms and descriptions of situations do
            // not crowd them out.
            let groups: [&[DocKind]; 2] =
                [&[DocKind::Glossary], &[DocKind::Index, DocKind::Situation]];
            for kinds in groups {
                let query = self.filtered(text.box_clone(), self.filter(&[], kinds));
                for (_, address) in self.top(&query, POINTERS)? {
                    if seen.insert(address) {
                        out.push(self.doc(address)?);
                    }
                }
            }
        }
        Ok(out)
    }

    /// The nodes that the concepts and the book-index terms the query names lead to: an index
    /// term counts when the query covers half its words or more.
    fn pointed(
        &self,
        words: &[Word],
        readings: &Readings,
        concepts: &[Concept],
        pointers: &[TantivyDocument],
    ) -> HashMap<String, f32> {
        let mut out: HashMap<String, f32> = HashMap::new();
        for doc in pointers {
            let id = self.first(doc, self.fields.id);
            let weight = match id.strip_prefix("glossary/") {
                Some(concept) => match concepts.iter().find(|c| c.id == concept) {
                    Some(c) => c.weight,
                    None => continue,
                },
                None => self
                    .names(doc)
                    .iter()
                    .map(|(lang, name)| {
                        let (covered, total) = coverage(readings, *lang, name);
                        share(covered, total, words)
                    })
                    .fold(0.0, f32::max),
            };
            if weight < 0.5 {
                continue;
            }
            for target in self.stored(doc, self.fields.targets) {
                let best = out.entry(target.to_string()).or_default();
                *best = best.max(weight);
            }
        }
        out
    }

    /// The documents about the given nodes, each scored by its node's weight.
    fn by_targets(
        &self,
        weights: &HashMap<String, f32>,
        filter: Vec<(Occur, Box<dyn Query>)>,
    ) -> Result<Scores> {
        if weights.is_empty() {
            return Ok(HashMap::new());
        }
        let clauses: Vec<(Occur, Box<dyn Query>)> = weights
            .iter()
            .map(|(id, weight)| {
                let query: Box<dyn Query> = Box::new(ConstScoreQuery::new(
                    self.term_query(self.fields.targets, id),
                    *weight,
                ));
                (Occur::Should, query)
            })
            .collect();
        // A document about several of the nodes counts its best, not their sum; a node with
        // nothing to show is left to citations.
        let mut filter = filter;
        filter.push((
            Occur::MustNot,
            self.term_query(self.fields.flags, "textless"),
        ));
        let query = self.filtered(
            Box::new(DisjunctionMaxQuery::new(
                clauses.into_iter().map(|(_, q)| q).collect(),
            )),
            filter,
        );
        self.collect(query)
    }

    fn hit(&self, doc: &TantivyDocument, score: f32, matcher: &Matcher) -> Hit {
        let body = self.first(doc, self.fields.body);
        let heading = self.first(doc, self.fields.heading);
        let lang = self.first(doc, self.fields.lang);
        let text = if body.is_empty() { &heading } else { &body };
        let Snippet { text, highlights } = match Lang::from_code(&lang) {
            Some(l) => snippet::snippet(text, l, matcher, snippet::WIDTH),
            None => Snippet {
                text: text.clone(),
                highlights: Vec::new(),
            },
        };
        Hit {
            id: self.first(doc, self.fields.id),
            edition: self.first(doc, self.fields.edition),
            lang,
            kind: self.first(doc, self.fields.kind),
            heading,
            snippet: text,
            highlights,
            score,
            targets: self
                .stored(doc, self.fields.targets)
                .into_iter()
                .map(str::to_string)
                .collect(),
        }
    }
}

/// A glossary concept the query was read as, with its forms in every language.
struct Concept {
    id: String,
    forms: Vec<(Lang, String)>,
    /// How much of the query it explains.
    weight: f32,
}

/// How well a name of `total` words, `covered` of them by the query, stands for the query:
/// the covered words against the longer of the name and the query.
fn share(covered: usize, total: usize, words: &[Word]) -> f32 {
    let query = words.iter().filter(|w| w.lang.is_some()).count();
    covered as f32 / total.max(query).max(1) as f32
}

/// The query's words as each language's stems analyzer reads them, made once per query.
type Readings<'w> = [Vec<(Vec<String>, &'w Word)>; 3];

fn readings(words: &[Word]) -> Readings<'_> {
    Lang::ALL.map(|lang| {
        words
            .iter()
            .filter(|w| w.lang.is_none_or(|l| l == lang))
            .map(|w| (analyze::terms(lang, false, &w.typed).concat(), w))
            .collect()
    })
}

/// How many of the words of `name` some query word matches (a reading in common: stems, or
/// Hebrew words with and without their prefixes; or a near spelling of a word found
/// nowhere), and how many words it has.
fn coverage(readings: &Readings, lang: Lang, name: &str) -> (usize, usize) {
    let ours = &readings[lang as usize];
    if ours.iter().all(|(_, w)| w.lang.is_none()) {
        // No word of the query is in this language: nothing to analyze.
        return (0, 1);
    }
    let stems = analyze::terms(lang, false, name);
    let exact = analyze::terms(lang, true, name);
    let covered = stems
        .iter()
        .zip(&exact)
        .filter(|(theirs, folded)| {
            ours.iter().any(|(mine, w)| {
                mine.iter().any(|t| theirs.contains(t))
                    || near_distance(&w.folded).is_some_and(|d| {
                        folded
                            .iter()
                            .any(|f| snippet::edit_distance(&w.folded, f) <= usize::from(d))
                    })
            })
        })
        .count();
    (covered, stems.len())
}

/// How many edits a near spelling may make: none for short words, where one edit makes
/// another word.
fn near_distance(folded: &str) -> Option<u8> {
    match folded.chars().count() {
        0..=3 => None,
        4..=7 => Some(1),
        _ => Some(2),
    }
}

fn search_error(e: tantivy::TantivyError) -> Error {
    Error::Usage(format!("searching the index: {e}"))
}
