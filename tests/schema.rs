//! The JSON Schemas: derived from the Rust types, committed for editors, named by every file.

use bridgelaws::corpus::schema;

use crate::util::corpus_dir;

#[test]
fn committed_schemas_match_the_types() {
    for (name, json) in schema::all() {
        let path = corpus_dir().join(schema::DIR).join(name);
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run `bridgelaws schema`", path.display()));
        assert!(
            committed == json,
            "{name} is out of date; run `cargo run -- schema`"
        );
    }
}

#[test]
fn every_corpus_file_names_its_schema_on_its_first_line() {
    let mut files = Vec::new();
    collect(&corpus_dir().join("editions"), &mut files);
    collect(&corpus_dir().join("regulations"), &mut files);
    assert!(files.len() > 93);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let first = text.lines().next().unwrap_or_default();
        let target = first
            .strip_prefix("# yaml-language-server: $schema=")
            .unwrap_or_else(|| panic!("{}: first line is `{first}`", file.display()));
        let schema = file.parent().unwrap().join(target);
        assert!(
            schema.is_file(),
            "{}: names {} which does not exist",
            file.display(),
            schema.display()
        );
    }
}

fn collect(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "yaml") {
            files.push(path);
        }
    }
}
