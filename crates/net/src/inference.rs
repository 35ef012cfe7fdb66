//! Beliefs about the hidden tiles from the moves the other seats chose (Rebstock et al. 2019,
//! "Policy Based Inference in Trick-Taking Card Games", on Skat).
//!
//! The engine's [`Sampler`](capicua_engine::Sampler) is uniform over the deals consistent with what a seat knows: it
//! uses the hard facts (counts, voids revealed by passes) but not the softer evidence in
//! *which* tile each opponent chose. A player who led 9-0 while holding 9-8 made an odd
//! choice; the deals in which it had no better nine explain the lead better. Policy-based
//! inference weighs each uniform deal by the likelihood of every observed move under a model
//! of the players (here the network's policy, [`PlayPolicy`]): rebuild the deal as it was
//! dealt, replay the round's moves from the start, and at every decision of another seat that
//! had a choice multiply by the probability the model gives the move that seat made, computed
//! from that seat's own information set at that moment in the sampled deal. The weighted place
//! frequencies are the beliefs; the Kish effective sample size of the weights says how many
//! uniform deals they are worth.
//!
//! A floor on each move's probability keeps one move the model finds unlikely (the model is
//! not the player) from zeroing a deal; a temperature flattens (> 1) or sharpens (< 1) the
//! model's policy.
//!
//! # Draw games
//!
//! Once a seat has drawn, a sampled deal (every seat's hand *now*, and the pile) no longer says
//! what each seat held at its earlier decisions: which of its tiles came from the boneyard, and
//! when, is not determined by the deal, and the likelihood would have to sum over those
//! histories. Inference does not attempt that: when the history holds a draw (by any seat, the
//! observer included) every deal gets the same weight, so the beliefs are the uniform
//! frequencies, and [`InferredBeliefs::weighted`] is `false`. Before the first draw a draw game
//! is weighted like any other.

use capicua_engine::{
    Deal, DealError, DealSampler, InfoSet, Move, MoveError, PlaceWeights, Rng, Round, SampleError,
    SampledDeal, Table, Tile, TileSet,
};
use thiserror::Error;

use crate::encoding::{Observation, POLICY_SIZE};
use crate::evaluator::NetEvaluator;

/// Places an unseen tile can be: the absolute seats 0..4, then out of play ([`OUT`]).
pub const PLACES: usize = 5;
/// The place index of a tile out of play (sleeping, or in the boneyard).
pub const OUT: usize = 4;

/// A model of how a seat chooses among its legal plays.
pub trait PlayPolicy: Sync {
    /// Writes into `out` (as long as `legal`) the probability of each move of `legal`, the
    /// legal moves of `info`'s seat, which is to move.
    fn probabilities(&self, info: &InfoSet, legal: &[Move], out: &mut [f64]);
}

/// A boxed model, so that a tool can choose its model of the players at run time.
impl<P: PlayPolicy + ?Sized> PlayPolicy for Box<P> {
    fn probabilities(&self, info: &InfoSet, legal: &[Move], out: &mut [f64]) {
        (**self).probabilities(info, legal, out)
    }
}

/// The network's prior: the masked softmax of its policy logits over the legal plays, from the
/// mover's observation ([`Observation::from_infoset`]), whatever the encoding.
impl PlayPolicy for NetEvaluator {
    fn probabilities(&self, info: &InfoSet, legal: &[Move], out: &mut [f64]) {
        let mut priors = [0.0f32; POLICY_SIZE];
        let actions = legal.iter().filter_map(|m| m.action_index());
        self.evaluate_record(
            info,
            &[],
            info.hand(),
            || Observation::from_infoset(info),
            actions,
            &mut priors,
        );
        for (o, m) in out.iter_mut().zip(legal) {
            *o = m.action_index().map_or(0.0, |a| priors[a] as f64);
        }
    }
}

/// Why inference failed.
#[derive(Debug, Error)]
pub enum InferenceError {
    /// No deal is consistent with the information set.
    #[error(transparent)]
    Sample(#[from] SampleError),
    /// A parameter is out of its range.
    #[error("policy inference: {0}")]
    Parameter(&'static str),
    /// A sampled deal, rebuilt as dealt, was refused (a sampler or engine bug).
    #[error("a sampled deal rebuilt as dealt is not valid: {0}")]
    Deal(#[from] DealError),
    /// A move of the history was refused in a sampled deal (a sampler or engine bug).
    #[error("move {index} of the history is illegal in a sampled deal: {error}")]
    Replay { index: usize, error: MoveError },
}

/// Settings of policy-based inference.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PolicyInference {
    /// Uniform deals drawn and weighted.
    pub samples: usize,
    /// The least probability an observed move counts with (in `(0, 1]`): a move the model
    /// rules out divides a deal's weight by `1 / floor` at most.
    pub floor: f64,
    /// The model's policy is taken to the power `1 / temperature` and renormalised (`> 0`).
    pub temperature: f64,
    /// What a prior's weights mean when the deals are drawn from one
    /// ([`PolicyInference::infer_from`]).
    pub prior: PriorUse,
    /// The sampler's own exact marginals (uniform, or the prior's) count as this many
    /// effective deals, blended with the weighted deals' frequencies (0: not). With few
    /// effective deals, the frequencies are noisy where the sampler's marginals are not.
    pub shrink: f64,
    /// Metropolis steps after the importance draws (0: none). The chain starts from a deal
    /// drawn from the weighted ones and proposes exchanging the places of two unseen tiles
    /// ([`DealSampler::swap`], so it never leaves the possible deals), accepted with the
    /// ratio of the moves' likelihoods (times the prior's weights under
    /// [`PriorUse::Product`]); the marginals are then the frequencies along the chain. Where
    /// the likelihood is sharp, importance weights starve (a handful of deals carry all the
    /// weight) while the chain keeps moving among the likely deals. A step is one proposal that
    /// needs the likelihood: one replay of the round, as one importance draw.
    pub chain: usize,
    /// Whole deals to keep from the posterior ([`InferredBeliefs::deals`]; 0: none): the
    /// chain's states at even intervals, or without a chain, draws by weight from the
    /// weighted deals. A search can take its determinizations from them, keeping what the
    /// marginals lose: which tiles go together.
    pub keep: usize,
    /// Read only the opponents' moves: the partner's are left out of the likelihood. A model
    /// of the other players fits the partner only when the partner plays as they do; a
    /// searcher partnered with itself reads its partner through its own beliefs instead.
    pub opponents_only: bool,
}

/// How inference over deals drawn from a prior (believed deals) weighs them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum PriorUse {
    /// The prior only proposes deals: each deal's weight is divided by its probability under
    /// the prior, so the beliefs estimate the same posterior as uniform deals would (the
    /// moves' likelihood over uniform deals), with fewer deals wasted where the prior is
    /// right (importance sampling).
    #[default]
    Proposal,
    /// The prior's beliefs multiply the moves' evidence. A learned prior has already read
    /// the moves, so their evidence counts twice; the temperature tempers it.
    Product,
}

impl Default for PolicyInference {
    fn default() -> Self {
        PolicyInference {
            samples: 1000,
            floor: 0.02,
            temperature: 1.0,
            prior: PriorUse::Proposal,
            shrink: 0.0,
            chain: 0,
            keep: 0,
            opponents_only: false,
        }
    }
}

/// The beliefs of one seat after policy-based inference.
#[derive(Clone, Debug, PartialEq)]
pub struct InferredBeliefs {
    /// The observing seat.
    pub seat: u8,
    /// One entry per unseen tile, in tile index order: the probability of each place
    /// (absolute seats 0..4, then [`OUT`]); each row sums to 1.
    pub marginals: Vec<(Tile, [f64; PLACES])>,
    /// Kish effective sample size of the weights, `(Σw)² / Σw²` (between 1 and `samples`);
    /// after a chain, how many times its accepted moves relocated the average unseen tile
    /// (at least 1), a rough count of independent deals.
    pub ess: f64,
    /// Deals drawn.
    pub samples: usize,
    /// Whether the deals were weighted (`false`: a draw in the history, see the module
    /// documentation, and the marginals are the uniform frequencies).
    pub weighted: bool,
    /// [`PolicyInference::keep`] deals from the posterior (every seat's hand now, the
    /// observer's included, and the undealt tiles).
    pub deals: Vec<SampledDeal>,
}

impl PolicyInference {
    fn check(&self) -> Result<(), InferenceError> {
        if self.samples == 0 {
            return Err(InferenceError::Parameter("samples must be positive"));
        }
        if !(self.floor > 0.0 && self.floor <= 1.0) {
            return Err(InferenceError::Parameter("floor must be in (0, 1]"));
        }
        if !(self.shrink >= 0.0 && self.shrink.is_finite()) {
            return Err(InferenceError::Parameter(
                "shrink must be non-negative and finite",
            ));
        }
        if !(self.temperature > 0.0 && self.temperature.is_finite()) {
            return Err(InferenceError::Parameter(
                "temperature must be positive and finite",
            ));
        }
        Ok(())
    }

    /// Beliefs of `info.seat()`: `samples` uniform deals weighted by the likelihood of the
    /// other seats' moves under `policy`. Reproducible for a given `rng` state.
    pub fn infer<P: PlayPolicy + ?Sized>(
        &self,
        policy: &P,
        info: &InfoSet,
        rng: &mut Rng,
    ) -> Result<InferredBeliefs, InferenceError> {
        self.infer_from(policy, info, None, rng)
    }

    /// [`PolicyInference::infer`] with the deals drawn from `prior` (a [`BeliefSampler`](capicua_engine::BeliefSampler) with
    /// these weights) instead of uniformly, weighted as [`PolicyInference::prior`] says: as a
    /// proposal only (the same posterior as [`PolicyInference::infer`], with a larger
    /// effective sample size where the prior is close to it), or as a product with the
    /// moves' evidence.
    pub fn infer_from<P: PlayPolicy + ?Sized>(
        &self,
        policy: &P,
        info: &InfoSet,
        prior: Option<&PlaceWeights>,
        rng: &mut Rng,
    ) -> Result<InferredBeliefs, InferenceError> {
        self.check()?;
        let sampler = DealSampler::new(info, prior)?;
        let weighted = !has_draw(info);
        let mut starts = Vec::with_capacity(self.samples);
        let mut logs = Vec::with_capacity(self.samples);
        for _ in 0..self.samples {
            let (hands, pile) = sampler.sample_hands(rng)?;
            let evidence = if weighted {
                self.log_likelihood_of(policy, info, hands, pile)?
            } else {
                0.0
            };
            logs.push(match self.prior {
                PriorUse::Proposal => evidence - sampler.log_weight(&hands),
                PriorUse::Product => evidence,
            });
            starts.push((hands, pile));
        }
        let max = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = logs.iter().map(|l| (l - max).exp()).collect();
        let total: f64 = weights.iter().sum();
        let squares: f64 = weights.iter().map(|w| w * w).sum();

        let unseen = info.unseen();
        let mut mass = [[0.0f64; PLACES]; 64];
        let (ess, total, kept) = if self.chain > 0 && weighted {
            let mut pick = rng.unit() * total;
            let start = weights
                .iter()
                .position(|&w| {
                    pick -= w;
                    pick < 0.0
                })
                .unwrap_or(weights.len() - 1);
            let (accepted, kept) =
                self.run_chain(policy, info, &sampler, starts[start], rng, &mut mass)?;
            // an accepted move relocates two of the unseen tiles: the chain's states are about
            // this many independent deals for a tile
            let moves_per_tile = 2.0 * accepted as f64 / unseen.len().max(1) as f64;
            (moves_per_tile.max(1.0), mass_total(&mass, unseen), kept)
        } else {
            for (deal, &w) in starts.iter().zip(&weights) {
                add_deal(&mut mass, info.seat(), unseen, &deal.0, w);
            }
            let kept = resample(&starts, &weights, total, self.keep, rng);
            (total * total / squares, total, kept)
        };
        let mut marginals: Vec<(Tile, [f64; PLACES])> = unseen
            .iter()
            .map(|t| (t, mass[t.index()].map(|m| m / total)))
            .collect();
        if self.shrink > 0.0 {
            let a = ess / (ess + self.shrink);
            for ((t, row), (u, exact)) in marginals.iter_mut().zip(sampler.marginals()) {
                debug_assert_eq!(*t, u, "both in tile index order");
                for (p, e) in row.iter_mut().zip(exact) {
                    *p = a * *p + (1.0 - a) * e;
                }
            }
        }
        Ok(InferredBeliefs {
            seat: info.seat(),
            marginals,
            ess,
            samples: self.samples,
            weighted,
            deals: kept,
        })
    }

    /// The chain of [`PolicyInference::chain`] steps from `deal`, adding each state it is in
    /// after a step to `mass`; returns the moves accepted and [`PolicyInference::keep`] of
    /// its states at even intervals.
    fn run_chain<P: PlayPolicy + ?Sized>(
        &self,
        policy: &P,
        info: &InfoSet,
        sampler: &DealSampler,
        mut deal: SampledDeal,
        rng: &mut Rng,
        mass: &mut [[f64; PLACES]; 64],
    ) -> Result<(usize, Vec<SampledDeal>), InferenceError> {
        let every = (self.chain / self.keep.max(1)).max(1);
        let mut kept = Vec::with_capacity(self.keep);
        let unseen: Vec<Tile> = info.unseen().iter().collect();
        let target = |deal: &SampledDeal| -> Result<f64, InferenceError> {
            let evidence = self.log_likelihood_of(policy, info, deal.0, deal.1)?;
            Ok(match self.prior {
                PriorUse::Proposal => evidence,
                PriorUse::Product => evidence + sampler.log_weight(&deal.0),
            })
        };
        if unseen.len() < 2 {
            // nothing to exchange: the one deal there is
            add_deal(mass, info.seat(), info.unseen(), &deal.0, 1.0);
            kept.extend(std::iter::repeat_n(deal, self.keep));
            return Ok((0, kept));
        }
        let mut current = target(&deal)?;
        let (mut steps, mut accepted, mut proposals) = (0, 0, 0);
        // a proposal the sampler refuses (the same place, a void) costs no replay; the cap
        // ends a chain in a position where almost every exchange is refused
        while steps < self.chain && proposals < 20 * self.chain {
            proposals += 1;
            let n = unseen.len() as u32;
            let (a, b) = (unseen[rng.below(n) as usize], unseen[rng.below(n) as usize]);
            let mut next = deal;
            if sampler.swap(&mut next, a, b) {
                steps += 1;
                let proposed = target(&next)?;
                if proposed >= current || rng.unit() < (proposed - current).exp() {
                    deal = next;
                    current = proposed;
                    accepted += 1;
                }
                if steps % every == 0 && kept.len() < self.keep {
                    kept.push(deal);
                }
            }
            add_deal(mass, info.seat(), info.unseen(), &deal.0, 1.0);
        }
        Ok((accepted, kept))
    }

    /// The log-likelihood (natural log, floored as configured) of the other seats' moves in
    /// `info`'s history when the hidden hands are `hands` (every seat's hand now, the
    /// observer's included, as [`Sampler::sample_hands`](capicua_engine::Sampler::sample_hands) gives them) and `pile` is out of play.
    /// Zero when the history holds a draw (see the module documentation).
    pub fn log_likelihood<P: PlayPolicy + ?Sized>(
        &self,
        policy: &P,
        info: &InfoSet,
        hands: [TileSet; 4],
        pile: TileSet,
    ) -> Result<f64, InferenceError> {
        self.check()?;
        if has_draw(info) {
            return Ok(0.0);
        }
        self.log_likelihood_of(policy, info, hands, pile)
    }

    fn log_likelihood_of<P: PlayPolicy + ?Sized>(
        &self,
        policy: &P,
        info: &InfoSet,
        hands: [TileSet; 4],
        pile: TileSet,
    ) -> Result<f64, InferenceError> {
        let me = info.seat();
        let rules = info.rules();
        let my_side = rules.side_of(me);
        let mut dealt = [TileSet::EMPTY; 4];
        for s in 0..rules.players {
            dealt[s as usize] = if s == me {
                info.dealt()
            } else {
                hands[s as usize].union(info.played_by(s))
            };
        }
        // without a draw in the history the pile's order is never read
        let deal = Deal {
            hands: dealt,
            pile: pile.iter().collect(),
        };
        let round = Round::new(
            info.rules(),
            deal,
            info.first(),
            info.public().forced_lead_at_start(),
        )?;
        let mut table = Table::new(round, info.context().clone());
        let mut probs = [0.0f64; 64];
        let mut sum = 0.0;
        for (index, &mv) in info.history().iter().enumerate() {
            let s = table.to_move();
            if s != me && !(self.opponents_only && rules.side_of(s) == my_side) {
                let legal = table.legal_moves();
                if legal.len() > 1 {
                    let Some(i) = legal.iter().position(|&m| m == mv) else {
                        return Err(InferenceError::Replay {
                            index,
                            error: MoveError::Inconsistent("the move is not legal in this deal"),
                        });
                    };
                    let probs = &mut probs[..legal.len()];
                    policy.probabilities(table.view(s), &legal, probs);
                    sum += self.tempered(probs, i).max(self.floor).ln();
                }
            }
            table
                .play(mv)
                .map_err(|error| InferenceError::Replay { index, error })?;
        }
        Ok(sum)
    }

    /// The probability of move `i` under `probs` taken to the power `1 / temperature`.
    fn tempered(&self, probs: &[f64], i: usize) -> f64 {
        if self.temperature == 1.0 {
            return probs[i];
        }
        let k = 1.0 / self.temperature;
        let total: f64 = probs.iter().map(|p| p.powf(k)).sum();
        if total > 0.0 {
            probs[i].powf(k) / total
        } else {
            0.0
        }
    }
}

/// Adds weight `w` to each unseen tile's place in `hands` (the out-of-play place for a tile
/// no other seat holds).
fn add_deal(mass: &mut [[f64; PLACES]; 64], me: u8, unseen: TileSet, hands: &[TileSet; 4], w: f64) {
    let mut held = TileSet::EMPTY;
    for (s, hand) in hands.iter().enumerate() {
        if s == me as usize {
            continue;
        }
        for t in hand.inter(unseen).iter() {
            mass[t.index()][s] += w;
        }
        held = held.union(*hand);
    }
    for t in unseen.minus(held).iter() {
        mass[t.index()][OUT] += w;
    }
}

/// `keep` of `deals` drawn in proportion to `weights` (which sum to `total`) by systematic
/// resampling: evenly spaced points through the cumulative weights, one random offset.
fn resample(
    deals: &[SampledDeal],
    weights: &[f64],
    total: f64,
    keep: usize,
    rng: &mut Rng,
) -> Vec<SampledDeal> {
    let mut kept = Vec::with_capacity(keep);
    let offset = rng.unit();
    let mut cumulative = 0.0;
    for (deal, &w) in deals.iter().zip(weights) {
        cumulative += w * keep as f64 / total;
        while kept.len() < keep && (kept.len() as f64 + offset) < cumulative {
            kept.push(*deal);
        }
    }
    kept
}

/// The weight every unseen tile's row of `mass` sums to (the same for all of them).
fn mass_total(mass: &[[f64; PLACES]; 64], unseen: TileSet) -> f64 {
    unseen
        .iter()
        .next()
        .map_or(1.0, |t| mass[t.index()].iter().sum())
}

fn has_draw(info: &InfoSet) -> bool {
    info.history().iter().any(|m| matches!(m, Move::Draw(_)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{ENCODING_VERSION, INPUT_SIZE};
    use crate::format::NetHeader;
    use crate::model::PolicyValueModel;
    use crate::network::Network;
    use crate::shape::ModelShape;
    use burn::module::Param;
    use burn::nn::Linear;
    use burn::prelude::*;
    use capicua_engine::Sampler;
    use capicua_engine::{LEAD, Match, Record, Rules};

    fn t(a: u8, b: u8) -> Tile {
        Tile::new(a, b)
    }

    /// A network whose every output is 0: its policy is uniform over the legal plays.
    fn uniform_network() -> NetEvaluator {
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[], POLICY_SIZE);
        let device = Device::flex();
        let out = shape.output();
        let model = PolicyValueModel {
            trunk: Vec::new(),
            head: Linear {
                weight: Param::from_data(
                    TensorData::new(vec![0.0f32; INPUT_SIZE * out], [INPUT_SIZE, out]),
                    &device,
                ),
                bias: Some(Param::from_data(
                    TensorData::new(vec![0.0f32; out], [out]),
                    &device,
                )),
            },
            tiles: None,
        };
        let network = Network::from_model(&model, NetHeader::new(ENCODING_VERSION, shape));
        NetEvaluator::new(&network).unwrap()
    }

    fn random_network(seed: u64) -> NetEvaluator {
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[32], POLICY_SIZE);
        NetEvaluator::new(&Network::new(shape, ENCODING_VERSION, seed).unwrap()).unwrap()
    }

    /// Plays the heaviest legal play (ties shared): a model with sharp, known preferences.
    struct Heaviest;

    impl PlayPolicy for Heaviest {
        fn probabilities(&self, _: &InfoSet, legal: &[Move], out: &mut [f64]) {
            let pips = |m: &Move| m.tile().map_or(0, |t| t.pips());
            let best = legal.iter().map(pips).max().unwrap_or(0);
            let n = legal.iter().filter(|m| pips(m) == best).count() as f64;
            for (o, m) in out.iter_mut().zip(legal) {
                *o = if pips(m) == best { 1.0 / n } else { 0.0 };
            }
        }
    }

    /// A `cuban` round played to `moves` moves by first-legal-move players, from `seed`.
    fn table_after(rules: &Rules, seed: u64, moves: usize) -> Table {
        let round = Match::new(rules, seed).deal_round();
        let mut table = Table::new(round, Default::default());
        let mut rng = Rng::new(seed);
        while !table.is_over() && table.round().history().len() < moves {
            let legal = table.legal_moves();
            let mv = rng.pick(&legal);
            table.play(mv).unwrap();
        }
        table
    }

    #[test]
    fn marginals_are_distributions_and_respect_what_is_known() {
        let net = random_network(3);
        let rules = Rules::cuban();
        let inference = PolicyInference {
            samples: 200,
            ..Default::default()
        };
        let chained = PolicyInference {
            chain: 300,
            ..inference
        };
        let mut checked_voids = 0;
        for (seed, inference) in (0..24).map(|k| (k / 2, [inference, chained][k as usize % 2])) {
            let table = table_after(&rules, seed, 14 + seed as usize);
            let seat = table.to_move();
            let info = table.view(seat);
            let b = inference.infer(&net, info, &mut Rng::new(seed)).unwrap();
            assert!(b.weighted);
            assert_eq!(b.seat, seat);
            assert!(b.ess >= 1.0 - 1e-9 && b.ess <= 200.0 + 1e-9, "{}", b.ess);
            let tiles: Vec<Tile> = b.marginals.iter().map(|(t, _)| *t).collect();
            assert_eq!(tiles, info.unseen().iter().collect::<Vec<_>>());
            for (tile, p) in &b.marginals {
                assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{tile}: {p:?}");
                assert_eq!(p[seat as usize], 0.0, "{tile}: the observer's own seat");
                for s in 0..4u8 {
                    if s != seat && info.excluded(s).contains(*tile) {
                        assert_eq!(p[s as usize], 0.0, "{tile}: seat {s} is void");
                        checked_voids += 1;
                    }
                }
            }
        }
        assert!(checked_voids > 0, "some position had a public void");
    }

    #[test]
    fn the_zero_network_is_uniform_over_the_legal_plays() {
        let net = uniform_network();
        let rules = Rules::cuban();
        let table = table_after(&rules, 5, 0);
        let info = table.view(table.to_move());
        let legal = info.legal_moves();
        assert!(legal.len() > 1);
        let mut out = vec![0.0; legal.len()];
        net.probabilities(info, &legal, &mut out);
        for p in out {
            assert!((p - 1.0 / legal.len() as f64).abs() < 1e-6);
        }
    }

    /// Under a uniform policy a deal's likelihood is the product over the other seats' choices
    /// of 1 / (number of legal moves then), here counted on the recorded round replayed by the
    /// engine's `Record`.
    #[test]
    fn uniform_policy_likelihood_counts_the_choices() {
        let net = uniform_network();
        let rules = Rules::cuban();
        let inference = PolicyInference {
            samples: 1,
            floor: 0.02,
            temperature: 1.0,
            ..PolicyInference::default()
        };
        let mut distinct = std::collections::BTreeSet::new();
        for seed in 0..6u64 {
            let table = table_after(&rules, 40 + seed, 20);
            let seat = table.to_move();
            let info = table.view(seat);
            let sampler = Sampler::new(info).unwrap();
            let mut rng = Rng::new(seed);
            for _ in 0..5 {
                let (hands, pile) = sampler.sample_hands(&mut rng).unwrap();
                let got = inference.log_likelihood(&net, info, hands, pile).unwrap();
                let mut dealt = hands;
                for s in 0..4u8 {
                    dealt[s as usize] = dealt[s as usize].union(info.played_by(s));
                }
                let record = Record {
                    rules,
                    deal: Deal {
                        hands: dealt,
                        pile: pile.iter().collect(),
                    },
                    first: info.first(),
                    forced_lead: None,
                    moves: info.history().to_vec(),
                    context: Default::default(),
                };
                let mut want = 0.0;
                for k in 0..info.history().len() {
                    let before = record.replay(k).unwrap();
                    let n = before.legal_moves().len();
                    if before.to_move() != seat && n > 1 {
                        want += (1.0 / n as f64).max(0.02).ln();
                    }
                }
                assert!((got - want).abs() < 1e-6, "{got} vs {want}");
                distinct.insert((want * 1e6) as i64);
            }
        }
        assert!(
            distinct.len() > 1,
            "the counts of choices differ between deals"
        );
    }

    /// Uniform over the legal plays, and notes which seat it was asked about.
    struct Asked(std::sync::Mutex<Vec<u8>>);

    impl PlayPolicy for Asked {
        fn probabilities(&self, info: &InfoSet, legal: &[Move], out: &mut [f64]) {
            self.0.lock().unwrap().push(info.seat());
            out.iter_mut().for_each(|o| *o = 1.0 / legal.len() as f64);
        }
    }

    /// Reading only the opponents never asks the model about the partner's moves, and the
    /// same positions read in full do ask about them.
    #[test]
    fn opponents_only_leaves_the_partner_unread() {
        let rules = Rules::cuban();
        for opponents_only in [false, true] {
            let inference = PolicyInference {
                samples: 1,
                opponents_only,
                ..PolicyInference::default()
            };
            let (mut partners, mut opponents) = (0, 0);
            for seed in 0..6u64 {
                let table = table_after(&rules, 40 + seed, 20);
                let seat = table.to_move();
                let info = table.view(seat);
                let (hands, pile) = Sampler::new(info)
                    .unwrap()
                    .sample_hands(&mut Rng::new(seed))
                    .unwrap();
                let asked = Asked(std::sync::Mutex::new(Vec::new()));
                inference.log_likelihood(&asked, info, hands, pile).unwrap();
                for s in asked.0.into_inner().unwrap() {
                    assert_ne!(s, seat, "the observer's own moves");
                    if s == (seat + 2) % 4 {
                        partners += 1;
                    } else {
                        opponents += 1;
                    }
                }
            }
            assert!(opponents > 0);
            assert_eq!(
                partners == 0,
                opponents_only,
                "{partners} partner moves read"
            );
        }
    }

    /// With every move's probability floored at 1, or before another seat has chosen, every
    /// deal weighs the same: the beliefs are the uniform frequencies of the same draws.
    #[test]
    fn equal_weights_give_the_uniform_frequencies() {
        let net = random_network(8);
        let rules = Rules::cuban();
        let start = table_after(&rules, 9, 0);
        let late = table_after(&rules, 9, 17);
        for (info, floor) in [
            (start.view(start.to_move()), 0.02),
            (late.view(late.to_move()), 1.0),
        ] {
            let inference = PolicyInference {
                samples: 300,
                floor,
                temperature: 1.0,
                ..PolicyInference::default()
            };
            let b = inference.infer(&net, info, &mut Rng::new(1)).unwrap();
            assert!((b.ess - 300.0).abs() < 1e-9, "{}", b.ess);
            // the same draws counted without weights
            let sampler = Sampler::new(info).unwrap();
            let mut rng = Rng::new(1);
            let mut counts = [[0u32; PLACES]; 64];
            for _ in 0..300 {
                let (hands, _) = sampler.sample_hands(&mut rng).unwrap();
                for t in info.unseen().iter() {
                    let place = (0..4).find(|&s| hands[s].contains(t)).unwrap_or(OUT);
                    counts[t.index()][place] += 1;
                }
            }
            for (tile, p) in &b.marginals {
                for (q, c) in p.iter().zip(counts[tile.index()]) {
                    assert!((q - c as f64 / 300.0).abs() < 1e-12, "{tile}");
                }
            }
        }
    }

    /// With every deal equally likely, a chain of exchanges wanders the consistent deals
    /// uniformly: its frequencies approach the exact uniform marginals, voids and all.
    #[test]
    fn a_chain_under_a_flat_likelihood_is_uniform() {
        let rules = Rules::cuban();
        for (seed, moves) in [(3u64, 6usize), (9, 17), (21, 25)] {
            let table = table_after(&rules, seed, moves);
            let info = table.view(table.to_move());
            let b = PolicyInference {
                samples: 1,
                floor: 1.0,
                chain: 100_000,
                ..PolicyInference::default()
            }
            .infer(&Heaviest, info, &mut Rng::new(seed))
            .unwrap();
            // every exchange is accepted; about 70% of the proposals are exchanges
            let moves_per_tile = 2.0 * 100_000.0 * 0.5 / info.unseen().len() as f64;
            assert!(b.ess > moves_per_tile, "{} moves a tile", b.ess);
            let exact = Sampler::new(info).unwrap().marginals();
            let (mut error, mut cells) = (0.0, 0);
            for ((tile, p), (t, q)) in b.marginals.iter().zip(&exact) {
                assert_eq!(tile, t);
                for (x, y) in p.iter().zip(q) {
                    // a place the information set rules out stays exactly empty
                    assert!(*y > 0.0 || *x == 0.0, "{tile}: {p:?} against {q:?}");
                    assert!((x - y).abs() < 0.05, "{tile}: {p:?} against {q:?}");
                    error += (x - y).abs();
                    cells += 1;
                }
            }
            assert!(error / (cells as f64) < 0.01, "{}", error / cells as f64);
        }
    }

    /// The deals kept from the posterior are as many as asked, consistent with what the
    /// observer knows, and spread over the places as the marginals say (weighted draws and a
    /// chain alike).
    #[test]
    fn kept_deals_follow_the_marginals() {
        let rules = Rules::cuban();
        let table = table_after(&rules, 5, 14);
        let info = table.view(table.to_move());
        let me = info.seat() as usize;
        for (samples, chain) in [(3000, 0), (50, 20_000)] {
            let b = PolicyInference {
                samples,
                chain,
                keep: 2000,
                ..PolicyInference::default()
            }
            .infer(&Heaviest, info, &mut Rng::new(3))
            .unwrap();
            assert_eq!(b.deals.len(), 2000);
            let mut freq = [[0.0f64; PLACES]; 64];
            for (hands, pile) in &b.deals {
                assert_eq!(hands[me], info.hand());
                let mut all = *pile;
                for (s, h) in hands.iter().enumerate() {
                    assert_eq!(h.len(), info.counts()[s] as u32);
                    assert!(h.inter(info.excluded(s as u8)).is_empty() || s == me);
                    all = all.union(*h);
                }
                assert_eq!(all, info.unseen().union(info.hand()));
                add_deal(&mut freq, info.seat(), info.unseen(), hands, 1.0 / 2000.0);
            }
            for (tile, p) in &b.marginals {
                for (x, y) in p.iter().zip(freq[tile.index()]) {
                    assert!(
                        (x - y).abs() < 0.1,
                        "{tile}: {p:?} against {:?}",
                        freq[tile.index()]
                    );
                }
            }
        }
    }

    /// Seat 0 leads 9-9 and seat 1 answers with 9-0, its lightest nine. A player who always
    /// plays its heaviest tile does that only when it holds no other nine, so the heavier
    /// nines must move from seat 1 to the other places.
    #[test]
    fn an_unlikely_move_moves_the_mass() {
        let rules = Rules::cuban();
        let hand: TileSet = [
            t(9, 9),
            t(1, 0),
            t(2, 0),
            t(2, 1),
            t(3, 1),
            t(3, 2),
            t(4, 3),
            t(5, 4),
            t(6, 5),
            t(7, 6),
        ]
        .into_iter()
        .collect();
        let mut info = InfoSet::new(&rules, 0, 0, hand).unwrap();
        info.apply(Move::play(t(9, 9), LEAD)).unwrap();
        info.apply(Move::play(t(9, 0), 9)).unwrap();
        let run = |floor: f64| {
            PolicyInference {
                samples: 3000,
                floor,
                temperature: 1.0,
                ..PolicyInference::default()
            }
            .infer(&Heaviest, &info, &mut Rng::new(7))
            .unwrap()
        };
        let weighted = run(0.02);
        let uniform = run(1.0);
        assert!(
            weighted.ess < 0.5 * weighted.samples as f64,
            "{}",
            weighted.ess
        );
        let at = |b: &InferredBeliefs, tile: Tile, place: usize| {
            b.marginals.iter().find(|(x, _)| *x == tile).unwrap().1[place]
        };
        for x in 1..=8 {
            let nine = t(9, x);
            // uniform: 9 of 44 unseen tiles at seat 1
            assert!((at(&uniform, nine, 1) - 9.0 / 44.0).abs() < 0.03);
            assert!(at(&weighted, nine, 1) < 0.05, "{nine} at seat 1");
            for place in [2, 3, OUT] {
                assert!(
                    at(&weighted, nine, place) > at(&uniform, nine, place),
                    "{nine}"
                );
            }
        }
        // tiles without a nine move the other way: seat 1's places are freed for them
        let others = |b: &InferredBeliefs| -> f64 {
            b.marginals
                .iter()
                .filter(|(x, _)| !x.has(9))
                .map(|(_, p)| p[1])
                .sum()
        };
        assert!(others(&weighted) > others(&uniform) + 1.0);
    }

    /// When the seats really play by the model, the weighted beliefs put more probability on
    /// the true places than the uniform ones (log-loss over many hidden tiles, 16 moves in).
    #[test]
    fn beliefs_improve_when_the_model_is_right() {
        let rules = Rules::cuban();
        let mut loss = [0.0f64; 3];
        let mut tiles = 0;
        for seed in 0..16u64 {
            let round = Match::new(&rules, 500 + seed).deal_round();
            let mut table = Table::new(round, Default::default());
            let mut rng = Rng::new(seed);
            // every seat plays by `Heaviest`, ties broken at random
            while table.round().history().len() < 16 && !table.is_over() {
                let legal = table.legal_moves();
                let mut p = vec![0.0; legal.len()];
                Heaviest.probabilities(table.view(table.to_move()), &legal, &mut p);
                let best: Vec<Move> = legal
                    .iter()
                    .zip(&p)
                    .filter(|(_, q)| **q > 0.0)
                    .map(|(m, _)| *m)
                    .collect();
                let mv = if best.is_empty() {
                    legal[0]
                } else {
                    rng.pick(&best)
                };
                table.play(mv).unwrap();
            }
            if table.is_over() {
                continue;
            }
            let seat = table.to_move();
            let info = table.view(seat);
            let hands = table.round().state().hands;
            for (k, (samples, chain, floor)) in [(2000, 0, 0.02), (2000, 0, 1.0), (100, 1900, 0.02)]
                .into_iter()
                .enumerate()
            {
                let b = PolicyInference {
                    samples,
                    chain,
                    floor,
                    temperature: 1.0,
                    ..PolicyInference::default()
                }
                .infer(&Heaviest, info, &mut Rng::new(seed))
                .unwrap();
                for (tile, p) in &b.marginals {
                    let place = (0..4).find(|&s| hands[s].contains(*tile)).unwrap_or(OUT);
                    loss[k] -= p[place].max(1e-6).ln();
                    tiles += (k == 0) as usize;
                }
            }
        }
        assert!(tiles > 200, "{tiles}");
        let [weighted, uniform, chained] = loss.map(|l| l / tiles as f64);
        // a chain of the same cost keeps moving among the deals that explain the moves:
        // 1.119 nats
        assert!(chained < weighted - 0.05, "{chained} vs {weighted}");
        // 1.217 against 1.245 nats: few of 2000 uniform deals explain every move well (a
        // tiny floor makes the weights so uneven that the log-loss gets worse, not better)
        assert!(weighted < uniform - 0.01, "{weighted} vs {uniform}");
    }

    #[test]
    fn a_draw_in_the_history_leaves_the_deals_unweighted() {
        let rules = Rules::preset("cutthroat-2-draw").unwrap();
        let net = random_network(2);
        let inference = PolicyInference {
            samples: 100,
            ..Default::default()
        };
        let mut found = false;
        for seed in 0..50 {
            let table = table_after(&rules, seed, 60);
            let round = table.round();
            let Some(k) = round
                .history()
                .iter()
                .position(|m| matches!(m, Move::Draw(_)))
            else {
                continue;
            };
            let before = table_after(&rules, seed, k + 2);
            if before.is_over() {
                continue;
            }
            let info = before.view(before.to_move());
            let b = inference.infer(&net, info, &mut Rng::new(seed)).unwrap();
            assert!(!b.weighted);
            assert!((b.ess - 100.0).abs() < 1e-9);
            for (_, p) in &b.marginals {
                assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            }
            // before the draw the deals are weighted
            let early = table_after(&rules, seed, k);
            if !early.is_over() && early.round().history().len() > 2 {
                let info = early.view(early.to_move());
                assert!(
                    inference
                        .infer(&net, info, &mut Rng::new(seed))
                        .unwrap()
                        .weighted
                );
            }
            found = true;
            break;
        }
        assert!(found, "some round had a draw");
    }

    #[test]
    fn bad_parameters_are_refused() {
        let net = uniform_network();
        let table = table_after(&Rules::cuban(), 1, 5);
        let info = table.view(table.to_move());
        for p in [
            PolicyInference {
                samples: 0,
                ..Default::default()
            },
            PolicyInference {
                floor: 0.0,
                ..Default::default()
            },
            PolicyInference {
                temperature: -1.0,
                ..Default::default()
            },
            PolicyInference {
                shrink: f64::NAN,
                ..Default::default()
            },
        ] {
            assert!(matches!(
                p.infer(&net, info, &mut Rng::new(0)),
                Err(InferenceError::Parameter(_))
            ));
        }
    }

    #[test]
    fn temperature_flattens_the_policy() {
        let p = PolicyInference {
            temperature: 2.0,
            ..Default::default()
        };
        let q = p.tempered(&[0.64, 0.36], 0);
        assert!((q - 0.8 / 1.4).abs() < 1e-12);
        let sharp = PolicyInference {
            temperature: 0.5,
            ..Default::default()
        };
        assert!(sharp.tempered(&[0.64, 0.36], 0) > 0.64);
    }

    /// Mean absolute difference between two sets of marginals over the same tiles.
    fn distance(a: &[(Tile, [f64; PLACES])], b: &[(Tile, [f64; PLACES])]) -> f64 {
        assert_eq!(a.len(), b.len());
        let mut sum = 0.0;
        for ((t, p), (u, q)) in a.iter().zip(b) {
            assert_eq!(t, u);
            sum += p.iter().zip(q).map(|(x, y)| (x - y).abs()).sum::<f64>();
        }
        sum / (a.len() * PLACES) as f64
    }

    /// Believed deals drawn from a prior that puts the heavy tiles with one seat, under a model that weighs
    /// every deal alike: as a proposal only, the weights undo the prior and the beliefs are
    /// the uniform ones; as a product, they are the prior's.
    #[test]
    fn a_prior_that_only_proposes_leaves_the_posterior_unchanged() {
        let net = uniform_network();
        let table = table_after(&Rules::cuban(), 21, 12);
        let info = table.view(table.to_move());
        let favoured = (info.seat() + 1) % 4;
        let mut prior = PlaceWeights::uniform();
        // only the heavy tiles: with every tile favouring one seat, the hand sizes would make
        // every deal's product the same
        for t in info.unseen().iter().filter(|t| t.pips() >= 9) {
            let mut w = [1.0; PLACES];
            w[favoured as usize] = 2.0;
            prior.set(t, w);
        }
        let exact_uniform = Sampler::new(info).unwrap().marginals();
        let exact_prior = capicua_engine::BeliefSampler::new(info, &prior)
            .unwrap()
            .marginals();
        let run = |use_prior| {
            PolicyInference {
                samples: 6000,
                floor: 1.0,
                prior: use_prior,
                ..Default::default()
            }
            .infer_from(&net, info, Some(&prior), &mut Rng::new(5))
            .unwrap()
        };
        let proposal = run(PriorUse::Proposal);
        let product = run(PriorUse::Product);
        let gap = distance(&exact_uniform, &exact_prior);
        assert!(gap > 0.015, "the prior moves the marginals ({gap})");
        let to_uniform = distance(&proposal.marginals, &exact_uniform);
        assert!(to_uniform < 0.35 * gap, "{to_uniform} vs {gap}");
        assert!(proposal.ess < 6000.0 * 0.9, "{}", proposal.ess);
        let to_prior = distance(&product.marginals, &exact_prior);
        assert!(to_prior < 0.35 * gap, "{to_prior} vs {gap}");
        assert!((product.ess - 6000.0).abs() < 1e-6);
    }

    /// Shrinking blends the weighted frequencies with the sampler's exact marginals by the
    /// effective sample size: a huge pseudo-count gives the exact marginals.
    #[test]
    fn shrinking_blends_in_the_exact_marginals() {
        let net = random_network(4);
        let table = table_after(&Rules::cuban(), 22, 16);
        let info = table.view(table.to_move());
        let exact = Sampler::new(info).unwrap().marginals();
        let run = |shrink| {
            PolicyInference {
                samples: 100,
                shrink,
                ..Default::default()
            }
            .infer(&net, info, &mut Rng::new(9))
            .unwrap()
        };
        let raw = run(0.0);
        assert!(distance(&raw.marginals, &exact) > 0.01);
        assert!(distance(&run(1e12).marginals, &exact) < 1e-9);
        let k = raw.ess;
        let half = run(k);
        for (((_, h), (_, r)), (_, e)) in half.marginals.iter().zip(&raw.marginals).zip(&exact) {
            for p in 0..PLACES {
                assert!((h[p] - 0.5 * (r[p] + e[p])).abs() < 1e-9);
            }
        }
    }
}
