//! The JSON Schemas: derived from the Rust types, committed for editors, named by every file;
//! and the corpus layout, which says where each file lives and which schema it has.

use std::path::{Path, PathBuf};

use bridgelaws::corpus::{layout, schema};
use bridgelaws::render::schemas;

use crate::util::corpus_dir;

#[test]
fn committed_schemas_match_the_types() {
    let all = schema::all().into_iter().chain(schemas::all());
    for (relative, json) in all {
        let path = corpus_dir().join(&relative);
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run `bridgelaws schema`", path.display()));
        assert!(
            committed == json,
            "{relative} is out of date; run `cargo run -- schema`"
        );
    }
}

/// Every file of the bundled corpus, relative to the corpus folder.
fn corpus_files() -> Vec<String> {
    fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect(root, &path, files);
            } else {
                let relative = path.strip_prefix(root).unwrap();
                files.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut files = Vec::new();
    collect(&corpus_dir(), &corpus_dir(), &mut files);
    files.sort();
    files
}

#[test]
fn the_layout_describes_every_file_of_the_corpus() {
    let files = corpus_files();
    assert!(files.len() > 300, "{}", files.len());
    let strays: Vec<&String> = files
        .iter()
        .filter(|f| layout::place_of(f).is_none())
        .collect();
    assert!(
        strays.is_empty(),
        "files the layout does not know: {strays:?}"
    );
}

#[test]
fn every_yaml_file_names_the_schema_the_layout_gives_it() {
    let mut checked = 0;
    for relative in corpus_files().iter().filter(|f| f.ends_with(".yaml")) {
        let schema = layout::schema_of(relative)
            .unwrap_or_else(|| panic!("{relative}: the layout gives it no schema"));
        let text = std::fs::read_to_string(corpus_dir().join(relative)).unwrap();
        let first = text.lines().next().unwrap_or_default();
        let target = first
            .strip_prefix("# yaml-language-server: $schema=")
            .unwrap_or_else(|| panic!("{relative}: first line is `{first}`"));
        assert_eq!(target, layout::schema_link(relative, schema), "{relative}");
        let path: PathBuf = corpus_dir().join(relative).parent().unwrap().join(target);
        assert!(path.is_file(), "{relative}: names {}", path.display());
        checked += 1;
    }
    assert!(checked > 93 * 3, "{checked}");
}
