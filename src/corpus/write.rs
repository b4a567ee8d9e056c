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
    // Named by the file asked for: the temporary one is no name the user knows.
    std::fs::write(&temporary, contents).map_err(|e| Error::io(path, e))?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        Error::io(path, e)
    })
}

/// `yaml` (a file as `to_yaml` makes it) with the comments that open the file `old` now, if it
/// has any: what a person wrote at the top of a file (what it is, where it comes from) stays
/// when the file is written again.
pub fn keeping_comments(old: &Path, yaml: String) -> String {
    let Ok(before) = std::fs::read_to_string(old) else {
        return yaml;
    };
    let comments: Vec<&str> = before
        .lines()
        .skip_while(|l| l.starts_with("# yaml-language-server:"))
        .take_while(|l| l.starts_with('#'))
        .collect();
    if comments.is_empty() {
        return yaml;
    }
    match yaml.split_once('\n') {
        Some((schema, body)) if schema.starts_with("# yaml-language-server:") => {
            format!("{schema}\n{}\n{body}", comments.join("\n"))
        }
        _ => format!("{}\n{yaml}", comments.join("\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_comments_opening_a_file_stay_when_it_is_written_again() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join("edition.yaml");
        std::fs::write(
            &old,
            "# yaml-language-server: $schema=x.json\n# What this is.\n# And why.\nid: a\n# not this\n",
        )
        .unwrap();
        let new = keeping_comments(
            &old,
            "# yaml-language-server: $schema=x.json\nid: b\n".into(),
        );
        assert_eq!(
            new,
            "# yaml-language-server: $schema=x.json\n# What this is.\n# And why.\nid: b\n"
        );
        let none = keeping_comments(&dir.path().join("missing.yaml"), "id: c\n".into());
        assert_eq!(none, "id: c\n");
    }
}
