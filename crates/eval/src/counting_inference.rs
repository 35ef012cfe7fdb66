//! Beliefs read with `counting`'s own policy: the prototype, as an estimator and (in
//! [`crate::policy_beliefs`]) as the beliefs of a search.
//!
//! Uniform deals are weighted by how likely each makes the other seats' observed moves under
//! `counting` (its choice has probability 1, any other move the floor, 0.05 as in the
//! prototype), through [`PolicyInference`]. Against `counting` players this is an oracle model
//! of the opponents, which no learned model can beat by more than its sampling noise: a
//! measuring device for how far beliefs alone can take the search (`cinfer=N` in a spec), not
//! a way to play unknown opponents.

use capicua_bots::CountingPlayer;
use capicua_engine::{InfoSet, Move, Player};
use capicua_net::{PlayPolicy, PolicyInference};

/// The prototype's cost of a move `counting` would not make.
pub const COUNTING_FLOOR: f64 = 0.05;

/// The seed of the `counting` player [`CountingPolicy`] asks: fixed, so that the same
/// information set always gets the same choice (it draws only to value a possible block).
pub const COUNTING_POLICY_SEED: u64 = 0x00C0_FFEE;

/// `counting` as a [`PlayPolicy`]: all the probability on the move it makes.
#[derive(Copy, Clone, Debug, Default)]
pub struct CountingPolicy;

impl PlayPolicy for CountingPolicy {
    fn probabilities(&self, info: &InfoSet, legal: &[Move], out: &mut [f64]) {
        let chosen = CountingPlayer::new(COUNTING_POLICY_SEED).choose(info);
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
        ..PolicyInference::default()
    }
}
