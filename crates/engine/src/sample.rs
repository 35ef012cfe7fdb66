//! Exact uniform sampling of the hidden tiles given an information set.
//!
//! The places that can hold an unseen tile are the other seats (each with a known number of
//! tiles) and the undealt pile. A table counts, for every suffix of the unseen tiles and every
//! vector of remaining capacities, the deals of those tiles that respect each seat's known
//! voids; sampling walks the table tile by tile, choosing each tile's place with probability
//! proportional to the number of completions. Counts are exact (`u128`), so every consistent
//! deal has exactly the same probability. The table, the places and the rejection step are
//! `layout`'s, shared with the [`BeliefSampler`](crate::BeliefSampler), which weights the
//! same deals by learned beliefs.
//!
//! Two constraints are not of that per-tile form and are enforced by rejection, which keeps
//! the distribution exactly uniform over the deals that satisfy them: the compulsory redeal
//! rule (no seat was dealt `redeal_doubles` doubles) and, in draw games, the order of each
//! seat's draws and voids (`InfoSet::history_allows`).
//!
//! Under the optional redeal rule (the Cuban default) a holder of five doubles may keep them,
//! so a deal that gives an opponent five doubles is possible and weighs the same as any other
//! consistent deal: whether a holder keeps such a hand depends on the player, and the sampler
//! assumes nothing about it. (The project's own players always show them: see
//! `Player::show_doubles`.) Such hands are rare (1.17% of cuban hands, hypergeometric: 10
//! doubles among 55 tiles, 10 dealt), so the choice barely moves the sampled distribution.

use crate::error::SampleError;
use crate::infoset::InfoSet;
use crate::layout::{Layout, MAX_REJECTIONS, Table};
use crate::rng::Rng;
use crate::state::State;
use crate::tiles::{Tile, TileSet};

/// Exact uniform sampler of the hidden tiles of one information set.
#[derive(Clone, Debug)]
pub struct Sampler {
    layout: Layout,
    table: Table<u128>,
    total: u128,
}

impl Sampler {
    pub fn new(info: &InfoSet) -> Result<Sampler, SampleError> {
        let layout = Layout::new(info)?;
        let table = layout.backward(&layout.unit_weights::<u128>());
        let total = layout.top(&table);
        if total == 0 {
            return Err(SampleError::NoConsistentDeal);
        }
        Ok(Sampler {
            layout,
            table,
            total,
        })
    }

    /// The number of deals of the unseen tiles consistent with the voids and counts (before
    /// the rejection constraints).
    pub fn count(&self) -> u128 {
        self.total
    }

    /// For each unseen tile (in index order), the exact probability of each place under the
    /// uniform distribution over the deals counted by [`Sampler::count`] (before the rejection
    /// constraints): entries 0..4 are seats, 4 is out of play (sleeping or the boneyard). Each
    /// row sums to one; a place that cannot hold the tile (the observer, a seat void in it or
    /// holding no tile) has exactly 0. Computed from exact counts, then divided.
    pub fn marginals(&self) -> Vec<(Tile, [f64; 5])> {
        let w = self.layout.unit_weights::<u128>();
        let local = self.layout.marginals(&w, &self.table);
        self.layout.absolute_marginals(local)
    }

    /// One uniform draw from the table: every seat's hand (own included) and the pile.
    fn draw_once(&self, rng: &mut Rng) -> ([TileSet; 4], TileSet) {
        let l = &self.layout;
        let np = l.places();
        let stride = l.stride;
        let mut deal = l.empty_deal();
        let mut idx = l.full_index();
        let mut r = rng.below_u128(self.total);
        for (k, &t) in l.tiles.iter().enumerate() {
            let row = &self.table.cells[(k + 1) * stride..(k + 2) * stride];
            let mut chosen = np - 1;
            for p in 0..np {
                if l.allowed[k] & (1 << p) == 0 || !l.has_room(k, idx, p) {
                    continue;
                }
                let w = row[l.after(idx, p)];
                if r < w {
                    chosen = p;
                    break;
                }
                r -= w;
            }
            idx = l.after(idx, chosen);
            l.put(chosen, t, &mut deal);
        }
        deal
    }

    /// See [`DealSampler::swap`](crate::DealSampler::swap).
    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Hidden hands and pile, uniform over the deals consistent with the information set.
    pub fn sample_hands(&self, rng: &mut Rng) -> Result<([TileSet; 4], TileSet), SampleError> {
        self.layout
            .sample_hands(rng, MAX_REJECTIONS, |rng| self.draw_once(rng))
    }

    /// A determinization: the full state with sampled hidden hands.
    pub fn sample(&self, rng: &mut Rng) -> Result<State, SampleError> {
        Ok(self.layout.determinize(self.sample_hands(rng)?))
    }

    /// Whether some sampled deal passes the rejection constraints (tries `tries` draws).
    pub fn any_acceptable(&self, rng: &mut Rng, tries: u32) -> bool {
        self.layout
            .any_acceptable(rng, tries, |rng| self.draw_once(rng))
    }
}
