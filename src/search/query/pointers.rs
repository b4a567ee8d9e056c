//! What points to nodes: the glossary's concepts, the book indexes' terms and the
//! situations, followed when the query covers their names.

use super::*;

impl Search<'_> {
    /// The glossary concepts the words name: those with a name the query covers word for
    /// word, the longest such names only (`penalty card` rather than `card`).
    pub(super) fn concepts(
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

    /// Pointer documents (concepts, index terms, situations) that name any of the words: for each word,
    /// the `POINTERS` that name it most closely (the shortest names first), so that a common
    /// word does not crowd out the concepts of the others.
    pub(super) fn pointer_hits(
        &self,
        words: &[Word],
        near: &mut BTreeSet<String>,
    ) -> Result<Vec<TantivyDocument>> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for word in words {
            let Some(lang) = word.lang else { continue };
            let mut unused = Matcher::default();
            let text = keywords::at_least(&self.word_clauses(lang, &[word], &mut unused, near)?, 1);
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

    /// The nodes that the concepts, index terms and situations the query names lead to: an
    /// index term or a situation counts when the query covers half its words or more.
    pub(super) fn pointed(
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
    pub(super) fn by_targets(
        &self,
        weights: &HashMap<String, f32>,
        reach: Reach,
        filter: Vec<(Occur, Box<dyn Query>)>,
    ) -> Result<Scores> {
        let field = match reach {
            Reach::Node => self.fields.targets,
            Reach::Within => self.fields.within,
        };
        if weights.is_empty() {
            return Ok(HashMap::new());
        }
        let each: Vec<Box<dyn Query>> = weights
            .iter()
            .map(|(id, weight)| {
                Box::new(ConstScoreQuery::new(self.term_query(field, id), *weight))
                    as Box<dyn Query>
            })
            .collect();
        // A document about several of the nodes counts its best, not their sum; a node with
        // nothing to show is left to citations.
        let mut filter = filter;
        filter.push((
            Occur::MustNot,
            self.term_query(self.fields.flags, "textless"),
        ));
        let query = self.filtered(Box::new(DisjunctionMaxQuery::new(each)), filter);
        self.collect(query)
    }
}

/// Which documents a pointer's node stands for: its own, or every one within it too.
#[derive(Clone, Copy)]
pub(super) enum Reach {
    Node,
    Within,
}

/// A glossary concept the query was read as, with its forms in every language.
pub(super) struct Concept {
    pub(super) id: String,
    pub(super) forms: Vec<(Lang, String)>,
    /// How much of the query it explains.
    pub(super) weight: f32,
}

/// How well a name of `total` words, `covered` of them by the query, stands for the query:
/// the covered words against the longer of the name and the query.
fn share(covered: usize, total: usize, words: &[Word]) -> f32 {
    let query = words.iter().filter(|w| w.lang.is_some()).count();
    covered as f32 / total.max(query).max(1) as f32
}

/// The query's words as each language's stems analyzer reads them, made once per query.
pub(super) type Readings<'w> = [Vec<(Vec<String>, &'w Word)>; 3];

pub(super) fn readings(words: &[Word]) -> Readings<'_> {
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
