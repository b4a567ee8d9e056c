//! `bridgelaws index`: build the search index of the corpus (`search` builds it on first use,
//! and again whenever the corpus changes).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::emit;
use bridgelaws::corpus::Root;
use bridgelaws::error::Result;
use bridgelaws::search::{self, Opened, Unusable};
use bridgelaws::text::plural;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Index folder [default: index/ beside the corpus folder; a cache folder for the
    /// built-in corpus]
    #[arg(long, value_name = "DIR")]
    pub index: Option<PathBuf>,
}

pub fn run(root: &Root, args: &Args, out: &mut dyn Write) -> Result<()> {
    let dir = index_dir(root, args.index.as_deref());
    let started = Instant::now();
    let opened = search::rebuild(root, &dir)?;
    let editions: Vec<&str> = opened
        .manifest
        .editions
        .keys()
        .map(String::as_str)
        .collect();
    emit(
        out,
        &format!(
            "indexed {} ({}) in {} ms into {}\n",
            plural(opened.manifest.documents as usize, "document"),
            editions.join(", "),
            started.elapsed().as_millis(),
            dir.display()
        ),
    )
}

pub(super) fn index_dir(root: &Root, dir: Option<&Path>) -> PathBuf {
    dir.map_or_else(|| search::default_dir(root), Path::to_path_buf)
}

/// The index, built first when needed, saying so on standard error when the build takes
/// more than a moment.
pub(super) fn open(root: &Root, dir: &Path) -> Result<Opened> {
    let mut progress: Option<(mpsc::Sender<()>, std::thread::JoinHandle<bool>, Instant)> = None;
    let result = search::open_or_build(root, dir, &mut |why: &Unusable| {
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
