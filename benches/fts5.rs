//! Relevance and latency of `search` side by side with SQLite FTS5 (`unicode61
//! remove_diacritics 2`, what a user would otherwise reach for) over the same documents, on the
//! judged queries of tests/relevance: run on demand,
//! `cargo bench --features fts5-baseline --bench fts5`.
//!
//! FTS5 gets the readable documents (every node, definition, footnote and regulation, each
//! with its language) and each query's words OR-ed, ranked by its bm25, restricted to the
//! language asked for. It has no translation, so a cross-language query searches the other
//! language's texts with the words as typed.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use bridgelaws::corpus::Root;
use bridgelaws::search::relevance::{self, Judged, Score};
use bridgelaws::search::{Lang, Request, analyze, documents, search, store};
use rusqlite::Connection;

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = bridgelaws::load(Root::Dir(manifest.join("corpus"))).expect("the corpus loads");
    let docs: Vec<documents::Doc> = documents::collect(&corpus)
        .into_iter()
        .filter(|d| !d.kind.is_pointer())
        .collect();

    let db = Connection::open_in_memory().expect("sqlite");
    db.execute_batch(
        "CREATE VIRTUAL TABLE docs USING fts5(text, lang UNINDEXED, targets UNINDEXED,
         tokenize = 'unicode61 remove_diacritics 2');",
    )
    .expect("fts5 is compiled in");
    for doc in &docs {
        let text: Vec<&str> = doc.texts.iter().map(|(_, t)| t.as_str()).collect();
        db.execute(
            "INSERT INTO docs (text, lang, targets) VALUES (?1, ?2, ?3)",
            (
                text.join("\n"),
                doc.lang.map_or("", Lang::code),
                doc.targets.join(" "),
            ),
        )
        .expect("insert");
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let opened =
        store::build_documents(&documents::collect(&corpus), dir.path(), "bench").expect("index");

    for file in ["queries.yaml", "heldout.yaml"] {
        let judged =
            relevance::load(&manifest.join("tests/relevance").join(file)).expect("queries");
        let mut fts_ranks = Vec::new();
        let mut our_ranks = Vec::new();
        let mut fts_times = Vec::new();
        let mut our_times = Vec::new();
        for j in &judged {
            let langs = target_langs(j);
            let started = Instant::now();
            let found = fts5(&db, &j.query, &langs);
            fts_times.push(started.elapsed());
            fts_ranks.push((j.group.as_str(), j.rank(&found)));

            let mut request = Request::new(&j.query);
            request.langs = j.lang.iter().filter_map(|l| Lang::from_code(l)).collect();
            let started = Instant::now();
            let outcome = search(&opened, &request).expect("search");
            our_times.push(started.elapsed());
            let targets: Vec<Vec<String>> =
                outcome.results.into_iter().map(|h| h.targets).collect();
            our_ranks.push((j.group.as_str(), j.rank(&targets)));
        }
        println!("\n{file}: {} judged queries", judged.len());
        report(&relevance::score(our_ranks), &relevance::score(fts_ranks));
        println!(
            "latency p50/p99: bridgelaws {} / {}, FTS5 {} / {}",
            pct(&mut our_times, 0.5),
            pct(&mut our_times, 0.99),
            pct(&mut fts_times, 0.5),
            pct(&mut fts_times, 0.99)
        );
    }
}

/// The languages results are asked in: the judged language, else the query's scripts.
fn target_langs(j: &Judged) -> Vec<Lang> {
    if let Some(lang) = j.lang.as_deref().and_then(Lang::from_code) {
        return vec![lang];
    }
    let mut langs: Vec<Lang> = analyze::words(&j.query)
        .filter_map(|(_, w)| Lang::of_word(w))
        .collect();
    langs.sort();
    langs.dedup();
    if langs.is_empty() {
        Lang::ALL.to_vec()
    } else {
        langs
    }
}

/// The top ten documents' targets for the query's words, OR-ed, in the languages asked for.
fn fts5(db: &Connection, query: &str, langs: &[Lang]) -> Vec<Vec<String>> {
    let words: Vec<String> = analyze::words(query)
        .map(|(_, w)| format!("\"{}\"", w.replace('"', "\"\"")))
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    let in_langs: Vec<String> = langs.iter().map(|l| format!("'{}'", l.code())).collect();
    let sql = format!(
        "SELECT targets FROM docs WHERE docs MATCH ?1 AND lang IN ({}) ORDER BY bm25(docs) LIMIT 10",
        in_langs.join(",")
    );
    let mut statement = db.prepare_cached(&sql).expect("prepare");
    statement
        .query_map([words.join(" OR ")], |row| row.get::<_, String>(0))
        .map(|rows| {
            rows.filter_map(Result::ok)
                .map(|t| t.split(' ').map(str::to_string).collect())
                .collect()
        })
        .unwrap_or_default()
}

fn report(ours: &BTreeMap<String, Score>, fts: &BTreeMap<String, Score>) {
    println!(
        "{:<10} {:>7}   {:>18}   {:>18}   {:>8}",
        "group", "queries", "bridgelaws H1/H3/MRR", "FTS5 H1/H3/MRR", "ΔHit@3"
    );
    for (group, s) in ours {
        let f = fts.get(group).copied().unwrap_or_default();
        println!(
            "{group:<10} {:>7}   {:.2} / {:.2} / {:.2}   {:.2} / {:.2} / {:.2}   {:>+7.0}pt",
            s.queries,
            s.hit1,
            s.hit3,
            s.mrr,
            f.hit1,
            f.hit3,
            f.mrr,
            (s.hit3 - f.hit3) * 100.0
        );
    }
}

fn pct(times: &mut [Duration], q: f64) -> String {
    times.sort();
    let d = times[((times.len() - 1) as f64 * q).round() as usize];
    format!("{:.3}ms", d.as_secs_f64() * 1e3)
}
