//! The front door for players: the one place where text names a player and a player is built.
//! `capicua eval`, the engine process (`capicua_protocol`), `capicua play` and the trainer's
//! arena (`capicua_train::arena`) all go through [`PlayerSpec`] and [`SearchSpec`].
//!
//! # Syntax
//!
//! `name` or `name:key=value,key=value`: `random`, `heavy`, `counting`,
//! `counting:pass_next=10`, `ismcts:iters=2000,threads=2`, `pimc:worlds=8`,
//! `ismcts:ms=100,model=default`. Values may contain `:`, `/` and `=` (paths), not `,`.
//!
//! # Keys
//!
//! `random` and `heavy` take none; `counting` takes its weights
//! (`capicua_bots::CountingWeights::KEYS`); `ismcts` and `pimc` take [`SEARCH_KEYS`], the one
//! list of search keys, read by the parser and quoted by its error messages (`worlds` is
//! `pimc`'s alone).
//!
//! # Models
//!
//! `model=` names the network that guides a search player: a file, `default`, the shipped
//! model ([`capicua_net::SHIPPED_MODEL`], found under the working directory or a directory
//! above the executable), `long`, the shipped model for long searches
//! ([`capicua_net::LONG_MODEL`], found the same way; [`STRONGEST_PLAYER`] uses it), or `none`,
//! plain search (the same as leaving the key out). `default` and `long` always mean the
//! shipped files: where one is not installed it is an error ([`SpecError::NoShippedModel`]),
//! never a quiet fall back to plain search. The engine
//! process's `model` option takes the same values ([`ModelChoice`]).
//!
//! `beliefs=` says where a search draws its determinizations from: `learned`, the model's
//! belief output through the engine's believed-deal sampler, or `uniform`, every deal
//! consistent with the position equally likely. Without the key a search with a model that
//! has a belief output uses `learned`, any other `uniform`; `learned` without such a model is
//! an error ([`SpecError::NoBeliefOutput`]).
//!
//! # Seeds
//!
//! A built player draws every random choice from the seed given to [`PlayerSpec::build`].
//! Tools derive it with [`player_seed`] from their run's seed and the player's index (a seat,
//! or a seat within a numbered match), so results do not depend on threads or on the order in
//! which players are built. A search spec's own `seed=S` is folded in by
//! [`SearchSpec::config_seed`].
//!
//! # Adding a player
//!
//! Add a variant to [`PlayerSpec`] and its name to [`PlayerSpec::NAMES`]; an arm to
//! [`PlayerSpec::parse`] that reads its keys from the [`SpecParams`] with the typed `take_*`
//! getters (unknown or repeated keys are rejected by [`SpecParams::finish`]); an arm to
//! [`PlayerSpec::build`] and one to the `Display` impl, which writes the canonical spec (the
//! name the built player reports). `parse` may do expensive work (load a model, into an
//! `Arc`); `build` is called for every match, on any thread, so it must be cheap, and a
//! `PlayerSpec` stays `Send + Sync`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::belief_model::BeliefModel;
use crate::modelled_seats::{ModelledSeats, SeatModel};
use crate::open_values::OpenValues;
use crate::policy_beliefs::PolicyBeliefs;
use capicua_bots::{CountingPlayer, CountingWeights, HeavyPlayer, RandomPlayer};
use capicua_engine::{Player, Rng};
use capicua_net::NetEvaluator;
use capicua_search::reader::MoveReader;
use capicua_search::{
    Algorithm, BeliefMode, Budget, EarlyStop, Evaluator, ForcedMoves, FpuBase, IsmctsPlayer,
    LateMix, LeafSeats, MarginScale, MoveChoice, OtherSeats, Parallelism, PimcPlayer, RewardConfig,
    RolloutPolicy, RootSelection, SearchConfig, Searcher, SeatGroup, ShortBudget, ShortMix,
    ShortReader, ValueWeight, Widening,
};
use capicua_solver::OmniscientPlayer;
use thiserror::Error;

/// Why a player spec, or a model named in one, was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("empty player spec")]
    Empty,
    #[error("unknown player {name:?} (known players: {known})")]
    UnknownPlayer { name: String, known: String },
    #[error("malformed parameter {param:?} in player spec {spec:?}: expected key=value")]
    Malformed { spec: String, param: String },
    #[error("parameter {key:?} is given twice in player spec {spec:?}")]
    Repeated { spec: String, key: String },
    #[error("player {player} has no parameter {key:?} (it takes: {known})")]
    UnknownKey {
        player: String,
        key: String,
        known: String,
    },
    #[error("bad value {value:?} for parameter {key} of player {player}: {why}")]
    BadValue {
        player: String,
        key: String,
        value: String,
        why: String,
    },
    #[error("the model path is empty; give a file, \"default\", \"long\" or \"none\"")]
    EmptyModel,
    #[error(
        "{name} is the shipped model {shipped}, and it is not installed (under the working directory or a directory above the executable); give a file, or \"none\" for plain search"
    )]
    NoShippedModel {
        name: &'static str,
        shipped: &'static str,
    },
    #[error("no model file at {0:?}")]
    MissingModel(String),
    /// The file is not a usable network (corrupt, or for another encoding or shape).
    #[error("cannot use the model {path:?}: {reason}")]
    Model { path: String, reason: String },
    #[error("cannot use the move reader {path:?}: {reason}")]
    Reader { path: String, reason: String },
    #[error(
        "beliefs=learned needs a model with a belief output, and {model} has none (use beliefs=uniform)"
    )]
    NoBeliefOutput { model: String },
}

/// The seed of player `index` of a run seeded by `base`: the one derivation every tool uses
/// (eval: `index = 4 * pair + seat`; play and the engine: the seat). A stream family of its
/// own (the xor), apart from the deal seeds that runs draw from `Rng::stream(base, ...)`.
pub fn player_seed(base: u64, index: u64) -> u64 {
    Rng::stream(base ^ 0x5EA7_5EA7_5EA7_5EA7, index).next_u64()
}

/// A spec split into its name and `key=value` parameters, before any player reads them.
/// Each parameter must be taken exactly once; [`SpecParams::finish`] reports the rest.
#[derive(Clone, Debug)]
pub struct SpecParams {
    spec: String,
    name: String,
    params: Vec<(String, String)>,
    taken: Vec<bool>,
}

impl SpecParams {
    /// Splits `name[:key=value[,key=value]...]`. Whitespace around parts is ignored; values
    /// may contain `:`, `/` and `=` (paths), but not `,`.
    pub fn split(spec: &str) -> Result<SpecParams, SpecError> {
        let spec = spec.trim();
        let (name, rest) = match spec.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (spec, None),
        };
        if name.is_empty() {
            return Err(SpecError::Empty);
        }
        let mut params: Vec<(String, String)> = Vec::new();
        for param in rest.into_iter().flat_map(|r| r.split(',')) {
            let malformed = || SpecError::Malformed {
                spec: spec.to_string(),
                param: param.to_string(),
            };
            let (k, v) = param.split_once('=').ok_or_else(malformed)?;
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() || v.is_empty() {
                return Err(malformed());
            }
            if params.iter().any(|(key, _)| key == k) {
                return Err(SpecError::Repeated {
                    spec: spec.to_string(),
                    key: k.to_string(),
                });
            }
            params.push((k.to_string(), v.to_string()));
        }
        let taken = vec![false; params.len()];
        Ok(SpecParams {
            spec: spec.to_string(),
            name: name.to_string(),
            params,
            taken,
        })
    }

    /// The spec as given (trimmed).
    pub fn spec(&self) -> &str {
        &self.spec
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The keys not taken yet, in the order given.
    pub fn remaining_keys(&self) -> Vec<String> {
        self.params
            .iter()
            .zip(&self.taken)
            .filter(|(_, t)| !**t)
            .map(|((k, _), _)| k.clone())
            .collect()
    }

    /// The raw value of `key`, marking it taken.
    pub fn take_str(&mut self, key: &str) -> Option<String> {
        let i = self.params.iter().position(|(k, _)| k == key)?;
        self.taken[i] = true;
        Some(self.params[i].1.clone())
    }

    fn take_parsed<T: std::str::FromStr>(
        &mut self,
        key: &str,
        what: &str,
    ) -> Result<Option<T>, SpecError> {
        let Some(v) = self.take_str(key) else {
            return Ok(None);
        };
        v.parse::<T>()
            .map(Some)
            .map_err(|_| self.bad_value(key, &v, &format!("expected {what}")))
    }

    /// A non-negative integer parameter.
    pub fn take_u64(&mut self, key: &str) -> Result<Option<u64>, SpecError> {
        self.take_parsed(key, "a non-negative integer")
    }

    /// A finite number parameter.
    pub fn take_f64(&mut self, key: &str) -> Result<Option<f64>, SpecError> {
        match self.take_parsed::<f64>(key, "a number")? {
            Some(x) if !x.is_finite() => {
                Err(self.bad_value(key, &x.to_string(), "expected a finite number"))
            }
            x => Ok(x),
        }
    }

    /// `true`/`false` (also `1`/`0`).
    pub fn take_bool(&mut self, key: &str) -> Result<Option<bool>, SpecError> {
        let Some(v) = self.take_str(key) else {
            return Ok(None);
        };
        match v.as_str() {
            "true" | "1" => Ok(Some(true)),
            "false" | "0" => Ok(Some(false)),
            _ => Err(self.bad_value(key, &v, "expected true or false")),
        }
    }

    /// An error for a value of this spec's player that parsed but does not fit.
    pub fn bad_value(&self, key: &str, value: &str, why: &str) -> SpecError {
        SpecError::BadValue {
            player: self.name.clone(),
            key: key.to_string(),
            value: value.to_string(),
            why: why.to_string(),
        }
    }

    /// Fails on the first parameter no one took; `known` lists the player's keys for the
    /// message.
    pub fn finish(self, known: &[&str]) -> Result<(), SpecError> {
        match self.remaining_keys().into_iter().next() {
            None => Ok(()),
            Some(key) => Err(SpecError::UnknownKey {
                player: self.name,
                key,
                known: if known.is_empty() {
                    "no parameters".into()
                } else {
                    known.join(", ")
                },
            }),
        }
    }
}

/// Which network a search uses: the value of a spec's `model=` and of the engine's `model`
/// option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelChoice {
    /// The shipped model ([`capicua_net::SHIPPED_MODEL`]); an error where none is installed.
    Default,
    /// The shipped model for long searches ([`capicua_net::LONG_MODEL`]); an error where it
    /// is not installed.
    Long,
    /// Plain search.
    None,
    /// Weights from this file.
    Path(PathBuf),
}

impl ModelChoice {
    /// `"default"`, `"long"`, `"none"`, or the path of an existing file.
    pub fn parse(s: &str) -> Result<ModelChoice, SpecError> {
        match s {
            "default" => Ok(ModelChoice::Default),
            "long" => Ok(ModelChoice::Long),
            "none" => Ok(ModelChoice::None),
            "" => Err(SpecError::EmptyModel),
            path => {
                let p = Path::new(path);
                if p.is_file() {
                    Ok(ModelChoice::Path(p.to_path_buf()))
                } else {
                    Err(SpecError::MissingModel(shown(path)))
                }
            }
        }
    }

    /// The shipped model where one is installed, else plain search: where a tool starts
    /// before anyone chose (the engine process's initial `model` option).
    pub fn installed() -> ModelChoice {
        if capicua_net::shipped_model_path().is_some() {
            ModelChoice::Default
        } else {
            ModelChoice::None
        }
    }

    /// The network this choice names, loaded (`None`: plain search).
    pub fn load(&self) -> Result<Option<Model>, SpecError> {
        let path = match self {
            ModelChoice::None => return Ok(None),
            ModelChoice::Default => {
                capicua_net::shipped_model_path().ok_or(SpecError::NoShippedModel {
                    name: "model \"default\"",
                    shipped: capicua_net::SHIPPED_MODEL,
                })?
            }
            ModelChoice::Long => {
                capicua_net::long_model_path().ok_or(SpecError::NoShippedModel {
                    name: "model \"long\"",
                    shipped: capicua_net::LONG_MODEL,
                })?
            }
            ModelChoice::Path(p) => p.clone(),
        };
        let evaluator = NetEvaluator::load(&path).map_err(|e| SpecError::Model {
            path: shown(&path.display().to_string()),
            reason: e.to_string(),
        })?;
        Ok(Some(Model {
            name: self.to_string(),
            evaluator: Arc::new(evaluator),
        }))
    }
}

/// The installed players' model ([`capicua_net::IMITATION_MODEL`]).
fn players_model() -> Result<Model, SpecError> {
    let path = capicua_net::imitation_model_path().ok_or(SpecError::NoShippedModel {
        name: "the players' model of pinfer",
        shipped: capicua_net::IMITATION_MODEL,
    })?;
    let mut model = ModelChoice::Path(path)
        .load()?
        .expect("a path names a network");
    model.name = capicua_net::IMITATION_MODEL.to_string();
    Ok(model)
}

/// A path as error messages show it: at most 200 characters, since it may come from a client.
fn shown(path: &str) -> String {
    path.chars().take(200).collect()
}

impl fmt::Display for ModelChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelChoice::Default => f.write_str("default"),
            ModelChoice::Long => f.write_str("long"),
            ModelChoice::None => f.write_str("none"),
            ModelChoice::Path(p) => write!(f, "{}", p.display()),
        }
    }
}

/// The move reader named by a spec's `reader` value: `none`, `default` (the shipped reader)
/// or a file.
fn reader_choice(v: &str) -> Result<Option<Arc<MoveReader>>, SpecError> {
    match v {
        "none" => Ok(None),
        "default" => {
            let path = capicua_net::shipped_reader_path().ok_or(SpecError::NoShippedModel {
                name: "reader \"default\"",
                shipped: capicua_net::SHIPPED_READER,
            })?;
            Ok(Some(load_shipped_reader(&path)?))
        }
        path => Ok(Some(Arc::new(load_reader(path)?))),
    }
}

/// Whether a search of `kind` with `model` reads the shipped reader unless its spec names
/// another: an `ismcts` search with the shipped model (the reader was fitted to that model's
/// priors), where the reader is installed.
fn reads_shipped_reader(kind: SearchKind, model: Option<&Model>) -> bool {
    kind == SearchKind::Ismcts
        && model.is_some_and(|m| m.name == ModelChoice::Default.to_string())
        && capicua_net::shipped_reader_path().is_some()
}

/// The reader a search of `kind` with `model` reads unless its spec names one.
fn default_reader(
    kind: SearchKind,
    model: Option<&Model>,
) -> Result<Option<Arc<MoveReader>>, SpecError> {
    if reads_shipped_reader(kind, model) {
        reader_choice("default")
    } else {
        Ok(None)
    }
}

/// The longest timed budget that reads the shipped short reader
/// ([`capicua_net::SHIPPED_SHORT_READER`]): session 81's rule, measured at 10 ms a move.
pub const NET_SHORT_READER_TIME: Duration = Duration::from_millis(20);

/// The short tiers of readers a search of `kind` with `model` reads unless its spec names a
/// reader: the shipped short reader up to [`NET_SHORT_READER_TIME`] where the shipped reader is
/// read and the short one is installed.
fn default_short_reader(
    kind: SearchKind,
    model: Option<&Model>,
) -> Result<Vec<ShortReader>, SpecError> {
    let path = match capicua_net::shipped_short_reader_path() {
        Some(path) if reads_shipped_reader(kind, model) => path,
        _ => return Ok(Vec::new()),
    };
    Ok(vec![ShortReader {
        max_time: NET_SHORT_READER_TIME,
        reader: load_shipped_reader(&path)?,
    }])
}

/// A shipped reader's file, named `default` in descriptions (a spec's `reader=default`).
fn load_shipped_reader(path: &Path) -> Result<Arc<MoveReader>, SpecError> {
    let mut reader = load_reader(&path.display().to_string())?;
    reader.source = "default".into();
    Ok(Arc::new(reader))
}

/// The move reader file at `path`, named by it in descriptions.
fn load_reader(path: &str) -> Result<MoveReader, SpecError> {
    let fail = |reason: String| SpecError::Reader {
        path: path.into(),
        reason,
    };
    let text = std::fs::read_to_string(path).map_err(|e| fail(e.to_string()))?;
    let mut reader = MoveReader::from_json(&text).map_err(|e| fail(e.to_string()))?;
    reader.source = path.into();
    Ok(reader)
}

/// A loaded network and the name it goes by in specs (compared by name).
#[derive(Clone, Debug)]
pub struct Model {
    pub name: String,
    pub evaluator: Arc<NetEvaluator>,
}

impl PartialEq for Model {
    fn eq(&self, other: &Model) -> bool {
        self.name == other.name
    }
}

/// `stopat` when `stopshare` is given without it: about 3 ms of a 20 ms budget, where the
/// screen of eval/results/tm54/ found a leading move's share already telling.
pub const DEFAULT_STOP_AT: f64 = 0.15;

/// `cscale` when `choice=improved` names none: the best of six weights tried at 800 iterations
/// a move (about 10 ms), eval/results/choice/. The value term grows with the most visits, so a
/// longer search wants a smaller weight (0.03 at 4,000 iterations).
pub const DEFAULT_CHOICE_SCALE: f64 = 0.15;

/// The search keys of `ismcts` and `pimc`, with their meaning: the one list the parser reads
/// and its errors quote (eval/README.md shows it with the defaults).
pub const SEARCH_KEYS: &[(&str, &str)] = &[
    ("iters", "iterations per move (with ms: the first reached)"),
    (
        "ms",
        "wall time per move in milliseconds (alone: no iteration limit)",
    ),
    (
        "stopshare",
        "with ms: end the search early once its most visited root move holds this share of the root's visits, looked at once, at stopat of the time (ismcts; ms stays the most a move takes)",
    ),
    (
        "stopat",
        "with stopshare: the share of ms after which the search looks (0.15 unless given)",
    ),
    ("threads", "search threads"),
    (
        "parallel",
        "how the threads share an ismcts search: tree (one tree, a virtual loss on the paths in flight), root (a tree each, root statistics summed) or auto (tree with a model, root without)",
    ),
    ("c", "UCB1 exploration constant (plain search)"),
    (
        "cpuct",
        "PUCT exploration constant (with a network; unless cpuct, margin or scale is given, ismcts with a model and no iters takes 0.45 at ms=50 or less, else 1.5)",
    ),
    ("ptemp", "softmax temperature of the network's priors, > 0"),
    (
        "piptilt",
        "with a network: each of the searcher's own priors times exp(this * the tile's pips), renormalised (below 0: lighter tiles first; 0 by default)",
    ),
    (
        "reader",
        "a move reader that tilts the root's priors towards a long search's choices: default (the shipped readers; ismcts with model=default reads them unless told: models/reader-short.json at 20 ms a move or less, models/reader.json otherwise), none, or a file of capicua reader (at every budget)",
    ),
    (
        "rscale",
        "how much say the move reader gets: its scores times this and its weight on the prior moved as far from 1 (1, the default: as fitted; 0: no tilt)",
    ),
    (
        "rnodes",
        "which of the searcher's nodes the move reader tilts: root (the default) or own (every one of its nodes, read from its information set there)",
    ),
    (
        "fpu",
        "first-play urgency reduction with a network: an untried move is valued at fpubase's value less this times the root of the tried moves' priors (below 0: more breadth)",
    ),
    (
        "fpubase",
        "what an untried move's value starts from: value (the network's value of its parent) or mean (that value averaged with the results through the parent's children)",
    ),
    (
        "rave",
        "all-moves-as-first with a network, 0 (the default: off) or k > 0: a child's value moves towards the results of the iterations that played its tile later, by sqrt(k / (3 visits + k))",
    ),
    (
        "mix",
        "weight of a rollout mixed into the network's leaf value, 0..1 (ismcts with a model: unless given, 0.75 at ms=20 or less, else 0.5; a given mix holds at every budget)",
    ),
    (
        "mixlate",
        "with mix: the rollout share a leaf takes once mixtiles tiles are on the table, rising linearly from mix at the lead, 0..1",
    ),
    (
        "mixtiles",
        "with mixlate: tiles on the table where the rollout share reaches mixlate, at least 1 (default 30)",
    ),
    (
        "rollouts",
        "rollouts from each leaf averaged into mix's share of its value, at least 1",
    ),
    (
        "rrand",
        "the heuristic, club and read rollouts play a random move once in this many moves (0: never; default 8)",
    ),
    (
        "rootdeals",
        "ismcts: fresh (a new deal every iteration) or common (every root move's n-th iteration plays the search's n-th deal, so the moves are compared on the same deals)",
    ),
    (
        "margin",
        "weight of the point margin in the reward, 0..1 (unless cpuct, margin or scale is given, ismcts with a model and no iters takes 1 at ms=50 or less, else 0.5)",
    ),
    (
        "scale",
        "margin scale: auto, target or a number of points (unless cpuct, margin or scale is given, ismcts with a model and no iters takes 90 at ms=50 or less, else auto)",
    ),
    (
        "rollout",
        "rollout policy: random, heuristic, heavy, club or read (club with the voids and numbers the order of play showed; ismcts with a model: club unless given, else random)",
    ),
    ("seed", "random seed, folded into the run's"),
    ("nodes", "tree size limit per thread"),
    (
        "solve",
        "solve leaves with at most this many tiles in hand exactly (0: off; pimc: PIMC over solved deals)",
    ),
    ("worlds", "PIMC worlds (pimc only)"),
    (
        "choice",
        "how the move is picked from the root: visits (the most visited) or improved (the largest ln prior + weight * mean reward, Gumbel MuZero's improved policy; the weight is (50 + most visits) * cscale, or cweight)",
    ),
    (
        "cscale",
        "choice=improved: the values' weight per visit behind them, > 0",
    ),
    (
        "cweight",
        "choice=improved: a fixed weight of the values, > 0 (instead of cscale)",
    ),
    (
        "root",
        "how each iteration picks the root move with a network: puct, or improved (with choice=improved: the move most short of its improved-policy share, so the visits follow the choice)",
    ),
    (
        "ctie",
        "play counting's move when it has at least 1 - this share of the root's most visits, 0..1 (0: off, the default): the choices look like the club play the beliefs learned to read",
    ),
    (
        "reveal",
        "of the root moves with at least 1 - this share of the most visits, play the one after which the partner's learned beliefs best place this seat's hand, 0..1 (0: off, the default; needs a model)",
    ),
    (
        "model",
        "network: a file, default (the shipped model), long (the shipped model for long searches) or none",
    ),
    (
        "beliefs",
        "determinizations: learned (the model's beliefs; the default with a belief output), uniform, or truth (the true deal: a bound for measuring, duplicate runs only)",
    ),
    (
        "bmodel",
        "a network with a belief output whose beliefs the search draws its deals from, in place of the model's (a file, or none); the model still gives the priors and the values",
    ),
    (
        "btemp",
        "temperature of beliefs=learned's deals, > 0 (below 1 sharpens the beliefs)",
    ),
    (
        "tshare",
        "beliefs=truth: the share of each tile's weight on its true place, the rest as the model believes, 0..1",
    ),
    (
        "tseats",
        "beliefs=truth: whose hands are shown, all, partner or opponents (the rest as the model believes)",
    ),
    (
        "others",
        "the other seats' moves in an ISMCTS tree with a model: search (shared statistics), or drawn for their hands in each determinization from a model of them: policy (the search's own model), counting (counting's choice), players (the players' model, models/counting-imitation.bpk) or club (the club rollout's move, no model call)",
    ),
    (
        "oseats",
        "which other seats others= models, all, partner or opponents (the rest are searched)",
    ),
    (
        "otemp",
        "temperature of the modelled other seats' draws, > 0",
    ),
    (
        "optemp",
        "the prior temperature at the other seats' nodes (partner and opponents) of a tree with a model, > 0 (default: ptemp)",
    ),
    (
        "depth",
        "the deepest the tree grows, in moves below the root, where the evaluator values each iteration's determinization (0: no limit)",
    ),
    (
        "lazy",
        "with leaf=side or own, how many iterations pass through a new node of a seat whose view does not value them, each with a uniformly drawn move, before it is evaluated for its priors (0: at once)",
    ),
    (
        "widen",
        "another seat's node meeting moves it has no child for, in a tree with a model: eval (evaluate it there, the iteration ends), neutral (add them at the children's mean prior and go on), continue (evaluate it there for their priors and go on) or average (as eval, and each evaluation there also averages into the priors of the children legal in it)",
    ),
    (
        "forced",
        "a node where the seat to move has one legal move, in a tree with a model: eval (a leaf like any other, valued there) or skip (take the move and go on to the next choice)",
    ),
    (
        "leaf",
        "which seats' new nodes end an iteration of a tree with a model and are valued there: any (every seat's), side (the searcher's and its partner's; an opponent's new node is evaluated for its priors and passed through) or own (the searcher's only, so every value reads its own hand)",
    ),
    (
        "cinfer",
        "beliefs read with counting's own policy: this many uniform deals weighted by how likely each makes the other seats' moves under counting (the issue's prototype; an oracle against counting players, for measuring; needs a model)",
    ),
    (
        "pinfer",
        "beliefs read with a learned model of the players (models/counting-imitation.bpk): this many of the model's believed deals, weighted by how likely each makes the other seats' moves under its policy (for measuring; needs a model with a belief output)",
    ),
    (
        "chain",
        "with cinfer or pinfer: Metropolis steps after the draws, exchanging two hidden tiles at a time; the beliefs are the chain's frequencies (0: none)",
    ),
    (
        "joint",
        "with cinfer or pinfer: keep this many whole deals of the inference's posterior and draw the search's determinizations from them, not from the marginal beliefs (0: marginals)",
    ),
    (
        "itemp",
        "with cinfer or pinfer: the players' policy is raised to 1/T before it weighs the deals, > 0 (below 1 sharpens it)",
    ),
    (
        "iseats",
        "with cinfer or pinfer: whose moves the inference reads, all (the three other seats) or opponents (the partner's left out)",
    ),
    (
        "vmodel",
        "an open value model, a file, open (models/open-value.bpk) or none: leaf values read the determinization's whole deal (needs a model for the priors)",
    ),
    (
        "vmix",
        "with vmodel: the open model's share of each leaf's value, 0..1 (default 1)",
    ),
];

/// Which search a search player runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SearchKind {
    Ismcts,
    Pimc,
}

impl SearchKind {
    pub fn name(self) -> &'static str {
        match self {
            SearchKind::Ismcts => "ismcts",
            SearchKind::Pimc => "pimc",
        }
    }

    /// The configuration of a spec without parameters.
    pub fn base(self) -> SearchConfig {
        match self {
            SearchKind::Ismcts => SearchConfig::default(),
            SearchKind::Pimc => SearchConfig::pimc(),
        }
    }

    /// The keys this kind takes.
    pub fn keys(self) -> Vec<&'static str> {
        SEARCH_KEYS
            .iter()
            .map(|&(k, _)| k)
            .filter(|&k| self == SearchKind::Pimc || k != "worlds")
            .collect()
    }
}

/// A search player's spec: its kind, configuration and network.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSpec {
    pub kind: SearchKind,
    pub config: SearchConfig,
    /// The network and the text that named it; `None`: plain search.
    pub model: Option<Model>,
    /// `cinfer=N` or `pinfer=N`: the search's beliefs come from policy-based inference
    /// instead of the network's belief output.
    pub inference: Option<BeliefInference>,
    /// `chain=N`: Metropolis steps of that inference after its draws
    /// ([`capicua_net::PolicyInference::chain`]; 0: none).
    pub chain: usize,
    /// `joint=N`: whole deals of that inference's posterior the search draws its
    /// determinizations from ([`capicua_net::PolicyInference::keep`]; 0: the marginals).
    pub joint: usize,
    /// `itemp=T`: that inference's temperature ([`capicua_net::PolicyInference::temperature`]).
    pub itemp: f64,
    /// `iseats=opponents`: that inference reads only the opponents' moves
    /// ([`capicua_net::PolicyInference::opponents_only`]).
    pub opponents_only: bool,
    /// `others=counting` or `others=players`: the model the tree's other seats play.
    pub others_model: Option<OthersModel>,
    /// `vmodel=FILE`: an open value model values the leaves, with `vmix`'s share.
    pub open_value: Option<OpenValueModel>,
    /// `bmodel=FILE`: the network whose beliefs the search draws its deals from.
    pub belief_model: Option<Model>,
}

/// An open value model named in a spec (compared by name) and its share of a leaf's value.
#[derive(Clone)]
pub struct OpenValueModel {
    pub name: String,
    pub net: capicua_net::OpenValueNet,
    pub weight: f64,
}

impl PartialEq for OpenValueModel {
    fn eq(&self, other: &OpenValueModel) -> bool {
        self.name == other.name && self.weight == other.weight
    }
}

impl std::fmt::Debug for OpenValueModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpenValueModel({}, {})", self.name, self.weight)
    }
}

/// A model of the other players for the tree's other seats ([`ModelledSeats`]).
#[derive(Clone, Debug, PartialEq)]
pub enum OthersModel {
    /// `others=counting`: `counting`'s choice for the seat's hand.
    Counting,
    /// `others=players`: the installed players' model.
    Players(Model),
}

impl OthersModel {
    /// The value of the `others` key that asks for it.
    fn key(&self) -> &'static str {
        match self {
            OthersModel::Counting => "counting",
            OthersModel::Players(_) => "players",
        }
    }
}

/// Policy-based inference in place of a network's beliefs (the spec keys `cinfer` and
/// `pinfer`, which exclude each other).
#[derive(Clone, Debug, PartialEq)]
pub enum BeliefInference {
    /// `cinfer=N`: `counting`'s own policy over N uniform deals
    /// ([`crate::counting_inference`]).
    Counting(usize),
    /// `pinfer=N`: the installed players' model over N of the network's believed deals
    /// ([`PolicyBeliefs::learned`]).
    Players(usize, Model),
}

impl BeliefInference {
    /// Deals drawn for one inference.
    pub fn samples(&self) -> usize {
        match *self {
            BeliefInference::Counting(n) | BeliefInference::Players(n, _) => n,
        }
    }

    /// The spec key that asks for it.
    fn key(&self) -> &'static str {
        match self {
            BeliefInference::Counting(_) => "cinfer",
            BeliefInference::Players(..) => "pinfer",
        }
    }
}

impl SearchSpec {
    /// A spec of `kind` with its default configuration, no network.
    pub fn new(kind: SearchKind) -> SearchSpec {
        SearchSpec {
            kind,
            config: kind.base(),
            model: None,
            inference: None,
            chain: 0,
            joint: 0,
            itemp: 1.0,
            opponents_only: false,
            others_model: None,
            open_value: None,
            belief_model: None,
        }
    }

    /// A spec of `kind` with `model` and the defaults a search with it takes when a spec names
    /// only the model (`ismcts:model=M`).
    pub fn with_model(kind: SearchKind, model: Option<Model>) -> SearchSpec {
        let mut spec = SearchSpec::new(kind);
        (spec.config.rollout_mix, spec.config.rollout) = default_leaf_rollout(kind, model.as_ref());
        spec.config.short = default_short(kind, model.as_ref());
        spec.config.short_mix = default_short_mix(kind, model.as_ref());
        // a shipped reader that does not load is the shipped files' fault, which the spec
        // parser reports; here the search goes on without it
        spec.config.move_reader = default_reader(kind, model.as_ref()).ok().flatten();
        spec.config.short_reader = default_short_reader(kind, model.as_ref()).unwrap_or_default();
        spec.model = model;
        spec
    }

    /// Reads the search keys of `p` (a spec whose name is `kind`'s).
    fn parse(kind: SearchKind, p: &mut SpecParams) -> Result<SearchSpec, SpecError> {
        let mut c = kind.base();
        let mut model: Option<Model> = None;
        // a named cpuct, margin or scale holds at every budget (the short budget's constant
        // was measured with its reward, and the reward with its constant)
        let mut short_named = false;
        let mut beliefs = None;
        let (mut others, mut otemp) = (None, 1.0);
        let mut oseats = None;
        let (mut iters, mut ms) = (None, None);
        let (mut stop_share, mut stop_at) = (None, None);
        let (mut cinfer, mut pinfer, mut chain, mut joint) = (None, None, 0, 0);
        let mut itemp = 1.0;
        let mut opponents_only = false;
        let (mut mix, mut rollout) = (None, None);
        let (mut mix_late, mut mix_tiles) = (None, None);
        let mut reader = None;
        let (mut vmodel, mut vmix) = (None, None);
        let mut bmodel: Option<Model> = None;
        let (mut improved, mut cscale, mut cweight) = (false, None, None);
        for key in kind.keys() {
            let Some(v) = p.take_str(key) else {
                continue;
            };
            let bad = |why: &str| p.bad_value(key, &v, why);
            let int = |lo: u64| {
                v.parse::<u64>()
                    .ok()
                    .filter(|&n| n >= lo)
                    .ok_or_else(|| bad(&format!("expected an integer >= {lo}")))
            };
            let weight = || {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| (0.0..=1.0).contains(x))
                    .ok_or_else(|| bad("expected a weight from 0 to 1"))
            };
            let float = || {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| bad("expected a number >= 0"))
            };
            let signed = || {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| bad("expected a number"))
            };
            let positive = || {
                let x = float()?;
                if x > 0.0 {
                    Ok(x)
                } else {
                    Err(bad("expected a number > 0"))
                }
            };
            match key {
                "iters" => iters = Some(int(1)?),
                "ms" => ms = Some(int(1)?),
                "stopshare" => {
                    let x = positive()?;
                    if x > 1.0 {
                        return Err(bad("expected a share in (0, 1]"));
                    }
                    stop_share = Some(x);
                }
                "stopat" => {
                    let x = positive()?;
                    if x >= 1.0 {
                        return Err(bad("expected a share in (0, 1)"));
                    }
                    stop_at = Some(x);
                }
                "threads" => c.threads = int(1)?.min(256) as usize,
                "parallel" => {
                    c.parallel = match v.as_str() {
                        "root" => Parallelism::Root,
                        "tree" => Parallelism::Tree,
                        "auto" => Parallelism::Auto,
                        _ => return Err(p.bad_value("parallel", &v, "root, tree or auto")),
                    }
                }
                "c" => c.c_ucb = float()?,
                "cpuct" => {
                    c.c_puct = float()?;
                    short_named = true;
                }
                "ptemp" => c.prior_temperature = positive()?,
                "piptilt" => c.prior_pip_tilt = signed()?,
                "reader" => reader = Some(reader_choice(&v)?),
                "optemp" => c.other_prior_temperature = Some(positive()?),
                "fpubase" => {
                    c.fpu_base =
                        FpuBase::from_name(&v).ok_or_else(|| bad("expected value or mean"))?
                }
                "fpu" => c.fpu_reduction = signed()?,
                "rave" => c.rave = float()?,
                "mix" => mix = Some(weight()?),
                "mixlate" => mix_late = Some(weight()?),
                "mixtiles" => mix_tiles = Some(int(1)?.min(1024) as u32),
                "rollouts" => c.rollouts = int(1)?.min(1024) as u32,
                "rrand" => c.rollout_random = int(0)?.min(1 << 20) as u32,
                "rscale" => c.reader_scale = float()?,
                "rnodes" => {
                    c.reader_below_root = match v.as_str() {
                        "root" => false,
                        "own" => true,
                        _ => return Err(bad("expected root or own")),
                    }
                }
                "rootdeals" => {
                    c.common_root_deals = match v.as_str() {
                        "fresh" => false,
                        "common" => true,
                        _ => return Err(bad("expected fresh or common")),
                    }
                }
                "margin" => {
                    c.reward.margin_weight = weight()?;
                    short_named = true;
                }
                "scale" => {
                    short_named = true;
                    c.reward.margin_scale = match v.as_str() {
                        "auto" => MarginScale::Auto,
                        "target" => MarginScale::Target,
                        _ => match v.parse::<f64>() {
                            Ok(pts) if pts.is_finite() && pts > 0.0 => MarginScale::Points(pts),
                            _ => {
                                return Err(bad(
                                    "expected auto, target or a positive number of points",
                                ));
                            }
                        },
                    }
                }
                "rollout" => {
                    rollout = Some(
                        RolloutPolicy::from_name(&v)
                            .ok_or_else(|| bad("expected random, heuristic, heavy or club"))?,
                    )
                }
                "seed" => c.seed = int(0)?,
                "nodes" => c.max_nodes = int(16)?.min(u32::MAX as u64 / 2) as usize,
                "solve" => c.solve_tiles = int(0)?.min(55) as u32,
                "worlds" => {
                    if let Algorithm::Pimc { worlds } = &mut c.algorithm {
                        *worlds = int(1)?.min(1 << 20) as u32;
                    }
                }
                // the model errors name the model themselves, and stay typed
                "model" => model = ModelChoice::parse(&v)?.load()?,
                "beliefs" => {
                    beliefs = Some(match v.as_str() {
                        "learned" => BeliefMode::Learned,
                        "uniform" => BeliefMode::Uniform,
                        "truth" => BeliefMode::Truth,
                        _ => return Err(bad("expected learned, uniform or truth")),
                    })
                }
                // None: searched; Some(None): the search's own model; else another model
                "others" => {
                    others = match v.as_str() {
                        "search" => None,
                        "policy" => Some(None),
                        "counting" => Some(Some(OthersModel::Counting)),
                        "players" => Some(Some(OthersModel::Players(players_model()?))),
                        "club" => {
                            c.other_seats = OtherSeats::Club;
                            None
                        }
                        _ => return Err(bad("expected search, policy, counting, players or club")),
                    }
                }
                "oseats" => {
                    oseats = Some(
                        SeatGroup::from_name(&v)
                            .ok_or_else(|| bad("expected all, partner or opponents"))?,
                    )
                }
                "tshare" => c.truth_share = weight()?,
                "tseats" => {
                    c.truth_seats = SeatGroup::from_name(&v)
                        .ok_or_else(|| bad("expected all, partner or opponents"))?
                }
                "btemp" => c.belief_temperature = positive()?,
                "choice" => {
                    improved = match v.as_str() {
                        "visits" => false,
                        "improved" => true,
                        _ => return Err(bad("expected visits or improved")),
                    }
                }
                "cscale" => cscale = Some(positive()?),
                "cweight" => cweight = Some(positive()?),
                "ctie" => c.club_ties = weight()?,
                "reveal" => c.reveal = weight()?,
                "root" => {
                    c.root = match v.as_str() {
                        "puct" => RootSelection::Puct,
                        "improved" => RootSelection::Improved,
                        _ => return Err(bad("expected puct or improved")),
                    }
                }
                "otemp" => otemp = positive()?,
                "depth" => c.max_depth = int(0)?.min(255) as u32,
                "lazy" => c.lazy_priors = int(0)?.min(u32::MAX as u64) as u32,
                "widen" => {
                    c.widening = match v.as_str() {
                        "eval" => Widening::Evaluate,
                        "neutral" => Widening::Neutral,
                        "continue" => Widening::Continue,
                        "average" => Widening::Average,
                        _ => {
                            return Err(p.bad_value(
                                "widen",
                                &v,
                                "eval, neutral, continue or average",
                            ));
                        }
                    }
                }
                "forced" => {
                    c.forced = match v.as_str() {
                        "eval" => ForcedMoves::Evaluate,
                        "skip" => ForcedMoves::Skip,
                        _ => return Err(p.bad_value("forced", &v, "eval or skip")),
                    }
                }
                "leaf" => {
                    c.leaf = match v.as_str() {
                        "any" => LeafSeats::Any,
                        "side" => LeafSeats::Side,
                        "own" => LeafSeats::Own,
                        _ => return Err(p.bad_value("leaf", &v, "any, side or own")),
                    }
                }
                "cinfer" => cinfer = Some(int(1)?.min(1_000_000) as usize),
                "pinfer" => pinfer = Some(int(1)?.min(1_000_000) as usize),
                "chain" => chain = int(0)?.min(10_000_000) as usize,
                "joint" => joint = int(0)?.min(1_000_000) as usize,
                "itemp" => itemp = positive()?,
                "iseats" => {
                    opponents_only = match v.as_str() {
                        "all" => false,
                        "opponents" => true,
                        _ => return Err(bad("expected all or opponents")),
                    }
                }
                "vmodel" if v == "none" => vmodel = None,
                "vmodel" => {
                    let path = if v == "open" {
                        capicua_net::open_value_model_path().ok_or(SpecError::NoShippedModel {
                            name: "vmodel \"open\"",
                            shipped: capicua_net::OPEN_VALUE_MODEL,
                        })?
                    } else {
                        std::path::PathBuf::from(&v)
                    };
                    if !path.is_file() {
                        return Err(SpecError::MissingModel(v.clone()));
                    }
                    let net =
                        capicua_net::OpenValueNet::load(&path).map_err(|e| SpecError::Model {
                            path: v.clone(),
                            reason: e.to_string(),
                        })?;
                    vmodel = Some((v.clone(), net));
                }
                "vmix" => vmix = Some(weight()?),
                "bmodel" if v == "none" => bmodel = None,
                "bmodel" => {
                    let m = ModelChoice::Path(std::path::PathBuf::from(&v))
                        .load()?
                        .expect("a path names a network");
                    if !m.evaluator.has_beliefs() {
                        return Err(bad("the network has no belief output"));
                    }
                    bmodel = Some(m);
                }
                _ => unreachable!("every key of SEARCH_KEYS has an arm"),
            }
        }
        let weight = match (cscale, cweight) {
            (Some(_), Some(w)) => {
                return Err(p.bad_value(
                    "cweight",
                    &w.to_string(),
                    "instead of cscale, not with it",
                ));
            }
            (Some(scale), None) => Some(("cscale", scale, ValueWeight::PerVisit(scale))),
            (None, Some(w)) => Some(("cweight", w, ValueWeight::Fixed(w))),
            (None, None) => None,
        };
        if improved {
            c.choice = MoveChoice::Improved {
                weight: weight.map_or(ValueWeight::PerVisit(DEFAULT_CHOICE_SCALE), |(_, _, w)| w),
            };
        } else if let Some((key, x, _)) = weight {
            return Err(p.bad_value(
                key,
                &x.to_string(),
                "weighs the values of choice=improved only",
            ));
        }
        if c.parallel == Parallelism::Tree && c.algorithm != Algorithm::Ismcts {
            return Err(p.bad_value(
                "parallel",
                "tree",
                "shares an ismcts tree: pimc gives each thread its own worlds",
            ));
        }
        if c.lazy_priors > 0 && c.leaf == LeafSeats::Any {
            return Err(p.bad_value(
                "lazy",
                &c.lazy_priors.to_string(),
                "delays the priors of the nodes leaf=side or own passes through: name one",
            ));
        }
        if c.root == RootSelection::Improved {
            if !improved {
                return Err(p.bad_value(
                    "root",
                    "improved",
                    "follows choice=improved: name it too",
                ));
            }
            if model.is_none() {
                return Err(p.bad_value(
                    "root",
                    "improved",
                    "needs a model: it replaces PUCT, which plain search does not use",
                ));
            }
        }
        let open_value = match (vmodel, vmix) {
            (Some((name, net)), mix) => {
                if model.is_none() {
                    return Err(p.bad_value(
                        "vmodel",
                        &name,
                        "needs a model: it values the leaves of a tree with priors",
                    ));
                }
                Some(OpenValueModel {
                    name,
                    net,
                    weight: mix.unwrap_or(1.0),
                })
            }
            (None, Some(x)) => {
                return Err(p.bad_value("vmix", &x.to_string(), "mixes in vmodel: name it too"));
            }
            (None, None) => None,
        };
        let mut others_model = None;
        if let Some(seats) = others {
            c.other_seats = OtherSeats::Policy { temperature: otemp };
            others_model = seats;
        }
        // the model file's own key, or club's: both model seats only in a tree with priors
        let modelled_by = match (&others_model, c.other_seats) {
            (Some(m), _) => Some(m.key()),
            (None, OtherSeats::Club) => Some("club"),
            _ => None,
        };
        if let (Some(key), None) = (modelled_by, &model) {
            return Err(p.bad_value(
                "others",
                key,
                "needs a model: only a tree with priors models the other seats",
            ));
        }
        if let Some(group) = oseats {
            if c.other_seats == OtherSeats::Search {
                return Err(p.bad_value(
                    "oseats",
                    group.name(),
                    "chooses the seats others= models: give others",
                ));
            }
            c.modelled_seats = group;
        }
        let inference = match (cinfer, pinfer) {
            (None, None) => None,
            (Some(_), Some(n)) => {
                return Err(p.bad_value(
                    "pinfer",
                    &n.to_string(),
                    "takes no cinfer: the two read the moves in different ways",
                ));
            }
            (Some(n), None) => {
                if model.is_none() || beliefs.is_some_and(|b| b != BeliefMode::Learned) {
                    return Err(p.bad_value(
                        "cinfer",
                        &n.to_string(),
                        "needs a model, and draws the search's deals from its beliefs (no beliefs=uniform or truth)",
                    ));
                }
                beliefs = Some(BeliefMode::Learned);
                Some(BeliefInference::Counting(n))
            }
            (None, Some(n)) => {
                let refuse = |why| Err(p.bad_value("pinfer", &n.to_string(), why));
                if beliefs.is_some_and(|b| b != BeliefMode::Learned) {
                    return refuse(
                        "draws the search's deals from its beliefs (no beliefs=uniform or truth)",
                    );
                }
                if default_beliefs(model.as_ref()) != BeliefMode::Learned {
                    return refuse(
                        "needs a model with a belief output (its believed deals are the proposal)",
                    );
                }
                Some(BeliefInference::Players(n, players_model()?))
            }
        };
        for (key, set, value) in [
            ("chain", chain > 0, chain.to_string()),
            ("joint", joint > 0, joint.to_string()),
            ("itemp", itemp != 1.0, itemp.to_string()),
            ("iseats", opponents_only, "opponents".to_string()),
        ] {
            if set && inference.is_none() {
                return Err(p.bad_value(
                    key,
                    &value,
                    "changes how inference reads the moves: give cinfer or pinfer",
                ));
            }
        }
        let (mix0, rollout0) = default_leaf_rollout(kind, model.as_ref());
        c.rollout_mix = mix.unwrap_or(mix0);
        if let Some(t) = mix_tiles
            && mix_late.is_none()
        {
            return Err(p.bad_value("mixtiles", &t.to_string(), "shapes mixlate: give mixlate"));
        }
        if let Some(late) = mix_late {
            if mix.is_none() {
                return Err(p.bad_value(
                    "mixlate",
                    &late.to_string(),
                    "is the late end of a named share: give mix",
                ));
            }
            c.late_mix = Some(LateMix {
                rollout_mix: late,
                tiles: mix_tiles.unwrap_or(DEFAULT_MIX_TILES),
            });
        }
        // a named mix holds at every budget
        c.short_mix = match mix {
            Some(_) => Vec::new(),
            None => default_short_mix(kind, model.as_ref()),
        };
        c.short = if short_named {
            Vec::new()
        } else {
            default_short(kind, model.as_ref())
        };
        c.rollout = rollout.unwrap_or(rollout0);
        c.move_reader = match reader {
            Some(Some(r)) if model.is_none() => {
                return Err(p.bad_value(
                    "reader",
                    &r.source,
                    "tilts a network's priors: give a model",
                ));
            }
            Some(r) => r,
            None => default_reader(kind, model.as_ref())?,
        };
        // a reader named by a file or `none` holds at every budget, as a named mix does
        c.short_reader = match &c.move_reader {
            Some(r) if r.source == "default" => default_short_reader(kind, model.as_ref())?,
            _ => Vec::new(),
        };
        if c.reader_below_root && c.move_reader.is_none() {
            return Err(p.bad_value("rnodes", "own", "tilts by the move reader: give a reader"));
        }
        if c.reader_scale != 1.0 && c.move_reader.is_none() {
            return Err(p.bad_value(
                "rscale",
                &c.reader_scale.to_string(),
                "scales the move reader: give a reader",
            ));
        }
        if let Some(b) = &bmodel {
            let refuse = |why| Err(p.bad_value("bmodel", &b.name, why));
            if model.is_none() {
                return refuse("needs a model: it gives the priors and the values");
            }
            if inference.is_some() {
                return refuse("replaces the network's beliefs, as cinfer and pinfer do: not both");
            }
            if beliefs.is_some_and(|m| m != BeliefMode::Learned) {
                return refuse("is what beliefs=learned draws from (no beliefs=uniform or truth)");
            }
            beliefs = Some(BeliefMode::Learned);
        }
        let default_beliefs = match &bmodel {
            Some(_) => BeliefMode::Learned,
            None => default_beliefs(model.as_ref()),
        };
        c.beliefs = match beliefs {
            // counting's inference needs no belief output from the model
            Some(BeliefMode::Learned)
                if matches!(inference, Some(BeliefInference::Counting(_))) =>
            {
                BeliefMode::Learned
            }
            Some(BeliefMode::Learned) if default_beliefs != BeliefMode::Learned => {
                return Err(SpecError::NoBeliefOutput {
                    model: model.map_or("plain search (no model)".into(), |m| m.name),
                });
            }
            Some(b) => b,
            None => default_beliefs,
        };
        c.early_stop = match (stop_share, stop_at) {
            (Some(share), at) => Some(EarlyStop {
                at: at.unwrap_or(DEFAULT_STOP_AT),
                share,
            }),
            (None, Some(at)) => {
                return Err(p.bad_value("stopat", &at.to_string(), "it needs stopshare beside it"));
            }
            (None, None) => None,
        };
        if let Some(e) = c.early_stop
            && ms.is_none()
        {
            return Err(p.bad_value(
                "stopshare",
                &e.share.to_string(),
                "it needs a time budget (ms) beside it",
            ));
        }
        if iters.is_some() || ms.is_some() {
            c.budget = Budget {
                iterations: iters,
                time: ms.map(Duration::from_millis),
            };
        }
        Ok(SearchSpec {
            kind,
            config: c,
            model,
            inference,
            chain,
            joint,
            itemp,
            opponents_only,
            others_model,
            open_value,
            belief_model: bmodel,
        })
    }

    /// The search seed of a player built with `seed`: the run's seed with the spec's own
    /// `seed=` folded in (a spec without one keeps the run's seed as it is).
    pub fn config_seed(&self, seed: u64) -> u64 {
        self.config.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed
    }

    /// A searcher with this spec's configuration and network (the engine process's).
    pub fn searcher(&self) -> Searcher {
        match self.evaluator() {
            Some(e) => Searcher::with_evaluator(self.config.clone(), e),
            None => Searcher::new(self.config.clone()),
        }
    }

    /// The network as the search's evaluator, its beliefs replaced by `counting`-policy
    /// inference with `cinfer=N` or learned inference with `pinfer=N`; `None` for a plain
    /// search.
    fn evaluator(&self) -> Option<Arc<dyn Evaluator>> {
        let net: Arc<dyn Evaluator> = self.model.as_ref()?.evaluator.clone();
        let net: Arc<dyn Evaluator> = match &self.belief_model {
            Some(b) => Arc::new(BeliefModel::new(net, b.evaluator.clone(), &b.name)),
            None => net,
        };
        let adjust = |i: &mut capicua_net::PolicyInference| {
            i.chain = self.chain;
            i.keep = self.joint;
            i.temperature = self.itemp;
            i.opponents_only = self.opponents_only;
        };
        let believing: Arc<dyn Evaluator> = match &self.inference {
            Some(BeliefInference::Counting(n)) => {
                Arc::new(PolicyBeliefs::counting(net, *n).adjusted(adjust))
            }
            Some(BeliefInference::Players(n, players)) => Arc::new(
                PolicyBeliefs::learned(net, players.evaluator.clone(), &players.name, *n)
                    .adjusted(adjust),
            ),
            None => net,
        };
        let believing: Arc<dyn Evaluator> = match &self.open_value {
            Some(v) => Arc::new(OpenValues::new(believing, v.net.clone(), v.weight, &v.name)),
            None => believing,
        };
        Some(match &self.others_model {
            None => believing,
            Some(OthersModel::Counting) => Arc::new(ModelledSeats::new(
                believing,
                SeatModel::Counting,
                "counting",
            )),
            Some(OthersModel::Players(players)) => Arc::new(ModelledSeats::new(
                believing,
                SeatModel::Network(players.evaluator.clone()),
                &players.name,
            )),
        })
    }

    /// A player whose every random choice derives from `seed`, named by the canonical spec.
    pub fn build(&self, seed: u64) -> Box<dyn Player> {
        let config = SearchConfig {
            seed: self.config_seed(seed),
            ..self.config.clone()
        };
        let name = self.to_string();
        match (self.kind, self.evaluator()) {
            (SearchKind::Ismcts, None) => Box::new(IsmctsPlayer::named(name, config)),
            (SearchKind::Pimc, None) => Box::new(PimcPlayer::named(name, config)),
            (SearchKind::Ismcts, Some(e)) => {
                Box::new(IsmctsPlayer::with_evaluator(name, config, e))
            }
            (SearchKind::Pimc, Some(e)) => Box::new(PimcPlayer::with_evaluator(name, config, e)),
        }
    }

    /// The canonical parameters: the keys whose value differs from the kind's base, in
    /// [`SEARCH_KEYS`] order, so that the spec parses back to itself.
    fn params(&self) -> Vec<String> {
        let (c, base) = (&self.config, self.kind.base());
        let mut out: Vec<String> = Vec::new();
        if c.budget != base.budget {
            if let Some(n) = c.budget.iterations {
                out.push(format!("iters={n}"));
            }
            if let Some(t) = c.budget.time {
                out.push(format!("ms={}", t.as_millis()));
            }
        }
        if let Some(e) = c.early_stop {
            out.push(format!("stopshare={}", e.share));
            if e.at != DEFAULT_STOP_AT {
                out.push(format!("stopat={}", e.at));
            }
        }
        if c.threads != base.threads {
            out.push(format!("threads={}", c.threads));
        }
        if c.parallel != base.parallel {
            out.push(match c.parallel {
                Parallelism::Root => "parallel=root".to_string(),
                Parallelism::Tree => "parallel=tree".to_string(),
                Parallelism::Auto => "parallel=auto".to_string(),
            });
        }
        if c.c_ucb != base.c_ucb {
            out.push(format!("c={}", c.c_ucb));
        }
        // a named cpuct (or margin or scale) holds at every budget, so the constant is kept even
        // where it equals the default
        if c.c_puct != base.c_puct || c.short != default_short(self.kind, self.model.as_ref()) {
            out.push(format!("cpuct={}", c.c_puct));
        }
        if c.prior_temperature != base.prior_temperature {
            out.push(format!("ptemp={}", c.prior_temperature));
        }
        if c.prior_pip_tilt != base.prior_pip_tilt {
            out.push(format!("piptilt={}", c.prior_pip_tilt));
        }
        let shipped = reads_shipped_reader(self.kind, self.model.as_ref());
        match &c.move_reader {
            Some(r) if shipped && r.source == "default" => {}
            Some(r) => out.push(format!("reader={}", r.source)),
            None if shipped => out.push("reader=none".into()),
            None => {}
        }
        if c.reader_scale != base.reader_scale {
            out.push(format!("rscale={}", c.reader_scale));
        }
        if c.reader_below_root != base.reader_below_root {
            out.push("rnodes=own".into());
        }
        if c.fpu_reduction != base.fpu_reduction {
            out.push(format!("fpu={}", c.fpu_reduction));
        }
        if c.fpu_base != base.fpu_base {
            out.push(format!("fpubase={}", c.fpu_base.name()));
        }
        if c.rave != base.rave {
            out.push(format!("rave={}", c.rave));
        }
        let (mix0, rollout0) = default_leaf_rollout(self.kind, self.model.as_ref());
        // a named mix holds at every budget, so it is kept even where it equals the default
        if c.rollout_mix != mix0 || c.short_mix != default_short_mix(self.kind, self.model.as_ref())
        {
            out.push(format!("mix={}", c.rollout_mix));
        }
        if let Some(late) = c.late_mix {
            out.push(format!("mixlate={}", late.rollout_mix));
            if late.tiles != DEFAULT_MIX_TILES {
                out.push(format!("mixtiles={}", late.tiles));
            }
        }
        if c.rollouts != base.rollouts {
            out.push(format!("rollouts={}", c.rollouts));
        }
        if c.rollout_random != base.rollout_random {
            out.push(format!("rrand={}", c.rollout_random));
        }
        if c.common_root_deals != base.common_root_deals {
            let deals = if c.common_root_deals {
                "common"
            } else {
                "fresh"
            };
            out.push(format!("rootdeals={deals}"));
        }
        if c.reward.margin_weight != base.reward.margin_weight {
            out.push(format!("margin={}", c.reward.margin_weight));
        }
        if c.reward.margin_scale != base.reward.margin_scale {
            out.push(match c.reward.margin_scale {
                MarginScale::Auto => "scale=auto".to_string(),
                MarginScale::Target => "scale=target".to_string(),
                MarginScale::Points(p) => format!("scale={p}"),
            });
        }
        if c.rollout != rollout0 {
            out.push(format!("rollout={}", c.rollout.name()));
        }
        if c.seed != base.seed {
            out.push(format!("seed={}", c.seed));
        }
        if c.max_nodes != base.max_nodes {
            out.push(format!("nodes={}", c.max_nodes));
        }
        if c.solve_tiles != base.solve_tiles {
            out.push(format!("solve={}", c.solve_tiles));
        }
        if let (Algorithm::Pimc { worlds }, Algorithm::Pimc { worlds: w0 }) =
            (c.algorithm, base.algorithm)
            && worlds != w0
        {
            out.push(format!("worlds={worlds}"));
        }
        if c.choice != base.choice {
            match c.choice {
                MoveChoice::MostVisited => out.push("choice=visits".to_string()),
                MoveChoice::Improved { weight } => {
                    out.push("choice=improved".to_string());
                    match weight {
                        ValueWeight::PerVisit(s) if s == DEFAULT_CHOICE_SCALE => {}
                        ValueWeight::PerVisit(s) => out.push(format!("cscale={s}")),
                        ValueWeight::Fixed(w) => out.push(format!("cweight={w}")),
                    }
                }
            }
        }
        if c.root != base.root {
            out.push(match c.root {
                RootSelection::Puct => "root=puct".to_string(),
                RootSelection::Improved => "root=improved".to_string(),
            });
        }
        if c.club_ties != base.club_ties {
            out.push(format!("ctie={}", c.club_ties));
        }
        if c.reveal != base.reveal {
            out.push(format!("reveal={}", c.reveal));
        }
        if let Some(m) = &self.model {
            out.push(format!("model={}", m.name));
        }
        if c.beliefs != default_beliefs(self.model.as_ref())
            && self.inference.is_none()
            && self.belief_model.is_none()
        {
            out.push(match c.beliefs {
                BeliefMode::Learned => "beliefs=learned".to_string(),
                BeliefMode::Uniform => "beliefs=uniform".to_string(),
                BeliefMode::Truth => "beliefs=truth".to_string(),
            });
        }
        if let Some(b) = &self.belief_model {
            out.push(format!("bmodel={}", b.name));
        }
        if let Some(i) = &self.inference {
            out.push(format!("{}={}", i.key(), i.samples()));
        }
        if self.chain > 0 {
            out.push(format!("chain={}", self.chain));
        }
        if self.joint > 0 {
            out.push(format!("joint={}", self.joint));
        }
        if self.itemp != 1.0 {
            out.push(format!("itemp={}", self.itemp));
        }
        if self.opponents_only {
            out.push("iseats=opponents".to_string());
        }
        if let Some(v) = &self.open_value {
            out.push(format!("vmodel={}", v.name));
            if v.weight != 1.0 {
                out.push(format!("vmix={}", v.weight));
            }
        }
        if c.truth_share != base.truth_share {
            out.push(format!("tshare={}", c.truth_share));
        }
        if c.truth_seats != base.truth_seats {
            out.push(format!("tseats={}", c.truth_seats.name()));
        }
        if c.belief_temperature != base.belief_temperature {
            out.push(format!("btemp={}", c.belief_temperature));
        }
        if let Some(t) = c.other_prior_temperature {
            out.push(format!("optemp={t}"));
        }
        if c.max_depth != base.max_depth {
            out.push(format!("depth={}", c.max_depth));
        }
        if c.widening != base.widening {
            out.push(match c.widening {
                Widening::Evaluate => "widen=eval".to_string(),
                Widening::Neutral => "widen=neutral".to_string(),
                Widening::Continue => "widen=continue".to_string(),
                Widening::Average => "widen=average".to_string(),
            });
        }
        if c.forced != base.forced {
            out.push(match c.forced {
                ForcedMoves::Evaluate => "forced=eval".to_string(),
                ForcedMoves::Skip => "forced=skip".to_string(),
            });
        }
        if c.leaf != base.leaf {
            out.push(match c.leaf {
                LeafSeats::Any => "leaf=any".to_string(),
                LeafSeats::Side => "leaf=side".to_string(),
                LeafSeats::Own => "leaf=own".to_string(),
            });
        }
        if c.lazy_priors != base.lazy_priors {
            out.push(format!("lazy={}", c.lazy_priors));
        }
        if c.other_seats != base.other_seats {
            match c.other_seats {
                OtherSeats::Search => out.push("others=search".to_string()),
                OtherSeats::Club => out.push("others=club".to_string()),
                OtherSeats::Policy { temperature } => {
                    let key = self.others_model.as_ref().map_or("policy", |m| m.key());
                    out.push(format!("others={key}"));
                    if temperature != 1.0 {
                        out.push(format!("otemp={temperature}"));
                    }
                }
            }
        }
        if c.modelled_seats != base.modelled_seats {
            out.push(format!("oseats={}", c.modelled_seats.name()));
        }
        out
    }
}

/// The share of a leaf's value an ISMCTS search with a network takes from a rollout unless
/// told (`mix`). Mixed rollouts with [`NET_ROLLOUT`] measured ahead of the network's values
/// alone at 10 ms a move as a pair and as the partner of `counting` (eval/results/partner40/),
/// and at 50 ms as a pair on two fresh seeds (eval/results/club41/).
pub const NET_ROLLOUT_MIX: f64 = 0.5;
/// How an ISMCTS search with a network timed at 50 ms a move or less explores and what it
/// maximizes unless a spec names `cpuct`, `margin` or `scale`: the points of the round alone
/// (`margin=1,scale=90`: 1% of rounds clamped, where the long reward counts a win and clamps
/// margins past 45 points, 30% of rounds) with `cpuct=0.45`, the constant scaled to that
/// reward's narrower spread. At 10 ms as the partner of `counting` it scored +0.82 [+0.10,
/// +1.54] paired over `cpuct=1` with the long reward (the previous default) on fresh seeds
/// 10199-10201, after +1.13 [-0.12, +2.38] on seed 10198 (eval/results/session70/); a
/// replication of the built default on seeds 10202-10205 did not repeat it, -0.38
/// [-0.99, +0.23], so over all eight seeds +0.26 [-0.18, +0.70]; as a pair at 10 ms +0.15
/// [-0.64, +0.94] (eval/results/session69/). At 50 ms as a pair it scored +1.22 [+0.34, +2.10]
/// paired over that default on fresh seeds 10210-10212, +0.75 [+0.21, +1.29] over all eight
/// seeds it has played there (sessions 69-71), and as the partner of `counting` +0.65
/// [-0.17, +1.48] on fresh seeds 10208-10209 (eval/results/session71/). Longer searches keep
/// `cpuct=1.5` with the long reward: none has played this tier with today's agent.
pub const NET_SHORT_POINTS: ShortBudget = ShortBudget {
    max_time: std::time::Duration::from_millis(50),
    c_puct: 0.45,
    reward: RewardConfig {
        margin_weight: 1.0,
        margin_scale: MarginScale::Points(90.0),
    },
};

/// `short` when a spec names none of `cpuct`, `margin`, `scale`: [`NET_SHORT_POINTS`] for
/// ISMCTS with a network.
fn default_short(kind: SearchKind, model: Option<&Model>) -> Vec<ShortBudget> {
    if guided_ismcts(kind, model) {
        vec![NET_SHORT_POINTS]
    } else {
        Vec::new()
    }
}

/// Whether a search is ISMCTS with a network: the one kind whose defaults the short tiers and
/// the leaf rollouts change.
fn guided_ismcts(kind: SearchKind, model: Option<&Model>) -> bool {
    kind == SearchKind::Ismcts && model.is_some()
}

/// How much of its leaf values an ISMCTS search with a network timed at 20 ms a move or less
/// takes from rollouts unless a spec names `mix`: three quarters, where longer searches take
/// [`NET_ROLLOUT_MIX`]. The rollout is the one part of a leaf value that reads the deal the
/// iteration drew, and under [`NET_SHORT_POINTS`]'s reward it samples the reward itself. At
/// 10 ms on fresh seeds beside the previous default (`mix=0.5`), paired: as the partner of
/// `counting` +0.31 [-0.36, +0.97] (seeds 10226-10229), as a pair +0.31 [-0.49, +1.12]
/// (10230-10233), after a screen of two settings (+0.13 and +0.57); over the six seeds of
/// each row +0.25 and +0.40 (eval/results/session72/). A second look: the screen's leader,
/// `mix=0.75,rollouts=2`, had failed its confirmation first (-0.15 and +0.01). The built
/// default's replication on seeds 10234-10237 was level (-0.29 and +0.02); over the eight
/// seeds of each row +0.11 [-0.36, +0.58] and +0.30 [-0.27, +0.87]. At 50 ms session 42 found
/// `mix=0.75` level as a pair under the old reward, so longer searches keep half.
pub const NET_SHORT_MIX: ShortMix = ShortMix {
    max_time: std::time::Duration::from_millis(20),
    rollout_mix: 0.75,
    late_mix: None,
};

/// Tiles on the table where a `mixlate` share is reached unless a spec names `mixtiles`: the
/// λ of least squared error of a leaf value rises until about 30 tiles and then holds
/// (eval/results/session75/).
pub const DEFAULT_MIX_TILES: u32 = 30;

/// `short_mix` when a spec names no `mix`: [`NET_SHORT_MIX`] for ISMCTS with a network.
fn default_short_mix(kind: SearchKind, model: Option<&Model>) -> Vec<ShortMix> {
    if guided_ismcts(kind, model) {
        vec![NET_SHORT_MIX]
    } else {
        Vec::new()
    }
}

/// The rollout policy of an ISMCTS search with a network unless told (`rollout`): `club`
/// plays as `counting` does, so the leaves see the table as a club player would play it out.
pub const NET_ROLLOUT: RolloutPolicy = RolloutPolicy::Club;

/// `mix` and `rollout` when a spec names neither: [`NET_ROLLOUT_MIX`] and [`NET_ROLLOUT`] for
/// ISMCTS with a network; otherwise the kind's own (a plain search's leaf value is its
/// rollout, and PIMC with a network was not measured with rollouts).
fn default_leaf_rollout(kind: SearchKind, model: Option<&Model>) -> (f64, RolloutPolicy) {
    if guided_ismcts(kind, model) {
        return (NET_ROLLOUT_MIX, NET_ROLLOUT);
    }
    let base = kind.base();
    (base.rollout_mix, base.rollout)
}

/// Where a search with `model` draws its determinizations unless told: from the model's
/// beliefs when it has a belief output, else uniformly.
fn default_beliefs(model: Option<&Model>) -> BeliefMode {
    if model.is_some_and(|m| m.evaluator.has_beliefs()) {
        BeliefMode::Learned
    } else {
        BeliefMode::Uniform
    }
}

impl fmt::Display for SearchSpec {
    /// The canonical spec: parses back to the same player.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let params = self.params();
        if params.is_empty() {
            f.write_str(self.kind.name())
        } else {
            write!(f, "{}:{}", self.kind.name(), params.join(","))
        }
    }
}

/// A player kind with its configuration: the registry of players the tools can seat.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// `random`: uniform over legal moves.
    Random,
    /// `heavy`: heaviest tile first ("bota gorda").
    Heavy,
    /// `counting[:weight=value,...]`: the club-player heuristic; keys are
    /// [`CountingWeights::KEYS`].
    Counting(CountingWeights),
    /// `ismcts[:key=value,...]` and `pimc[:...]`: the search players; keys are
    /// [`SEARCH_KEYS`], the network (if any) loaded once when the spec is parsed.
    Search(Box<SearchSpec>),
    /// `omniscient[:nodes=N]`: sees every hand and plays the solved move whenever the exact
    /// solver finishes within `nodes` positions, `counting` before that. Evaluation only:
    /// it is the ceiling of what reading the hidden tiles can be worth.
    Omniscient { nodes: u64 },
}

/// The strongest player the project ships that does not see hidden hands: ISMCTS guided by
/// the shipped model for long searches, drawing its deals from the network's beliefs, at
/// 200 ms a move, where that model measured ahead of `default`'s (`eval/results/beliefs/`,
/// "Session 23"). The browser table's default seats and `hello`'s `default_player`. It
/// searches at the default prior temperature (3): as the partner of `counting` at 200 ms, 3
/// scored +2.09 where 1 scored +1.78 on the same deals (`eval/results/ptemp200/`). It values
/// its leaves by the network alone (`mix=0`): the `club` rollout that a search with a network
/// mixes in by default since session 41 was measured at 10 and 50 ms, and at 200 only beside
/// `counting` (level with [`PARTNER_OF_PEOPLE`], `eval/results/partner47/`), not as a pair.
pub const STRONGEST_PLAYER: &str = "ismcts:ms=200,mix=0,model=long";

/// The strongest partner for a player who is not a searcher (a person, a heuristic bot):
/// [`STRONGEST_PLAYER`] with half of every leaf value from a heuristic rollout of the leaf's
/// deal, which plays the partner more as such a player does than the network's self-play
/// values do. As the partner of `counting` at 200 ms it scored +2.46 where
/// [`STRONGEST_PLAYER`] scored +2.06 on the same deals (two seeds, 8,000 rounds; ahead on
/// both), and at 10 and 50 ms it was ahead of the default search in ten of eleven
/// comparisons; as a pair of searchers it is about 2 points behind, so it partners people
/// only (`eval/results/partner40/`, `eval/results/play39/`, `eval/results/own38/`). The
/// default agent at 200 ms (`ismcts:ms=200,model=default`, `club` rollouts) was level with it
/// beside `counting`, paired +0.12 [-1.07, +1.31] over 5,000 rounds, and did not replace it
/// (`eval/results/partner47/`).
/// `capicua play`'s default partner. (`mix=0.5` is a network search's default since
/// session 41, so the spec names only the rollout policy.)
pub const PARTNER_OF_PEOPLE: &str = "ismcts:ms=200,rollout=heuristic,model=long";

/// The strongest player that the models installed here can seat: [`STRONGEST_PLAYER`], else
/// the same search with the shipped model, else without a network.
pub fn strongest_installed_player() -> String {
    installed_form(STRONGEST_PLAYER)
}

/// `spec` (a search with `model=long`) as the models installed here allow: itself, else with
/// the shipped model, else a 200 ms search without a network.
fn installed_form(spec: &str) -> String {
    if capicua_net::long_model_path().is_some() {
        spec.to_string()
    } else if capicua_net::shipped_model_path().is_some() {
        spec.replace("model=long", "model=default")
    } else {
        "ismcts:ms=200".to_string()
    }
}

/// The partner for a person that the models installed here can seat: [`PARTNER_OF_PEOPLE`],
/// else the same search with the shipped model (measured ahead of the plain default beside
/// `counting` at 10 and 50 ms, `eval/results/own38/`), else a search without a network, as
/// [`strongest_installed_player`].
pub fn partner_installed_player() -> String {
    installed_form(PARTNER_OF_PEOPLE)
}

/// Node limit of `omniscient` per decision (about 60 ms on this machine kind).
pub const OMNISCIENT_NODES: u64 = 1_000_000;

impl PlayerSpec {
    /// The names [`PlayerSpec::parse`] knows.
    pub const NAMES: &'static [&'static str] = &[
        "random",
        "heavy",
        "counting",
        "ismcts",
        "pimc",
        "omniscient",
    ];

    /// Whether the player reads hidden hands (`omniscient`, a search with `beliefs=truth`):
    /// only the duplicate runner may seat such a player; the engine process and terminal play
    /// refuse it.
    pub fn sees_hidden_hands(&self) -> bool {
        match self {
            PlayerSpec::Omniscient { .. } => true,
            PlayerSpec::Search(s) => s.config.beliefs == BeliefMode::Truth,
            _ => false,
        }
    }

    /// Parses one spec (see the module documentation for the syntax).
    pub fn parse(spec: &str) -> Result<PlayerSpec, SpecError> {
        let mut p = SpecParams::split(spec)?;
        let (parsed, known): (PlayerSpec, Vec<&str>) = match p.name() {
            "random" => (PlayerSpec::Random, Vec::new()),
            "heavy" => (PlayerSpec::Heavy, Vec::new()),
            "counting" => {
                let mut w = CountingWeights::default();
                for &key in CountingWeights::KEYS {
                    if let Some(v) = p.take_f64(key)?
                        && !w.set(key, v)
                    {
                        return Err(p.bad_value(
                            key,
                            &v.to_string(),
                            "out of range for this weight",
                        ));
                    }
                }
                (PlayerSpec::Counting(w), CountingWeights::KEYS.to_vec())
            }
            "omniscient" => {
                let nodes = p.take_u64("nodes")?.unwrap_or(OMNISCIENT_NODES);
                if nodes == 0 {
                    return Err(p.bad_value("nodes", "0", "must be positive"));
                }
                (PlayerSpec::Omniscient { nodes }, vec!["nodes"])
            }
            "ismcts" | "pimc" => {
                let kind = if p.name() == "pimc" {
                    SearchKind::Pimc
                } else {
                    SearchKind::Ismcts
                };
                (
                    PlayerSpec::Search(Box::new(SearchSpec::parse(kind, &mut p)?)),
                    kind.keys(),
                )
            }
            name => {
                return Err(SpecError::UnknownPlayer {
                    name: name.to_string(),
                    known: PlayerSpec::NAMES.join(", "),
                });
            }
        };
        p.finish(&known)?;
        Ok(parsed)
    }

    /// A fresh player whose every random choice derives from `seed` (see [`player_seed`]).
    pub fn build(&self, seed: u64) -> Box<dyn Player> {
        match self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Heavy => Box::new(HeavyPlayer::new(seed)),
            PlayerSpec::Counting(w) => Box::new(CountingPlayer::with_weights(seed, *w)),
            PlayerSpec::Search(s) => s.build(seed),
            PlayerSpec::Omniscient { nodes } => Box::new(OmniscientPlayer::new(
                self.to_string(),
                *nodes,
                Box::new(CountingPlayer::new(seed)),
            )),
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical spec: parses back to the same player.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Heavy => f.write_str("heavy"),
            PlayerSpec::Counting(w) => f.write_str(&w.spec()),
            PlayerSpec::Search(s) => s.fmt(f),
            PlayerSpec::Omniscient { nodes } if *nodes == OMNISCIENT_NODES => {
                f.write_str("omniscient")
            }
            PlayerSpec::Omniscient { nodes } => write!(f, "omniscient:nodes={nodes}"),
        }
    }
}

impl std::str::FromStr for PlayerSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<PlayerSpec, SpecError> {
        PlayerSpec::parse(s)
    }
}

/// Splits a comma-separated list of specs whose own parameters are also comma-separated:
/// `random,heavy,counting:pass_next=10,feed_opp=3` is three specs. A part of the form
/// `key=value` (an `=` with no `:` before it) continues the spec before it.
pub fn split_spec_list(list: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in list.split(',') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let continues = match part.find('=') {
            Some(i) => !part[..i].contains(':'),
            None => false,
        };
        match out.last_mut() {
            Some(last) if continues => {
                last.push(',');
                last.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_parameters() {
        assert_eq!(PlayerSpec::parse("random").unwrap(), PlayerSpec::Random);
        assert_eq!(PlayerSpec::parse(" heavy ").unwrap(), PlayerSpec::Heavy);
        assert_eq!(
            PlayerSpec::parse("counting").unwrap(),
            PlayerSpec::Counting(CountingWeights::default())
        );
        let PlayerSpec::Counting(w) = PlayerSpec::parse("counting:pass_next=10, block=0").unwrap()
        else {
            panic!("not counting")
        };
        assert_eq!(w.pass_next, 10.0);
        assert_eq!(w.block, 0.0);
        assert_eq!(w.pips, CountingWeights::default().pips);
    }

    #[test]
    fn canonical_names_parse_back() {
        for s in [
            "random",
            "heavy",
            "counting",
            "counting:pass_next=10,block_samples=8",
        ] {
            let spec = PlayerSpec::parse(s).unwrap();
            assert_eq!(spec.to_string(), s);
            assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
            assert_eq!(spec.build(1).name(), s);
        }
    }

    #[test]
    fn rejects_bad_specs() {
        assert_eq!(PlayerSpec::parse(""), Err(SpecError::Empty));
        assert_refused(&["ismcts:parallel=shared", "pimc:threads=2,parallel=tree"]);
        assert!(matches!(
            PlayerSpec::parse("nope"),
            Err(SpecError::UnknownPlayer { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("heavy:x=1"),
            Err(SpecError::UnknownKey { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pass_next"),
            Err(SpecError::Malformed { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pass_next="),
            Err(SpecError::Malformed { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pass_next=x"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pass_next=inf"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:block_samples=1.5"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pips=1,pips=2"),
            Err(SpecError::Repeated { .. })
        ));
    }

    #[test]
    fn typed_getters_and_paths() {
        let mut p =
            SpecParams::split("x:iters=800,model=models/a:b=c.bin,flag=1,rate=0.5").unwrap();
        assert_eq!(p.name(), "x");
        assert_eq!(p.take_u64("iters").unwrap(), Some(800));
        assert_eq!(p.take_str("model").as_deref(), Some("models/a:b=c.bin"));
        assert_eq!(p.take_bool("flag").unwrap(), Some(true));
        assert_eq!(p.remaining_keys(), vec!["rate".to_string()]);
        assert_eq!(p.take_u64("missing").unwrap(), None);
        assert!(p.clone().finish(&["iters"]).is_err());
        assert_eq!(p.take_f64("rate").unwrap(), Some(0.5));
        p.finish(&[]).unwrap();
    }

    #[test]
    fn splits_lists_of_specs() {
        assert_eq!(
            split_spec_list("random, heavy,counting"),
            vec!["random", "heavy", "counting"]
        );
        assert_eq!(
            split_spec_list("random,ismcts:iters=100,ms=5,model=m/x:y,counting:pips=2"),
            vec![
                "random",
                "ismcts:iters=100,ms=5,model=m/x:y",
                "counting:pips=2"
            ]
        );
    }

    fn search(spec: &str) -> SearchSpec {
        match PlayerSpec::parse(spec).unwrap() {
            PlayerSpec::Search(s) => *s,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn parses_search_keys() {
        let s = search(
            "ismcts:iters=2000,threads=2,c=0.5,rollout=heuristic,margin=0.25,scale=target,seed=7",
        );
        let c = &s.config;
        assert_eq!(c.budget, Budget::iterations(2000));
        assert_eq!((c.threads, c.c_ucb, c.seed), (2, 0.5, 7));
        assert_eq!(c.rollout, RolloutPolicy::Heuristic);
        assert_eq!(c.reward.margin_weight, 0.25);
        assert_eq!(c.reward.margin_scale, MarginScale::Target);
        assert_eq!(s.model, None);
        let s = search("ismcts:ms=50");
        assert_eq!(s.config.budget, Budget::time(Duration::from_millis(50)));
        let p = search("pimc:worlds=8,iters=800");
        assert_eq!(p.config.algorithm, Algorithm::Pimc { worlds: 8 });
        for bad in [
            "iters=0",
            "iters=x",
            "margin=2",
            "rollout=smart",
            "scale=-3",
            "ptemp=0",
            "fpu=x",
            "fpu=inf",
            "fpubase=parent",
            "mix=1.5",
            "mix=0.3,mixlate=1.5",
            "mix=0.3,mixlate=0.9,mixtiles=0",
            "mixlate=0.9",
            "mixtiles=20",
            "mix=0.3,mixtiles=20",
            "rollouts=0",
            "rrand=x",
            "rrand=-1",
            "model=",
            "choice=value",
            "cscale=0",
            "cscale=0.2",
        ] {
            assert!(
                matches!(
                    PlayerSpec::parse(&format!("ismcts:{bad}")),
                    Err(SpecError::BadValue { .. } | SpecError::Malformed { .. })
                ),
                "{bad}"
            );
        }
        let ramp = search("ismcts:ms=10,model=default,mix=0.3,mixlate=0.95").config;
        assert_eq!(
            (ramp.rollout_mix, ramp.late_mix, ramp.short_mix.len()),
            (
                0.3,
                Some(LateMix {
                    rollout_mix: 0.95,
                    tiles: DEFAULT_MIX_TILES
                }),
                0
            )
        );
        assert_eq!(search("ismcts:ms=10,model=default").config.late_mix, None);
        // `worlds` is PIMC's alone, and the message lists the keys ismcts takes.
        let err = PlayerSpec::parse("ismcts:worlds=3").unwrap_err();
        assert!(
            matches!(&err, SpecError::UnknownKey { known, .. } if known.contains("iters") && !known.contains("worlds")),
            "{err}"
        );
        assert_eq!(search("ismcts").config, SearchConfig::default());
        assert_eq!(search("pimc").config, SearchConfig::pimc());
        assert_eq!(
            search("ismcts:choice=improved,cscale=0.25").config.choice,
            MoveChoice::Improved {
                weight: ValueWeight::PerVisit(0.25)
            }
        );
        assert_eq!(
            search("ismcts:choice=improved").config.choice,
            MoveChoice::Improved {
                weight: ValueWeight::PerVisit(DEFAULT_CHOICE_SCALE)
            }
        );
    }

    #[test]
    fn parallel_auto_is_the_default() {
        assert_eq!(
            PlayerSpec::parse("ismcts:threads=2,parallel=auto").unwrap(),
            PlayerSpec::parse("ismcts:threads=2").unwrap()
        );
        assert_ne!(
            PlayerSpec::parse("ismcts:threads=2,parallel=tree").unwrap(),
            PlayerSpec::parse("ismcts:threads=2").unwrap()
        );
    }

    #[test]
    fn fresh_root_deals_are_the_default() {
        let common = PlayerSpec::parse("ismcts:rootdeals=common").unwrap();
        assert_ne!(common, PlayerSpec::parse("ismcts").unwrap());
        assert_eq!(
            PlayerSpec::parse("ismcts:rootdeals=fresh").unwrap(),
            PlayerSpec::parse("ismcts").unwrap()
        );
        assert!(PlayerSpec::parse("ismcts:rootdeals=same").is_err());
    }

    #[test]
    fn early_stop_needs_a_time_budget_and_a_share() {
        let spec = |t: &str| match PlayerSpec::parse(t) {
            Ok(PlayerSpec::Search(s)) => s.config.early_stop,
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(spec("ismcts:ms=20"), None);
        assert_eq!(
            spec("ismcts:ms=20,stopshare=0.7"),
            Some(EarlyStop {
                at: DEFAULT_STOP_AT,
                share: 0.7
            })
        );
        assert_eq!(
            spec("ismcts:ms=100,stopshare=0.7,stopat=0.1"),
            Some(EarlyStop {
                at: 0.1,
                share: 0.7
            })
        );
        for bad in [
            "ismcts:stopshare=0.7",
            "ismcts:iters=900,stopshare=0.7",
            "ismcts:ms=20,stopat=0.1",
            "ismcts:ms=20,stopshare=1.5",
            "ismcts:ms=20,stopshare=0",
            "ismcts:ms=20,stopshare=0.7,stopat=1",
        ] {
            assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn canonical_search_specs_parse_back() {
        for text in [
            "ismcts",
            "ismcts:iters=2000,threads=2",
            "ismcts:ms=10,threads=2,parallel=root",
            "ismcts:ms=10,threads=2,parallel=tree",
            "ismcts:ms=50",
            "ismcts:iters=300,ms=20,c=0.35,cpuct=2.5,ptemp=1.5,fpu=-0.1,mix=0.25,margin=0.1,scale=12.5,rollout=heavy,seed=9,nodes=5000",
            "ismcts:mix=0.5,rollouts=4,rollout=club",
            "ismcts:mix=0.5,rollouts=2,rrand=0,rollout=club",
            "ismcts:ms=10,mix=0.3,mixlate=0.95",
            "ismcts:mix=0.3,mixlate=0.9,mixtiles=24,rollout=club",
            "ismcts:rrand=32,rollout=heuristic",
            "ismcts:ms=10,rootdeals=common",
            "ismcts:ms=20,stopshare=0.7",
            "ismcts:ms=100,stopshare=0.7,stopat=0.1,threads=2",
            "ismcts:fpu=0.3",
            "ismcts:ptemp=2,piptilt=-0.05",
            "ismcts:fpu=0.1,fpubase=mean",
            "ismcts:scale=target,rollout=heuristic",
            "ismcts:others=policy",
            "ismcts:iters=50,others=policy,otemp=0.5",
            "ismcts:btemp=0.5",
            "ismcts:optemp=1,depth=6,widen=average",
            "ismcts:widen=neutral",
            "ismcts:widen=continue",
            "ismcts:forced=skip",
            "ismcts:leaf=own",
            "ismcts:forced=skip,leaf=side",
            "ismcts:widen=neutral,leaf=own,lazy=1",
            "ismcts:choice=improved",
            "ismcts:iters=80,choice=improved,cscale=0.03",
            "ismcts:choice=improved,cweight=120",
            "ismcts:beliefs=truth,tshare=0.5,tseats=partner",
            "pimc:iters=800,worlds=8",
        ] {
            let spec = PlayerSpec::parse(text).unwrap();
            assert_eq!(spec.to_string(), text);
            assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
            assert_eq!(spec.build(1).name(), text);
        }
    }

    /// That none of `texts` parses.
    fn assert_refused(texts: &[&str]) {
        for text in texts {
            assert!(PlayerSpec::parse(text).is_err(), "{text}");
        }
    }

    /// The search `text` names, after checking that it is canonical, parses back to itself
    /// and does not see the hidden hands.
    fn canonical_search(text: &str) -> SearchSpec {
        let spec = PlayerSpec::parse(text).unwrap();
        assert_eq!(spec.to_string(), text);
        assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
        assert!(!spec.sees_hidden_hands());
        match spec {
            PlayerSpec::Search(s) => *s,
            _ => panic!("{text} is a search"),
        }
    }

    /// `widen`, `depth` and `optemp` name their settings.
    #[test]
    fn tree_shape_keys_take_their_values() {
        assert_refused(&[
            "ismcts:widen=sometimes",
            "ismcts:depth=-1",
            "ismcts:depth=x",
            "ismcts:optemp=0",
            "ismcts:forced=always",
            "ismcts:leaf=partner",
            "ismcts:lazy=1",
            "ismcts:leaf=own,lazy=-1",
        ]);
        let s = canonical_search("ismcts:optemp=1.5,depth=6,widen=average,forced=skip");
        assert_eq!(s.config.other_prior_temperature, Some(1.5));
        assert_eq!(s.config.max_depth, 6);
        assert_eq!(s.config.widening, Widening::Average);
        assert_eq!(s.config.forced, ForcedMoves::Skip);
        assert_eq!(s.searcher().config().widening, Widening::Average);
        assert_eq!(s.searcher().config().forced, ForcedMoves::Skip);
        let s = canonical_search("ismcts:leaf=own");
        assert_eq!(s.searcher().config().leaf, LeafSeats::Own);
        let s = canonical_search("ismcts:leaf=side");
        assert_eq!(s.searcher().config().leaf, LeafSeats::Side);
        let s = canonical_search("ismcts:leaf=side,lazy=2");
        assert_eq!(s.searcher().config().lazy_priors, 2);
    }

    /// `cweight` is a fixed weight of `choice=improved`'s values, instead of `cscale`;
    /// `root=improved` replaces PUCT at the root to follow `choice=improved`, so it needs both
    /// the choice and a model.
    #[test]
    fn the_improved_root_needs_the_improved_choice_and_a_model() {
        assert_refused(&[
            "ismcts:cweight=100",
            "ismcts:choice=improved,cscale=0.1,cweight=100",
            "ismcts:choice=improved,cweight=0",
            "ismcts:root=gumbel",
            "ismcts:root=improved",
            "ismcts:choice=improved,root=improved",
            "ismcts:model=default,root=improved",
        ]);
        let s = canonical_search("ismcts:choice=improved,cweight=120");
        assert_eq!(
            s.config.choice,
            MoveChoice::Improved {
                weight: ValueWeight::Fixed(120.0)
            }
        );
        assert_eq!(s.config.root, RootSelection::Puct);
        if capicua_net::shipped_model_path().is_none() {
            return;
        }
        let s = canonical_search("ismcts:choice=improved,cweight=120,root=improved,model=default");
        assert_eq!(s.config.root, RootSelection::Improved);
        assert_eq!(s.searcher().config().root, RootSelection::Improved);
    }

    /// `cinfer` and `pinfer` need a model and learned deals, and not each other; a spec with
    /// one parses back to itself and its searcher's evaluator reads the moves as it says.
    #[test]
    fn inference_keys_need_a_model_and_learned_deals() {
        assert_refused(&[
            "ismcts:cinfer=100",
            "ismcts:iters=10,model=default,beliefs=uniform,cinfer=100",
            "ismcts:model=default,cinfer=0",
            "ismcts:pinfer=100",
            "ismcts:iters=10,model=default,beliefs=uniform,pinfer=100",
            "ismcts:model=default,pinfer=0",
            "ismcts:model=default,cinfer=100,pinfer=100",
            "ismcts:model=default,chain=100",
            "ismcts:model=default,joint=100",
            "ismcts:model=default,itemp=0.5",
            "ismcts:model=default,pinfer=100,itemp=0",
            "ismcts:model=default,iseats=opponents",
            "ismcts:model=default,pinfer=100,iseats=partner",
        ]);
        if capicua_net::shipped_model_path().is_none() {
            return;
        }
        for (key, evaluator) in [
            ("cinfer", "counting-inference(n=100)"),
            ("pinfer", "inference:models/counting-imitation.bpk(n=100)"),
        ] {
            let s = canonical_search(&format!("ismcts:iters=10,model=default,{key}=100"));
            let inference = s.inference.as_ref().expect("an inference key");
            assert_eq!(inference.key(), key);
            assert_eq!(inference.samples(), 100);
            assert_eq!(s.config.beliefs, BeliefMode::Learned);
            let name = s.searcher().evaluator().name();
            assert!(name.contains(evaluator), "{name}");
            let tuned = canonical_search(&format!(
                "ismcts:iters=10,model=default,{key}=100,chain=900,joint=300,itemp=0.5,iseats=opponents"
            ));
            assert_eq!(
                (tuned.chain, tuned.joint, tuned.itemp, tuned.opponents_only),
                (900, 300, 0.5, true)
            );
            let name = tuned.searcher().evaluator().name();
            assert!(
                name.contains("(n=100,chain=900,joint=300,T=0.5,opponents)"),
                "{name}"
            );
            let all = format!("ismcts:iters=10,model=default,{key}=100");
            assert_eq!(
                PlayerSpec::parse(&format!("{all},iseats=all")).unwrap(),
                PlayerSpec::parse(&all).unwrap()
            );
        }
    }

    /// `others=counting` and `others=players` need a model; a spec with one parses back to
    /// itself, keeps `otemp`, and its searcher's evaluator models the other seats.
    #[test]
    fn modelled_other_seats_need_a_model() {
        assert_refused(&[
            "ismcts:others=counting",
            "ismcts:others=players",
            "ismcts:others=club",
            "ismcts:others=cats",
            "ismcts:oseats=partner",
            "ismcts:others=policy,oseats=cats",
        ]);
        // `oseats` chooses which seats another model plays; `club` needs no model file
        let s = canonical_search("ismcts:others=policy,oseats=opponents");
        assert_eq!(s.config.modelled_seats, SeatGroup::Opponents);
        if capicua_net::shipped_model_path().is_none() {
            return;
        }
        let s = canonical_search("ismcts:model=default,others=club,oseats=partner");
        assert_eq!(
            (
                s.config.other_seats,
                s.config.modelled_seats,
                s.others_model
            ),
            (OtherSeats::Club, SeatGroup::Partner, None)
        );
        assert_refused(&["ismcts:others=search,oseats=partner,model=default"]);
        for (key, evaluator) in [
            ("counting", "others:counting"),
            ("players", "others:models/counting-imitation.bpk"),
        ] {
            let s = canonical_search(&format!(
                "ismcts:iters=10,model=default,pinfer=50,others={key},otemp=0.5"
            ));
            assert_eq!(s.others_model.as_ref().map(|m| m.key()), Some(key));
            assert_eq!(
                s.config.other_seats,
                OtherSeats::Policy { temperature: 0.5 }
            );
            let name = s.searcher().evaluator().name();
            assert!(
                name.contains(evaluator) && name.contains("inference"),
                "{name}"
            );
        }
    }

    #[test]
    fn only_omniscient_and_truth_searches_see_hidden_hands() {
        for (text, sees) in [
            ("omniscient", true),
            ("ismcts:beliefs=truth", true),
            ("ismcts:beliefs=truth,tshare=0.5", true),
            ("ismcts:beliefs=truth,tseats=partner", true),
            ("ismcts", false),
            ("ismcts:beliefs=uniform,btemp=0.5", false),
            ("counting", false),
        ] {
            assert_eq!(
                PlayerSpec::parse(text).unwrap().sees_hidden_hands(),
                sees,
                "{text}"
            );
        }
        assert_refused(&["ismcts:beliefs=truth,tseats=cats"]);
    }

    #[test]
    fn seeds_derive_from_the_run_and_the_spec() {
        assert_ne!(player_seed(1, 0), player_seed(1, 1));
        assert_ne!(player_seed(1, 0), player_seed(2, 0));
        assert_eq!(player_seed(7, 3), player_seed(7, 3));
        let plain = search("ismcts");
        assert_eq!(plain.config_seed(42), 42);
        assert_ne!(search("ismcts:seed=1").config_seed(42), 42);
    }
}

#[cfg(test)]
mod model_tests {
    use super::*;
    use capicua_engine::{Match, Rules};
    use capicua_net::{ENCODING_VERSION, INPUT_SIZE, ModelShape, Network, POLICY_SIZE};

    #[test]
    fn search_players_take_a_model() {
        let dir = std::env::temp_dir().join(format!("capicua-eval-model-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("net.bpk");
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE);
        Network::new(shape.clone(), ENCODING_VERSION, 1)
            .unwrap()
            .save(&path)
            .unwrap();
        let text = format!("ismcts:iters=50,model={}", path.display());
        let spec = PlayerSpec::parse(&text).unwrap();
        assert!(matches!(&spec, PlayerSpec::Search(s) if s.model.is_some()));
        assert_eq!(spec.to_string(), text);
        assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
        let mut player = spec.build(3);
        assert_eq!(player.name(), text);
        let round = Match::new(&Rules::cuban(), 5).deal_round();
        let info = round.infoset(round.to_move());
        assert!(info.legal_moves().contains(player.choose(&info)));
        assert_eq!(
            PlayerSpec::parse("ismcts:model=none").unwrap(),
            PlayerSpec::parse("ismcts").unwrap()
        );
        // ISMCTS with a network mixes a `club` rollout into its leaf values unless told; a
        // plain search and PIMC keep their own, and a spec that says otherwise names it
        let leaf = |text: &str| match PlayerSpec::parse(text).unwrap() {
            PlayerSpec::Search(s) => (s.config.rollout_mix, s.config.rollout, s.to_string()),
            _ => panic!("{text} is a search"),
        };
        let model = path.display();
        assert_eq!(leaf(&text).0, NET_ROLLOUT_MIX);
        assert_eq!(leaf(&text).1, NET_ROLLOUT);
        assert_eq!(leaf("ismcts").0, 0.0);
        assert_eq!(leaf("ismcts").1, RolloutPolicy::Random);
        let pimc = leaf(&format!("pimc:model={model}"));
        assert_eq!((pimc.0, pimc.1), (0.0, RolloutPolicy::Random));
        for (keys, mix, rollout) in [
            ("mix=0,", 0.0, NET_ROLLOUT),
            ("mix=0.25,", 0.25, NET_ROLLOUT),
            (
                "rollout=heuristic,",
                NET_ROLLOUT_MIX,
                RolloutPolicy::Heuristic,
            ),
        ] {
            let canonical = format!("ismcts:{keys}model={model}");
            assert_eq!(leaf(&canonical), (mix, rollout, canonical.clone()));
        }
        // ...and explores and values the round by its short tiers at short times unless cpuct,
        // margin or scale is named, which then holds at every budget; the constant stays in the
        // canonical text even at its default 1.5
        let short = |text: &str| match PlayerSpec::parse(text).unwrap() {
            PlayerSpec::Search(s) => (s.config.c_puct, s.config.short.clone(), s.to_string()),
            _ => panic!("{text} is a search"),
        };
        let timed = format!("ismcts:ms=10,model={model}");
        let tiers = vec![NET_SHORT_POINTS];
        assert_eq!(short(&timed), (1.5, tiers.clone(), timed.clone()));
        // #12's 10 and 50 ms take the points tier, longer searches the long defaults
        let PlayerSpec::Search(s) = PlayerSpec::parse(&timed).unwrap() else {
            panic!("{timed} is a search")
        };
        let ms = |t| Budget::time(Duration::from_millis(t));
        assert_eq!(
            [10, 20, 21, 50, 51, 200].map(|t| s.config.c_puct_for(&ms(t))),
            [0.45, 0.45, 0.45, 0.45, 1.5, 1.5]
        );
        let (points, long) = (NET_SHORT_POINTS.reward, RewardConfig::default());
        assert_eq!(
            [10, 20, 21, 50, 51, 200].map(|t| s.config.reward_for(&ms(t))),
            [points, points, points, points, long, long]
        );
        assert!(short("ismcts:ms=10").1.is_empty());
        assert!(short(&format!("pimc:model={model}")).1.is_empty());
        // ...and takes more of its leaf values from rollouts at 20 ms or less unless mix is
        // named, which then holds at every budget and stays in the canonical text
        assert_eq!(s.config.short_mix, vec![NET_SHORT_MIX]);
        assert_eq!(
            [10, 20, 21, 50, 200].map(|t| s.config.rollout_mix_for(&ms(t))),
            [0.75, 0.75, 0.5, 0.5, 0.5]
        );
        for mix in [0.5, 0.75, 0.25] {
            let named = format!("ismcts:ms=10,mix={mix},model={model}");
            let PlayerSpec::Search(n) = PlayerSpec::parse(&named).unwrap() else {
                panic!("{named} is a search")
            };
            assert!(n.config.short_mix.is_empty(), "{named}");
            assert_eq!(n.config.rollout_mix_for(&ms(10)), mix, "{named}");
            assert_eq!(n.to_string(), named);
        }
        for plain in [
            "ismcts:ms=10".to_string(),
            format!("pimc:ms=10,model={model}"),
        ] {
            let PlayerSpec::Search(p) = PlayerSpec::parse(&plain).unwrap() else {
                panic!("{plain} is a search")
            };
            assert!(p.config.short_mix.is_empty(), "{plain}");
        }
        for (keys, canonical_keys) in [
            ("cpuct=1.5", "cpuct=1.5"),
            ("cpuct=1", "cpuct=1"),
            (
                "cpuct=0.45,margin=1,scale=90",
                "cpuct=0.45,margin=1,scale=90",
            ),
            ("margin=0.75", "cpuct=1.5,margin=0.75"),
            ("scale=90", "cpuct=1.5,scale=90"),
            ("margin=0.5", "cpuct=1.5"),
        ] {
            let named = format!("ismcts:ms=10,{keys},model={model}");
            let (_, short_budget, canonical) = short(&named);
            assert!(short_budget.is_empty(), "{named}");
            assert_eq!(
                canonical,
                format!("ismcts:ms=10,{canonical_keys},model={model}")
            );
            let PlayerSpec::Search(again) = PlayerSpec::parse(&canonical).unwrap() else {
                panic!("{canonical} is a search")
            };
            let PlayerSpec::Search(first) = PlayerSpec::parse(&named).unwrap() else {
                panic!("{named} is a search")
            };
            assert_eq!(
                again.config, first.config,
                "{named} prints back as {canonical}"
            );
        }
        let PlayerSpec::Search(parsed) = PlayerSpec::parse(&text).unwrap() else {
            panic!("{text} is a search")
        };
        let with_model = SearchSpec::with_model(SearchKind::Ismcts, parsed.model);
        assert_eq!(with_model.to_string(), format!("ismcts:model={model}"));
        assert_eq!(with_model.config.rollout, NET_ROLLOUT);
        assert_eq!(with_model.config.short, tiers);
        assert_eq!(with_model.config.short_mix, vec![NET_SHORT_MIX]);
        // A file for another encoding is refused, naming the key.
        Network::new(shape, ENCODING_VERSION + 1, 1)
            .unwrap()
            .save(&path)
            .unwrap();
        let err = PlayerSpec::parse(&text).unwrap_err().to_string();
        assert!(err.contains("model") && err.contains("encoding"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn search_players_take_an_open_value_model() {
        let dir = std::env::temp_dir().join(format!("capicua-eval-vmodel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (net, open) = (dir.join("net.bpk"), dir.join("open.bpk"));
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE);
        Network::new(shape, ENCODING_VERSION, 1)
            .unwrap()
            .save(&net)
            .unwrap();
        let open_shape = ModelShape::with_hidden(
            capicua_net::encoding::OPEN_INPUT_SIZE,
            &[16, 8],
            POLICY_SIZE,
        );
        Network::new(open_shape, ENCODING_VERSION, 2)
            .unwrap()
            .save(&open)
            .unwrap();
        let text = format!(
            "ismcts:iters=50,model={},vmodel={},vmix=0.5",
            net.display(),
            open.display()
        );
        let spec = PlayerSpec::parse(&text).unwrap();
        assert!(
            matches!(&spec, PlayerSpec::Search(s) if s.open_value.as_ref().is_some_and(|v| v.weight == 0.5))
        );
        assert_eq!(spec.to_string(), text);
        assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
        let mut player = spec.build(3);
        let round = Match::new(&Rules::cuban(), 5).deal_round();
        let info = round.infoset(round.to_move());
        assert!(info.legal_moves().contains(player.choose(&info)));
        // vmix alone, vmodel without a model for the priors, and a policy/value network as
        // an open model are refused, each naming its key
        let refused = |t: String, key: &str| {
            let err = PlayerSpec::parse(&t).unwrap_err().to_string();
            assert!(err.contains(key), "{t}: {err}");
        };
        let plain = format!("ismcts:iters=50,model={}", net.display());
        assert_eq!(
            PlayerSpec::parse(&format!("{plain},vmodel=none")).unwrap(),
            PlayerSpec::parse(&plain).unwrap()
        );
        if capicua_net::open_value_model_path().is_some() {
            let shipped = format!("{plain},vmodel=open");
            assert_eq!(PlayerSpec::parse(&shipped).unwrap().to_string(), shipped);
        }
        refused(format!("ismcts:model={},vmix=0.5", net.display()), "vmix");
        refused(format!("ismcts:vmodel={}", open.display()), "vmodel");
        refused(
            format!("ismcts:model={},vmodel={}", net.display(), net.display()),
            "shape",
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn tie_shares_print_back() {
        for (key, get) in [
            (
                "ctie",
                (|c: &SearchConfig| c.club_ties) as fn(&SearchConfig) -> f64,
            ),
            ("reveal", |c: &SearchConfig| c.reveal),
        ] {
            let spec = PlayerSpec::parse(&format!("ismcts:iters=20,{key}=0.2")).unwrap();
            let PlayerSpec::Search(s) = &spec else {
                panic!("a search")
            };
            assert_eq!(get(&s.config), 0.2);
            assert_eq!(spec.to_string(), format!("ismcts:iters=20,{key}=0.2"));
            assert_eq!(
                PlayerSpec::parse(&format!("ismcts:iters=20,{key}=0"))
                    .unwrap()
                    .to_string(),
                "ismcts:iters=20"
            );
            assert!(PlayerSpec::parse(&format!("ismcts:{key}=1.5")).is_err());
        }
    }

    #[test]
    fn search_players_take_a_belief_model() {
        let dir = std::env::temp_dir().join(format!("capicua-eval-bmodel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (plain_net, believer) = (dir.join("plain.bpk"), dir.join("beliefs.bpk"));
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE);
        Network::new(shape.clone(), ENCODING_VERSION, 1)
            .unwrap()
            .save(&plain_net)
            .unwrap();
        Network::new(
            shape.with_beliefs(capicua_net::encoding::BELIEF_SIZE),
            ENCODING_VERSION,
            2,
        )
        .unwrap()
        .save(&believer)
        .unwrap();
        // a model without beliefs draws learned deals from the belief model's
        let text = format!(
            "ismcts:iters=50,model={},bmodel={}",
            plain_net.display(),
            believer.display()
        );
        let spec = PlayerSpec::parse(&text).unwrap();
        let PlayerSpec::Search(s) = &spec else {
            panic!("{text} is a search")
        };
        assert_eq!(s.config.beliefs, BeliefMode::Learned);
        assert_eq!(spec.to_string(), text);
        assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
        let round = Match::new(&Rules::cuban(), 5).deal_round();
        let info = round.infoset(round.to_move());
        let searcher = s.searcher();
        let want = capicua_net::NetEvaluator::load(&believer)
            .unwrap()
            .place_weights_of(&info);
        assert_eq!(searcher.evaluator().place_weights(&info), want);
        let mut player = spec.build(3);
        assert!(info.legal_moves().contains(player.choose(&info)));
        let refused = |t: String, key: &str, why: &str| {
            let err = PlayerSpec::parse(&t).unwrap_err().to_string();
            assert!(err.contains(key) && err.contains(why), "{t}: {err}");
        };
        let b = believer.display();
        refused(format!("ismcts:bmodel={b}"), "bmodel", "needs a model");
        refused(
            format!("ismcts:model={b},bmodel={}", plain_net.display()),
            "bmodel",
            "no belief output",
        );
        refused(
            format!("ismcts:model={b},bmodel={b},beliefs=uniform"),
            "bmodel",
            "beliefs=uniform",
        );
        refused(
            format!("ismcts:model={b},bmodel={b},cinfer=10"),
            "bmodel",
            "cinfer",
        );
        assert_eq!(
            PlayerSpec::parse(&format!("ismcts:model={b},bmodel=none")).unwrap(),
            PlayerSpec::parse(&format!("ismcts:model={b}")).unwrap()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn default_is_the_shipped_model_or_an_error() {
        match capicua_net::shipped_model_path() {
            Some(_) => {
                let spec = PlayerSpec::parse("ismcts:iters=10,model=default").unwrap();
                assert_eq!(spec.to_string(), "ismcts:iters=10,model=default");
                assert_eq!(ModelChoice::installed(), ModelChoice::Default);
            }
            None => {
                assert!(matches!(
                    ModelChoice::Default.load(),
                    Err(SpecError::NoShippedModel { .. })
                ));
                assert!(matches!(
                    PlayerSpec::parse("ismcts:model=default"),
                    Err(SpecError::NoShippedModel { .. })
                ));
                assert_eq!(ModelChoice::installed(), ModelChoice::None);
            }
        }
        assert!(matches!(
            ModelChoice::parse("/no/such/model.bpk"),
            Err(SpecError::MissingModel(_))
        ));
        assert!(matches!(
            ModelChoice::parse("/"),
            Err(SpecError::MissingModel(_))
        ));
        assert_eq!(ModelChoice::parse(""), Err(SpecError::EmptyModel));
        let me = std::env::current_exe().unwrap();
        let choice = ModelChoice::parse(me.to_str().unwrap()).unwrap();
        assert!(matches!(choice.load(), Err(SpecError::Model { .. })));
    }

    #[test]
    fn the_shipped_model_reads_the_shipped_reader_unless_told() {
        let (Some(_), Some(_)) = (
            capicua_net::shipped_model_path(),
            capicua_net::shipped_reader_path(),
        ) else {
            return;
        };
        let reader_of = |t: &str| match PlayerSpec::parse(t).unwrap() {
            PlayerSpec::Search(s) => s.config.move_reader.clone(),
            _ => unreachable!("{t} is a search"),
        };
        let shipped = reader_of("ismcts:iters=10,model=default").expect("the shipped reader");
        assert_eq!(shipped.source, "default");
        assert_eq!(
            reader_of("ismcts:iters=10,model=default,reader=default"),
            Some(shipped.clone())
        );
        // the canonical text leaves the default out and names a departure from it
        for t in [
            "ismcts:iters=10,model=default",
            "ismcts:iters=10,reader=none,model=default",
            "ismcts:iters=10,rnodes=own,model=default",
            "ismcts:iters=10,rscale=0.5,rnodes=own,model=default",
        ] {
            let spec = PlayerSpec::parse(t).unwrap();
            assert_eq!(spec.to_string(), t);
            assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
        }
        assert!(reader_of("ismcts:iters=10,model=default,reader=none").is_none());
        // the shipped short reader holds up to 20 ms unless a spec names a reader
        if let Some(path) = capicua_net::shipped_short_reader_path() {
            let short = load_reader(&path.display().to_string()).unwrap();
            assert_ne!(short.linear, shipped.linear, "two readers");
            let at = |t: &str, ms: u64| match PlayerSpec::parse(t).unwrap() {
                PlayerSpec::Search(s) => s
                    .config
                    .move_reader_for(&Budget::time(Duration::from_millis(ms)))
                    .map(|r| r.linear.clone()),
                _ => unreachable!("{t} is a search"),
            };
            for t in [
                "ismcts:ms=10,model=default",
                "ismcts:ms=10,model=default,reader=default",
            ] {
                assert_eq!(at(t, 10), Some(short.linear.clone()), "{t}");
                assert_eq!(at(t, 20), Some(short.linear.clone()), "{t}");
                assert_eq!(at(t, 21), Some(shipped.linear.clone()), "{t}");
            }
            let long = capicua_net::shipped_reader_path().unwrap();
            let named = format!("ismcts:ms=10,model=default,reader={}", long.display());
            assert_eq!(at(&named, 10), Some(shipped.linear.clone()));
            assert_eq!(at("ismcts:ms=10,model=default,reader=none", 10), None);
            let built = SearchSpec::with_model(
                SearchKind::Ismcts,
                Some(ModelChoice::Default.load().unwrap().unwrap()),
            );
            let parsed = match PlayerSpec::parse("ismcts:model=default").unwrap() {
                PlayerSpec::Search(s) => s,
                _ => unreachable!("a search"),
            };
            assert_eq!(built.config.short_reader, parsed.config.short_reader);
            assert_eq!(built.config.short_reader.len(), 1);
        }
        let below = |t: &str| match PlayerSpec::parse(t).unwrap() {
            PlayerSpec::Search(s) => s.config.reader_below_root,
            _ => unreachable!("{t} is a search"),
        };
        assert!(!below("ismcts:iters=10,model=default"));
        assert!(below("ismcts:iters=10,model=default,rnodes=own"));
        assert!(!below("ismcts:iters=10,model=default,rnodes=root"));
        let err = PlayerSpec::parse("ismcts:iters=10,model=default,reader=none,rnodes=own")
            .unwrap_err()
            .to_string();
        assert!(err.contains("rnodes") && err.contains("reader"), "{err}");
        let err = PlayerSpec::parse("ismcts:iters=10,model=default,reader=none,rscale=0.5")
            .unwrap_err()
            .to_string();
        assert!(err.contains("rscale") && err.contains("reader"), "{err}");
        if capicua_net::long_model_path().is_some() {
            assert!(reader_of("ismcts:iters=10,model=long").is_none());
        }
        let err = PlayerSpec::parse("ismcts:iters=10,reader=default")
            .unwrap_err()
            .to_string();
        assert!(err.contains("reader") && err.contains("model"), "{err}");
    }

    #[test]
    fn long_is_the_long_model_or_an_error() {
        assert_eq!(ModelChoice::parse("long"), Ok(ModelChoice::Long));
        match capicua_net::long_model_path() {
            Some(path) => {
                let spec = PlayerSpec::parse("ismcts:iters=10,model=long").unwrap();
                assert_eq!(spec.to_string(), "ismcts:iters=10,model=long");
                let long = ModelChoice::Long.load().unwrap().unwrap();
                assert!(long.evaluator.has_beliefs());
                assert_eq!(strongest_installed_player(), STRONGEST_PLAYER);
                assert_eq!(partner_installed_player(), PARTNER_OF_PEOPLE);
                // the specs `hello` reports are canonical (each names itself as it parses), and
                // so are their forms with the shipped model, where that is the only one
                for spec in [STRONGEST_PLAYER, PARTNER_OF_PEOPLE] {
                    assert_eq!(PlayerSpec::parse(spec).unwrap().to_string(), spec);
                    let shipped = spec.replace("model=long", "model=default");
                    assert_ne!(shipped, spec);
                    assert_eq!(PlayerSpec::parse(&shipped).unwrap().to_string(), shipped);
                }
                if let Some(default) = capicua_net::shipped_model_path() {
                    let shape = |p| capicua_net::read_header(p).unwrap().shape;
                    assert_eq!(shape(&path), shape(&default));
                }
            }
            None => {
                let err = ModelChoice::Long.load().unwrap_err();
                assert!(matches!(err, SpecError::NoShippedModel { .. }));
                let text = err.to_string();
                assert!(
                    text.contains("\"long\"") && text.contains(capicua_net::LONG_MODEL),
                    "{text}"
                );
                assert_ne!(strongest_installed_player(), STRONGEST_PLAYER);
                assert_ne!(partner_installed_player(), PARTNER_OF_PEOPLE);
                PlayerSpec::parse(&partner_installed_player()).unwrap();
            }
        }
    }
}
