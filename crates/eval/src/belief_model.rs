//! Beliefs from a network of their own (`bmodel=` in a spec): the search's network still gives
//! the priors and the leaf values, and the root's determinizations are drawn from another
//! network's belief output.
//!
//! A network's beliefs can then be fitted to the rounds of the players it will read (the
//! agent's own play, say: as a pair its partner is itself) with the belief loss alone, without
//! the policy and the values the search relies on moving with them (`capicua fit-beliefs`).

use std::sync::Arc;

use capicua_engine::{InfoSet, PlaceWeights, Rng, SampledDeal};
use capicua_net::NetEvaluator;
use capicua_search::{Evaluation, Evaluator, Leaf};

/// Another evaluator whose beliefs are replaced by a belief network's.
pub struct BeliefModel {
    inner: Arc<dyn Evaluator>,
    beliefs: Arc<NetEvaluator>,
    label: String,
}

impl BeliefModel {
    /// `inner` with the beliefs of `beliefs` (a network with a belief output), named `label`.
    pub fn new(inner: Arc<dyn Evaluator>, beliefs: Arc<NetEvaluator>, label: &str) -> Self {
        BeliefModel {
            inner,
            beliefs,
            label: label.to_string(),
        }
    }
}

impl Evaluator for BeliefModel {
    fn name(&self) -> String {
        format!("{}+bmodel:{}", self.inner.name(), self.label)
    }
    forward_leaves_to_inner!();
    fn other_policy(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        self.inner.other_policy(leaf, rng, out);
    }
    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        self.beliefs.place_weights_of(info)
    }
    // whole deals would be the inner evaluator's beliefs, not the belief network's
    fn believed_deals(&self, _: &InfoSet) -> Option<Vec<SampledDeal>> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::{Deal, Round, Rules};
    use capicua_net::encoding::BELIEF_SIZE;
    use capicua_net::{ENCODING_VERSION, INPUT_SIZE, ModelShape, Network, POLICY_SIZE};

    fn net(seed: u64) -> Arc<NetEvaluator> {
        let shape =
            ModelShape::with_hidden(INPUT_SIZE, &[8], POLICY_SIZE).with_beliefs(BELIEF_SIZE);
        Arc::new(NetEvaluator::new(&Network::new(shape, ENCODING_VERSION, seed).unwrap()).unwrap())
    }

    #[test]
    fn the_beliefs_are_the_belief_networks_and_the_rest_the_inner_evaluators() {
        let rules = Rules::preset("cuban").unwrap();
        let mut rng = Rng::new(3);
        let mut round = Round::new(&rules, Deal::random(&rules, &mut rng), 0, None).unwrap();
        for _ in 0..6 {
            let mv = round.legal_moves()[0];
            round.play(mv).unwrap();
        }
        let info = round.infoset(round.to_move());
        let (inner, other) = (net(1), net(2));
        let wrapped = BeliefModel::new(inner.clone(), other.clone(), "other.bpk");
        assert_eq!(wrapped.place_weights(&info), other.place_weights_of(&info));
        assert_ne!(wrapped.place_weights(&info), inner.place_weights_of(&info));
        assert!(wrapped.believed_deals(&info).is_none());
        assert_eq!(wrapped.gives_priors(), inner.gives_priors());
        assert!(
            wrapped.name().ends_with("+bmodel:other.bpk"),
            "{}",
            wrapped.name()
        );
    }
}
