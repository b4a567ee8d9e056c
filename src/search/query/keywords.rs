//! Words: the channels that score them, added up, and the law each node belongs to.

use super::*;

impl Search<'_> {
    /// Words: every channel in every language asked for, added up, then ranked.
    pub(super) fn keywords(&self, query: &str, words: &[Word], opened: &Opened) -> Result<Outcome> {
        let targets = self.target_langs(opened, words);
        let kinds = self.kinds();
        let mut near = BTreeSet::new();
        let mut matchers: BTreeMap<Lang, Matcher> = BTreeMap::new();
        let pointers = self.pointer_hits(words, &mut near)?;
        let readings = pointers::readings(words, &near);
        let concepts = self.concepts(words, &readings, &pointers);
        let pointed = self.pointed(words, &readings, &concepts, &pointers);
        let concept_weight = concepts.iter().map(|c| c.weight).fold(0.0, f32::max);
        // What each language's texts find, directly and through the concepts: the evidence
        // a target language also reads through the aligned ids.
        let mut evidence: BTreeMap<Lang, Scores> = BTreeMap::new();
        for lang in Lang::ALL {
            let matcher = matchers.entry(lang).or_default();
            let mut found: Scores = BTreeMap::new();
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
                let clauses = self.word_clauses(lang, &own, matcher, &mut near)?;
                let mut direct = self.collect(self.filtered(at_least(&clauses, half), filter()))?;
                if direct.len() < FEW && half > 1 {
                    direct = self.collect(self.filtered(at_least(&clauses, 1), filter()))?;
                }
                add(&mut found, direct, 1.0);
            }
            let forms: Vec<&Name> = concepts
                .iter()
                .flat_map(|c| c.forms.iter().filter(|f| f.lang == lang))
                .collect();
            if !forms.is_empty() {
                let phrases = self.phrases(lang, &forms, matcher);
                add(
                    &mut found,
                    self.collect(self.filtered(phrases, filter()))?,
                    GLOSSARY_WEIGHT * concept_weight,
                );
            }
            evidence.insert(lang, found);
        }
        let mut total: Scores = BTreeMap::new();
        for &lang in &targets {
            let filter = || self.filter(&[lang], &kinds);
            if let Some(found) = evidence.get(&lang) {
                for (address, score) in found {
                    *total.entry(*address).or_default() += score;
                }
            }
            add(
                &mut total,
                self.by_targets(&pointed, pointers::Reach::Within, filter())?,
                POINTER_WEIGHT,
            );
            for other in Lang::ALL.into_iter().filter(|l| *l != lang) {
                let Some(found) = evidence.get(&other).filter(|f| !f.is_empty()) else {
                    continue;
                };
                let mut ranked: Vec<(&DocAddress, &f32)> = found.iter().collect();
                // Best first; equal scores in corpus order, so that the same query always
                // reads the same documents.
                ranked.sort_by(|a, b| b.1.total_cmp(a.1).then(a.0.cmp(b.0)));
                let mut aligned: BTreeMap<String, f32> = BTreeMap::new();
                for (address, score) in ranked.into_iter().take(ALIGNED) {
                    for target in self.targets_of(*address)? {
                        let best = aligned.entry(target).or_default();
                        *best = best.max(*score);
                    }
                }
                add(
                    &mut total,
                    self.by_targets(&aligned, pointers::Reach::Node, filter())?,
                    ALIGNED_WEIGHT,
                );
            }
        }
        let mut profiles = self.profiles(words)?;
        // The laws of the phase the query speaks of, before those of another phase.
        if let Some(phase) = phase::of_query(words) {
            for (unit, (score, _)) in profiles.iter_mut() {
                if phase::of_law(*unit).is_some_and(|p| p != phase) {
                    *score *= OTHER_PHASE;
                }
            }
        }
        for &lang in &targets {
            self.add_units_profiled(&mut total, &profiles, lang, &kinds)?;
        }
        self.add_unit_scores(&mut total, &profiles);
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
        let ranked = self.one_per_unit(ranked);
        let mut results = Vec::new();
        let empty = Matcher::default();
        for &(address, score) in ranked.iter().take(self.request.limit) {
            let doc = self.doc(address)?;
            let lang = Lang::from_code(&self.first(&doc, self.fields.lang));
            let matcher = lang.and_then(|l| matchers.get(&l)).unwrap_or(&empty);
            let mut hit = self.hit(&doc, score, matcher);
            if self.first(&doc, self.fields.body).is_empty() {
                self.show_within(&mut hit, &ranked, matcher)?;
            }
            results.push(hit);
        }
        Ok(Outcome {
            query: query.to_string(),
            citation: None,
            near_spellings: near.into_iter().collect(),
            concepts: concepts.iter().map(|c| c.id.clone()).collect(),
            message: None,
            results,
        })
    }

    /// A node with no text of its own (a law's or a section's heading) shows the text within
    /// it that matched best, named by its id (`27B1(a) …`): the best-scored document within it
    /// in the same language, else its first text.
    fn show_within(
        &self,
        hit: &mut Hit,
        ranked: &[(DocAddress, f32)],
        matcher: &Matcher,
    ) -> Result<()> {
        let mut within = None;
        for &(address, _) in ranked {
            let targets = self.targets_of(address)?;
            if targets
                .iter()
                .any(|t| t != &hit.id && crate::refs::within(t, &hit.id))
            {
                let doc = self.doc(address)?;
                if self.first(&doc, self.fields.lang) == hit.language
                    && !self.first(&doc, self.fields.body).is_empty()
                {
                    within = Some(doc);
                    break;
                }
            }
        }
        if within.is_none() {
            let query = self.filtered(
                self.term_query(self.fields.within, &hit.id),
                self.filter(
                    &Lang::from_code(&hit.language)
                        .into_iter()
                        .collect::<Vec<_>>(),
                    &[DocKind::Law],
                ),
            );
            for address in self.addresses(&query)? {
                let doc = self.doc(address)?;
                if !self.first(&doc, self.fields.body).is_empty() {
                    within = Some(doc);
                    break;
                }
            }
        }
        if let Some(doc) = within {
            let shown = self.hit(&doc, hit.score, matcher);
            let label = format!("{} ", shown.id);
            let offset = label.chars().count();
            hit.snippet = format!("{label}{}", shown.snippet);
            hit.highlights = shown
                .highlights
                .iter()
                .map(|[from, to]| [from + offset, to + offset])
                .collect();
        }
        Ok(())
    }

    /// The ranking with each unit's best document first and its others after every unit's
    /// best: a director opens a law, and the first results should offer different ones.
    fn one_per_unit(&self, ranked: Vec<(DocAddress, f32)>) -> Vec<(DocAddress, f32)> {
        let units = UnitColumn::open(self.searcher);
        let mut seen = BTreeSet::new();
        let (mut first, mut rest) = (Vec::new(), Vec::new());
        for (address, score) in ranked {
            // The commentary on a law does not take the law's place.
            let unit = units
                .unit(&address)
                .filter(|_| !units.is_commentary(&address));
            match unit {
                Some(unit) if !seen.insert(unit) => rest.push((address, score)),
                _ => first.push((address, score)),
            }
        }
        first.extend(rest);
        first
    }

    /// The units (laws, definitions) whose profiles hold the words, each scored by how well:
    /// every language's words in that language's profiles, by BM25 among the profiles, each
    /// language's best counting 1; then by the everyday descriptions of situations that match
    /// the words best, each description weighed against the others (a law one description
    /// says in the query's words beats one whose many texts share a word each).
    fn profiles(&self, words: &[Word]) -> Result<Profiled> {
        let mut scores = Profiled::new();
        let units = UnitColumn::open(self.searcher);
        let profiles = self.doc_freq(self.fields.kind, DocKind::Profile.as_str())?;
        let situations = self.doc_freq(self.fields.kind, DocKind::Situation.as_str())?;
        for lang in Lang::ALL {
            let own: Vec<&Word> = words
                .iter()
                .filter(|w| w.lang == Some(lang) || (w.lang.is_none() && lang == Lang::En))
                .collect();
            if own.is_empty() {
                continue;
            }
            let field = self.fields.profile(lang);
            let top = self.top_among(field, &own, profiles, PROFILED)?;
            let best = top.first().map_or(0.0, |(score, _)| *score);
            for (score, address) in top {
                if let Some(unit) = units.unit(&address) {
                    let entry = scores.entry(unit).or_default();
                    entry.0 += score / best;
                    if entry.1.is_empty() {
                        entry.1 = self.targets_of(address)?.concat();
                    }
                }
            }
            let field = self.fields.phrase(lang);
            let mut by_unit: BTreeMap<u64, Vec<f32>> = BTreeMap::new();
            let mut ids: BTreeMap<u64, String> = BTreeMap::new();
            for (score, address) in self.top_among(field, &own, situations, DESCRIPTIONS)? {
                if let Some(unit) = units.unit(&address) {
                    by_unit.entry(unit).or_default().push(score);
                    if let std::collections::btree_map::Entry::Vacant(id) = ids.entry(unit) {
                        // A law is named by its number, a definition by its id.
                        id.insert(if unit > 1000 {
                            self.targets_of(address)?.concat()
                        } else {
                            unit.to_string()
                        });
                    }
                }
            }
            // A unit's best descriptions, the best unit's counting `DESCRIPTION_WEIGHT`.
            let summed: Vec<(u64, f32)> = by_unit
                .into_iter()
                .map(|(unit, found)| (unit, found.iter().take(BEST_DESCRIPTIONS).sum()))
                .collect();
            let best = summed.iter().map(|(_, s)| *s).fold(0.0_f32, f32::max);
            for (unit, score) in summed {
                let entry = scores.entry(unit).or_default();
                entry.0 += DESCRIPTION_WEIGHT * score / best;
                if entry.1.is_empty() {
                    entry.1 = ids.remove(&unit).unwrap_or_default();
                }
            }
        }
        scores.retain(|_, (_, id)| !id.is_empty());
        Ok(scores)
    }

    /// The best `limit` documents for the words in one of the fields only some documents have
    /// (profiles, descriptions), by BM25 among the `among` documents that have it: the index's
    /// others would make a word found in every law look rare and every profile look long.
    fn top_among(
        &self,
        field: tantivy::schema::Field,
        words: &[&Word],
        among: u64,
        limit: usize,
    ) -> Result<Vec<(f32, DocAddress)>> {
        let lang = words.iter().find_map(|w| w.lang).unwrap_or(Lang::En);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for word in words {
            let stems: Vec<String> = analyze::terms(lang, false, &word.typed).concat();
            let mut forms: Vec<Box<dyn Query>> = Vec::new();
            let mut found = false;
            for (stripped, stem) in stems.iter().enumerate() {
                // Hebrew: the fewer letters taken off, the likelier the reading; a lemma
                // least of all.
                let weight = if stem.starts_with(analyze::LEMMA_MARK) {
                    LEMMA_WEIGHT
                } else if lang == Lang::He && *stem != word.folded {
                    0.9_f32.powi(i32::try_from(stripped + 1).unwrap_or(3))
                } else {
                    1.0
                };
                forms.push(Box::new(BoostQuery::new(
                    self.term_query(field, stem),
                    weight,
                )));
                found |= self.doc_freq(field, stem)? > 0;
            }
            // A word no document of the field holds (`διεκδίκιση`, `droped`): the words a
            // misspelling away, almost as much as the word.
            if !found
                && let Some(stem) = stems.first()
                && let Some(distance) = near_distance(stem)
            {
                for other in self.near_terms(field, stem, distance)? {
                    forms.push(Box::new(BoostQuery::new(
                        self.term_query(field, &other),
                        0.8,
                    )));
                }
            }
            clauses.push((Occur::Should, Box::new(DisjunctionMaxQuery::new(forms))));
        }
        let statistics = FieldStatistics {
            searcher: self.searcher,
            documents: among,
        };
        let mut top = self
            .searcher
            .search_with_statistics_provider(
                &BooleanQuery::new(clauses),
                &TopDocs::with_limit(limit).order_by_score(),
                &statistics,
            )
            .map_err(search_error)?;
        // Equal scores in corpus order, so that the same query always reads the same ones.
        top.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        Ok(top)
    }

    /// Every unit the profiles find gets a document in the results, so that a law can come up
    /// on what is said of it even where none of its nodes holds the words: the law (or the
    /// definition) itself, in `lang`.
    fn add_units_profiled(
        &self,
        total: &mut Scores,
        profiles: &Profiled,
        lang: Lang,
        kinds: &[DocKind],
    ) -> Result<()> {
        let shown: Vec<DocKind> = [DocKind::Law, DocKind::Definition]
            .into_iter()
            .filter(|k| kinds.contains(k))
            .collect();
        if shown.is_empty() {
            return Ok(());
        }
        let ids: Vec<&str> = profiles.values().map(|(_, id)| id.as_str()).collect();
        if ids.is_empty() {
            return Ok(());
        }
        // One search for them all: each id is one document in each language.
        let query = self.filtered(
            self.any_of(self.fields.id, &ids),
            self.filter(&[lang], &shown),
        );
        for address in self.addresses(&query)? {
            total.entry(address).or_insert(0.0);
        }
        Ok(())
    }

    /// Results are ranked by the unit they lie in first (the law a director opens, or the
    /// definition): each document gains its unit's profile score, scaled so that the best
    /// unit's counts `UNIT_WEIGHT`, far more than a document's own score, which then orders
    /// the documents within a unit.
    fn add_unit_scores(&self, total: &mut Scores, profiles: &Profiled) {
        let best = profiles.values().map(|(s, _)| *s).fold(0.0_f32, f32::max);
        if best <= 0.0 {
            return;
        }
        let units = UnitColumn::open(self.searcher);
        for (address, score) in total.iter_mut() {
            if let Some((unit_score, _)) = units.unit(address).and_then(|u| profiles.get(&u)) {
                // A scenario of the commentary is about the laws it cites, but its own words
                // say more of it.
                let weight = if units.is_commentary(address) {
                    UNIT_WEIGHT * COMMENTARY_SHARE
                } else {
                    UNIT_WEIGHT
                };
                *score += weight * unit_score / best;
            }
        }
    }

    /// The words in `lang`'s fields, one clause each: the best of its printed form (weighted
    /// up) and its stems or prefix-stripped forms; a word found nowhere, by near spelling.
    pub(super) fn word_clauses(
        &self,
        lang: Lang,
        words: &[&Word],
        matcher: &mut Matcher,
        near: &mut BTreeSet<String>,
    ) -> Result<Vec<Box<dyn Query>>> {
        let exact_field = self.fields.text(lang, true);
        let stems_field = self.fields.text(lang, false);
        let mut clauses: Vec<Box<dyn Query>> = Vec::new();
        for word in words {
            let stems: Vec<String> = analyze::terms(lang, false, &word.typed).concat();
            let mut forms: Vec<Box<dyn Query>> = vec![Box::new(BoostQuery::new(
                self.term_query(exact_field, &word.folded),
                2.0,
            ))];
            let mut found = self.doc_freq(exact_field, &word.folded)? > 0;
            for (stripped, stem) in stems.iter().enumerate() {
                // Hebrew: the fewer letters taken off, the likelier the reading; a lemma
                // least of all.
                let weight = if stem.starts_with(analyze::LEMMA_MARK) {
                    LEMMA_WEIGHT
                } else if lang == Lang::He && *stem != word.folded {
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
            // A function word is not marked where the query has other words.
            if !word.common || words.iter().all(|w| w.common) {
                matcher.terms.extend(stems.iter().cloned());
            }
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
            clauses.push(Box::new(BooleanQuery::new(word_query)));
        }
        Ok(clauses)
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
                .map_err(|e| Error::Index(format!("reading: {e}")))?;
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

    /// The forms of concepts as phrases in `lang`'s stems field.
    fn phrases(&self, lang: Lang, forms: &[&Name], matcher: &mut Matcher) -> Box<dyn Query> {
        let field = self.fields.text(lang, false);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for form in forms {
            // Each word by its most complete reading: the printed form for Hebrew (the
            // prefix-stripped forms sit at the same position), the stem elsewhere.
            let words: Vec<String> = form.stems().map(|t| t.last().to_string()).collect();
            // The phrase's words are marked in the snippets, but not its function words
            // (`claim the rest` must not mark every `the`).
            let common = self.searcher.num_docs() / COMMON;
            for word in &words {
                if self.doc_freq(field, word).is_ok_and(|n| n <= common) {
                    matcher.terms.push(word.clone());
                }
            }
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
}

/// Documents matching at least `n` of the word clauses, scored by all they match.
pub(super) fn at_least(clauses: &[Box<dyn Query>], n: usize) -> Box<dyn Query> {
    let clauses = clauses
        .iter()
        .map(|c| (Occur::Should, c.box_clone()))
        .collect();
    Box::new(BooleanQuery::with_minimum_required_clauses(clauses, n))
}

/// The units (a law, a definition) the profiles find: each one's score, and its id.
type Profiled = BTreeMap<u64, (f32, String)>;

/// The unit each document belongs to (a law, a definition), and whether it is commentary,
/// read from their fast columns.
struct UnitColumn {
    units: Vec<Option<tantivy::columnar::Column<u64>>>,
    commentary: Vec<Option<(StrColumn, u64)>>,
}

impl UnitColumn {
    fn open(searcher: &Searcher) -> Self {
        let readers = searcher.segment_readers();
        UnitColumn {
            units: readers
                .iter()
                .map(|s| s.fast_fields().u64("unit").ok())
                .collect(),
            commentary: readers
                .iter()
                .map(|s| {
                    let column = s.fast_fields().str("kind").ok().flatten()?;
                    let ord = column
                        .dictionary()
                        .term_ord(DocKind::Commentary.as_str())
                        .ok()
                        .flatten()?;
                    Some((column, ord))
                })
                .collect(),
        }
    }

    /// Whether the document at `address` is a part of the commentary.
    fn is_commentary(&self, address: &DocAddress) -> bool {
        self.commentary
            .get(address.segment_ord as usize)
            .and_then(Option::as_ref)
            .is_some_and(|(column, ord)| column.term_ords(address.doc_id).any(|o| o == *ord))
    }

    /// The unit of the document at `address`; none for one outside the units.
    fn unit(&self, address: &DocAddress) -> Option<u64> {
        let column = self.units.get(address.segment_ord as usize)?.as_ref()?;
        column.first(address.doc_id).filter(|&unit| unit > 0)
    }
}

/// BM25's statistics for a field that only some documents have (the profiles, the
/// descriptions): the number of documents is theirs, not the index's, so that a word in every
/// law weighs nothing and the average length is theirs.
struct FieldStatistics<'a> {
    searcher: &'a Searcher,
    documents: u64,
}

impl tantivy::query::Bm25StatisticsProvider for FieldStatistics<'_> {
    fn total_num_tokens(&self, field: tantivy::schema::Field) -> tantivy::Result<u64> {
        self.searcher.total_num_tokens(field)
    }

    fn total_num_docs(&self) -> tantivy::Result<u64> {
        Ok(self.documents.max(1))
    }

    fn doc_freq(&self, term: &Term) -> tantivy::Result<u64> {
        self.searcher.doc_freq(term)
    }
}
