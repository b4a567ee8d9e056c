//! How long `bridgelaws check` takes on the bundled corpus, beside what it builds on: loading
//! the corpus (which derives every citation) is the baseline, the check is what it adds. Also
//! `regs diff il gr` (compare and print) and glossary lookups beside the same baseline.
//!
//! `cargo bench --bench check`

use std::hint::black_box;
use std::path::PathBuf;

use bridgelaws::corpus::Root;
use bridgelaws::{check, regs, render};
use criterion::{Criterion, criterion_group, criterion_main};

fn root() -> Root {
    Root::Dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus"))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    group.sample_size(20);
    group.bench_function("load (baseline)", |b| {
        b.iter(|| black_box(bridgelaws::load_all(root()).expect("the corpus loads")))
    });
    group.bench_function("load + check", |b| {
        b.iter(|| {
            let (corpus, loaded) = bridgelaws::load_all(root()).expect("the corpus loads");
            black_box(check::check(&corpus, loaded))
        })
    });
    let (mut corpus, _) = bridgelaws::load_all(root()).expect("the corpus loads");
    group.bench_function("derive references alone", |b| {
        b.iter(|| bridgelaws::refs::derive(black_box(&mut corpus)))
    });
    group.bench_function("check alone", |b| {
        b.iter(|| black_box(check::check(&corpus, Vec::new())))
    });
    group.bench_function("regs diff il gr, text, alone", |b| {
        let countries: Vec<_> = corpus.regulations.iter().collect();
        let edition = corpus.edition("he-2017").expect("he-2017");
        let style = render::Style::wrapped(100);
        b.iter(|| {
            let rows = regs::compare(&countries, edition, None);
            let table = render::regs::Table {
                corpus: &corpus,
                countries: &countries,
                rows: &rows,
                headings: edition,
            };
            black_box(render::regs::text(&table, &style, true))
        })
    });
    group.bench_function(
        "glossary lookups alone (exact, prefixed, partial, none)",
        |b| {
            let glossary = &corpus.glossary.as_ref().expect("glossary.yaml").data;
            b.iter(|| {
                for query in ["כפל", "והדאבל", "penalty", "xyzzy"] {
                    black_box(bridgelaws::glossary::lookup(glossary, query));
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
