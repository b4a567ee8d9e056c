//! Embeds the corpus into the binary, so that an installed `bridgelaws` works anywhere,
//! offline: every file the corpus layout (`src/corpus/layout.rs`) marks as bundled.
//! `include_str!` makes Cargo rebuild when a file changes; `rerun-if-changed` on the folder
//! catches files added or removed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[allow(dead_code)]
#[path = "src/corpus/layout.rs"]
mod layout;

/// Every file under `dir`, as paths relative to `corpus` with `/`.
fn collect(corpus: &Path, dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(corpus, &path, files);
        } else if let Ok(relative) = path.strip_prefix(corpus) {
            files.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let corpus = manifest.join("corpus");
    println!("cargo:rerun-if-changed=corpus");
    println!("cargo:rerun-if-changed=src/corpus/layout.rs");
    let mut files = Vec::new();
    collect(&corpus, &corpus, &mut files);
    files.retain(|f| layout::is_bundled(f));
    files.sort();
    let mut code = String::from("pub static FILES: &[(&str, &str)] = &[\n");
    for relative in &files {
        writeln!(
            code,
            "    ({relative:?}, include_str!({:?})),",
            corpus.join(relative).display().to_string()
        )
        .expect("write to string");
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("embedded_corpus.rs"), code).expect("write embedded corpus list");
}
