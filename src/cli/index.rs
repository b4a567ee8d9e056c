//! `bridgelaws index`: build the search index of the corpus (`search` builds it on first use,
//! and again whenever the corpus changes).

use std::io::Write;
use std::time::Instant;

use super::{IndexDir, emit};
use bridgelaws::corpus::Root;
use bridgelaws::error::Result;
use bridgelaws::search;
use bridgelaws::text::plural;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub index: IndexDir,
}

pub fn run(root: &Root, args: &Args, out: &mut dyn Write) -> Result<()> {
    let dir = search::index_dir(root, args.index.dir.as_deref());
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
