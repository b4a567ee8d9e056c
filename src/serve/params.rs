//! What a request asks: its query string, and the view of the Laws it remembers (a cookie).

use axum::http::HeaderMap;
use axum::http::header::COOKIE;

use crate::corpus::Corpus;

/// A query string's parameters, in order (a name may repeat: `edition=he&edition=el`).
pub struct Params(Vec<(String, String)>);

impl Params {
    /// The parameters of `query` (the part of the URL after `?`); invalid UTF-8 replaced, and
    /// the marks nobody sees that a pasted text brings taken out (a direction mark would
    /// otherwise come back into the search box, shown).
    pub fn parse(query: Option<&str>) -> Params {
        Params(
            form_urlencoded::parse(query.unwrap_or("").as_bytes())
                .map(|(k, v)| (k.into_owned(), crate::text::without_invisible(&v)))
                .collect(),
        )
    }

    /// The first value of `name`, trimmed; none when missing or empty.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    }

    /// Every value of `name`.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.0
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
            .collect()
    }
}

/// `name=value&…` with every value percent-encoded: a query string for a link.
pub fn query_string(pairs: &[(&str, &str)]) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (name, value) in pairs {
        out.append_pair(name, value);
    }
    out.finish()
}

/// A path segment, percent-encoded but for the characters of canonical ids (`27B1(a)`,
/// `def/dummy`, `71.1`, `td-booklet/3`), which read as they are.
pub fn path(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~()/".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// How a node is shown: every edition side by side (the translator's view), or one edition in
/// its language (the director's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// Every edition that has the node, side by side.
    All,
    /// The edition in this language (`he`).
    One(String),
}

/// The parameter of a link that opens a page in a language unless a view is remembered.
pub const OPEN_IN: &str = "in";

/// The cookie that remembers the view.
pub const VIEW_COOKIE: &str = "view";

impl View {
    /// `all`, or the language of an edition of the corpus; anything else is no view.
    pub fn parse(value: &str, corpus: &Corpus) -> Option<View> {
        if value == "all" {
            return Some(View::All);
        }
        corpus
            .edition_in(value)
            .map(|e| View::One(e.language().to_string()))
    }

    /// The view asked for (`?view=he`), and whether it was asked (and so is to be remembered);
    /// else the language a link opens the page in (`?in=he`: a search result opens in its own
    /// language, whatever view is remembered, and an address shared opens as it was seen);
    /// else the remembered one; else every edition.
    pub fn chosen(params: &Params, headers: &HeaderMap, corpus: &Corpus) -> (View, bool) {
        if let Some(view) = params.get("view").and_then(|v| View::parse(v, corpus)) {
            return (view, true);
        }
        if let Some(view) = params.get(OPEN_IN).and_then(|v| View::parse(v, corpus)) {
            return (view, false);
        }
        let remembered = headers
            .get_all(COOKIE)
            .iter()
            .filter_map(|h| h.to_str().ok())
            .flat_map(|h| h.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(name, _)| *name == VIEW_COOKIE)
            .and_then(|(_, value)| View::parse(value, corpus));
        (remembered.unwrap_or(View::All), false)
    }

    /// As a parameter value.
    pub fn as_str(&self) -> &str {
        match self {
            View::All => "all",
            View::One(language) => language,
        }
    }

    /// The language of the page's own words: the edition's; for every edition, the one of the
    /// browser's languages (`Accept-Language`) the interface speaks, else English.
    pub fn ui_language<'a>(&'a self, headers: &HeaderMap) -> &'a str {
        match self {
            View::All => browser_language(headers).unwrap_or("en"),
            View::One(language) => language,
        }
    }

    /// The `Set-Cookie` value that remembers it for a year.
    pub fn cookie(&self) -> String {
        format!(
            "{VIEW_COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax",
            self.as_str()
        )
    }
}

/// The language the browser prefers among the interface's (`he-IL,he;q=0.9,en;q=0.8` → `he`):
/// the highest weight, the first written among equal ones; `iw` is Hebrew's old code.
fn browser_language(headers: &HeaderMap) -> Option<&'static str> {
    let mut best: Option<(f32, &'static str)> = None;
    for range in headers
        .get_all(axum::http::header::ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|h| h.to_str().ok())
        .flat_map(|h| h.split(','))
    {
        let mut parts = range.split(';');
        let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let primary = tag.split('-').next().unwrap_or("");
        let Some(code) = ["he", "el", "en"]
            .into_iter()
            .find(|code| *code == primary || (primary == "iw" && *code == "he"))
        else {
            continue;
        };
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, code));
        }
    }
    best.map(|(_, code)| code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_stay_readable_in_a_path_and_everything_else_is_encoded() {
        assert_eq!(path("27B1(a)"), "27B1(a)");
        assert_eq!(path("def/dummy"), "def/dummy");
        assert_eq!(path("a b\"<"), "a%20b%22%3C");
        assert_eq!(path("ב"), "%D7%91");
    }

    #[test]
    fn repeated_and_encoded_parameters_are_read() {
        let params = Params::parse(Some("q=%D7%91+x&edition=he&edition=el&empty="));
        assert_eq!(params.get("q"), Some("ב x"));
        assert_eq!(params.all("edition"), ["he", "el"]);
        assert_eq!(params.get("empty"), None);
        assert_eq!(query_string(&[("q", "a&b=c")]), "q=a%26b%3Dc");
    }

    #[test]
    fn the_browser_s_language_is_read_by_its_weights() {
        let language = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(axum::http::header::ACCEPT_LANGUAGE, value.parse().unwrap());
            browser_language(&headers)
        };
        assert_eq!(language("he-IL,he;q=0.9,en-US;q=0.8,en;q=0.7"), Some("he"));
        assert_eq!(language("fr-FR, el;q=0.5, en;q=0.4"), Some("el"));
        assert_eq!(language("en;q=0.3, el-GR;q=0.9"), Some("el"));
        assert_eq!(language("iw"), Some("he"));
        assert_eq!(language("EL"), Some("el"));
        assert_eq!(language("el;q=0, fr"), None);
        assert_eq!(language("de, *"), None);
        assert_eq!(language("en, he"), Some("en"));
    }
}
