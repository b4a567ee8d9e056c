//! The JSON Schemas of what every `--format json` prints, derived from the output types so that
//! they cannot drift from the output. `corpus/schema/output/` holds the committed copies for
//! tools (and the web interface's `/api/`); a test keeps them in step and `bridgelaws schema`
//! rewrites them.

use super::check::CheckJson;
use super::commentary::{CommentaryJson, CommentaryListJson};
use super::compare::CompareJson;
use super::glossary::GlossaryJson;
use super::node::ExportRecord;
use super::qa::QaJson;
use super::regs::{ComparisonJson, CountriesJson};
use super::show::ShowJson;
use crate::corpus::layout;
use crate::corpus::schema::render;
use crate::search::Outcome;

/// Every output schema as `(path relative to the corpus folder, JSON text)`, by command.
pub fn all() -> Vec<(String, String)> {
    [
        ("show", render::<ShowJson>()),
        ("export", render::<ExportRecord>()),
        ("search", render::<Outcome>()),
        ("regs-countries", render::<CountriesJson>()),
        ("regs", render::<ComparisonJson>()),
        ("glossary", render::<GlossaryJson>()),
        ("commentary-list", render::<CommentaryListJson>()),
        ("commentary", render::<CommentaryJson>()),
        ("check", render::<CheckJson>()),
        ("compare", render::<CompareJson>()),
        ("qa", render::<QaJson>()),
        ("api-error", render::<crate::serve::ErrorJson>()),
    ]
    .into_iter()
    .map(|(name, json)| {
        (
            format!("{}/{name}.schema.json", layout::OUTPUT_SCHEMAS),
            json,
        )
    })
    .collect()
}
