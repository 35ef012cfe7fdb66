//! Duplicate matches between training's players (capicua-eval's duplicate runner): gating a
//! candidate against the best, and the periodic strength checks against `counting` and plain
//! ISMCTS.

use std::sync::Arc;

use capicua_engine::Rules;
use capicua_eval::{
    DuplicateSummary, Model, PlayerSpec, SearchKind, SearchSpec, Seating, Side, run_pairs,
};
use capicua_net::NetEvaluator;
use capicua_search::Budget;

use crate::error::TrainError;

/// A player of a training match, turned into a [`PlayerSpec`] (the front door every tool
/// builds its players through) by [`Contestant::spec`].
#[derive(Clone, Debug)]
pub enum Contestant {
    /// Net-guided ISMCTS.
    Net {
        evaluator: Arc<NetEvaluator>,
        iterations: u64,
        c_puct: f64,
        prior_temperature: f64,
    },
    /// Plain ISMCTS (UCB1, random rollouts).
    Ismcts { iterations: u64 },
    /// The `counting` heuristic.
    Counting,
}

impl Contestant {
    /// The contestant's player spec; the candidate network goes by the name `net`.
    pub fn spec(&self) -> PlayerSpec {
        let search = |iterations: u64| {
            let mut s = SearchSpec::new(SearchKind::Ismcts);
            s.config.budget = Budget::iterations(iterations);
            s
        };
        match self {
            Contestant::Net {
                evaluator,
                iterations,
                c_puct,
                prior_temperature,
            } => {
                // the network's values alone (`mix=0`, not a spec's default rollouts): the
                // arena gates networks, and a rollout would blur their difference
                let mut s = search(*iterations);
                s.config.c_puct = *c_puct;
                s.config.prior_temperature = *prior_temperature;
                s.model = Some(Model {
                    name: "net".into(),
                    evaluator: evaluator.clone(),
                });
                PlayerSpec::Search(Box::new(s))
            }
            Contestant::Ismcts { iterations } => PlayerSpec::Search(Box::new(search(*iterations))),
            Contestant::Counting => PlayerSpec::Counting(Default::default()),
        }
    }

    pub fn name(&self) -> String {
        self.spec().to_string()
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
    let (spec_a, spec_b) = (a.spec(), b.spec());
    let make = |s: &Seating| {
        if s.side == Side::A {
            spec_a.build(s.seed)
        } else {
            spec_b.build(s.seed)
        }
    };
    let pairs = run_pairs(
        rules,
        (rounds / 2) as usize,
        seed,
        threads,
        &make,
        progress,
        &|_| {},
    )?;
    Ok(DuplicateSummary::of(
        variant,
        &spec_a.to_string(),
        &spec_b.to_string(),
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
