//! The JSON API under `/api/`: the same typed results as `--format json`, with the same
//! schemas (`corpus/schema/output/`), written the same way (control and bidi characters as
//! `\u202e`). What cannot be read is a `400` with an `ErrorJson`; what names nothing is the
//! empty result with `404`.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use schemars::JsonSchema;
use serde::Serialize;

use super::pages::{bounded, node, regs, search};
use super::params::Params;
use super::{MAX_PATH_CHARS, Site, blocking};
use crate::align::Scope;
use crate::corpus::Edition;
use crate::render::compare::Compared;
use crate::render::glossary::GlossaryJson;
use crate::render::regs::{Table, json as regs_json};
use crate::render::show::{self, Shown};

/// What `/api/` answers when a request cannot be read.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ErrorJson {
    /// What is wrong, and what to do.
    pub error: String,
}

/// A typed result as JSON, as `--format json` prints it; `<`, `>` and `&` escaped too (they
/// can only stand in strings), so that no JSON answer holds markup even if a page embeds it.
fn json<T: Serialize>(status: StatusCode, value: &T) -> Response {
    match serde_json::to_string_pretty(value) {
        Ok(text) => (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            format!(
                "{}\n",
                crate::render::style::json_shown(&text)
                    .replace('<', "\\u003c")
                    .replace('>', "\\u003e")
                    .replace('&', "\\u0026")
            ),
        )
            .into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    let message: String = message.into();
    let error: String = message.chars().take(4 * MAX_PATH_CHARS).collect();
    json(status, &ErrorJson { error })
}

fn path_param(param: &Result<Path<String>, PathRejection>) -> Option<&str> {
    param.as_ref().ok().and_then(|Path(p)| bounded(p))
}

/// `/api/search?q=…&lang=…&limit=…&edition=…&kind=…`: `search --format json`.
pub async fn search(State(site): State<Arc<Site>>, RawQuery(query): RawQuery) -> Response {
    blocking(move || {
        let params = Params::parse(query.as_deref());
        let Some(q) = params.get("q") else {
            return error(
                StatusCode::BAD_REQUEST,
                "the query is empty: /api/search?q=<words or a law>",
            );
        };
        let request = match search::request(&params, q) {
            Ok(request) => request,
            Err(bad) => return error(StatusCode::BAD_REQUEST, bad.to_string()),
        };
        match crate::search::search(&site.index, &request) {
            Ok(outcome) => json(StatusCode::OK, &outcome),
            Err(e) => error(StatusCode::BAD_REQUEST, e.message()),
        }
    })
    .await
}

/// The editions `?edition=` names (an id, or a language), or every edition.
fn editions<'c>(site: &'c Site, params: &Params) -> Result<Vec<&'c Edition>, String> {
    let corpus = &site.corpus;
    let asked = params.all("edition");
    if asked.is_empty() {
        return Ok(corpus.editions.iter().collect());
    }
    asked
        .iter()
        .map(|wanted| {
            corpus
                .edition(wanted)
                .or_else(|| corpus.edition_in(wanted))
                .ok_or_else(|| {
                    let known: Vec<&str> = corpus.editions.iter().map(|e| e.id()).collect();
                    format!("no edition `{wanted}`; editions: {}", known.join(", "))
                })
        })
        .collect()
}

/// `/api/show/<ref>`: `show <ref> --format json`.
pub async fn show(
    State(site): State<Arc<Site>>,
    reference: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Response {
    blocking(move || {
        let Some(raw) = path_param(&reference) else {
            return error(StatusCode::BAD_REQUEST, "this address names no law");
        };
        let params = Params::parse(query.as_deref());
        let editions = match editions(&site, &params) {
            Ok(_) if params.all("edition").is_empty() => show::every_edition(&site.corpus, raw),
            Ok(editions) => editions,
            Err(message) => return error(StatusCode::BAD_REQUEST, message),
        };
        let id = match node::resolve(&site.corpus, raw) {
            Ok(id) => id,
            Err(unfound) => return error(StatusCode::NOT_FOUND, unfound.to_string()),
        };
        let shown = Shown::gather(&site.corpus, &id, &editions);
        let status = if shown.found.is_empty() {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::OK
        };
        json(status, &shown.json(raw))
    })
    .await
}

/// `/api/compare/<ref>`: `compare <ref> --format json` (a node, a range of laws, `all`).
pub async fn compare(
    State(site): State<Arc<Site>>,
    reference: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Response {
    blocking(move || {
        let Some(raw) = path_param(&reference) else {
            return error(StatusCode::BAD_REQUEST, "this address names no law");
        };
        let scope = match Scope::parse(raw, &site.corpus) {
            Ok(scope) => scope,
            // A law beyond the Laws is not found, as `/api/show/99` is.
            Err(e @ crate::Error::NotFound(_)) => return error(StatusCode::NOT_FOUND, e.message()),
            Err(e) => return error(StatusCode::BAD_REQUEST, e.message()),
        };
        let params = Params::parse(query.as_deref());
        let editions = if params.all("edition").is_empty() {
            site.corpus.bundled_editions()
        } else {
            match editions(&site, &params) {
                Ok(editions) => editions,
                Err(message) => return error(StatusCode::BAD_REQUEST, message),
            }
        };
        let compared = Compared::gather(&site.corpus, editions, &scope, raw);
        let status = if compared.rows.is_empty() {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::OK
        };
        json(status, &compared.json())
    })
    .await
}

/// `/api/regs/<country>/<country>…?law=…`: `regs <country> --format json`, `regs diff …`.
pub async fn regs(
    State(site): State<Arc<Site>>,
    codes: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Response {
    blocking(move || {
        let Some(codes) = path_param(&codes) else {
            return error(StatusCode::BAD_REQUEST, "name a country: /api/regs/il");
        };
        let codes: Vec<String> = codes
            .split(['/', ','])
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect();
        let corpus = &site.corpus;
        let countries = match crate::regs::countries(corpus, &codes) {
            Ok(countries) => countries,
            Err(bad) => return error(StatusCode::BAD_REQUEST, bad.to_string()),
        };
        let Some(headings) = crate::regs::headings_edition(corpus, &countries) else {
            return error(
                StatusCode::NOT_FOUND,
                "the corpus has no edition to name the nodes",
            );
        };
        let params = Params::parse(query.as_deref());
        let asked = match regs::scope(&params, corpus) {
            Ok(scope) => scope,
            Err(message) => return error(StatusCode::BAD_REQUEST, message),
        };
        let rows = crate::regs::compare(&countries, headings, asked.as_ref());
        let scope = asked.map(|s| s.to_string());
        let table = Table {
            corpus,
            countries: &countries,
            rows: &rows,
            headings,
        };
        json(StatusCode::OK, &regs_json(&table, scope.as_deref()))
    })
    .await
}

/// `/api/glossary?q=…`: `glossary <term> --format json`; every concept without a term.
pub async fn glossary(State(site): State<Arc<Site>>, RawQuery(query): RawQuery) -> Response {
    blocking(move || {
        let corpus = &site.corpus;
        let Some(glossary) = &corpus.glossary else {
            return error(StatusCode::NOT_FOUND, "the corpus has no glossary");
        };
        let headings = corpus.english().or_else(|| corpus.editions.first());
        let params = Params::parse(query.as_deref());
        match params.get("q") {
            None => json(
                StatusCode::OK,
                &GlossaryJson::all(&glossary.data.concepts, headings),
            ),
            Some(term) => {
                let found = crate::glossary::lookup(&glossary.data, term);
                let status = if found.is_empty() {
                    StatusCode::NOT_FOUND
                } else {
                    StatusCode::OK
                };
                json(status, &GlossaryJson::found(term, &found, headings))
            }
        }
    })
    .await
}

/// `/api/commentary/<id>`: `commentary <id> --format json`.
pub async fn commentary(
    State(site): State<Arc<Site>>,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    blocking(move || {
        let Some(id) = path_param(&id) else {
            return error(
                StatusCode::BAD_REQUEST,
                "name a document: /api/commentary/td-booklet",
            );
        };
        match crate::render::commentary::find(&site.corpus.commentary, id) {
            Some(found) => json(StatusCode::OK, &found.json),
            None => error(StatusCode::NOT_FOUND, format!("no commentary `{id}`")),
        }
    })
    .await
}
