//! `bridgelaws man`: the manual page (roff), made from the command line's definition, on
//! standard output (`bridgelaws man > bridgelaws.1`), or with `--dir` a page for the program
//! and one for each command (`bridgelaws-show.1`), the pages the first one refers to.

use std::io::Write;
use std::path::PathBuf;

use clap::CommandFactory;

use super::{Cli, emit};
use bridgelaws::error::{Error, Result};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write every page into this folder (made if missing): bridgelaws.1 and a page per command
    /// (bridgelaws-show.1, …), which the first one refers to [default: the first page alone, on
    /// standard output]
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let Some(dir) = &args.dir else {
        let mut page = Vec::new();
        clap_mangen::Man::new(Cli::command().disable_help_subcommand(true))
            .render(&mut page)
            .map_err(|e| Error::io("<manual page>", e))?;
        return emit(out, &String::from_utf8_lossy(&page));
    };
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir.clone(), e))?;
    // The generator leaves out the pages of the `help` command.
    clap_mangen::generate_to(Cli::command(), dir).map_err(|e| Error::io(dir.clone(), e))?;
    eprintln!(
        "wrote bridgelaws.1 and a page per command to {}",
        dir.display()
    );
    Ok(())
}
