//! Words: the channels that score them, added up, and the law each node belongs to.

use rayon::prelude::*;

use super::*;

impl Search<'_> {
    /// Words: every channel in every language asked for, added up, then ranked.
    ///
    /// The work is shared by the threads of the process's pool: the units' ranking, which reads
    /// the words alone, beside the channels; within those, each word's scoring beside the
    /// others', and each language's evidence beside the nodes the pointers name; and the
    /// results' snippets. Whatever runs where, the parts are added up in one fixed order, so
    /// that the scores are the same.
    pub(super) fn keywords(&self, query: &str, words: &[Word], opened: &Opened) -> Result<Outcome> {
        let targets = self.target_langs(opened, words);
        let kinds = self.kinds();
        // The channels, the longer part, start at once on this thread; the units' profiles, and
        // the documents that stand for the units they find, wait for another to take them up.
        let (channels, units) = rayon::join(
            || self.channels(words, &targets, &kinds),
            || -> Result<(units::Profiled, Vec<DocAddress>)> {
                let mut profiles = self.profiles(words)?;
                // The laws of the phase the query speaks of, before those of another phase.
                if let Some(phase) = phase::of_query(words) {
                    for (unit, (score, _)) in profiles.iter_mut() {
                        if phase::of_law(*unit).is_some_and(|p| p != phase) {
                            *score *= OTHER_PHASE;
                        }
                    }
                }
                let shown = self.units_shown(&profiles, &targets, &kinds)?;
                Ok((profiles, shown))
            },
        );
        let ((profiles, shown), channels) = (units?, channels?);
        let Channels {
            mut total,
            matchers,
            near,
            concepts,
        } = channels;
        for address in shown {
            total.entry(address).or_insert(0.0);
        }
        self.add_unit_scores(&mut total, &profiles)?;
        // Asked for concepts, the ones the query names come first.
        if kinds.contains(&DocKind::Glossary) {
            for concept in &concepts {
                let id = format!("glossary/{}", concept.id);
                for (_, address) in self.top(&self.term_query(self.fields.id, &id), 1)? {
                    *total.entry(address).or_default() += 1.0 + concept.weight;
                }
            }
        }
        let (message, cited) = self.cited_first(query, &mut total, &targets, &kinds)?;
        let mut ranked: Vec<(DocAddress, f32)> = total.into_iter().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let ranked = self.one_per_unit(ranked, &cited)?;
        let empty = Matcher::default();
        let results = ranked
            .par_iter()
            .take(self.request.limit)
            .map(|&(address, score)| {
                let doc = self.doc(address)?;
                let lang = Lang::from_code(&self.first(&doc, self.fields.lang));
                let matcher = lang.and_then(|l| matchers.get(&l)).unwrap_or(&empty);
                let mut hit = self.hit(&doc, score, matcher);
                if !documents::is_text(&self.first(&doc, self.fields.body)) {
                    self.show_within(&mut hit, &ranked, matcher)?;
                }
                Ok(hit)
            })
            .collect::<Result<Vec<Hit>>>()?;
        Ok(Outcome {
            query: query.to_string(),
            citation: None,
            // A word with no spelling near it was searched as typed: nothing to say.
            near_spellings: near
                .into_iter()
                .filter(|(_, read_as)| !read_as.is_empty())
                .map(|(typed, read_as)| NearSpelling {
                    typed,
                    read_as: read_as.into_iter().take(NEAR_SHOWN).collect(),
                })
                .collect(),
            concepts: concepts.iter().map(|c| c.id.clone()).collect(),
            message,
            results,
        })
    }

    /// The nodes a query cites among its words (`what does Law 27 say`) come first, in the
    /// order cited: the words then rank the rest. A law beyond the Laws (`law 99 says what`)
    /// is said to be one: the message returned, with the cited nodes' documents.
    fn cited_first(
        &self,
        query: &str,
        total: &mut Scores,
        targets: &[Lang],
        kinds: &[DocKind],
    ) -> Result<(Option<Unfound>, BTreeSet<DocAddress>)> {
        let mut cited = Vec::new();
        let mut message = None;
        for reading in crate::refs::cited_among_words(query) {
            match reading {
                Reading::Id(id) => cited.push(id),
                Reading::NoSuchLaw(law) => message = message.or(Some(Unfound::NoSuchLaw(law))),
                Reading::Words => {}
            }
        }
        let best = total.values().copied().fold(0.0_f32, f32::max);
        let mut addresses = BTreeSet::new();
        for (n, id) in cited.iter().enumerate() {
            for address in self.with_ids(&[id.as_str()], targets, kinds)? {
                total.insert(address, best + (cited.len() - n) as f32);
                addresses.insert(address);
            }
        }
        Ok((message, addresses))
    }

    /// The channels in the `targets` languages, over documents of the `kinds` asked for,
    /// added up.
    fn channels(&self, words: &[Word], targets: &[Lang], kinds: &[DocKind]) -> Result<Channels> {
        let mut near = BTreeMap::new();
        let mut matchers: BTreeMap<Lang, Matcher> = BTreeMap::new();
        // Each language's words as terms, made first: making them finds the words spelled
        // nowhere, by whose near spellings the concepts are then matched too. Each word is
        // then scored once, for every search of it.
        let mut scored: BTreeMap<Lang, (Vec<&Word>, Vec<Scored>)> = BTreeMap::new();
        for lang in Lang::ALL {
            let own: Vec<&Word> = words
                .iter()
                .filter(|w| w.lang.is_none_or(|l| l == lang))
                .collect();
            if own.iter().any(|w| w.lang.is_some()) {
                let matcher = matchers.entry(lang).or_default();
                let terms = self.word_terms(lang, &own, matcher, &mut near)?;
                scored.insert(lang, (own, self.scored_words(&terms)?));
            }
        }
        let (pointers, direct) = rayon::join(
            || -> Result<Vec<std::sync::Arc<pointers::Pointer>>> {
                let mut pointers = Vec::new();
                for (own, words) in scored.values() {
                    self.pointer_hits(own, words, &mut pointers)?;
                }
                Ok(pointers)
            },
            || -> Result<BTreeMap<Lang, Scores>> {
                let mut direct = BTreeMap::new();
                for (&lang, (own, words)) in &scored {
                    direct.insert(lang, self.direct(own, words, kinds)?);
                }
                Ok(direct)
            },
        );
        let (pointers, mut direct) = (pointers?, direct?);
        let readings = pointers::readings(words, &near);
        let concepts = self.concepts(words, &readings, &pointers);
        let concept_weight = concepts.iter().map(|c| c.weight).fold(0.0, f32::max);
        // What each language's texts find, directly and through the concepts: the evidence
        // a target language also reads through the aligned ids. The languages side by side,
        // beside the nodes the pointers name.
        let own: Vec<(Lang, Option<Scores>)> =
            Lang::ALL.map(|lang| (lang, direct.remove(&lang))).into();
        let (pointed, found) = rayon::join(
            || -> Result<Vec<Scores>> {
                let pointed = self.pointed(words, &readings, &concepts, &pointers);
                (targets.iter())
                    .map(|&lang| self.by_targets(&pointed, pointers::Reach::Within, &[lang], kinds))
                    .collect()
            },
            || {
                own.into_par_iter()
                    .map(|(lang, direct)| {
                        self.evidence(lang, direct, &concepts, concept_weight, kinds)
                    })
                    .collect::<Result<Vec<_>>>()
            },
        );
        let mut evidence: BTreeMap<Lang, Scores> = BTreeMap::new();
        for (lang, (scores, marked)) in Lang::ALL.into_iter().zip(found?) {
            matchers.entry(lang).or_default().terms.extend(marked);
            evidence.insert(lang, scores);
        }
        let mut total: Scores = BTreeMap::new();
        for (&lang, pointed) in targets.iter().zip(pointed?) {
            if let Some(found) = evidence.get(&lang) {
                for (address, score) in found {
                    *total.entry(*address).or_default() += score;
                }
            }
            add(&mut total, pointed, POINTER_WEIGHT);
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
                    self.by_targets(&aligned, pointers::Reach::Node, &[lang], kinds)?,
                    ALIGNED_WEIGHT,
                );
            }
        }
        Ok(Channels {
            total,
            matchers,
            near,
            concepts,
        })
    }

    /// What `lang`'s texts find: its words directly, and the phrases of the concepts the
    /// query names; with the words the phrases mark in the snippets.
    fn evidence(
        &self,
        lang: Lang,
        direct: Option<Scores>,
        concepts: &[pointers::Concept],
        concept_weight: f32,
        kinds: &[DocKind],
    ) -> Result<(Scores, Vec<String>)> {
        let mut found: Scores = BTreeMap::new();
        if let Some(scores) = direct {
            add(&mut found, scores, 1.0);
        }
        let mut marked = Vec::new();
        let mut lists = Vec::new();
        for concept in concepts {
            let forms: Vec<&Name> = concept.forms.iter().filter(|f| f.lang == lang).collect();
            if forms.is_empty() {
                continue;
            }
            // A concept's phrases find the same texts whatever the query: read once per index.
            let key = (lang, concept.id.clone());
            let phrases = remembered(&self.cache.phrases, &key, || {
                self.phrases(lang, &forms).map(std::sync::Arc::new)
            })?;
            marked.extend(phrases.marked.iter().cloned());
            lists.push(phrases);
        }
        if !lists.is_empty() {
            let found_by: Vec<&Scored> = lists.iter().map(|p| &p.found).collect();
            let phrases = self.combine(&found_by, Combine::Sum { at_least: 1 });
            let best = self.top_admitted(&phrases, kinds, CANDIDATES)?;
            add(&mut found, best, GLOSSARY_WEIGHT * concept_weight);
        }
        Ok((found, marked))
    }

    /// Each word's documents, scored by its best reading plus, a little, its readings in the
    /// headings above a node; the words side by side.
    pub(super) fn scored_words(&self, words: &[WordTerms]) -> Result<Vec<Scored>> {
        words
            .par_iter()
            .map(|word| {
                let forms = self.best_of(&self.statistics, &word.forms)?;
                let context = self.best_of(&self.statistics, &word.context)?;
                Ok(self.combine(&[&forms, &context], Combine::Sum { at_least: 1 }))
            })
            .collect()
    }

    /// The direct channel: the texts of the kinds asked for with half the words or more,
    /// unless too few have them (one rare word should not outrank several of the query's),
    /// scored by all the words they hold, the best `CANDIDATES`.
    fn direct(&self, own: &[&Word], words: &[Scored], kinds: &[DocKind]) -> Result<Scores> {
        let half = own.len().div_ceil(2).max(1);
        let mut found = self.best_admitted(words, half, kinds)?;
        if found.len() < FEW && half > 1 {
            found = self.best_admitted(words, 1, kinds)?;
        }
        Ok(found)
    }

    /// The best `CANDIDATES` documents a result may come from with `at_least` of the words.
    fn best_admitted(
        &self,
        words: &[Scored],
        at_least: usize,
        kinds: &[DocKind],
    ) -> Result<Scores> {
        let lists: Vec<&Scored> = words.iter().collect();
        let found = self.combine(&lists, Combine::Sum { at_least });
        self.top_admitted(&found, kinds, CANDIDATES)
    }

    /// A node with no text of its own (a law's or a section's heading) shows the text within
    /// it that matched best, named by its id (`27B1(a) …`): the best-scored document within it
    /// in its edition, else its first text.
    fn show_within(
        &self,
        hit: &mut Hit,
        ranked: &[(DocAddress, f32)],
        matcher: &Matcher,
    ) -> Result<()> {
        // The documents within it, looked up once: the ranking may hold far more documents
        // than lie within one node.
        let inside = self.holding_both(
            (self.fields.within, &hit.id),
            (self.fields.edition, &hit.edition),
        )?;
        let lies_within = |address: DocAddress| -> Result<bool> {
            Ok(inside.binary_search(&address).is_ok()
                && self
                    .targets_of(address)?
                    .iter()
                    .any(|t| t != &hit.id && crate::refs::within(t, &hit.id)))
        };
        let has_text =
            |doc: &TantivyDocument| documents::is_text(&self.first(doc, self.fields.body));
        let mut within = None;
        for &(address, _) in ranked {
            if lies_within(address)? {
                let doc = self.doc(address)?;
                if has_text(&doc) {
                    within = Some(doc);
                    break;
                }
            }
        }
        if within.is_none() {
            for &address in &inside {
                let doc = self.doc(address)?;
                if self.first(&doc, self.fields.kind) == DocKind::Law.as_str() && has_text(&doc) {
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

    /// The words in `lang`'s fields, the terms of each: its printed form (weighted up) and its
    /// stems or prefix-stripped forms; a word found nowhere, its near spellings. The words are
    /// read side by side, then marked for the snippets in their order.
    pub(super) fn word_terms(
        &self,
        lang: Lang,
        words: &[&Word],
        matcher: &mut Matcher,
        near: &mut BTreeMap<String, BTreeSet<String>>,
    ) -> Result<Vec<WordTerms>> {
        let all_common = words.iter().all(|w| w.common);
        let unmarked_above = self.unmarked_above(lang)?;
        let read = words
            .par_iter()
            .map(|word| self.word_reading(lang, word, all_common, unmarked_above))
            .collect::<Result<Vec<_>>>()?;
        let mut terms = Vec::new();
        for (word, reading) in words.iter().zip(read) {
            matcher.terms.extend(reading.marked);
            if let Some(distance) = reading.misspelled {
                near.entry(word.typed.clone())
                    .or_default()
                    .extend(reading.spellings);
                matcher.near.push((word.folded.clone(), distance));
            }
            terms.push(reading.terms);
        }
        Ok(terms)
    }

    /// One word's terms in `lang`'s fields, what marks it in the snippets (not in more than
    /// `unmarked_above` of the language's documents), and the edits its near spellings were
    /// looked up by when it is found nowhere.
    fn word_reading(
        &self,
        lang: Lang,
        word: &Word,
        all_common: bool,
        unmarked_above: u64,
    ) -> Result<WordReading> {
        let exact_field = self.fields.text(lang, true);
        let stems_field = self.fields.text(lang, false);
        let stems = analyze::word_stems(lang, &word.typed);
        let mut forms = vec![Weighted::new(exact_field, &word.folded, 2.0)];
        let printed = self.doc_freq(exact_field, &word.folded)?;
        let mut found = printed > 0;
        for (stripped, stem) in stems.iter().enumerate() {
            let weight = reading_weight(lang, word, stripped, stem);
            forms.push(Weighted::new(stems_field, stem, weight));
            found |= self.doc_freq(stems_field, stem)? > 0;
        }
        // A function word is not marked where the query has other words.
        let function_word = word.common || printed > unmarked_above;
        let marked = if !function_word || all_common {
            stems.to_vec()
        } else {
            Vec::new()
        };
        // A word found nowhere: the words a misspelling away, almost as much as the word.
        let misspelled = near_distance(&word.folded).filter(|_| !found);
        let mut spellings = Vec::new();
        if let Some(distance) = misspelled {
            let mut lookups = vec![(exact_field, word.folded.clone(), distance)];
            if lang == Lang::He {
                for stem in analyze::unprefixed(&word.folded).filter(|s| s.chars().count() >= 4) {
                    lookups.push((stems_field, stem.to_string(), 1));
                }
            }
            for (field, form, distance) in lookups {
                for other in self.near_terms(field, &form, distance)? {
                    // The printed words it is read as, to say so.
                    if field == exact_field {
                        spellings.push(other.clone());
                    }
                    forms.push(Weighted::new(field, &other, 0.8));
                }
            }
        }
        // The headings above a node, a little.
        let context_field = self.fields.context(lang);
        let context = stems
            .iter()
            .map(|stem| Weighted::new(context_field, stem, CONTEXT_WEIGHT))
            .collect();
        Ok(WordReading {
            terms: WordTerms { forms, context },
            marked,
            misspelled,
            spellings,
        })
    }

    /// The indexed words `distance` edits from `text` (a swap counting one) that begin with its
    /// first letter, at most `NEAR_TERMS` of them; searched as terms, they score by how rare
    /// they are, as the word itself would.
    pub(super) fn near_terms(
        &self,
        field: tantivy::schema::Field,
        text: &str,
        distance: u8,
    ) -> Result<Vec<String>> {
        remembered(&self.near, &(field, text.to_string(), distance), || {
            let automaton = FuzzyTermQuery::new(self.term(field, text), distance, true)
                .automaton()
                .map_err(search_error)?;
            // A misspelling keeps its first letter (`revok`, `δηλωση`): the walk stays among
            // the words that begin with it, a small part of the dictionary.
            let first = text.chars().next().unwrap_or_default();
            let after_first = char::from_u32(u32::from(first) + 1).unwrap_or(char::MAX);
            let (first, after_first) = (first.to_string(), after_first.to_string());
            let mut out = Vec::new();
            for segment in self.searcher.segment_readers() {
                let inverted = segment.inverted_index(field).map_err(search_error)?;
                let mut stream = inverted
                    .terms()
                    .search(&automaton)
                    .ge(&first)
                    .lt(&after_first)
                    .into_stream()
                    .map_err(read_error)?;
                while stream.advance() && out.len() < NEAR_TERMS {
                    let term = String::from_utf8_lossy(stream.key()).into_owned();
                    if term != text && !out.contains(&term) {
                        out.push(term);
                    }
                }
            }
            Ok(out)
        })
    }

    /// The texts holding the forms of a concept as phrases in `lang`'s stems field (a word
    /// between them allowed), scored by the forms they hold, added up.
    fn phrases(&self, lang: Lang, forms: &[&Name]) -> Result<Phrases> {
        let field = self.fields.text(lang, false);
        let common = self.unmarked_above(lang)?;
        let mut marked = Vec::new();
        let mut found = Vec::new();
        for form in forms {
            // Each word by its most complete reading: the printed form for Hebrew (the
            // prefix-stripped forms sit at the same position), the stem elsewhere.
            let words: Vec<String> = form.stems().map(|t| t.last().to_string()).collect();
            // The phrase's words are marked in the snippets, but not its function words
            // (`claim the rest` must not mark every `the`), nor those the field leaves out.
            for word in &words {
                if self
                    .doc_freq(field, word)
                    .is_ok_and(|n| (1..=common).contains(&n))
                {
                    marked.push(word.clone());
                }
            }
            found.push(match words.as_slice() {
                [] => continue,
                [one] => self.scored_term(&self.statistics, &Weighted::new(field, one, 1.0))?,
                _ => {
                    let mut phrase =
                        PhraseQuery::new(words.iter().map(|w| self.term(field, w)).collect());
                    phrase.set_slop(1);
                    self.scored_query(&phrase)?
                }
            });
        }
        Ok(Phrases {
            found: self.combine(
                &found.iter().collect::<Vec<_>>(),
                Combine::Sum { at_least: 1 },
            ),
            marked,
        })
    }
}

/// The texts a concept's forms are found in as phrases, and the words that mark them.
pub(super) struct Phrases {
    found: Scored,
    marked: Vec<String>,
}

/// The terms of one query word: its readings, of which the best counts, and the same in the
/// headings above a node, which add a little.
pub(super) struct WordTerms {
    pub(super) forms: Vec<Weighted>,
    pub(super) context: Vec<Weighted>,
}

/// One word read in one language's fields.
struct WordReading {
    terms: WordTerms,
    /// The terms that mark it in the snippets.
    marked: Vec<String>,
    /// The edits its near spellings were looked up by, when it is found nowhere as typed.
    misspelled: Option<u8>,
    /// The printed words a word found nowhere was read as.
    spellings: Vec<String>,
}

/// What the channels found: the documents' scores added up, and how the query was read.
struct Channels {
    total: Scores,
    /// What marks a word of each language's texts in the snippets.
    matchers: BTreeMap<Lang, Matcher>,
    /// The words found nowhere as typed, looked up by near spelling, and the printed words
    /// each was read as.
    near: BTreeMap<String, BTreeSet<String>>,
    concepts: Vec<pointers::Concept>,
}
