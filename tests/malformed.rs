//! Malformed corpora under `tests/fixtures/malformed/`: each must be refused with exit code 2
//! and a diagnostic at the right file, line and column, never a panic.
//!
//! Each case is a folder with a `corpus/` and an `expected` file: the location
//! (`path:line:column`, relative to the case's corpus) on the first line and a piece of the
//! message on the second.

use std::path::Path;

use crate::util::{bridgelaws, manifest_dir, stderr};

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
    let expected = std::fs::read_to_string(case.join("expected")).expect("expected file");
    let mut lines = expected.lines();
    let location = lines.next().expect("location line");
    let message = lines.next().expect("message line");
    let corpus = case.join("corpus");
    let corpus_arg = corpus.to_str().unwrap();
    let output = bridgelaws(&["--corpus", corpus_arg, "show", "1"]);
    let errors = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{name}: exit code\n{errors}");
    assert!(!errors.contains("panicked"), "{name}: panicked\n{errors}");
    let located = format!("{}/{location}", corpus.display());
    let first = errors.lines().next().unwrap_or_default();
    assert!(
        first.starts_with(&located),
        "{name}: expected {located}, got\n{errors}"
    );
    assert!(
        first.contains(message),
        "{name}: expected `{message}` in\n{errors}"
    );
    assert!(
        errors.contains("= help: "),
        "{name}: a diagnostic says what to do\n{errors}"
    );
}
