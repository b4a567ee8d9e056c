use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = bridgelaws::cli::Cli::parse();
    match bridgelaws::cli::run(cli, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{err}");
            ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))
        }
    }
}
