//! Units: what a director opens (a law, or a definition), ranked first by what is said of each
//! (its profile) and by the everyday descriptions that match the query best; the documents
//! within them then gain their unit's score.

use super::*;

impl Search<'_> {
    /// The ranking with each unit's best document in each language first and its others after
    /// every unit's best: a director opens a law, and the first results should offer different
    /// ones, in every language asked for (`--lang he --lang el`: Law 70 in Hebrew and in Greek,
    /// side by side by their scores). The nodes the query cites keep their places (`Law 27B1
    /// and 27B2`: both first), and so does everything when only regulations are asked for.
    pub(super) fn one_per_unit(
        &self,
        ranked: Vec<(DocAddress, f32)>,
        cited: &BTreeSet<DocAddress>,
    ) -> Result<Vec<(DocAddress, f32)>> {
        let columns = self.columns()?;
        let mut seen = BTreeSet::new();
        let (mut first, mut rest) = (Vec::new(), Vec::new());
        // A search of the regulations alone wants each regulation, however many qualify one
        // law (Israel's two on 78A).
        let regulations_only = self.request.kinds == [DocKind::Regulation];
        for (address, score) in ranked {
            // The commentary on a law does not take the law's place.
            let unit = columns.unit(&address).filter(|_| {
                !regulations_only && columns.kind(&address) != Some(DocKind::Commentary)
            });
            match unit {
                Some(unit)
                    if !seen.insert((unit, columns.lang(&address)))
                        && !cited.contains(&address) =>
                {
                    rest.push((address, score));
                }
                _ => first.push((address, score)),
            }
        }
        first.extend(rest);
        Ok(first)
    }

    /// The units (laws, definitions) whose profiles hold the words, each scored by how well:
    /// every language's words in that language's profiles, by BM25 among the profiles, each
    /// language's best counting 1; then by the everyday descriptions of situations that match
    /// the words best, each description weighed against the others (a law one description
    /// says in the query's words beats one whose many texts share a word each).
    pub(super) fn profiles(&self, words: &[Word]) -> Result<Profiled> {
        let mut scores = Profiled::new();
        let columns = self.columns()?;
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
                if let Some(unit) = columns.unit(&address) {
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
                if let Some(unit) = columns.unit(&address) {
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
        let statistics = FieldStatistics {
            statistics: &self.statistics,
            documents: among,
        };
        let mut scored = Vec::new();
        for word in words {
            let stems = analyze::word_stems(lang, &word.typed);
            let mut forms = Vec::new();
            let mut found = false;
            for (stripped, stem) in stems.iter().enumerate() {
                let weight = reading_weight(lang, word, stripped, stem);
                forms.push(Weighted::new(field, stem, weight));
                found |= self.doc_freq(field, stem)? > 0;
            }
            // A word no document of the field holds (`διεκδίκιση`, `droped`): the words a
            // misspelling away, almost as much as the word.
            if !found
                // Its first reading: a lemma is no spelling.
                && let Some(stem) = stems.iter().find(|s| !s.starts_with(analyze::LEMMA_MARK))
            {
                for other in self.near_readings(lang, field, word, stem)? {
                    forms.push(Weighted::new(field, &other, 0.8));
                }
            }
            scored.push(self.best_of(&statistics, &forms)?);
        }
        let words: Vec<&Scored> = scored.iter().collect();
        Ok(self
            .combine(&words, Combine::Sum { at_least: 1 })
            .top(limit, |_| true))
    }

    /// The terms of `field` a word no document of it holds is read as: the readings of the
    /// printed words a misspelling away, as the channels read it and say so (`claming` as
    /// `claiming`: `claim`), and the field's own terms a misspelling away from its `stem`.
    fn near_readings(
        &self,
        lang: Lang,
        field: tantivy::schema::Field,
        word: &Word,
        stem: &str,
    ) -> Result<Vec<String>> {
        let mut readings: Vec<String> = Vec::new();
        if let Some(distance) = near_distance(&word.folded) {
            let printed = self.near_terms(self.fields.text(lang, true), &word.folded, distance)?;
            for spelling in printed {
                for reading in analyze::word_stems(lang, &spelling).iter() {
                    if !reading.starts_with(analyze::LEMMA_MARK)
                        && !readings.contains(reading)
                        && self.doc_freq(field, reading)? > 0
                    {
                        readings.push(reading.clone());
                    }
                }
            }
        }
        if let Some(distance) = near_distance(stem) {
            for other in self.near_terms(field, stem, distance)? {
                if !readings.contains(&other) {
                    readings.push(other);
                }
            }
        }
        Ok(readings)
    }

    /// Every unit the profiles find gets a document in the results, so that a law can come up
    /// on what is said of it even where none of its nodes holds the words: the law (or the
    /// definition) itself, in each of the `langs`.
    pub(super) fn units_shown(
        &self,
        profiles: &Profiled,
        langs: &[Lang],
        kinds: &[DocKind],
    ) -> Result<Vec<DocAddress>> {
        let shown: Vec<DocKind> = [DocKind::Law, DocKind::Definition]
            .into_iter()
            .filter(|k| kinds.contains(k))
            .collect();
        let ids: Vec<&str> = profiles.values().map(|(_, id)| id.as_str()).collect();
        if shown.is_empty() || ids.is_empty() || langs.is_empty() {
            return Ok(Vec::new());
        }
        self.with_ids(&ids, langs, &shown)
    }

    /// Results are ranked by the unit they lie in first (the law a director opens, or the
    /// definition): each document gains its unit's profile score, scaled so that the best
    /// unit's counts `UNIT_WEIGHT`, far more than a document's own score, which then orders
    /// the documents within a unit.
    pub(super) fn add_unit_scores(&self, total: &mut Scores, profiles: &Profiled) -> Result<()> {
        let best = profiles.values().map(|(s, _)| *s).fold(0.0_f32, f32::max);
        if best <= 0.0 {
            return Ok(());
        }
        let columns = self.columns()?;
        for (address, score) in total.iter_mut() {
            if let Some((unit_score, _)) = columns.unit(address).and_then(|u| profiles.get(&u)) {
                // A scenario of the commentary is about the laws it cites, but its own words
                // say more of it.
                let weight = if columns.kind(address) == Some(DocKind::Commentary) {
                    UNIT_WEIGHT * COMMENTARY_SHARE
                } else {
                    UNIT_WEIGHT
                };
                *score += weight * unit_score / best;
            }
        }
        Ok(())
    }
}

/// The units (a law, a definition) the profiles find: each one's score, and its id.
pub(super) type Profiled = BTreeMap<u64, (f32, String)>;

/// BM25's statistics for a field that only some documents have (the profiles, the
/// descriptions): the number of documents is theirs, not the index's, so that a word in every
/// law weighs nothing and the average length is theirs.
struct FieldStatistics<'a> {
    statistics: &'a Statistics<'a>,
    documents: u64,
}

impl Bm25StatisticsProvider for FieldStatistics<'_> {
    fn total_num_tokens(&self, field: tantivy::schema::Field) -> tantivy::Result<u64> {
        self.statistics.total_num_tokens(field)
    }

    fn total_num_docs(&self) -> tantivy::Result<u64> {
        Ok(self.documents.max(1))
    }

    fn doc_freq(&self, term: &Term) -> tantivy::Result<u64> {
        self.statistics.doc_freq(term)
    }
}
