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
    #[error("run state: {0}")]
    State(String),
    #[error(transparent)]
    Eval(#[from] capicua_eval::EvalError),
}

impl TrainError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        TrainError::Io {
            path: path.into(),
            source,
        }
    }
}
