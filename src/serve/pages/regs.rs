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
use crate::align::{BadScope, Scope};
use crate::corpus::model::Regulation;
use crate::corpus::{Corpus, Regulations};
use crate::render::regs::Table;
use crate::serve::layout::{Ui, compose, dir, id_link, mixed, say};
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
                    // The federation's name is the link, not the two letters of its code alone:
                    // something to read and to tap.
                    li {
                        a href=(format!("/regs/{}", encode(c.data.country.as_str()))) {
                            bdi dir="auto" { (c.data.federation) }
                            " (" span dir="ltr" { (c.data.country.as_str()) } ")"
                        }
                        " · " (ui.regulations_counted(c.data.regulations.len()))
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
            Ok(_) => return ask.not_found("/regs", ask.ui.no_country_named),
            Err(bad) => return ask.not_found("/regs", ask.ui.bad_country(&bad)),
        };
        let Some(headings) = crate::regs::headings_edition(corpus, &countries) else {
            return ask.not_found("/regs", "the corpus has no edition to name the nodes");
        };
        let ui = ask.ui;
        let asked = match filter(&ask.params, corpus) {
            Ok(scope) => scope,
            Err(bad) => {
                let body = html! {
                    h1 { (ui.regulations) ": " span dir="ltr" { (codes.join(", ")) } }
                    // Its direction from its words, not from an id isolated within it.
                    p.message role="alert" dir="auto" { (ui.bad_scope(&bad)) }
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
                p {
                    span dir="ltr" { (country.data.country.as_str()) }
                    " · " (mixed(&country.data.federation))
                    " · " (counted(&table, scope.as_deref(), ui))
                }
            } @else {
                p { (summary(&table, scope.as_deref(), ui)) }
            }
            div.table-scroll {
                table.regs {
                    thead {
                        tr {
                            th scope="col" { (ui.node) }
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
/// it, or what is wrong with it as the API says it; a page says it in its words (`filter`).
pub fn scope(params: &Params, corpus: &Corpus) -> Result<Option<Scope>, String> {
    params
        .get("law")
        .map(|s| crate::regs::scope(corpus, "law", s).map_err(|e| e.message()))
        .transpose()
        .map(Option::flatten)
}

/// `scope`, with what is wrong typed, for the page to say in its reader's language.
fn filter(params: &Params, corpus: &Corpus) -> Result<Option<Scope>, BadScope> {
    params
        .get("law")
        .map(|s| crate::regs::filter(corpus, s))
        .transpose()
        .map(Option::flatten)
}

/// `27 regulations on 26 nodes within 40`, as `render::regs::counted` counts them, in the
/// page's words.
fn counted(table: &Table<'_>, scope: Option<&str>, ui: &Ui) -> Markup {
    let counted = compose(
        ui.regulations_on,
        &[
            ui.regulations_counted(table.regulation_count()),
            ui.nodes_counted(table.rows.len()),
        ],
    );
    within(counted, scope, ui)
}

/// `what within 40`, or `what` without a scope.
fn within(what: Markup, scope: Option<&str>, ui: &Ui) -> Markup {
    match scope {
        Some(scope) => compose(ui.within, &[what, say("{}", &[scope])]),
        None => what,
    }
}

/// `il, gr within 40: 11 nodes regulated — 10 by both, 0 by il alone, 1 by gr alone`, as
/// `render::regs::summary` counts them, in the page's words.
fn summary(table: &Table<'_>, scope: Option<&str>, ui: &Ui) -> Markup {
    let codes: Vec<&str> = table
        .countries
        .iter()
        .map(|c| c.data.country.as_str())
        .collect();
    let shares = table.shares();
    let mut parts = vec![say(
        if codes.len() == 2 {
            ui.by_both
        } else {
            ui.by_all
        },
        &[&shares.all.to_string()],
    )];
    for (code, alone) in shares.alone {
        parts.push(say(ui.by_alone, &[&alone.to_string(), code]));
    }
    let head = html! { span dir="ltr" { (codes.join(", ")) } };
    html! {
        (within(head, scope, ui)) ": " (ui.nodes_regulated(table.rows.len())) " — "
        @for (n, part) in parts.into_iter().enumerate() {
            @if n > 0 { ", " }
            (part)
        }
    }
}

/// A regulation with its country, as a node's page lists it.
pub fn regulation(country: &Regulations, regulation: &Regulation, ui: &Ui) -> Markup {
    html! {
        div.regulation {
            p.reg-id dir="ltr" { a href=(format!("/regs/{}#{}", encode(country.data.country.as_str()), regulation.id.as_str())) { (regulation.id.as_str()) } }
            (regulation_cell(country, regulation, ui))
        }
    }
}

/// A regulation's printed text in its language, and its English rendering, marked unofficial;
/// its id the text's, for an address to lead to it (`/regs/il#reg/il/8`).
fn regulation_cell(country: &Regulations, regulation: &Regulation, ui: &Ui) -> Markup {
    let language = country.data.language.as_str();
    html! {
        p.printed id=(regulation.id.as_str()) lang=(language) dir=(dir(language)) { (regulation.text.as_str()) }
        @if let Some(english) = &regulation.english {
            p.english lang="en" dir="ltr" {
                small lang=(ui.lang) dir=(ui.dir) { (ui.unofficial) } " " (english.text.as_str())
            }
        }
    }
}
