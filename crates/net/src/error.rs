//! The crate's error type.

use std::path::PathBuf;

use crate::shape::{ModelShape, ShapeError};

/// Everything that can go wrong when reading, writing or checking a network file.
///
/// Loading never panics on a bad file: a truncated, foreign or corrupt file is a
/// [`NetError::Format`], a file for another input encoding is a
/// [`NetError::EncodingMismatch`] and a file for another architecture is a
/// [`NetError::ShapeMismatch`].
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// The file could not be read or written.
    #[error("I/O error on {}: {source}", path.display())]
    Io {
        /// The file (or temporary file) concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The bytes are not a valid capicua-net model or checkpoint.
    #[error("not a valid capicua-net file: {0}")]
    Format(String),
    /// The file was written for another input encoding (feature layout) version.
    #[error("input encoding version mismatch: the file has version {file}, expected {expected}")]
    EncodingMismatch {
        /// Version recorded in the file.
        file: u32,
        /// Version the caller expects.
        expected: u32,
    },
    /// The file holds a network of another architecture.
    #[error("model shape mismatch: the file has {file}, expected {expected}")]
    ShapeMismatch {
        /// Shape recorded in the file.
        file: Box<ModelShape>,
        /// Shape the caller expects.
        expected: Box<ModelShape>,
    },
    /// A shape that cannot be built or run (an empty layer, or one wider than
    /// [`crate::shape::MAX_WIDTH`]), whether asked for or found in a file's header.
    #[error("invalid model shape {shape}: {reason}")]
    InvalidShape {
        /// The offending shape.
        shape: Box<ModelShape>,
        /// What is wrong with it (in the message, so not also a `source`).
        reason: ShapeError,
    },
    /// A training batch whose buffers do not match its declared size and the model shape.
    #[error("invalid training batch: {0}")]
    InvalidBatch(String),
}

impl NetError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        NetError::Io {
            path: path.into(),
            source,
        }
    }

    pub(crate) fn format(msg: impl Into<String>) -> Self {
        NetError::Format(msg.into())
    }

    /// [`ModelShape::validate`] as a `NetError` naming the shape.
    pub(crate) fn check_shape(shape: &ModelShape) -> Result<(), NetError> {
        shape.validate().map_err(|reason| NetError::InvalidShape {
            shape: Box::new(shape.clone()),
            reason,
        })
    }
}
