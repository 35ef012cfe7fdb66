//! The network as the search's [`Evaluator`]: priors over the legal plays drive PUCT, and the
//! value heads replace the rollout at leaves.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use capicua_engine::{InfoSet, Move, PlaceWeights, Rng, TileSet};
use capicua_search::{Evaluation, Evaluator, Leaf, LeafValue};
use rand_distr::{Distribution, Gamma};

use crate::encoding::offset::HAND;
use crate::encoding::{
    BELIEF_SIZE, ENCODING_VERSION, INPUT_SIZE, Observation, PLACES, POLICY_SIZE, margin_scale,
};
use crate::error::NetError;
use crate::format::read_header;
use crate::mlp::FastMlp;
use crate::model::MASKED_LOGIT;
use crate::network::Network;
use crate::public_cache::with_accumulator;
use crate::shape::{MARGIN_COLUMN, VALUE_OUTPUTS, WIN_COLUMN};

/// Dirichlet noise mixed into the root priors (self-play exploration):
/// `prior = (1 - epsilon) * prior + epsilon * Dir(alpha)` over the root's legal plays.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RootNoise {
    pub alpha: f64,
    pub epsilon: f64,
}

/// A network evaluating search leaves from what the seat to move knows ([`Observation::from_leaf`]).
#[derive(Clone, Debug)]
pub struct NetEvaluator {
    mlp: Arc<FastMlp>,
    /// Names these weights in the per-thread accumulator cache ([`crate::public_cache`]):
    /// clones share it, every [`NetEvaluator::new`] takes a new one.
    id: u64,
    name: String,
    noise: Option<RootNoise>,
}

/// Refuses a network made for another version of this crate's encoding.
pub(crate) fn check_encoding(version: u32) -> Result<(), NetError> {
    if version == ENCODING_VERSION {
        Ok(())
    } else {
        Err(NetError::EncodingMismatch {
            file: version,
            expected: ENCODING_VERSION,
        })
    }
}

/// The next [`NetEvaluator::id`].
pub(crate) static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl NetEvaluator {
    /// Wraps a network made for this crate's encoding.
    pub fn new(network: &Network) -> Result<NetEvaluator, NetError> {
        let h = network.header();
        check_encoding(h.encoding_version)?;
        if h.shape.input != INPUT_SIZE
            || h.shape.policy != POLICY_SIZE
            || (h.shape.beliefs != 0 && h.shape.beliefs != BELIEF_SIZE)
        {
            let mut expected = h.shape.clone();
            expected.input = INPUT_SIZE;
            expected.policy = POLICY_SIZE;
            expected.beliefs = BELIEF_SIZE;
            return Err(NetError::ShapeMismatch {
                file: Box::new(h.shape.clone()),
                expected: Box::new(expected),
            });
        }
        Ok(NetEvaluator {
            mlp: Arc::new(FastMlp::new(network)),
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            name: format!("net:{}", h.shape),
            noise: None,
        })
    }

    /// Loads a model file (any hidden widths; input and policy sizes and the encoding version
    /// must be this build's).
    pub fn load(path: impl AsRef<Path>) -> Result<NetEvaluator, NetError> {
        let network = load_network(path)?;
        NetEvaluator::new(&network)
    }

    /// Whether the network has a belief output.
    pub fn has_beliefs(&self) -> bool {
        self.mlp.output() == POLICY_SIZE + VALUE_OUTPUTS + BELIEF_SIZE
    }

    /// The network's belief about every tile `obs`'s mover has not seen: the probability of
    /// each place relative to it ([`crate::encoding::PLACES`]: the next three seats, then out
    /// of play), zero where a place is impossible, summing to one; all zero for a seen tile.
    /// `None` for a network without beliefs.
    pub fn beliefs(&self, obs: &Observation) -> Option<[[f32; PLACES]; 55]> {
        if !self.has_beliefs() {
            return None;
        }
        let mut x = [0.0f32; INPUT_SIZE];
        obs.encode(&mut x);
        let mut raw = vec![0.0f32; self.mlp.output()];
        self.mlp.forward(&x, &mut raw);
        Some(belief_softmax(
            &raw[POLICY_SIZE + VALUE_OUTPUTS..],
            &obs.belief_prior(),
        ))
    }

    /// [`NetEvaluator::beliefs`] of `info`'s seat as search weights by absolute seat.
    pub fn place_weights_of(&self, info: &InfoSet) -> Option<PlaceWeights> {
        let probs = self.beliefs(&Observation::from_infoset(info))?;
        let players = info.rules().players;
        let me = info.seat();
        let mut weights = PlaceWeights::uniform();
        for t in info.unseen().iter() {
            let p = probs[t.index()];
            let mut w = [0.0f64; 5];
            for (q, &pq) in p.iter().take(PLACES - 1).enumerate() {
                if (q as u8 + 1) < players {
                    w[((me + q as u8 + 1) % players) as usize] = pq as f64;
                }
            }
            w[4] = p[PLACES - 1] as f64;
            weights.set(t, w);
        }
        Some(weights)
    }

    /// The same network with Dirichlet noise on the root priors.
    pub fn with_root_noise(mut self, noise: Option<RootNoise>) -> NetEvaluator {
        self.noise = noise;
        self
    }

    /// Evaluates an observation: priors over `legal` actions (written into `priors`, zero
    /// elsewhere), win probability and scaled margin of the mover's side.
    pub fn evaluate_observation(
        &self,
        obs: &Observation,
        legal: impl Iterator<Item = usize> + Clone,
        priors: &mut [f32; POLICY_SIZE],
    ) -> (f32, f32) {
        let mut x = [0.0f32; INPUT_SIZE];
        obs.encode(&mut x);
        let mut raw = [0.0f32; POLICY_SIZE + VALUE_OUTPUTS + BELIEF_SIZE];
        let raw = &mut raw[..self.mlp.output()];
        let (which, n) = wanted_columns(legal.clone());
        self.mlp.forward_some(&x, &which[..n], raw);
        priors_and_value(raw, legal, priors)
    }

    /// [`NetEvaluator::evaluate_observation`] of the mover of the public record that `root`'s
    /// history and then `path` lead to, holding `hand`: the public part of the first layer
    /// comes from the thread's cache ([`crate::public_cache`], built from the record's
    /// ancestors where it can be), and `observation` (that record's observation, with any
    /// hand) is only built for a network without a hidden layer. Equal to evaluating the
    /// observation up to float rounding.
    pub fn evaluate_record(
        &self,
        root: &InfoSet,
        path: &[Move],
        hand: TileSet,
        observation: impl FnOnce() -> Observation,
        legal: impl Iterator<Item = usize> + Clone,
        priors: &mut [f32; POLICY_SIZE],
    ) -> (f32, f32) {
        if !self.mlp.has_hidden() {
            return self.evaluate_observation(&observation(), legal, priors);
        }
        let mut raw = [0.0f32; POLICY_SIZE + VALUE_OUTPUTS + BELIEF_SIZE];
        let raw = &mut raw[..self.mlp.output()];
        let (which, n) = wanted_columns(legal.clone());
        with_accumulator(&self.mlp, self.id, INPUT_SIZE, root, path, |acc| {
            let ones = hand.iter().map(|t| HAND + t.index());
            self.mlp
                .forward_some_accumulated(acc, ones, &which[..n], raw)
        });
        priors_and_value(raw, legal, priors)
    }
}

/// The output columns an evaluation reads: the legal plays' logits and the two values.
fn wanted_columns(legal: impl Iterator<Item = usize>) -> ([usize; POLICY_SIZE + 2], usize) {
    let mut which = [0usize; POLICY_SIZE + 2];
    let mut n = 0;
    for a in legal.chain([POLICY_SIZE + WIN_COLUMN, POLICY_SIZE + MARGIN_COLUMN]) {
        which[n] = a;
        n += 1;
    }
    (which, n)
}

/// The masked softmax of the raw policy logits over `legal` (into `priors`, zero elsewhere),
/// and the win probability and scaled margin.
fn priors_and_value(
    raw: &[f32],
    legal: impl Iterator<Item = usize> + Clone,
    priors: &mut [f32; POLICY_SIZE],
) -> (f32, f32) {
    priors.fill(0.0);
    let max = legal
        .clone()
        .map(|a| raw[a])
        .fold(f32::NEG_INFINITY, f32::max);
    if max.is_finite() {
        let mut sum = 0.0;
        for a in legal.clone() {
            let e = (raw[a] - max).exp();
            priors[a] = e;
            sum += e;
        }
        for a in legal {
            priors[a] /= sum;
        }
    }
    let win = 1.0 / (1.0 + (-raw[POLICY_SIZE + WIN_COLUMN]).exp());
    (win, raw[POLICY_SIZE + MARGIN_COLUMN])
}

/// The belief probabilities: for each tile, the softmax of its group of [`PLACES`] logits plus
/// `prior` ([`Observation::belief_prior`]) over its possible places (those whose prior is not
/// the masking logit); zero elsewhere, and all zero for a tile with no possible place.
pub fn belief_softmax(logits: &[f32], prior: &[[f32; PLACES]; 55]) -> [[f32; PLACES]; 55] {
    let possible = |p: f32| p > MASKED_LOGIT / 2.0;
    let mut out = [[0.0f32; PLACES]; 55];
    for (t, (base, row)) in prior.iter().zip(out.iter_mut()).enumerate() {
        let group = &logits[t * PLACES..(t + 1) * PLACES];
        let max = (0..PLACES)
            .filter(|&q| possible(base[q]))
            .map(|q| group[q] + base[q])
            .fold(f32::NEG_INFINITY, f32::max);
        if max == f32::NEG_INFINITY {
            continue;
        }
        let mut sum = 0.0;
        for q in 0..PLACES {
            if possible(base[q]) {
                row[q] = (group[q] + base[q] - max).exp();
                sum += row[q];
            }
        }
        row.iter_mut().for_each(|x| *x /= sum);
    }
    out
}

/// Loads a model file for this crate's encoding, taking the hidden widths from its header.
/// A file for another encoding version, input or policy size is refused with
/// [`NetError::EncodingMismatch`] / [`NetError::ShapeMismatch`].
pub fn load_network(path: impl AsRef<Path>) -> Result<Network, NetError> {
    let path = path.as_ref();
    let header = read_header(path)?;
    let mut expected = header.shape.clone();
    expected.input = INPUT_SIZE;
    expected.policy = POLICY_SIZE;
    if expected.beliefs != 0 {
        expected.beliefs = BELIEF_SIZE;
    }
    Network::load(path, ENCODING_VERSION, &expected)
}

/// Where the shipped model lives, relative to the working directory or to a directory above
/// the executable (`target/release/capicua` finds `models/` at the repository's root).
pub const SHIPPED_MODEL: &str = "models/capicua.bpk";

/// The shipped model for long searches: `capicua play`'s partner and the engine's default
/// player search 200 ms a move, where this model measured stronger than [`SHIPPED_MODEL`]
/// (`models/README.md`). Same shape and encoding.
pub const LONG_MODEL: &str = "models/capicua-long.bpk";

/// A model of the players (not a player): the shipped run's last bootstrap generation, whose
/// policy learned to imitate `counting` (`models/README.md`); policy-based inference reads
/// the other seats' moves with it.
pub const IMITATION_MODEL: &str = "models/counting-imitation.bpk";

/// The shipped open value model ([`crate::OpenValueNet`]): `vmodel=open` in specs.
pub const OPEN_VALUE_MODEL: &str = "models/open-value.bpk";

/// The shipped model's file, if there is one: `SHIPPED_MODEL` under the working directory,
/// else under the nearest directory above the executable that holds it.
pub fn shipped_model_path() -> Option<PathBuf> {
    installed(SHIPPED_MODEL)
}

/// The shipped model for long searches ([`LONG_MODEL`]), found as [`shipped_model_path`]
/// finds the shipped model.
pub fn long_model_path() -> Option<PathBuf> {
    installed(LONG_MODEL)
}

/// The shipped players' model ([`IMITATION_MODEL`]), found as [`shipped_model_path`] finds
/// the shipped model.
pub fn imitation_model_path() -> Option<PathBuf> {
    installed(IMITATION_MODEL)
}

/// The shipped open value model ([`OPEN_VALUE_MODEL`]), found as [`shipped_model_path`]
/// finds the shipped model.
pub fn open_value_model_path() -> Option<PathBuf> {
    installed(OPEN_VALUE_MODEL)
}

/// The move reader fitted for the shipped model's searches
/// (`capicua_search::reader::MoveReader`): an `ismcts` search with the shipped model reads it
/// at its root unless its spec says `reader=none` (eval/results/movereader57/).
pub const SHIPPED_READER: &str = "models/reader.json";

/// The shipped move reader's file ([`SHIPPED_READER`]), found as [`shipped_model_path`]
/// finds the shipped model.
pub fn shipped_reader_path() -> Option<PathBuf> {
    installed(SHIPPED_READER)
}

/// The move reader of the shipped model's searches timed at 20 ms a move or less
/// (`capicua_search::ShortReader`), in place of [`SHIPPED_READER`]: fitted to the long
/// search's visit shares averaged with the exact solver's values on the true deal, it gained
/// at 10 ms a move (eval/results/session81/).
pub const SHIPPED_SHORT_READER: &str = "models/reader-short.json";

/// The shipped short move reader's file ([`SHIPPED_SHORT_READER`]), found as
/// [`shipped_model_path`] finds the shipped model.
pub fn shipped_short_reader_path() -> Option<PathBuf> {
    installed(SHIPPED_SHORT_READER)
}

fn installed(relative: &str) -> Option<PathBuf> {
    let here = PathBuf::from(relative);
    if here.is_file() {
        return Some(here);
    }
    let exe = std::env::current_exe().ok()?;
    exe.ancestors()
        .skip(1)
        .map(|d| d.join(relative))
        .find(|p| p.is_file())
}

impl Evaluator for NetEvaluator {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn gives_priors(&self) -> bool {
        true
    }

    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        self.place_weights_of(info)
    }

    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        let moves = leaf.legal_moves();
        let legal = moves.iter().filter_map(|m| m.action_index());
        let (win, margin) = self.evaluate_record(
            leaf.root,
            leaf.path,
            leaf.state.hands[leaf.state.to_move as usize],
            || Observation::from_leaf(leaf),
            legal.clone(),
            &mut out.priors,
        );
        if let (Some(noise), true) = (self.noise, leaf.path.is_empty()) {
            let actions: Vec<usize> = legal.collect();
            if actions.len() > 1 {
                let d = dirichlet(noise.alpha, actions.len(), rng);
                for (a, x) in actions.iter().zip(d) {
                    out.priors[*a] =
                        ((1.0 - noise.epsilon) * out.priors[*a] as f64 + noise.epsilon * x) as f32;
                }
            }
        }
        let rules = leaf.root.rules();
        out.value = LeafValue::Estimate {
            side: rules.side_of(leaf.state.to_move),
            win: win as f64,
            margin: (margin * margin_scale(rules)) as f64,
        };
    }
}

/// A sample of the symmetric Dirichlet distribution with `n` components: `n` draws of
/// Gamma(`alpha`, 1) normalised to sum 1. (`rand_distr::multi::Dirichlet` computes the same
/// but needs rand_distr's `alloc` feature, which would rebuild burn, whose copy has it off.)
/// An `alpha` that is not positive and finite, or draws that all underflow to zero (a tiny
/// `alpha`), give the uniform distribution.
pub fn dirichlet(alpha: f64, n: usize, rng: &mut Rng) -> Vec<f64> {
    let mut x: Vec<f64> = match Gamma::new(alpha, 1.0) {
        Ok(gamma) => (0..n).map(|_| gamma.sample(rng)).collect(),
        Err(_) => vec![0.0; n],
    };
    let sum: f64 = x.iter().sum();
    if sum > 0.0 && sum.is_finite() {
        x.iter_mut().for_each(|v| *v /= sum);
    } else {
        x.iter_mut().for_each(|v| *v = 1.0 / n as f64);
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::ModelShape;
    use capicua_engine::{Match, MatchContext, Rules, Table};
    use capicua_search::{Budget, SearchConfig, SearchRequest, Searcher};

    fn net(hidden: &[usize], seed: u64) -> Network {
        Network::new(
            ModelShape::with_hidden(INPUT_SIZE, hidden, POLICY_SIZE),
            ENCODING_VERSION,
            seed,
        )
        .unwrap()
    }

    #[test]
    fn fast_mlp_matches_burn() {
        for hidden in [&[][..], &[16][..], &[64, 32][..], &[256, 128][..]] {
            let n = net(hidden, 5);
            let fast = FastMlp::new(&n);
            let rules = Rules::cuban();
            let round = Match::new(&rules, 11).deal_round();
            let x = Observation::from_infoset(&round.infoset(round.to_move())).encoded();
            let reference = n.raw_outputs(&x, 1);
            let mut out = vec![0.0; POLICY_SIZE + 2];
            fast.forward(&x, &mut out);
            for (a, b) in out.iter().zip(&reference) {
                assert!(
                    (a - b).abs() < 1e-4 * (1.0 + b.abs()),
                    "{hidden:?}: {a} vs {b}"
                );
            }
            // only some outputs: the same values there, nothing written elsewhere
            let which = [0, 7, 63, 109, POLICY_SIZE, POLICY_SIZE + 1];
            let mut some = vec![f32::NAN; POLICY_SIZE + 2];
            fast.forward_some(&x, &which, &mut some);
            for (j, (a, b)) in some.iter().zip(&out).enumerate() {
                if which.contains(&j) {
                    assert!(
                        (a - b).abs() < 1e-5 * (1.0 + b.abs()),
                        "{hidden:?} {j}: {a} vs {b}"
                    );
                } else {
                    assert!(a.is_nan(), "{hidden:?} {j}: written");
                }
            }
        }
    }

    /// Asserts that `ev` evaluates the record `info`'s history ends in, holding `hand`, through
    /// its cache as it evaluates that observation directly.
    fn assert_cached_equal(ev: &NetEvaluator, info: &InfoSet, hand: TileSet) {
        let mut obs = Observation::from_infoset(info);
        obs.hand = hand;
        let legal: Vec<usize> = info
            .legal_moves()
            .iter()
            .filter_map(|m| m.action_index())
            .collect();
        let mut want = [0.0f32; POLICY_SIZE];
        let mut got = [0.0f32; POLICY_SIZE];
        let (w0, m0) = ev.evaluate_observation(&obs, legal.iter().copied(), &mut want);
        let (w1, m1) = ev.evaluate_record(info, &[], hand, || obs, legal.iter().copied(), &mut got);
        let close = |a: f32, b: f32| (a - b).abs() < 1e-5 * (1.0 + b.abs());
        assert!(
            close(w1, w0) && close(m1, m0),
            "value {w1} {m1} vs {w0} {m0}"
        );
        for (a, b) in got.iter().zip(&want) {
            assert!(close(*a, *b), "prior {a} vs {b}");
        }
    }

    #[test]
    fn cached_records_evaluate_as_their_observations() {
        // two networks of one shape take the same cache slots: each must get its own
        let nets = [
            NetEvaluator::new(&net(&[48, 32], 1)).unwrap(),
            NetEvaluator::new(&net(&[48, 32], 2)).unwrap(),
        ];
        let mut checked = 0;
        for (variant, seed) in [("cuban", 5), ("cuban", 6), ("cutthroat-2-draw", 7)] {
            let rules = Rules::preset(variant).unwrap();
            let mut table = Table::new(Match::new(&rules, seed).deal_round(), Default::default());
            let mut rng = Rng::new(seed);
            while !table.is_over() {
                let s = table.to_move();
                let info = table.view(s).clone();
                for ev in &nets {
                    // twice: a miss, then a hit
                    assert_cached_equal(ev, &info, info.hand());
                    assert_cached_equal(ev, &info, info.hand());
                    // the same record with another hand
                    let other = info.unseen().iter().take(3).collect::<TileSet>();
                    assert_cached_equal(ev, &info, other);
                    // the same moves in another match situation
                    let context = MatchContext {
                        scores: [60, 35, 0, 0],
                        pending_ties: 1,
                    };
                    assert_cached_equal(ev, &info.clone().with_context(context), info.hand());
                    checked += 1;
                }
                let legal = table.legal_moves();
                let mv = rng.pick(&legal);
                table.play(mv).unwrap();
            }
        }
        assert!(checked > 40, "{checked} positions");
    }

    #[test]
    fn guides_a_search() {
        let ev = Arc::new(NetEvaluator::new(&net(&[32, 32], 2)).unwrap());
        let rules = Rules::cuban();
        let round = Match::new(&rules, 3).deal_round();
        let info = round.infoset(round.to_move());
        let search = |ev: Arc<NetEvaluator>| {
            let mut s = Searcher::with_evaluator(SearchConfig::default(), ev);
            s.search_with(
                &info,
                SearchRequest {
                    budget: Budget::iterations(300),
                    seed: 9,
                    stop: None,
                    report: None,
                },
            )
            .unwrap()
        };
        let r1 = search(ev.clone());
        let r2 = search(ev.clone());
        assert_eq!(r1.moves, r2.moves, "reproducible");
        assert_eq!(r1.iterations, 300);
        let priors: Vec<f32> = r1
            .moves
            .iter()
            .map(|m| m.prior.expect("PUCT priors"))
            .collect();
        assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        // Root noise changes the priors, still a distribution.
        let noisy = Arc::new((*ev).clone().with_root_noise(Some(RootNoise {
            alpha: 0.3,
            epsilon: 0.5,
        })));
        let r3 = search(noisy);
        let p3: Vec<f32> = r3.moves.iter().map(|m| m.prior.unwrap()).collect();
        assert_ne!(p3, priors);
        assert!((p3.iter().sum::<f32>() - 1.0).abs() < 1e-4);
    }

    #[test]
    fn dirichlet_is_a_distribution() {
        let mut rng = Rng::new(4);
        for alpha in [0.03, 0.3, 1.0, 3.0] {
            let mut mean = vec![0.0; 5];
            let mut square = 0.0;
            for _ in 0..2000 {
                let d = dirichlet(alpha, 5, &mut rng);
                assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                assert!(d.iter().all(|x| (0.0..=1.0).contains(x)));
                mean.iter_mut().zip(&d).for_each(|(m, x)| *m += x / 2000.0);
                square += d.iter().map(|x| x * x).sum::<f64>() / 10_000.0;
            }
            assert!(
                mean.iter().all(|m| (m - 0.2).abs() < 0.04),
                "{alpha}: {mean:?}"
            );
            // the spread is the Dirichlet's, not only the mean: Var = (1/5)(4/5) / (5α + 1)
            let variance = square - 0.04;
            let expected = 0.16 / (5.0 * alpha + 1.0);
            assert!(
                (variance / expected - 1.0).abs() < 0.15,
                "{alpha}: variance {variance}, expected {expected}"
            );
        }
        for alpha in [0.0, -1.0, f64::NAN] {
            assert_eq!(dirichlet(alpha, 4, &mut rng), vec![0.25; 4]);
        }
    }
}
