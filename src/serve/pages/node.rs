//! A node's page (`/law/27B1(a)`): the node in one edition, or every edition side by side (the
//! translator's view), then what it cites, what cites it, the book's index entries on it,
//! every country's regulations on it and the commentary citing it. Every spelling `show` reads
//! (`27b1a`, `Νόμος 27Β1α`, `חוק 27ב1(א)`, `dummy`) redirects to the canonical address; a range
//! of laws (`/law/61-64`) is a page linking each law.

use std::ops::RangeInclusive;
use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use maud::{Markup, html};

use super::{Ask, bounded};
use crate::align::{self, Scope};
use crate::corpus::model::{ChangeKind, ChangeStatus, Dated};
use crate::corpus::reference::Field;
use crate::corpus::{Corpus, Edition, Entry, Regulations};
use crate::refs::{self, Reading};
use crate::render::compare::{Cell, Note, cited_by};
use crate::render::show::citing_commentary;
use crate::search::Unfound;
use crate::search::analyze::edition_typed;
use crate::serve::layout::{Ui, compose, dir, id_link, in_language, law_href, say, view_switch};
use crate::serve::params::{OPEN_IN, View, path as encode, query_string};
use crate::serve::text::{Markers, field, noted, title};
use crate::serve::{Site, blocking};

/// `/law/<reference>`.
pub async fn page(
    State(site): State<Arc<Site>>,
    reference: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let ask = Ask::new(&site, query.as_deref(), &headers);
        let Some(raw) = reference.as_ref().ok().and_then(|Path(r)| bounded(r)) else {
            return ask.not_found("/", ask.ui.no_law_here);
        };
        // A range of laws is no node (read as a reference, `61-64` is a nonsense id), but what
        // is written as one may be (`71-1`, Law 71's paragraph 1): `Scope::read` decides, as
        // `compare` reads its scope.
        if Scope::laws(raw).is_some() {
            match Scope::read(raw, &site.corpus) {
                Ok(Scope::Laws(from, to)) => return laws(&site.corpus, &ask, raw, from..=to),
                Err(bad) => return ask.not_found("/", ask.ui.bad_scope(&bad)),
                Ok(_) => {}
            }
        }
        let id = match resolve(&site.corpus, raw) {
            Ok(id) => id,
            Err(unfound) => return ask.not_found("/", ask.ui.unfound(&unfound)),
        };
        if id != raw {
            let mut to = law_href(&id);
            let mut keep: Vec<(&str, &str)> = ["view", OPEN_IN]
                .into_iter()
                .filter_map(|name| Some((name, ask.params.get(name)?)))
                .collect();
            // A citation typed in Hebrew or Greek opens in that edition, as `show` puts it
            // first; not one that prints no text (the English headings alone), and never over
            // a view the address asks for.
            let typed = edition_typed(raw)
                .and_then(|lang| site.corpus.edition_in(lang.code()))
                .filter(|edition| edition.text_bundled());
            if ask.params.get("view").is_none()
                && let Some(edition) = typed
            {
                keep.push(("view", edition.language()));
            }
            if !keep.is_empty() {
                to.push('?');
                to.push_str(&query_string(&keep));
            }
            return Redirect::permanent(&to).into_response();
        }
        render(&site.corpus, &ask, &id)
    })
    .await
}

/// The canonical id a reference names, or why it names none.
pub fn resolve(corpus: &Corpus, raw: &str) -> Result<String, Unfound> {
    match refs::reading(raw) {
        Reading::Id(id) => Ok(id),
        Reading::NoSuchLaw(law) => Err(Unfound::NoSuchLaw(law)),
        // A definition's term names its definition (`/law/dummy`).
        Reading::Words => match corpus.definition_named(raw) {
            Some(id) => Ok(id.to_string()),
            None => Err(Unfound::Unreadable {
                typed: raw.to_string(),
                why: refs::parse(raw)
                    .err()
                    .unwrap_or_else(|| format!("cannot read `{raw}` as a reference")),
            }),
        },
    }
}

/// `/law/61-64`: a range of laws, each law linked with its heading.
fn laws(corpus: &Corpus, ask: &Ask, raw: &str, range: RangeInclusive<u8>) -> Response {
    let ui = ask.ui;
    let (from, to) = (range.start(), range.end());
    let body = html! {
        h1 { span.id dir="ltr" { (from) "–" (to) } }
        p { (ui.range_of_laws) }
        ul.laws {
            @for law in range.clone() {
                @let id = law.to_string();
                li {
                    (id_link(&id))
                    @if let Some(edition) = naming(corpus, ui, &id)
                        && let Some(name) = edition.get(&id).and_then(name) {
                        " " span lang=(edition.language()) dir=(dir(edition.language())) { (title(&name)) }
                    }
                }
            }
        }
    };
    ask.page(StatusCode::OK, format!("{from}–{to}"), &law_href(raw), body)
}

/// The edition whose headings name the node `id` on a page: the one in the interface's
/// language (the English edition has headings even where it bundles no text), else the first
/// that names it.
pub fn naming<'c>(corpus: &'c Corpus, ui: &Ui, id: &str) -> Option<&'c Edition> {
    let names = |e: &&Edition| !e.heading_titles(id).is_empty();
    let mut naming = corpus.editions.iter().filter(names);
    naming
        .clone()
        .find(|e| e.language() == ui.lang)
        .or_else(|| naming.next())
}

/// Where the node `id` stands, its headings from its law down, in the interface's language
/// where an edition in it names the node (`naming`).
pub fn headings(corpus: &Corpus, ui: &Ui, id: &str) -> Markup {
    match naming(corpus, ui, id) {
        Some(edition) => in_language(edition.language(), &edition.heading_path(id)),
        None => html! {},
    }
}

/// Whether `edition` has a summary of the node `id` or of a node under it.
fn summarized(edition: &Edition, id: &str) -> bool {
    edition
        .entries
        .iter()
        .any(|e| e.summary.is_some() && refs::within(&e.id, id))
}

/// The anchor of a node on a page: `n-27B1a`.
fn anchor(id: &str) -> String {
    format!("n-{}", crate::corpus::id::slug(id))
}

fn render(corpus: &Corpus, ask: &Ask, id: &str) -> Response {
    let here = law_href(id);
    let having: Vec<&Edition> = corpus
        .editions
        .iter()
        .filter(|e| e.index_of(id).is_some())
        .collect();
    let one = match &ask.view {
        View::One(language) => having.iter().copied().find(|e| e.language() == language),
        View::All => None,
    };
    // The edition that lists what the node cites: the one asked for, else the first that
    // prints its text.
    let Some(primary) = one
        .or_else(|| having.iter().copied().find(|e| e.text_bundled()))
        .or_else(|| having.first().copied())
    else {
        return ask.not_found(&here, ask.ui.unfound(&Unfound::NoSuchNode(id.to_string())));
    };
    let index = primary.index_of(id).unwrap_or_default();
    let ui = ask.ui;
    let shown: Vec<&Edition> = match one {
        Some(edition) => vec![edition],
        // As `compare`: the editions that print the text; one that does not only where it
        // has a summary of the node to show.
        None => having
            .iter()
            .copied()
            .filter(|e| e.text_bundled() || summarized(e, id))
            .collect(),
    };
    // The edition asked for names the page; with every edition shown, the one in the page's
    // own language where it can.
    let named_by = one.or_else(|| naming(corpus, ui, id)).unwrap_or(primary);
    let named_index = named_by.index_of(id).unwrap_or_default();
    let lineage = named_by.lineage(named_index);
    let name = name(&named_by.entries[named_index]);
    // A node without a name of its own (`40B2`, printed `2.`) is titled by where it stands.
    let page_title = match &name {
        Some(name) => format!("{id} {name}"),
        None => match named_by.heading_path(id) {
            path if path.is_empty() => id.to_string(),
            path => format!("{id} · {path}"),
        },
    };
    // A browser's tab shows no footnotes, to which a marker would lead.
    let page_title = crate::corpus::markers::without(&page_title).into_owned();
    let language = named_by.language();
    let body = html! {
        nav.crumbs aria-label=(ui.path) {
            ol lang=(language) dir=(dir(language)) {
                @for step in &lineage[..lineage.len() - 1] {
                    li { a href=(law_href(&step.id)) { (title(&step.title())) } }
                }
            }
        }
        h1 {
            span.id dir="ltr" { (id) }
            @if let Some(name) = &name {
                " "
                span lang=(language) dir=(dir(language)) { (title(name)) }
            }
        }
        (view_switch(ui, &ask.view, &here, &[]))
        @match one {
            Some(edition) => { (single(edition, index, ui)) }
            None => { (side_by_side(&shown, id, ui)) }
        }
        (changes(corpus, id, &having, ui))
        (references(primary, index, ui))
        (cited(&shown, id, ui))
        (in_index(&shown, id, ui))
        (regulations(corpus, primary, id, ui))
        (commentary(corpus, id, ui))
    };
    ask.page(StatusCode::OK, page_title, &here, body)
}

/// What names a node: its heading, or a definition's term; a number alone says nothing more
/// than the id.
fn name(entry: &Entry) -> Option<String> {
    entry
        .heading
        .as_ref()
        .map(|h| h.to_string())
        .or_else(|| entry.term.clone())
}

/// The node in one edition, with its subtree and footnotes.
fn single(edition: &Edition, index: usize, ui: &Ui) -> Markup {
    let language = edition.language();
    let mut footnotes = Vec::new();
    let markers = Markers::default();
    let tree = subtree(edition, index, ui, &mut footnotes, &markers);
    html! {
        article.node-text lang=(language) dir=(dir(language)) {
            p.edition dir="ltr" lang="en" { (edition.id()) }
            (tree)
        }
        @if !footnotes.is_empty() {
            section.footnotes lang=(language) dir=(dir(language)) {
                h2 lang=(ui.lang) dir=(ui.dir) { (ui.footnotes) }
                // The book's own number is the one shown (the list draws none), a link back
                // to where the footnote is cited.
                ol {
                    @for f in footnotes {
                        @let note = &edition.entries[f];
                        @let number = note.number.clone().unwrap_or_default();
                        li id=(format!("fn-{number}")) {
                            @if markers.cited(&number) {
                                a.num href=(format!("#fnref-{number}"))
                                    aria-label=(ui.back_to_marker.replace("{}", &number)) { (number) }
                            } @else {
                                span.num { (number) }
                            }
                            div {
                                @if let Some(text) = &note.text { (field(note, Field::Text, text, Some(&markers))) }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn subtree(
    edition: &Edition,
    index: usize,
    ui: &Ui,
    footnotes: &mut Vec<usize>,
    markers: &Markers,
) -> Markup {
    let entry = &edition.entries[index];
    footnotes.extend(&entry.footnotes);
    let label = entry
        .number
        .clone()
        .or_else(|| entry.term.clone())
        .unwrap_or_else(|| entry.id.clone());
    let children: Vec<Markup> = entry
        .children
        .iter()
        .map(|&c| subtree(edition, c, ui, footnotes, markers))
        .collect();
    html! {
        div.node id=(anchor(&entry.id)) {
            p.head {
                a.num href=(law_href(&entry.id)) title=(entry.id) { (title(&label)) }
                @if let Some(heading) = &entry.heading { " " strong { (noted(heading, Some(markers))) } }
            }
            // The page's words in the edition's language (one edition is shown in its own);
            // a reason is the corpus's, in English.
            @if let Some(reason) = &entry.absent {
                p.note { "[" (ui.note(&Note::Absent(reason.clone()))) "]" }
            }
            @if let Some(text) = &entry.text { (field(entry, Field::Text, text, Some(markers))) }
            @else if !edition.text_bundled() && entry.children.is_empty() && entry.summary.is_none() && entry.absent.is_none() {
                p.note { "[" (ui.note(&Note::NotBundled)) "]" }
            }
            @if let Some(english) = &entry.english { p.english lang="en" dir="ltr" { "(" (english) ")" } }
            @if let Some(summary) = &entry.summary {
                div.summary {
                    p.note { (ui.summary) }
                    p { (title(&summary.text)) }
                }
            }
            @if let Some(reason) = &entry.renumbered {
                p.note { (compose(ui.renumbered, &[in_language("en", reason)])) }
            }
            @for child in children { (child) }
            @if let Some(after) = &entry.text_after { (field(entry, Field::TextAfter, after, Some(markers))) }
        }
    }
}

/// Every edition that has the node, side by side, row by row on the aligned ids.
fn side_by_side(editions: &[&Edition], id: &str, ui: &Ui) -> Markup {
    let rows = align::rows(editions, &Scope::Node(id.to_string()));
    html! {
        div.table-scroll {
            table.side {
                colgroup {
                    col.id;
                    @for _ in editions { col; }
                }
                thead {
                    tr {
                        th scope="col" { (ui.id_column) }
                        @for e in editions {
                            th scope="col" lang="en" dir="ltr" { (e.id()) }
                        }
                    }
                }
                tbody {
                    @for row in &rows {
                        tr id=(anchor(&row.id)) class=(format!("depth-{}", row.depth.min(4))) {
                            th scope="row" { (id_link(&row.id)) }
                            @for (cell, edition) in row.cells.iter().zip(editions) {
                                @let language = edition.language();
                                td lang=(language) dir=(dir(language)) data-edition=(edition.id()) {
                                    @if let Some(entry) = cell {
                                        @let printed = Cell::of(entry, edition);
                                        @if let Some(t) = &printed.title { p.head { strong { (title(t)) } } }
                                        // The page's words, in a cell of the edition's language.
                                        @if let Some(note) = &printed.note {
                                            p.note { span lang=(ui.lang) dir=(ui.dir) { "[" (ui.note(note)) "]" } }
                                        }
                                        @if printed.note == Some(Note::Summary) {
                                            p { (title(&printed.text)) }
                                        } @else {
                                            // No footnotes are listed beside the editions:
                                            // their markers are shown, not links to nothing.
                                            @if let Some(text) = &entry.text { (field(entry, Field::Text, text, None)) }
                                            @if let Some(after) = &entry.text_after { (field(entry, Field::TextAfter, after, None)) }
                                        }
                                    } @else {
                                        "—"
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// What the node and the nodes under it cite, in `edition`.
fn references(edition: &Edition, index: usize, ui: &Ui) -> Markup {
    let mut lines: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut stack = vec![index];
    while let Some(i) = stack.pop() {
        let entry = &edition.entries[i];
        let targets: Vec<&str> = refs::targets(entry).into_iter().map(|(t, _)| t).collect();
        if !targets.is_empty() {
            lines.push((&entry.id, targets));
        }
        stack.extend(entry.children.iter().rev());
        stack.extend(entry.footnotes.iter().rev());
    }
    html! {
        @if !lines.is_empty() {
            section.refs {
                h2 { (ui.references) }
                ul {
                    @for (from, targets) in lines {
                        li {
                            (id_link(from)) " " (ui.arrow) " "
                            @for (n, t) in targets.iter().enumerate() {
                                @if n > 0 { ", " }
                                (id_link(t))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The nodes that cite this one, or a node under it, in any of the editions shown.
fn cited(editions: &[&Edition], id: &str, ui: &Ui) -> Markup {
    let by = cited_by(editions, id);
    let printed = editions.iter().filter(|e| e.text_bundled()).count();
    html! {
        @if !by.is_empty() {
            section.cited-by {
                h2 { (ui.cited_by) }
                ul.inline {
                    @for c in &by {
                        li {
                            (id_link(&c.id))
                            @if c.target != id { " " (ui.arrow) " " (id_link(&c.target)) }
                            @if editions.len() > 1 && c.editions.len() < printed {
                                " " small dir="ltr" { "(" (c.editions.join(", ")) ")" }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The entries of each edition's index pointing to the node.
fn in_index(editions: &[&Edition], id: &str, ui: &Ui) -> Markup {
    let found: Vec<(&Edition, Vec<String>)> = editions
        .iter()
        .map(|e| (*e, refs::index_entries_citing(e, id)))
        .filter(|(_, entries)| !entries.is_empty())
        .collect();
    html! {
        @if !found.is_empty() {
            section.index {
                h2 { (ui.in_index) }
                @for (edition, entries) in found {
                    ul lang=(edition.language()) dir=(dir(edition.language())) {
                        @for term in entries { li { (term) } }
                    }
                }
            }
        }
    }
}

/// The changes to the work at the node or under it (amendments, corrected errors), as `show`
/// lists them: when, what, on whose authority, and whether each edition has it. What the
/// corpus records of them is in English.
fn changes(corpus: &Corpus, id: &str, editions: &[&Edition], ui: &Ui) -> Markup {
    let changes = crate::render::amendments::gather(corpus, id, editions);
    html! {
        @if !changes.is_empty() {
            section.changes {
                h2 { (ui.changes) }
                @for change in &changes {
                    div.change {
                        h3 {
                            (match change.kind {
                                ChangeKind::Amendment => ui.amended,
                                ChangeKind::Erratum => ui.corrected,
                            })
                            " " (id_link(&change.node)) " "
                            @match change.dated {
                                Dated::On => span dir="ltr" { (change.date) },
                                Dated::NotAfter => (say(ui.changed_by, &[&change.date])),
                            }
                        }
                        p lang="en" dir="ltr" { (change.what) }
                        p.note { (ui.source) ": " span lang="en" dir="ltr" { (change.source) } }
                        ul {
                            @for e in &change.editions {
                                li {
                                    span.id dir="ltr" { (e.edition) } ": "
                                    (match e.status {
                                        ChangeStatus::Has => ui.has_change,
                                        ChangeStatus::Lacks => ui.lacks_change,
                                        ChangeStatus::Unknown => ui.change_unknown,
                                    })
                                    @if let Some(why) = &e.why { " — " span lang="en" dir="ltr" { (why) } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Every country's regulations on the node and the nodes under it, each node named in the
/// interface's language.
fn regulations(corpus: &Corpus, edition: &Edition, id: &str, ui: &Ui) -> Markup {
    let countries: Vec<&Regulations> = corpus.regulations.iter().collect();
    let rows = crate::regs::compare(&countries, edition, Some(&Scope::Node(id.to_string())));
    html! {
        @if !rows.is_empty() {
            section.regulations {
                h2 { (ui.national) }
                @for row in &rows {
                    div.regulated {
                        h3 { (id_link(row.node)) " " (headings(corpus, ui, row.node)) }
                        @for (country, list) in countries.iter().zip(&row.by_country) {
                            @for regulation in list {
                                (super::regs::regulation(country, regulation, ui))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The parts of the commentary citing the node or a node under it.
fn commentary(corpus: &Corpus, id: &str, ui: &Ui) -> Markup {
    let citing = citing_commentary(corpus, id);
    html! {
        @if !citing.is_empty() {
            section.commentary {
                h2 { (ui.commentary) }
                ul {
                    @for c in &citing {
                        li {
                            a href=(format!("/commentary/{}", encode(&c.id))) { bdi dir="auto" { (c.title) } }
                            " " (ui.arrow) " "
                            @for (n, t) in c.cites.iter().enumerate() {
                                @if n > 0 { ", " }
                                (id_link(t))
                            }
                        }
                    }
                }
            }
        }
    }
}
