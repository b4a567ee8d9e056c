//! `bridgelaws completions <SHELL>`: the shell's completion script, made from the command
//! line's definition, on standard output.

use std::io::Write;

use clap::CommandFactory;

use super::{Cli, emit};
use bridgelaws::error::Result;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell to complete in
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "bridgelaws", &mut script);
    emit(out, &String::from_utf8_lossy(&script))
}
