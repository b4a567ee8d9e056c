//! National regulations: the countries there are (`/regs`), one country's regulations in law
//! order (`/regs/il`), and countries compared node by node (`/regs/diff/il/gr`), as tables whose
//! cells stack on a phone; `?law=` narrows them to a node, and one that names none is refused.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::{Markup, html};

use super::{Ask, bounded, node};
use crate::align::Scope;
use crate::corpus::model::Regulation;
use crate::corpus::{Corpus, Regulations};
use crate::render::regs::{Table, counted, summary};
use crate::serve::layout::{Ui, dir, id_link, mixed};
use crate::serve::params::{Params, path as encode};
use crate::serve::{Site, blocking};

/// `/regs`: the countries, and a link comparing them all.
pub async fn countries(
    State(site): State<Arc<Site>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let ask = Ask::new(&site, query.as_deref(), &headers);
        let ui = ask.ui;
        let all = &site.corpus.regulations;
        let codes: Vec<&str> = all.iter().map(|c| c.data.country.as_str()).collect();
        let body = html! {
            h1 { (ui.regulations) }
            ul.countries {
                @for c in all {
                    li {
                        a href=(format!("/regs/{}", encode(c.data.country.as_str()))) dir="ltr" { (c.data.country.as_str()) }
                        " · " bdi dir="auto" { (c.data.federation) }
                        " · " (crate::text::plural(c.data.regulations.len(), "regulation"))
                    }
                }
            }
            @if codes.len() > 1 {
                p { a href=(format!("/regs/diff/{}", codes.join("/"))) { (ui.compare_countries) " (" (codes.join(", ")) ")" } }
            }
        };
        ask.page(StatusCode::OK, ui.regulations.to_string(), "/regs", body)
    })
    .await
}

/// `/regs/<country>`: one country's regulations in law order.
pub async fn country(
    State(site): State<Arc<Site>>,
    code: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let codes = code.map(|Path(c)| vec![c]).unwrap_or_default();
    table_page(site, codes, query, headers).await
}

/// `/regs/diff/<country>/<country>…`: countries compared node by node.
pub async fn diff(
    State(site): State<Arc<Site>>,
    codes: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let codes = codes
        .ok()
        .and_then(|Path(c)| {
            bounded(&c).map(|c| {
                c.split(['/', ','])
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            })
        })
        .unwrap_or_default();
    table_page(site, codes, query, headers).await
}

async fn table_page(
    site: Arc<Site>,
    codes: Vec<String>,
    query: Option<String>,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let ask = Ask::new(&site, query.as_deref(), &headers);
        let here = format!(
            "/regs/{}{}",
            if codes.len() > 1 { "diff/" } else { "" },
            codes.iter().map(|c| encode(c)).collect::<Vec<_>>().join("/")
        );
        let corpus = &site.corpus;
        let countries = match crate::regs::countries(corpus, &codes) {
            Ok(found) if !found.is_empty() => found,
            Ok(_) => return ask.not_found("/regs", "no country named"),
            Err(bad) => return ask.not_found("/regs", bad.to_string()),
        };
        let Some(headings) = crate::regs::headings_edition(corpus, &countries) else {
            return ask.not_found("/regs", "the corpus has no edition to name the nodes");
        };
        let ui = ask.ui;
        let asked = match scope(&ask.params, corpus) {
            Ok(scope) => scope,
            Err(message) => {
                let body = html! {
                    h1 { (ui.regulations) ": " span dir="ltr" { (codes.join(", ")) } }
                    p.message role="alert" dir="auto" { (message) }
                };
                return ask.page(StatusCode::BAD_REQUEST, ui.regulations.to_string(), &here, body);
            }
        };
        let rows = crate::regs::compare(&countries, headings, asked.as_ref());
        let scope = asked.map(|s| s.to_string());
        let table = Table {
            corpus,
            countries: &countries,
            rows: &rows,
            headings,
        };
        let body = html! {
            h1 { (ui.regulations) ": " span dir="ltr" { (codes.join(", ")) } }
            @if let [country] = countries.as_slice() {
                // The federation's name mixes scripts: isolated, its punctuation stays with
                // its words (the geresh of `לברידג'`).
                p dir="auto" {
                    span dir="ltr" { (country.data.country.as_str()) }
                    " · " (mixed(&country.data.federation))
                    " · " (counted(&table, scope.as_deref()))
                }
            } @else {
                p dir="auto" { (summary(&table, scope.as_deref())) }
            }
            div.table-scroll {
                table.regs {
                    thead {
                        tr {
                            th scope="col" { "Node" }
                            @for c in &countries { th scope="col" { (c.data.country.as_str()) } }
                        }
                    }
                    tbody {
                        @for row in &rows {
                            tr {
                                th scope="row" {
                                    (id_link(row.node))
                                    div.path { (node::headings(corpus, ui, row.node)) }
                                }
                                @for (country, list) in countries.iter().zip(&row.by_country) {
                                    td data-country=(country.data.country.as_str()) {
                                        @if list.is_empty() { "—" }
                                        @for regulation in list { (regulation_cell(country, regulation, ui)) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        };
        ask.page(StatusCode::OK, format!("{} {}", ui.regulations, codes.join(", ")), &here, body)
    })
    .await
}

/// The node or range of laws `?law=` narrows the regulations to, read as `regs --law` reads
/// it (a page and the API answer the same message).
pub fn scope(params: &Params, corpus: &Corpus) -> Result<Option<Scope>, String> {
    params
        .get("law")
        .map(|s| crate::regs::scope(corpus, "law", s).map_err(|e| e.message()))
        .transpose()
        .map(Option::flatten)
}

/// A regulation with its country, as a node's page lists it.
pub fn regulation(country: &Regulations, regulation: &Regulation, ui: &Ui) -> Markup {
    html! {
        div.regulation {
            p.reg-id dir="ltr" { a href=(format!("/regs/{}", encode(country.data.country.as_str()))) { (regulation.id.as_str()) } }
            (regulation_cell(country, regulation, ui))
        }
    }
}

/// A regulation's printed text in its language, and its English rendering, marked unofficial.
fn regulation_cell(country: &Regulations, regulation: &Regulation, ui: &Ui) -> Markup {
    let language = country.data.language.as_str();
    html! {
        p.printed lang=(language) dir=(dir(language)) { (regulation.text.as_str()) }
        @if let Some(english) = &regulation.english {
            p.english lang="en" dir="ltr" {
                small lang=(ui.lang) dir=(ui.dir) { (ui.unofficial) } " " (english.text.as_str())
            }
        }
    }
}
