//! capicua-search: determinized search over the engine's information sets.
//!
//! # What is here
//! - [`Searcher`]: single-observer ISMCTS (Cowling, Powley and Whitehouse 2012) or PIMC from
//!   one seat's [`InfoSet`](capicua_engine::InfoSet), for any number of seats with team
//!   rewards. Budgets by iterations and wall time, a stop flag, periodic reports, threads
//!   sharing one tree or each with its own, bit-for-bit reproducible with one thread and a
//!   fixed seed. The tree arenas live in the searcher and are reused by its next search. The
//!   driver (threads, budget, PIMC worlds) is [`search`]; one iteration (determinize, descend,
//!   expand, evaluate) is `iteration`; selection and backup (UCB1, PUCT, root statistics) is
//!   `select`.
//! - [`Evaluator`]: what the search asks at a leaf: a value (and optionally priors over the
//!   legal moves, by `Move::action_index`). [`RolloutEvaluator`] (random or heuristic
//!   playouts, [`RolloutPolicy`]) is the default; a network implements the same trait.
//! - [`reward`]: how a round's outcome and point margin mix into the reward ([`RewardConfig`]),
//!   with the match context.
//! - [`beliefs()`]: for every unseen tile, the probability that each seat holds it or that it is
//!   out of play; [`learned_beliefs`]: the same, exactly, under an evaluator's place weights.
//! - [`IsmctsPlayer`], [`PimcPlayer`]: `capicua_engine::Player`s built from a
//!   [`SearchConfig`]; a search error inside `Player::choose` surfaces as a
//!   [`PlayerFailure`] ([`catch_player_failure`]).
//!
//! # Searching a position (the engine process's `go`)
//!
//! ```
//! use std::sync::{Arc, atomic::AtomicBool};
//! use std::time::Duration;
//! use capicua_engine::{Match, Rules};
//! use capicua_search::{Budget, Report, SearchConfig, SearchRequest, Searcher};
//!
//! let rules = Rules::cuban();
//! let round = Match::new(&rules, 7).deal_round();
//! let info = round.infoset(round.first());
//!
//! let mut searcher = Searcher::new(SearchConfig { threads: 1, ..SearchConfig::default() });
//! let stop = Arc::new(AtomicBool::new(false)); // another thread may `store(true)` to stop
//! let mut reports = 0;
//! let mut on_info = |snapshot: &capicua_search::SearchResult| {
//!     reports += 1; // e.g. write an `info` line from snapshot.moves
//!     let _ = snapshot.iterations;
//! };
//! let result = searcher.search_with(&info, SearchRequest {
//!     budget: Budget { iterations: Some(2_000), time: Some(Duration::from_secs(5)) },
//!     seed: 1,
//!     stop: Some(&stop),
//!     report: Some(Report { every: Duration::from_millis(100), callback: &mut on_info }),
//! })?;
//! assert!(info.legal_moves().contains(result.best));
//! for m in &result.moves {
//!     // visits, and from the searcher's side: win probability, expected margin (points)
//!     let _ = (m.mv, m.visits, m.win, m.margin, m.prior);
//! }
//! assert_eq!(result.moves.iter().map(|m| m.visits).sum::<u64>(), result.iterations);
//! # Ok::<(), capicua_search::SearchError>(())
//! ```
//!
//! `SearchResult::moves` has one entry per legal move in the order of `InfoSet::legal_moves`;
//! `win`, `margin` and `reward` are `None` for a move never visited, and `prior` is `None`
//! without a prior-giving evaluator. With a single legal move the search returns at once (no
//! iterations). Errors ([`SearchError`]): the round is over, the seat is not to move, no deal
//! fits the information set, or the configuration is unusable.
//!
//! # Beliefs (the engine process's `beliefs`)
//!
//! [`beliefs()`] counts tile places over determinizations drawn from the engine's exact,
//! uniform sampler: `beliefs(&info, Budget::iterations(20_000), seed, None)` gives, per unseen
//! tile, `seats[s]` for every seat (0 for the observer and for a seat known void in the tile)
//! and `out`, summing to one, with `kind: BeliefKind::Uniform`.
//!
//! With a network that predicts where the hidden tiles are, [`Evaluator::place_weights`] gives
//! a weight per tile and place for the root; [`learned_beliefs`] turns them into the exact
//! per-tile probabilities of the engine's `BeliefSampler` (`kind: BeliefKind::Learned`,
//! `samples: 0`), and a search with `SearchConfig::beliefs = BeliefMode::Learned` draws its
//! determinizations from that sampler (every deal still exactly consistent with the
//! information set; [`SearchError::NoBeliefs`] if the evaluator gives no weights).
//!
//! # Plugging in a network
//!
//! Implement [`Evaluator`]: `gives_priors() -> true` switches selection to PUCT and
//! expansion to whole nodes; `evaluate` receives a [`Leaf`] whose
//! [`Leaf::mover_infoset`] is the information set of the seat to move at the leaf (its own
//! hand from the determinization, the rest public), which is what the network should encode,
//! never `Leaf::state`'s hidden hands; [`Leaf::legal_moves`] are its legal moves. Fill
//! `Evaluation::priors` by action index and set `Evaluation::value` to a
//! [`LeafValue::Estimate`] for the side to move (expected outcome score and expected margin in
//! points). Override `batch_size`/`evaluate_batch` to receive leaves in batches (the search
//! then applies a virtual loss). Build with [`Searcher::with_evaluator`] or
//! [`IsmctsPlayer::with_evaluator`].
//!
//! # Player specs
//!
//! `ismcts:iters=2000,threads=1`, `ismcts:ms=100,rollout=heuristic`, `pimc:iters=2000,worlds=20`
//! are parsed, with `model=…`, by `capicua_eval::spec`: the one front door that turns text
//! into players and searchers, for every tool.

pub mod beliefs;
pub mod config;
pub mod error;
pub mod evaluator;
mod iteration;
pub mod player;
pub mod reader;
pub mod reward;
pub mod rollout;
pub mod search;
mod select;
mod tree;

pub use beliefs::{BeliefKind, Beliefs, TileBelief, beliefs, beliefs_for, learned_beliefs};
pub use capicua_bots::TableMemory;
pub use config::{
    Algorithm, BeliefMode, Budget, DEFAULT_ITERATIONS, DEFAULT_WORLDS, EarlyStop, ForcedMoves,
    FpuBase, LateMix, LeafSeats, MoveChoice, OtherSeats, Parallelism, RootSelection, SearchConfig,
    SeatGroup, ShortBudget, ShortMix, ShortReader, VISIT_OFFSET, ValueWeight, Widening,
};
pub use error::SearchError;
pub use evaluator::{ACTIONS, Evaluation, Evaluator, Leaf, LeafValue, RolloutEvaluator};
pub use iteration::COMMON_DEALS;
pub use player::{
    IsmctsPlayer, PimcPlayer, PlayerFailure, SearchPlayer, catch_player_failure, position_seed,
};
pub use reward::{MarginScale, Outcome, Reward, RewardConfig, SideValues};
pub use rollout::RolloutPolicy;
pub use search::{MoveStats, Report, SearchRequest, SearchResult, Searcher, improved_policy};
pub use tree::{DRAW_KEY, PASS_KEY, action_key};
