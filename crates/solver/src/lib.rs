//! capicua-solver: the exact value of an open-hand ("double dummy") round.
//!
//! With every hand known, a round without a boneyard is a finite game of perfect
//! information, and [`Solver`] computes its value exactly: fail-soft alpha-beta in MTD(f)
//! passes, a transposition table keyed by the hands, the open ends, the seat to move and the
//! passes ([`tt`]), and a move ordering that tries the moves a strong player would ([`ordering`]).
//! A node or time limit ([`SolveLimits`]) makes it answer [`Outcome::Unknown`] instead of
//! blocking.
//!
//! # The value
//!
//! The value of a position is the signed round margin for the side of the seat to move at the
//! root: the points that side earns if it wins the round, minus the points the winner earns if
//! another side wins, 0 for a tied block. The points are the engine's own round scoring
//! ([`capicua_engine::RoundResult`]) with the round's leader (`first`, for blocks decided in
//! turn order from the leader) and the tied rounds pending before it (`pending_ties`, for the
//! Caribbean tie bonuses); a tied block is worth 0 for this round whatever it adds to the next.
//! Every legal move is searched as played by the engine (passes are forced moves).
//!
//! With two sides (partners, or two players) this is the minimax value of a zero-sum game.
//! With three or four players and no partners, the other players are taken to play together
//! against the root mover (the "paranoid" value): it is what the root mover can guarantee
//! whatever the others do, the natural exact figure when the others do not share one goal.
//!
//! # What is refused
//!
//! Draw games (`Rules::draw`, a boneyard) are refused with [`SolveError::DrawGame`]: the tile
//! a player draws is chance that no player sees, so such a round has no open-hand minimax
//! value, only an expectation over the boneyard's orders. Inconsistent states (tiles in two
//! hands, a seat out of range) are refused with the other [`SolveError`]s.
//!
//! # Speed
//!
//! `capicua bench --solve 200` (the workload lives behind the binary): 200 `cuban` deals played by
//! four `counting` players, each solved from scratch once 4, 8, 12 and 16 tiles are down. On
//! the 2-core development machine (shared, load average near 4): medians 69, 6.4, 0.79 and
//! 0.13 ms (p90 183, 15.8, 2.1, 0.39 ms), 15.7 million positions a second; the issue's
//! prototype took 358, 31, 2.2 and 0.2 ms. Median positions visited: 1.1 million, 101,000,
//! 12,300 and 2,100.
//!
//! [`reference`](mod@reference) holds a plain minimax, used to write and check the test data.

pub mod error;
pub mod ordering;
pub mod player;
pub mod reference;
pub mod solver;
pub mod tt;
pub mod value;

pub use error::SolveError;
pub use player::OmniscientPlayer;
pub use solver::{Line, MoveValue, MoveValues, Outcome, SolveLimits, Solved, Solver};
