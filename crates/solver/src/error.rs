//! Why a position cannot be solved.

use capicua_engine::RulesError;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// With a boneyard, what a player draws is chance the players do not see: the open-hand
    /// value of such a round is an expectation over drawing orders, not a minimax value.
    #[error(
        "draw games are not solved: the boneyard's order is hidden chance, not an open-hand position"
    )]
    DrawGame,
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("the state has {state} players but the rules have {rules}")]
    PlayersMismatch { state: u8, rules: u8 },
    #[error("seat {0} is not at the table")]
    Seat(u8),
    #[error("the state is inconsistent: {0}")]
    InvalidState(&'static str),
}
