//! `capicua serve`: the browser table. An HTTP server on `--addr` (default 127.0.0.1:8765)
//! serving the page and a WebSocket speaking the engine protocol (crate `capicua-serve`,
//! `docs/serve.md`).

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Result, anyhow};
use capicua_eval::ModelChoice;
use capicua_serve::{Caps, DEFAULT_ADDR, ServerConfig};
use clap::Args;

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port; the address is printed).
    #[arg(long, default_value = DEFAULT_ADDR)]
    addr: SocketAddr,
    /// WebSocket connections open at once; more are refused (HTTP 503).
    #[arg(long, default_value_t = Caps::default().max_connections)]
    max_connections: usize,
    /// Searches (`go`, `beliefs`) running at once over all connections; more wait their turn
    /// (default: the number of cores).
    #[arg(long)]
    max_searches: Option<usize>,
    /// Longest thinking time one request may ask for, in ms; also the deadline of every search.
    #[arg(long, default_value_t = Caps::default().max_movetime_ms)]
    max_movetime_ms: u64,
    /// Search threads one request may use.
    #[arg(long, default_value_t = Caps::default().max_threads)]
    max_threads: u32,
    /// Close a connection that sends nothing for this many seconds.
    #[arg(long, default_value_t = Caps::default().idle_timeout.as_secs())]
    idle_timeout_secs: u64,
    /// The network of the engines: "default" (the shipped model, where installed), "none", or
    /// a file. Clients choose only between this one and "none".
    #[arg(long)]
    model: Option<String>,
}

pub fn run(args: ServeArgs) -> Result<()> {
    let defaults = Caps::default();
    let caps = Caps {
        max_connections: args.max_connections.max(1),
        max_searches: args.max_searches.unwrap_or(defaults.max_searches).max(1),
        max_movetime_ms: args.max_movetime_ms.max(1),
        max_threads: args.max_threads.max(1),
        idle_timeout: Duration::from_secs(args.idle_timeout_secs.max(1)),
    };
    let model = match &args.model {
        None => ModelChoice::installed(),
        Some(m) => ModelChoice::parse(m).map_err(|e| anyhow!("--model: {e}"))?,
    };
    let config = ServerConfig {
        addr: args.addr,
        caps,
        model,
    };
    capicua_serve::run_blocking(config, |addr| {
        // the one line on stdout: scripts and tests read the address from it
        println!("capicua serve: listening on http://{addr}/");
        eprintln!("open http://{addr}/ in a browser; Ctrl-C stops the server");
    })?;
    Ok(())
}
