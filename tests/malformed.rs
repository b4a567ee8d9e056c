//! Malformed corpora under `tests/fixtures/malformed/`: `check` must refuse each with exit code 2
//! and diagnostics at the right file, line and column, in text and in JSON, never a panic.
//!
//! A case is a change to the small corpus of `tests/fixtures/minimal/`, which checks clean with
//! the schemas of `corpus/schema/`: the files of the case's folder are laid over it (`corpus/…`,
//! and anything beside it, symbolic links kept as links), and the paths listed in its `remove`
//! file (one per line, relative to the corpus) are deleted. `expected` holds the whole of what
//! `bridgelaws check --quiet` prints. When the loader itself refuses the corpus, `expected-show` holds
//! what `bridgelaws show 1` prints on standard error; a case without it must show. The corpus
//! folder is written `[CORPUS]` (`SNAPSHOTS=overwrite` rewrites both files).

use std::collections::BTreeSet;
use std::path::Path;

use bridgelaws::error::{Code, Stage};

use crate::util::{assert_snapshot, bridgelaws, manifest_dir, stderr, stdout};

/// Files of a case's folder that describe it rather than change the corpus.
const CASE_FILES: [&str; 3] = ["expected", "expected-show", "remove"];

/// Words of the YAML reader's own vocabulary, which no diagnostic should carry.
const LIBRARY_WORDS: [&str; 6] = [
    "DuplicateKeyPolicy",
    "Options",
    "budget",
    "Depth {",
    "serde",
    "saphyr",
];

#[test]
fn the_minimal_corpus_is_clean() {
    let (_dir, corpus) = build(None);
    let output = bridgelaws(&["--corpus", corpus.to_str().unwrap(), "check"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn every_malformed_corpus_gets_a_located_error() {
    let cases_dir = manifest_dir().join("tests/fixtures/malformed");
    let mut cases: Vec<_> = std::fs::read_dir(&cases_dir)
        .expect("fixtures folder")
        .map(|e| e.expect("entry").path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 40, "at least forty malformed fixtures");
    let mut codes = BTreeSet::new();
    for case in cases {
        codes.extend(check_case(&case));
    }
    for code in Code::ALL.iter().filter(|c| c.stage() == Stage::Load) {
        assert!(
            codes.contains(code.as_str()),
            "no malformed fixture has a case of `{code}`"
        );
    }
}

/// The minimal corpus with `case` laid over it, in a fresh folder: the folder, and the corpus
/// in it.
fn build(case: Option<&Path>) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    copy(&manifest_dir().join("tests/fixtures/minimal"), &corpus);
    copy(
        &manifest_dir().join("corpus/schema"),
        &corpus.join("schema"),
    );
    if let Some(case) = case {
        for entry in std::fs::read_dir(case).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name();
            if !CASE_FILES.iter().any(|f| name == *f) {
                copy(&entry.path(), &dir.path().join(&name));
            }
        }
        if let Ok(list) = std::fs::read_to_string(case.join("remove")) {
            for relative in list.lines().filter(|l| !l.trim().is_empty()) {
                let path = corpus.join(relative.trim());
                if path.is_dir() {
                    std::fs::remove_dir_all(&path).unwrap();
                } else {
                    std::fs::remove_file(&path)
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                }
            }
        }
    }
    (dir, corpus)
}

/// Copy a file or folder over `to`, symbolic links as links.
fn copy(from: &Path, to: &Path) {
    let meta = std::fs::symlink_metadata(from).unwrap();
    if meta.file_type().is_symlink() {
        let target = std::fs::read_link(from).unwrap();
        let _ = std::fs::remove_file(to);
        #[cfg(unix)]
        std::os::unix::fs::symlink(target, to).unwrap();
        #[cfg(not(unix))]
        let _ = target;
    } else if meta.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        std::fs::copy(from, to).unwrap();
    }
}

/// Run one case; the codes of the diagnostics it gets.
fn check_case(case: &Path) -> Vec<String> {
    let name = case.file_name().unwrap().to_string_lossy().to_string();
    let (_dir, corpus) = build(Some(case));
    let corpus_arg = corpus.to_str().unwrap();
    let relative = |file: &str| {
        let path = case.join(file);
        path.strip_prefix(manifest_dir())
            .unwrap()
            .to_str()
            .unwrap()
            .to_string()
    };

    // The notes (the base's acknowledged difference) are no part of a case.
    let output = bridgelaws(&["--corpus", corpus_arg, "check", "--quiet"]);
    let report = stdout(&output);
    let all = format!("{report}{}", stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{name}: exit code\n{all}");
    assert!(!all.contains("panicked"), "{name}: panicked\n{all}");
    let first = report.lines().find(|l| l.trim_start().starts_with("-->"));
    assert!(
        first.is_some_and(|l| l.contains(corpus_arg)),
        "{name}: the first diagnostic names a file of the corpus\n{report}"
    );
    assert!(
        report.contains("= help: "),
        "{name}: a diagnostic says what to do\n{report}"
    );
    for word in LIBRARY_WORDS {
        assert!(
            !all.contains(word),
            "{name}: a diagnostic speaks the YAML reader's words (`{word}`)\n{all}"
        );
    }
    assert_snapshot(
        &relative("expected"),
        report.replace(corpus_arg, "[CORPUS]"),
    );

    // Tools get JSON whatever went wrong.
    let output = bridgelaws(&["--corpus", corpus_arg, "check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(2), "{name}: exit code (JSON)");
    let json: serde_json::Value = serde_json::from_str(&stdout(&output))
        .unwrap_or_else(|e| panic!("{name}: check --format json prints JSON: {e}"));
    assert!(json["errors"].as_u64().unwrap_or(0) > 0, "{name}: {json}");
    let codes = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect();

    // What the loader refuses, every command refuses; what it accepts, `show` shows.
    let output = bridgelaws(&["--corpus", corpus_arg, "show", "1"]);
    let errors = stderr(&output);
    assert!(
        !errors.contains("panicked"),
        "{name}: show panicked\n{errors}"
    );
    if case.join("expected-show").exists() {
        assert_eq!(
            output.status.code(),
            Some(2),
            "{name}: show's exit code\n{errors}"
        );
        assert!(
            errors.starts_with(corpus_arg),
            "{name}: the first line names a file of the corpus\n{errors}"
        );
        assert_snapshot(
            &relative("expected-show"),
            errors.replace(corpus_arg, "[CORPUS]"),
        );
    } else {
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: the loader accepts this corpus, so show shows it (or give the case an expected-show)\n{errors}"
        );
    }
    codes
}
