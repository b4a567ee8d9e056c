//! `bridgelaws serve`: the web interface, on the corpus and its index loaded once.

use std::io::Write;
use std::net::SocketAddr;
use std::time::Instant;

use super::{IndexDir, emit};
use bridgelaws::corpus::Root;
use bridgelaws::error::Result;
use bridgelaws::serve::{self, Site};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Address and port to listen on: an IP address or a host name (localhost:8080); port 0
    /// for any free port
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR", value_parser = address)]
    pub addr: SocketAddr,

    #[command(flatten)]
    pub index: IndexDir,
}

pub fn run(root: Root, args: &Args, out: &mut dyn Write) -> Result<()> {
    let started = Instant::now();
    let site = Site::open(root, args.index.dir.as_deref())?;
    serve::run(site, args.addr, |bound| {
        // The one line a script waits for before its first request.
        let _ = emit(
            out,
            &format!(
                "bridgelaws: serving http://{bound}/ (ready in {} ms)\n",
                started.elapsed().as_millis()
            ),
        );
        let _ = out.flush();
    })
}

/// `--addr`: an IP address and port, or a host name and port, resolved by the system
/// (`localhost` from the machine's own table of hosts).
fn address(typed: &str) -> std::result::Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let how = "write it as a host or an IP address and a port: 127.0.0.1:8080, localhost:8080, [::1]:8080";
    typed
        .to_socket_addrs()
        .map_err(|e| format!("{e}; {how}"))?
        .next()
        .ok_or_else(|| format!("`{typed}` names no address; {how}"))
}
