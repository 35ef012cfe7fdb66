//! capicua-engine: the rules of Cuban dominoes and its relatives.
//!
//! - [`tiles`]: tiles and bitset hands; [`variant`]: rules and presets; [`moves`]: moves and
//!   their notation.
//! - [`State`]: a perfect-information round, `Copy`, unchecked and fast (search playouts).
//! - [`Public`]: the public record of a round (what every seat has seen), `Copy`; the one rule
//!   of what a seat sees of another's move is [`seen_by`].
//! - [`Round`]: the referee's checked view; [`InfoSet`]: one seat's checked view (the public
//!   record, its own hand and the history).
//! - [`Table`]: the table loop, the referee's round and every seat's view in step; a finished
//!   table is a [`Record`].
//! - [`Setup`]: an outside position, unchecked; [`Setup::check`] is the one way in.
//! - [`rule_schema`]: the rules' names and values, read from `Rules`' serde.
//! - [`Sampler`]: exact uniform sampling of hidden hands given an information set;
//!   [`BeliefSampler`]: exact sampling of the same deals weighted by per-tile place beliefs
//!   ([`PlaceWeights`]). Both walk one table (`layout`).
//! - [`line`]: the line of play as a table lays it, who made each move, the numbers a seat
//!   is known to lack.
//! - [`scoring`]: round results, points and match scores; [`game`]: whole matches.
//!
//! No I/O happens here; every random choice comes from [`Rng`].

pub mod belief;
pub mod error;
pub mod game;
pub mod infoset;
mod layout;
pub mod line;
pub mod moves;
pub mod public;
pub mod rng;
pub mod round;
pub mod rule_schema;
pub mod sample;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod table;
pub mod tiles;
pub mod variant;

pub use belief::{BeliefSampler, DealSampler, PlaceWeights, SampledDeal};
pub use error::{DealError, MoveError, MoveParseError, RulesError, SampleError, TileError};
pub use game::{Match, Player};
pub use infoset::{InfoSet, MatchContext};
pub use line::{Laid, LineOfPlay, Side, known_voids, replay};
pub use moves::{LEAD, Move, MoveList, MoveSpec, notation};
pub use public::{Public, seen_by};
pub use rng::{Rng, mix_seed};
pub use round::{Deal, Round};
pub use rule_schema::{RuleKind, RuleSchema};
pub use sample::Sampler;
pub use scoring::{EndKind, Lead, MatchScore, RoundResult, RoundScore};
pub use setup::{Checked, OpenSetup, OpenSetupError, Setup, SetupError};
pub use state::{Finish, State};
pub use table::{Record, Table, TableError};
pub use tiles::{Tile, TileSet};
pub use variant::{Redeal, Rules, VARIANTS};
