//! The crate's error type.

use std::path::PathBuf;

/// What can stop a training run.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    #[error("I/O error on {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("bad training configuration: {0}")]
    Config(String),
    #[error(transparent)]
    Net(#[from] capicua_net::NetError),
    #[error("replay file {}: {reason}", path.display())]
    Replay { path: PathBuf, reason: String },
    /// A replay file of an earlier generation, needed to resume, cannot be read back.
    #[error(
        "replay file {} is damaged ({reason}); pass --skip-damaged to resume without its samples",
        path.display()
    )]
    DamagedReplay { path: PathBuf, reason: String },
    /// Another process (or another run in this process) is running in the directory.
    #[error(
        "the run directory {} is in use by another `capicua train` (it holds {}); wait for it to end or use another run name",
        dir.display(),
        dir.join("lock").display()
    )]
    Locked { dir: PathBuf },
    #[error("run state: {0}")]
    State(String),
    #[error(transparent)]
    Eval(#[from] capicua_eval::EvalError),
    /// A self-play search failed (its sampler found no consistent deal).
    #[error("self-play search: {0}")]
    Search(#[from] capicua_search::SearchError),
}

impl TrainError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        TrainError::Io {
            path: path.into(),
            source,
        }
    }
}
