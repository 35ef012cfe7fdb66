//! Leaf values from an open value model (`vmodel=` in a spec): the search's network still
//! gives the priors and the beliefs, and each leaf's value becomes the open model's value of
//! the leaf's whole determinized deal, mixed with the network's by `vmix`
//! ([`capicua_net::open_value`] says why).

use std::sync::Arc;

use capicua_engine::{InfoSet, PlaceWeights, Rng, SampledDeal};
use capicua_net::{OpenValueNet, margin_scale};
use capicua_search::{Evaluation, Evaluator, Leaf, LeafValue};

/// Another evaluator whose leaf values are mixed with an open value model's.
pub struct OpenValues {
    inner: Arc<dyn Evaluator>,
    open: OpenValueNet,
    /// The open model's share of a leaf's value, in `[0, 1]`.
    weight: f64,
    label: String,
}

impl OpenValues {
    pub fn new(inner: Arc<dyn Evaluator>, open: OpenValueNet, weight: f64, label: &str) -> Self {
        OpenValues {
            inner,
            open,
            weight: weight.clamp(0.0, 1.0),
            label: label.to_string(),
        }
    }

    /// Mixes the open model's value of `leaf` into `out`'s estimate (an outcome stays).
    fn mix(&self, leaf: &Leaf<'_>, out: &mut Evaluation) {
        if let LeafValue::Estimate { side, win, margin } = out.value {
            let (w, m) = self.open.value(leaf);
            let m = f64::from(m * margin_scale(leaf.root.rules()));
            let l = self.weight;
            out.value = LeafValue::Estimate {
                side,
                win: (1.0 - l) * win + l * f64::from(w),
                margin: (1.0 - l) * margin + l * m,
            };
        }
    }
}

impl Evaluator for OpenValues {
    fn name(&self) -> String {
        format!("{}+vmodel:{}", self.inner.name(), self.label)
    }
    fn gives_priors(&self) -> bool {
        self.inner.gives_priors()
    }
    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        self.inner.evaluate(leaf, rng, out);
        self.mix(leaf, out);
    }
    fn batch_size(&self) -> usize {
        self.inner.batch_size()
    }
    fn evaluate_batch(&self, leaves: &[Leaf<'_>], rng: &mut Rng, out: &mut [Evaluation]) {
        self.inner.evaluate_batch(leaves, rng, out);
        for (leaf, e) in leaves.iter().zip(out.iter_mut()) {
            self.mix(leaf, e);
        }
    }
    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        self.inner.place_weights(info)
    }
    fn believed_deals(&self, info: &InfoSet) -> Option<Vec<SampledDeal>> {
        self.inner.believed_deals(info)
    }
    fn other_policy(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        self.inner.other_policy(leaf, rng, out);
    }
}
