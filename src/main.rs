//! The `bridgelaws` command: parses the arguments, runs the subcommand through the library,
//! prints the error and sets the exit code. The command line itself lives here, not in the
//! library (`cli`, one file per subcommand).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // A failed check has said all in its report.
            let message = err.to_string();
            if !message.is_empty() {
                // Errors quote the corpus (ids, texts): shown harmless, as all output is.
                eprintln!("{}", bridgelaws::text::printable(&message));
            }
            ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))
        }
    }
}
