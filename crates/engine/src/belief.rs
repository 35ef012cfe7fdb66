//! Sampling the hidden tiles by learned beliefs.
//!
//! A belief gives, for each unseen tile, a weight for each place it could be: a seat, or out
//! of play (sleeping or the boneyard). A network predicts such beliefs independently per tile,
//! so they ignore the hand sizes and may put weight where the information set rules a tile
//! out; they are a preference over places, not a distribution over deals. The
//! [`BeliefSampler`] turns them into one: it draws deals with probability proportional to the
//! product over unseen tiles of the tile's weight at its place, restricted exactly to the
//! deals the uniform [`Sampler`](crate::Sampler) can draw (the same places, capacities, voids
//! and rejection constraints: the two samplers share `layout`). Every believed deal is
//! therefore consistent with the information set, whatever the weights.
//!
//! The table is the uniform sampler's with `f64` sums of weight products in place of counts;
//! each row is divided by its largest entry (only ratios within a row matter when a tile's
//! place is drawn), so the products of 45 small weights cannot underflow. The weights of a
//! tile's allowed places are floored at [`RELATIVE_FLOOR`] times its largest allowed weight,
//! so a belief that puts almost nothing on every feasible place still leaves every consistent
//! deal possible; weights that are negative or not finite count as 0 (a belief that gives a
//! tile nothing usable is read as uniform over its allowed places).
//!
//! The rejection constraints (the compulsory redeal rule, the order of draws and voids in draw
//! games) are checked on the believed draws, which keeps the distribution exactly the
//! believed one restricted to the deals that pass them. Beliefs can put almost no weight on
//! those deals (a network that ignores when a seat drew), and then rejection could take
//! millions of draws. So a draw that finds no passing deal in [`BELIEVED_TRIES`] believed
//! draws is taken from the uniform sampler instead: still exactly consistent, never an error
//! where the uniform sampler succeeds, and exact whenever the believed deals pass the checks
//! at a usable rate (at a 1% pass rate, one draw in 20,000 falls back).

use crate::error::SampleError;
use crate::infoset::InfoSet;
use crate::layout::{Layout, OUT, Table};
use crate::rng::Rng;
use crate::sample::Sampler;
use crate::state::State;
use crate::tiles::{MAX_TILES, Tile, TileSet};

/// The smallest weight of an allowed place, relative to the tile's largest allowed weight.
pub const RELATIVE_FLOOR: f64 = 1e-6;

/// Believed draws tried against the rejection constraints before one draw falls back to the
/// uniform sampler.
pub const BELIEVED_TRIES: u32 = 1_000;

/// A non-negative weight per tile (by [`Tile::index`]) and place: entries 0..4 are absolute
/// seats, entry [`PlaceWeights::OUT`] is out of play (sleeping or the boneyard). Only ratios
/// between one tile's entries matter.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaceWeights {
    weights: [[f64; 5]; MAX_TILES],
}

impl PlaceWeights {
    /// The place index of out of play.
    pub const OUT: usize = OUT;

    /// Every weight 1: the believed sampler is then the uniform one.
    pub fn uniform() -> PlaceWeights {
        PlaceWeights {
            weights: [[1.0; 5]; MAX_TILES],
        }
    }

    /// The weights of `tile`'s places.
    pub fn get(&self, tile: Tile) -> [f64; 5] {
        self.weights[tile.index()]
    }

    /// Sets the weights of `tile`'s places.
    pub fn set(&mut self, tile: Tile, weights: [f64; 5]) {
        self.weights[tile.index()] = weights;
    }

    /// Every weight raised to `power`: above 1 sharpens the beliefs, below 1 flattens them,
    /// and 0 makes every possible place equally likely.
    pub fn powered(&self, power: f64) -> PlaceWeights {
        PlaceWeights {
            weights: self
                .weights
                .map(|w| w.map(|x| if x > 0.0 { x.powf(power) } else { 0.0 })),
        }
    }
}

impl Default for PlaceWeights {
    fn default() -> Self {
        PlaceWeights::uniform()
    }
}

/// Exact sampler of the hidden tiles of an information set, weighted by beliefs.
#[derive(Clone, Debug)]
pub struct BeliefSampler {
    layout: Layout,
    /// Per unseen tile and local place: the floored weight divided by the tile's largest
    /// (0 on places the tile cannot be in).
    weights: Vec<[f64; 5]>,
    table: Table<f64>,
    /// The uniform sampler, when some deals fail the rejection constraints (see the module
    /// documentation).
    fallback: Option<Box<Sampler>>,
}

impl BeliefSampler {
    /// Builds the table for `info` with `weights`. Fails exactly when the uniform
    /// [`Sampler::new`](crate::Sampler::new) fails: no deal fits the counts and voids.
    pub fn new(info: &InfoSet, weights: &PlaceWeights) -> Result<BeliefSampler, SampleError> {
        let layout = Layout::new(info)?;
        let np = layout.places();
        let local: Vec<[f64; 5]> = layout
            .tiles
            .iter()
            .zip(&layout.allowed)
            .map(|(&t, &allowed)| {
                let raw = weights.get(t);
                let mut w = [0.0; 5];
                for (p, x) in w.iter_mut().enumerate().take(np) {
                    if allowed & 1 << p != 0 {
                        let v = raw[layout.absolute(p)];
                        *x = if v.is_finite() && v > 0.0 { v } else { 0.0 };
                    }
                }
                let top = w.iter().fold(0.0f64, |a, &x| a.max(x));
                for (p, x) in w.iter_mut().enumerate().take(np) {
                    if allowed & 1 << p != 0 {
                        *x = if top > 0.0 {
                            x.max(RELATIVE_FLOOR * top) / top
                        } else {
                            1.0
                        };
                    }
                }
                w
            })
            .collect();
        let table = layout.backward(&local);
        if layout.top(&table) <= 0.0 {
            return Err(SampleError::NoConsistentDeal);
        }
        let fallback = if layout.needs_check() {
            Some(Box::new(Sampler::new(info)?))
        } else {
            None
        };
        Ok(BeliefSampler {
            layout,
            weights: local,
            table,
            fallback,
        })
    }

    /// One draw from the table: every seat's hand (own included) and the pile. Each tile's
    /// place is drawn with probability proportional to its weight times the weight of the
    /// completions from there.
    fn draw_once(&self, rng: &mut Rng) -> ([TileSet; 4], TileSet) {
        let l = &self.layout;
        let np = l.places();
        let stride = l.stride;
        let mut deal = l.empty_deal();
        let mut idx = l.full_index();
        for (k, &t) in l.tiles.iter().enumerate() {
            let row = &self.table.cells[(k + 1) * stride..(k + 2) * stride];
            let mut mass = [0.0; 5];
            let mut sum = 0.0;
            for (p, m) in mass.iter_mut().enumerate().take(np) {
                let w = self.weights[k][p];
                if w > 0.0 && l.has_room(k, idx, p) {
                    *m = w * row[l.after(idx, p)];
                    sum += *m;
                }
            }
            // the state reached has positive weight, so some place has positive mass; rounding
            // can leave `u` at the very end, which then takes the last place with mass
            let mut u = rng.unit() * sum;
            let mut chosen = None;
            for (p, &m) in mass.iter().enumerate().take(np) {
                if m > 0.0 {
                    chosen = Some(p);
                    if u < m {
                        break;
                    }
                    u -= m;
                }
            }
            let p = chosen.unwrap_or(np - 1);
            idx = l.after(idx, p);
            l.put(p, t, &mut deal);
        }
        deal
    }

    /// Hidden hands (own included) and pile, drawn with probability proportional to the
    /// product of the weights among the deals consistent with the information set (or, when
    /// [`BELIEVED_TRIES`] believed draws all fail the rejection constraints, uniformly: see
    /// the module documentation).
    pub fn sample_hands(&self, rng: &mut Rng) -> Result<([TileSet; 4], TileSet), SampleError> {
        let believed = self
            .layout
            .sample_hands(rng, BELIEVED_TRIES, |rng| self.draw_once(rng));
        match (believed, &self.fallback) {
            (Err(_), Some(uniform)) => uniform.sample_hands(rng),
            (deal, _) => deal,
        }
    }

    /// A determinization: the full state with believed hidden hands.
    pub fn sample(&self, rng: &mut Rng) -> Result<State, SampleError> {
        Ok(self.layout.determinize(self.sample_hands(rng)?))
    }

    /// For each unseen tile (in index order), the exact probability of each place under the
    /// believed distribution before the rejection constraints (the redeal rule, the order of
    /// draws): entries 0..4 are seats, [`PlaceWeights::OUT`] is out of play. Each row sums to
    /// one; a place that cannot hold the tile has exactly 0. A forward pass over the same
    /// table, about the cost of [`BeliefSampler::new`].
    pub fn marginals(&self) -> Vec<(Tile, [f64; 5])> {
        let local = self.layout.marginals(&self.weights, &self.table);
        self.layout.absolute_marginals(local)
    }

    /// The log of the believed probability of a deal (every seat's hand now, as
    /// [`BeliefSampler::sample_hands`] gives them), up to a constant that is the same for every
    /// deal of this information set: the sum over unseen tiles of the log of the tile's
    /// (floored, normalised) weight at its place. Importance weights that correct believed
    /// draws to another target divide by its exponential. A tile in no hand counts as out of
    /// play; a place the sampler rules out gives negative infinity. A draw that fell back to
    /// the uniform sampler (see the module documentation) was not drawn with this
    /// probability; such draws are rare where the believed deals pass the checks at a usable
    /// rate.
    pub fn log_weight(&self, hands: &[TileSet; 4]) -> f64 {
        let l = &self.layout;
        let np = l.places();
        let mut sum = 0.0;
        for (k, &t) in l.tiles.iter().enumerate() {
            let at = (0..4).find(|&s| hands[s].contains(t)).unwrap_or(OUT);
            let w = (0..np)
                .find(|&p| l.absolute(p) == at)
                .map_or(0.0, |p| self.weights[k][p]);
            sum += w.ln();
        }
        sum
    }

    /// How far the beliefs are from uniform: the Kish effective sample size, as a fraction,
    /// that importance weighting exact uniform draws to the believed distribution would have,
    /// `Z_w² / (Z_1 · Z_w²)` with `Z_f` the sum over consistent deals (before the rejection
    /// constraints) of the product over unseen tiles of `f(tile, place)`. 1 for uniform
    /// weights, smaller the more the beliefs concentrate. (This sampler is exact, so its own
    /// draws are independent; this measures the beliefs, not the sampler.) Computed exactly
    /// in log scale by two more passes over the table.
    pub fn uniform_ess(&self) -> f64 {
        let l = &self.layout;
        let squares: Vec<[f64; 5]> = self.weights.iter().map(|w| w.map(|x| x * x)).collect();
        let log_w = l.log_total(&self.table);
        let log_1 = l.log_total(&l.backward(&l.unit_weights::<f64>()));
        let log_w2 = l.log_total(&l.backward(&squares));
        (2.0 * log_w - log_1 - log_w2).exp().clamp(0.0, 1.0)
    }
}

/// A deal as the samplers give it: every seat's hand now (the observer's included) and the
/// tiles out of play.
pub type SampledDeal = ([TileSet; 4], TileSet);

/// The deals consistent with an information set, drawn uniformly ([`Sampler`]) or in
/// proportion to place weights ([`BeliefSampler`]): the one choice the search's
/// determinizations and policy-based inference both make.
#[derive(Clone, Debug)]
pub enum DealSampler {
    Uniform(Sampler),
    Believed(BeliefSampler),
}

impl DealSampler {
    /// Believed deals when there are `weights`, else uniform ones.
    pub fn new(info: &InfoSet, weights: Option<&PlaceWeights>) -> Result<DealSampler, SampleError> {
        Ok(match weights {
            Some(w) => DealSampler::Believed(BeliefSampler::new(info, w)?),
            None => DealSampler::Uniform(Sampler::new(info)?),
        })
    }

    /// A full state (see [`Sampler::sample`]).
    #[inline]
    pub fn sample(&self, rng: &mut Rng) -> Result<State, SampleError> {
        match self {
            DealSampler::Uniform(s) => s.sample(rng),
            DealSampler::Believed(s) => s.sample(rng),
        }
    }

    /// Each unseen tile's exact probability of each place under the sampler's distribution
    /// (see [`Sampler::marginals`] and [`BeliefSampler::marginals`]).
    pub fn marginals(&self) -> Vec<(Tile, [f64; 5])> {
        match self {
            DealSampler::Uniform(s) => s.marginals(),
            DealSampler::Believed(s) => s.marginals(),
        }
    }

    /// The log of a drawn deal's probability up to a constant of the information set: 0 for
    /// uniform deals, [`BeliefSampler::log_weight`] for believed ones.
    pub fn log_weight(&self, hands: &[TileSet; 4]) -> f64 {
        match self {
            DealSampler::Uniform(_) => 0.0,
            DealSampler::Believed(s) => s.log_weight(hands),
        }
    }

    /// Every seat's hand now and the undealt tiles (see [`Sampler::sample_hands`]).
    pub fn sample_hands(&self, rng: &mut Rng) -> Result<([TileSet; 4], TileSet), SampleError> {
        match self {
            DealSampler::Uniform(s) => s.sample_hands(rng),
            DealSampler::Believed(s) => s.sample_hands(rng),
        }
    }

    /// Exchanges the places of the unseen tiles `a` and `b` in `deal` (every seat's hand now
    /// and the undealt tiles, as [`DealSampler::sample_hands`] gives them) when the deal that
    /// results is still one the sampler can draw: consistent with the information set (each
    /// tile where it may be, the redeal rule, the draws), so a chain of exchanges never leaves
    /// the possible deals. Otherwise `deal` is unchanged. Returns whether the tiles moved.
    pub fn swap(&self, deal: &mut SampledDeal, a: Tile, b: Tile) -> bool {
        match self {
            DealSampler::Uniform(s) => s.layout().swap(deal, a, b),
            DealSampler::Believed(s) => s.layout.swap(deal, a, b),
        }
    }
}
