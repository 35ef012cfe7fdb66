//! `counting`: a club player's reading of the table.
//!
//! Every candidate play is scored by what a good player weighs before putting a tile down:
//!
//! - **Counting.** Which tiles are still out, and which each seat can no longer hold (its
//!   passes and the exhausted numbers, [`InfoSet::excluded`]). From those, the chance that a
//!   seat holds none of the tiles fitting the ends a play leaves: the next opponent should be
//!   made to pass, the partner should not.
//! - **Own game.** Put out numbers it holds (long suits), keep variety in the hand, place the
//!   doubles while they still fit, shed heavy tiles, more so as the round ages.
//! - **Partnership.** The numbers a seat puts on the table are the numbers it likes: feed the
//!   partner's and do not cover (kill) them, kill the opponents' and do not feed them.
//! - **Blocks.** When a play can lock the game, sample the hidden hands exactly
//!   ([`Sampler`]) and score the block as the rules would: go for it when the count favours
//!   its side, avoid it when it does not.
//!
//! The weights are [`CountingWeights`]; their defaults were tuned by coordinate ascent, each
//! trial a duplicate match of 40,000 rounds of `cuban` against the current setting (see
//! `eval/README.md` for what the tuning kept and what it threw out).

use crate::memory::TableMemory;
use capicua_engine::{
    Finish, InfoSet, LEAD, Move, Player, Rng, RoundResult, Rules, Sampler, State, TileSet,
    variant::Scoring,
};

/// Declares the weights once: the struct, its defaults and its names.
macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident = $default:expr,)*) => {
        /// The weights of the counting player's evaluation (units: roughly pips of shed
        /// weight), plus the sample count of its block valuation.
        #[derive(Copy, Clone, Debug, PartialEq)]
        pub struct CountingWeights {
            $($(#[$doc])* pub $name: f64,)*
            /// Determinizations sampled to value a possible block.
            pub block_samples: u32,
        }

        impl Default for CountingWeights {
            fn default() -> Self {
                CountingWeights { $($name: $default,)* block_samples: 32 }
            }
        }

        impl CountingWeights {
            /// Names of the weights, as `set` and the player spec (`counting:pass_next=10`)
            /// take them.
            pub const KEYS: &'static [&'static str] = &[$(stringify!($name),)* "block_samples"];

            fn slot(&mut self, key: &str) -> Option<&mut f64> {
                match key {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }
        }
    };
}

weights! {
    /// Per pip of the tile played, early in the round.
    pips = 1.0,
    /// Extra per pip at the end of the round (the shed weight grows linearly with the share
    /// of tiles already played).
    pips_late = 1.0,
    /// Playing a double (doubles fit one number only and get stranded).
    double = 6.0,
    /// Per own tile (after the play) fitting the ends left, up to three.
    mine = 2.0,
    /// Per distinct number left in the hand.
    variety = 3.0,
    /// Probability that the next seat (an opponent) cannot play on the ends left.
    pass_next = 24.0,
    /// Probability that the partner cannot play (a penalty).
    pass_partner = 8.0,
    /// Probability that each other opponent cannot play.
    pass_other = 4.0,
    /// Multiplies an opponent's pass weight by `1 + threat / tiles it holds` (a seat about to
    /// domino must be shut out).
    threat = 2.0,
    /// Per end left on a number the partner put on the table (and may still hold).
    feed_partner = 3.0,
    /// Covering a number the partner put on the table (a penalty).
    kill_partner = 0.5,
    /// Covering a number an opponent put on the table.
    kill_opp = 2.0,
    /// Per end left on a number an opponent put on the table (a penalty).
    feed_opp = 2.0,
    /// Per point of the expected value of an immediate block.
    block = 1.6,
}

impl CountingWeights {
    /// Sets one weight by name; `false` if there is no such weight or the value does not fit
    /// it (`block_samples` takes a whole number up to 100,000).
    pub fn set(&mut self, key: &str, value: f64) -> bool {
        if !value.is_finite() {
            return false;
        }
        if key == "block_samples" {
            if value < 0.0 || value.fract() != 0.0 || value > 100_000.0 {
                return false;
            }
            self.block_samples = value as u32;
            return true;
        }
        match self.slot(key) {
            Some(w) => {
                *w = value;
                true
            }
            None => false,
        }
    }

    /// The player spec of these weights: `counting`, then the weights that differ from the
    /// defaults as `key=value` pairs (`counting:pass_next=10,block=0`).
    pub fn spec(&self) -> String {
        let d = CountingWeights::default();
        let changed: Vec<String> = CountingWeights::KEYS
            .iter()
            .filter(|k| self.get(k) != d.get(k))
            .map(|k| format!("{k}={}", self.get(k)))
            .collect();
        if changed.is_empty() {
            "counting".into()
        } else {
            format!("counting:{}", changed.join(","))
        }
    }

    fn get(&self, key: &str) -> f64 {
        if key == "block_samples" {
            return self.block_samples as f64;
        }
        let mut w = *self;
        w.slot(key).map_or(f64::NAN, |v| *v)
    }
}

/// The counting player (see the module documentation).
#[derive(Clone, Debug)]
pub struct CountingPlayer {
    rng: Rng,
    weights: CountingWeights,
}

impl CountingPlayer {
    pub fn new(seed: u64) -> CountingPlayer {
        CountingPlayer::with_weights(seed, CountingWeights::default())
    }

    pub fn with_weights(seed: u64, weights: CountingWeights) -> CountingPlayer {
        CountingPlayer {
            rng: Rng::new(seed),
            weights,
        }
    }

    pub fn weights(&self) -> &CountingWeights {
        &self.weights
    }
}

impl Player for CountingPlayer {
    fn name(&self) -> String {
        self.weights.spec()
    }

    fn choose(&mut self, info: &InfoSet) -> Move {
        let legal = info.legal_moves();
        if legal.len() == 1 || legal[0].tile().is_none() {
            return legal[0];
        }
        let table = Table::read(info);
        let mut blocks = BlockJudge::new(info, self.weights.block_samples);
        let mut best = legal[0];
        let mut best_score = f64::NEG_INFINITY;
        for &mv in legal.iter() {
            let s = table.score(&self.weights, mv, &mut blocks, &mut self.rng);
            if s > best_score {
                best_score = s;
                best = mv;
            }
        }
        best
    }
}

/// What the player reads from its information set once per decision.
struct Table {
    rules: Rules,
    me: u8,
    partner: Option<u8>,
    hand: TileSet,
    played: TileSet,
    /// Tiles not on the table and not in the own hand.
    unseen: TileSet,
    /// Tiles each other seat may still hold.
    avail: [TileSet; 4],
    counts: [u8; 4],
    /// Numbers each seat put on the table (bit n: the free half of one of its plays was n;
    /// both halves of a lead count).
    offered: [u16; 4],
    ends: Option<(u8, u8)>,
    /// Share of the dealt tiles already played, 0 to 1.
    phase: f64,
}

impl Table {
    fn read(info: &InfoSet) -> Table {
        let rules = *info.rules();
        let me = info.seat();
        let n = rules.players;
        let partner = if rules.partners {
            Some((me + 2) % 4)
        } else {
            None
        };
        let unseen = info.unseen();
        let mut avail = [TileSet::EMPTY; 4];
        for q in 0..n {
            if q != me {
                avail[q as usize] = unseen.minus(info.excluded(q));
            }
        }
        let offered = TableMemory::of(info).offered;
        let dealt = (n as u32 * rules.hand_size as u32).max(1);
        Table {
            rules,
            me,
            partner,
            hand: info.hand(),
            played: info.played(),
            unseen,
            avail,
            counts: info.counts(),
            offered,
            ends: info.ends(),
            phase: (info.played().len() as f64 / dealt as f64).min(1.0),
        }
    }

    /// Probability that seat `q` holds none of `fits`, treating its hand as a uniform draw of
    /// its tile count from the tiles it may hold.
    fn p_none(&self, q: u8, fits: TileSet) -> f64 {
        let pool = self.avail[q as usize];
        p_holds_none(
            pool.len(),
            pool.inter(fits).len(),
            self.counts[q as usize] as u32,
        )
    }

    /// Whether seat `q` may still hold a tile of number `v`.
    fn may_hold(&self, q: u8, v: u8) -> bool {
        !self.avail[q as usize].inter(TileSet::suit(v)).is_empty()
    }

    /// Seat `q` put `v` on the table and may still hold one: it likes `v`.
    fn likes(&self, q: u8, v: u8) -> bool {
        self.offered[q as usize] & 1 << v != 0 && self.may_hold(q, v)
    }

    fn score(&self, w: &CountingWeights, mv: Move, blocks: &mut BlockJudge, rng: &mut Rng) -> f64 {
        let Move::Play { tile, end } = mv else {
            return f64::NEG_INFINITY;
        };
        let rest = self.hand.minus(TileSet(tile.bit()));
        if rest.is_empty() {
            return f64::INFINITY;
        }
        let (x, y) = match self.ends {
            None => (tile.high(), tile.low()),
            Some((l, r)) => {
                let free = tile.other(end);
                if end == l { (free, r) } else { (l, free) }
            }
        };
        let fits = TileSet::suit(x)
            .union(TileSet::suit(y))
            .minus(self.played)
            .minus(TileSet(tile.bit()));
        let mut s = 0.0;

        // own game
        s += tile.pips() as f64 * (w.pips + w.pips_late * self.phase);
        if tile.is_double() {
            s += w.double;
        }
        let mine = rest.inter(fits);
        s += w.mine * mine.len().min(3) as f64;
        let variety = (0..=self.rules.max_pip)
            .filter(|&v| !rest.inter(TileSet::suit(v)).is_empty())
            .count();
        s += w.variety * variety as f64;

        // counting: who can follow the ends left
        let n = self.rules.players;
        let next = (self.me + 1) % n;
        for q in 0..n {
            if q == self.me {
                continue;
            }
            let p = self.p_none(q, fits);
            if Some(q) == self.partner {
                s -= w.pass_partner * p;
            } else {
                let weight = if q == next { w.pass_next } else { w.pass_other };
                let c = self.counts[q as usize].max(1) as f64;
                s += weight * (1.0 + w.threat / c) * p;
            }
        }

        // partnership: numbers the seats showed
        let lost = if end == LEAD || x == end || y == end {
            None
        } else {
            Some(end)
        };
        for q in 0..n {
            if q == self.me {
                continue;
            }
            let partner = Some(q) == self.partner;
            if let Some(e) = lost
                && self.likes(q, e)
            {
                s += if partner { -w.kill_partner } else { w.kill_opp };
            }
            for v in if x == y { [x, LEAD] } else { [x, y] } {
                if v == LEAD {
                    continue;
                }
                if self.likes(q, v) {
                    s += if partner { w.feed_partner } else { -w.feed_opp };
                }
            }
        }

        // blocks: a play that leaves the player unable to follow may lock the game
        if mine.is_empty() && w.block != 0.0 && self.unseen.inter(fits).len() <= BLOCK_CHECK_OPEN {
            // a seat with fewer non-fitting candidates than tiles surely holds a fitting one
            let someone_follows = (0..n).any(|q| {
                q != self.me
                    && self.avail[q as usize].minus(fits).len() < self.counts[q as usize] as u32
            });
            if !someone_follows {
                let scale = if self.rules.scoring == Scoring::Points {
                    POINTS_SCALE
                } else {
                    1.0
                };
                s += w.block * scale * blocks.value(mv, fits, rng);
            }
        }
        s
    }
}

/// The chance that a hand of `c` tiles drawn uniformly from `pool` tiles, `k` of which fit
/// the ends, holds none that fits. Rollouts ask this three times a candidate play, so the
/// common cases are read from a table computed at compile time by the same arithmetic (the
/// same bits as computing it).
#[inline]
pub fn p_holds_none(pool: u32, k: u32, c: u32) -> f64 {
    if (pool as usize) < HOLDS_NONE_POOLS
        && (k as usize) < HOLDS_NONE_FITS
        && (c as usize) < HOLDS_NONE_COUNTS
    {
        return HOLDS_NONE[pool as usize][c as usize][k as usize];
    }
    p_holds_none_computed(pool, k, c)
}

/// Table bounds: every pool of the double-nine set, every count of tiles two numbers of it
/// share, and hands of up to 15 tiles (draw games can grow hands past that; they compute).
const HOLDS_NONE_POOLS: usize = 56;
const HOLDS_NONE_FITS: usize = 20;
const HOLDS_NONE_COUNTS: usize = 16;

static HOLDS_NONE: [[[f64; HOLDS_NONE_FITS]; HOLDS_NONE_COUNTS]; HOLDS_NONE_POOLS] = {
    let mut table = [[[0.0; HOLDS_NONE_FITS]; HOLDS_NONE_COUNTS]; HOLDS_NONE_POOLS];
    let mut pool = 0;
    while pool < HOLDS_NONE_POOLS {
        let mut c = 0;
        while c < HOLDS_NONE_COUNTS {
            let mut k = 0;
            while k < HOLDS_NONE_FITS && k <= pool {
                table[pool][c][k] = p_holds_none_computed(pool as u32, k as u32, c as u32);
                k += 1;
            }
            c += 1;
        }
        pool += 1;
    }
    table
};

/// [`p_holds_none`] computed: the product of the chances that each tile drawn in turn misses
/// the `k` fitting ones, in draw order. `k <= pool`.
const fn p_holds_none_computed(pool: u32, k: u32, c: u32) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if pool - k < c {
        return 0.0;
    }
    let mut p = 1.0;
    let mut i = 0;
    while i < c {
        p *= (pool - k - i) as f64 / (pool - i) as f64;
        i += 1;
    }
    p
}

/// Plays that leave at most this many unseen tiles fitting the ends are checked for blocks.
const BLOCK_CHECK_OPEN: u32 = 4;
/// A round of a points game is worth about this many pips of a pips game.
const POINTS_SCALE: f64 = 25.0;

/// Values possible blocks by exact sampling of the hidden hands.
struct BlockJudge<'a> {
    info: &'a InfoSet,
    samples: u32,
    /// Built on first use: most decisions never need it.
    sampler: Option<Option<Sampler>>,
}

impl<'a> BlockJudge<'a> {
    fn new(info: &'a InfoSet, samples: u32) -> BlockJudge<'a> {
        BlockJudge {
            info,
            samples,
            sampler: None,
        }
    }

    /// Expected points for the player's side from `mv` locking the game at once (0 in the
    /// samples where someone can still play).
    fn value(&mut self, mv: Move, fits: TileSet, rng: &mut Rng) -> f64 {
        if self.samples == 0 {
            return 0.0;
        }
        let info = self.info;
        let sampler = self.sampler.get_or_insert_with(|| Sampler::new(info).ok());
        let Some(sampler) = sampler else { return 0.0 };
        let rules = info.rules();
        let side = rules.side_of(info.seat());
        let mut total = 0.0;
        for _ in 0..self.samples {
            let Ok(mut st) = sampler.sample(rng) else {
                return 0.0;
            };
            st.apply(mv);
            if !locked(&st, fits) {
                continue;
            }
            st.finish = Finish::Blocked;
            let Some(res) = RoundResult::of(rules, &st, info.first()) else {
                continue;
            };
            let pts = res.points(rules, info.context().pending_ties) as f64;
            total += match res.winner {
                Some(w) if w == side => pts,
                Some(_) => -pts,
                None => 0.0,
            };
        }
        total / self.samples as f64
    }
}

/// Nobody can play on the ends and nothing is left to draw.
fn locked(st: &State, fits: TileSet) -> bool {
    (!st.draw || st.pile.is_empty())
        && st.hands[..st.players as usize]
            .iter()
            .all(|h| h.inter(fits).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table holds what the product gives, bit for bit, wherever the rollouts read it.
    #[test]
    fn holds_none_table_matches_the_product() {
        let reference = |pool: u32, k: u32, c: u32| -> f64 {
            if k == 0 {
                return 1.0;
            }
            if pool - k < c {
                return 0.0;
            }
            (0..c)
                .map(|i| (pool - k - i) as f64 / (pool - i) as f64)
                .product()
        };
        for pool in 0..60u32 {
            for k in 0..=pool.min(25) {
                for c in 0..20u32 {
                    let (got, want) = (p_holds_none(pool, k, c), reference(pool, k, c));
                    assert_eq!(got.to_bits(), want.to_bits(), "pool {pool} k {k} c {c}");
                }
            }
        }
        // the common case, read from the table, and a hand past its bounds, computed
        assert_eq!(p_holds_none(30, 5, 10), reference(30, 5, 10));
        assert!(p_holds_none(55, 19, 10) > 0.0 && p_holds_none(40, 19, 22) == 0.0);
    }
}
