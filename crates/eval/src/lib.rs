//! capicua-eval: who is stronger, with error bars.
//!
//! - [`spec`]: the front door for players: specs (`counting`, `ismcts:iters=800,model=default`)
//!   parsed into [`PlayerSpec`]/[`SearchSpec`], the one list of search keys, the meaning of
//!   `model=`, the seed derivation [`player_seed`]; every tool builds its players here.
//! - [`duplicate`]: duplicate matches between two teams ([`run_duplicate`]), every deal
//!   played twice with the seats swapped, in parallel and reproducible from the seed.
//! - [`elo`]: round robins with an Elo table and bootstrap error bars ([`run_round_robin`]).
//! - [`stats`]: means and Student-t intervals; [`report`]: tables and markdown.

/// The leaf evaluation of an evaluator that wraps `self.inner` and changes only what it
/// believes or how it models the other seats: priors, values and batching are the inner's.
macro_rules! forward_leaves_to_inner {
    () => {
        fn gives_priors(&self) -> bool {
            self.inner.gives_priors()
        }
        fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
            self.inner.evaluate(leaf, rng, out);
        }
        fn batch_size(&self) -> usize {
            self.inner.batch_size()
        }
        fn evaluate_batch(&self, leaves: &[Leaf<'_>], rng: &mut Rng, out: &mut [Evaluation]) {
            self.inner.evaluate_batch(leaves, rng, out);
        }
    };
}

pub mod belief_model;
pub mod belief_quality;
pub mod counting_inference;
pub mod duplicate;
pub mod elo;
pub mod modelled_seats;
pub mod open_values;
pub mod paired;
pub mod policy_beliefs;
pub mod report;
pub mod spec;
pub mod stats;

use thiserror::Error;

pub use belief_quality::{BeliefEstimator, QualityTable, RoundSource, run_quality};
pub use duplicate::{
    BoardResult, DuplicateConfig, DuplicateRun, DuplicateSummary, PairRecord, PlayedRound,
    RoundSink, Seating, Side, Team, ThinkTime, play_pair, run_duplicate, run_duplicate_recorded,
    run_pairs,
};
pub use elo::{EloRow, RoundRobinConfig, RoundRobinReport, run_round_robin};
pub use spec::{
    BeliefInference, DEFAULT_CHOICE_SCALE, Model, ModelChoice, NET_ROLLOUT, NET_ROLLOUT_MIX,
    NET_SHORT_MIX, NET_SHORT_READER_TIME, OthersModel, PARTNER_OF_PEOPLE, PlayerSpec, SEARCH_KEYS,
    STRONGEST_PLAYER, SearchKind, SearchSpec, SpecError, SpecParams, partner_installed_player,
    player_seed, split_spec_list, strongest_installed_player,
};

#[derive(Debug, Error)]
pub enum EvalError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("rounds must be a positive even number (each deal is played twice), got {0}")]
    Rounds(u64),
    #[error("a team has a second player, but with {0} players each team has a single seat")]
    NoSecondSeat(u8),
    #[error("a round robin needs at least two players, got {0}")]
    Players(usize),
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// A search player could not choose a move (its sampler found no consistent deal).
    #[error(transparent)]
    Player(#[from] capicua_search::PlayerFailure),
}
