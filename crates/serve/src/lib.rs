//! capicua-serve: the browser table (`capicua serve`).
//!
//! One HTTP server (axum on tokio) serves one page, whose files are embedded in the binary
//! ([`assets`]), and a WebSocket at `/ws` that speaks the engine protocol of
//! `docs/protocol.md`: each text message is one request line, each reply one message
//! ([`socket`]). Every connection gets its own in-process [`capicua_protocol::Engine`] behind a
//! [`capicua_protocol::server::Session`], the same reader-and-worker that serves stdin in
//! `capicua engine`, so `stop`, `ping` and the order of replies behave as there.
//!
//! The page is an ordinary client of the protocol: nothing here knows a rule of the game.
//!
//! Safe by default ([`Caps`]): messages are untrusted input under the protocol's limits, open
//! connections and concurrent searches are bounded, thinking time per request is capped, a
//! client cannot make the engine open files, and a page of another origin cannot open the
//! socket. [`client`] is a WebSocket client of the protocol; [`load`] the load benchmark's
//! clients (`capicua bench --serve-load`).

pub mod app;
pub mod assets;
pub mod client;
pub mod load;
pub mod socket;

use std::net::SocketAddr;

use thiserror::Error;

pub use app::{Caps, Server, ServerConfig, run_blocking};

/// The address `capicua serve` listens on unless told otherwise.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8765";

#[derive(Debug, Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot load the model: {0}")]
    Model(#[from] capicua_eval::SpecError),
}
