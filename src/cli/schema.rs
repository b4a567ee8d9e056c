//! `bridgelaws schema`: write the JSON Schemas of the corpus files and of the JSON output.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::emit;
use bridgelaws::corpus::{is_corpus, schema, write};
use bridgelaws::error::{Error, Result};
use bridgelaws::render::schemas;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write them under this folder (`<DIR>/schema/…`) [default: the corpus folder's]
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

pub fn run(corpus: Option<&Path>, args: &Args, out: &mut dyn Write) -> Result<()> {
    // Only into a corpus folder, or a folder asked for: never a new `./corpus` out of nowhere.
    let folder = match (&args.out, corpus) {
        (Some(folder), _) => folder.clone(),
        (None, Some(corpus)) => corpus.to_path_buf(),
        (None, None) if is_corpus(Path::new("corpus")) => PathBuf::from("corpus"),
        (None, None) => {
            return Err(Error::Usage(
                "there is no corpus folder here to write the schemas into; give one with --corpus DIR, or a folder with --out DIR".into(),
            ));
        }
    };
    for (relative, json) in schema::all().into_iter().chain(schemas::all()) {
        let path = folder.join(relative);
        write::write_file(&path, &json)?;
        emit(out, &format!("wrote {}\n", path.display()))?;
    }
    Ok(())
}
