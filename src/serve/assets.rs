//! The stylesheet and the script, built into the binary: no page needs anything from
//! elsewhere, and no URL reaches the file system.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Where the stylesheet is.
pub const STYLE_URL: &str = "/assets/style.css";
/// Where the script is.
pub const SCRIPT_URL: &str = "/assets/app.js";
/// Where the icon is (a spade), so that no browser asks for a `/favicon.ico` there is not.
pub const ICON_URL: &str = "/assets/icon.svg";

const STYLE: &str = include_str!("assets/style.css");
const SCRIPT: &str = include_str!("assets/app.js");
const ICON: &str = include_str!("assets/icon.svg");

/// `/assets/<name>`: one of the files above, or 404.
pub async fn serve(Path(name): Path<String>) -> Response {
    let (body, kind) = match name.as_str() {
        "style.css" => (STYLE, "text/css; charset=utf-8"),
        "app.js" => (SCRIPT, "text/javascript; charset=utf-8"),
        "icon.svg" => (ICON, "image/svg+xml"),
        _ => return (StatusCode::NOT_FOUND, "no such asset").into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}
