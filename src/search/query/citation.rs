//! A citation: the node it names in every edition, then what lies within it.

use super::*;

impl Search<'_> {
    /// A citation: the node in every edition asked for, then what lies within it.
    pub(super) fn citation(&self, query: &str, id: &str) -> Result<Option<Outcome>> {
        let langs = if self.request.langs.is_empty() {
            Lang::ALL.to_vec()
        } else {
            self.request.langs.clone()
        };
        let kinds = self.kinds();
        // The node itself in each edition (those that bundle its text first; among them, the
        // edition of the citation's script first, the language asked first standing for
        // Latin), then what lies within it in corpus order: only as
        // many documents are read as are shown.
        let mut nodes = self.with_ids(&[id], &langs, &kinds)?;
        let mut within = self.holding(self.fields.within, &[id])?;
        self.admit(&mut within, &langs, &kinds)?;
        if nodes.is_empty() && within.is_empty() {
            return Ok(None);
        }
        // Latin letters are how ids are written in every language (`27A`): the language asked
        // first says more.
        let typed = match (analyze::edition_typed(query), self.request.first) {
            (None | Some(Lang::En), Some(first)) => Some(first),
            (typed, _) => typed,
        };
        nodes.truncate(self.request.limit.max(3) * 3);
        let mut ranked = Vec::new();
        for &address in &nodes {
            let doc = self.doc(address)?;
            let first_lang = typed.is_some_and(|l| l.code() == self.first(&doc, self.fields.lang));
            // An edition whose text is not bundled shows its headings only: after the others.
            let not_bundled = self.first(&doc, self.fields.body) == crate::corpus::NOT_BUNDLED;
            ranked.push(((not_bundled, !first_lang, address), true, doc));
        }
        ranked.sort_by_key(|(key, _, _)| *key);
        let room = self.request.limit.saturating_sub(ranked.len());
        for address in within.into_iter().filter(|a| !nodes.contains(a)).take(room) {
            ranked.push(((true, true, address), false, self.doc(address)?));
        }
        let matcher = Matcher::default();
        let results = ranked
            .into_iter()
            .take(self.request.limit)
            .map(|(_, cited, doc)| self.hit(&doc, if cited { 1.0 } else { 0.5 }, &matcher))
            .collect();
        Ok(Some(Outcome {
            query: query.to_string(),
            citation: Some(id.to_string()),
            near_spellings: Vec::new(),
            concepts: Vec::new(),
            message: None,
            results,
        }))
    }
}
