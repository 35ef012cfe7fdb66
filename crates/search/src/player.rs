//! Search players for matches and tournaments: [`IsmctsPlayer`] and [`PimcPlayer`], built from
//! a [`SearchConfig`] or from the parameters of a player spec (`ismcts:iters=2000,threads=1`).
//!
//! A player's search seed mixes the configured seed with the position (seat, first seat, own
//! dealt hand, public history), so a player's choice is a function of what it knows: the same
//! situation gets the same answer whatever was played before it, in any match.

use std::sync::Arc;

use capicua_engine::{InfoSet, Move, Player, mix_seed};

use crate::config::{Algorithm, SearchConfig};
use crate::error::SpecError;
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
        let req = SearchRequest {
            budget: self.searcher.config().budget,
            seed: position_seed(self.searcher.config().seed, info),
            stop: None,
            report: None,
        };
        let res = self.searcher.search_with(info, req).unwrap_or_else(|e| {
            panic!(
                "{}: search failed on a referee-checked position: {e}",
                self.name
            )
        });
        let mv = res.best;
        self.last = Some(res);
        mv
    }
}

fn spec_name(kind: &str, params: &str) -> String {
    if params.is_empty() {
        kind.to_string()
    } else {
        format!("{kind}:{params}")
    }
}

fn no_model(kind: &str, model: Option<String>) -> Result<(), SpecError> {
    match model {
        None => Ok(()),
        Some(m) => Err(SpecError::Unsupported(format!(
            "{kind}: model={m} needs a network evaluator; build the player with `with_evaluator`"
        ))),
    }
}

macro_rules! search_player {
    ($name:ident, $kind:literal, $base:expr, $doc:literal) => {
        #[doc = $doc]
        pub struct $name(SearchPlayer);

        impl $name {
            /// A player with this configuration (its algorithm set to this player's) and the
            /// rollout evaluator it names, called by its canonical spec.
            pub fn new(config: SearchConfig) -> $name {
                let config = Self::fix(config);
                $name(SearchPlayer::new(Self::canonical(&config), Searcher::new(config)))
            }
            /// [`Self::new`] under another name.
            pub fn named(name: impl Into<String>, config: SearchConfig) -> $name {
                $name(SearchPlayer::new(name, Searcher::new(Self::fix(config))))
            }
            /// A player with another evaluator (a network); `name` is its spec.
            pub fn with_evaluator(name: impl Into<String>, config: SearchConfig, evaluator: Arc<dyn Evaluator>) -> $name {
                $name(SearchPlayer::new(name, Searcher::with_evaluator(Self::fix(config), evaluator)))
            }
            #[doc = concat!("The player of spec `", $kind, ":params` (see [`SearchConfig::parse_spec`]). ")]
            /// A `model` other than `none` is refused here: the caller that owns the network
            /// builds that player with `with_evaluator`.
            pub fn from_spec(params: &str) -> Result<$name, SpecError> {
                let spec = SearchConfig::parse_spec($kind, params, $base)?;
                no_model($kind, spec.model)?;
                Ok(Self::new(spec.config))
            }
            /// The default configuration of this player.
            pub fn default_config() -> SearchConfig {
                $base
            }
            /// The canonical spec of a configuration of this player.
            pub fn canonical(config: &SearchConfig) -> String {
                spec_name($kind, &config.to_params(&$base))
            }
            fn fix(mut config: SearchConfig) -> SearchConfig {
                let base: SearchConfig = $base;
                if std::mem::discriminant(&config.algorithm) != std::mem::discriminant(&base.algorithm) {
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

/// The search players as a tournament runner's registry entry: parse once per run, build a
/// player per match. `Display` writes the canonical spec, which is also the built player's
/// name.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchPlayerSpec {
    /// `"ismcts"` or `"pimc"`.
    pub kind: &'static str,
    pub config: SearchConfig,
}

impl SearchPlayerSpec {
    /// The player names this spec covers.
    pub const NAMES: &'static [&'static str] = &["ismcts", "pimc"];
    /// The search keys [`Self::from_pairs`] reads: [`crate::config::SPEC_KEYS`] but `model`,
    /// which names a network and is the caller's to load (`from_pairs` refuses it).
    pub const KEYS: &'static [&'static str] = &[
        "iters", "ms", "threads", "c", "cpuct", "ptemp", "mix", "margin", "scale", "rollout",
        "seed", "nodes", "worlds",
    ];

    /// Parses the `(key, value)` parameters of player `name` (one of [`Self::NAMES`]). A
    /// `model` other than `none` is refused: no network evaluator is wired in here.
    pub fn from_pairs(
        name: &str,
        pairs: &[(String, String)],
    ) -> Result<SearchPlayerSpec, SpecError> {
        let (kind, base) = match name {
            "ismcts" => ("ismcts", IsmctsPlayer::default_config()),
            "pimc" => ("pimc", PimcPlayer::default_config()),
            _ => {
                return Err(SpecError::Unsupported(format!(
                    "{name} is not a search player"
                )));
            }
        };
        let text: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let spec = SearchConfig::parse_spec(kind, &text.join(","), base)?;
        no_model(kind, spec.model)?;
        Ok(SearchPlayerSpec {
            kind,
            config: spec.config,
        })
    }

    /// A player whose search seed mixes the spec's `seed` with `seed` (so the runner's seed
    /// decides every random choice), named by the canonical spec.
    pub fn build(&self, seed: u64) -> Box<dyn Player> {
        let config = SearchConfig {
            seed: mix_seed(self.config.seed) ^ seed,
            ..self.config.clone()
        };
        let name = self.to_string();
        match self.kind {
            "pimc" => Box::new(PimcPlayer::named(name, config)),
            _ => Box::new(IsmctsPlayer::named(name, config)),
        }
    }
}

impl std::fmt::Display for SearchPlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let base = if self.kind == "pimc" {
            PimcPlayer::default_config()
        } else {
            IsmctsPlayer::default_config()
        };
        f.write_str(&spec_name(self.kind, &self.config.to_params(&base)))
    }
}

impl SpecError {
    /// The offending key, its value and why, for callers with their own error type.
    pub fn into_parts(self) -> (String, String, String) {
        match self {
            SpecError::BadValue { key, value, why } => (key, value, why),
            SpecError::UnknownKey { key, known, .. } => {
                (key, String::new(), format!("unknown key (known: {known})"))
            }
            SpecError::Malformed(p) => (p, String::new(), "expected key=value".into()),
            e @ SpecError::Unsupported(_) => ("model".into(), String::new(), e.to_string()),
        }
    }
}
