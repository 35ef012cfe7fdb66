//! Exact uniform sampling of the hidden tiles given an information set.
//!
//! The places that can hold an unseen tile are the other seats (each with a known number of
//! tiles) and the undealt pile. A table counts, for every suffix of the unseen tiles and every
//! vector of remaining capacities, the deals of those tiles that respect each seat's known
//! voids; sampling walks the table tile by tile, choosing each tile's place with probability
//! proportional to the number of completions. Counts are exact (`u128`), so every consistent
//! deal has exactly the same probability.
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
use crate::rng::Rng;
use crate::state::State;
use crate::tiles::{Tile, TileSet};
use crate::variant::Redeal;

const MAX_REJECTIONS: u32 = 100_000;

#[derive(Clone, Debug)]
pub struct Sampler {
    seat: u8,
    players: u8,
    hand: TileSet,
    tiles: Vec<Tile>,
    /// Allowed places of each tile (bit p: place p).
    allowed: Vec<u8>,
    /// Seat of each place; the last place is the pile (`u8::MAX`).
    places: Vec<u8>,
    caps: Vec<u32>,
    /// Mixed radix over all places but the last (its capacity is implied by the total).
    radix: Vec<usize>,
    stride: usize,
    table: Vec<u128>,
    total: u128,
    needs_check: bool,
    info: InfoSet,
}

impl Sampler {
    pub fn new(info: &InfoSet) -> Result<Sampler, SampleError> {
        let rules = info.rules();
        let seat = info.seat();
        let counts = info.counts();
        let unseen = info.unseen();
        let mut places: Vec<u8> = (0..rules.players).filter(|&s| s != seat).collect();
        let mut caps: Vec<u32> = places.iter().map(|&s| counts[s as usize] as u32).collect();
        let held: u32 = caps.iter().sum();
        if held > unseen.len() {
            return Err(SampleError::NoConsistentDeal);
        }
        places.push(u8::MAX);
        caps.push(unseen.len() - held);
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
        let n = tiles.len();
        let mut table = vec![0u128; (n + 1) * stride];
        // Row k counts the deals of tiles k.. into the remaining capacities.
        let mut rem = vec![0u32; np];
        for k in (0..=n).rev() {
            let left = (n - k) as u32;
            for idx in 0..stride {
                let mut sum = 0;
                let mut x = idx;
                for p in 0..np - 1 {
                    let r = x % (caps[p] as usize + 1);
                    x /= caps[p] as usize + 1;
                    rem[p] = r as u32;
                    sum += r as u32;
                }
                if sum > left || left - sum > caps[np - 1] {
                    continue;
                }
                rem[np - 1] = left - sum;
                if k == n {
                    table[k * stride + idx] = 1;
                    continue;
                }
                let mut ways: u128 = 0;
                for p in 0..np {
                    if allowed[k] & (1 << p) != 0 && rem[p] > 0 {
                        let j = if p < np - 1 { idx - radix[p] } else { idx };
                        ways += table[(k + 1) * stride + j];
                    }
                }
                table[k * stride + idx] = ways;
            }
        }
        let full: usize = (0..np - 1).map(|p| caps[p] as usize * radix[p]).sum();
        let total = table[full];
        if total == 0 {
            return Err(SampleError::NoConsistentDeal);
        }
        let needs_check = rules.redeal == Redeal::Compulsory
            || (rules.draw
                && (0..rules.players).any(|s| {
                    info.events[s as usize]
                        .iter()
                        .any(|e| matches!(e, crate::infoset::Event::Acquire))
                }));
        Ok(Sampler {
            seat,
            players: rules.players,
            hand: info.hand(),
            tiles,
            allowed,
            places,
            caps,
            radix,
            stride,
            table,
            total,
            needs_check,
            info: info.clone(),
        })
    }

    /// The number of deals of the unseen tiles consistent with the voids and counts (before
    /// the rejection constraints).
    pub fn count(&self) -> u128 {
        self.total
    }

    fn full_index(&self) -> usize {
        (0..self.places.len() - 1)
            .map(|p| self.caps[p] as usize * self.radix[p])
            .sum()
    }

    /// One uniform draw from the table: every seat's hand (own included) and the pile.
    #[allow(clippy::needless_range_loop)] // p indexes four parallel arrays
    fn draw_once(&self, rng: &mut Rng) -> ([TileSet; 4], TileSet) {
        let np = self.places.len();
        let mut hands = [TileSet::EMPTY; 4];
        hands[self.seat as usize] = self.hand;
        let mut pile = TileSet::EMPTY;
        let mut idx = self.full_index();
        let mut rem: [u32; 5] = [0; 5];
        rem[..np].copy_from_slice(&self.caps);
        let mut r = rng.below_u128(self.total);
        for (k, &t) in self.tiles.iter().enumerate() {
            let row = (k + 1) * self.stride;
            let mut chosen = np - 1;
            for p in 0..np {
                if self.allowed[k] & (1 << p) == 0 || rem[p] == 0 {
                    continue;
                }
                let j = if p < np - 1 { idx - self.radix[p] } else { idx };
                let w = self.table[row + j];
                if r < w {
                    chosen = p;
                    break;
                }
                r -= w;
            }
            rem[chosen] -= 1;
            if chosen < np - 1 {
                idx -= self.radix[chosen];
                hands[self.places[chosen] as usize].insert(t);
            } else {
                pile.insert(t);
            }
        }
        (hands, pile)
    }

    fn acceptable(&self, hands: &[TileSet; 4]) -> bool {
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

    /// Hidden hands and pile, uniform over the deals consistent with the information set.
    pub fn sample_hands(&self, rng: &mut Rng) -> Result<([TileSet; 4], TileSet), SampleError> {
        for _ in 0..MAX_REJECTIONS {
            let (hands, pile) = self.draw_once(rng);
            if !self.needs_check || self.acceptable(&hands) {
                return Ok((hands, pile));
            }
        }
        Err(SampleError::NoConsistentDeal)
    }

    /// A determinization: the full state with sampled hidden hands.
    pub fn sample(&self, rng: &mut Rng) -> Result<State, SampleError> {
        let (hands, pile) = self.sample_hands(rng)?;
        Ok(self.info.determinize(hands, pile))
    }

    /// Whether some sampled deal passes the rejection constraints (tries `tries` draws).
    pub fn any_acceptable(&self, rng: &mut Rng, tries: u32) -> bool {
        !self.needs_check || (0..tries).any(|_| self.acceptable(&self.draw_once(rng).0))
    }
}
