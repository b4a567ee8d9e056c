//! `bridgelaws man`: the manual page (roff), made from the command line's definition, on
//! standard output: `bridgelaws man > bridgelaws.1`.

use std::io::Write;

use clap::CommandFactory;

use super::{Cli, emit};
use bridgelaws::error::{Error, Result};

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: &Args, out: &mut dyn Write) -> Result<()> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(|e| Error::io("<manual page>", e))?;
    emit(out, &String::from_utf8_lossy(&page))
}
