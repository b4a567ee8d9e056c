//! JSON Schemas for the corpus files, derived from the types in `model` so that they cannot
//! drift from what the loader accepts. `corpus/schema/` holds the committed copies that editors
//! use (each corpus file names its schema on its first line); a test keeps them in step and
//! `bridgelaws schema` rewrites them.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;

use super::layout::{self, Schema};
use super::model::{
    AcknowledgedFile, AmendmentsFile, BookIndexFile, BookletFile, DefinitionsFile, DifferencesFile,
    DocumentMeta, EditionFile, GlossaryFile, Node, OverridesFile, RegulationsFile, SituationsFile,
};

/// The JSON Schema (draft-07) of `T`, as committed.
pub fn render<T: JsonSchema>() -> String {
    let schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>();
    let mut json = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    json.push('\n');
    json
}

/// The JSON text of a schema, derived from the type it describes.
pub fn generate(schema: Schema) -> String {
    match schema {
        Schema::Edition => render::<EditionFile>(),
        Schema::Node => render::<Node>(),
        Schema::Definitions => render::<DefinitionsFile>(),
        Schema::BookIndex => render::<BookIndexFile>(),
        Schema::Regulations => render::<RegulationsFile>(),
        Schema::Overrides => render::<OverridesFile>(),
        Schema::Acknowledged => render::<AcknowledgedFile>(),
        Schema::Differences => render::<DifferencesFile>(),
        Schema::Amendments => render::<AmendmentsFile>(),
        Schema::Glossary => render::<GlossaryFile>(),
        Schema::Situations => render::<SituationsFile>(),
        Schema::Booklet => render::<BookletFile>(),
        Schema::Document => render::<DocumentMeta>(),
    }
}

/// Every schema of the corpus files as `(path relative to the corpus folder, JSON text)`.
pub fn all() -> Vec<(String, String)> {
    layout::schemas()
        .into_iter()
        .map(|schema| {
            (
                format!("{}/{}", layout::SCHEMAS, schema.file_name()),
                generate(schema),
            )
        })
        .collect()
}
