//! The glossary (`/glossary?q=…`): a term in any language, or a variant, to its concept in all
//! three, with the definitions it is and the laws where it is central; without a term, every
//! concept in a table.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::{Markup, html};

use super::Ask;
use super::node::headings;
use crate::corpus::Corpus;
use crate::corpus::model::Concept;
use crate::serve::layout::{Ui, dir, id_link, language_name, say};
use crate::serve::{MAX_PATH_CHARS, Site, blocking};

/// The languages in the order the glossary shows them.
const LANGUAGES: [&str; 3] = ["en", "he", "el"];

/// `/glossary`, `/glossary?q=<term>`.
pub async fn page(
    State(site): State<Arc<Site>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let ask = Ask::new(&site, query.as_deref(), &headers);
        let ui = ask.ui;
        let q: String = ask.params.get("q").unwrap_or("").chars().take(MAX_PATH_CHARS).collect();
        let Some(glossary) = &site.corpus.glossary else {
            return ask.not_found("/glossary", "the corpus has no glossary");
        };
        let concepts = &glossary.data.concepts;
        let (status, found) = if q.is_empty() {
            (StatusCode::OK, html! {})
        } else {
            let found = crate::glossary::lookup(&glossary.data, &q);
            let status = if found.is_empty() { StatusCode::NOT_FOUND } else { StatusCode::OK };
            (status, html! {
                @if found.is_empty() {
                    p.message dir="auto" { (say(ui.no_concept, &[&q])) }
                }
                @for f in &found { (concept(&site.corpus, f.concept, ui)) }
            })
        };
        let body = html! {
            h1 { (ui.glossary) }
            form.search role="search" action="/glossary" method="get" {
                label for="term" { (ui.glossary_label) }
                div.row {
                    input #term type="search" name="q" value=(q) dir="auto" maxlength="200";
                    button type="submit" { (ui.search_button) }
                }
            }
            (found)
            @if q.is_empty() {
                div.table-scroll {
                    table.glossary {
                        thead { tr { @for l in LANGUAGES { th scope="col" lang=(l) dir=(dir(l)) { (language_name(l)) } } } }
                        tbody {
                            @for c in concepts {
                                tr {
                                    @for l in LANGUAGES {
                                        td lang=(l) dir=(dir(l)) data-language=(language_name(l)) {
                                            @if let Some(t) = c.terms.get(l) {
                                                a href=(format!("/glossary?{}", crate::serve::params::query_string(&[("q", &t.term)]))) { (t.term) }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        };
        ask.page(status, ui.glossary.to_string(), "/glossary", body)
    })
    .await
}

/// One concept: its terms in every language, its definitions and its laws, each law named in
/// the interface's language.
fn concept(corpus: &Corpus, concept: &Concept, ui: &Ui) -> Markup {
    html! {
        article.concept {
            h2 dir="ltr" { (concept.id.as_str()) }
            dl {
                @for l in LANGUAGES {
                    @if let Some(terms) = concept.terms.get(l) {
                        dt lang=(l) dir=(dir(l)) { (language_name(l)) }
                        dd lang=(l) dir=(dir(l)) {
                            strong { (terms.term) }
                            @if !terms.variants.is_empty() { " · " (terms.variants.join(", ")) }
                        }
                    }
                }
            }
            @if !concept.definitions.is_empty() {
                p { @for d in &concept.definitions { (id_link(d.as_str())) " " } }
            }
            @if !concept.laws.is_empty() {
                h3 { (ui.references) }
                ul {
                    @for law in &concept.laws {
                        li {
                            (id_link(law.as_str())) " " (headings(corpus, ui, law.as_str()))
                        }
                    }
                }
            }
            @if let Some(note) = &concept.note { p.note dir="auto" { (note) } }
        }
    }
}
