//! capicua-bots: heuristic players.
//!
//! - [`RandomPlayer`] (`random`): uniform over the legal moves.
//! - [`HeavyPlayer`] (`heavy`, "bota gorda"): the heaviest tile, doubles first on ties; what
//!   casual players and most apps do.
//! - [`CountingPlayer`] (`counting`): a club player's reading of the table: counts the tiles
//!   out and the voids revealed by passes, plays its long suits, feeds its partner's numbers and
//!   kills the opponents', sheds weight as the round ages and values blocks by the count.
//!
//! Every player takes a seed and draws all its randomness from the engine's portable [`Rng`],
//! so a seed gives the same games everywhere. [`heavy_move`] is the heavy policy on a
//! perfect-information [`State`], allocation-free, for search playouts.
//!
//! [`Rng`]: capicua_engine::Rng
//! [`State`]: capicua_engine::State

pub mod counting;
pub mod heavy;
pub mod memory;
pub mod random;

pub use counting::{CountingPlayer, CountingWeights, p_holds_none};
pub use heavy::{HeavyPlayer, heavy_move, heavy_playout};
pub use memory::TableMemory;
pub use random::RandomPlayer;
