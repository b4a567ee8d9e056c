//! The pages, one module per kind: search, a node, regulations, commentary, glossary; and the
//! page for an address that names nothing.

pub mod commentary;
pub mod glossary;
pub mod node;
pub mod regs;
pub mod search;

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use maud::{Markup, Render};

use super::layout::{self, Page};
use super::params::{Params, View};
use super::{MAX_PATH_CHARS, Site};

/// What every page starts from: the parameters, the view and the words of the page.
pub struct Ask {
    pub params: Params,
    pub view: View,
    pub remember: bool,
    pub ui: &'static layout::Ui,
}

impl Ask {
    pub fn new(site: &Site, query: Option<&str>, headers: &HeaderMap) -> Ask {
        let params = Params::parse(query);
        let (view, remember) = View::chosen(&params, headers, &site.corpus);
        let ui = layout::ui(view.ui_language(headers));
        Ask {
            params,
            view,
            remember,
            ui,
        }
    }

    /// A page at `here` with `body`.
    pub fn page(&self, status: StatusCode, title: String, here: &str, body: Markup) -> Response {
        Page {
            ui: self.ui,
            view: &self.view,
            remember: self.remember,
            status,
            title,
            here,
            keep: Vec::new(),
            searches: false,
            body,
        }
        .response()
    }

    /// The page saying nothing is at `here`, with `message` (in the page's words where it can).
    pub fn not_found(&self, here: &str, message: impl Render) -> Response {
        let body = layout::not_found_body(self.ui, message);
        self.page(
            StatusCode::NOT_FOUND,
            self.ui.not_found.to_string(),
            here,
            body,
        )
    }
}

/// A path parameter read, or none when it is too long to name anything.
pub fn bounded(text: &str) -> Option<&str> {
    (text.chars().count() <= MAX_PATH_CHARS).then_some(text.trim())
}

/// Any address no route answers.
pub async fn not_found(
    State(site): State<Arc<Site>>,
    uri: Uri,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let ask = Ask::new(&site, query.as_deref(), &headers);
    let path: String = uri.path().chars().take(MAX_PATH_CHARS).collect();
    ask.not_found("/", layout::say(ask.ui.nothing_at, &[&path]))
}
