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
    schemas(checker);
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
