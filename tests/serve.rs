//! `bridgelaws serve`: the routes answered in-process on the real corpus (redirects of every
//! spelling, the 404 page, the remembered view, right to left), the API equal to the CLI's
//! JSON, injection payloads through every parameter of every route, and the binary itself
//! answering over loopback.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use serde_json::Value;
use tower::ServiceExt;

use bridgelaws::corpus::Root;
use bridgelaws::serve::{Site, router};

use crate::util::{bridgelaws, corpus_dir, stderr, stdout};

/// The site on the bundled corpus, with an index of its own, opened once.
fn site() -> Arc<Site> {
    static SITE: OnceLock<(Arc<Site>, tempfile::TempDir)> = OnceLock::new();
    SITE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let site = Site::open(Root::Dir(corpus_dir()), Some(dir.path())).expect("the site opens");
        (Arc::new(site), dir)
    })
    .0
    .clone()
}

fn index_dir() -> String {
    site()
        .index
        .dir
        .parent()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string()
}

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: String,
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    })
}

/// `GET uri` (already encoded), with extra headers.
fn get_with(uri: &str, headers: &[(&str, &str)]) -> Answer {
    let mut request = Request::builder().uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request
        .body(Body::empty())
        .unwrap_or_else(|e| panic!("{}: {e}", short(uri)));
    runtime().block_on(async {
        let response = router(site()).oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        Answer {
            status,
            headers,
            body: String::from_utf8(bytes.to_vec()).expect("UTF-8 body"),
        }
    })
}

/// The start of a long address, for a message.
fn short(uri: &str) -> String {
    uri.chars().take(160).collect()
}

fn get(uri: &str) -> Answer {
    get_with(uri, &[])
}

fn location(answer: &Answer) -> &str {
    answer.headers[header::LOCATION].to_str().unwrap()
}

/// A path segment percent-encoded, as a browser sends it.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~()".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

fn query(pairs: &[(&str, &str)]) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        out.append_pair(k, v);
    }
    out.finish()
}

#[test]
fn every_spelling_show_reads_redirects_to_the_canonical_address() {
    // A citation typed in Hebrew or Greek opens in that edition, as `show` puts it first; a
    // code, or English (whose text the corpus does not bundle), in the view there is.
    for (spelling, to) in [
        ("27b1a", "/law/27B1(a)"),
        ("Law 27B1(a)", "/law/27B1(a)"),
        ("L27B1a", "/law/27B1(a)"),
        ("27Β1(α)", "/law/27B1(a)?view=el"),
        ("Νόμος 27Β1α", "/law/27B1(a)?view=el"),
        ("חוק 27ב1(א)", "/law/27B1(a)?view=he"),
        ("27ב1)א(", "/law/27B1(a)?view=he"),
    ] {
        let answer = get(&format!("/law/{}", encode(spelling)));
        assert_eq!(answer.status, StatusCode::PERMANENT_REDIRECT, "{spelling}");
        assert_eq!(location(&answer), to, "{spelling}");
    }
    // A view the address asks for stays, whatever the script.
    for view in ["all", "el", "en"] {
        let answer = get(&format!("/law/{}?view={view}", encode("חוק 27ב1(א)")));
        assert_eq!(location(&answer), format!("/law/27B1(a)?view={view}"));
    }
    let answer = get(&format!("/law/{}?in=en", encode("Νόμος 27Β1α")));
    assert_eq!(location(&answer), "/law/27B1(a)?in=en&view=el");
    let answer = get("/law/dummy?view=he");
    assert_eq!(location(&answer), "/law/def/dummy?view=he");
    let answer = get("/law/27B1(a)");
    assert_eq!(answer.status, StatusCode::OK);
    assert!(
        answer
            .body
            .contains("<span class=\"id\" dir=\"ltr\">27B1(a)</span>")
    );
    // Percent-encoded, the canonical address is the same address: no loop.
    assert_eq!(get("/law/27B1%28a%29").status, StatusCode::OK);
}

#[test]
fn unknown_addresses_answer_the_404_page() {
    for (uri, says) in [
        ("/nope", "Nothing is at <bdi dir=\"auto\">/nope</bdi>."),
        ("/law/99", "There is no Law <bdi dir=\"auto\">99</bdi>"),
        ("/law/27H", "27H"),
        (
            "/regs/xx",
            "There are no regulations for <bdi dir=\"auto\">xx</bdi>",
        ),
        (
            "/commentary/nope",
            "There is no commentary <bdi dir=\"auto\">nope</bdi>.",
        ),
        ("/glossary?q=zzzzqqq", "No concept is called"),
    ] {
        let answer = get(uri);
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(answer.body.starts_with("<!DOCTYPE html>"), "{uri}");
        assert!(answer.body.contains(says), "{uri}: {}", answer.body);
        assert!(answer.body.contains("<form class=\"search\""), "{uri}");
    }
    assert_eq!(get("/assets/nope.js").status, StatusCode::NOT_FOUND);
}

#[test]
fn a_node_page_links_its_citations_and_lists_what_bears_on_it() {
    let page = get("/law/27B1(a)?view=el").body;
    // Νόμοι 26Β και 16Γ, the paragraph Δ below, opening in the page's view without a script.
    for link in ["/law/26B", "/law/16C", "/law/27D"] {
        assert!(
            page.contains(&format!("<a class=\"cite\" href=\"{link}?in=el\">")),
            "{link}"
        );
    }
    let page = get("/law/27?view=he").body;
    assert!(page.contains("<html lang=\"he\" dir=\"rtl\">"));
    assert!(page.contains("<article class=\"node-text\" lang=\"he\" dir=\"rtl\">"));
    for section in ["מוזכר ב", "במפתח הספר", "פרשנות"] {
        assert!(page.contains(&format!("<h2>{section}</h2>")), "{section}");
    }
    let page = get("/law/40B1?view=all").body;
    assert!(page.contains("<table class=\"side\">"));
    assert!(page.contains("<td lang=\"he\" dir=\"rtl\" data-edition=\"he-2017\">"));
    assert!(page.contains("<h2>National regulations</h2>"));
    assert!(page.contains("reg/il/"), "Israel's regulations on 40B1");
}

#[test]
fn a_law_s_page_lists_the_changes_to_it_as_show_does() {
    let page = get("/law/26B?view=all").body;
    assert!(
        page.contains("<h2>Amendments and corrections</h2>"),
        "{page}"
    );
    assert!(page.contains("2017-06-20"), "{page}");
    assert!(page.contains("World Bridge Federation, announcement of 20 June 2017"));
    assert!(page.contains("he-2017</span>: not known"), "{page}");
    // A corrected citation, in the Hebrew interface; on the law above it too.
    for address in ["/law/23C?view=he", "/law/23?view=he"] {
        let page = get(address).body;
        assert!(
            page.contains("<h2>תיקונים ותיקוני טעויות</h2>"),
            "{address}"
        );
        assert!(page.contains("תוקנה טעות"), "{address}");
        assert!(
            page.contains("עד <bdi dir=\"auto\">2017-07-15</bdi>"),
            "{address}"
        );
        assert!(page.contains("כולל את התיקון"), "{address}");
    }
    assert!(!get("/law/27A").body.contains("class=\"changes\""));
}

#[test]
fn a_regulation_is_reached_at_its_place() {
    // Searched by its id, a regulation is found, and its result opens its node's page at it.
    let answer = get(&format!("/search?{}", query(&[("q", "reg/il/8")])));
    assert!(
        answer.body.contains("href=\"/law/40B1(b)?in=he#reg/il/8\""),
        "{}",
        answer.body
    );
    // There, and on its country's page, its text carries its id; its id links to its place
    // among its country's regulations.
    for page in ["/law/40B1(b)", "/regs/il"] {
        let body = get(page).body;
        assert!(
            body.contains("<p class=\"printed\" id=\"reg/il/8\""),
            "{page}"
        );
    }
    let body = get("/law/40B1(b)").body;
    assert!(body.contains("href=\"/regs/il#reg/il/8\""), "{body}");
}

/// How many results a search page shows.
fn answer_count(body: &str) -> usize {
    body.matches("class=\"hit\"").count()
}

/// `text` as maud writes it in a page.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[test]
fn a_regulations_filter_that_names_nothing_is_refused_as_the_api_refuses_it() {
    // The API says it as `regs --law` does; a page, the same reason in its words.
    for (law, api_says, page_says) in [
        (
            "999",
            "law: there is no Law 999",
            "There is no Law <bdi dir=\"auto\">999</bdi>",
        ),
        (
            "abc",
            "law: ",
            "<bdi dir=\"auto\">abc</bdi> is no law, paragraph or definition",
        ),
        (
            "27F",
            "law 27F: no such node in any edition",
            "No edition has <bdi dir=\"auto\">27F</bdi>.",
        ),
        (
            "42-40",
            "law: the range `42-40` runs backwards; write it 40-42",
            "The range <bdi dir=\"auto\">42-40</bdi> runs backwards; write it <bdi dir=\"auto\">40-42</bdi>.",
        ),
        (
            "27B-29A",
            "law: a range is of whole laws",
            "<bdi dir=\"auto\">27B-29A</bdi> lies within <bdi dir=\"auto\">27-29</bdi>.",
        ),
    ] {
        let api = get(&format!("/api/regs/il/gr?law={law}"));
        assert_eq!(api.status, StatusCode::BAD_REQUEST, "{law}: {}", api.body);
        let error: Value = serde_json::from_str(&api.body).unwrap();
        let message = error["error"].as_str().unwrap();
        assert!(message.starts_with(api_says), "{law}: {message}");
        for uri in [
            format!("/regs/diff/il/gr?law={law}"),
            format!("/regs/il?law={law}"),
        ] {
            let page = get(&uri);
            assert_eq!(page.status, StatusCode::BAD_REQUEST, "{uri}");
            assert!(page.body.contains(page_says), "{uri}: {}", page.body);
            assert!(
                !page.body.contains(&escaped(message)),
                "{uri}: the terminal's words"
            );
            assert!(
                !page.body.contains("<table"),
                "{uri}: no table as if unfiltered"
            );
        }
    }
    // A filter that names a node still narrows the table.
    let page = get("/regs/il?law=40");
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body
            .contains("nodes within <bdi dir=\"auto\">40</bdi>"),
        "{}",
        page.body
    );
}

#[test]
fn a_range_of_laws_is_a_page_linking_each_law_not_a_node() {
    for spelling in ["61-64", "61–64", "61 - 64", "Laws 61-64", "חוקים 61-64"] {
        let uri = format!("/law/{}", encode(spelling));
        let answer = get(&uri);
        assert_eq!(answer.status, StatusCode::OK, "{uri}: {}", answer.body);
        assert!(answer.body.contains("A range of laws"), "{uri}");
        for law in 61..=64 {
            let link = format!("<a class=\"id\" href=\"/law/{law}?in=all\" dir=\"ltr\">{law}</a>");
            assert!(answer.body.contains(&link), "{uri}: {law}");
        }
        assert!(!answer.body.contains("href=\"/law/65"), "{uri}");
        assert!(!answer.body.contains("61.64"), "{uri}");
    }
    // Each law named in the page's language.
    let answer = get_with("/law/61-64", &[("accept-language", "he")]);
    assert!(answer.body.contains("<html lang=\"he\" dir=\"rtl\">"));
    assert!(answer.body.contains("<span lang=\"he\" dir=\"rtl\">"));
    for (range, says) in [
        (
            "64-61",
            "The range <bdi dir=\"auto\">64-61</bdi> runs backwards; write it <bdi dir=\"auto\">61-64</bdi>.",
        ),
        (
            "90-99",
            "There is no Law <bdi dir=\"auto\">99</bdi>: the Laws run from 1 to",
        ),
    ] {
        let answer = get(&format!("/law/{range}"));
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{range}");
        assert!(answer.body.contains(says), "{range}: {}", answer.body);
    }
    // Law 71's paragraphs are numbered: `71-1` is a node, its paragraph 1.
    let answer = get("/law/71-1");
    assert_eq!(answer.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(answer.headers[header::LOCATION], "/law/71.1");
}

#[test]
fn a_node_is_named_in_the_page_s_language_and_by_where_it_stands() {
    let title = |body: &str| -> String {
        let start = body.find("<title>").unwrap() + "<title>".len();
        body[start..].split(" · Laws").next().unwrap().to_string()
    };
    // Every edition side by side: English words, so the English heading.
    let answer = get("/law/27?view=all");
    assert_eq!(title(&answer.body), "27 Insufficient Bid");
    assert!(
        answer
            .body
            .contains("<span lang=\"en\" dir=\"ltr\">Insufficient Bid</span></h1>"),
        "{}",
        answer.body
    );
    let answer = get_with("/law/27?view=all", &[("accept-language", "he")]);
    assert!(answer.body.contains("<title>27 הכרזה בלתי מספקת ·"));
    // One edition: its own heading.
    assert!(
        get("/law/27?view=el")
            .body
            .contains("<title>27 ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ ·")
    );
    // A node printed with a number alone is titled by its id and where it stands.
    let answer = get("/law/40B2?view=all");
    assert_eq!(
        title(&answer.body),
        "40B2 · LAW 40 – Partnership Understandings › B. Special Partnership Understandings"
    );
    let answer = get("/law/40B2?view=he");
    assert!(!answer.body.contains("<title>40B2 2."), "{}", answer.body);
    assert!(
        answer.body.contains("<title>40B2 · חוק 40"),
        "{}",
        answer.body
    );
}

#[test]
fn regulations_tables_stack_their_cells_on_a_phone() {
    let page = get("/regs/diff/il/gr").body;
    assert!(
        page.contains("<td data-country=\"il\">"),
        "each cell names its column"
    );
    assert!(page.contains("<td data-country=\"gr\">"));
    let style = get("/assets/style.css").body;
    let phone = style.split("@media (max-width: 40rem)").nth(1).unwrap();
    assert!(phone.contains("table.regs td::before { content: attr(data-country); }"));
    assert!(phone.contains(":is(table.side, table.regs, table.glossary) :is(tbody, tr, th, td)"));
    // The glossary's too, each term under its language's name.
    let glossary = get("/glossary").body;
    assert!(glossary.contains("data-language=\"עברית\""), "{glossary}");
    assert!(phone.contains("table.glossary td::before { content: attr(data-language);"));
}

#[test]
fn the_federation_s_name_is_isolated() {
    // It mixes Hebrew and Latin: isolated, so that its geresh stays on its word.
    let page = get("/regs/il").body;
    assert!(
        page.contains("<bdi dir=\"auto\">ההתאגדות הישראלית לברידג'"),
        "{page}"
    );
}

#[test]
fn the_view_asked_for_is_remembered() {
    let answer = get("/law/12?view=he");
    let cookie = answer.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.starts_with("view=he;"), "{cookie}");
    let answer = get_with("/law/12", &[("cookie", "theme=x; view=he")]);
    assert!(answer.body.contains("<html lang=\"he\" dir=\"rtl\">"));
    assert!(answer.headers.get(header::SET_COOKIE).is_none());
    // A link from a search result opens the page in the result's language, whatever view is
    // remembered, and remembers nothing.
    let answer = get("/law/73A?in=he");
    assert!(answer.body.contains("<html lang=\"he\" dir=\"rtl\">"));
    assert!(answer.headers.get(header::SET_COOKIE).is_none());
    for remembered in ["view=all", "view=en", "view=el"] {
        let answer = get_with("/law/73A?in=he", &[("cookie", remembered)]);
        assert!(
            answer.body.contains("<html lang=\"he\" dir=\"rtl\">"),
            "{remembered}"
        );
        assert!(
            !answer.body.contains("<table class=\"side\">"),
            "{remembered}"
        );
    }
    let answer = get_with("/law/73A?in=en", &[("cookie", "view=he")]);
    assert!(answer.body.contains("<html lang=\"en\" dir=\"ltr\">"));
    // A reference read into its canonical id keeps the language it was opened in.
    let answer = get("/law/73a?in=he");
    assert_eq!(answer.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(answer.headers[header::LOCATION], "/law/73A?in=he");
    // A view that is no edition's language is no view.
    let answer = get_with("/law/12?view=xx", &[("cookie", "view=<b>")]);
    assert!(answer.body.contains("<html lang=\"en\" dir=\"ltr\">"));
    assert!(answer.headers.get(header::SET_COOKIE).is_none());
}

#[test]
fn every_edition_s_pages_speak_the_browser_s_language() {
    let hebrew = [("accept-language", "he-IL,he;q=0.9,en;q=0.8")];
    let answer = get_with("/", &hebrew);
    assert!(answer.body.contains("<html lang=\"he\" dir=\"rtl\">"));
    assert_eq!(answer.headers[header::VARY], "Cookie, Accept-Language");
    // Every edition is still shown side by side: only the page's own words change.
    let answer = get_with("/law/27B1", &hebrew);
    assert!(answer.body.contains("<html lang=\"he\" dir=\"rtl\">"));
    assert!(answer.body.contains("<table class=\"side\">"));
    // A view chosen speaks its own language.
    let answer = get_with("/law/27B1?view=el", &hebrew);
    assert!(answer.body.contains("<html lang=\"el\""));
    let answer = get_with("/", &[("accept-language", "de-DE,fr;q=0.8")]);
    assert!(answer.body.contains("<html lang=\"en\" dir=\"ltr\">"));
}

#[test]
fn the_search_page_answers_without_javascript() {
    let answer = get(&format!("/search?{}", query(&[("q", "insufficient bid")])));
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.body.contains("href=\"/law/27"), "{}", answer.body);
    assert!(answer.body.contains("<mark>"));
    assert!(answer.body.contains("value=\"insufficient bid\""));
    let answer = get(&format!("/search?{}", query(&[("q", "הובלה שלא בתור")])));
    assert!(answer.body.contains("<li lang=\"he\" dir=\"rtl\">"));
    assert!(
        answer.body.contains("href=\"/law/54"),
        "the opening lead out of turn"
    );
    // Each result opens in its own language.
    assert!(
        answer.body.contains("?in=he\""),
        "a Hebrew result opens in Hebrew"
    );
    let answer = get(&format!("/search?{}", query(&[("q", &"x".repeat(600))])));
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.body.contains("at most <bdi dir=\"auto\">500</bdi>"));
    // A pasted direction mark is no part of the query: the box holds the query without it,
    // so that searching again finds the same node.
    let answer = get(&format!("/search?{}", query(&[("q", "27B1(a)\u{200f}")])));
    assert!(answer.body.contains("value=\"27B1(a)\""), "{}", answer.body);
    assert!(!answer.body.contains("U+200F"));
    // More results than shown: a link to ten more, up to the most a page shows.
    let answer = get("/search?q=revoke&lang=en");
    assert_eq!(answer_count(&answer.body), 10);
    assert!(
        answer
            .body
            .contains("<p class=\"more\"><a href=\"/search?q=revoke&amp;lang=en&amp;limit=20\">More results</a></p>"),
        "{}",
        answer.body
    );
    let answer = get("/search?q=revoke&lang=en&limit=20");
    assert_eq!(answer_count(&answer.body), 20);
    assert!(answer.body.contains("limit=30\""));
    assert!(!get("/search?q=27B1(a)").body.contains("class=\"more\""));
    // The link is there only when there are more (`trumpet` finds ten; `revoke` about 40).
    for (address, api) in [
        ("/search?q=trumpet", "/api/search?q=trumpet&limit=50"),
        ("/search?q=revoke&limit=40", "/api/search?q=revoke&limit=50"),
        ("/search?q=revoke&limit=50", "/api/search?q=revoke&limit=50"),
    ] {
        let found: serde_json::Value = serde_json::from_str(&get(api).body).unwrap();
        let found = found["results"].as_array().unwrap().len();
        let page = get(address).body;
        let shown = answer_count(&page);
        assert_eq!(
            page.contains("class=\"more\""),
            found > shown,
            "{address}: {found} found, {shown} shown"
        );
    }
    // A result whose edition does not bundle its text opens where the others print it.
    let answer = get("/search?q=dummy&lang=en");
    assert!(
        answer.body.contains("href=\"/law/def/dummy?in=all\""),
        "{}",
        answer.body
    );
    // No query, or an empty one: what to type, not a blank page.
    for address in ["/search", "/search?q="] {
        let answer = get(address);
        assert_eq!(answer.status, StatusCode::OK);
        assert!(answer.body.contains("or type a law"), "{}", answer.body);
    }
}

/// What the script puts in the page as you type: the page's list of results alone, in the
/// page's words (the API's messages are English), never stored.
#[test]
fn the_results_alone_are_the_page_s_list_in_its_words() {
    let hebrew = [("accept-language", "he")];
    let asked = query(&[("q", "הובלה שלא בתור")]);
    let page = get_with(&format!("/search?{asked}"), &hebrew);
    let part = get_with(&format!("/search?{asked}&part=results"), &hebrew);
    assert_eq!(part.status, StatusCode::OK);
    assert_eq!(part.headers[header::CACHE_CONTROL], "no-store");
    assert!(
        part.body.starts_with("<p class=\"count\">"),
        "{}",
        part.body
    );
    assert!(!part.body.contains("<html"));
    let list = |body: &str| {
        body[body.find("<ol").unwrap()..]
            .split("</ol>")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(list(&part.body), list(&page.body));
    // A law beyond the Laws is said in the page's language, as the page says it.
    let part = get_with(
        &format!("/search?{}&part=results", query(&[("q", "חוק 99")])),
        &hebrew,
    );
    assert!(part.body.contains("אין חוק"), "{}", part.body);
    // An emptied box: what to type, in the page's words.
    let empty = get_with("/search?q=&part=results", &hebrew);
    assert_eq!(empty.status, StatusCode::OK);
    assert!(
        empty.body.starts_with("<p class=\"note\""),
        "{}",
        empty.body
    );
    assert!(empty.body.contains("הקלידו חוק"), "{}", empty.body);
    let refused = get_with(
        &format!("/search?{}&part=results", query(&[("q", &"x".repeat(600))])),
        &hebrew,
    );
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused
            .body
            .starts_with("<p class=\"message\" role=\"alert\"")
    );
}

#[test]
fn a_page_has_one_search_box_which_the_start_page_focuses() {
    let boxes = |body: &str| body.matches("type=\"search\" name=\"q\"").count();
    for uri in ["/", "/search", "/search?q=revoke"] {
        let answer = get(uri);
        assert_eq!(boxes(&answer.body), 1, "{uri}: {}", answer.body);
        // A director types at once on an empty page; a page with results keeps them in view.
        assert_eq!(
            answer.body.contains(" autofocus"),
            !uri.contains("q="),
            "{uri}"
        );
    }
    for uri in ["/law/27", "/regs", "/commentary"] {
        let answer = get(uri);
        assert_eq!(boxes(&answer.body), 1, "{uri}: the header's");
        assert!(!answer.body.contains(" autofocus"), "{uri}");
    }
}

#[test]
fn every_answer_carries_the_security_headers() {
    for uri in ["/", "/law/1", "/api/show/1", "/nope", "/assets/app.js"] {
        let answer = get(uri);
        let csp = answer.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        assert!(csp.contains("default-src 'none'"), "{uri}");
        assert!(csp.contains("script-src 'self'"), "{uri}");
        assert!(!csp.contains("unsafe"), "{uri}");
        assert_eq!(answer.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    }
}

#[test]
fn the_api_answers_what_the_command_line_prints() {
    let index = index_dir();
    let cases: Vec<(String, Vec<&str>)> = vec![
        (
            "/api/show/27B1(a)".into(),
            vec!["show", "27B1(a)", "--format", "json"],
        ),
        (
            format!("/api/show/{}", encode("חוק 27ב1")),
            vec!["show", "חוק 27ב1", "--format", "json"],
        ),
        (
            "/api/show/def/dummy?edition=he".into(),
            vec!["show", "def/dummy", "--edition", "he", "--format", "json"],
        ),
        (
            format!(
                "/api/search?{}",
                query(&[("q", "insufficient bid"), ("limit", "5")])
            ),
            vec![
                "search",
                "insufficient bid",
                "--limit",
                "5",
                "--format",
                "json",
                "--index",
                &index,
            ],
        ),
        (
            format!("/api/search?{}", query(&[("q", "כפל"), ("lang", "el")])),
            vec![
                "search", "כפל", "--lang", "el", "--format", "json", "--index", &index,
            ],
        ),
        (
            format!(
                "/api/search?{}",
                query(&[("q", "claim"), ("kind", "regulation,commentary")])
            ),
            vec![
                "search",
                "claim",
                "--kind",
                "regulation,commentary",
                "--format",
                "json",
                "--index",
                &index,
            ],
        ),
        (
            "/api/regs/il/gr?law=40".into(),
            vec![
                "regs", "diff", "il", "gr", "--law", "40", "--format", "json",
            ],
        ),
        (
            "/api/regs/il".into(),
            vec!["regs", "il", "--format", "json"],
        ),
        (
            "/api/glossary?q=double".into(),
            vec!["glossary", "double", "--format", "json"],
        ),
        (
            "/api/commentary/td-booklet/3".into(),
            vec!["commentary", "td-booklet/3", "--format", "json"],
        ),
        (
            "/api/compare/27B1".into(),
            vec!["compare", "27B1", "--format", "json"],
        ),
    ];
    for (uri, args) in cases {
        let answer = get(&uri);
        assert_eq!(answer.status, StatusCode::OK, "{uri}: {}", answer.body);
        assert_eq!(answer.headers[header::CONTENT_TYPE], "application/json");
        let output = bridgelaws(&args);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let api: Value = serde_json::from_str(&answer.body).unwrap();
        let cli: Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(api, cli, "{uri} against {args:?}");
    }
    let answer = get("/api/show/99");
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    let error: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(
        error["error"],
        "there is no Law 99: the Laws run from 1 to 93"
    );
    // A range beyond the Laws is not found either, and names the bound beyond them.
    let answer = get("/api/compare/0-10");
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    let error: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(
        error["error"],
        "there is no Law 0: the Laws run from 1 to 93"
    );
    let answer = get("/api/compare/10-5");
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let error: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(
        error["error"],
        "the range `10-5` runs backwards; write it 5-10"
    );
    let answer = get("/api/search");
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
}

#[test]
fn the_api_bounds_the_results() {
    let most = bridgelaws::serve::MAX_RESULTS;
    let answer = get(&format!("/api/search?q=bid&limit={most}"));
    assert_eq!(answer.status, StatusCode::OK);
    let value: Value = serde_json::from_str(&answer.body).unwrap();
    let n = value["results"].as_array().unwrap().len();
    assert!((1..=most).contains(&n), "{n}");
    // More is refused, not cut down unsaid.
    let answer = get("/api/search?q=bid&limit=100000");
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
}

#[test]
fn headings_shown_without_their_footnotes_carry_no_markers() {
    // Law 13's heading bears footnote 2: a tab's title and a result's heading path show no
    // footnotes, so no marker; the page itself raises it to its footnote.
    let page = get("/law/13?in=he").body;
    let title = &page[page.find("<title>").unwrap()..page.find("</title>").unwrap()];
    assert!(
        title.contains("מספר קלפים שגוי") && !title.contains("[^"),
        "{title}"
    );
    assert!(!page.contains("[^2]"));
    let page = get("/search?q=λανθασμενος+αριθμος+φυλλων").body;
    assert!(page.contains("ΛΑΝΘΑΣΜΕΝΟΣ ΑΡΙΘΜΟΣ ΦΥΛΛΩΝ"), "{page}");
    assert!(!page.contains("[^"), "{page}");
}

#[test]
fn a_node_cited_in_no_script_comes_first_in_the_page_s_language() {
    for (cookie, first) in [("view=he", "he"), ("view=el", "el")] {
        let page = get_with("/search?q=27A", &[("cookie", cookie)]).body;
        let at = page
            .find("href=\"/law/27A?in=")
            .expect("a result opens 27A");
        assert!(
            page[at..].starts_with(&format!("href=\"/law/27A?in={first}\"")),
            "{cookie}: {}",
            &page[at..at + 40]
        );
    }
}

#[test]
fn the_api_searches_the_kinds_asked_for_and_refuses_others() {
    let answer = get("/api/search?q=claim&kind=regulation&kind=footnote");
    assert_eq!(answer.status, StatusCode::OK);
    let value: Value = serde_json::from_str(&answer.body).unwrap();
    let kinds: Vec<&str> = value["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| hit["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"regulation"), "{kinds:?}");
    assert!(
        kinds.iter().all(|k| ["regulation", "footnote"].contains(k)),
        "{kinds:?}"
    );
    // The profiles ranking uses are no kind to ask for.
    let error = api_error("/api/search?q=claim&kind=profile", StatusCode::BAD_REQUEST);
    assert_eq!(
        error,
        "`kind` takes law, definition, footnote, regulation, index, glossary, situation, \
         commentary, not `profile`"
    );
}

/// The `error` of an API answer that is one, after checking its status.
fn api_error(uri: &str, status: StatusCode) -> String {
    let answer = get(uri);
    assert_eq!(answer.status, status, "{}: {}", short(uri), answer.body);
    let value: Value = serde_json::from_str(&answer.body).unwrap();
    value["error"].as_str().unwrap().to_string()
}

#[test]
fn an_api_error_says_what_is_wrong_without_the_terminal_s_prefix() {
    let long = format!("/api/search?{}", query(&[("q", &"x".repeat(600))]));
    let error = api_error(&long, StatusCode::BAD_REQUEST);
    assert_eq!(
        error,
        "the query is 600 characters long; a search takes at most 500: type the few words that matter"
    );
    for uri in [
        "/api/search?q=%3F%21",
        "/api/search?q=%E2%80%8F",
        "/api/show/zz%20top",
    ] {
        let status = if uri.contains("show") {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::BAD_REQUEST
        };
        let error = api_error(uri, status);
        assert!(!error.starts_with("error"), "{uri}: {error}");
    }
}

#[test]
fn a_search_parameter_given_what_it_does_not_take_is_refused() {
    for (parameter, value, says) in [
        ("lang", "xx", "`lang` takes he, el or en, not `xx`"),
        (
            "limit",
            "-1",
            "`limit` takes a whole number from 1 to 50, not `-1`",
        ),
        (
            "limit",
            "abc",
            "`limit` takes a whole number from 1 to 50, not `abc`",
        ),
        (
            "limit",
            "0",
            "`limit` takes a whole number from 1 to 50, not `0`",
        ),
        (
            "limit",
            "51",
            "`limit` takes a whole number from 1 to 50, not `51`",
        ),
    ] {
        let asked = query(&[("q", "claim"), (parameter, value)]);
        let error = api_error(&format!("/api/search?{asked}"), StatusCode::BAD_REQUEST);
        assert_eq!(error, says);
        // The page says so in its own words, the parameter and the value isolated, and shows
        // no results as if it were absent.
        let page = get_with(&format!("/search?{asked}"), &[("accept-language", "he")]);
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{asked}");
        let named = format!("הפרמטר <bdi dir=\"auto\">{parameter}</bdi> מקבל");
        assert!(page.body.contains(&named), "{asked}: {}", page.body);
        assert!(!page.body.contains("class=\"results\""), "{asked}");
    }
    // Every language of the results, and a limit within the bounds, are read.
    let asked = query(&[
        ("q", "claim"),
        ("lang", "he"),
        ("lang", "el"),
        ("limit", "50"),
    ]);
    assert_eq!(get(&format!("/api/search?{asked}")).status, StatusCode::OK);
    assert_eq!(get(&format!("/search?{asked}")).status, StatusCode::OK);
}

#[test]
fn a_page_in_hebrew_or_greek_says_everything_in_its_language() {
    let page = |uri: &str, lang: &str| {
        let answer = get_with(uri, &[("accept-language", lang)]);
        assert!(
            answer.body.contains(&format!("<html lang=\"{lang}\"")),
            "{uri}: {lang}"
        );
        answer
    };
    let search = |q: &str, more: &[(&str, &str)], lang: &str| {
        let mut pairs = vec![("q", q)];
        pairs.extend_from_slice(more);
        page(&format!("/search?{}", query(&pairs)), lang)
    };
    // How many results: the number isolated, the words the page's.
    for (lang, many, one) in [
        ("he", "<bdi dir=\"auto\">10</bdi> תוצאות", "תוצאה אחת"),
        (
            "el",
            "<bdi dir=\"auto\">10</bdi> αποτελέσματα",
            "1 αποτέλεσμα",
        ),
        ("en", "<bdi dir=\"auto\">10</bdi> results", "1 result"),
    ] {
        let answer = search("claim", &[], lang);
        assert!(
            answer
                .body
                .contains(&format!("<p class=\"count\">{many}</p>")),
            "{lang}: {}",
            answer.body
        );
        let answer = search("claim", &[("limit", "1")], lang);
        assert!(
            answer
                .body
                .contains(&format!("<p class=\"count\">{one}</p>")),
            "{lang}"
        );
    }
    // What a director sees often, in the page's words; the query or id isolated.
    for (q, lang, says) in [
        ("law 99", "he", "אין חוק <bdi dir=\"auto\">99</bdi>"),
        (
            "law 99",
            "el",
            "Δεν υπάρχει Νόμος <bdi dir=\"auto\">99</bdi>",
        ),
        ("27B9", "he", "אין <bdi dir=\"auto\">27B9</bdi> באף מהדורה"),
        ("?!", "he", "בחיפוש <bdi dir=\"auto\">?!</bdi> אין אותיות"),
        (
            "?!",
            "el",
            "Η αναζήτηση <bdi dir=\"auto\">?!</bdi> δεν έχει",
        ),
        (
            "zzqqxxyy",
            "he",
            "לא נמצא דבר עבור <bdi dir=\"auto\">zzqqxxyy</bdi>",
        ),
        (
            "zzqqxxyy",
            "el",
            "Δεν βρέθηκε τίποτα για <bdi dir=\"auto\">zzqqxxyy</bdi>",
        ),
    ] {
        let answer = search(q, &[], lang);
        assert!(answer.body.contains(says), "{q} {lang}: {}", answer.body);
        assert!(
            !answer.body.contains("class=\"count\""),
            "{q} {lang}: no count"
        );
    }
    for (uri, lang, says) in [
        ("/law/99", "he", "אין חוק <bdi dir=\"auto\">99</bdi>"),
        (
            "/law/27B9",
            "el",
            "Καμία έκδοση δεν έχει το <bdi dir=\"auto\">27B9</bdi>",
        ),
        ("/law/zz", "he", "<bdi dir=\"auto\">zz</bdi> אינו חוק"),
        (
            "/nope",
            "el",
            "Δεν υπάρχει τίποτα στη διεύθυνση <bdi dir=\"auto\">/nope</bdi>",
        ),
        (
            "/glossary?q=zzqq",
            "he",
            "אין מושג בשם <bdi dir=\"auto\">zzqq</bdi>",
        ),
    ] {
        let answer = page(uri, lang);
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(answer.body.contains(says), "{uri} {lang}: {}", answer.body);
    }
    // The labels of the search boxes, whole; a citation in another direction isolated.
    let answer = page("/glossary", "he");
    assert!(
        answer
            .body
            .contains("<label for=\"term\">מילון מונחים: מונח בעברית, ביוונית או באנגלית</label>")
    );
    assert!(
        answer
            .body
            .contains("או חוק (<bdi dir=\"auto\">27ב1(א)</bdi>)")
    );
    let answer = page("/glossary", "el");
    assert!(
        answer
            .body
            .contains("<label for=\"term\">Γλωσσάριο: ένας όρος")
    );
    // The laws a concept, or a comparison of regulations, names: by the headings of the
    // page's language.
    let answer = page(&format!("/glossary?{}", query(&[("q", "double")])), "he");
    assert!(
        answer
            .body
            .contains("<span lang=\"he\" dir=\"rtl\">חוק 19 – "),
        "{}",
        answer.body
    );
    assert!(!answer.body.contains("LAW 19"));
    let answer = page("/regs/diff/il/gr?law=40", "el");
    assert!(
        answer
            .body
            .contains("<span lang=\"el\" dir=\"ltr\">ΝΟΜΟΣ 40 – "),
        "{}",
        answer.body
    );
    assert!(!answer.body.contains("LAW 40"));
    let answer = page("/law/40B1", "he");
    assert!(answer.body.contains("<h2>תקנות ארציות</h2>"));
    assert!(
        !answer.body.contains("LAW 40"),
        "the regulations on 40B1, named"
    );
    // English stays English.
    let answer = page("/regs/diff/il/gr?law=40", "en");
    assert!(answer.body.contains("LAW 40 – Partnership Understandings"));
}

/// What every kind of page says around the corpus's data (counts, column heads, what a result
/// or a document is, what stands for a text, what is not there or refused), in Hebrew and in
/// Greek, each number, id or query isolated; the English it said before, gone. `{lang}` in an
/// address is the page's language.
#[test]
fn every_kind_of_page_says_its_own_words_in_hebrew_and_greek() {
    let long = "x".repeat(250);
    let search = |q: &str| format!("/search?{}", query(&[("q", q), ("limit", "50")]));
    // The kind of a result, after its edition's id.
    let kind = |lang: &str, dir: &str, label: &str| {
        format!("</span> · <span lang=\"{lang}\" dir=\"{dir}\">{label}</span></span>")
    };
    let kinds: Vec<(String, String, String, String)> = [
        ("claim", "חוק", "νόμος", "law"),
        ("dummy", "הגדרה", "ορισμός", "definition"),
        ("fn/9", "הערת שוליים", "υποσημείωση", "footnote"),
        ("STOP", "תקנה", "κανονισμός", "regulation"),
        ("קלף עונשין", "פרשנות", "σχόλιο", "commentary"),
    ]
    .into_iter()
    .map(|(q, he, el, en)| {
        (
            search(q),
            kind("he", "rtl", he),
            kind("el", "ltr", el),
            format!("· {en}<"),
        )
    })
    .collect();
    // The address; what its Hebrew page says, what its Greek page says; the English gone.
    type Case<'a> = (String, Vec<&'a str>, Vec<&'a str>, Vec<&'a str>);
    let mut cases: Vec<Case> = vec![
        // A comparison of countries: its summary and the column of the nodes.
        (
            "/regs/diff/il/gr".into(),
            vec![
                "<th scope=\"col\">סעיף</th>",
                "<span dir=\"ltr\">il, gr</span>: <bdi dir=\"auto\">",
                "</bdi> סעיפים מוסדרים בתקנות — <bdi dir=\"auto\">",
                "</bdi> בשתי המדינות, <bdi dir=\"auto\">",
                "</bdi> רק ב-<bdi dir=\"auto\">il</bdi>, <bdi dir=\"auto\">",
                "</bdi> רק ב-<bdi dir=\"auto\">gr</bdi></p>",
            ],
            vec![
                "<th scope=\"col\">Διάταξη</th>",
                "<span dir=\"ltr\">il, gr</span>: <bdi dir=\"auto\">",
                "</bdi> διατάξεις ρυθμίζονται — <bdi dir=\"auto\">",
                "</bdi> και από τις δύο χώρες, <bdi dir=\"auto\">",
                "</bdi> μόνο από την <bdi dir=\"auto\">il</bdi>, <bdi dir=\"auto\">",
                "</bdi> μόνο από την <bdi dir=\"auto\">gr</bdi></p>",
            ],
            vec!["nodes regulated", "by both", "alone", ">Node<"],
        ),
        (
            "/regs/diff/il/gr?law=40".into(),
            vec!["<span dir=\"ltr\">il, gr</span> בתחום <bdi dir=\"auto\">40</bdi>: <bdi"],
            vec!["<span dir=\"ltr\">il, gr</span> εντός του <bdi dir=\"auto\">40</bdi>: <bdi"],
            vec!["within"],
        ),
        // One country: how many regulations on how many nodes.
        (
            "/regs/il".into(),
            vec![
                "</bdi> · <bdi dir=\"auto\">",
                "</bdi> תקנות על <bdi dir=\"auto\">",
                "</bdi> סעיפים</p>",
                "<th scope=\"col\">סעיף</th>",
            ],
            vec![
                "</bdi> κανονισμοί σε <bdi dir=\"auto\">",
                "</bdi> διατάξεις</p>",
                "<th scope=\"col\">Διάταξη</th>",
            ],
            vec!["regulations on", " nodes</p>", ">Node<"],
        ),
        (
            "/regs/il?law=40".into(),
            vec!["</bdi> סעיפים בתחום <bdi dir=\"auto\">40</bdi></p>"],
            vec!["</bdi> διατάξεις εντός του <bdi dir=\"auto\">40</bdi></p>"],
            vec!["within"],
        ),
        (
            "/regs".into(),
            vec!["</bdi> תקנות</li>"],
            vec!["</bdi> κανονισμοί</li>"],
            vec![" regulations</li>"],
        ),
        // What each document of the commentary is.
        (
            "/commentary".into(),
            vec![
                "(<span dir=\"ltr\">td-booklet</span>, חוברת)",
                "(<span dir=\"ltr\">law-27-slides</span>, מסמך)",
            ],
            vec![
                "(<span dir=\"ltr\">td-booklet</span>, φυλλάδιο)",
                "(<span dir=\"ltr\">law-27-slides</span>, έγγραφο)",
            ],
            vec![", booklet)", ", document)"],
        ),
        // A node an edition lacks, or numbers otherwise: the reason is the corpus's English.
        (
            "/law/16A3?view={lang}".into(),
            vec!["<p class=\"note\">[חסר בספר: <span lang=\"en\" dir=\"ltr\">"],
            vec!["<p class=\"note\">[λείπει από το βιβλίο: <span lang=\"en\" dir=\"ltr\">"],
            vec!["absent: "],
        ),
        // (The Greek book numbers every node as the Laws do.)
        (
            "/law/80B2?view={lang}".into(),
            vec![
                "<p class=\"note\">מספור שונה בספר: <span lang=\"en\" dir=\"ltr\">the book prints",
            ],
            vec![],
            vec!["renumbered: "],
        ),
        // The editions side by side: the column of the ids, and what stands for a text.
        (
            "/law/16A3?view=all".into(),
            vec![
                "<th scope=\"col\">סעיף</th>",
                "<p class=\"note\"><span lang=\"he\" dir=\"rtl\">[חסר בספר: <span lang=\"en\" dir=\"ltr\">",
            ],
            vec![
                "<th scope=\"col\">Διάταξη</th>",
                "<p class=\"note\"><span lang=\"el\" dir=\"ltr\">[λείπει από το βιβλίο: <span lang=\"en\" dir=\"ltr\">",
            ],
            vec!["absent: ", "<th scope=\"col\">id</th>"],
        ),
        (
            "/law/79?view=all".into(),
            vec![
                "<span lang=\"he\" dir=\"rtl\">[תקציר לא רשמי]</span>",
                "<span lang=\"he\" dir=\"rtl\">[הטקסט אינו כלול]</span>",
            ],
            vec![
                "<span lang=\"el\" dir=\"ltr\">[ανεπίσημη περίληψη]</span>",
                "<span lang=\"el\" dir=\"ltr\">[το κείμενο δεν περιλαμβάνεται]</span>",
            ],
            vec!["unofficial summary", "not bundled"],
        ),
        // The choice of every edition, in the page's language.
        (
            "/law/27?view={lang}".into(),
            vec!["<a href=\"/law/27?view=all\" lang=\"he\" dir=\"rtl\">כל המהדורות זו לצד זו</a>"],
            vec![
                "<a href=\"/law/27?view=all\" lang=\"el\" dir=\"ltr\">όλες οι εκδόσεις δίπλα-δίπλα</a>",
            ],
            vec![],
        ),
        // The glossary's languages by their names, each in itself.
        (
            "/glossary".into(),
            vec![
                "<th scope=\"col\" lang=\"en\" dir=\"ltr\">English</th><th scope=\"col\" lang=\"he\" dir=\"rtl\">עברית</th><th scope=\"col\" lang=\"el\" dir=\"ltr\">Ελληνικά</th>",
            ],
            vec![
                "<th scope=\"col\" lang=\"en\" dir=\"ltr\">English</th><th scope=\"col\" lang=\"he\" dir=\"rtl\">עברית</th><th scope=\"col\" lang=\"el\" dir=\"ltr\">Ελληνικά</th>",
            ],
            vec![">he</th>"],
        ),
        (
            "/glossary?q=double".into(),
            vec!["<dt lang=\"he\" dir=\"rtl\">עברית</dt>"],
            vec!["<dt lang=\"he\" dir=\"rtl\">עברית</dt>"],
            vec![">he</dt>"],
        ),
        // What is not there.
        (
            "/law/64-61".into(),
            vec!["הטווח <bdi dir=\"auto\">64-61</bdi> הפוך; כתבו <bdi dir=\"auto\">61-64</bdi>."],
            vec![
                "Το εύρος <bdi dir=\"auto\">64-61</bdi> είναι ανάποδο· γράψτε <bdi dir=\"auto\">61-64</bdi>.",
            ],
            vec!["runs backwards"],
        ),
        (
            "/law/90-99".into(),
            vec!["אין חוק <bdi dir=\"auto\">99</bdi>: החוקים הם 1 עד"],
            vec!["Δεν υπάρχει Νόμος <bdi dir=\"auto\">99</bdi>: οι Νόμοι είναι από 1 έως"],
            vec!["there is no Law"],
        ),
        (
            format!("/law/{long}"),
            vec!["הכתובת הזאת אינה מציינת חוק."],
            vec!["Αυτή η διεύθυνση δεν αντιστοιχεί σε νόμο."],
            vec!["names no law"],
        ),
        (
            "/commentary/nope".into(),
            vec!["אין פרשנות בשם <bdi dir=\"auto\">nope</bdi>."],
            vec!["Δεν υπάρχει σχόλιο <bdi dir=\"auto\">nope</bdi>."],
            vec!["no commentary"],
        ),
        (
            format!("/commentary/{long}"),
            vec!["הכתובת הזאת אינה מציינת פרשנות."],
            vec!["Αυτή η διεύθυνση δεν αντιστοιχεί σε σχόλιο."],
            vec!["names no commentary"],
        ),
        (
            "/regs/xx".into(),
            vec!["אין תקנות למדינה <bdi dir=\"auto\">xx</bdi>; המדינות הן <bdi dir=\"auto\">"],
            vec![
                "Δεν υπάρχουν κανονισμοί για τη χώρα <bdi dir=\"auto\">xx</bdi>· οι χώρες είναι <bdi dir=\"auto\">",
            ],
            vec!["no regulations for"],
        ),
        (
            "/regs/diff/il/il".into(),
            vec!["המדינה <bdi dir=\"auto\">il</bdi> מופיעה פעמיים."],
            vec!["Η χώρα <bdi dir=\"auto\">il</bdi> δίνεται δύο φορές."],
            vec!["named twice"],
        ),
        (
            "/regs/diff/,".into(),
            vec!["לא צוינה מדינה."],
            vec!["Δεν δόθηκε καμία χώρα."],
            vec!["no country named"],
        ),
        // A filter of regulations that names nothing.
        (
            "/regs/il?law=27F".into(),
            vec!["אין <bdi dir=\"auto\">27F</bdi> באף מהדורה."],
            vec!["Καμία έκδοση δεν έχει το <bdi dir=\"auto\">27F</bdi>."],
            vec!["no such node"],
        ),
        (
            "/regs/il?law=abc".into(),
            vec!["<bdi dir=\"auto\">abc</bdi> אינו חוק, סעיף או הגדרה"],
            vec!["Το <bdi dir=\"auto\">abc</bdi> δεν είναι νόμος, παράγραφος ή ορισμός"],
            vec!["law: "],
        ),
        (
            "/regs/il?law=999".into(),
            vec!["אין חוק <bdi dir=\"auto\">999</bdi>"],
            vec!["Δεν υπάρχει Νόμος <bdi dir=\"auto\">999</bdi>"],
            vec!["there is no Law"],
        ),
        (
            "/regs/diff/il/gr?law=42-40".into(),
            vec!["הטווח <bdi dir=\"auto\">42-40</bdi> הפוך; כתבו <bdi dir=\"auto\">40-42</bdi>."],
            vec![
                "Το εύρος <bdi dir=\"auto\">42-40</bdi> είναι ανάποδο· γράψτε <bdi dir=\"auto\">40-42</bdi>.",
            ],
            vec!["runs backwards"],
        ),
        (
            "/regs/il?law=27B-29A".into(),
            vec![
                "טווח הוא של חוקים שלמים; <bdi dir=\"auto\">27B-29A</bdi> נמצא בתחום <bdi dir=\"auto\">27-29</bdi>.",
            ],
            vec![
                "Ένα εύρος αποτελείται από ολόκληρους νόμους· το <bdi dir=\"auto\">27B-29A</bdi> βρίσκεται εντός του <bdi dir=\"auto\">27-29</bdi>.",
            ],
            vec!["whole laws, like"],
        ),
    ];
    for (uri, he, el, english) in &kinds {
        cases.push((
            uri.clone(),
            vec![he.as_str()],
            vec![el.as_str()],
            vec![english.as_str()],
        ));
    }
    for (uri, he, el, english) in &cases {
        for (lang, says) in [("he", he), ("el", el)] {
            let uri = uri.replace("{lang}", lang);
            let answer = get_with(&uri, &[("accept-language", lang)]);
            let shown = short(&uri);
            assert!(
                answer.body.contains(&format!("<html lang=\"{lang}\"")),
                "{shown}: {lang}"
            );
            for said in says {
                assert!(
                    answer.body.contains(said),
                    "{shown} {lang}: {said}\n{}",
                    answer.body
                );
            }
            for gone in english {
                assert!(
                    !answer.body.contains(gone),
                    "{shown} {lang}: still says {gone}\n{}",
                    answer.body
                );
            }
        }
    }
}

/// What an attacker sends: markup, event handlers, script URLs, broken tags, bidi overrides,
/// paths out of the folder, control characters, very long inputs, and their %-encoded forms.
fn payloads() -> Vec<String> {
    let mut list: Vec<String> = [
        "<script>alert(1)</script>",
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "\"><script>alert(1)</script>",
        "'><img src=x onerror=alert(1)>",
        "<img src=x onerror=alert(1)//",
        "<svg onload=alert(1)>",
        "<body onload=alert(1)>",
        "\" onmouseover=\"alert(1)",
        "' onfocus='alert(1)' autofocus='",
        "javascript:alert(1)",
        "JaVaScRiPt:alert(document.cookie)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<iframe src=javascript:alert(1)>",
        "<scr<script>ipt>alert(1)</scr</script>ipt>",
        "<<script>>",
        "<!--<script>-->",
        "</textarea><script>alert(1)</script>",
        "</title><script>alert(1)</script>",
        "<style>*{display:none}</style>",
        "\u{202e}1B72 wal",
        "27B1\u{202e}(a)",
        "\u{2066}<b>\u{2069}",
        "\u{200f}חוק 27\u{200e}",
        "../../../../etc/passwd",
        "..\\..\\Cargo.toml",
        "/etc/passwd",
        "....//....//Cargo.toml",
        "%2e%2e%2f%2e%2e%2fCargo.toml",
        "%3Cscript%3Ealert(1)%3C/script%3E",
        "%253Cscript%253E",
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "\0<script>",
        "a\r\nSet-Cookie: view=he",
        "{{7*7}}${7*7}<%= 7*7 %>",
        "' OR 1=1 --",
        "def/<script>",
        "reg/il/<img src=x onerror=alert(1)>",
        "\u{1b}[31mred",
    ]
    .map(String::from)
    .to_vec();
    list.push("a".repeat(10_000));
    list.push("ב".repeat(1_000));
    list.push(format!("<script>{}</script>", "x".repeat(5_000)));
    list
}

/// Whether a page could run something it was sent, or shows a control character raw.
fn dangerous(body: &str) -> Option<String> {
    let lower = body.to_lowercase();
    let scripts = lower.matches("<script").count();
    let ours = lower
        .matches("<script src=\"/assets/app.js\" defer></script>")
        .count();
    if scripts != ours {
        return Some("a <script> tag that is not ours".into());
    }
    for tag in [
        "<img",
        "<svg",
        "<iframe",
        "<body onload",
        "<style",
        "<a href=\"javascript",
    ] {
        if lower.contains(tag) {
            return Some(format!("{tag} unescaped"));
        }
    }
    // An event handler as an attribute: ` on…=` inside a tag, outside a quoted value (maud
    // quotes every value with `"` and escapes the `"` within).
    let (mut in_tag, mut in_value) = (false, false);
    for (i, b) in lower.bytes().enumerate() {
        match b {
            b'"' if in_tag => in_value = !in_value,
            b'<' if !in_value => in_tag = true,
            b'>' if !in_value => in_tag = false,
            b' ' | b'\t' | b'\n' | b'/' if in_tag && !in_value => {
                let rest = &lower[i + 1..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .collect();
                if name.len() > 2
                    && name.starts_with("on")
                    && rest[name.len()..].trim_start().starts_with('=')
                {
                    return Some(format!(
                        "an event handler: {}",
                        rest.chars().take(40).collect::<String>()
                    ));
                }
            }
            _ => {}
        }
    }
    for attr in [
        "href=\"javascript:",
        "src=\"javascript:",
        "href=\"data:",
        "href=\"//",
    ] {
        if lower.contains(attr) {
            return Some(format!("{attr} in an attribute"));
        }
    }
    // Control and bidi characters as everywhere else: shown as their codes (a tab, and the `\r`
    // of a line end, are whitespace).
    if bridgelaws::text::printable(body) != body {
        return Some("a control or bidi character raw".into());
    }
    if body.contains("[package]") || body.contains("root:x:") {
        return Some("a file of the machine".into());
    }
    None
}

#[test]
fn injection_payloads_through_every_parameter_come_back_inert() {
    let payloads = payloads();
    assert!(payloads.len() >= 30);
    let mut requests = 0;
    for p in &payloads {
        let seg = encode(p);
        let uris = [
            format!(
                "/search?{}",
                query(&[
                    ("q", p),
                    ("lang", p),
                    ("limit", p),
                    ("view", p),
                    ("edition", p)
                ])
            ),
            format!("/?{}", query(&[("q", p)])),
            format!("/search?{}", query(&[("q", p), ("part", "results")])),
            format!("/law/{seg}?{}", query(&[("view", p)])),
            format!("/law/27B1(a)?{}", query(&[("view", p)])),
            format!("/regs/{seg}?{}", query(&[("law", p)])),
            format!("/regs/il?{}", query(&[("law", p)])),
            format!("/regs/diff/{seg}/{seg}"),
            format!("/regs/diff/il/gr?{}", query(&[("law", p)])),
            format!("/commentary/{seg}"),
            format!("/commentary?{}", query(&[("view", p)])),
            format!("/glossary?{}", query(&[("q", p)])),
            format!("/{seg}"),
            format!("/assets/{seg}"),
            format!(
                "/api/search?{}",
                query(&[("q", p), ("lang", p), ("limit", p), ("edition", p)])
            ),
            format!("/api/show/{seg}?{}", query(&[("edition", p)])),
            format!("/api/show/27B1?{}", query(&[("edition", p)])),
            format!("/api/compare/{seg}?{}", query(&[("edition", p)])),
            format!("/api/regs/{seg}?{}", query(&[("law", p)])),
            format!("/api/regs/il?{}", query(&[("law", p)])),
            format!("/api/glossary?{}", query(&[("q", p)])),
            format!("/api/commentary/{seg}"),
        ];
        // The remembered view comes in a cookie: a header value cannot hold a line break.
        let cookie: String = format!("view={}", p.replace(['\r', '\n', '\0'], ""));
        let cookie = if cookie.chars().all(|c| c.is_ascii_graphic() || c == ' ') {
            cookie
        } else {
            format!("view={seg}")
        };
        for uri in &uris {
            let answer = get_with(uri, &[("cookie", &cookie)]);
            // The results alone, which the script puts in a page.
            let part = uri.ends_with("&part=results");
            let uri = short(uri);
            requests += 1;
            assert!(!answer.status.is_server_error(), "{uri}: {}", answer.status);
            if let Some(to) = answer.headers.get(header::LOCATION) {
                let to = to.to_str().unwrap();
                assert!(to.starts_with('/') && !to.starts_with("//"), "{uri} → {to}");
            }
            let kind = answer
                .headers
                .get(header::CONTENT_TYPE)
                .map(|v| v.to_str().unwrap().to_string())
                .unwrap_or_default();
            if kind.starts_with("application/json") {
                serde_json::from_str::<Value>(&answer.body)
                    .unwrap_or_else(|e| panic!("{uri}: not JSON: {e}"));
            } else if kind.starts_with("text/html") && !part {
                assert!(answer.body.starts_with("<!DOCTYPE html>"), "{uri}");
            }
            if let Some(problem) = dangerous(&answer.body) {
                panic!("{uri}: {problem}");
            }
        }
    }
    // Paths out of the folder, as sent raw.
    for uri in [
        "/assets/../Cargo.toml",
        "/assets/..%2F..%2FCargo.toml",
        "/assets/%2e%2e/%2e%2e/Cargo.toml",
        "/law/../../../../etc/passwd",
        "/commentary/../../Cargo.toml",
        "/commentary/..%2F..%2Fcorpus%2Fglossary.yaml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/corpus/glossary.yaml",
        "/index/CURRENT",
    ] {
        let answer = get(uri);
        requests += 1;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(dangerous(&answer.body).is_none(), "{uri}");
        assert!(!answer.body.contains("concepts:"), "{uri}");
    }
    assert!(requests > 800, "{requests}");
    // And the server keeps answering.
    assert_eq!(get("/law/27B1(a)").status, StatusCode::OK);
    assert_eq!(get("/api/search?q=revoke").status, StatusCode::OK);
}

#[test]
fn the_binary_serves_over_loopback() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bridgelaws"))
        // A host name is read as a person writes it (resolved from the machine's own tables).
        .args(["serve", "--addr", "localhost:0", "--index", &index_dir()])
        .current_dir(crate::util::manifest_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    // A second server on the same port says what to do.
    let taken = crate::util::bridgelaws(&["serve", "--addr", &addr, "--index", &index_dir()]);
    assert_eq!(taken.status.code(), Some(2));
    assert!(
        crate::util::stderr(&taken).contains("another program listens on port"),
        "{}",
        crate::util::stderr(&taken)
    );
    let mut stream = TcpStream::connect(&addr).unwrap();
    write!(
        stream,
        "GET /law/%D7%97%D7%95%D7%A7%2027%D7%911 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(response.starts_with("HTTP/1.1 308"), "{response}");
    assert!(
        response.contains("location: /law/27B1?view=he\r\n"),
        "{response}"
    );
}
