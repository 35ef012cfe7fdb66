//! Typed errors of the search crate.

use capicua_engine::{DealError, MoveError, SampleError};
use thiserror::Error;

/// Why a search (or a belief estimate) could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SearchError {
    #[error("the round is over")]
    RoundOver,
    #[error("seat {seat} is not to move (seat {to_move} is)")]
    NotToMove { seat: u8, to_move: u8 },
    #[error(transparent)]
    Sample(#[from] SampleError),
    #[error("rebuilding a leaf's information set failed: {0}")]
    Replay(#[from] MoveError),
    #[error("rebuilding a leaf's information set failed: {0}")]
    ReplayDeal(#[from] DealError),
    #[error(
        "rebuilding a leaf's information set failed: no assignment of its draws fits seat {0}'s voids"
    )]
    ReplayDraws(u8),
    #[error("beliefs=learned needs an evaluator with a belief output")]
    NoBeliefs,
    #[error("beliefs=truth needs the true deal, which only the duplicate runner shows")]
    NoTruth,
    #[error("invalid search configuration: {0}")]
    Config(String),
}
