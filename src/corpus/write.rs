//! Writing corpus files: YAML with a first line naming the file's schema, written through a
//! temporary file and renamed into place, so that a failed write never leaves half a file.

use std::path::Path;

use serde::Serialize;

use super::layout;
use crate::error::{Error, Result};

/// YAML text for `value`, to be written at `relative` in a corpus folder, headed by the
/// `yaml-language-server` line that points editors at the schema the layout gives that file.
pub fn to_yaml<T: Serialize>(value: &T, relative: &str) -> Result<String> {
    let body = serde_saphyr::to_string(value)
        .map_err(|e| Error::Format(format!("cannot write YAML: {e}")))?;
    match layout::schema_of(relative) {
        Some(schema) => Ok(format!(
            "# yaml-language-server: $schema={}\n{body}",
            layout::schema_link(relative, schema)
        )),
        None => Ok(body),
    }
}

/// Write `contents` to `path` atomically, creating folders as needed.
pub fn write_file(path: &Path, contents: &str) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let temporary = dir.join(format!(".{name}.tmp"));
    std::fs::write(&temporary, contents).map_err(|e| Error::io(&temporary, e))?;
    std::fs::rename(&temporary, path).map_err(|e| Error::io(path, e))
}
