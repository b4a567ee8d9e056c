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
}
