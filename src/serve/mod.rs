//! The web interface (`bridgelaws serve`): the corpus loaded and the search index opened once,
//! then pages and a JSON API answered from memory by axum on tokio.
//!
//! `params` reads query strings and the remembered view, `layout` is the page every route
//! shares (its words in the reader's language, right to left for Hebrew), `text` a corpus text
//! with its citations as links, `pages` one module per kind of page, `api` the same typed
//! results as `--format json`, `assets` the stylesheet and script built into the binary.
//!
//! Safety: every text goes through maud, which escapes by default; Markdown only through
//! `render::html` (ammonia); no route writes anything or reaches the file system (the corpus
//! and the index are read at start); queries, results and request times are bounded; the
//! Content-Security-Policy allows only the server's own stylesheet and script.

mod api;
mod assets;
mod layout;
mod pages;
mod params;
mod text;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::corpus::{Corpus, Root};
use crate::error::{Error, Result};
use crate::search::{self, Opened};

pub use api::ErrorJson;

/// The most results a search page or `/api/search` returns.
pub const MAX_RESULTS: usize = 50;
/// The longest reference, term or country list read from a URL; longer ones name nothing.
pub const MAX_PATH_CHARS: usize = 200;
/// How long a request may take before it is answered `503`.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Threads for the work of answering (searching, laying out pages): the machine's cores, so
/// that a burst of requests queues instead of piling up threads.
const WORKERS: usize = 4;

/// What every request reads: the corpus and its index, loaded once.
pub struct Site {
    /// The corpus, with its references derived.
    pub corpus: Corpus,
    /// Its search index.
    pub index: Opened,
}

impl Site {
    /// The corpus at `root` and its index in the folder `asked` for, else the default one
    /// (built first when missing or stale).
    pub fn open(root: Root, asked: Option<&Path>) -> Result<Site> {
        let index = search::open_announcing(&root, asked)?;
        let corpus = crate::load(root)?;
        Ok(Site { corpus, index })
    }
}

/// Every route of the site.
pub fn router(site: Arc<Site>) -> Router {
    Router::new()
        .route("/", get(pages::search::page))
        .route("/search", get(pages::search::page))
        .route("/law/{*id}", get(pages::node::page))
        .route("/regs", get(pages::regs::countries))
        .route("/regs/diff/{*codes}", get(pages::regs::diff))
        .route("/regs/{country}", get(pages::regs::country))
        .route("/commentary", get(pages::commentary::list))
        .route("/commentary/{*id}", get(pages::commentary::page))
        .route("/glossary", get(pages::glossary::page))
        .route("/api/search", get(api::search))
        .route("/api/show/{*id}", get(api::show))
        .route("/api/compare/{*id}", get(api::compare))
        .route("/api/regs/{*codes}", get(api::regs))
        .route("/api/glossary", get(api::glossary))
        .route("/api/commentary/{*id}", get(api::commentary))
        .route("/assets/{name}", get(assets::serve))
        .fallback(pages::not_found)
        .layer(middleware::from_fn(guard))
        .with_state(site)
}

/// Serve `site` on `addr` until the process is stopped; `ready` is told the address bound
/// (port 0 picks a free one) once requests are answered.
pub fn run(site: Site, addr: SocketAddr, ready: impl FnOnce(SocketAddr)) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(WORKERS)
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| Error::io("<the server's runtime>", e))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
            let what = match e.kind() {
                std::io::ErrorKind::AddrInUse => format!(
                    "; another program listens on port {}: choose another with --addr (port 0 for any free one)",
                    addr.port()
                ),
                _ => String::new(),
            };
            Error::Usage(format!("cannot listen on {addr}: {e}{what}"))
        })?;
        let bound = listener
            .local_addr()
            .map_err(|e| Error::io("<the server's socket>", e))?;
        ready(bound);
        axum::serve(listener, router(Arc::new(site)))
            .await
            .map_err(|e| Error::io("<the server's socket>", e))
    })
}

/// Run `work` on the blocking pool (searching and laying out are CPU work, not waiting).
async fn blocking(work: impl FnOnce() -> Response + Send + 'static) -> Response {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

/// The headers every answer carries, and the time limit every request has.
async fn guard(request: Request, next: Next) -> Response {
    let mut response = match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            "the request took too long; try again, or a shorter query",
        )
            .into_response(),
    };
    let headers = response.headers_mut();
    for (name, value) in [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
             connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}
