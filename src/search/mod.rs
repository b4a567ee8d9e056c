//! Search: a tantivy index over every text of the corpus, by keyword in each language and by
//! citation in any script.
//!
//! `analyze` holds the analyzers, `documents` what is indexed, `store` the index folder (built
//! aside, swapped in, checked on open), `query` how a query is answered and `snippet` what
//! a result shows.

pub mod analyze;
pub mod documents;
mod name;
pub mod query;
pub mod snippet;
pub mod store;
pub mod units;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub use analyze::Lang;
pub use documents::DocKind;
pub use query::{Hit, Outcome, Refused, Request, Unfound, refused, search};
pub use store::{Opened, Unusable};

use crate::corpus::Root;
use crate::error::{Error, Result};

/// A map shared by threads, even if one panicked while holding it (what it holds stays right).
fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Where the index of a corpus lives unless told: `index/` beside a folder named `corpus`
/// (the repository's `index/` for `./corpus`), `<name>-index/` beside any other corpus folder,
/// and a cache folder for the built-in corpus.
pub fn default_dir(root: &Root) -> PathBuf {
    match root {
        Root::Dir(dir) => {
            let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("corpus");
            let index = if name == "corpus" {
                "index".to_string()
            } else {
                format!("{name}-index")
            };
            dir.parent().unwrap_or(Path::new(".")).join(index)
        }
        Root::Embedded => {
            let cache = std::env::var_os("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
                .unwrap_or_else(std::env::temp_dir);
            cache
                .join("bridgelaws")
                .join(format!("index-{}", env!("CARGO_PKG_VERSION")))
        }
    }
}

/// The index folder asked for, else the default one (`default_dir`).
pub fn index_dir(root: &Root, dir: Option<&Path>) -> PathBuf {
    dir.map_or_else(|| default_dir(root), Path::to_path_buf)
}

/// The index of the corpus at `root` in the folder `asked` for, else in the default one: what
/// `search` and `serve` open. Where the default folder cannot be written (a shared computer, a
/// read-only install), the index is built in a temporary folder for this run instead, and
/// standard error says so; a folder asked for that cannot be written is an error.
pub fn open_announcing(root: &Root, asked: Option<&Path>) -> Result<Opened> {
    let dir = index_dir(root, asked);
    match open_announcing_in(root, &dir) {
        Err(Error::Io { path, source }) if path.starts_with(&dir) => {
            if asked.is_some() {
                let within = if path == dir {
                    String::new()
                } else {
                    format!(" ({})", path.display())
                };
                return Err(Error::Usage(format!(
                    "cannot write the search index in {}{within}: {source}; give --index a folder you can write to",
                    dir.display(),
                )));
            }
            let scratch = tempfile::Builder::new()
                .prefix("bridgelaws-index-")
                .tempdir()
                .map_err(|e| Error::io(std::env::temp_dir(), e))?;
            eprintln!(
                "note: cannot write the search index in {} ({source}); this run searches one built in {}, removed afterwards: give --index a folder you can write to, to keep one",
                dir.display(),
                scratch.path().display()
            );
            let mut opened = open_announcing_in(root, scratch.path())?;
            opened.scratch = Some(scratch);
            Ok(opened)
        }
        opened => opened,
    }
}

/// The index of the corpus at `root` in `dir`, built first when needed, saying so on standard
/// error when the build takes more than a moment (and how long it took, on a terminal).
fn open_announcing_in(root: &Root, dir: &Path) -> Result<Opened> {
    let mut progress: Option<(mpsc::Sender<()>, std::thread::JoinHandle<bool>, Instant)> = None;
    let result = open_or_build(root, dir, &mut |why: &Unusable| {
        let (done, wait) = mpsc::channel::<()>();
        let message = format!(
            "bridgelaws: building the search index in {} ({why})…",
            dir.display()
        );
        let announcer = std::thread::spawn(move || {
            let slow = wait.recv_timeout(Duration::from_millis(300)).is_err();
            if slow {
                eprintln!("{message}");
            }
            slow
        });
        progress = Some((done, announcer, Instant::now()));
    });
    if let Some((done, announcer, started)) = progress {
        let _ = done.send(());
        if announcer.join().unwrap_or(false) && std::io::stderr().is_terminal() {
            eprintln!(
                "bridgelaws: index built in {:.1} s",
                started.elapsed().as_secs_f32()
            );
        }
    }
    result
}

/// The index of the corpus at `root` in `dir`; built first when it is missing, stale or
/// damaged, after `building` is told why.
pub fn open_or_build(
    root: &Root,
    dir: &Path,
    building: &mut dyn FnMut(&Unusable),
) -> Result<Opened> {
    crate::corpus::load::is_corpus(root)?;
    let fingerprint = store::fingerprint(root)?;
    match store::open(dir, &fingerprint) {
        Ok(opened) => Ok(opened),
        Err(why) => {
            building(&why);
            build(root, dir, &fingerprint)
        }
    }
}

/// Build the index of the corpus at `root` in `dir`, whatever is there.
pub fn rebuild(root: &Root, dir: &Path) -> Result<Opened> {
    let fingerprint = store::fingerprint(root)?;
    build(root, dir, &fingerprint)
}

fn build(root: &Root, dir: &Path, fingerprint: &str) -> Result<Opened> {
    // A folder that is not an index is refused before anything is read; one made for a
    // corpus that turns out not to load is not left behind.
    let made = !dir.exists();
    store::claim(dir)?;
    let corpus = crate::load(root.clone()).inspect_err(|_| {
        if made {
            let _ = std::fs::remove_dir_all(dir);
        }
    })?;
    store::build(&corpus, dir, fingerprint)
}
pub mod relevance;
