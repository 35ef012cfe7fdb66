//! A generation's gating and evaluation stages: duplicate matches of the candidate network
//! against the best player, and against `counting` and plain ISMCTS.

use std::sync::Arc;

use capicua_engine::Rules;
use capicua_eval::DuplicateSummary;
use capicua_net::NetEvaluator;

use crate::arena::{Contestant, duplicate, round_score};
use crate::config::RunConfig;
use crate::error::TrainError;
use crate::run::{EvalLog, progress_bar};

/// What a gating or evaluation match needs besides its players.
pub(crate) struct Arena<'a> {
    pub config: &'a RunConfig,
    pub rules: &'a Rules,
    pub threads: usize,
    pub quiet: bool,
}

impl Arena<'_> {
    /// Net-guided ISMCTS at the run's PUCT constant and prior temperature.
    pub fn net(&self, evaluator: &Arc<NetEvaluator>, iterations: u64) -> Contestant {
        Contestant::Net {
            evaluator: evaluator.clone(),
            iterations,
            c_puct: self.config.selfplay.c_puct,
            prior_temperature: self.config.selfplay.prior_temperature,
        }
    }

    fn play(
        &self,
        a: &Contestant,
        b: &Contestant,
        rounds: u64,
        seed: u64,
        label: String,
    ) -> Result<DuplicateSummary, TrainError> {
        let pb = progress_bar(self.quiet, rounds / 2, label);
        let s = duplicate(
            self.rules,
            &self.config.variant,
            a,
            b,
            rounds,
            seed,
            self.threads,
            &|boards| pb.inc(boards as u64),
        )?;
        pb.finish_and_clear();
        Ok(s)
    }

    /// The gating match of generation `g`'s candidate against `best` (plain ISMCTS while no
    /// network is the best). Returns the candidate's margin per round, its round score and
    /// whether it replaces the best: a positive margin, or an even margin and more rounds won.
    pub fn gate(
        &self,
        g: u64,
        candidate: &Arc<NetEvaluator>,
        best: Option<&Arc<NetEvaluator>>,
        seed: u64,
    ) -> Result<(f64, f64, bool), TrainError> {
        let iterations = self.config.gating.iterations;
        let opponent = match best {
            Some(b) => self.net(b, iterations),
            None => Contestant::Ismcts { iterations },
        };
        let s = self.play(
            &self.net(candidate, iterations),
            &opponent,
            self.config.gating.rounds,
            seed,
            format!("gen {g} gating"),
        )?;
        let score = round_score(&s);
        let promoted = s.a_margin_per_round > 0.0 || (s.a_margin_per_round == 0.0 && score > 0.5);
        Ok((s.a_margin_per_round, score, promoted))
    }

    /// The candidate's strength against `counting` and plain ISMCTS; `seed(k)` seeds the
    /// match against the `k`-th.
    pub fn evaluate(
        &self,
        g: u64,
        candidate: &Arc<NetEvaluator>,
        seed: impl Fn(u64) -> u64,
    ) -> Result<EvalLog, TrainError> {
        let iterations = self.config.eval.iterations;
        let me = self.net(candidate, iterations);
        let mut results = Vec::new();
        for (k, opp) in [Contestant::Counting, Contestant::Ismcts { iterations }]
            .iter()
            .enumerate()
        {
            let s = self.play(
                &me,
                opp,
                self.config.eval.rounds,
                seed(k as u64),
                format!("gen {g} vs {}", opp.name()),
            )?;
            results.push((round_score(&s), s.a_margin_per_round));
        }
        Ok(EvalLog {
            vs_counting_score: results[0].0,
            vs_counting_margin: results[0].1,
            vs_ismcts_score: results[1].0,
            vs_ismcts_margin: results[1].1,
        })
    }
}
