//! JSON Schemas for the corpus files, derived from the types in `model` so that they cannot
//! drift from what the loader accepts. `corpus/schema/` holds the committed copies that editors
//! use (each corpus file names its schema on its first line); a test keeps them in step and
//! `bridgelaws schema` rewrites them.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;

use super::model::{
    AcknowledgedFile, BookIndexFile, BookletFile, DefinitionsFile, DocumentMeta, EditionFile,
    GlossaryFile, Node, OverridesFile, RegulationsFile, SituationsFile,
};

/// Folder of the schemas, relative to the corpus folder.
pub const DIR: &str = "schema";

fn render<T: JsonSchema>() -> String {
    let schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>();
    let mut json = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    json.push('\n');
    json
}

/// Every schema as `(file name, JSON text)`.
pub fn all() -> Vec<(&'static str, String)> {
    vec![
        ("edition.schema.json", render::<EditionFile>()),
        ("node.schema.json", render::<Node>()),
        ("definitions.schema.json", render::<DefinitionsFile>()),
        ("regulations.schema.json", render::<RegulationsFile>()),
        ("book-index.schema.json", render::<BookIndexFile>()),
        ("overrides.schema.json", render::<OverridesFile>()),
        ("acknowledged.schema.json", render::<AcknowledgedFile>()),
        ("glossary.schema.json", render::<GlossaryFile>()),
        ("situations.schema.json", render::<SituationsFile>()),
        ("booklet.schema.json", render::<BookletFile>()),
        ("document.schema.json", render::<DocumentMeta>()),
    ]
}
