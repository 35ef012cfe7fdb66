//! A search's beliefs read by policy-based inference ([`PolicyInference`]) instead of taken
//! from the network's belief output: a measuring device for what sharper beliefs are worth to
//! the search (`cinfer=N` and `pinfer=N` in a spec).
//!
//! - `counting`'s own policy over uniform deals ([`PolicyBeliefs::counting`]): the issue's
//!   prototype, an oracle model of `counting` players.
//! - A learned model of the players over the network's believed deals
//!   ([`PolicyBeliefs::learned`]): the believed deals only propose
//!   ([`PriorUse::Proposal`]), the players' network's policy weighs them, and the frequencies
//!   are shrunk towards the believed marginals by [`LEARNED_SHRINK`] effective deals.

use std::sync::Arc;

use capicua_engine::{InfoSet, PlaceWeights, Rng, SampledDeal, mix_seed};
use capicua_net::{InferredBeliefs, NetEvaluator, PlayPolicy, PolicyInference, PriorUse};
use capicua_search::{Evaluation, Evaluator, Leaf};

use crate::counting_inference::{CountingPolicy, counting_inference};

/// Pseudo-count of the believed marginals in learned inference: the best of 0, 20 and 60 on
/// 200 held-out `counting` rounds (`eval/results/beliefs/quality/`).
pub const LEARNED_SHRINK: f64 = 20.0;

/// The settings of learned inference over `samples` believed deals.
pub fn learned_inference(samples: usize) -> PolicyInference {
    PolicyInference {
        samples,
        prior: PriorUse::Proposal,
        shrink: LEARNED_SHRINK,
        ..PolicyInference::default()
    }
}

/// Another evaluator whose beliefs ([`Evaluator::place_weights`]) are policy-based inference;
/// everything else is the inner evaluator's.
pub struct PolicyBeliefs {
    inner: Arc<dyn Evaluator>,
    policy: Arc<dyn PlayPolicy + Send>,
    label: String,
    inference: PolicyInference,
    /// Draw the deals from the inner evaluator's beliefs (else uniformly).
    believed: bool,
}

impl PolicyBeliefs {
    /// `counting`'s own policy over `samples` uniform deals (the prototype).
    pub fn counting(inner: Arc<dyn Evaluator>, samples: usize) -> PolicyBeliefs {
        PolicyBeliefs {
            inner,
            policy: Arc::new(CountingPolicy),
            label: "counting-inference".into(),
            inference: counting_inference(samples),
            believed: false,
        }
    }

    /// `players`' policy (a network named `label`) over `samples` of `inner`'s believed
    /// deals, as a proposal.
    pub fn learned(
        inner: Arc<dyn Evaluator>,
        players: Arc<NetEvaluator>,
        label: &str,
        samples: usize,
    ) -> PolicyBeliefs {
        PolicyBeliefs {
            label: format!("inference:{label}"),
            inner,
            policy: players,
            inference: learned_inference(samples),
            believed: true,
        }
    }

    /// The same evaluator with its inference's settings changed by `adjust` (a chain,
    /// deals kept for the search, a temperature, whose moves are read: the spec keys `chain`,
    /// `joint`, `itemp`, `iseats`).
    pub fn adjusted(mut self, adjust: impl FnOnce(&mut PolicyInference)) -> PolicyBeliefs {
        adjust(&mut self.inference);
        self
    }

    /// The inference's result for `info`, `None` where it fails (no consistent deal).
    fn infer(&self, info: &InfoSet) -> Option<InferredBeliefs> {
        let prior = if self.believed {
            Some(self.inner.place_weights(info)?)
        } else {
            None
        };
        // no generator is handed in: the draws derive from the position, so a search stays
        // reproducible
        self.inference
            .infer_from(
                &*self.policy,
                info,
                prior.as_ref(),
                &mut Rng::new(position_seed(info)),
            )
            .ok()
    }
}

/// The seed of a position's draws: its seat and how far the round has gone.
fn position_seed(info: &InfoSet) -> u64 {
    mix_seed((info.history().len() as u64) << 8 | u64::from(info.seat()))
}

impl Evaluator for PolicyBeliefs {
    fn name(&self) -> String {
        let i = &self.inference;
        let mut extras = String::new();
        if i.chain > 0 {
            extras.push_str(&format!(",chain={}", i.chain));
        }
        if i.keep > 0 {
            extras.push_str(&format!(",joint={}", i.keep));
        }
        if i.temperature != 1.0 {
            extras.push_str(&format!(",T={}", i.temperature));
        }
        if i.opponents_only {
            extras.push_str(",opponents");
        }
        format!(
            "{}+{}(n={}{extras})",
            self.inner.name(),
            self.label,
            self.inference.samples
        )
    }
    forward_leaves_to_inner!();
    fn other_policy(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        self.inner.other_policy(leaf, rng, out);
    }
    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        let mut weights = PlaceWeights::uniform();
        for (tile, places) in self.infer(info)?.marginals {
            weights.set(tile, places);
        }
        Some(weights)
    }
    fn believed_deals(&self, info: &InfoSet) -> Option<Vec<SampledDeal>> {
        if self.inference.keep == 0 {
            return None;
        }
        Some(self.infer(info)?.deals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_bots::CountingPlayer;
    use capicua_engine::{Match, Move, Player, Rules, Table, Tile, TileSet};
    use capicua_net::{imitation_model_path, shipped_model_path};

    /// Every legal move equally likely: the same draws, all weighted alike.
    struct Indifferent;

    impl PlayPolicy for Indifferent {
        fn probabilities(&self, _: &InfoSet, legal: &[Move], out: &mut [f64]) {
            out.iter_mut().for_each(|o| *o = 1.0 / legal.len() as f64);
        }
    }

    /// Plays `rounds` rounds of `counting` at every seat and calls `at` with the view of the
    /// seat to move and the true hands at every decision `keep` accepts.
    fn counting_decisions(
        rounds: u64,
        keep: impl Fn(&InfoSet) -> bool,
        mut at: impl FnMut(&InfoSet, &[TileSet; 4]),
    ) {
        let rules = Rules::cuban();
        for seed in 0..rounds {
            let mut table = Table::new(Match::new(&rules, seed).deal_round(), Default::default());
            let mut players: Vec<CountingPlayer> =
                (0..4).map(|s| CountingPlayer::new(seed * 4 + s)).collect();
            while !table.is_over() {
                let s = table.to_move();
                let info = table.view(s);
                if keep(info) {
                    at(info, &table.round().state().hands);
                }
                let mv = players[s as usize].choose(table.view(s));
                table.play(mv).unwrap();
            }
        }
    }

    /// The place of `t` in the true `hands`: a seat, else out of play.
    fn true_place(hands: &[TileSet; 4], t: Tile) -> usize {
        (0..4)
            .find(|&q| hands[q].contains(t))
            .unwrap_or(PlaceWeights::OUT)
    }

    /// That the first estimator's log-likelihood of the true places (summed over `scored`
    /// tiles, at least 100) beats the second's by at least `margin` nats a tile.
    fn assert_reads_better(a: (&str, f64), b: (&str, f64), scored: usize, margin: f64) {
        eprintln!("{scored} tiles: {} {:.1}, {} {:.1}", a.0, a.1, b.0, b.1);
        assert!(scored > 100, "{scored} tiles scored");
        assert!(
            a.1 > b.1 + margin * scored as f64,
            "log-likelihood of the truth over {scored} tiles: {} {:.1}, {} {:.1}",
            a.0,
            a.1,
            b.0,
            b.1
        );
    }

    /// In rounds of `counting`, its own policy's inference puts more probability on the true
    /// places than the same draws unweighted do.
    #[test]
    fn counting_inference_reads_counting_rounds_better_than_the_same_draws_unweighted() {
        let samples = 3000;
        let evaluator = PolicyBeliefs::counting(
            Arc::new(capicua_search::RolloutEvaluator::default()),
            samples,
        );
        let (mut inferred, mut unweighted, mut scored) = (0.0, 0.0, 0usize);
        let keep = |info: &InfoSet| info.history().len() >= 20;
        counting_decisions(6, keep, |info, hands| {
            let weights = evaluator.place_weights(info).expect("inference runs");
            let flat = counting_inference(samples)
                .infer(&Indifferent, info, &mut Rng::new(position_seed(info)))
                .unwrap();
            for (t, places) in flat.marginals {
                let truth = true_place(hands, t);
                let w = weights.get(t);
                assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                // a small floor: a few hundred draws can miss the true place
                inferred += w[truth].max(1e-3).ln();
                unweighted += places[truth].max(1e-3).ln();
                scored += 1;
            }
        });
        assert_reads_better(
            ("counting's inference", inferred),
            ("the same draws unweighted", unweighted),
            scored,
            0.005,
        );
    }

    fn load(path: Option<std::path::PathBuf>) -> Arc<NetEvaluator> {
        Arc::new(NetEvaluator::load(path.expect("an installed model")).expect("a model file"))
    }

    /// In rounds of `counting`, the shipped players' model (`models/counting-imitation.bpk`)
    /// reading the shipped model's believed deals puts more probability on the true places
    /// than the believed deals alone; and the evaluator hands out exactly that inference.
    #[test]
    fn learned_inference_reads_counting_rounds_better_than_the_believed_deals() {
        let samples = 400;
        let net = load(shipped_model_path());
        let players = load(imitation_model_path());
        let evaluator = PolicyBeliefs::learned(net.clone(), players.clone(), "imitation", samples);
        let (mut inferred, mut believed, mut scored) = (0.0, 0.0, 0usize);
        let keep =
            |info: &InfoSet| info.history().len() >= 16 && info.history().len().is_multiple_of(2);
        counting_decisions(8, keep, |info, hands| {
            let weights = evaluator.place_weights(info).expect("inference runs");
            let prior = net.place_weights(info).expect("a belief output");
            let want = learned_inference(samples)
                .infer_from(
                    &*players,
                    info,
                    Some(&prior),
                    &mut Rng::new(position_seed(info)),
                )
                .unwrap();
            let exact = capicua_engine::BeliefSampler::new(info, &prior)
                .unwrap()
                .marginals();
            for ((t, places), (u, b)) in want.marginals.iter().zip(&exact) {
                assert_eq!(t, u);
                assert_eq!(weights.get(*t), *places);
                let truth = true_place(hands, *t);
                inferred += places[truth].max(1e-3).ln();
                believed += b[truth].max(1e-3).ln();
                scored += 1;
            }
        });
        assert_reads_better(
            ("learned inference", inferred),
            ("the believed deals", believed),
            scored,
            0.01,
        );
    }
}
