//! `bridgelaws import --profile <NAME>`: create an edition (or the commentary) from its source
//! text. The import runs once; afterwards the YAML is the source of truth and is corrected by
//! hand, so an existing edition is never overwritten unless `--force` says so.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{corpus_dir, emit};
use bridgelaws::error::{Error, Result};
use bridgelaws::import::{self, COMMENTARY_PROFILE, apply};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Importer profile: the layout of one printed edition, or `commentary`
    #[arg(long, value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(import::profile_names()))]
    pub profile: String,

    /// The plain-text extraction [default: <corpus>/sources/<the profile's file>; for `en`,
    /// whose text is not bundled, your own copy is required]
    #[arg(long, value_name = "FILE")]
    pub source: Option<PathBuf>,

    /// Overwrite an existing edition (and its country's regulations), losing hand corrections
    #[arg(long)]
    pub force: bool,
}

pub fn run(dir: Option<&Path>, args: &Args, out: &mut dyn Write) -> Result<()> {
    let corpus = corpus_dir(dir);
    let report = if args.profile == COMMENTARY_PROFILE {
        if args.source.is_some() {
            return Err(Error::Usage(
                "the commentary profile reads its three sources from <corpus>/sources/; --source does not apply".into(),
            ));
        }
        apply::commentary(&corpus, args.force)?
    } else {
        let profile = import::profile(&args.profile)
            .ok_or_else(|| Error::Usage(format!("no importer profile `{}`", args.profile)))?;
        let applied = apply::edition(&corpus, &profile, args.source.as_deref(), args.force)?;
        for notice in &applied.notices {
            eprintln!("{}", bridgelaws::text::printable(notice));
        }
        applied.report
    };
    emit(out, &report)
}
