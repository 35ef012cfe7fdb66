//! Typed errors of the rules engine. Every public entry point that takes outside input
//! returns one of these instead of panicking, and leaves its state unchanged.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TileError {
    #[error("malformed tile {0:?}: expected \"a-b\" with single digits")]
    Malformed(String),
    #[error("tile {a}-{b} is not in a double-{max_pip} set")]
    OutOfRange { a: u8, b: u8, max_pip: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveParseError {
    #[error(transparent)]
    Tile(#[from] TileError),
    #[error(
        "malformed move {0:?}: expected \"a-b\", \"a-b@e\", \"pass\", \"draw\" or \"draw:a-b\""
    )]
    Malformed(String),
    #[error("the end @{end} is not a half of tile {tile}")]
    EndNotOnTile { tile: String, end: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("the round is over")]
    RoundOver,
    #[error("seat {seat} does not hold {tile}")]
    NotInHand { seat: u8, tile: String },
    #[error("tile {0} has already been played")]
    AlreadyPlayed(String),
    #[error("tile {0} is in this seat's own hand, another seat cannot play it")]
    OwnTile(String),
    #[error("tile {tile} does not match an open end ({ends})")]
    NoMatch { tile: String, ends: String },
    #[error("tile {tile} matches both ends: say which with @e")]
    AmbiguousEnd { tile: String },
    #[error("cannot pass while holding a playable tile")]
    PassWithPlayable,
    #[error("cannot draw: {0}")]
    CannotDraw(&'static str),
    #[error("must draw before passing while the boneyard has tiles")]
    MustDraw,
    #[error("the lead must be {0}")]
    WrongLead(String),
    #[error("seat {0} holds no tile")]
    EmptyHand(u8),
    #[error("tile {0} is not in the set of this variant")]
    NotInSet(String),
    #[error("the moves so far are inconsistent with any deal: {0}")]
    Inconsistent(&'static str),
    #[error("a draw must name the drawn tile for this seat")]
    DrawNeedsTile,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    #[error("hand of seat {seat} has {got} tiles, the variant deals {want}")]
    HandSize { seat: u8, got: u32, want: u32 },
    #[error("tile {0} appears twice")]
    Duplicate(String),
    #[error("tile {0} is not in the set of this variant")]
    NotInSet(String),
    #[error("the boneyard must hold the {want} tiles not dealt, got {got}")]
    Boneyard { got: u32, want: u32 },
    #[error("seat {0} is out of range")]
    Seat(u8),
    #[error("the variant has {want} seats, got {got} hands")]
    Seats { got: usize, want: usize },
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("unknown variant {0:?}")]
    UnknownVariant(String),
    #[error("unknown rule {0:?}")]
    UnknownRule(String),
    #[error("bad value for rule {rule}: {why}")]
    BadValue { rule: String, why: String },
    #[error("inconsistent rules: {0}")]
    Inconsistent(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SampleError {
    #[error("no deal of the hidden tiles is consistent with this information set")]
    NoConsistentDeal,
}
