//! Search players for matches and tournaments: [`IsmctsPlayer`] and [`PimcPlayer`], built from
//! a [`SearchConfig`]. Player specs (`ismcts:iters=2000,threads=1`) are parsed by
//! `capicua_eval::spec`, which builds these.
//!
//! A player's search seed mixes the configured seed with the position (seat, first seat, own
//! dealt hand, public history), so a player's choice is a function of what it knows: the same
//! situation gets the same answer whatever was played before it, in any match.

use std::sync::Arc;

use capicua_engine::{InfoSet, Move, Player, State, mix_seed};

use crate::config::{Algorithm, SearchConfig};
use crate::error::SearchError;
use crate::evaluator::Evaluator;
use crate::search::{SearchRequest, SearchResult, Searcher};
use crate::tree::action_key;

/// A seed for searching `info`: `seed` mixed with everything the seat knows.
pub fn position_seed(seed: u64, info: &InfoSet) -> u64 {
    let mut h = mix_seed(seed ^ 0x6361_7069_6375_6121);
    h = mix_seed(h ^ info.dealt().0);
    h = mix_seed(h ^ ((info.seat() as u64) << 8 | info.first() as u64));
    for &mv in info.history() {
        let tile = match mv {
            Move::Draw(Some(t)) => t.index() as u64 + 1,
            _ => 0,
        };
        h = mix_seed(h ^ (action_key(mv) as u64) << 8 ^ tile);
    }
    h
}

/// A player that searches every decision with a [`Searcher`].
pub struct SearchPlayer {
    name: String,
    searcher: Searcher,
    last: Option<SearchResult>,
}

impl SearchPlayer {
    pub fn new(name: impl Into<String>, searcher: Searcher) -> SearchPlayer {
        SearchPlayer {
            name: name.into(),
            searcher,
            last: None,
        }
    }
    pub fn searcher(&self) -> &Searcher {
        &self.searcher
    }
    /// The statistics of the last search (none for a move taken without searching).
    pub fn last_result(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, info: &InfoSet) -> Move {
        self.choose_seeing(info, None)
    }

    fn choose_open(&mut self, info: &InfoSet, truth: &State) -> Move {
        self.choose_seeing(info, Some(truth))
    }
}

impl SearchPlayer {
    /// A search of `info`, shown `truth` where the runner gives it (see `BeliefMode::Truth`).
    fn choose_seeing(&mut self, info: &InfoSet, truth: Option<&State>) -> Move {
        let req = SearchRequest {
            budget: self.searcher.config().budget,
            seed: position_seed(self.searcher.config().seed, info),
            stop: None,
            report: None,
        };
        let res = match self.searcher.search_open(info, req, truth) {
            Ok(res) => res,
            // `Player::choose` cannot fail, so the error travels as a typed panic payload that
            // the match runners catch ([`catch_player_failure`]) and report as an error.
            Err(error) => std::panic::panic_any(PlayerFailure {
                player: self.name.clone(),
                error,
            }),
        };
        let mv = res.best;
        self.last = Some(res);
        mv
    }
}

macro_rules! search_player {
    ($name:ident, $kind:literal, $base:expr, $doc:literal) => {
        #[doc = $doc]
        pub struct $name(SearchPlayer);

        impl $name {
            /// A player with this configuration (its algorithm set to this player's) and the
            /// rollout evaluator it names, called by its kind (`ismcts` or `pimc`).
            pub fn new(config: SearchConfig) -> $name {
                $name(SearchPlayer::new($kind, Searcher::new(Self::fix(config))))
            }
            /// [`Self::new`] under another name.
            pub fn named(name: impl Into<String>, config: SearchConfig) -> $name {
                $name(SearchPlayer::new(name, Searcher::new(Self::fix(config))))
            }
            /// A player with another evaluator (a network); `name` is its spec.
            pub fn with_evaluator(
                name: impl Into<String>,
                config: SearchConfig,
                evaluator: Arc<dyn Evaluator>,
            ) -> $name {
                $name(SearchPlayer::new(
                    name,
                    Searcher::with_evaluator(Self::fix(config), evaluator),
                ))
            }
            /// The default configuration of this player.
            pub fn default_config() -> SearchConfig {
                $base
            }
            fn fix(mut config: SearchConfig) -> SearchConfig {
                let base: SearchConfig = $base;
                if std::mem::discriminant(&config.algorithm)
                    != std::mem::discriminant(&base.algorithm)
                {
                    config.algorithm = base.algorithm;
                }
                config
            }
            pub fn last_result(&self) -> Option<&SearchResult> {
                self.0.last_result()
            }
            pub fn config(&self) -> &SearchConfig {
                self.0.searcher().config()
            }
        }

        impl Player for $name {
            fn name(&self) -> String {
                self.0.name()
            }
            fn choose(&mut self, info: &InfoSet) -> Move {
                self.0.choose(info)
            }
            fn choose_open(&mut self, info: &InfoSet, truth: &State) -> Move {
                self.0.choose_open(info, truth)
            }
        }
    };
}

search_player!(
    IsmctsPlayer,
    "ismcts",
    SearchConfig::default(),
    "Single-observer ISMCTS (spec `ismcts:`)."
);
search_player!(
    PimcPlayer,
    "pimc",
    SearchConfig::pimc(),
    "Perfect-information Monte Carlo (spec `pimc:`)."
);

impl PimcPlayer {
    /// Worlds of this player's searches.
    pub fn worlds(&self) -> u32 {
        match self.config().algorithm {
            Algorithm::Pimc { worlds } => worlds,
            Algorithm::Ismcts => unreachable!("a PIMC player always runs PIMC"),
        }
    }
}

/// Why a search player could not choose a move: the payload of its panic out of
/// `Player::choose`, which has no error channel.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("player {player}: {error}")]
pub struct PlayerFailure {
    /// The player's name (its spec).
    pub player: String,
    pub error: SearchError,
}

/// Runs `f`, turning a [`PlayerFailure`] raised by a search player inside it into an error.
/// Any other panic is a bug and goes on unwinding.
pub fn catch_player_failure<R>(f: impl FnOnce() -> R) -> Result<R, PlayerFailure> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => Ok(r),
        Err(payload) => match payload.downcast::<PlayerFailure>() {
            Ok(failure) => Err(*failure),
            Err(other) => std::panic::resume_unwind(other),
        },
    }
}
