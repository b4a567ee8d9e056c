//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use bridgelaws::corpus::{self, Corpus, Root};

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
        corpus::load(Root::Dir(corpus_dir()))
            .unwrap_or_else(|e| panic!("the bundled corpus loads:\n{e}"))
    })
}

/// The `bridgelaws` binary, run from the repository root with a fixed terminal width.
pub fn bridgelaws(args: &[&str]) -> Output {
    bridgelaws_in(manifest_dir(), args)
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
