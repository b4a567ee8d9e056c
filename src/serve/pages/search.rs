//! The search page: one box; results in the language typed or the one chosen, each with its
//! heading path, its snippet with the matched words marked, its edition and a link. It answers
//! at `/search?q=…` without JavaScript; the script fills the same list as you type.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::{Markup, html};

use super::Ask;
use crate::search::{Hit, Lang, Outcome, Request};
use crate::serve::layout::{Page, dir, law_href, mixed, search_form};
use crate::serve::params::{OPEN_IN, Params, path, query_string};
use crate::serve::{MAX_RESULTS, Site, blocking};

/// The search page, with the results of `q` when given.
pub async fn page(
    State(site): State<Arc<Site>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    blocking(move || {
        let ask = Ask::new(&site, query.as_deref(), &headers);
        let q = ask.params.get("q").unwrap_or("");
        let lang = ask.params.get("lang").and_then(language);
        let (status, results) = if q.is_empty() {
            (StatusCode::OK, html! {})
        } else {
            match crate::search::search(&site.index, &request(&ask.params, q)) {
                Ok(outcome) => (StatusCode::OK, results(&outcome)),
                Err(e) => (
                    StatusCode::BAD_REQUEST,
                    html! { p.message role="alert" { (e.message()) } },
                ),
            }
        };
        let ui = ask.ui;
        let body = html! {
            h1 { (ui.search) }
            (search_form(ui, q, lang.map(|l| l.code()), true))
            section #results aria-live="polite" { (results) }
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

/// The search `params` ask for `q`: the language chosen, at most `MAX_RESULTS` results.
pub fn request(params: &Params, q: &str) -> Request {
    let mut request = Request::new(q);
    request.langs = params
        .all("lang")
        .into_iter()
        .filter_map(language)
        .collect();
    request.editions = params
        .all("edition")
        .iter()
        .map(|e| e.to_string())
        .collect();
    request.limit = params
        .get("limit")
        .and_then(|l| l.parse::<usize>().ok())
        .unwrap_or(10)
        .clamp(1, MAX_RESULTS);
    request
}

/// Where a result is read: its node's page, or its part of the commentary, opened in the
/// result's language unless the reader keeps another view (`?in=he`): a director who searched
/// in Hebrew reads the law in Hebrew.
pub fn href(hit: &Hit) -> String {
    format!(
        "{}?{}",
        page_of(hit),
        query_string(&[(OPEN_IN, &hit.language)])
    )
}

fn page_of(hit: &Hit) -> String {
    match hit.kind.as_str() {
        "commentary" => {
            let part = hit.id.split('#').next().unwrap_or(&hit.id);
            format!("/commentary/{}", path(part))
        }
        "regulation" => match hit.targets.first() {
            Some(node) => law_href(node),
            None => format!("/regs/{}", path(&hit.edition)),
        },
        _ => law_href(&hit.id),
    }
}

/// The results, as the script draws them too (`assets/app.js`).
fn results(outcome: &Outcome) -> Markup {
    html! {
        @if let Some(message) = &outcome.message {
            p.message dir="auto" { (message) }
        }
        @if !outcome.near_spellings.is_empty() {
            p.note { "Searched by near spelling: " (mixed(&outcome.near_spellings.join(", "))) }
        }
        p.count { (crate::text::plural(outcome.results.len(), "result")) }
        ol.results {
            @for hit in &outcome.results {
                li lang=(hit.language) dir=(dir(&hit.language)) {
                    a.hit href=(href(hit)) {
                        span.id dir="ltr" { (hit.id) }
                        " "
                        span.edition dir="ltr" { (hit.edition) " · " (hit.kind) }
                    }
                    @if !hit.heading.is_empty() && hit.heading != hit.snippet {
                        div.path { (mixed(&hit.heading)) }
                    }
                    p.snippet { (marked(&hit.snippet, &hit.highlights)) }
                }
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
