//! The commentary: the list of documents (`/commentary`), a booklet, one of its scenarios
//! (`/commentary/td-booklet/3`) or a Markdown document, rendered and sanitized as the
//! `commentary --format html` page is (`render::html`), with the laws each cites as links.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::html;

use super::{Ask, bounded};
use crate::render::commentary as render;
use crate::render::html::html_body;
use crate::serve::layout::{dir, id_link, sanitized, say};
use crate::serve::params::path as encode;
use crate::serve::{Site, blocking};

/// `/commentary`: every document, booklets with their scenarios.
pub async fn list(
    State(site): State<Arc<Site>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let ask = Ask::new(&site, query.as_deref(), &headers);
        let commentary = &site.corpus.commentary;
        let ui = ask.ui;
        let body = html! {
            h1 { (ui.commentary) }
            ul.documents {
                @for s in commentary.summaries() {
                    li {
                        a href=(format!("/commentary/{}", encode(s.id))) lang=(s.language) dir=(dir(s.language)) { (s.title) }
                        " " small { "(" span dir="ltr" { (s.id) } ", " (ui.document_kind(s.kind)) ")" }
                    }
                }
            }
            @for booklet in &commentary.booklets {
                @let language = booklet.data.language.as_str();
                section.booklet lang=(language) dir=(dir(language)) {
                    h2 { (booklet.data.title) }
                    @for group in &booklet.data.groups {
                        h3 { (group.title) }
                        ol {
                            @for scenario in &group.scenarios {
                                li { a href=(format!("/commentary/{}", encode(scenario.id.as_str()))) { (scenario.title) } }
                            }
                        }
                    }
                }
            }
        };
        ask.page(StatusCode::OK, ui.commentary.to_string(), "/commentary", body)
    })
    .await
}

/// `/commentary/<id>`: a document or a scenario, with the laws it cites.
pub async fn page(
    State(site): State<Arc<Site>>,
    id: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let ask = Ask::new(&site, query.as_deref(), &headers);
        let commentary = &site.corpus.commentary;
        let Some(id) = id.as_ref().ok().and_then(|Path(id)| bounded(id)) else {
            return ask.not_found("/commentary", ask.ui.no_commentary_here);
        };
        let Some(found) = render::find(commentary, id) else {
            return ask.not_found("/commentary", say(ask.ui.no_commentary, &[id]));
        };
        let is_document = commentary.summaries().iter().any(|s| s.id == id);
        let cited: Vec<&str> = if is_document {
            commentary.cited(|r| r.document == id)
        } else {
            render::cited(commentary, id)
        };
        let ui = ask.ui;
        let language = found.language.as_str();
        let body = html! {
            article.commentary lang=(language) dir=(dir(language)) {
                (sanitized(html_body(&found.markdown)))
            }
            @if !cited.is_empty() {
                section.refs {
                    h2 { (ui.references) }
                    ul.inline { @for t in &cited { li { (id_link(t)) } } }
                }
            }
        };
        let here = format!("/commentary/{}", encode(id));
        ask.page(StatusCode::OK, found.title.clone(), &here, body)
    })
    .await
}
