//! The training configuration: one TOML file per run (`training/<name>.toml`).

use std::path::{Path, PathBuf};

use capicua_engine::Rules;
use capicua_net::encoding::BELIEF_SIZE;
use capicua_net::{INPUT_SIZE, ModelShape, POLICY_SIZE, TrainConfig};
use serde::{Deserialize, Serialize};

use crate::error::TrainError;

/// A whole run's configuration. Every field is stored in the run directory at the start, and a
/// resumed run must be given the same configuration (it refuses another).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    /// The run's name (its directory under `runs_dir`).
    pub name: String,
    /// Variant preset (`Rules::preset`).
    pub variant: String,
    /// Seed of every random choice of the run.
    pub seed: u64,
    /// Where runs live; relative paths are relative to the config file's directory.
    #[serde(default = "default_runs_dir")]
    pub runs_dir: PathBuf,
    /// Generations to run in all (a generation: self-play, training, gating, maybe evaluation).
    pub generations: u64,
    pub model: ModelConfig,
    pub selfplay: SelfPlayConfig,
    /// How generations play before a network has passed gating (with `selfplay.bootstrap`);
    /// absent: plain ISMCTS with the `selfplay` settings.
    #[serde(default)]
    pub bootstrap: Option<BootstrapConfig>,
    pub train: TrainSection,
    pub gating: GatingConfig,
    pub eval: EvalConfig,
}

fn default_runs_dir() -> PathBuf {
    PathBuf::from("runs")
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelConfig {
    /// Hidden layer widths.
    pub hidden: Vec<usize>,
    /// Start from these weights (a model file of the same shape; relative paths are relative
    /// to the config file's directory) instead of a fresh network: a run continuing another
    /// run's network with other settings. The optimizer state starts fresh.
    #[serde(default)]
    pub init: Option<PathBuf>,
    /// Whether the network has a belief output (where each unseen tile is), learned from the
    /// true deals of the rounds it trains on.
    #[serde(default = "yes")]
    pub beliefs: bool,
    /// Hidden widths of a per-tile belief head (empty: none). With `init` naming a network
    /// without one, the run starts from that network with a fresh head.
    #[serde(default)]
    pub tile_head: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelfPlayConfig {
    /// Whole matches per generation.
    pub matches: u64,
    /// Stop a match after this many rounds (0: play to the target).
    #[serde(default)]
    pub max_rounds: u32,
    /// Search iterations per decision.
    pub iterations: u64,
    /// PUCT exploration constant.
    pub c_puct: f64,
    /// Softmax temperature of the network's priors in self-play, gating and the strength
    /// checks. Absent: 1, as every run before session 28 searched; the players' default
    /// (`capicua_search::DEFAULT_PRIOR_TEMPERATURE`) was measured for play, not for making
    /// policy targets.
    #[serde(default = "one")]
    pub prior_temperature: f64,
    /// Dirichlet noise on the root priors.
    pub dirichlet_alpha: f64,
    pub dirichlet_epsilon: f64,
    /// Moves are sampled from visits^(1/temperature) for the first `temperature_moves` decisions
    /// of each round, then the most visited is played.
    pub temperature: f64,
    pub temperature_moves: u32,
    /// Worker threads (0: one per core).
    #[serde(default)]
    pub threads: usize,
    /// Until a network passes gating, self-play and gating use plain ISMCTS (random rollouts,
    /// UCB1) as the best player; otherwise the freshly initialised network starts as the best.
    #[serde(default = "yes")]
    pub bootstrap: bool,
    /// Net-guided searches draw their determinizations from the network's beliefs (when it
    /// has a belief output; the bootstrap generations train it on millions of true deals
    /// first) rather than uniformly.
    #[serde(default = "yes")]
    pub believed_deals: bool,
    /// Each sample taken with at most this many tiles in the hands also records the open-hand
    /// solver's value of the true deal (`Sample::solved`, within a node limit); 0: none. Draw
    /// games have no solver and record none.
    #[serde(default)]
    pub solve_tiles: u32,
    /// Net-guided generations take as policy target the improved policy
    /// `softmax(ln prior + improved_weight * q)` over the network's priors and the search's
    /// root values (Gumbel MuZero's, without its noise), and play its favourite after the
    /// temperature moves; absent: the visit shares and the most visited move. At a few
    /// hundred iterations PUCT's visits mostly follow the prior, so they teach it little.
    #[serde(default)]
    pub improved_weight: Option<f64>,
    /// With `improved_weight`: each root move's mean reward is shrunk towards the visited
    /// moves' prior-weighted mean by this many pseudo-visits, `(N q + k v̄) / (N + k)`, so that
    /// a move's few lucky visits do not move the target (default 0: the plain means).
    #[serde(default)]
    pub improved_shrink: f64,
    /// Weights of who searches in a round, `[all four seats, one side against heuristic
    /// players, one seat with a heuristic partner against heuristic players]`
    /// (`selfplay::Lineup`); the heuristic seats play the bootstrap's default mixture of
    /// styles (`selfplay::DEFAULT_STYLES`) and make no samples. Absent: `[1, 0, 0]`, plain
    /// self-play. `[1, 1, 1]` made no stronger network against `counting` (session 27,
    /// eval/results/improve/README.md).
    #[serde(default)]
    pub lineups: Option<[u32; 3]>,
    /// Share of each net-guided leaf value taken from a `club` rollout of the leaf's
    /// determinized deal (`SearchConfig::rollout_mix` with `RolloutPolicy::Club`), as the
    /// players have searched since session 41. Absent: 0, the network's values alone, as every
    /// run before session 46 searched. Gating and the strength checks keep the network's
    /// values alone: they compare networks.
    #[serde(default)]
    pub rollout_mix: f64,
}

/// Whether weights can be drawn from: a positive sum that fits 32 bits.
fn drawable(weights: &[u32]) -> bool {
    let sum: u64 = weights.iter().map(|&x| u64::from(x)).sum();
    sum > 0 && sum <= u64::from(u32::MAX)
}

fn yes() -> bool {
    true
}

/// Who plays the bootstrap generations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BootstrapGuide {
    /// Plain ISMCTS (UCB1, random rollouts) at `selfplay.iterations`.
    Ismcts,
    /// The `counting` heuristic at every seat, its move the policy target.
    Counting,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BootstrapConfig {
    pub guide: BootstrapGuide,
    /// Whole matches per bootstrap generation (default `selfplay.matches`).
    #[serde(default)]
    pub matches: Option<u64>,
    /// `counting`: probability of a random legal move in each of the first
    /// `selfplay.temperature_moves` decisions of a round.
    #[serde(default)]
    pub epsilon: f64,
    /// Each bootstrap sample is used about this many times (default `train.reuse`).
    #[serde(default)]
    pub reuse: Option<f64>,
    /// Bootstrap the first this many generations even after a network passed gating (default:
    /// until one passes).
    #[serde(default)]
    pub generations: Option<u64>,
    /// `ismcts`: iterations a decision (default `selfplay.iterations`).
    #[serde(default)]
    pub iterations: Option<u64>,
    /// `ismcts`: UCB1 exploration constant (default the search's, 0.7).
    #[serde(default)]
    pub c: Option<f64>,
    /// `counting`: how often a seat plays each style in a round, as whole-number weights of
    /// `[counting, heavy, noisy counting, noisy heavy]` (noisy: one move in five random).
    /// Default `[8, 6, 3, 3]`.
    #[serde(default)]
    pub styles: Option<[u32; 4]>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainSection {
    pub batch_size: usize,
    /// Each new sample is used about this many times (sets the steps per generation).
    pub reuse: f64,
    /// Training draws from the newest `window` samples.
    pub window: usize,
    pub learning_rate: f64,
    pub weight_decay: f32,
    #[serde(default)]
    pub grad_clip_norm: Option<f32>,
    #[serde(default = "one")]
    pub policy_weight: f32,
    #[serde(default = "one")]
    pub win_weight: f32,
    #[serde(default = "one")]
    pub margin_weight: f32,
    #[serde(default = "one")]
    pub belief_weight: f32,
    /// Where a sample has a solved value (`selfplay.solve_tiles`), its value targets are this
    /// blend of it and the round's outcome: 0 the outcome alone, 1 the solved value alone.
    #[serde(default)]
    pub solved_weight: f32,
    /// Where a sample has the self-play search's estimate (`Sample::searched`: every searched
    /// decision since replay version 4), its value targets are this blend of it and the
    /// targets above: 0 those alone, 1 the search's estimate alone. A round's result is
    /// mostly its deal; the search's estimate averages over the deals the mover believes in.
    #[serde(default)]
    pub searched_weight: f32,
    /// Samples held out of the newest generation to measure the value error.
    #[serde(default = "default_validation")]
    pub validation: usize,
}

fn one<T: From<f32>>() -> T {
    T::from(1.0)
}

fn default_validation() -> usize {
    256
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatingConfig {
    /// Gate every this many generations (0: never; the best stays what it is).
    pub every: u64,
    /// Rounds of the duplicate match (even).
    pub rounds: u64,
    /// Search iterations per decision for both sides.
    pub iterations: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvalConfig {
    /// Evaluate every this many generations (0: never).
    pub every: u64,
    /// Rounds of each duplicate match (even).
    pub rounds: u64,
    /// Search iterations per decision of the net-guided player and of plain ISMCTS.
    pub iterations: u64,
}

impl RunConfig {
    /// Reads and checks a TOML file; `runs_dir` becomes relative to the file's directory.
    pub fn load(path: &Path) -> Result<RunConfig, TrainError> {
        let text = std::fs::read_to_string(path).map_err(|e| TrainError::io(path, e))?;
        let mut c: RunConfig = toml::from_str(&text)
            .map_err(|e| TrainError::Config(format!("{}: {e}", path.display())))?;
        let base = path.parent().unwrap_or(Path::new("."));
        if c.runs_dir.is_relative() {
            c.runs_dir = base.join(&c.runs_dir);
        }
        if let Some(init) = c.model.init.as_mut().filter(|p| p.is_relative()) {
            *init = base.join(&*init);
        }
        c.validate()?;
        Ok(c)
    }

    pub fn validate(&self) -> Result<(), TrainError> {
        let bad = |s: &str| Err(TrainError::Config(s.to_string()));
        self.rules()?;
        if self.name.is_empty() || self.name.contains(['/', '\\']) {
            return bad("name must be a plain directory name");
        }
        if let Err(e) = self.shape().validate() {
            return Err(TrainError::Config(format!("model.hidden: {e}")));
        }
        if self.selfplay.matches == 0 || self.selfplay.iterations == 0 {
            return bad("selfplay.matches and selfplay.iterations must be positive");
        }
        if self.selfplay.temperature.is_nan() || self.selfplay.temperature <= 0.0 {
            return bad("selfplay.temperature must be positive");
        }
        let noise = (
            self.selfplay.dirichlet_alpha,
            self.selfplay.dirichlet_epsilon,
        );
        if !(noise.0.is_finite() && noise.0 > 0.0 && (0.0..=1.0).contains(&noise.1)) {
            return bad(
                "selfplay.dirichlet_alpha must be positive and selfplay.dirichlet_epsilon in [0, 1]",
            );
        }
        if self.train.batch_size == 0
            || self.train.window == 0
            || self.train.reuse.is_nan()
            || self.train.reuse <= 0.0
        {
            return bad("train.batch_size, train.window and train.reuse must be positive");
        }
        if let Some(b) = &self.bootstrap {
            if b.matches == Some(0) || !(0.0..=1.0).contains(&b.epsilon) {
                return bad("bootstrap.matches must be positive and bootstrap.epsilon in [0, 1]");
            }
            if b.reuse.is_some_and(|r| r.is_nan() || r <= 0.0) {
                return bad("bootstrap.reuse must be positive");
            }
            if b.iterations == Some(0) || b.c.is_some_and(|c| c.is_nan() || c < 0.0) {
                return bad("bootstrap.iterations must be positive and bootstrap.c >= 0");
            }
            if b.styles.is_some_and(|w| !drawable(&w)) {
                return bad("bootstrap.styles must have a positive sum that fits 32 bits");
            }
        }
        if !(self.selfplay.prior_temperature.is_finite() && self.selfplay.prior_temperature > 0.0) {
            return bad("selfplay.prior_temperature must be a finite number > 0");
        }
        if self.selfplay.lineups.is_some_and(|w| !drawable(&w)) {
            return bad("selfplay.lineups must have a positive sum that fits 32 bits");
        }
        if self
            .selfplay
            .improved_weight
            .is_some_and(|w| !w.is_finite() || w < 0.0)
            || !(self.selfplay.improved_shrink.is_finite() && self.selfplay.improved_shrink >= 0.0)
        {
            return bad(
                "selfplay.improved_weight and selfplay.improved_shrink must be finite and >= 0",
            );
        }
        if !(0.0..=1.0).contains(&self.selfplay.rollout_mix) {
            return bad("selfplay.rollout_mix must be in [0, 1]");
        }
        if !(0.0..=1.0).contains(&self.train.solved_weight) {
            return bad("train.solved_weight must be in [0, 1]");
        }
        if !(0.0..=1.0).contains(&self.train.searched_weight) {
            return bad("train.searched_weight must be in [0, 1]");
        }
        for (what, rounds) in [("gating", self.gating.rounds), ("eval", self.eval.rounds)] {
            if rounds == 0 || rounds % 2 != 0 {
                return Err(TrainError::Config(format!(
                    "{what}.rounds must be a positive even number"
                )));
            }
        }
        Ok(())
    }

    pub fn rules(&self) -> Result<Rules, TrainError> {
        Rules::preset(&self.variant).map_err(|e| TrainError::Config(format!("variant: {e}")))
    }

    pub fn shape(&self) -> ModelShape {
        let beliefs = if self.model.beliefs { BELIEF_SIZE } else { 0 };
        ModelShape::with_hidden(INPUT_SIZE, &self.model.hidden, POLICY_SIZE)
            .with_beliefs(beliefs)
            .with_tile_head(&self.model.tile_head)
    }

    pub fn train_config(&self) -> TrainConfig {
        TrainConfig {
            learning_rate: self.train.learning_rate,
            weight_decay: self.train.weight_decay,
            grad_clip_norm: self.train.grad_clip_norm,
            policy_weight: self.train.policy_weight,
            win_weight: self.train.win_weight,
            margin_weight: self.train.margin_weight,
            belief_weight: self.train.belief_weight,
            ..TrainConfig::default()
        }
    }

    /// The run's directory.
    pub fn run_dir(&self) -> PathBuf {
        self.runs_dir.join(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs written before the key existed search as they always did, whatever the players'
    /// default, and a temperature that would break the priors is refused.
    #[test]
    fn self_play_keeps_its_own_prior_temperature() {
        let tiny = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../training/tiny.toml");
        let mut c = RunConfig::load(&tiny).unwrap();
        assert_eq!(c.selfplay.prior_temperature, 1.0);
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            c.selfplay.prior_temperature = bad;
            assert!(c.validate().is_err(), "{bad} accepted");
        }
        c.selfplay.prior_temperature = 3.0;
        c.validate().unwrap();
    }
}
