//! A model of how the other players play, for a search tree that answers it
//! (`others=counting` and `others=players` in a spec).
//!
//! The searcher's tree plays the partner's and the opponents' moves from the model, for the
//! hand each holds in the iteration's determinization, instead of searching them as if they
//! knew only what the searcher knows. Against players the model describes well the search
//! plans against how they really play: `counting` is exact against `counting` players, and
//! the players' network (`models/counting-imitation.bpk`) is a learned model of club play.

use std::sync::Arc;

use capicua_engine::{InfoSet, PlaceWeights, Rng, SampledDeal};
use capicua_net::{NetEvaluator, PlayPolicy};
use capicua_search::{Evaluation, Evaluator, Leaf};

use crate::counting_inference::CountingPolicy;

/// Who the other seats are taken to be.
#[derive(Clone)]
pub enum SeatModel {
    /// `counting` ([`CountingPolicy`]), choosing for the seat's information set in the
    /// determinization.
    Counting,
    /// A network's policy (the players' model).
    Network(Arc<NetEvaluator>),
}

/// Another evaluator whose [`Evaluator::other_policy`] is `model`; everything else is the
/// inner evaluator's.
pub struct ModelledSeats {
    inner: Arc<dyn Evaluator>,
    model: SeatModel,
    label: String,
}

impl ModelledSeats {
    pub fn new(inner: Arc<dyn Evaluator>, model: SeatModel, label: &str) -> ModelledSeats {
        ModelledSeats {
            inner,
            model,
            label: label.to_string(),
        }
    }
}

impl Evaluator for ModelledSeats {
    fn name(&self) -> String {
        format!("{}+others:{}", self.inner.name(), self.label)
    }
    forward_leaves_to_inner!();
    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        self.inner.place_weights(info)
    }
    fn believed_deals(&self, info: &InfoSet) -> Option<Vec<SampledDeal>> {
        self.inner.believed_deals(info)
    }
    fn other_policy(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        match &self.model {
            SeatModel::Network(net) => net.evaluate(leaf, rng, out),
            SeatModel::Counting => {
                out.priors = [0.0; capicua_search::ACTIONS];
                // a seat whose deal cannot be replayed (never in `cuban`) is left to chance
                let Ok(info) = leaf.mover_infoset() else {
                    out.priors = [1.0; capicua_search::ACTIONS];
                    return;
                };
                let legal = info.legal_moves();
                let mut chance = vec![0.0; legal.len()];
                CountingPolicy.probabilities(&info, &legal, &mut chance);
                for (m, p) in legal.iter().zip(chance) {
                    if let Some(i) = m.action_index() {
                        out.priors[i] = p as f32;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_bots::CountingPlayer;
    use capicua_engine::{Match, Player, Rules, Table};
    use capicua_search::RolloutEvaluator;

    /// In rounds of `counting`, the searcher's model of the next seat names the move that
    /// seat's own `counting` makes, read from the leaf the searcher's tree would reach (its
    /// root view, its move, the true deal).
    #[test]
    fn counting_seats_play_as_counting_would_at_the_leaf() {
        let rules = Rules::cuban();
        let modelled = ModelledSeats::new(
            Arc::new(RolloutEvaluator::default()),
            SeatModel::Counting,
            "counting",
        );
        let mut rng = Rng::new(5);
        let (mut checked, mut choices) = (0, 0);
        for seed in 0..8 {
            let mut table = Table::new(Match::new(&rules, seed).deal_round(), Default::default());
            // counting draws only to value blocks: a fresh player per choice, as the model asks
            let counting = || CountingPlayer::new(crate::counting_inference::COUNTING_POLICY_SEED);
            while !table.is_over() {
                let root = table.view(table.to_move()).clone();
                let mv = counting().choose(&root);
                table.play(mv).unwrap();
                if table.is_over() {
                    break;
                }
                let leaf = Leaf {
                    root: &root,
                    path: &[mv],
                    state: table.round().state(),
                };
                let mut out = Evaluation::default();
                modelled.other_policy(&leaf, &mut rng, &mut out);
                let expected = counting().choose(table.view(table.to_move()));
                let named: Vec<usize> = (0..capicua_search::ACTIONS)
                    .filter(|&i| out.priors[i] > 0.0)
                    .collect();
                assert_eq!(
                    named,
                    expected.action_index().into_iter().collect::<Vec<_>>()
                );
                checked += 1;
                choices += usize::from(leaf.legal_moves().len() > 1);
            }
        }
        assert!(
            checked > 100 && choices > 50,
            "{checked} leaves, {choices} with a choice"
        );
    }
}
