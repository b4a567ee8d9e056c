//! Answering a query: a citation goes straight to its node; words rank units first (the law a
//! director opens, or a definition), then the documents within them.
//!
//! A unit's score is its profile's: everything said of it in every language (its texts, the
//! English summaries, its regulations, the situations, concepts and index terms pointing into
//! it), scored by BM25 among the profiles alone. Within the units, documents are scored in the
//! languages asked for, through four channels whose scores add up:
//!
//! - direct: the words themselves in the texts of the language they are written in;
//! - glossary: the concepts the words name, their terms in the language asked for (synonyms
//!   in the same language, translations in another);
//! - pointers: the nodes that the glossary, the book indexes and the situations point to for
//!   those words, and every node within them;
//! - aligned: the nodes the words find in their own language, read in the language asked for
//!   (the editions share their ids, and the English edition's titles, headings and summaries
//!   align with every other).
//!
//! A document then gains its unit's score, which outweighs its own, and the first results
//! offer one document per unit. A word found nowhere is looked up by near spelling, and Greek
//! typed in Latin letters is read as Greek (`greeklish`).

mod citation;
mod greeklish;
mod keywords;
mod phase;
mod pointers;
mod scored;
mod units;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use tantivy::collector::TopDocs;
use tantivy::columnar::StrColumn;
use tantivy::postings::{SegmentPostings, TermInfo};
use tantivy::query::{Bm25StatisticsProvider, FuzzyTermQuery, PhraseQuery, Query, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{DocAddress, DocSet, Searcher, TantivyDocument, Term};

use super::analyze::{self, Lang};
use super::documents::{self, DocKind};
use super::lock;
use super::name::Name;
use super::snippet::{self, Matcher, Snippet};
use super::store::{Fields, Opened};
use crate::error::{Error, Result};
use crate::refs::{Reading, no_such_law};
use scored::{Combine, Scored, Weighted};

/// The longest query searched: a director types words, not pages.
pub const MAX_QUERY_CHARS: usize = 500;

/// What to search for.
#[derive(Clone, Debug)]
pub struct Request {
    /// The words, or a citation, as typed.
    pub query: String,
    /// The languages of the results; empty: the languages the query is written in.
    pub langs: Vec<Lang>,
    /// Only these editions (or countries, for regulations); empty: all.
    pub editions: Vec<String>,
    /// Only these kinds; empty: the readable ones (not index terms or concepts).
    pub kinds: Vec<DocKind>,
    /// At most this many results.
    pub limit: usize,
    /// The language whose edition comes first among a cited node's editions unless the
    /// citation is in another script than the Latin of the ids (`27A`): the web page's.
    pub first: Option<Lang>,
}

impl Request {
    /// A search for `query` with the defaults: the query's languages, every edition, the
    /// readable kinds, 10 results.
    pub fn new(query: &str) -> Self {
        Request {
            query: query.to_string(),
            langs: Vec::new(),
            editions: Vec::new(),
            kinds: Vec::new(),
            limit: 10,
            first: None,
        }
    }
}

/// What a search found, as `--format json` prints it.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Outcome {
    /// The query as typed.
    pub query: String,
    /// The node the query cites, when it is a citation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub citation: Option<String>,
    /// Words found nowhere as typed, looked up by near spelling.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub near_spellings: Vec<NearSpelling>,
    /// The glossary concepts the query was read as.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub concepts: Vec<String>,
    /// What the query cites that does not exist (`there is no Law 99`): why nothing was found,
    /// or, among words, said before what they find.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "said_in_english"
    )]
    #[schemars(with = "Option<String>")]
    pub message: Option<Unfound>,
    /// Best first; empty when nothing was found.
    pub results: Vec<Hit>,
}

/// A word found nowhere as typed, and the words it was read as.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub struct NearSpelling {
    /// The word as typed (`insuficent`).
    pub typed: String,
    /// The printed words a misspelling away that it was searched as (`insufficient`); empty
    /// when only its stems were (a Hebrew word without its prefixes).
    pub read_as: Vec<String>,
}

impl std::fmt::Display for NearSpelling {
    /// `insuficent (as insufficient)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.typed)?;
        if !self.read_as.is_empty() {
            write!(f, " (as {})", self.read_as.join(", "))?;
        }
        Ok(())
    }
}

/// How many of the words a misspelling was read as are said.
const NEAR_SHOWN: usize = 3;

/// What a query cites that is not there. `Display` says it in English, as the terminal and the
/// JSON do; a page says it in its reader's language from the same variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unfound {
    /// A law beyond the Laws (`law 99`).
    NoSuchLaw(u32),
    /// A node that none of the editions and kinds searched has (`27B9`).
    NoSuchNode(String),
    /// A range of laws (`27-29`), which a search does not show.
    RangeOfLaws {
        /// As typed.
        typed: String,
        /// Its first law.
        from: u32,
        /// Its last law.
        to: u32,
    },
    /// What is written like a citation but reads as none.
    Unreadable {
        /// As typed.
        typed: String,
        /// Why it reads as none, in English.
        why: String,
    },
}

impl std::fmt::Display for Unfound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfound::NoSuchLaw(law) => f.write_str(&no_such_law(*law)),
            Unfound::NoSuchNode(id) => {
                write!(f, "{id}: no such node in the editions and kinds searched")
            }
            Unfound::RangeOfLaws { typed, from, to } => write!(
                f,
                "`{typed}` is a range of laws: `bridgelaws compare {from}-{to}` shows them side by side, and a search finds one law or words"
            ),
            Unfound::Unreadable { why, .. } => f.write_str(why),
        }
    }
}

/// The message as its English sentence, as the terminal prints it.
fn said_in_english<S: serde::Serializer>(
    message: &Option<Unfound>,
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    match message {
        Some(message) => serializer.collect_str(message),
        None => serializer.serialize_none(),
    }
}

/// Why a query is not searched. `Display` says it in English, as the terminal and the API do; a
/// page says it in its reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Nothing but spaces and direction marks.
    Empty,
    /// Longer than `MAX_QUERY_CHARS`: its length in characters.
    TooLong(usize),
    /// No letters or digits to search for (`?!`).
    NoLetters(String),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Empty => f.write_str(
                "the query is empty; type a few words (`insufficient bid`, `הכרזה לא מספקת`) or a law (`27B1(a)`)",
            ),
            Refused::TooLong(length) => write!(
                f,
                "the query is {length} characters long; a search takes at most {MAX_QUERY_CHARS}: type the few words that matter"
            ),
            Refused::NoLetters(query) => {
                write!(f, "the query `{query}` has no letters or digits to search for")
            }
        }
    }
}

/// Why `search` refuses `query`, if it does: for a page to say it in its own words.
pub fn refused(query: &str) -> Option<Refused> {
    read(query).err()
}

/// The query as searched (the marks nobody sees that text pasted from a right-to-left page, a
/// PDF or a chat brings dropped, trimmed) and its words; or why it is not searched. A query
/// without letters or digits is no citation either, so this comes before reading one.
fn read(query: &str) -> std::result::Result<(String, Vec<Word>), Refused> {
    // `\u{200f}27ב1(א)`, `27B1(a)\u{200b}`: pasted, with marks nobody sees.
    let unmarked = crate::text::without_invisible(query);
    let query = unmarked.trim();
    if query.is_empty() {
        return Err(Refused::Empty);
    }
    let length = query.chars().count();
    if length > MAX_QUERY_CHARS {
        return Err(Refused::TooLong(length));
    }
    let words: Vec<Word> = analyze::words(query)
        .flat_map(|(_, w)| match analyze::expand_abbreviation(w) {
            Some(full) => full.split(' ').collect(),
            None => vec![w],
        })
        .map(|w| Word {
            typed: w.to_string(),
            folded: analyze::fold_word(w),
            lang: Lang::of_word(w),
            common: false,
        })
        .filter(|w| !w.folded.is_empty())
        .collect();
    if words.is_empty() {
        return Err(Refused::NoLetters(query.to_string()));
    }
    Ok((query.to_string(), words))
}

impl Outcome {
    /// The words found nowhere as typed, with what each was read as:
    /// `insuficent (as insufficient), renons`.
    pub fn near_spelled(&self) -> String {
        let said: Vec<String> = self.near_spellings.iter().map(|n| n.to_string()).collect();
        said.join(", ")
    }

    /// Nothing found, and why.
    fn nothing(query: &str, message: Unfound) -> Self {
        Outcome {
            query: query.to_string(),
            citation: None,
            near_spellings: Vec::new(),
            concepts: Vec::new(),
            message: Some(message),
            results: Vec::new(),
        }
    }
}

/// One result.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Hit {
    /// The node, definition, footnote, regulation, index term, concept or commentary part.
    pub id: String,
    /// Its edition, or its country for a regulation.
    pub edition: String,
    /// The language code of its text (`he`); `mul` for a concept, which is in every language.
    pub language: String,
    /// What kind of document it is (`law`, `definition`, `regulation`, …).
    pub kind: String,
    /// Its titles, joined by ` › `, without footnote markers.
    pub heading: String,
    /// The part of its text that matched best.
    pub snippet: String,
    /// Character ranges of `snippet` that matched the query.
    pub highlights: Vec<[usize; 2]>,
    /// Higher is better; comparable within one search only.
    pub score: f32,
    /// The nodes the result is about (itself for a node).
    pub targets: Vec<String>,
}

/// The weight of each channel against the direct one (whose best score counts 1).
const GLOSSARY_WEIGHT: f32 = 0.6;
const POINTER_WEIGHT: f32 = 0.8;
const ALIGNED_WEIGHT: f32 = 0.8;
/// How many candidates each channel contributes, and how many of another language's best
/// documents are read through their ids.
const CANDIDATES: usize = 60;
const ALIGNED: usize = 20;
/// What the best unit's profile adds to its documents' scores: far more than any one
/// document's own score (whose best counts 1 in each channel), so that units rank first.
const UNIT_WEIGHT: f32 = 8.0;
/// The share of it a part of the commentary gets from the unit it cites.
const COMMENTARY_SHARE: f32 = 0.5;
/// How many units the profiles of one language offer.
const PROFILED: usize = 10;
/// How many descriptions of situations one language's words are matched with, how many of a
/// unit's best count, and what the best unit's count against its profile's best.
const DESCRIPTIONS: usize = 200;
const BEST_DESCRIPTIONS: usize = 2;
const DESCRIPTION_WEIGHT: f32 = 0.8;
/// A Hebrew word's lemma (its ending of number, gender or state off) against the word.
const LEMMA_WEIGHT: f32 = 0.8;
/// What a law of another phase than the one the query names keeps of its unit's score.
const OTHER_PHASE: f32 = 0.8;
/// How many indexed words one query word's near spellings may stand for.
const NEAR_TERMS: usize = 8;
/// Fewer results than this with most of the words: search with any of them.
const FEW: usize = 5;
/// How many concepts each word of a query may name (and, times its words, other pointers).
const POINTERS: usize = 6;
/// How many concepts a query is read as: more would let a long query's every word pull.
const CONCEPTS: usize = 3;
/// A word in more than one document in this many is too common to look up pointers by.
const COMMON: u64 = 10;
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

/// A query word: as typed, folded, and its language (none for a number).
#[derive(Debug)]
struct Word {
    typed: String,
    folded: String,
    lang: Option<Lang>,
    /// A function word (`the`, `של`, `και`): in more than one document in `COMMON`. It scores
    /// where it stands, but does not on its own cover a name or mark a snippet.
    common: bool,
}

/// Answer `request` from the index `opened`: the results best first, with how the query was
/// read.
pub fn search(opened: &Opened, request: &Request) -> Result<Outcome> {
    let (query, mut words) = read(&request.query).map_err(|r| Error::Usage(r.to_string()))?;
    let query = query.as_str();
    let searcher = opened.reader.searcher();
    let search = Search::new(opened, &searcher, request);
    search.check_editions(opened)?;
    // A national regulation's id, as results name it (`reg/il/8`), goes to it.
    if let Some(id) = crate::corpus::id::regulation_id(query) {
        return Ok(match search.citation(query, &id)? {
            Some(outcome) => outcome,
            None => Outcome::nothing(query, Unfound::NoSuchNode(id)),
        });
    }
    // A citation goes to its node, or says that there is no such node: never to words.
    match crate::refs::reading(query) {
        Reading::Id(id) => {
            return Ok(match search.citation(query, &id)? {
                Some(outcome) => outcome,
                // `27-29` reads as a node (`71-1` is 71.1), but one no edition has.
                None => Outcome::nothing(
                    query,
                    match crate::refs::law_range(query) {
                        Some((from, to)) => Unfound::RangeOfLaws {
                            typed: query.to_string(),
                            from,
                            to,
                        },
                        None => Unfound::NoSuchNode(id),
                    },
                ),
            });
        }
        Reading::NoSuchLaw(law) => return Ok(Outcome::nothing(query, Unfound::NoSuchLaw(law))),
        Reading::Words if crate::refs::misread_citation(query) => {
            let why =
                format!("{query}: no such node; a node is written like 27B1(a) or 12C1(e)(ii)");
            return Ok(Outcome::nothing(
                query,
                Unfound::Unreadable {
                    typed: query.to_string(),
                    why,
                },
            ));
        }
        Reading::Words => {}
    }
    let common = searcher.num_docs() / COMMON;
    let greeklish = search.greeklish(&mut words)?;
    for word in &mut words {
        if let Some(lang) = word.lang {
            word.common = search.doc_freq(search.fields.text(lang, true), &word.folded)? > common;
        }
    }
    let mut outcome = search.keywords(query, &words, opened)?;
    outcome.near_spellings.splice(0..0, greeklish);
    Ok(outcome)
}

/// What queries read again and again from an index that does not change: the pointer documents
/// they follow (read and their names decoded once), the target ids of the documents' fast
/// column, the texts holding each concept's phrases in each language, and each document's kind
/// and unit.
#[derive(Default)]
pub(crate) struct Cache {
    pointers: std::sync::Mutex<HashMap<DocAddress, std::sync::Arc<pointers::Pointer>>>,
    targets: std::sync::Mutex<HashMap<(u32, u64), std::sync::Arc<str>>>,
    phrases: std::sync::Mutex<HashMap<(Lang, String), std::sync::Arc<keywords::Phrases>>>,
    columns: std::sync::OnceLock<Columns>,
}

struct Search<'a> {
    fields: Fields,
    cache: &'a Cache,
    searcher: &'a Searcher,
    request: &'a Request,
    /// The targets column of each segment, opened on first use.
    targets: std::sync::OnceLock<Vec<Option<StrColumn>>>,
    /// Near spellings already looked up: each channel asks for the same words.
    near: std::sync::Mutex<HashMap<(tantivy::schema::Field, String, u8), Vec<String>>>,
    statistics: Statistics<'a>,
}

/// BM25's statistics, each looked up once per query: the channels search the same words
/// again and again, and every search weighs each of its terms anew.
struct Statistics<'a> {
    searcher: &'a Searcher,
    tokens: std::sync::Mutex<HashMap<tantivy::schema::Field, u64>>,
    /// Each term's entry in every segment's dictionary: its documents are counted from it, and
    /// its postings read from it, with one dictionary lookup.
    entries: std::sync::Mutex<HashMap<Term, std::sync::Arc<[Option<TermInfo>]>>>,
}

impl<'a> Statistics<'a> {
    fn of(searcher: &'a Searcher) -> Self {
        Statistics {
            searcher,
            tokens: std::sync::Mutex::default(),
            entries: std::sync::Mutex::default(),
        }
    }

    /// `term`'s entry in each segment's dictionary, by segment.
    fn entries(&self, term: &Term) -> tantivy::Result<std::sync::Arc<[Option<TermInfo>]>> {
        remembered(&self.entries, term, || {
            self.searcher
                .segment_readers()
                .iter()
                .map(|segment| Ok(segment.inverted_index(term.field())?.get_term_info(term)?))
                .collect()
        })
    }
}

impl Bm25StatisticsProvider for Statistics<'_> {
    fn total_num_tokens(&self, field: tantivy::schema::Field) -> tantivy::Result<u64> {
        remembered(&self.tokens, &field, || {
            self.searcher.total_num_tokens(field)
        })
    }

    /// Counted from the segments: nothing to look up.
    fn total_num_docs(&self) -> tantivy::Result<u64> {
        self.searcher.total_num_docs()
    }

    fn doc_freq(&self, term: &Term) -> tantivy::Result<u64> {
        Ok(self
            .entries(term)?
            .iter()
            .flatten()
            .map(|entry| u64::from(entry.doc_freq))
            .sum())
    }
}

/// Scores by document, for adding channels up; ordered, so that scores are added and ties
/// broken in the same order on every run.
type Scores = BTreeMap<DocAddress, f32>;

impl<'a> Search<'a> {
    fn new(opened: &'a Opened, searcher: &'a Searcher, request: &'a Request) -> Self {
        Search {
            fields: opened.fields,
            cache: &opened.cache,
            searcher,
            request,
            targets: std::sync::OnceLock::new(),
            near: std::sync::Mutex::new(HashMap::new()),
            statistics: Statistics::of(searcher),
        }
    }

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
            // An edition in a language the search leaves out would find nothing; English is
            // never ruled out, a country's regulations having English renderings.
            let langs = &self.request.langs;
            if let Some(lang) = opened
                .manifest
                .editions
                .get(edition)
                .and_then(|l| Lang::from_code(l))
                && !langs.is_empty()
                && !langs.contains(&lang)
                && !langs.contains(&Lang::En)
            {
                let asked: Vec<&str> = langs.iter().map(|l| l.code()).collect();
                return Err(Error::Usage(format!(
                    "--edition {edition} is in `{}`, which --lang {} leaves out; drop one of them",
                    lang.code(),
                    asked.join(",")
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

    fn top(&self, query: &dyn Query, limit: usize) -> Result<Vec<(f32, DocAddress)>> {
        self.searcher
            .search_with_statistics_provider(
                query,
                &TopDocs::with_limit(limit.max(1)).order_by_score(),
                &self.statistics,
            )
            .map_err(search_error)
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
            let target = remembered(&self.cache.targets, &(address.segment_ord, ord), || {
                let mut target = String::new();
                column.ord_to_str(ord, &mut target).map_err(read_error)?;
                Ok::<std::sync::Arc<str>, Error>(target.into())
            })?;
            out.push(target.to_string());
        }
        Ok(out)
    }

    /// The documents holding any of `values` in the keyword `field`, in corpus order, read from
    /// their postings: no search to weigh and score, where a few ids name a few documents.
    fn holding(&self, field: tantivy::schema::Field, values: &[&str]) -> Result<Vec<DocAddress>> {
        let weighted: Vec<(&str, f32)> = values.iter().map(|v| (*v, 0.0)).collect();
        Ok(self
            .holding_weighted(field, &weighted)?
            .into_iter()
            .map(|(address, _)| address)
            .collect())
    }

    /// The documents holding both `one` and `other` (each a keyword field and its value), in
    /// corpus order: the shorter list read, the longer skipped through.
    fn holding_both(
        &self,
        one: (tantivy::schema::Field, &str),
        other: (tantivy::schema::Field, &str),
    ) -> Result<Vec<DocAddress>> {
        let (short, long) = if self.doc_freq(one.0, one.1)? <= self.doc_freq(other.0, other.1)? {
            (one, other)
        } else {
            (other, one)
        };
        let mut docs = self.holding(short.0, &[short.1])?;
        self.keep_holding(&mut docs, long.0, &[long.1], true)?;
        Ok(docs)
    }

    /// The documents holding any of `values` in the keyword `field`, each with the best weight
    /// of the values it holds, in corpus order.
    fn holding_weighted(
        &self,
        field: tantivy::schema::Field,
        values: &[(&str, f32)],
    ) -> Result<Vec<(DocAddress, f32)>> {
        let mut out = Vec::new();
        for (ord, segment) in (0u32..).zip(self.searcher.segment_readers()) {
            let mut lists: Vec<Vec<(tantivy::DocId, f32)>> = Vec::new();
            for (value, weight) in values {
                if let Some(postings) = self.postings(segment, field, value)? {
                    let mut docs = Vec::with_capacity(postings.doc_freq() as usize);
                    docs.extend(docs_of(postings).map(|doc| (doc, *weight)));
                    lists.push(docs);
                }
            }
            let lists: Vec<&[(tantivy::DocId, f32)]> = lists.iter().map(Vec::as_slice).collect();
            let alive = segment.alive_bitset();
            out.extend(
                scored::merge(&lists, 1, f32::max)
                    .into_iter()
                    .filter(|(doc, _)| alive.is_none_or(|a| a.is_alive(*doc)))
                    .map(|(doc, weight)| (DocAddress::new(ord, doc), weight)),
            );
        }
        Ok(out)
    }

    /// The documents of `segment` holding `value` in the keyword `field`; none when no
    /// document holds it.
    fn postings(
        &self,
        segment: &tantivy::SegmentReader,
        field: tantivy::schema::Field,
        value: &str,
    ) -> Result<Option<SegmentPostings>> {
        segment
            .inverted_index(field)
            .map_err(search_error)?
            .read_postings(&self.term(field, value), IndexRecordOption::Basic)
            .map_err(read_error)
    }

    /// Keeps those of `docs` (in corpus order) that hold any of `values` in the keyword
    /// `field` (`holds`), or that hold none of them (`!holds`), each list walked once by
    /// skipping ahead to the next document.
    fn keep_holding(
        &self,
        docs: &mut Vec<DocAddress>,
        field: tantivy::schema::Field,
        values: &[&str],
        holds: bool,
    ) -> Result<()> {
        let mut lists: Vec<(u32, SegmentPostings)> = Vec::new();
        for (ord, segment) in (0u32..).zip(self.searcher.segment_readers()) {
            for value in values {
                if let Some(postings) = self.postings(segment, field, value)? {
                    lists.push((ord, postings));
                }
            }
        }
        docs.retain(|address| {
            let found = lists
                .iter_mut()
                .filter(|(segment, _)| *segment == address.segment_ord)
                .any(|(_, postings)| {
                    postings.doc() <= address.doc_id
                        && postings.seek(address.doc_id) == address.doc_id
                });
            found == holds
        });
        Ok(())
    }

    /// The documents of the ids (a node in each edition, a law, a definition), read from the
    /// ids' postings, that a result may come from (`admit`): a search would weigh and score
    /// every id's term first.
    fn with_ids(&self, ids: &[&str], langs: &[Lang], kinds: &[DocKind]) -> Result<Vec<DocAddress>> {
        let mut found = self.holding(self.fields.id, ids)?;
        self.admit(&mut found, langs, kinds)?;
        Ok(found)
    }

    /// Keeps those of `docs` (in corpus order) that a result may come from: of the languages
    /// (a concept's in all of them), kinds and editions asked for.
    fn admit(&self, docs: &mut Vec<DocAddress>, langs: &[Lang], kinds: &[DocKind]) -> Result<()> {
        let columns = self.columns()?;
        if !langs.is_empty() {
            let codes = lang_codes(langs, kinds);
            docs.retain(|address| columns.lang(address).is_some_and(|c| codes.contains(&c)));
        }
        docs.retain(|address| columns.is_of(address, kinds));
        if !self.request.editions.is_empty() {
            let editions: Vec<&str> = self.request.editions.iter().map(String::as_str).collect();
            self.keep_holding(docs, self.fields.edition, &editions, true)?;
        }
        Ok(())
    }

    /// The best `limit` of `found` that a result may come from, with their scores, its
    /// language implied by the field it was found in: the rule of `admit`, read from the
    /// columns alone unless editions are asked for.
    fn top_admitted(&self, found: &Scored, kinds: &[DocKind], limit: usize) -> Result<Scores> {
        let best = if self.request.editions.is_empty() {
            let columns = self.columns()?;
            found.top(limit, |a| columns.is_of(a, kinds))
        } else {
            let mut admitted = found.addresses();
            self.admit(&mut admitted, &[], kinds)?;
            found.top(limit, |a| admitted.binary_search(a).is_ok())
        };
        Ok(best
            .into_iter()
            .map(|(score, address)| (address, score))
            .collect())
    }

    fn columns(&self) -> Result<&Columns> {
        if let Some(columns) = self.cache.columns.get() {
            return Ok(columns);
        }
        let segments = self.searcher.segment_readers().iter();
        let columns = Columns(
            segments
                .map(|s| self.segment_columns(s))
                .collect::<Result<_>>()?,
        );
        Ok(self.cache.columns.get_or_init(|| columns))
    }

    /// One segment's kinds and units from the fast columns, its languages from the postings.
    fn segment_columns(&self, segment: &tantivy::SegmentReader) -> Result<SegmentColumns> {
        let docs = 0..segment.max_doc();
        let fast = segment.fast_fields();
        let kinds = match fast.str("kind").ok().flatten() {
            Some(column) => {
                let ords: Vec<(u64, DocKind)> = DocKind::ALL
                    .iter()
                    .filter_map(|kind| {
                        let ord = column.dictionary().term_ord(kind.as_str());
                        Some((ord.ok().flatten()?, *kind))
                    })
                    .collect();
                let kind_of = |doc| {
                    let ord = column.term_ords(doc).next()?;
                    ords.iter().find(|(o, _)| *o == ord).map(|(_, kind)| *kind)
                };
                docs.clone().map(kind_of).collect()
            }
            None => vec![None; docs.len()],
        };
        let units = match fast.u64("unit").ok() {
            Some(column) => docs
                .clone()
                .map(|doc| column.first(doc).unwrap_or(0))
                .collect(),
            None => vec![0; docs.len()],
        };
        let mut langs = vec![None; docs.len()];
        for (code, index) in LANG_CODES.iter().zip(0u8..) {
            if let Some(postings) = self.postings(segment, self.fields.lang, code)? {
                for doc in docs_of(postings) {
                    langs[doc as usize] = Some(index);
                }
            }
        }
        Ok(SegmentColumns {
            kinds,
            langs,
            units,
        })
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

    /// In more than one document of `lang` in `COMMON`, a word is too common to mark in the
    /// snippets: measured among that language's documents, since English has few texts and
    /// its `to` would pass among all.
    fn unmarked_above(&self, lang: Lang) -> Result<u64> {
        Ok(self.doc_freq(self.fields.lang, lang.code())? / COMMON)
    }

    fn doc_freq(&self, field: tantivy::schema::Field, text: &str) -> Result<u64> {
        self.statistics
            .doc_freq(&self.term(field, text))
            .map_err(search_error)
    }

    fn hit(&self, doc: &TantivyDocument, score: f32, matcher: &Matcher) -> Hit {
        let body = self.first(doc, self.fields.body);
        // A result shows no footnotes, to which a marker in its heading would lead.
        let heading =
            crate::corpus::markers::without(&self.first(doc, self.fields.heading)).into_owned();
        let lang = self.first(doc, self.fields.lang);
        let text = if body.is_empty() { &heading } else { &body };
        let Snippet { text, highlights } = match Lang::from_code(&lang) {
            Some(l) if body != crate::corpus::NOT_BUNDLED => {
                snippet::snippet(text, l, matcher, snippet::WIDTH)
            }
            _ => Snippet {
                text: text.clone(),
                highlights: Vec::new(),
            },
        };
        Hit {
            id: self.first(doc, self.fields.id),
            edition: self.first(doc, self.fields.edition),
            language: lang,
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

/// The language codes of documents in `langs`: a concept's is `mul`, in every language.
fn lang_codes(langs: &[Lang], kinds: &[DocKind]) -> Vec<&'static str> {
    let mut codes: Vec<&str> = langs.iter().map(|l| l.code()).collect();
    if kinds.contains(&DocKind::Glossary) {
        codes.push("mul");
    }
    codes
}

/// The documents of a posting list, in order.
fn docs_of(mut postings: SegmentPostings) -> impl Iterator<Item = tantivy::DocId> {
    let mut doc = postings.doc();
    std::iter::from_fn(move || {
        (doc != tantivy::TERMINATED).then(|| {
            let found = doc;
            doc = postings.advance();
            found
        })
    })
}

/// How much the `stripped`-th reading `stem` of `word` counts against the word as typed. Hebrew:
/// the fewer letters taken off, the likelier the reading; a lemma least of all.
fn reading_weight(lang: Lang, word: &Word, stripped: usize, stem: &str) -> f32 {
    if stem.starts_with(analyze::LEMMA_MARK) {
        LEMMA_WEIGHT
    } else if lang == Lang::He && stem != word.folded {
        0.9_f32.powi(i32::try_from(stripped + 1).unwrap_or(3))
    } else {
        1.0
    }
}

/// How many edits a near spelling may make: none for short words, where one edit makes
/// another word, nor for a word with a digit, where one edit makes another bid, score or node
/// (`3nt`, `1100`, `27b2`).
fn near_distance(folded: &str) -> Option<u8> {
    if folded.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    match folded.chars().count() {
        0..=3 => None,
        4..=7 => Some(1),
        _ => Some(2),
    }
}

/// What `map` holds under `key`, else what `make` makes of it, kept there. The lock is not held
/// while making (making may search, on another thread too): two threads may both make a value,
/// and they make the same one.
fn remembered<Q, K, V, E>(
    map: &std::sync::Mutex<HashMap<K, V>>,
    key: &Q,
    make: impl FnOnce() -> std::result::Result<V, E>,
) -> std::result::Result<V, E>
where
    Q: ToOwned<Owned = K> + std::hash::Hash + Eq + ?Sized,
    K: std::borrow::Borrow<Q> + std::hash::Hash + Eq,
    V: Clone,
{
    if let Some(value) = lock(map).get(key) {
        return Ok(value.clone());
    }
    let value = make()?;
    lock(map).insert(key.to_owned(), value.clone());
    Ok(value)
}

/// Each document's kind, language and unit, read once for the index: a query asks them of
/// thousands of documents, where a column lookup decodes its block each time and a posting list
/// is skipped through.
pub(crate) struct Columns(Vec<SegmentColumns>);

/// The language codes of documents: a concept's is `mul`, in every language.
const LANG_CODES: [&str; 4] = ["he", "el", "en", "mul"];

struct SegmentColumns {
    kinds: Vec<Option<DocKind>>,
    /// An index into `LANG_CODES`.
    langs: Vec<Option<u8>>,
    /// 0 for a document outside the units.
    units: Vec<u64>,
}

impl Columns {
    /// The language code of the document at `address` (`mul` for a concept).
    pub(super) fn lang(&self, address: &DocAddress) -> Option<&'static str> {
        let segment = self.0.get(address.segment_ord as usize)?;
        let index = (*segment.langs.get(address.doc_id as usize)?)?;
        LANG_CODES.get(usize::from(index)).copied()
    }

    /// The kind of the document at `address`.
    pub(super) fn kind(&self, address: &DocAddress) -> Option<DocKind> {
        let segment = self.0.get(address.segment_ord as usize)?;
        *segment.kinds.get(address.doc_id as usize)?
    }

    /// Whether the document at `address` is of one of `kinds`.
    pub(super) fn is_of(&self, address: &DocAddress, kinds: &[DocKind]) -> bool {
        self.kind(address).is_some_and(|kind| kinds.contains(&kind))
    }

    /// The unit of the document at `address`; none for one outside the units.
    pub(super) fn unit(&self, address: &DocAddress) -> Option<u64> {
        let segment = self.0.get(address.segment_ord as usize)?;
        segment
            .units
            .get(address.doc_id as usize)
            .copied()
            .filter(|&unit| unit > 0)
    }
}

fn search_error(e: tantivy::TantivyError) -> Error {
    Error::Index(format!("searching: {e}"))
}

fn read_error(e: impl std::fmt::Display) -> Error {
    Error::Index(format!("reading: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::documents::{Ancestors, Doc};
    use crate::search::store;

    /// Documents of every kind, language and edition, one of each, in a one-segment index.
    fn every_kind_language_and_edition() -> (Vec<Doc>, tempfile::TempDir, Opened) {
        let ancestors = Ancestors(BTreeMap::new());
        let mut docs = Vec::new();
        for kind in DocKind::ALL {
            for lang in [Some(Lang::He), Some(Lang::El), Some(Lang::En), None] {
                for edition in ["he-2017", "en-2017", "il"] {
                    let id = format!("{}-{:?}-{edition}", kind.as_str(), lang);
                    let mut doc = Doc::new(id, kind, edition, lang, vec!["27".into()], &ancestors);
                    doc.texts = vec![(lang.unwrap_or(Lang::En), "a text".to_string())];
                    docs.push(doc);
                }
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let opened = store::build_documents(&docs, dir.path(), "test").unwrap();
        (docs, dir, opened)
    }

    /// Documents holding two values, found by skipping through the longer list, are those
    /// holding one whose other value is looked up.
    #[test]
    fn holding_both_is_holding_one_then_keeping_the_other() {
        let (_docs, _dir, opened) = every_kind_language_and_edition();
        let searcher = opened.reader.searcher();
        let request = Request::new("x");
        let search = Search::new(&opened, &searcher, &request);
        let mut checked = 0;
        for kind in DocKind::ALL {
            for edition in ["he-2017", "en-2017", "il", "none"] {
                let mut expected = search
                    .holding(search.fields.kind, &[kind.as_str()])
                    .unwrap();
                search
                    .keep_holding(&mut expected, search.fields.edition, &[edition], true)
                    .unwrap();
                let both = search
                    .holding_both(
                        (search.fields.kind, kind.as_str()),
                        (search.fields.edition, edition),
                    )
                    .unwrap();
                assert_eq!(both, expected, "{kind:?} {edition}");
                checked += usize::from(!both.is_empty());
            }
        }
        assert_eq!(checked, DocKind::ALL.len() * 3);
    }

    /// The rule of which documents a result may come from, read from the columns and postings
    /// (`admit`): those of the languages (a concept's in all of them), kinds and editions asked
    /// for, whatever else they are.
    #[test]
    fn admitted_are_the_documents_of_the_languages_kinds_and_editions_asked_for() {
        let (docs, _dir, opened) = every_kind_language_and_edition();
        let searcher = opened.reader.searcher();
        // One segment, its documents in the order written.
        assert_eq!(searcher.segment_readers().len(), 1);
        let langs = [vec![], vec![Lang::He], vec![Lang::El, Lang::En]];
        let kinds = [
            DocKind::READABLE.to_vec(),
            vec![DocKind::Glossary],
            vec![DocKind::Law, DocKind::Glossary],
            DocKind::ALL.to_vec(),
        ];
        let editions = [
            vec![],
            vec!["il".to_string()],
            vec!["he-2017".into(), "il".into()],
        ];
        let mut checked = 0;
        for editions in &editions {
            let mut request = Request::new("x");
            request.editions = editions.clone();
            let search = Search::new(&opened, &searcher, &request);
            let every: Vec<&str> = DocKind::ALL.iter().map(|k| k.as_str()).collect();
            for langs in &langs {
                for kinds in &kinds {
                    let mut admitted = search.holding(search.fields.kind, &every).unwrap();
                    assert_eq!(admitted.len(), docs.len());
                    search.admit(&mut admitted, langs, kinds).unwrap();
                    let admitted: Vec<&str> = admitted
                        .iter()
                        .map(|a| docs[a.doc_id as usize].id.as_str())
                        .collect();
                    let expected: Vec<&str> = docs
                        .iter()
                        .filter(|d| {
                            let lang = d.lang.map_or("mul", Lang::code);
                            (langs.is_empty() || lang_codes(langs, kinds).contains(&lang))
                                && kinds.contains(&d.kind)
                                && (editions.is_empty() || editions.contains(&d.edition))
                        })
                        .map(|d| d.id.as_str())
                        .collect();
                    assert_eq!(admitted, expected, "{langs:?} {kinds:?} {editions:?}");
                    checked += usize::from(!expected.is_empty());
                }
            }
        }
        // Most combinations admit some documents: the comparison is not of empty lists.
        assert!(checked >= 30, "{checked}");
    }
}
