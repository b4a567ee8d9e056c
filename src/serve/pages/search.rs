//! The search page: one box; results in the language typed or the one chosen, each with its
//! heading path, its snippet with the matched words marked, its edition and a link. It answers
//! at `/search?q=…` without JavaScript; as you type, the script fills the list with the one
//! this page draws (`&part=results`).

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::{Markup, html};

use super::Ask;
use crate::corpus::NOT_BUNDLED;
use crate::search::{DocKind, Hit, Lang, Outcome, Request};
use crate::serve::layout::{Page, Ui, dir, law_href, mixed, part, say, search_form};
use crate::serve::params::{OPEN_IN, Params, path, query_string};
use crate::serve::{MAX_PATH_CHARS, MAX_RESULTS, Site, blocking};

/// The search page, with the results of `q` when given.
pub async fn page(
    State(site): State<Arc<Site>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let ask = Ask::new(&site, query.as_deref(), &headers);
        let ui = ask.ui;
        let q = ask.params.get("q").unwrap_or("");
        let lang = ask.params.get("lang").and_then(language);
        let refuse = |message: Markup| {
            let alert = html! { p.message role="alert" dir="auto" { (message) } };
            (StatusCode::BAD_REQUEST, alert)
        };
        let (status, results) = match request(&ask.params, q) {
            Err(bad) => refuse(bad.said(ui)),
            // No query yet: what to type.
            Ok(_) if q.is_empty() => (StatusCode::OK, html! { p.note dir="auto" { (ui.query_empty) } }),
            Ok(request) => {
                // One more than is shown, to tell whether there are more; a node cited in no
                // script (`27A`) first in the page's language.
                let asked = Request {
                    limit: request.limit + 1,
                    first: language(ui.lang),
                    ..request.clone()
                };
                match crate::search::search(&site.index, &asked) {
                    Ok(mut outcome) => {
                        let more = more(&ask.params, &request, outcome.results.len());
                        outcome.results.truncate(request.limit);
                        (StatusCode::OK, results(&outcome, ui, more.as_deref()))
                    }
                    Err(e) => refuse(match crate::search::refused(q) {
                        Some(refused) => ui.refused(&refused),
                        None => html! { (e.message()) },
                    }),
                }
            }
        };
        // As you type, the script asks for the results alone and puts them in the page: one
        // drawing of them, in the page's words.
        if ask.params.get("part") == Some("results") {
            return part(status, results);
        }
        let body = html! {
            h1 { (ui.search) }
            (search_form(ui, q, lang.map(|l| l.code()), true))
            // The page's title without a query, for the script to put the query before.
            section #results aria-live="polite" data-title=(format!("{} · {}", ui.search, ui.site)) { (results) }
        };
        let title = if q.is_empty() {
            ui.search.to_string()
        } else {
            format!("{q} · {}", ui.search)
        };
        let mut keep = vec![("q", q)];
        if let Some(lang) = lang {
            keep.push(("lang", lang.code()));
        }
        Page {
            ui,
            view: &ask.view,
            remember: ask.remember,
            status,
            title,
            here: "/search",
            keep,
            searches: true,
            body,
        }
        .response()
    })
    .await
}

/// A language the results may be asked in.
pub fn language(code: &str) -> Option<Lang> {
    match code {
        "he" => Some(Lang::He),
        "el" => Some(Lang::El),
        "en" => Some(Lang::En),
        _ => None,
    }
}

/// A search parameter given a value it does not take (cut to `MAX_PATH_CHARS`): refused, not
/// read as if absent.
#[derive(Debug)]
pub enum BadParameter {
    /// `lang`: a language of the results.
    Lang(String),
    /// `limit`: how many results.
    Limit(String),
    /// `kind`: the kinds of results.
    Kind(String),
}

impl BadParameter {
    fn name(&self) -> &'static str {
        match self {
            BadParameter::Lang(_) => "lang",
            BadParameter::Limit(_) => "limit",
            BadParameter::Kind(_) => "kind",
        }
    }

    fn given(&self) -> &str {
        match self {
            BadParameter::Lang(given) | BadParameter::Limit(given) | BadParameter::Kind(given) => {
                given
            }
        }
    }

    /// What it takes, in English.
    fn takes(&self) -> String {
        match self {
            BadParameter::Lang(_) => "he, el or en".to_string(),
            BadParameter::Limit(_) => format!("a whole number from 1 to {MAX_RESULTS}"),
            BadParameter::Kind(_) => kinds().join(", "),
        }
    }

    /// Said in the page's words; what it takes, as codes and numbers, reads in any language.
    pub fn said(&self, ui: &Ui) -> Markup {
        let takes = match self {
            BadParameter::Lang(_) => "he, el, en".to_string(),
            BadParameter::Limit(_) => format!("1–{MAX_RESULTS}"),
            BadParameter::Kind(_) => kinds().join(", "),
        };
        say(ui.bad_parameter, &[self.name(), &takes, self.given()])
    }
}

impl std::fmt::Display for BadParameter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (name, takes, given) = (self.name(), self.takes(), self.given());
        write!(f, "`{name}` takes {takes}, not `{given}`")
    }
}

/// The kinds a search can be asked for, as `--kind` names them.
fn kinds() -> Vec<&'static str> {
    DocKind::askable()
        .iter()
        .map(|kind| kind.as_str())
        .collect()
}

/// The search `params` ask for `q`: the languages chosen, the kinds (`kind=law,regulation`, or
/// repeated; the readable ones unless asked), at most `MAX_RESULTS` results (10 unless asked);
/// a value none of them takes is refused.
pub fn request(params: &Params, q: &str) -> Result<Request, BadParameter> {
    let given = |value: &str| value.chars().take(MAX_PATH_CHARS).collect();
    let mut request = Request::new(q);
    request.langs = params
        .all("lang")
        .into_iter()
        .map(|code| language(code).ok_or_else(|| BadParameter::Lang(given(code))))
        .collect::<Result<_, _>>()?;
    request.editions = params
        .all("edition")
        .iter()
        .map(|e| e.to_string())
        .collect();
    for asked in params.all("kind") {
        for kind in asked.split(',').map(str::trim) {
            let known = DocKind::from_name(kind).ok_or_else(|| BadParameter::Kind(given(kind)))?;
            if !request.kinds.contains(&known) {
                request.kinds.push(known);
            }
        }
    }
    if let Some(limit) = params.get("limit") {
        request.limit = limit
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_RESULTS).contains(n))
            .ok_or_else(|| BadParameter::Limit(given(limit)))?;
    }
    Ok(request)
}

/// Where a result is read: its node's page (at the regulation, for one), or its part of the
/// commentary, opened in the result's language whatever view the reader keeps (`?in=he`): a
/// director who searched in Hebrew reads the law in Hebrew. A result whose edition does not
/// bundle its text (an English definition) opens every edition side by side, where the others
/// print it.
pub fn href(hit: &Hit) -> String {
    let (page, at) = page_of(hit);
    let at = at.map(|id| format!("#{id}")).unwrap_or_default();
    let view = if hit.snippet == NOT_BUNDLED {
        "all"
    } else {
        hit.language.as_str()
    };
    format!("{page}?{}{at}", query_string(&[(OPEN_IN, view)]))
}

/// The page a result is read on, and the id of its place there, if it is not the page's top:
/// a regulation among those on its node.
fn page_of(hit: &Hit) -> (String, Option<&str>) {
    match hit.kind.as_str() {
        "commentary" => {
            let part = hit.id.split('#').next().unwrap_or(&hit.id);
            (format!("/commentary/{}", path(part)), None)
        }
        "regulation" => {
            let page = match hit.targets.first() {
                Some(node) => law_href(node),
                None => format!("/regs/{}", path(&hit.edition)),
            };
            (page, Some(&hit.id))
        }
        _ => (law_href(&hit.id), None),
    }
}

/// The same search with ten more results, when more were `found` than the request shows and
/// more may be asked for.
fn more(params: &Params, request: &Request, found: usize) -> Option<String> {
    if found <= request.limit || request.limit >= MAX_RESULTS {
        return None;
    }
    let limit = (request.limit + 10).min(MAX_RESULTS).to_string();
    let mut pairs: Vec<(&str, &str)> = vec![("q", request.query.as_str())];
    for name in ["lang", "edition"] {
        pairs.extend(params.all(name).into_iter().map(|value| (name, value)));
    }
    pairs.push(("limit", &limit));
    Some(format!("/search?{}", query_string(&pairs)))
}

/// The results, on the page and alone for the script to put in it (`part=results`): what was
/// cited that is not there, the near spellings searched, how many results (or that nothing was
/// found), the list, and a link to more of them (`more`).
fn results(outcome: &Outcome, ui: &Ui, more: Option<&str>) -> Markup {
    html! {
        @if let Some(unfound) = &outcome.message {
            p.message dir="auto" { (ui.unfound(unfound)) }
        }
        @if !outcome.near_spellings.is_empty() {
            p.note dir="auto" { (say(ui.near_spellings, &[&outcome.near_spelled()])) }
        }
        @if outcome.results.is_empty() {
            @if outcome.message.is_none() {
                p.message dir="auto" { (say(ui.nothing_found, &[&outcome.query])) }
            }
        } @else {
            p.count { (ui.count(outcome.results.len())) }
            ol.results {
                @for hit in &outcome.results {
                    li lang=(hit.language) dir=(dir(&hit.language)) {
                        a.hit href=(href(hit)) {
                            span.id dir="ltr" { (hit.id) }
                            " "
                            // The edition's id as it is, what the result is in the page's words.
                            span.edition {
                                span dir="ltr" { (hit.edition) }
                                " · "
                                span lang=(ui.lang) dir=(ui.dir) { (ui.kind(&hit.kind)) }
                            }
                        }
                        @if !hit.heading.is_empty() && hit.heading != hit.snippet {
                            div.path { (mixed(&hit.heading)) }
                        }
                        p.snippet { (marked(&hit.snippet, &hit.highlights)) }
                    }
                }
            }
            @if let Some(more) = more {
                p.more { a href=(more) { (ui.more_results) } }
            }
        }
    }
}

/// The snippet with its matched characters in `<mark>`.
fn marked(snippet: &str, highlights: &[[usize; 2]]) -> Markup {
    let chars: Vec<char> = snippet.chars().collect();
    let mut pieces: Vec<(String, bool)> = Vec::new();
    for (i, c) in chars.iter().enumerate() {
        let on = highlights.iter().any(|h| h[0] <= i && i < h[1]);
        match pieces.last_mut() {
            Some((text, was)) if *was == on => text.push(*c),
            _ => pieces.push((c.to_string(), on)),
        }
    }
    html! {
        @for (text, on) in pieces {
            @if on { mark { (text) } } @else { (text) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matched_characters_are_marked() {
        let html = marked("a <bid> b", &[[2, 7]]).into_string();
        assert_eq!(html, "a <mark>&lt;bid&gt;</mark> b");
    }
}
