//! What the deal samplers share: where each unseen tile may go, the table over (tile, remaining
//! capacities) and the constraints checked by rejection.
//!
//! The places that can hold an unseen tile are the other seats (each with a known number of
//! tiles) and the out-of-play pile (sleeping tiles and the boneyard). A deal gives every unseen
//! tile one allowed place and fills every place to its capacity. The table's row `k` holds,
//! for every vector of remaining capacities (a mixed-radix index over all places but the pile,
//! whose capacity is implied by the number of tiles left), the total weight of the deals of
//! tiles `k..`: with unit weights it counts them (exactly, in `u128`, for the uniform
//! [`Sampler`](crate::Sampler)); with per-tile place weights it sums the products of the
//! weights (in `f64`, for the [`BeliefSampler`](crate::BeliefSampler)). One description of the
//! table, written once and generic over the number type, serves both, so the two samplers
//! draw from exactly the same set of deals.
//!
//! Two constraints are not of that per-tile form and are enforced by rejection, which keeps
//! the distribution exactly the table's restricted to the deals that satisfy them: the
//! compulsory redeal rule (no seat was dealt `redeal_doubles` doubles) and, in draw games, the
//! order of each seat's draws and voids (`InfoSet::history_allows`).

use std::ops::{Add, Mul};

use crate::error::SampleError;
use crate::infoset::{Event, InfoSet};
use crate::rng::Rng;
use crate::state::State;
use crate::tiles::{Tile, TileSet};
use crate::variant::Redeal;

/// Draws tried before the uniform sampler gives up on the rejection constraints.
pub(crate) const MAX_REJECTIONS: u32 = 100_000;

/// The out-of-play place in absolute place numbering (seats are 0..4).
pub(crate) const OUT: usize = 4;

/// A number type of the table: `u128` counts exactly, `f64` sums weights.
pub(crate) trait Cell: Copy + PartialEq + Add<Output = Self> + Mul<Output = Self> {
    const ZERO: Self;
    const ONE: Self;
    /// Divides a row by its largest entry where the type could underflow, and returns the
    /// natural log of the divisor (0 when nothing is divided).
    fn rescale(row: &mut [Self]) -> f64;
    fn to_f64(self) -> f64;
}

impl Cell for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    fn rescale(_: &mut [u128]) -> f64 {
        0.0
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
}

impl Cell for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    fn rescale(row: &mut [f64]) -> f64 {
        let m = row.iter().fold(0.0f64, |a, &x| a.max(x));
        if m > 0.0 && m != 1.0 {
            let inv = 1.0 / m;
            for x in row.iter_mut() {
                *x *= inv;
            }
            m.ln()
        } else {
            0.0
        }
    }
    fn to_f64(self) -> f64 {
        self
    }
}

/// A filled table: `cells[k * stride + idx]` times `exp(log_scale[k])` is the total weight
/// of the deals of tiles `k..` into the remaining capacities `idx`.
#[derive(Clone, Debug)]
pub(crate) struct Table<T> {
    pub(crate) cells: Vec<T>,
    pub(crate) log_scale: Vec<f64>,
}

/// The places, capacities and allowed places of one information set's unseen tiles, and the
/// checks made by rejection.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    seat: u8,
    players: u8,
    hand: TileSet,
    /// The unseen tiles, in index order.
    pub(crate) tiles: Vec<Tile>,
    /// Allowed places of each tile (bit p: place p).
    pub(crate) allowed: Vec<u8>,
    /// Seat of each place; the last place is the pile (`u8::MAX`).
    places: Vec<u8>,
    caps: Vec<u32>,
    /// Mixed radix over all places but the last (its capacity is implied by the total).
    radix: Vec<usize>,
    pub(crate) stride: usize,
    /// Per capacity index: the remaining capacity of each place but the pile, and their sum.
    digits: Vec<[u32; 4]>,
    held: Vec<u32>,
    needs_check: bool,
    info: InfoSet,
}

impl Layout {
    pub(crate) fn new(info: &InfoSet) -> Result<Layout, SampleError> {
        let rules = info.rules();
        let seat = info.seat();
        let counts = info.counts();
        let unseen = info.unseen();
        let mut places: Vec<u8> = (0..rules.players).filter(|&s| s != seat).collect();
        let mut caps: Vec<u32> = places.iter().map(|&s| counts[s as usize] as u32).collect();
        let held_total: u32 = caps.iter().sum();
        if held_total > unseen.len() {
            return Err(SampleError::NoConsistentDeal);
        }
        places.push(u8::MAX);
        caps.push(unseen.len() - held_total);
        let tiles: Vec<Tile> = unseen.iter().collect();
        let allowed: Vec<u8> = tiles
            .iter()
            .map(|&t| {
                places.iter().enumerate().fold(0u8, |m, (p, &s)| {
                    if s == u8::MAX || !info.excluded(s).contains(t) {
                        m | 1 << p
                    } else {
                        m
                    }
                })
            })
            .collect();
        let np = places.len();
        let mut radix = Vec::with_capacity(np - 1);
        let mut stride = 1usize;
        for &c in &caps[..np - 1] {
            radix.push(stride);
            stride *= c as usize + 1;
        }
        let mut digits = vec![[0u32; 4]; stride];
        let mut held = vec![0u32; stride];
        for idx in 0..stride {
            let mut x = idx;
            for p in 0..np - 1 {
                let r = (x % (caps[p] as usize + 1)) as u32;
                x /= caps[p] as usize + 1;
                digits[idx][p] = r;
                held[idx] += r;
            }
        }
        let needs_check = rules.redeal == Redeal::Compulsory
            || (rules.draw
                && (0..rules.players).any(|s| {
                    info.events[s as usize]
                        .iter()
                        .any(|e| matches!(e, Event::Acquire))
                }));
        Ok(Layout {
            seat,
            players: rules.players,
            hand: info.hand(),
            tiles,
            allowed,
            places,
            caps,
            radix,
            stride,
            digits,
            held,
            needs_check,
            info: info.clone(),
        })
    }

    /// Number of places (the other seats, then the pile).
    #[inline]
    pub(crate) fn places(&self) -> usize {
        self.places.len()
    }

    /// The absolute place of local place `p`: its seat, or [`OUT`] for the pile.
    #[inline]
    pub(crate) fn absolute(&self, p: usize) -> usize {
        match self.places[p] {
            u8::MAX => OUT,
            s => s as usize,
        }
    }

    /// The capacity index with every place full (before any tile is placed).
    pub(crate) fn full_index(&self) -> usize {
        (0..self.places.len() - 1)
            .map(|p| self.caps[p] as usize * self.radix[p])
            .sum()
    }

    /// The remaining capacity of place `p` at a reachable index `idx` with `left` tiles still
    /// to place.
    #[inline]
    fn remaining(&self, idx: usize, left: u32, p: usize) -> u32 {
        if p < self.places.len() - 1 {
            self.digits[idx][p]
        } else {
            left - self.held[idx]
        }
    }

    /// Whether capacity index `idx` can occur with `left` tiles still to place.
    #[inline]
    fn reachable(&self, idx: usize, left: u32) -> bool {
        let h = self.held[idx];
        h <= left && left - h <= self.caps[self.places.len() - 1]
    }

    /// The index after one tile goes to place `p` (whose remaining capacity must be positive).
    #[inline]
    pub(crate) fn after(&self, idx: usize, p: usize) -> usize {
        if p < self.places.len() - 1 {
            idx - self.radix[p]
        } else {
            idx
        }
    }

    /// Whether place `p` has room for tile `k` at the reachable index `idx`.
    #[inline]
    pub(crate) fn has_room(&self, k: usize, idx: usize, p: usize) -> bool {
        self.remaining(idx, (self.tiles.len() - k) as u32, p) > 0
    }

    /// Unit weights on the allowed places (the uniform case).
    pub(crate) fn unit_weights<T: Cell>(&self) -> Vec<[T; 5]> {
        self.allowed
            .iter()
            .map(|&a| std::array::from_fn(|p| if a & 1 << p != 0 { T::ONE } else { T::ZERO }))
            .collect()
    }

    /// Fills the table from the last tile back: row `k` at index `idx` is the sum over tile
    /// `k`'s places `p` with room of `w[k][p]` times row `k + 1` after the move. `w` must be
    /// zero on places a tile is not allowed in. `f64` rows are rescaled by their maximum.
    pub(crate) fn backward<T: Cell>(&self, w: &[[T; 5]]) -> Table<T> {
        let n = self.tiles.len();
        let np = self.places.len();
        let stride = self.stride;
        let mut cells = vec![T::ZERO; (n + 1) * stride];
        let mut log_scale = vec![0.0; n + 1];
        for k in (0..=n).rev() {
            let left = (n - k) as u32;
            let (head, tail) = cells.split_at_mut((k + 1) * stride);
            let row = &mut head[k * stride..];
            for (idx, cell) in row.iter_mut().enumerate() {
                if !self.reachable(idx, left) {
                    continue;
                }
                if k == n {
                    *cell = T::ONE;
                    continue;
                }
                let mut ways = T::ZERO;
                for p in 0..np {
                    let wp = w[k][p];
                    if wp == T::ZERO || self.remaining(idx, left, p) == 0 {
                        continue;
                    }
                    ways = ways + wp * tail[self.after(idx, p)];
                }
                *cell = ways;
            }
            let below = if k < n { log_scale[k + 1] } else { 0.0 };
            log_scale[k] = below + T::rescale(row);
        }
        Table { cells, log_scale }
    }

    /// The table's value at the start (every unseen tile still to place).
    pub(crate) fn top<T: Cell>(&self, table: &Table<T>) -> T {
        table.cells[self.full_index()]
    }

    /// The natural log of the total weight of all deals (minus infinity when there are none).
    pub(crate) fn log_total(&self, table: &Table<f64>) -> f64 {
        self.top(table).ln() + table.log_scale[0]
    }

    /// Exact marginals of each tile's place under the table's distribution (forward pass
    /// times the table's backward values), per local place, each tile's row summing to one.
    pub(crate) fn marginals<T: Cell>(&self, w: &[[T; 5]], table: &Table<T>) -> Vec<[f64; 5]> {
        let n = self.tiles.len();
        let np = self.places.len();
        let stride = self.stride;
        let mut out = Vec::with_capacity(n);
        let mut alpha = vec![T::ZERO; stride];
        let mut next = vec![T::ZERO; stride];
        alpha[self.full_index()] = T::ONE;
        for (k, wk) in w.iter().enumerate().take(n) {
            let left = (n - k) as u32;
            let below = &table.cells[(k + 1) * stride..(k + 2) * stride];
            next.fill(T::ZERO);
            let mut acc = [T::ZERO; 5];
            for (idx, &a) in alpha.iter().enumerate() {
                if a == T::ZERO || !self.reachable(idx, left) {
                    continue;
                }
                for p in 0..np {
                    let wp = wk[p];
                    if wp == T::ZERO || self.remaining(idx, left, p) == 0 {
                        continue;
                    }
                    let j = self.after(idx, p);
                    let reach = a * wp;
                    next[j] = next[j] + reach;
                    acc[p] = acc[p] + reach * below[j];
                }
            }
            let sum: f64 = acc.iter().map(|x| x.to_f64()).sum();
            let mut row = [0.0; 5];
            if sum > 0.0 {
                for p in 0..np {
                    row[p] = acc[p].to_f64() / sum;
                }
            }
            out.push(row);
            T::rescale(&mut next);
            std::mem::swap(&mut alpha, &mut next);
        }
        out
    }

    /// Marginals by absolute place (seats 0..4, [`OUT`]), paired with their tiles.
    pub(crate) fn absolute_marginals(&self, local: Vec<[f64; 5]>) -> Vec<(Tile, [f64; 5])> {
        self.tiles
            .iter()
            .zip(local)
            .map(|(&t, m)| {
                let mut row = [0.0; 5];
                for (p, &x) in m.iter().enumerate().take(self.places.len()) {
                    row[self.absolute(p)] = x;
                }
                (t, row)
            })
            .collect()
    }

    /// Every seat's hand (own included, the others empty) and an empty pile: a deal to fill.
    pub(crate) fn empty_deal(&self) -> ([TileSet; 4], TileSet) {
        let mut hands = [TileSet::EMPTY; 4];
        hands[self.seat as usize] = self.hand;
        (hands, TileSet::EMPTY)
    }

    /// Puts tile `t` in local place `p` of a deal.
    #[inline]
    pub(crate) fn put(&self, p: usize, t: Tile, deal: &mut ([TileSet; 4], TileSet)) {
        match self.places[p] {
            u8::MAX => deal.1.insert(t),
            s => deal.0[s as usize].insert(t),
        }
    }

    /// Whether some deals from the table fail the rejection constraints.
    pub(crate) fn needs_check(&self) -> bool {
        self.needs_check
    }

    /// Whether a deal from the table passes the rejection constraints.
    pub(crate) fn acceptable(&self, hands: &[TileSet; 4]) -> bool {
        if !self.needs_check {
            return true;
        }
        let rules = self.info.rules();
        for s in 0..self.players {
            if s == self.seat {
                continue;
            }
            let h = hands[s as usize];
            if rules.redeal == Redeal::Compulsory {
                let dealt = h.union(self.info.played_by(s));
                let no_draws = !rules.draw || dealt.len() == rules.hand_size as u32;
                if no_draws && rules.redeal_applies(dealt) {
                    return false;
                }
            }
            if rules.draw && !self.info.history_allows(s, h) {
                return false;
            }
        }
        true
    }

    /// Draws from the table's distribution with `draw` until a deal passes the rejection
    /// constraints, at most `tries` times.
    pub(crate) fn sample_hands(
        &self,
        rng: &mut Rng,
        tries: u32,
        mut draw: impl FnMut(&mut Rng) -> ([TileSet; 4], TileSet),
    ) -> Result<([TileSet; 4], TileSet), SampleError> {
        for _ in 0..tries {
            let deal = draw(rng);
            if self.acceptable(&deal.0) {
                return Ok(deal);
            }
        }
        Err(SampleError::NoConsistentDeal)
    }

    /// Whether some deal drawn by `draw` passes the rejection constraints (`tries` draws).
    pub(crate) fn any_acceptable(
        &self,
        rng: &mut Rng,
        tries: u32,
        mut draw: impl FnMut(&mut Rng) -> ([TileSet; 4], TileSet),
    ) -> bool {
        !self.needs_check || (0..tries).any(|_| self.acceptable(&draw(rng).0))
    }

    /// `deal` with the unseen tiles `a` and `b` in each other's places, when that deal is one
    /// the table can give and passes the rejection constraints: each tile in a place it is
    /// allowed in (hand sizes are kept by the exchange). Otherwise `deal` is left as it was.
    /// Returns whether the tiles moved.
    pub(crate) fn swap(&self, deal: &mut ([TileSet; 4], TileSet), a: Tile, b: Tile) -> bool {
        let (Some(pa), Some(pb)) = (self.local_place(deal, a), self.local_place(deal, b)) else {
            return false;
        };
        if pa == pb || !self.allows(b, pa) || !self.allows(a, pb) {
            return false;
        }
        let mut moved = *deal;
        for (t, from, to) in [(a, pa, pb), (b, pb, pa)] {
            self.take(from, t, &mut moved);
            self.put(to, t, &mut moved);
        }
        if !self.acceptable(&moved.0) {
            return false;
        }
        *deal = moved;
        true
    }

    /// The local place of unseen tile `t` in `deal`, if it is unseen and placed.
    fn local_place(&self, deal: &([TileSet; 4], TileSet), t: Tile) -> Option<usize> {
        self.places
            .iter()
            .position(|&s| match s {
                u8::MAX => deal.1.contains(t),
                s => deal.0[s as usize].contains(t),
            })
            .filter(|_| self.tiles.binary_search(&t).is_ok())
    }

    /// Whether unseen tile `t` may be in local place `p`.
    fn allows(&self, t: Tile, p: usize) -> bool {
        self.tiles
            .binary_search(&t)
            .is_ok_and(|k| self.allowed[k] & 1 << p != 0)
    }

    fn take(&self, p: usize, t: Tile, deal: &mut ([TileSet; 4], TileSet)) {
        match self.places[p] {
            u8::MAX => deal.1.remove(t),
            s => deal.0[s as usize].remove(t),
        }
    }

    /// The full state of a determinization.
    pub(crate) fn determinize(&self, deal: ([TileSet; 4], TileSet)) -> State {
        self.info.determinize(deal.0, deal.1)
    }
}
