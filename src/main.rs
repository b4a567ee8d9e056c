use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = bridgelaws::cli::Cli::parse();
    match bridgelaws::cli::run(cli, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // A failed check has said all in its report.
            let message = err.to_string();
            if !message.is_empty() {
                eprintln!("{message}");
            }
            ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))
        }
    }
}
