//! Duplicate matches between training's players (capicua-eval's duplicate runner): gating a
//! candidate against the best, and the periodic strength checks against `counting` and plain
//! ISMCTS.

use std::sync::Arc;

use capicua_engine::{Player, Rules};
use capicua_eval::{DuplicateSummary, PlayerSpec, Seating, Side, run_pairs};
use capicua_net::NetEvaluator;
use capicua_search::{Budget, IsmctsPlayer, SearchConfig};

use crate::error::TrainError;

/// A player of a training match.
#[derive(Clone, Debug)]
pub enum Contestant {
    /// Net-guided ISMCTS.
    Net {
        evaluator: Arc<NetEvaluator>,
        iterations: u64,
        c_puct: f64,
    },
    /// Plain ISMCTS (UCB1, random rollouts).
    Ismcts { iterations: u64 },
    /// The `counting` heuristic.
    Counting,
}

impl Contestant {
    pub fn name(&self) -> String {
        match self {
            Contestant::Net { iterations, .. } => format!("ismcts:iters={iterations},model=net"),
            Contestant::Ismcts { iterations } => format!("ismcts:iters={iterations}"),
            Contestant::Counting => "counting".into(),
        }
    }

    fn build(&self, seed: u64) -> Box<dyn Player> {
        let config = |iterations: u64| SearchConfig {
            budget: Budget::iterations(iterations),
            threads: 1,
            seed,
            ..SearchConfig::default()
        };
        match self {
            Contestant::Net {
                evaluator,
                iterations,
                c_puct,
            } => {
                let c = SearchConfig {
                    c_puct: *c_puct,
                    ..config(*iterations)
                };
                Box::new(IsmctsPlayer::with_evaluator(
                    self.name(),
                    c,
                    evaluator.clone(),
                ))
            }
            Contestant::Ismcts { iterations } => Box::new(IsmctsPlayer::new(config(*iterations))),
            Contestant::Counting => PlayerSpec::parse("counting")
                .expect("counting is a known player")
                .build(seed),
        }
    }
}

/// A duplicate match of `rounds` rounds (even) between `a` and `b`.
#[allow(clippy::too_many_arguments)] // each is one independent setting of the match
pub fn duplicate(
    rules: &Rules,
    variant: &str,
    a: &Contestant,
    b: &Contestant,
    rounds: u64,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<DuplicateSummary, TrainError> {
    let make = |s: &Seating| {
        if s.side == Side::A {
            a.build(s.seed)
        } else {
            b.build(s.seed)
        }
    };
    let pairs = run_pairs(rules, (rounds / 2) as usize, seed, threads, &make, progress)?;
    Ok(DuplicateSummary::of(
        variant,
        &a.name(),
        &b.name(),
        seed,
        &pairs,
    ))
}

/// Team A's score in `[0, 1]`: round wins plus half the ties, per round.
pub fn round_score(s: &DuplicateSummary) -> f64 {
    if s.rounds == 0 {
        return 0.5;
    }
    (s.a_round_wins as f64 + 0.5 * s.round_ties as f64) / s.rounds as f64
}
