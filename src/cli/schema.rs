//! `bridgelaws schema`: write the JSON Schemas of the corpus files and of the JSON output.

use std::io::Write;
use std::path::Path;

use super::{corpus_dir, emit};
use bridgelaws::corpus::{schema, write};
use bridgelaws::error::Result;
use bridgelaws::render::schemas;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(dir: Option<&Path>, _args: &Args, out: &mut dyn Write) -> Result<()> {
    let corpus = corpus_dir(dir);
    for (relative, json) in schema::all().into_iter().chain(schemas::all()) {
        let path = corpus.join(relative);
        write::write_file(&path, &json)?;
        emit(out, &format!("wrote {}\n", path.display()))?;
    }
    Ok(())
}
