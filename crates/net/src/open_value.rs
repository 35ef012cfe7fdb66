//! An open value model: the value of a whole deal, for a search that values its
//! determinizations.
//!
//! The policy/value network values an information set: at a search leaf it sees the mover's
//! hand and the public record, so a leaf where an opponent is to move is valued as that
//! opponent would value it, not knowing the searcher's hand, though the searcher knows it and
//! the determinization fixes every other hand too. A round's result is mostly its deal, and
//! those values sit near chance (a margin error of 35-40 points on held-out self-play). An
//! open model reads the deal as well ([`crate::encoding::encode_open`]): trained on recorded
//! rounds' true deals against their results, it estimates what happens from this deal when the
//! seats play as the recorded players did, not seeing each other's hands, so it carries no
//! open-hand play into the search. Averaged over the believed deals a search draws, it is the
//! searcher's value of the leaf.
//!
//! The file format is the network's ([`crate::format`]), with [`OPEN_INPUT_SIZE`] inputs; its
//! policy columns are not read.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use capicua_search::Leaf;

use crate::encoding::offset::HAND;
use crate::encoding::{
    ENCODING_VERSION, OPEN_INPUT_SIZE, OPEN_KEPT, PLACES, POLICY_SIZE, state_places,
};
use crate::error::NetError;
use crate::evaluator::{NEXT_ID, check_encoding};
use crate::mlp::FastMlp;
use crate::network::Network;
use crate::public_cache::with_accumulator;
use crate::shape::{MARGIN_COLUMN, VALUE_OUTPUTS, WIN_COLUMN};

/// Metadata key naming an open value model in its file's header.
pub const OPEN_VALUE_KEY: &str = "open_value";

/// A loaded open value model.
#[derive(Clone)]
pub struct OpenValueNet {
    mlp: Arc<FastMlp>,
    /// Names these weights in the per-thread accumulator cache, as [`crate::NetEvaluator`]'s.
    id: u64,
}

impl OpenValueNet {
    /// Wraps a network of [`OPEN_INPUT_SIZE`] inputs and this crate's encoding.
    pub fn new(network: &Network) -> Result<OpenValueNet, NetError> {
        let h = network.header();
        check_encoding(h.encoding_version)?;
        if h.shape.input != OPEN_INPUT_SIZE
            || h.shape.policy != POLICY_SIZE
            || h.shape.beliefs != 0
            || h.shape.hidden.is_empty()
        {
            let mut expected = h.shape.clone();
            expected.input = OPEN_INPUT_SIZE;
            expected.policy = POLICY_SIZE;
            expected.beliefs = 0;
            if expected.hidden.is_empty() {
                expected.hidden = vec![256, 128];
            }
            return Err(NetError::ShapeMismatch {
                file: Box::new(h.shape.clone()),
                expected: Box::new(expected),
            });
        }
        Ok(OpenValueNet {
            mlp: Arc::new(FastMlp::new(network)),
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// Loads an open value model file (any hidden widths).
    pub fn load(path: impl AsRef<Path>) -> Result<OpenValueNet, NetError> {
        let path = path.as_ref();
        let header = crate::format::read_header(path)?;
        let network = Network::load(path, ENCODING_VERSION, &header.shape)?;
        OpenValueNet::new(&network)
    }

    /// The probability that the mover's side of `leaf` wins the round (a tie counting half)
    /// and its expected margin, scaled as the network's ([`crate::margin_scale`]), given the
    /// whole deal of the leaf's state.
    pub fn value(&self, leaf: &Leaf<'_>) -> (f32, f32) {
        let state = leaf.state;
        let hand = state.hands[state.to_move as usize];
        let places = state_places(state);
        let win_col = POLICY_SIZE + WIN_COLUMN;
        let margin_col = POLICY_SIZE + MARGIN_COLUMN;
        let mut raw = [0.0f32; POLICY_SIZE + VALUE_OUTPUTS];
        with_accumulator(&self.mlp, self.id, OPEN_KEPT, leaf.root, leaf.path, |acc| {
            let held = hand.iter().map(|t| HAND + t.index());
            let placed = places
                .iter()
                .enumerate()
                .filter(|&(_, &p)| p > 0)
                .map(|(t, &p)| OPEN_KEPT + t * PLACES + p as usize - 1);
            self.mlp.forward_some_accumulated(
                acc,
                held.chain(placed),
                &[win_col, margin_col],
                &mut raw,
            )
        });
        let win = 1.0 / (1.0 + (-raw[win_col]).exp());
        (win, raw[margin_col])
    }
}

#[cfg(test)]
mod tests {
    use capicua_engine::{Match, Rng, Rules};
    use capicua_search::Leaf;

    use super::*;
    use crate::encoding::{INPUT_SIZE, Observation, encode_open, true_places};
    use crate::shape::ModelShape;

    fn open_net(seed: u64) -> Network {
        let shape = ModelShape::with_hidden(OPEN_INPUT_SIZE, &[48, 24], POLICY_SIZE);
        Network::new(shape, ENCODING_VERSION, seed).unwrap()
    }

    /// At leaves a few moves below random roots, the cached value equals a full forward pass
    /// of the open input built from the leaf's observation and deal; and the deal's places are
    /// the true places the replay records for the mover.
    #[test]
    fn leaf_values_equal_the_open_input_forward() {
        let network = open_net(3);
        let open = OpenValueNet::new(&network).unwrap();
        let mlp = FastMlp::new(&network);
        let mut checked = 0;
        for (variant, seed) in [("cuban", 1), ("cuban", 2), ("cutthroat-3", 3)] {
            let rules = Rules::preset(variant).unwrap();
            let mut rng = Rng::new(seed);
            let mut round = Match::new(&rules, seed).deal_round();
            let mut k = 0;
            while !round.is_over() {
                let root = round.infoset(round.to_move());
                let mut ahead = round.clone();
                let mut path = vec![];
                for _ in 0..k % 5 {
                    if ahead.is_over() {
                        break;
                    }
                    let legal = ahead.legal_moves();
                    let mv = rng.pick(&legal);
                    ahead.play(mv).unwrap();
                    path.push(mv);
                }
                k += 1;
                let state = *ahead.state();
                if !state.is_over() {
                    let leaf = Leaf {
                        root: &root,
                        path: &path,
                        state: &state,
                    };
                    let places = state_places(&state);
                    let mover = ahead.infoset(state.to_move);
                    assert_eq!(places, true_places(&mover, &state.hands));
                    let mut encoded = vec![0.0; INPUT_SIZE];
                    Observation::from_leaf(&leaf).encode(&mut encoded);
                    let mut input = vec![0.0; OPEN_INPUT_SIZE];
                    encode_open(&encoded, &places, &mut input);
                    let mut raw = vec![0.0; mlp.output()];
                    mlp.forward(&input, &mut raw);
                    let win = 1.0 / (1.0 + (-raw[POLICY_SIZE + WIN_COLUMN]).exp());
                    let (w, m) = open.value(&leaf);
                    assert!((w - win).abs() < 1e-5, "{w} vs {win}");
                    assert!((m - raw[POLICY_SIZE + MARGIN_COLUMN]).abs() < 1e-4);
                    checked += 1;
                }
                let legal = round.legal_moves();
                round.play(rng.pick(&legal)).unwrap();
            }
        }
        assert!(checked > 40, "{checked} leaves");
    }

    /// The open input's deal part moves the value: the same leaf with two tiles of other seats
    /// exchanged is valued differently.
    #[test]
    fn the_deal_moves_the_value() {
        let open = OpenValueNet::new(&open_net(5)).unwrap();
        let rules = Rules::cuban();
        let round = Match::new(&rules, 9).deal_round();
        let root = round.infoset(round.to_move());
        let state = *round.state();
        let me = state.to_move as usize;
        let (a, b) = ((me + 1) % 4, (me + 2) % 4);
        let (ta, tb) = (
            state.hands[a].iter().next().unwrap(),
            state.hands[b].iter().next().unwrap(),
        );
        let mut swapped = state;
        swapped.hands[a].remove(ta);
        swapped.hands[a].insert(tb);
        swapped.hands[b].remove(tb);
        swapped.hands[b].insert(ta);
        let value = |st| {
            open.value(&Leaf {
                root: &root,
                path: &[],
                state: st,
            })
        };
        assert_ne!(value(&state), value(&swapped));
    }

    /// A policy/value network is not an open value model.
    #[test]
    fn a_network_of_the_encoding_is_refused() {
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE);
        let net = Network::new(shape, ENCODING_VERSION, 1).unwrap();
        assert!(matches!(
            OpenValueNet::new(&net),
            Err(NetError::ShapeMismatch { .. })
        ));
    }
}
