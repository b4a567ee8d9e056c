//! Search speed, run on demand (`cargo bench --bench search`), the real corpus side by side
//! with a synthetic one 100 times its size (every edition with its book index, and every
//! country's regulations, copied 100 times under new ids; the glossary and the situations,
//! which describe the Laws rather than an edition, once): index build time, in-process query latency
//! (p50, p99) over the judged queries (the suite and the development set), and peak memory.
//!
//! Not criterion: the issue asks for percentiles, which criterion does not report.

use std::path::Path;
use std::time::{Duration, Instant};

use bridgelaws::corpus::Root;
use bridgelaws::search::relevance;
use bridgelaws::search::{DocKind, Lang, Opened, Request, documents, search, store, units};

const COPIES: usize = 100;
const ROUNDS: usize = 20;

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = bridgelaws::load(Root::Dir(manifest.join("corpus"))).expect("the corpus loads");
    // Every judged query: the suite and the development set (situational queries).
    let dir = manifest.join("tests/relevance");
    let mut judged = relevance::load(&dir.join("queries.yaml")).expect("queries");
    judged.extend(relevance::load_dev(&dir.join("dev.tsv")).expect("the development set"));
    let real = documents::collect(&corpus);
    let mut synthetic = Vec::with_capacity(real.len() * COPIES);
    // Editions (with their book indexes) and national regulations are copied; the glossary and
    // the situations describe the Laws, not an edition, so they stay one.
    let per_edition =
        |doc: &documents::Doc| !matches!(doc.kind, DocKind::Glossary | DocKind::Situation);
    // The profiles are made again from the copies below, as an index of that corpus would.
    for copy in 0..COPIES {
        for doc in real.iter().filter(|d| copy == 0 || per_edition(d)) {
            let mut doc = doc.clone();
            if copy > 0 {
                doc.edition = format!("{}-x{copy:03}", doc.edition);
            }
            synthetic.push(doc);
        }
    }
    let synthetic = units::with_profiles(synthetic);
    println!(
        "{:<12} {:>9} {:>10} {:>10} {:>10} {:>10}",
        "corpus", "documents", "build", "p50", "p99", "max"
    );
    // `SEARCH_BENCH_REAL_ONLY=1` for profiling the real corpus alone.
    let only_real = std::env::var_os("SEARCH_BENCH_REAL_ONLY").is_some();
    for (name, docs) in [("real", &real), ("100x", &synthetic)] {
        if only_real && name != "real" {
            continue;
        }
        let dir = tempfile::tempdir().expect("a temporary folder");
        let started = Instant::now();
        let opened = store::build_documents(docs, dir.path(), name).expect("the index builds");
        let build = started.elapsed();
        let mut latencies = latencies(&opened, &judged);
        // The slowest queries, by their median over the rounds.
        let mut by_query: Vec<(Duration, &str)> = judged
            .iter()
            .enumerate()
            .map(|(i, j)| {
                let mut mine: Vec<Duration> = latencies
                    .iter()
                    .skip(i)
                    .step_by(judged.len())
                    .copied()
                    .collect();
                mine.sort();
                (mine[mine.len() / 2], j.query.as_str())
            })
            .collect();
        by_query.sort_by_key(|q| std::cmp::Reverse(q.0));
        let slowest: Vec<String> = by_query
            .iter()
            .take(3)
            .map(|(d, q)| format!("{q} {:.2}ms", ms(*d)))
            .collect();
        latencies.sort();
        let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
        println!(
            "{name:<12} {:>9} {:>8.0}ms {:>8.3}ms {:>8.3}ms {:>8.3}ms",
            docs.len(),
            build.as_secs_f64() * 1e3,
            ms(at(0.5)),
            ms(at(0.99)),
            ms(at(1.0)),
        );
        println!("{:<12} slowest: {}", "", slowest.join("; "));
    }
    println!(
        "{} queries x {ROUNDS} rounds each; peak resident memory {} MiB",
        judged.len(),
        peak_memory_mib()
    );
}

/// Every judged query, `ROUNDS` times, after one round to warm the caches.
fn latencies(opened: &Opened, judged: &[relevance::Judged]) -> Vec<Duration> {
    let requests: Vec<Request> = judged
        .iter()
        .map(|j| {
            let mut r = Request::new(&j.query);
            r.langs = j.lang.iter().filter_map(|l| Lang::from_code(l)).collect();
            r
        })
        .collect();
    let mut out = Vec::new();
    for round in 0..=ROUNDS {
        for request in &requests {
            let started = Instant::now();
            let outcome = search(opened, request).expect("the query runs");
            let took = started.elapsed();
            std::hint::black_box(outcome);
            if round > 0 {
                out.push(took);
            }
        }
    }
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The process's peak resident memory, from /proc (Linux); 0 where there is none.
fn peak_memory_mib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1024)
}
