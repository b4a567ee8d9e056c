//! The corpus has the files every corpus has (`layout::Place::required`): the glossary, the
//! situations and the schema of each kind of file, each schema the one the types give. (An
//! edition is the loader's concern: without one there is nothing to read.)

use super::Checker;
use super::locate::Span;
use crate::corpus::layout::{self, PLACES};
use crate::corpus::schema;
use crate::error::Code;

const RESTORE: &str = "restore it (from version control, or a copy of the corpus)";
const WRITE_SCHEMAS: &str = "run `bridgelaws schema` (with `--corpus` for this folder) to write the schemas of this version of bridgelaws";

pub(super) fn check(checker: &mut Checker<'_>) {
    let root = &checker.corpus.root;
    for place in PLACES
        .iter()
        .filter(|p| p.required && !p.path.contains('*'))
    {
        if !root.exists(place.path) {
            checker.error(
                Code::MissingFile,
                place.path,
                Span::at(Default::default(), 1),
                format!("the corpus has no {}: {}", place.path, place.holds),
                "missing",
                format!("every corpus has it: {RESTORE}"),
            );
        }
    }
    strays(checker);
    schemas(checker);
}

/// Every file in the corpus folder is one the layout names: a file nothing reads (a
/// regulation saved as `il.yml`, notes left beside a law) would be lost without a word.
/// Hidden files (`.gitkeep`, an editor's) are not the corpus's; links are not followed.
fn strays(checker: &mut Checker<'_>) {
    let crate::corpus::Root::Dir(dir) = &checker.corpus.root else {
        return;
    };
    let mut found = Vec::new();
    unnamed_files(dir, dir, &mut found);
    found.sort();
    for relative in found {
        let renamed = relative
            .strip_suffix(".yml")
            .map(|stem| format!("{stem}.yaml"))
            .filter(|yaml| layout::place_of(yaml).is_some());
        let beside = layout::names_beside(&relative);
        let help = match renamed {
            // Renamed over the file beside it, it would replace what is read.
            Some(yaml) if dir.join(&yaml).exists() => format!(
                "{yaml} is beside it, and is what is read: merge what it holds into {yaml}, then delete it"
            ),
            Some(yaml) => format!("YAML files here end in .yaml: rename it {yaml}"),
            None if beside.is_empty() => {
                "move it out of the corpus folder: the corpus has no folder of that name".into()
            }
            None => format!(
                "move it out of the corpus folder, or name it as a file here is named: {}",
                beside.join(", ")
            ),
        };
        checker.error(
            Code::CorpusFile,
            &relative,
            Span::at(Default::default(), 1),
            format!("{relative} is not a file of the corpus: nothing reads it"),
            "here",
            help,
        );
    }
}

/// The files under `path` that no place of the layout names, relative to `root`.
fn unnamed_files(root: &std::path::Path, path: &std::path::Path, found: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(path) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        let Some(relative) = path.strip_prefix(root).ok().and_then(|r| r.to_str()) else {
            continue;
        };
        let relative = relative.replace('\\', "/");
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => unnamed_files(root, &path, found),
            Ok(_) if layout::place_of(&relative).is_none() => found.push(relative),
            _ => {}
        }
    }
}

/// Each kind of file has its schema, as the types give it (editors validate the files with it).
fn schemas(checker: &mut Checker<'_>) {
    let mut missing = Vec::new();
    for (relative, expected) in schema::all() {
        if !checker.corpus.root.exists(&relative) {
            missing.push(relative.trim_start_matches("schema/").to_string());
            continue;
        }
        let text = checker.raw(&relative).to_string();
        let (span, message) = match serde_json::from_str::<serde_json::Value>(&text) {
            Err(e) => {
                let place = crate::corpus::model::Pos {
                    line: u32::try_from(e.line()).unwrap_or(1),
                    column: u32::try_from(e.column()).unwrap_or(1),
                };
                let what = e.to_string();
                let what = what.split(" at line ").next().unwrap_or(&what).to_string();
                (
                    Span::at(place, 1),
                    format!("{relative} is not JSON: {what}"),
                )
            }
            Ok(found)
                if serde_json::from_str::<serde_json::Value>(&expected).ok()
                    != Some(found.clone()) =>
            {
                (
                    Span::at(Default::default(), 1),
                    format!("{relative} is not the schema of its files"),
                )
            }
            Ok(_) => continue,
        };
        checker.error(
            Code::SchemaFile,
            &relative,
            span,
            message,
            "here",
            WRITE_SCHEMAS,
        );
    }
    if !missing.is_empty() {
        let folder = format!("{}/", layout::SCHEMAS);
        let total = layout::schemas().len();
        let message = if missing.len() == total {
            format!("the corpus has no schemas: {folder} lacks all {total}")
        } else {
            format!(
                "{folder} lacks {} of the {total} schemas: {}",
                missing.len(),
                missing.join(", ")
            )
        };
        checker.error(
            Code::MissingFile,
            &folder,
            Span::at(Default::default(), 1),
            message,
            "missing",
            WRITE_SCHEMAS,
        );
    }
}
