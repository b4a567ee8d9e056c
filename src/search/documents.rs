//! What the index holds: one document per text a reader may want, and per pointer to texts.
//!
//! Readable documents are the nodes of every edition (the English edition's summaries where
//! its text is not bundled), definitions, footnotes and national regulations (with their
//! English renderings). Pointer documents lead to nodes: the terms of each book's alphabetical
//! index and the concepts of the glossary, which carry every language's terms.

use std::collections::BTreeMap;

use super::analyze::Lang;
use crate::corpus::{Corpus, Edition, Kind};
use crate::render::heading_path;

/// What a document is, as `--kind` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum DocKind {
    /// A node of the law tree (and the preface and introduction).
    Law,
    Definition,
    Footnote,
    Regulation,
    /// A term of a book's alphabetical index.
    Index,
    /// A concept of the glossary.
    Glossary,
    /// An everyday description of what a law covers (`situations.yaml`).
    Situation,
}

impl DocKind {
    pub const ALL: [DocKind; 7] = [
        DocKind::Law,
        DocKind::Definition,
        DocKind::Footnote,
        DocKind::Regulation,
        DocKind::Index,
        DocKind::Glossary,
        DocKind::Situation,
    ];

    /// What a search returns unless asked: texts to read, not pointers to them.
    pub const READABLE: [DocKind; 4] = [
        DocKind::Law,
        DocKind::Definition,
        DocKind::Footnote,
        DocKind::Regulation,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DocKind::Law => "law",
            DocKind::Definition => "definition",
            DocKind::Footnote => "footnote",
            DocKind::Regulation => "regulation",
            DocKind::Index => "index",
            DocKind::Glossary => "glossary",
            DocKind::Situation => "situation",
        }
    }

    pub fn is_pointer(self) -> bool {
        matches!(
            self,
            DocKind::Index | DocKind::Glossary | DocKind::Situation
        )
    }
}

/// One document of the index.
#[derive(Clone, Debug)]
pub struct Doc {
    /// Its own id: a node's canonical id, `reg/il/3`, `glossary/<concept>`,
    /// `index/<edition>/<n>`.
    pub id: String,
    /// The nodes it is about: a node itself, a footnote's node, what a regulation qualifies,
    /// what an index term or a concept points to.
    pub targets: Vec<String>,
    /// The targets and every node above them, for finding what lies within a citation.
    pub within: Vec<String>,
    pub edition: String,
    /// None for a glossary concept, which is in every language.
    pub lang: Option<Lang>,
    pub kind: DocKind,
    /// What the document is called, for display.
    pub heading: String,
    /// The text shown and searched (the heading is searched too).
    pub body: String,
    /// A node with no text or heading of its own: found by citation only.
    pub textless: bool,
    /// What is indexed, by language.
    pub texts: Vec<(Lang, String)>,
    /// The headings above a node (its law's title, its section's heading), indexed apart and
    /// weighted less: a word of the law's title makes every node of the law a little likelier.
    pub context: String,
    /// A pointer's names by language (a concept's terms and variants, an index term): what a
    /// query must cover to follow the pointer, and what it is translated into.
    pub forms: Vec<(Lang, String)>,
}

/// Every document of the corpus, in corpus order.
pub fn collect(corpus: &Corpus) -> Vec<Doc> {
    let ancestors = Ancestors::of(corpus);
    let mut docs = Vec::new();
    for edition in &corpus.editions {
        let Some(lang) = Lang::from_code(edition.language()) else {
            continue;
        };
        nodes(edition, lang, &ancestors, &mut docs);
        book_index(edition, lang, &ancestors, &mut docs);
    }
    regulations(corpus, &ancestors, &mut docs);
    glossary(corpus, &ancestors, &mut docs);
    situations(corpus, &ancestors, &mut docs);
    docs
}

/// The ids above each node, taken from the first edition that has it (the editions share
/// their tree).
struct Ancestors(BTreeMap<String, Vec<String>>);

impl Ancestors {
    fn of(corpus: &Corpus) -> Self {
        let mut map = BTreeMap::new();
        for edition in &corpus.editions {
            for (i, entry) in edition.entries.iter().enumerate() {
                map.entry(entry.id.clone()).or_insert_with(|| {
                    edition
                        .lineage(i)
                        .into_iter()
                        .map(|e| e.id.clone())
                        .collect()
                });
            }
        }
        Ancestors(map)
    }

    /// The targets with every node above them, each once.
    fn within(&self, targets: &[String]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for target in targets {
            let chain = self
                .0
                .get(target)
                .cloned()
                .unwrap_or_else(|| vec![target.clone()]);
            for id in chain {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        out
    }
}

fn nodes(edition: &Edition, lang: Lang, ancestors: &Ancestors, docs: &mut Vec<Doc>) {
    for entry in &edition.entries {
        if entry.absent.is_some() {
            continue;
        }
        let texts: Vec<&str> = [&entry.text, &entry.text_after]
            .into_iter()
            .flatten()
            .map(|t| t.as_str())
            .collect();
        let mut body = texts.join("\n");
        if body.is_empty()
            && let Some(summary) = &entry.summary
        {
            body = summary.text.to_string();
        }
        let own_heading = match entry.kind {
            Kind::Definition => [entry.term.as_deref(), entry.english.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" · "),
            _ => entry
                .heading
                .as_ref()
                .map(|h| h.to_string())
                .unwrap_or_default(),
        };
        // A node with neither text nor heading (`20F5`, whose items hold the text) is still a
        // document: a citation of it must find it.
        let (kind, targets) = match entry.kind {
            Kind::Definition => (DocKind::Definition, vec![entry.id.clone()]),
            Kind::Footnote => {
                let on = entry
                    .parent
                    .map(|p| edition.entries[p].id.clone())
                    .unwrap_or_else(|| entry.id.clone());
                (DocKind::Footnote, vec![on])
            }
            _ => (DocKind::Law, vec![entry.id.clone()]),
        };
        // A node with nothing of its own is found by citation only, not by its headings.
        let context: Vec<String> = if body.is_empty() && own_heading.is_empty() {
            Vec::new()
        } else {
            edition
                .lineage(edition.index_of(&entry.id).unwrap_or(0))
                .iter()
                .filter(|e| e.id != entry.id)
                .filter_map(|e| e.heading.as_ref().map(|h| h.to_string()))
                .collect()
        };
        let mut heading = heading_path(edition, &entry.id);
        if heading.is_empty() {
            heading = own_heading.clone();
        }
        docs.push(Doc {
            id: entry.id.clone(),
            within: ancestors.within(&targets),
            targets,
            edition: edition.id().to_string(),
            lang: Some(lang),
            kind,
            heading,
            texts: vec![(lang, format!("{own_heading}\n{body}"))],
            context: context.join("\n"),
            textless: body.is_empty() && own_heading.is_empty(),
            body,
            forms: Vec::new(),
        });
    }
}

fn book_index(edition: &Edition, lang: Lang, ancestors: &Ancestors, docs: &mut Vec<Doc>) {
    let Some(index) = &edition.book_index else {
        return;
    };
    // One document per head term and per sub-term, with the nodes its references resolve to.
    let mut by_term: BTreeMap<(usize, Option<usize>), Vec<String>> = BTreeMap::new();
    for r in &edition.index_refs {
        let targets = by_term.entry((r.head, r.sub)).or_default();
        for target in r.targets.iter().flatten() {
            if !targets.contains(target) {
                targets.push(target.clone());
            }
        }
    }
    for ((head, sub), targets) in by_term {
        if targets.is_empty() {
            continue;
        }
        let head_entry = &index.data.entries[head];
        let term = match sub {
            Some(s) => format!(
                "{} › {}",
                head_entry.term.as_str(),
                head_entry.subentries[s].term.as_str()
            ),
            None => head_entry.term.to_string(),
        };
        let n = match sub {
            Some(s) => format!("{}.{}", head + 1, s + 1),
            None => (head + 1).to_string(),
        };
        docs.push(Doc {
            id: format!("index/{}/{n}", edition.id()),
            within: ancestors.within(&targets),
            body: targets.join(", "),
            targets,
            edition: edition.id().to_string(),
            lang: Some(lang),
            kind: DocKind::Index,
            heading: format!("{} › {term}", index.data.heading),
            forms: vec![(lang, term.clone())],
            context: String::new(),
            textless: false,
            texts: vec![(lang, term)],
        });
    }
}

fn regulations(corpus: &Corpus, ancestors: &Ancestors, docs: &mut Vec<Doc>) {
    for country in &corpus.regulations {
        let file = &country.data;
        let code = file.country.as_str();
        let lang = Lang::from_code(&file.language);
        let english = corpus.english();
        for regulation in &file.regulations {
            let node = regulation.attached_to.to_string();
            let targets = vec![node.clone()];
            let within = ancestors.within(&targets);
            let heading_in = |edition: Option<&Edition>| {
                let path = edition.map(|e| heading_path(e, &node)).unwrap_or_default();
                format!("{} · {node} · {path}", file.federation)
            };
            let text = regulation.text.to_string();
            if let Some(lang) = lang {
                docs.push(Doc {
                    id: regulation.id.to_string(),
                    targets: targets.clone(),
                    within: within.clone(),
                    edition: code.to_string(),
                    lang: Some(lang),
                    kind: DocKind::Regulation,
                    heading: heading_in(corpus.edition_of(country)),
                    texts: vec![(lang, text.clone())],
                    context: String::new(),
                    textless: false,
                    body: text,
                    forms: Vec::new(),
                });
            }
            if let Some(rendering) = &regulation.english {
                let text = rendering.text.to_string();
                docs.push(Doc {
                    id: regulation.id.to_string(),
                    targets,
                    within,
                    edition: code.to_string(),
                    lang: Some(Lang::En),
                    kind: DocKind::Regulation,
                    heading: heading_in(english),
                    texts: vec![(Lang::En, text.clone())],
                    context: String::new(),
                    textless: false,
                    body: text,
                    forms: Vec::new(),
                });
            }
        }
    }
}

fn glossary(corpus: &Corpus, ancestors: &Ancestors, docs: &mut Vec<Doc>) {
    let Some(glossary) = &corpus.glossary else {
        return;
    };
    for concept in &glossary.data.concepts {
        let targets: Vec<String> = concept
            .laws
            .iter()
            .chain(&concept.definitions)
            .map(|l| l.to_string())
            .collect();
        let forms: Vec<(Lang, String)> = concept
            .terms
            .iter()
            .filter_map(|(code, terms)| Some((Lang::from_code(code)?, terms)))
            .flat_map(|(lang, terms)| terms.forms().map(move |f| (lang, f.to_string())))
            .collect();
        let texts = Lang::ALL
            .iter()
            .map(|&lang| {
                let of_lang: Vec<&str> = forms
                    .iter()
                    .filter(|(l, _)| *l == lang)
                    .map(|(_, f)| f.as_str())
                    .collect();
                // One form per line: the forms are separate names, not one phrase.
                (lang, of_lang.join("\n"))
            })
            .filter(|(_, text)| !text.is_empty())
            .collect();
        let heading = Lang::ALL
            .iter()
            .filter_map(|l| concept.terms.get(l.code()).map(|t| t.term.as_str()))
            .collect::<Vec<_>>()
            .join(" · ");
        docs.push(Doc {
            id: format!("glossary/{}", concept.id.as_str()),
            within: ancestors.within(&targets),
            body: concept.note.clone().unwrap_or_default(),
            targets,
            edition: "glossary".to_string(),
            lang: None,
            kind: DocKind::Glossary,
            heading,
            texts,
            context: String::new(),
            textless: false,
            forms,
        });
    }
}

/// One document per everyday description: each is a name of its law, found on its own.
fn situations(corpus: &Corpus, ancestors: &Ancestors, docs: &mut Vec<Doc>) {
    let Some(situations) = &corpus.situations else {
        return;
    };
    for situation in &situations.data.situations {
        let targets = vec![situation.law.to_string()];
        for (n, (code, phrase)) in situation.phrases().enumerate() {
            let Some(lang) = Lang::from_code(code) else {
                continue;
            };
            docs.push(Doc {
                id: format!("situation/{}/{}", situation.law, n + 1),
                within: ancestors.within(&targets),
                targets: targets.clone(),
                edition: "situations".to_string(),
                lang: Some(lang),
                kind: DocKind::Situation,
                heading: phrase.to_string(),
                body: String::new(),
                textless: false,
                texts: vec![(lang, phrase.to_string())],
                context: String::new(),
                forms: vec![(lang, phrase.to_string())],
            });
        }
    }
}
