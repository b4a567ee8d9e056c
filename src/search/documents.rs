//! What the index holds: one document per text a reader may want, and per pointer to texts.
//!
//! Readable documents are the nodes of every edition (the English edition's summaries where
//! its text is not bundled), definitions, footnotes and national regulations (with their
//! English renderings). Pointer documents lead to nodes: the terms of each book's alphabetical
//! index and the concepts of the glossary, which carry every language's terms.

use std::collections::BTreeMap;

use super::analyze::Lang;
use crate::corpus::{Corpus, Edition, Kind, NOT_BUNDLED};

/// What a document is, as `--kind` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum DocKind {
    /// A node of the law tree (and the preface and introduction).
    Law,
    /// A definition, as one edition prints it.
    Definition,
    /// A footnote of one edition.
    Footnote,
    /// A national federation's regulation (`reg/il/3`).
    Regulation,
    /// A term of a book's alphabetical index.
    Index,
    /// A concept of the glossary.
    Glossary,
    /// An everyday description of what a law covers (`situations.yaml`).
    Situation,
    /// A scenario of the directors' booklet, or a section of a commentary document.
    Commentary,
    /// Everything said of one law in every language (its texts, the English summaries, the
    /// situations, the concepts and index terms pointing into it): what laws are ranked by.
    /// Never shown, so never asked for.
    #[value(skip)]
    Profile,
}

impl DocKind {
    /// Every kind.
    pub const ALL: [DocKind; 9] = [
        DocKind::Law,
        DocKind::Definition,
        DocKind::Footnote,
        DocKind::Regulation,
        DocKind::Index,
        DocKind::Glossary,
        DocKind::Situation,
        DocKind::Commentary,
        DocKind::Profile,
    ];

    /// What a search returns unless asked: texts to read, not pointers to them.
    pub const READABLE: [DocKind; 5] = [
        DocKind::Law,
        DocKind::Definition,
        DocKind::Footnote,
        DocKind::Regulation,
        DocKind::Commentary,
    ];

    /// The kind as `--kind` names it (`definition`).
    pub fn as_str(self) -> &'static str {
        match self {
            DocKind::Law => "law",
            DocKind::Definition => "definition",
            DocKind::Footnote => "footnote",
            DocKind::Regulation => "regulation",
            DocKind::Index => "index",
            DocKind::Glossary => "glossary",
            DocKind::Situation => "situation",
            DocKind::Commentary => "commentary",
            DocKind::Profile => "profile",
        }
    }

    /// The kinds a search can be asked for, as `--kind` names them: all but the profiles.
    pub fn askable() -> &'static [DocKind] {
        <DocKind as clap::ValueEnum>::value_variants()
    }

    /// The kind a search is asked for by `name` (`law`, `regulation`).
    pub fn from_name(name: &str) -> Option<DocKind> {
        Self::askable().iter().copied().find(|k| k.as_str() == name)
    }

    /// Whether its documents lead to texts rather than hold one: index terms, concepts and
    /// situations.
    pub fn is_pointer(self) -> bool {
        matches!(
            self,
            DocKind::Index | DocKind::Glossary | DocKind::Situation | DocKind::Profile
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
    /// Where it comes from: an edition id, a country code for a regulation (`il`),
    /// `glossary`, `situations`, or a commentary document's id.
    pub edition: String,
    /// None for a glossary concept, which is in every language.
    pub lang: Option<Lang>,
    /// What it is.
    pub kind: DocKind,
    /// What the document is called, for display.
    pub heading: String,
    /// The text shown, searched through `texts` (`NOT_BUNDLED` for a node whose text its
    /// edition does not bundle: shown, never searched).
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
    /// A profile's texts by language, indexed in fields of their own so that units are
    /// weighed against units.
    pub profile: Vec<(Lang, String)>,
    /// The unit its first target lies in (see `units::Units`): what results are ranked by.
    pub unit: u64,
}

impl Doc {
    /// A document about `targets`, with nothing to show, index or follow yet.
    pub(super) fn new(
        id: String,
        kind: DocKind,
        edition: &str,
        lang: Option<Lang>,
        targets: Vec<String>,
        ancestors: &Ancestors,
    ) -> Doc {
        Doc {
            id,
            within: ancestors.within(&targets),
            targets,
            edition: edition.to_string(),
            lang,
            kind,
            heading: String::new(),
            body: String::new(),
            textless: false,
            texts: Vec::new(),
            context: String::new(),
            forms: Vec::new(),
            profile: Vec::new(),
            unit: 0,
        }
    }
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
    commentary(corpus, &ancestors, &mut docs);
    super::units::with_profiles(docs)
}

/// The ids above each node, taken from the first edition that has it (the editions share
/// their tree).
pub(super) struct Ancestors(pub(super) BTreeMap<String, Vec<String>>);

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
    for (index, entry) in edition.entries.iter().enumerate() {
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
        let mut doc = Doc::new(
            entry.id.clone(),
            kind,
            edition.id(),
            Some(lang),
            targets,
            ancestors,
        );
        // A node with nothing of its own is found by citation only, not by its headings.
        doc.textless = body.is_empty() && own_heading.is_empty();
        if !doc.textless {
            let above = edition.lineage(index);
            let headings = above[..above.len() - 1]
                .iter()
                .filter_map(|e| e.heading.as_ref().map(|h| h.to_string()));
            doc.context = headings.collect::<Vec<_>>().join("\n");
        }
        doc.heading = edition.heading_path(&entry.id);
        if doc.heading.is_empty() {
            doc.heading = own_heading.clone();
        }
        doc.texts = vec![(lang, format!("{own_heading}\n{body}"))];
        // What a result shows, not what is searched.
        if body.is_empty() && !edition.text_bundled() {
            body = NOT_BUNDLED.to_string();
        }
        doc.body = body;
        docs.push(doc);
    }
}

/// Whether a stored body is a text to show, not nothing or the note that there is none.
pub fn is_text(body: &str) -> bool {
    !body.is_empty() && body != NOT_BUNDLED
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
        let id = format!("index/{}/{n}", edition.id());
        let mut doc = Doc::new(
            id,
            DocKind::Index,
            edition.id(),
            Some(lang),
            targets,
            ancestors,
        );
        doc.body = doc.targets.join(", ");
        doc.heading = format!("{} › {term}", index.data.heading);
        doc.forms = vec![(lang, term.clone())];
        doc.texts = vec![(lang, term)];
        docs.push(doc);
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
            // As printed, in the country's language, and its English rendering: one document
            // each, headed in its language.
            let printed =
                lang.map(|l| (l, corpus.edition_of(country), regulation.text.to_string()));
            let rendered = regulation
                .english
                .as_ref()
                .map(|r| (Lang::En, english, r.text.to_string()));
            for (lang, headings, text) in printed.into_iter().chain(rendered) {
                let id = regulation.id.to_string();
                let targets = vec![node.clone()];
                let mut doc = Doc::new(
                    id,
                    DocKind::Regulation,
                    code,
                    Some(lang),
                    targets,
                    ancestors,
                );
                let path = headings.map(|e| e.heading_path(&node)).unwrap_or_default();
                doc.heading = format!("{} · {node} · {path}", file.federation);
                doc.texts = vec![(lang, text.clone())];
                doc.body = text;
                docs.push(doc);
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
        let id = format!("glossary/{}", concept.id.as_str());
        let mut doc = Doc::new(id, DocKind::Glossary, "glossary", None, targets, ancestors);
        doc.body = concept.note.clone().unwrap_or_default();
        doc.heading = heading;
        doc.texts = texts;
        doc.forms = forms;
        docs.push(doc);
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
            let id = format!("situation/{}/{}", situation.law, n + 1);
            let targets = targets.clone();
            let mut doc = Doc::new(
                id,
                DocKind::Situation,
                "situations",
                Some(lang),
                targets,
                ancestors,
            );
            doc.heading = phrase.to_string();
            doc.texts = vec![(lang, phrase.to_string())];
            doc.forms = vec![(lang, phrase.to_string())];
            docs.push(doc);
        }
    }
}

/// The commentary: each scenario of a booklet, and each section of a document, is read on its
/// own and is about the nodes it cites. A scenario's title also names its laws, as a
/// situation does: a director describing it is led to them.
fn commentary(corpus: &Corpus, ancestors: &Ancestors, docs: &mut Vec<Doc>) {
    let commentary = &corpus.commentary;
    // A scenario's citations, by scenario (a Markdown document's part is the document).
    let mut cited_in_part =
        commentary.cited_by(|r| (r.part != r.document).then_some(r.part.as_str()));
    for booklet in &commentary.booklets {
        let data = &booklet.data;
        let Some(lang) = Lang::from_code(&data.language) else {
            continue;
        };
        for scenario in data.scenarios() {
            let targets = owned(
                cited_in_part
                    .remove(scenario.id.as_str())
                    .unwrap_or_default(),
            );
            let mut doc = Doc::new(
                scenario.id.to_string(),
                DocKind::Commentary,
                data.id.as_str(),
                Some(lang),
                targets,
                ancestors,
            );
            doc.heading = scenario.title.clone();
            let text: Vec<&str> = scenario.text.iter().map(|t| t.as_str()).collect();
            doc.body = format!("{}\n{}", text.join("\n"), scenario.laws.as_str());
            doc.texts = vec![(lang, format!("{}\n{}", scenario.title, doc.body))];
            doc.forms = vec![(lang, scenario.title.clone())];
            docs.push(doc);
        }
    }
    for document in &commentary.documents {
        let meta = &document.meta;
        let Some(lang) = Lang::from_code(&meta.language) else {
            continue;
        };
        let sections = sections(&document.body);
        // The section each citation is in, by its line (the sections follow one another).
        let section_of = |line: u32| {
            let line = line.checked_sub(document.body_line)?;
            let after = sections.partition_point(|s| s.lines.start <= line);
            after
                .checked_sub(1)
                .filter(|&n| sections[n].lines.contains(&line))
        };
        let mut cited_in_section = commentary
            .cited_by(|r| (r.document == meta.id.as_str()).then(|| section_of(r.place.line()))?);
        for (n, section) in sections.iter().enumerate() {
            let targets = owned(cited_in_section.remove(&n).unwrap_or_default());
            let mut doc = Doc::new(
                format!("{}#{}", meta.id, n + 1),
                DocKind::Commentary,
                meta.id.as_str(),
                Some(lang),
                targets,
                ancestors,
            );
            doc.heading = if section.heading.is_empty() {
                meta.title.clone()
            } else {
                section.heading.clone()
            };
            doc.body = section.text.trim().to_string();
            if doc.body.is_empty() {
                continue;
            }
            doc.texts = vec![(lang, format!("{}\n{}", section.heading, doc.body))];
            doc.context = meta.title.clone();
            docs.push(doc);
        }
    }
}

fn owned(ids: Vec<&str>) -> Vec<String> {
    ids.into_iter().map(str::to_string).collect()
}

/// A section of a Markdown document: its heading, its text without markup, and the body's
/// lines it spans (0-based, end excluded).
struct Section {
    heading: String,
    text: String,
    lines: std::ops::Range<u32>,
}

/// A Markdown body cut at its headings.
fn sections(body: &str) -> Vec<Section> {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    // Lines are counted on from the last heading (lines from 0 here).
    let mut positions = crate::corpus::locate::Positions::new(body, 0);
    let mut line_of = |at: usize| positions.of(at).line;
    let mut out = vec![Section {
        heading: String::new(),
        text: String::new(),
        lines: 0..0,
    }];
    let mut in_heading = false;
    for (event, range) in Parser::new_ext(body, Options::ENABLE_TABLES).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                let start = line_of(range.start);
                if let Some(last) = out.last_mut() {
                    last.lines.end = start;
                }
                out.push(Section {
                    heading: String::new(),
                    text: String::new(),
                    lines: start..start,
                });
                in_heading = true;
            }
            Event::End(TagEnd::Heading(_)) => in_heading = false,
            Event::Text(text) | Event::Code(text) => {
                let section = out.last_mut().expect("one section at least");
                let target = if in_heading {
                    &mut section.heading
                } else {
                    &mut section.text
                };
                target.push_str(&text);
            }
            Event::SoftBreak | Event::HardBreak => {
                out.last_mut().expect("one section").text.push(' ');
            }
            Event::End(TagEnd::Paragraph | TagEnd::Item | TagEnd::TableRow | TagEnd::TableCell) => {
                out.last_mut().expect("one section").text.push('\n');
            }
            _ => {}
        }
    }
    let end = line_of(body.len()) + 1;
    if let Some(last) = out.last_mut() {
        last.lines.end = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Markdown document's sections: each heading starts one, at its line.
    #[test]
    fn a_document_is_cut_at_its_headings_on_their_lines() {
        let body = "intro\n\n# One\ntext\n\n## Two\n\nmore\ntext\n";
        let cut = sections(body);
        let spans: Vec<(&str, std::ops::Range<u32>)> = cut
            .iter()
            .map(|s| (s.heading.as_str(), s.lines.clone()))
            .collect();
        assert_eq!(spans, [("", 0..2), ("One", 2..5), ("Two", 5..10)]);
        assert_eq!(cut[2].text.trim(), "more text");
    }

    /// An English node with neither text nor summary shows that its text is not bundled; the
    /// note's words are in nothing searched.
    #[test]
    fn a_node_whose_text_is_not_bundled_shows_a_note_never_searched() {
        let corpus = crate::load(crate::corpus::Root::Embedded).expect("the bundled corpus");
        let docs = collect(&corpus);
        let node = |edition: &str, id: &str| {
            docs.iter()
                .find(|d| d.edition == edition && d.id == id)
                .unwrap_or_else(|| panic!("{edition} {id}"))
        };
        for id in ["16B1", "16B1(a)", "def/psychic-call"] {
            let doc = node("en-2017", id);
            assert_eq!(doc.body, NOT_BUNDLED, "{id}");
            assert!(
                doc.texts.iter().all(|(_, text)| !text.contains("bundled")),
                "{id}: {:?}",
                doc.texts
            );
        }
        // A summary, and every bundled edition's text, are what they are.
        assert!(
            node("en-2017", "16B")
                .body
                .starts_with("Extraneous information")
        );
        assert!(
            docs.iter()
                .all(|d| d.edition == "en-2017" || d.body != NOT_BUNDLED)
        );
    }

    /// Each section of the bundled commentary's documents is about what its lines cite, and
    /// nothing else: as read from every citation, the document's and its lines'.
    #[test]
    fn a_section_is_about_the_nodes_cited_on_its_lines() {
        let corpus = crate::load(crate::corpus::Root::Embedded).expect("the bundled corpus");
        let docs = collect(&corpus);
        let commentary = &corpus.commentary;
        let mut checked = 0;
        for document in &commentary.documents {
            for (n, section) in sections(&document.body).iter().enumerate() {
                let lines = document.body_line + section.lines.start
                    ..document.body_line + section.lines.end;
                let mut cited: Vec<&str> = Vec::new();
                for r in commentary.refs_of(&document.meta.id) {
                    if let Ok(target) = &r.target
                        && lines.contains(&r.place.line())
                        && !cited.contains(&target.as_str())
                    {
                        cited.push(target);
                    }
                }
                let id = format!("{}#{}", document.meta.id, n + 1);
                if let Some(doc) = docs.iter().find(|d| d.id == id) {
                    assert_eq!(doc.targets, cited, "{id}");
                    checked += usize::from(!cited.is_empty());
                }
            }
        }
        assert!(checked >= 5, "only {checked} sections cite a node");
    }
}
