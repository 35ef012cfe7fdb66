//! capicua-engine: the rules of Cuban dominoes and its relatives.
//!
//! - [`tiles`]: tiles and bitset hands; [`variant`]: rules and presets; [`moves`]: moves and
//!   their notation.
//! - [`State`]: a perfect-information round, `Copy`, unchecked and fast (search playouts).
//! - [`Round`]: the referee's checked view; [`InfoSet`]: one seat's checked view.
//! - [`Sampler`]: exact uniform sampling of hidden hands given an information set.
//! - [`scoring`]: round results, points and match scores; [`game`]: whole matches.
//!
//! No I/O happens here; every random choice comes from [`Rng`].

pub mod error;
pub mod game;
pub mod infoset;
pub mod moves;
pub mod rng;
pub mod round;
pub mod sample;
pub mod scoring;
pub mod state;
pub mod tiles;
pub mod variant;

pub use error::{DealError, MoveError, MoveParseError, RulesError, SampleError, TileError};
pub use game::{Match, Player};
pub use infoset::{InfoSet, MatchContext};
pub use moves::{LEAD, Move, MoveList, MoveSpec, notation};
pub use rng::{Rng, mix_seed};
pub use round::{Deal, Round};
pub use sample::Sampler;
pub use scoring::{EndKind, Lead, MatchScore, RoundResult, RoundScore};
pub use state::{Finish, State};
pub use tiles::{Tile, TileSet};
pub use variant::{Rules, VARIANTS};
