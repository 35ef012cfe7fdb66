//! Caps on what one client may ask of the engine. The engine process on stdin/stdout serves
//! the one program that started it and runs without caps ([`Limits::none`]); a server that
//! takes requests from anyone who can reach it (`capicua serve`) sets them, so that no client
//! can hold a search thread for long, take more than its share of cores, or have the engine
//! open files on the server's disk.

use crate::options::MAX_THREADS;
use crate::think::MAX_MS;

/// The caps an engine enforces on its requests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest search a request may ask for (`budget.movetime_ms`, a player spec's `ms=`),
    /// and, when below [`MAX_MS`], the deadline of every search, an iteration budget's too.
    pub max_movetime_ms: u64,
    /// The most search threads a client may set (`threads` option, a player spec's `threads=`).
    pub max_threads: u32,
    /// Whether the `model` option and a player spec's `model=` may name a file (else only
    /// `"default"`, `"long"` and `"none"`).
    pub model_files: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::none()
    }
}

impl Limits {
    /// No caps beyond the protocol's own ranges.
    pub fn none() -> Limits {
        Limits {
            max_movetime_ms: MAX_MS,
            max_threads: MAX_THREADS as u32,
            model_files: true,
        }
    }

    /// Whether every search gets a deadline of [`Limits::max_movetime_ms`].
    pub fn time_capped(&self) -> bool {
        self.max_movetime_ms < MAX_MS
    }
}
