//! Beliefs about the hidden tiles: for each tile a seat has not seen, the probability that
//! each other seat holds it or that it is out of play (sleeping, or in the boneyard).
//!
//! Estimated by counting over determinizations drawn from the engine's exact sampler, which
//! is uniform over every deal consistent with the information set (voids, counts, the redeal
//! rule, draw histories). Each tile's estimates are frequencies over the same samples, so they
//! sum to one exactly, and a seat known to be void in a tile never gets it; the standard error
//! of an estimate `p` over `n` samples is `sqrt(p (1 - p) / n)` (below 0.005 at 10,000).
//!
//! [`learned_beliefs`] reports instead what a search with `BeliefMode::Learned` draws from:
//! the exact marginals of the engine's `BeliefSampler` for the given place weights (every
//! consistent deal weighted by the product of its tiles' weights), computed, not sampled.
//! They ignore the rejection constraints (the compulsory redeal rule, the order of draws),
//! which the search's draws do respect.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use capicua_engine::{BeliefSampler, InfoSet, PlaceWeights, Rng, Sampler, Tile};

use crate::config::{BeliefMode, Budget};
use crate::error::SearchError;
use crate::evaluator::Evaluator;

/// Samples used when a belief request brings no budget.
pub const DEFAULT_SAMPLES: u64 = 20_000;

/// Where one unseen tile is.
#[derive(Clone, Debug, PartialEq)]
pub struct TileBelief {
    pub tile: Tile,
    /// Probability per seat (the observing seat's own entry is 0).
    pub seats: [f64; 4],
    /// Probability that the tile is out of play (sleeping or in the boneyard).
    pub out: f64,
}

/// Where a [`Beliefs`] report comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BeliefKind {
    /// Frequencies over uniform samples of the consistent deals ([`beliefs`]).
    Uniform,
    /// Exact marginals of the deals weighted by learned place weights ([`learned_beliefs`]).
    Learned,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Beliefs {
    /// The observing seat.
    pub seat: u8,
    pub kind: BeliefKind,
    /// Determinizations counted (0 for [`BeliefKind::Learned`]: exact, nothing sampled).
    pub samples: u64,
    /// One entry per unseen tile, in tile index order.
    pub tiles: Vec<TileBelief>,
}

/// Estimates beliefs for `info.seat()` from `budget.iterations` samples (or as many as fit
/// `budget.time`, or [`DEFAULT_SAMPLES`]); `stop` ends the count early (at least one sample
/// is always drawn). Reproducible for a fixed seed and iteration budget.
pub fn beliefs(
    info: &InfoSet,
    budget: Budget,
    seed: u64,
    stop: Option<&AtomicBool>,
) -> Result<Beliefs, SearchError> {
    let start = Instant::now();
    let sampler = Sampler::new(info)?;
    let unseen: Vec<Tile> = info.unseen().iter().collect();
    let players = info.rules().players as usize;
    let me = info.seat() as usize;
    // counts[tile index][place]: places 0..4 are seats, 4 is out
    let mut counts = vec![[0u64; 5]; 64];
    let mut rng = Rng::new(seed);
    let limit = match budget {
        Budget {
            iterations: None,
            time: None,
        } => Some(DEFAULT_SAMPLES),
        b => b.iterations,
    };
    let deadline = budget.time.map(|t| start + t);
    let mut n = 0u64;
    loop {
        if n > 0 {
            if limit.is_some_and(|l| n >= l) || stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            if n.is_multiple_of(64) && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        let (hands, _) = sampler.sample_hands(&mut rng)?;
        for &t in &unseen {
            let place = (0..players)
                .find(|&s| s != me && hands[s].contains(t))
                .unwrap_or(4);
            counts[t.index()][place] += 1;
        }
        n += 1;
    }
    let total = n as f64;
    let tiles = unseen
        .iter()
        .map(|&t| {
            let c = &counts[t.index()];
            let mut seats = [0.0; 4];
            for (s, p) in seats.iter_mut().enumerate() {
                *p = c[s] as f64 / total;
            }
            TileBelief {
                tile: t,
                seats,
                out: c[4] as f64 / total,
            }
        })
        .collect();
    Ok(Beliefs {
        seat: info.seat(),
        kind: BeliefKind::Uniform,
        samples: n,
        tiles,
    })
}

/// The exact beliefs of the believed-deal sampler for `info.seat()` with `weights`: per
/// unseen tile, the probability of each place when every consistent deal is weighted by the
/// product of its tiles' weights (before the rejection constraints, see the module
/// documentation). `samples` is 0.
pub fn learned_beliefs(info: &InfoSet, weights: &PlaceWeights) -> Result<Beliefs, SearchError> {
    let sampler = BeliefSampler::new(info, weights)?;
    let tiles = sampler
        .marginals()
        .into_iter()
        .map(|(tile, m)| TileBelief {
            tile,
            seats: [m[0], m[1], m[2], m[3]],
            out: m[PlaceWeights::OUT],
        })
        .collect();
    Ok(Beliefs {
        seat: info.seat(),
        kind: BeliefKind::Learned,
        samples: 0,
        tiles,
    })
}

/// The beliefs a search with `mode` and `evaluator` draws from: [`learned_beliefs`] with the
/// evaluator's weights, or [`beliefs()`] counted over `budget`.
pub fn beliefs_for(
    info: &InfoSet,
    mode: BeliefMode,
    evaluator: &dyn Evaluator,
    budget: Budget,
    seed: u64,
    stop: Option<&AtomicBool>,
) -> Result<Beliefs, SearchError> {
    match mode {
        BeliefMode::Uniform => beliefs(info, budget, seed, stop),
        BeliefMode::Learned => {
            let weights = evaluator
                .place_weights(info)
                .ok_or(SearchError::NoBeliefs)?;
            learned_beliefs(info, &weights)
        }
        BeliefMode::Truth => Err(SearchError::NoTruth),
    }
}
