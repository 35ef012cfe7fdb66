//! Beliefs read with `counting`'s own policy: the prototype, as an estimator and as the
//! beliefs of a search.
//!
//! Uniform deals are weighted by how likely each makes the other seats' observed moves under
//! `counting` (its choice has probability 1, any other move the floor, 0.05 as in the
//! prototype), through [`PolicyInference`]. Against `counting` players this is an oracle model
//! of the opponents, which no learned model can beat by more than its sampling noise: a
//! measuring device for how far beliefs alone can take the search (`cinfer=N` in a spec), not
//! a way to play unknown opponents.

use std::sync::Arc;

use capicua_bots::CountingPlayer;
use capicua_engine::{InfoSet, Move, PlaceWeights, Player, Rng, mix_seed};
use capicua_net::{PlayPolicy, PolicyInference};
use capicua_search::{Evaluation, Evaluator, Leaf};

/// The prototype's cost of a move `counting` would not make.
pub const COUNTING_FLOOR: f64 = 0.05;

/// `counting` as a [`PlayPolicy`]: all the probability on the move it makes.
#[derive(Copy, Clone, Debug, Default)]
pub struct CountingPolicy;

impl PlayPolicy for CountingPolicy {
    fn probabilities(&self, info: &InfoSet, legal: &[Move], out: &mut [f64]) {
        // a fixed seed: the same information set always gets the same choice
        let chosen = CountingPlayer::new(0x00C0_FFEE).choose(info);
        for (o, m) in out.iter_mut().zip(legal) {
            *o = if *m == chosen { 1.0 } else { 0.0 };
        }
    }
}

/// The inference the prototype ran, with `samples` uniform deals.
pub fn counting_inference(samples: usize) -> PolicyInference {
    PolicyInference {
        samples,
        floor: COUNTING_FLOOR,
        temperature: 1.0,
    }
}

/// Another evaluator whose beliefs ([`Evaluator::place_weights`]) are `counting`-policy
/// inference over `samples` uniform deals; everything else is the inner evaluator's.
pub struct CountingInference {
    inner: Arc<dyn Evaluator>,
    inference: PolicyInference,
}

impl CountingInference {
    pub fn new(inner: Arc<dyn Evaluator>, samples: usize) -> CountingInference {
        CountingInference {
            inner,
            inference: counting_inference(samples),
        }
    }
}

/// The seed of a position's draws: its seat and how far the round has gone.
fn position_seed(info: &InfoSet) -> u64 {
    mix_seed((info.history().len() as u64) << 8 | u64::from(info.seat()))
}

impl Evaluator for CountingInference {
    fn name(&self) -> String {
        format!(
            "{}+counting-inference(n={})",
            self.inner.name(),
            self.inference.samples
        )
    }
    fn gives_priors(&self) -> bool {
        self.inner.gives_priors()
    }
    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        self.inner.evaluate(leaf, rng, out);
    }
    fn batch_size(&self) -> usize {
        self.inner.batch_size()
    }
    fn evaluate_batch(&self, leaves: &[Leaf<'_>], rng: &mut Rng, out: &mut [Evaluation]) {
        self.inner.evaluate_batch(leaves, rng, out);
    }
    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        // no generator is handed in: the draws derive from the position, so a search stays
        // reproducible
        let seed = position_seed(info);
        let beliefs = self
            .inference
            .infer(&CountingPolicy, info, &mut Rng::new(seed))
            .ok()?;
        let mut weights = PlaceWeights::uniform();
        for (tile, places) in beliefs.marginals {
            weights.set(tile, places);
        }
        Some(weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::{Match, Rules, Table};

    /// Every legal move equally likely: the same draws, all weighted alike.
    struct Indifferent;

    impl PlayPolicy for Indifferent {
        fn probabilities(&self, _: &InfoSet, legal: &[Move], out: &mut [f64]) {
            out.iter_mut().for_each(|o| *o = 1.0 / legal.len() as f64);
        }
    }

    /// In rounds of `counting`, its own policy's inference puts more probability on the true
    /// places than the same draws unweighted do; and the search's evaluator hands out exactly
    /// those beliefs.
    #[test]
    fn counting_inference_reads_counting_rounds_better_than_the_same_draws_unweighted() {
        let rules = Rules::cuban();
        let samples = 3000;
        let evaluator = CountingInference::new(
            Arc::new(capicua_search::RolloutEvaluator::default()),
            samples,
        );
        let (mut inferred, mut unweighted, mut scored) = (0.0, 0.0, 0usize);
        for seed in 0..6u64 {
            let mut table = Table::new(Match::new(&rules, seed).deal_round(), Default::default());
            let mut players: Vec<CountingPlayer> =
                (0..4).map(|s| CountingPlayer::new(seed * 4 + s)).collect();
            while !table.is_over() {
                let s = table.to_move();
                let info = table.view(s);
                if info.history().len() >= 20 {
                    let hands = table.round().state().hands;
                    let weights = evaluator.place_weights(info).expect("inference runs");
                    let rng_seed = position_seed(info);
                    let flat = counting_inference(samples)
                        .infer(&Indifferent, info, &mut Rng::new(rng_seed))
                        .unwrap();
                    for (t, places) in flat.marginals {
                        let truth = (0..4)
                            .find(|&q| hands[q].contains(t))
                            .unwrap_or(PlaceWeights::OUT);
                        let w = weights.get(t);
                        assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                        // a small floor: a few hundred draws can miss the true place
                        inferred += w[truth].max(1e-3).ln();
                        unweighted += places[truth].max(1e-3).ln();
                        scored += 1;
                    }
                }
                let mv = players[s as usize].choose(table.view(s));
                table.play(mv).unwrap();
            }
        }
        eprintln!("{scored} tiles: counting's inference {inferred:.1}, unweighted {unweighted:.1}");
        assert!(scored > 100, "{scored} tiles scored");
        assert!(
            inferred > unweighted + 0.005 * scored as f64,
            "log-likelihood of the truth over {scored} tiles: counting's inference \
             {inferred:.1}, unweighted {unweighted:.1}"
        );
    }
}
