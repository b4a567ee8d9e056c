//! `bridgelaws schema`: write the JSON Schemas of the corpus files.

use std::io::Write;
use std::path::Path;

use super::{corpus_dir, emit};
use crate::corpus::{schema, write};
use crate::error::Result;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(dir: Option<&Path>, _args: &Args, out: &mut dyn Write) -> Result<()> {
    let folder = corpus_dir(dir).join(schema::DIR);
    for (name, json) in schema::all() {
        let path = folder.join(name);
        write::write_file(&path, &json)?;
        emit(out, &format!("wrote {}\n", path.display()))?;
    }
    Ok(())
}
