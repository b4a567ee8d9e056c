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

    /// The text of a file, by its path relative to the corpus folder, as `text` reads it.
    pub fn read(&self, relative: &str) -> Result<String> {
        self.text(relative).map_err(|e| match e {
            Unreadable::Io(e) => Error::io(self.display(relative), e),
            other => Error::Usage(format!("{}: {other}", self.display(relative))),
        })
    }

    /// The text of a file, by its path relative to the corpus folder: UTF-8, without a byte
    /// order mark, lines ended by `\n` (a file saved with `\r\n` reads the same, and its lines
    /// and columns are the same). A file reached through a link that leaves the corpus folder
    /// is not read.
    pub fn text(&self, relative: &str) -> Result<String, Unreadable> {
        let bytes = match self {
            Root::Dir(dir) => {
                if let Some((link, target)) = self.link_out(relative) {
                    return Err(Unreadable::Outside { link, target });
                }
                std::fs::read(dir.join(relative)).map_err(Unreadable::Io)?
            }
            Root::Embedded => embedded::FILES
                .iter()
                .find(|(name, _)| *name == relative)
                .map(|(_, text)| text.as_bytes().to_vec())
                .ok_or_else(|| {
                    Unreadable::Io(std::io::Error::from(std::io::ErrorKind::NotFound))
                })?,
        };
        let text = String::from_utf8(bytes).map_err(|e| not_utf8(e.as_bytes(), e.utf8_error()))?;
        Ok(normalize(text))
    }

    /// The text of a file that is not UTF-8, each bad byte shown as `�`, for showing where it
    /// is; none when it cannot be read at all.
    pub fn lossy(&self, relative: &str) -> Option<String> {
        match self {
            Root::Dir(dir) if self.link_out(relative).is_none() => {
                let bytes = std::fs::read(dir.join(relative)).ok()?;
                Some(normalize(String::from_utf8_lossy(&bytes).into_owned()))
            }
            _ => None,
        }
    }

    /// The link on the way to `relative` that leads out of the corpus folder, and where it
    /// leads: none when the file (or folder) and every folder above it are inside.
    pub fn link_out(&self, relative: &str) -> Option<(String, PathBuf)> {
        let Root::Dir(dir) = self else {
            return None;
        };
        let home = dir.canonicalize().ok()?;
        let mut walked = PathBuf::new();
        for part in Path::new(relative).components() {
            walked.push(part);
            let path = dir.join(&walked);
            let is_link =
                std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
            if !is_link {
                continue;
            }
            let inside = path.canonicalize().is_ok_and(|p| p.starts_with(&home));
            if !inside {
                let target = std::fs::read_link(&path).unwrap_or_default();
                return Some((walked.to_string_lossy().replace('\\', "/"), target));
            }
        }
        None
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

    /// Every file under the folders and files named in `parts`, relative to the corpus folder,
    /// in sorted order (a link out of the corpus folder is none of them).
    pub fn files(&self, parts: &[&str]) -> Result<Vec<String>> {
        let mut files = Vec::new();
        match self {
            Root::Dir(dir) => {
                for part in parts {
                    walk(dir, &dir.join(part), &mut files)?;
                }
            }
            Root::Embedded => {
                for (name, _) in embedded::FILES {
                    if parts
                        .iter()
                        .any(|p| name == p || name.starts_with(&format!("{p}/")))
                    {
                        files.push(name.to_string());
                    }
                }
            }
        }
        files.sort();
        Ok(files)
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

/// Why a corpus file could not be read as text.
#[derive(Debug)]
pub enum Unreadable {
    /// The file, or a folder on the way to it, is a symbolic link out of the corpus folder.
    Outside {
        /// The link, relative to the corpus folder.
        link: String,
        /// Where it leads, as it is written.
        target: PathBuf,
    },
    /// The file is not UTF-8: where its first bad byte is.
    NotUtf8 {
        /// The line, counted from 1.
        line: u32,
        /// The column, in characters, counted from 1.
        column: u32,
        /// The byte.
        byte: u8,
    },
    /// What the system said.
    Io(std::io::Error),
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Outside { link, target } => write!(
                f,
                "`{link}` is a link to `{}`, outside the corpus folder",
                target.display()
            ),
            Unreadable::NotUtf8 { line, column, byte } => write!(
                f,
                "the file is not UTF-8 text: byte 0x{byte:02X} at line {line}, column {column}"
            ),
            Unreadable::Io(e) => write!(f, "{e}"),
        }
    }
}

/// Where the first byte that is not UTF-8 stands, by line and column.
fn not_utf8(bytes: &[u8], error: std::str::Utf8Error) -> Unreadable {
    let at = error.valid_up_to();
    // What comes before it is valid, so it reads as text.
    let before = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    let column = column - usize::from(line == 1 && before.starts_with('\u{feff}'));
    Unreadable::NotUtf8 {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
        byte: bytes[at],
    }
}

/// A file's text as every reader sees it: without a byte order mark, `\r\n` as `\n`, and a
/// `\r` alone (old Mac line ends) as `\n` too. None changes a line number, nor a column
/// (editors do not count the mark): YAML and CommonMark end a line at a lone `\r`, so the YAML
/// reader's lines, the checker's and the editor's are the same lines.
pub fn normalize(text: String) -> String {
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text
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
    match std::fs::symlink_metadata(path) {
        Ok(meta) => walk_entry(root, path, meta.file_type(), files),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io(path, e)),
    }
}

/// `walk` of an entry whose type is known: a folder's entries carry theirs, so a file costs
/// no call to the system (the search index walks its corpus on every search).
fn walk_entry(
    root: &Path,
    path: &Path,
    kind: std::fs::FileType,
    files: &mut Vec<String>,
) -> Result<()> {
    // A link out of the corpus folder is not part of the corpus (the loader reports it); a
    // link within it is what it leads to.
    let kind = if kind.is_symlink() {
        if leaves(root, path) {
            return Ok(());
        }
        match std::fs::metadata(path) {
            Ok(meta) => meta.file_type(),
            Err(e) => return Err(Error::io(path, e)),
        }
    } else {
        kind
    };
    if kind.is_dir() {
        let entries = std::fs::read_dir(path).map_err(|e| Error::io(path, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| Error::io(path, e))?;
            let kind = entry.file_type().map_err(|e| Error::io(entry.path(), e))?;
            walk_entry(root, &entry.path(), kind, files)?;
        }
    } else if kind.is_file()
        && let Some(relative) = path.strip_prefix(root).ok().and_then(Path::to_str)
    {
        files.push(relative.replace('\\', "/"));
    }
    Ok(())
}

/// Whether the link `path` leads out of the folder `root`.
fn leaves(root: &Path, path: &Path) -> bool {
    match (root.canonicalize(), path.canonicalize()) {
        (Ok(root), Ok(path)) => !path.starts_with(root),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_and_crlf_read_as_plain_lines() {
        assert_eq!(
            normalize("\u{feff}id: x\r\ntext: y\r\n".into()),
            "id: x\ntext: y\n"
        );
        // The YAML reader ends a line there: a place it reports after it must be a line of
        // the text as read (found by the fuzz test of the loader).
        assert_eq!(normalize("a\rb\r\rc\r\n".into()), "a\nb\n\nc\n");
    }

    #[test]
    fn the_first_bad_byte_is_found_by_line_and_column() {
        let bytes = b"id: x\ntext: \xce\xb1\xff\n".to_vec();
        let error = String::from_utf8(bytes.clone()).unwrap_err().utf8_error();
        let bytes = &bytes[..];
        let Unreadable::NotUtf8 { line, column, byte } = not_utf8(bytes, error) else {
            panic!("not UTF-8");
        };
        // After `text: ` and one Greek letter (two bytes, one column).
        assert_eq!((line, column, byte), (2, 8, 0xff));
    }
}
