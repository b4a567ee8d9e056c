//! `bridgelaws import`: reproducible from the bundled source, and never overwriting an edition
//! by accident.

use std::collections::BTreeSet;
use std::path::Path;

use bridgelaws::corpus::{self, Root};
use bridgelaws::render::export_record;

use crate::util::{bridgelaws, corpus, corpus_dir, stderr, stdout};

const GREEK_SOURCE: &str = "004_ec2b9f159b702ea6.txt";

fn temporary_corpus() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("sources")).unwrap();
    std::fs::copy(
        corpus_dir().join("sources").join(GREEK_SOURCE),
        dir.path().join("sources").join(GREEK_SOURCE),
    )
    .unwrap();
    dir
}

fn import(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "--corpus",
        dir.to_str().unwrap(),
        "import",
        "--profile",
        "el",
    ];
    args.extend(extra);
    bridgelaws(&args)
}

/// The committed edition is the importer's output plus hand corrections; every node that
/// differs from a fresh import must be listed as fixed by hand.
#[test]
fn a_fresh_import_differs_from_the_committed_edition_only_by_recorded_hand_fixes() {
    let dir = temporary_corpus();
    let output = import(dir.path(), &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("93 laws, 67 definitions, 27 regulations"),
        "{}",
        stdout(&output)
    );
    let fresh = corpus::load(Root::Dir(dir.path().to_path_buf())).expect("the import loads");
    let fresh = fresh.edition("el-2017").unwrap();
    let committed = corpus().edition("el-2017").unwrap();
    let hand_fixed: BTreeSet<&str> = committed
        .meta
        .import
        .as_ref()
        .map(|r| r.hand_fixes.iter().map(|f| f.id.as_str()).collect())
        .unwrap_or_default();
    let records = |e: &corpus::Edition| -> Vec<(String, String)> {
        (0..e.entries.len())
            .map(|i| (e.entries[i].id.clone(), export_record(e, i).to_string()))
            .collect()
    };
    let (fresh_records, committed_records) = (records(fresh), records(committed));
    let fresh_ids: Vec<&String> = fresh_records.iter().map(|(id, _)| id).collect();
    let committed_ids: Vec<&String> = committed_records.iter().map(|(id, _)| id).collect();
    assert_eq!(fresh_ids, committed_ids, "same nodes in the same order");
    let unrecorded: Vec<&String> = fresh_records
        .iter()
        .zip(&committed_records)
        .filter(|(a, b)| a.1 != b.1 && !hand_fixed.contains(a.0.as_str()))
        .map(|(a, _)| &a.0)
        .collect();
    assert!(
        unrecorded.is_empty(),
        "changed by hand but not recorded in edition.yaml: {unrecorded:?}"
    );
}

#[test]
fn an_existing_edition_is_not_overwritten_without_force() {
    let dir = temporary_corpus();
    assert!(import(dir.path(), &[]).status.success());
    let law = dir.path().join("editions/el-2017/laws/27.yaml");
    std::fs::write(&law, "# corrected by hand\n").unwrap();
    let output = import(dir.path(), &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("pass --force to overwrite it"),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        std::fs::read_to_string(&law).unwrap(),
        "# corrected by hand\n"
    );
    let output = import(dir.path(), &["--force"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        std::fs::read_to_string(&law)
            .unwrap()
            .contains("ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ")
    );
}

#[test]
fn a_missing_source_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let output = import(dir.path(), &["--source", "no-such-file.txt"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no-such-file.txt"),
        "{}",
        stderr(&output)
    );
    let output = import(dir.path(), &["--profile", "xx"]);
    assert_eq!(output.status.code(), Some(2));
}
