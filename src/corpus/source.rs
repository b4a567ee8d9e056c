//! Where the corpus files come from: a folder on disk, or the copy built into the binary.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_corpus.rs"));
}

/// Where a corpus is read from.
#[derive(Clone, Debug)]
pub enum Root {
    /// A corpus folder on disk.
    Dir(PathBuf),
    /// The corpus as it was when this binary was built.
    Embedded,
}

impl Root {
    /// `dir` when given; else `./corpus` when it exists; else the built-in copy.
    pub fn choose(dir: Option<&Path>) -> Root {
        Root::chosen(dir).0
    }

    /// `dir` when given; else `./corpus` when it is a corpus folder (`is_corpus`); else the
    /// built-in copy, with a note when a folder named `corpus` is here but is not one (a
    /// folder of notes must not replace the Laws).
    pub fn chosen(dir: Option<&Path>) -> (Root, Option<String>) {
        let here = Path::new("corpus");
        match dir {
            Some(dir) => (Root::Dir(dir.to_path_buf()), None),
            None if is_corpus(here) => (Root::Dir(here.to_path_buf()), None),
            None if here.exists() => (
                Root::Embedded,
                Some(format!(
                    "note: ./corpus is not a corpus folder (it has no {}/<edition>/edition.yaml); using the built-in corpus",
                    super::layout::EDITIONS
                )),
            ),
            None => (Root::Embedded, None),
        }
    }

    /// How a file is named in messages.
    pub fn display(&self, relative: &str) -> String {
        match self {
            Root::Dir(dir) => dir.join(relative).display().to_string(),
            Root::Embedded => format!("<built-in corpus>/{relative}"),
        }
    }

    /// The path relative to the corpus folder of a file named as `display` names it.
    pub fn relative<'a>(&self, displayed: &'a str) -> Option<&'a str> {
        match self {
            Root::Dir(dir) => Path::new(displayed)
                .strip_prefix(dir)
                .ok()
                .and_then(Path::to_str),
            Root::Embedded => displayed.strip_prefix("<built-in corpus>/"),
        }
    }

    /// The text of a file, by its path relative to the corpus folder.
    pub fn read(&self, relative: &str) -> Result<String> {
        match self {
            Root::Dir(dir) => {
                let path = dir.join(relative);
                std::fs::read_to_string(&path).map_err(|e| Error::io(path, e))
            }
            Root::Embedded => embedded::FILES
                .iter()
                .find(|(name, _)| *name == relative)
                .map(|(_, text)| text.to_string())
                .ok_or_else(|| {
                    Error::io(
                        self.display(relative),
                        std::io::Error::from(std::io::ErrorKind::NotFound),
                    )
                }),
        }
    }

    /// Whether a file or folder exists, by its path relative to the corpus folder.
    pub fn exists(&self, relative: &str) -> bool {
        match self {
            Root::Dir(dir) => dir.join(relative).exists(),
            Root::Embedded => embedded::FILES
                .iter()
                .any(|(name, _)| *name == relative || name.starts_with(&format!("{relative}/"))),
        }
    }

    /// Every file under the folders and files named in `parts`, as (path relative to the corpus
    /// folder, contents), in sorted order: what a fingerprint of the corpus reads.
    pub fn visit(&self, parts: &[&str], visit: &mut dyn FnMut(&str, &[u8])) -> Result<()> {
        match self {
            Root::Dir(dir) => {
                let mut files = Vec::new();
                for part in parts {
                    walk(dir, &dir.join(part), &mut files)?;
                }
                files.sort();
                for relative in files {
                    let path = dir.join(&relative);
                    let bytes = std::fs::read(&path).map_err(|e| Error::io(path, e))?;
                    visit(&relative, &bytes);
                }
            }
            Root::Embedded => {
                for (name, text) in embedded::FILES {
                    if parts
                        .iter()
                        .any(|p| name == p || name.starts_with(&format!("{p}/")))
                    {
                        visit(name, text.as_bytes());
                    }
                }
            }
        }
        Ok(())
    }

    /// Every file under the folders and files named in `parts`, in sorted order, with a stamp
    /// that changes when the file does: its size and modification time on disk (a `stat`, not
    /// a read: the search index checks its corpus on every search), its contents in the
    /// binary, which are in memory already.
    pub fn visit_stamps(&self, parts: &[&str], visit: &mut dyn FnMut(&str, &[u8])) -> Result<()> {
        match self {
            Root::Dir(dir) => {
                let mut files = Vec::new();
                for part in parts {
                    walk(dir, &dir.join(part), &mut files)?;
                }
                files.sort();
                for relative in files {
                    let path = dir.join(&relative);
                    let meta = std::fs::metadata(&path).map_err(|e| Error::io(&path, e))?;
                    let modified = meta
                        .modified()
                        .ok()
                        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                        .map_or(0, |d| d.as_nanos());
                    let mut stamp = [0u8; 24];
                    stamp[..8].copy_from_slice(&meta.len().to_le_bytes());
                    stamp[8..].copy_from_slice(&modified.to_le_bytes());
                    visit(&relative, &stamp);
                }
                Ok(())
            }
            Root::Embedded => self.visit(parts, visit),
        }
    }

    /// Names of the entries directly inside `relative`, sorted. A missing folder has none.
    pub fn list(&self, relative: &str) -> Result<Vec<String>> {
        let mut names = match self {
            Root::Dir(dir) => {
                let path = dir.join(relative);
                match std::fs::read_dir(&path) {
                    Ok(entries) => entries
                        .map(|e| {
                            e.map(|e| e.file_name().to_string_lossy().into_owned())
                                .map_err(|err| Error::io(&path, err))
                        })
                        .collect::<Result<Vec<_>>>()?,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                    Err(e) => return Err(Error::io(path, e)),
                }
            }
            Root::Embedded => {
                let prefix = format!("{relative}/");
                let mut names: Vec<String> = embedded::FILES
                    .iter()
                    .filter_map(|(name, _)| name.strip_prefix(&prefix))
                    .map(|rest| rest.split('/').next().unwrap_or(rest).to_string())
                    .collect();
                names.dedup();
                names
            }
        };
        names.sort();
        names.dedup();
        Ok(names)
    }
}

/// Whether `dir` is a corpus folder: it holds at least one edition (`editions/<id>/edition.yaml`).
pub fn is_corpus(dir: &Path) -> bool {
    std::fs::read_dir(dir.join(super::layout::EDITIONS)).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().join("edition.yaml").is_file())
    })
}

/// The files under `path` (a file or folder; missing is empty), relative to `root`, with `/`.
fn walk(root: &Path, path: &Path, files: &mut Vec<String>) -> Result<()> {
    let entries = match std::fs::read_dir(path) {
        Ok(entries) => entries,
        Err(_) if path.is_file() => {
            if let Some(relative) = path.strip_prefix(root).ok().and_then(Path::to_str) {
                files.push(relative.replace('\\', "/"));
            }
            return Ok(());
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(Error::io(path, e)),
    };
    for entry in entries {
        let entry = entry.map_err(|e| Error::io(path, e))?;
        walk(root, &entry.path(), files)?;
    }
    Ok(())
}
