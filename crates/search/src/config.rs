//! Search configuration, and its text form in player specs (`iters=2000,threads=2,c=0.7`).

use std::time::Duration;

use crate::error::SpecError;
use crate::reward::{MarginScale, RewardConfig};
use crate::rollout::RolloutPolicy;

/// Which determinized search runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Single-observer ISMCTS: one tree over the searcher's information sets, a fresh
    /// determinization every iteration.
    Ismcts,
    /// Perfect-information Monte Carlo: `worlds` determinizations, each searched by its own
    /// perfect-information UCT tree with an equal share of the budget; the root statistics
    /// are summed over worlds.
    Pimc { worlds: u32 },
}

/// How long a search runs: the first limit reached ends it. At least one must be set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Iterations (simulations) in total over all threads.
    pub iterations: Option<u64>,
    /// Wall time.
    pub time: Option<Duration>,
}

impl Budget {
    pub fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            time: None,
        }
    }
    pub fn time(t: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(t),
        }
    }
    pub fn is_set(&self) -> bool {
        self.iterations.is_some() || self.time.is_some()
    }
}

/// Everything that shapes a search. `Default` is ISMCTS, 10,000 iterations, one thread, random
/// rollouts.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    pub algorithm: Algorithm,
    /// The budget of a search that does not bring its own (players use this one).
    pub budget: Budget,
    /// Search threads (root parallelism: one tree per thread, root statistics summed).
    pub threads: usize,
    /// UCB1 exploration constant (rewards are in `[0, 1]`).
    pub c_ucb: f64,
    /// PUCT exploration constant (used when the evaluator gives priors).
    pub c_puct: f64,
    /// Softmax temperature of the evaluator's priors: each prior is raised to `1 / T` and
    /// renormalised, so `T > 1` flattens a sharp policy and lets PUCT try moves it dislikes.
    /// Results report the priors the search used.
    pub prior_temperature: f64,
    /// With an evaluator that estimates values: the weight `λ` of a rollout (with `rollout`'s
    /// policy) from the leaf, mixed into its value as `(1 - λ) * estimate + λ * rollout`
    /// (AlphaGo's mixing). 0: the estimate alone.
    pub rollout_mix: f64,
    pub reward: RewardConfig,
    /// Rollout policy of the default evaluator.
    pub rollout: RolloutPolicy,
    /// Seed of the search's random choices (players mix in the position, see `player`).
    pub seed: u64,
    /// Entries per thread's tree (nodes, and the room their children blocks reserve: about
    /// two per iteration); a full tree stops growing and evaluates where it stands.
    pub max_nodes: usize,
}

/// Default iterations per move.
pub const DEFAULT_ITERATIONS: u64 = 10_000;
/// Default number of PIMC worlds.
pub const DEFAULT_WORLDS: u32 = 20;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::Ismcts,
            budget: Budget::iterations(DEFAULT_ITERATIONS),
            threads: 1,
            c_ucb: 0.7,
            c_puct: 1.5,
            prior_temperature: 1.0,
            rollout_mix: 0.0,
            reward: RewardConfig::default(),
            rollout: RolloutPolicy::Random,
            seed: 0,
            max_nodes: 2_000_000,
        }
    }
}

/// The keys a spec may set, for error messages.
pub const SPEC_KEYS: &[&str] = &[
    "iters", "ms", "threads", "c", "cpuct", "ptemp", "mix", "margin", "scale", "rollout", "seed",
    "nodes", "worlds", "model",
];

/// A parsed spec: the configuration and the `model` asked for (`None` for no network; the
/// caller that owns the network crate turns a path or `default` into an evaluator).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSpec {
    pub config: SearchConfig,
    pub model: Option<String>,
}

impl SearchConfig {
    /// The PIMC default: [`DEFAULT_WORLDS`] worlds, the rest as `Default`.
    pub fn pimc() -> SearchConfig {
        SearchConfig {
            algorithm: Algorithm::Pimc {
                worlds: DEFAULT_WORLDS,
            },
            ..SearchConfig::default()
        }
    }

    /// Parses `key=value` pairs separated by commas over `base`, for the player called
    /// `player` (its name is only used in messages):
    ///
    /// | key | meaning |
    /// |---|---|
    /// | `iters=N` | iterations per move (with `ms`: the first reached) |
    /// | `ms=T` | wall time per move in milliseconds (alone: no iteration limit) |
    /// | `threads=K` | search threads |
    /// | `c=X` / `cpuct=X` | UCB1 / PUCT exploration constant |
    /// | `ptemp=T` | softmax temperature of the priors (PUCT), > 0 |
    /// | `mix=L` | weight of a rollout in a leaf's value next to the evaluator's estimate, 0..1 |
    /// | `margin=W` | weight of the point margin in the reward, 0..1 |
    /// | `scale=auto\|target\|P` | margin scale: by variant, points to the match target, or P points |
    /// | `rollout=random\|heuristic\|heavy` | rollout policy |
    /// | `seed=S` | random seed |
    /// | `nodes=N` | tree size limit per thread |
    /// | `worlds=N` | PIMC worlds (pimc only) |
    /// | `model=PATH\|default\|none` | network; returned in [`SearchSpec::model`] |
    pub fn parse_spec(
        player: &str,
        params: &str,
        base: SearchConfig,
    ) -> Result<SearchSpec, SpecError> {
        let mut c = base;
        let mut model = None;
        let (mut iters, mut ms) = (None, None);
        for part in params.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| SpecError::Malformed(part.to_string()))?;
            let (k, v) = (k.trim(), v.trim());
            let bad = |why: &str| SpecError::BadValue {
                key: k.to_string(),
                value: v.to_string(),
                why: why.to_string(),
            };
            let int = |lo: u64| {
                v.parse::<u64>()
                    .ok()
                    .filter(|&n| n >= lo)
                    .ok_or_else(|| bad(&format!("expected an integer >= {lo}")))
            };
            let float = || {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| bad("expected a number >= 0"))
            };
            match k {
                "iters" => iters = Some(int(1)?),
                "ms" => ms = Some(int(1)?),
                "threads" => c.threads = int(1)?.min(256) as usize,
                "c" => c.c_ucb = float()?,
                "cpuct" => c.c_puct = float()?,
                "mix" => {
                    let l = float()?;
                    if l > 1.0 {
                        return Err(bad("expected a weight in [0, 1]"));
                    }
                    c.rollout_mix = l;
                }
                "ptemp" => {
                    let t = float()?;
                    if t == 0.0 {
                        return Err(bad("expected a number > 0"));
                    }
                    c.prior_temperature = t;
                }
                "margin" => {
                    let w = float()?;
                    if w > 1.0 {
                        return Err(bad("expected a weight from 0 to 1"));
                    }
                    c.reward.margin_weight = w;
                }
                "scale" => {
                    c.reward.margin_scale = match v {
                        "auto" => MarginScale::Auto,
                        "target" => MarginScale::Target,
                        _ => match v.parse::<f64>() {
                            Ok(p) if p.is_finite() && p > 0.0 => MarginScale::Points(p),
                            _ => {
                                return Err(bad(
                                    "expected auto, target or a positive number of points",
                                ));
                            }
                        },
                    }
                }
                "rollout" => {
                    c.rollout = RolloutPolicy::from_name(v)
                        .ok_or_else(|| bad("expected random, heuristic or heavy"))?
                }
                "seed" => c.seed = int(0)?,
                "nodes" => c.max_nodes = int(16)?.min(u32::MAX as u64 / 2) as usize,
                "worlds" => match &mut c.algorithm {
                    Algorithm::Pimc { worlds } => *worlds = int(1)?.min(1 << 20) as u32,
                    Algorithm::Ismcts => return Err(unknown(player, k)),
                },
                "model" => {
                    model = if v == "none" {
                        None
                    } else {
                        Some(v.to_string())
                    }
                }
                _ => return Err(unknown(player, k)),
            }
        }
        if iters.is_some() || ms.is_some() {
            c.budget = Budget {
                iterations: iters,
                time: ms.map(Duration::from_millis),
            };
        }
        Ok(SearchSpec { config: c, model })
    }
}

impl SearchConfig {
    /// The canonical parameters of this configuration: the keys whose value differs from
    /// `base`, in [`SPEC_KEYS`] order, so that `parse_spec(kind, &c.to_params(&base), base)`
    /// gives `c` back (`model` is the caller's).
    pub fn to_params(&self, base: &SearchConfig) -> String {
        let mut out: Vec<String> = Vec::new();
        if self.budget != base.budget {
            if let Some(n) = self.budget.iterations {
                out.push(format!("iters={n}"));
            }
            if let Some(t) = self.budget.time {
                out.push(format!("ms={}", t.as_millis()));
            }
        }
        if self.threads != base.threads {
            out.push(format!("threads={}", self.threads));
        }
        if self.c_ucb != base.c_ucb {
            out.push(format!("c={}", self.c_ucb));
        }
        if self.c_puct != base.c_puct {
            out.push(format!("cpuct={}", self.c_puct));
        }
        if self.prior_temperature != base.prior_temperature {
            out.push(format!("ptemp={}", self.prior_temperature));
        }
        if self.rollout_mix != base.rollout_mix {
            out.push(format!("mix={}", self.rollout_mix));
        }
        if self.reward.margin_weight != base.reward.margin_weight {
            out.push(format!("margin={}", self.reward.margin_weight));
        }
        if self.reward.margin_scale != base.reward.margin_scale {
            out.push(match self.reward.margin_scale {
                MarginScale::Auto => "scale=auto".to_string(),
                MarginScale::Target => "scale=target".to_string(),
                MarginScale::Points(p) => format!("scale={p}"),
            });
        }
        if self.rollout != base.rollout {
            out.push(format!("rollout={}", self.rollout.name()));
        }
        if self.seed != base.seed {
            out.push(format!("seed={}", self.seed));
        }
        if self.max_nodes != base.max_nodes {
            out.push(format!("nodes={}", self.max_nodes));
        }
        if let (Algorithm::Pimc { worlds }, Algorithm::Pimc { worlds: w0 }) =
            (self.algorithm, base.algorithm)
            && worlds != w0
        {
            out.push(format!("worlds={worlds}"));
        }
        out.join(",")
    }
}

fn unknown(player: &str, key: &str) -> SpecError {
    SpecError::UnknownKey {
        player: player.to_string(),
        key: key.to_string(),
        known: SPEC_KEYS.join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_specs() {
        let s = SearchConfig::parse_spec(
            "ismcts",
            "iters=2000,threads=2,c=0.5,rollout=heuristic,margin=0.25,scale=target,seed=7",
            SearchConfig::default(),
        )
        .unwrap();
        let c = s.config;
        assert_eq!(c.budget, Budget::iterations(2000));
        assert_eq!((c.threads, c.c_ucb, c.seed), (2, 0.5, 7));
        assert_eq!(c.rollout, RolloutPolicy::Heuristic);
        assert_eq!(
            c.reward,
            RewardConfig {
                margin_weight: 0.25,
                margin_scale: MarginScale::Target
            }
        );
        assert_eq!(s.model, None);
        let s = SearchConfig::parse_spec("ismcts", "ms=50,model=net.bpk", SearchConfig::default())
            .unwrap();
        assert_eq!(s.config.budget, Budget::time(Duration::from_millis(50)));
        assert_eq!(s.model.as_deref(), Some("net.bpk"));
        let p =
            SearchConfig::parse_spec("pimc", "worlds=8,iters=800", SearchConfig::pimc()).unwrap();
        assert_eq!(p.config.algorithm, Algorithm::Pimc { worlds: 8 });
        for bad in [
            "iters=0",
            "iters=x",
            "threads",
            "bogus=1",
            "margin=2",
            "rollout=smart",
            "scale=-3",
            "worlds=3",
            "ptemp=0",
            "mix=1.5",
        ] {
            assert!(
                SearchConfig::parse_spec("ismcts", bad, SearchConfig::default()).is_err(),
                "{bad}"
            );
        }
        assert_eq!(
            SearchConfig::parse_spec("ismcts", "", SearchConfig::default())
                .unwrap()
                .config,
            SearchConfig::default()
        );
    }

    #[test]
    fn canonical_params_parse_back() {
        for (base, text) in [
            (SearchConfig::default(), ""),
            (SearchConfig::default(), "iters=2000,threads=2"),
            (SearchConfig::default(), "ms=50"),
            (
                SearchConfig::default(),
                "iters=300,ms=20,c=0.35,cpuct=2.5,ptemp=1.5,mix=0.25,margin=0.1,scale=12.5,rollout=heavy,seed=9,nodes=5000",
            ),
            (SearchConfig::default(), "scale=target,rollout=heuristic"),
            (SearchConfig::pimc(), "iters=800,worlds=8"),
        ] {
            let c = SearchConfig::parse_spec("x", text, base.clone())
                .unwrap()
                .config;
            assert_eq!(c.to_params(&base), text);
            assert_eq!(
                SearchConfig::parse_spec("x", &c.to_params(&base), base.clone())
                    .unwrap()
                    .config,
                c
            );
        }
    }
}
