//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use bridgelaws::corpus::{Corpus, Root, layout};

pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The bundled corpus folder.
pub fn corpus_dir() -> PathBuf {
    manifest_dir().join("corpus")
}

/// The bundled corpus, loaded once for all tests.
pub fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        bridgelaws::load(Root::Dir(corpus_dir()))
            .unwrap_or_else(|e| panic!("the bundled corpus loads:\n{e}"))
    })
}

/// The `bridgelaws` binary, run from the repository root with a fixed terminal width.
pub fn bridgelaws(args: &[&str]) -> Output {
    bridgelaws_in(manifest_dir(), args)
}

/// `export` of the Hebrew and Greek editions in `format` over `scope`, with `more` arguments.
pub fn export_he_el(format: &str, scope: &str, more: &[&str]) -> Output {
    let mut args = vec!["export", "--edition", "he", "--edition", "el"];
    args.extend(["--format", format, "--scope", scope]);
    args.extend(more);
    bridgelaws(&args)
}

pub fn bridgelaws_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bridgelaws"))
        .args(args)
        .current_dir(dir)
        .env("COLUMNS", "100")
        .output()
        .expect("bridgelaws runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

/// A copy of what the binary bundles of the corpus (every part but the sources) in a fresh
/// folder, for tests that add or change files.
pub fn corpus_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_corpus_into(dir.path());
    dir
}

/// Copy the folder `from`, with everything in it, to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Copy what the binary bundles of the corpus into `target`.
pub fn copy_corpus_into(target: &Path) {
    std::fs::create_dir_all(target).unwrap();
    for part in layout::top_level(|p| p.bundled) {
        let from = corpus_dir().join(part);
        if from.is_dir() {
            copy_dir(&from, &target.join(part));
        } else {
            std::fs::copy(from, target.join(part)).unwrap();
        }
    }
}

/// The search index of the bundled corpus, built once for all tests in a folder of its own.
static INDEX: OnceLock<(tempfile::TempDir, bridgelaws::search::Opened)> = OnceLock::new();

fn built_index() -> &'static (tempfile::TempDir, bridgelaws::search::Opened) {
    INDEX.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let opened = bridgelaws::search::rebuild(&Root::Dir(corpus_dir()), dir.path())
            .unwrap_or_else(|e| panic!("the index builds:\n{e}"));
        (dir, opened)
    })
}

/// The search index of the bundled corpus, opened.
pub fn search_index() -> &'static bridgelaws::search::Opened {
    &built_index().1
}

/// The folder of that index, for the command line's `--index`.
pub fn search_index_dir() -> &'static Path {
    built_index().0.path()
}

/// Compare `actual` with the snapshot file at `relative` (to the repository root), which must
/// hold it whole. With `SNAPSHOTS=overwrite` the file is written instead: review the diff
/// before committing it.
pub fn assert_snapshot(relative: &str, actual: String) {
    let expected = snapbox::Data::read_from(&manifest_dir().join(relative), None).raw();
    snapbox::Assert::new()
        .action_env("SNAPSHOTS")
        .eq(snapbox::Data::text(actual).raw(), expected);
}
