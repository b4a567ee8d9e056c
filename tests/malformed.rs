//! Malformed corpora under `tests/fixtures/malformed/`: each must be refused with exit code 2
//! and a diagnostic at the right file, line and column, never a panic.
//!
//! Each case is a folder with a `corpus/` and an `expected` file holding the whole of what
//! `bridgelaws show 1` prints on standard error, the case's corpus folder written `[CORPUS]`
//! (`SNAPSHOTS=overwrite` rewrites it).

use std::path::Path;

use crate::util::{assert_snapshot, bridgelaws, manifest_dir, stderr};

#[test]
fn every_malformed_corpus_gets_a_located_error() {
    let cases_dir = manifest_dir().join("tests/fixtures/malformed");
    let mut cases: Vec<_> = std::fs::read_dir(&cases_dir)
        .expect("fixtures folder")
        .map(|e| e.expect("entry").path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 10, "at least ten malformed fixtures");
    for case in cases {
        check_case(&case);
    }
}

fn check_case(case: &Path) {
    let name = case.file_name().unwrap().to_string_lossy();
    let corpus = case.join("corpus");
    let corpus_arg = corpus.to_str().unwrap();
    let output = bridgelaws(&["--corpus", corpus_arg, "show", "1"]);
    let errors = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{name}: exit code\n{errors}");
    assert!(!errors.contains("panicked"), "{name}: panicked\n{errors}");
    assert!(
        errors.starts_with(corpus_arg),
        "{name}: the first line names a file of the corpus\n{errors}"
    );
    assert!(
        errors.contains("= help: "),
        "{name}: a diagnostic says what to do\n{errors}"
    );
    let relative = case.join("expected");
    let relative = relative.strip_prefix(manifest_dir()).unwrap();
    assert_snapshot(
        relative.to_str().unwrap(),
        errors.replace(corpus_arg, "[CORPUS]"),
    );
}
