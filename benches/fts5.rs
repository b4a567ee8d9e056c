//! Relevance and latency of `search` side by side with two baselines, over the same corpus, on
//! every judged set: the regression suite, its held-out queries, and both halves of the
//! development set. Run on demand: `cargo bench --features fts5-baseline --bench fts5`
//! (`FTS5_DISAGREEMENTS=1` also lists the tuning half's queries that one of the engine and the
//! law-level baseline finds in its first three and the other does not).
//!
//! - FTS5 over nodes: what a user would otherwise reach for. SQLite FTS5 (`unicode61
//!   remove_diacritics 2`) gets the readable documents (every node, definition, footnote and
//!   regulation, each with its language) and each query's words OR-ed, ranked by its bm25,
//!   restricted to the language asked for. It has no translation, so a cross-language query
//!   searches the other language's texts with the words as typed.
//! - Law-level BM25: one document per law and language, holding the law's texts in that
//!   language, the English summaries and the phrases of `corpus/situations.yaml`, accents and
//!   niqqud folded in every script before indexing and querying, ranked by FTS5's bm25; the
//!   definitions of each language, with their situations, make one more document. It reads no
//!   citations.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use bridgelaws::corpus::{Corpus, Kind, Root};
use bridgelaws::search::relevance::{self, Half, Judged, Score};
use bridgelaws::search::{Lang, analyze, documents, store};
use bridgelaws::text::fold;
use rusqlite::Connection;

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = bridgelaws::load(Root::Dir(manifest.join("corpus"))).expect("the corpus loads");
    let nodes = nodes_db(&corpus);
    let laws = laws_db(&corpus);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let opened =
        store::build_documents(&documents::collect(&corpus), dir.path(), "bench").expect("index");

    let sets = judged_sets(manifest);
    let show_disagreements = std::env::var_os("FTS5_DISAGREEMENTS").is_some();
    for (name, judged) in &sets {
        let mut ranks: [Vec<(&str, Option<usize>)>; 3] = Default::default();
        let mut times: [Vec<Duration>; 2] = Default::default();
        for j in judged {
            let started = Instant::now();
            let ours = relevance::searched(&opened, j).expect("search");
            times[0].push(started.elapsed());
            ranks[0].push((j.group.as_str(), j.rank(&ours)));

            let langs = target_langs(j);
            let started = Instant::now();
            let found = fts5(&nodes, &j.query, &langs, false);
            times[1].push(started.elapsed());
            ranks[1].push((j.group.as_str(), j.rank(&found)));

            let found = fts5(&laws, &j.query, &langs, true);
            ranks[2].push((j.group.as_str(), j.rank(&found)));
            // Where the engine and the law-level baseline disagree, on the tuning half only
            // (the reporting half's misses are not looked at).
            if show_disagreements && name.contains("tuning") {
                let (a, b) = (j.rank(&ours), j.rank(&found));
                let hit = |r: Option<usize>| r.is_some_and(|r| r <= 3);
                if hit(a) != hit(b) {
                    println!(
                        "{} [{}] expected {:?}: bridgelaws {:?} {:?}, law BM25 {:?} {:?}",
                        j.query,
                        j.group,
                        j.expect,
                        a,
                        laws_of(&ours),
                        b,
                        laws_of(&found)
                    );
                }
            }
        }
        println!("\n{name}: {} judged queries", judged.len());
        let [ours, fts, law] = ranks.map(relevance::score);
        report(&ours, &fts, &law);
        let [ours_t, fts_t] = &mut times;
        println!(
            "latency p50/p99: bridgelaws {} / {}, FTS5 {} / {}",
            pct(ours_t, 0.5),
            pct(ours_t, 0.99),
            pct(fts_t, 0.5),
            pct(fts_t, 0.99)
        );
    }
}

/// The regression suite, its held-out queries, and the two halves of each blind set.
fn judged_sets(manifest: &Path) -> Vec<(String, Vec<Judged>)> {
    let dir = manifest.join("tests/relevance");
    let half = |file: &str, h: Half| relevance::load_half(&dir.join(file), h).expect(file);
    vec![
        (
            "suite (queries.yaml)".into(),
            relevance::load(&dir.join("queries.yaml")).expect("suite"),
        ),
        (
            "held out (heldout.yaml)".into(),
            relevance::load(&dir.join("heldout.yaml")).expect("held out"),
        ),
        ("dev.tsv, tuning half".into(), half("dev.tsv", Half::Tune)),
        (
            "dev.tsv, reporting half".into(),
            half("dev.tsv", Half::Report),
        ),
        (
            "blind.tsv, tuning half".into(),
            half("blind.tsv", Half::Tune),
        ),
        (
            "blind.tsv, reporting half".into(),
            half("blind.tsv", Half::Report),
        ),
        (
            "blind-he.tsv, tuning half".into(),
            half("blind-he.tsv", Half::Tune),
        ),
        (
            "blind-he.tsv, reporting half".into(),
            half("blind-he.tsv", Half::Report),
        ),
    ]
}

/// FTS5 over every readable document, with its language and targets.
fn nodes_db(corpus: &Corpus) -> Connection {
    let db = fts_table("unicode61 remove_diacritics 2");
    for doc in documents::collect(corpus)
        .into_iter()
        .filter(|d| !d.kind.is_pointer())
    {
        let text: Vec<&str> = doc.texts.iter().map(|(_, t)| t.as_str()).collect();
        insert(
            &db,
            &text.join("\n"),
            doc.lang.map_or("", Lang::code),
            &doc.targets.join(" "),
        );
    }
    db
}

/// FTS5 over one document per law and language (and one of the definitions), folded.
fn laws_db(corpus: &Corpus) -> Connection {
    let db = fts_table("unicode61");
    let english = corpus.english();
    for edition in &corpus.editions {
        let lang = edition.language();
        let mut by_law: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut definitions = Vec::new();
        for entry in &edition.entries {
            let texts = [&entry.heading, &entry.text, &entry.text_after]
                .into_iter()
                .flatten()
                .map(|t| t.to_string())
                .chain(entry.term.clone());
            match entry.kind {
                Kind::Definition => definitions.extend(texts),
                Kind::Preface | Kind::Introduction | Kind::Regulation => {}
                _ => {
                    let law = edition.lineage(edition.index_of(&entry.id).expect("its own"))[0]
                        .id
                        .clone();
                    by_law.entry(law).or_default().extend(texts);
                }
            }
        }
        if let Some(english) = english {
            for entry in &english.entries {
                if let (Some(summary), Some(law)) = (&entry.summary, law_of(&entry.id)) {
                    by_law
                        .entry(law)
                        .or_default()
                        .push(summary.text.to_string());
                }
            }
        }
        if let Some(situations) = &corpus.situations {
            for situation in &situations.data.situations {
                let phrases = situation.phrases().map(|(_, p)| p.to_string());
                // A definition's situations join the definitions, as its texts do.
                match law_of(&situation.law) {
                    Some(law) => by_law.entry(law).or_default().extend(phrases),
                    None => definitions.extend(phrases),
                }
            }
        }
        for (law, texts) in by_law {
            insert(&db, &fold_text(&texts.join("\n")), lang, &law);
        }
        insert(&db, &fold_text(&definitions.join("\n")), lang, "def/all");
    }
    db
}

/// The first five results' laws (or definitions), for reading a disagreement.
fn laws_of(results: &[Vec<String>]) -> Vec<String> {
    results
        .iter()
        .take(5)
        .map(|targets| {
            let first = targets.first().map_or("", String::as_str);
            law_of(first).unwrap_or_else(|| first.to_string())
        })
        .collect()
}

/// The law a node id is in (`27B1(a)` → `27`).
fn law_of(id: &str) -> Option<String> {
    let digits: String = id.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then_some(digits)
}

/// Every word folded as the law-level baseline wants it: no accents or niqqud, lower case.
fn fold_text(text: &str) -> String {
    text.split_whitespace()
        .map(fold)
        .collect::<Vec<_>>()
        .join(" ")
}

fn fts_table(tokenizer: &str) -> Connection {
    let db = Connection::open_in_memory().expect("sqlite");
    db.execute_batch(&format!(
        "CREATE VIRTUAL TABLE docs USING fts5(text, lang UNINDEXED, targets UNINDEXED,
         tokenize = '{tokenizer}');"
    ))
    .expect("fts5 is compiled in");
    db
}

fn insert(db: &Connection, text: &str, lang: &str, targets: &str) {
    db.execute(
        "INSERT INTO docs (text, lang, targets) VALUES (?1, ?2, ?3)",
        (text, lang, targets),
    )
    .expect("insert");
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

/// The top ten documents' targets for the query's words (folded when `folded`), OR-ed, in the
/// languages asked for.
fn fts5(db: &Connection, query: &str, langs: &[Lang], folded: bool) -> Vec<Vec<String>> {
    let words: Vec<String> = analyze::words(query)
        .map(|(_, w)| if folded { fold(w) } else { w.to_string() })
        .map(|w| format!("\"{}\"", w.replace('"', "\"\"")))
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

fn report(
    ours: &BTreeMap<String, Score>,
    fts: &BTreeMap<String, Score>,
    law: &BTreeMap<String, Score>,
) {
    println!(
        "{:<10} {:>7}   {:>20}   {:>16}   {:>16}   {:>9}   {:>9}",
        "group",
        "queries",
        "bridgelaws H1/H3/MRR",
        "FTS5 nodes H1/H3",
        "law BM25 H1/H3",
        "vs nodes",
        "vs laws"
    );
    for (group, s) in ours {
        let f = fts.get(group).copied().unwrap_or_default();
        let l = law.get(group).copied().unwrap_or_default();
        println!(
            "{group:<10} {:>7}   {:.2} / {:.2} / {:.2}     {:.2} / {:.2}        {:.2} / {:.2}        {:>+6.0}pt   {:>+6.0}pt",
            s.queries,
            s.hit1,
            s.hit3,
            s.mrr,
            f.hit1,
            f.hit3,
            l.hit1,
            l.hit3,
            (s.hit3 - f.hit3) * 100.0,
            (s.hit3 - l.hit3) * 100.0,
        );
    }
}

fn pct(times: &mut [Duration], q: f64) -> String {
    times.sort();
    let d = times[((times.len() - 1) as f64 * q).round() as usize];
    format!("{:.3}ms", d.as_secs_f64() * 1e3)
}
