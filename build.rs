//! Embeds the corpus (editions, regulations, references, glossary, situations, commentary, schemas) into the binary, so that an installed
//! `bridgelaws` works anywhere, offline. `include_str!` makes Cargo rebuild when a file changes;
//! `rerun-if-changed` on the folder catches files added or removed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const EMBEDDED: &[&str] = &[
    "editions",
    "regulations",
    "references",
    "schema",
    "glossary.yaml",
    "situations.yaml",
    "commentary",
];

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    if dir.is_file() {
        files.push(dir.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path
            .extension()
            .is_some_and(|e| e == "yaml" || e == "json" || e == "md")
        {
            files.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let corpus = manifest.join("corpus");
    println!("cargo:rerun-if-changed=corpus");
    let mut files = Vec::new();
    for part in EMBEDDED {
        collect(&corpus.join(part), &mut files);
    }
    files.sort();
    let mut code = String::from("pub static FILES: &[(&str, &str)] = &[\n");
    for file in &files {
        let relative = file
            .strip_prefix(&corpus)
            .expect("under corpus")
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(
            code,
            "    ({relative:?}, include_str!({:?})),",
            file.display().to_string()
        )
        .expect("write to string");
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("embedded_corpus.rs"), code).expect("write embedded corpus list");
}
