//! The transposition table and the position keys.
//!
//! A position of a round without a boneyard is fully described by the four hands, the open
//! ends as an unordered pair, the seat to move and the passes in a row (the tiles sleeping are
//! fixed for the whole search, and go into the key's salt with the scoring context). Keys are
//! Zobrist hashes updated move by move; the table stores the full 64-bit key, so a false hit
//! needs two positions with equal keys, which at the node counts searched here is as likely
//! as a hardware fault.

use capicua_engine::{LEAD, Move, Rng, State, Tile};

/// What a stored value says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the stored one.
    Lower,
    /// The true value is at most the stored one.
    Upper,
}

/// Random keys for every part of a position.
pub struct Zobrist {
    hand: [[u64; 64]; 4],
    /// Indexed by the normalised ends, `low * 11 + high`, [`LEAD`] counting as 10.
    ends: [u64; 121],
    to_move: [u64; 4],
    passes: [u64; 5],
}

#[inline]
fn ends_index(ends: [u8; 2]) -> usize {
    let e = |x: u8| if x == LEAD { 10 } else { x as usize };
    let (a, b) = (e(ends[0]), e(ends[1]));
    if a <= b { a * 11 + b } else { b * 11 + a }
}

impl Default for Zobrist {
    fn default() -> Zobrist {
        Zobrist::new()
    }
}

impl Zobrist {
    /// Fixed keys: a seed gives the same table everywhere, so node counts are reproducible.
    pub fn new() -> Zobrist {
        let mut rng = Rng::new(0x5eed_d0b1e_u64);
        let mut z = Zobrist {
            hand: [[0; 64]; 4],
            ends: [0; 121],
            to_move: [0; 4],
            passes: [0; 5],
        };
        for h in z.hand.iter_mut() {
            h.iter_mut().for_each(|k| *k = rng.next_u64());
        }
        z.ends.iter_mut().for_each(|k| *k = rng.next_u64());
        z.to_move.iter_mut().for_each(|k| *k = rng.next_u64());
        z.passes.iter_mut().for_each(|k| *k = rng.next_u64());
        z
    }

    /// The key of `st` from scratch.
    pub fn key(&self, st: &State, salt: u64) -> u64 {
        let mut k = salt;
        for (s, h) in st.hands.iter().enumerate() {
            for t in h.iter() {
                k ^= self.hand[s][t.index()];
            }
        }
        k ^ self.ends[ends_index(st.ends)]
            ^ self.to_move[st.to_move as usize]
            ^ self.passes[st.passes.min(4) as usize]
    }

    /// The key of `child`, one move after `parent` whose key is `key`.
    #[inline]
    pub fn child(&self, key: u64, parent: &State, child: &State) -> u64 {
        let s = parent.to_move as usize;
        let mut k = key;
        let played = parent.hands[s].0 ^ child.hands[s].0;
        if played != 0 {
            k ^= self.hand[s][played.trailing_zeros() as usize];
        }
        k ^ self.ends[ends_index(parent.ends)]
            ^ self.ends[ends_index(child.ends)]
            ^ self.to_move[s]
            ^ self.to_move[child.to_move as usize]
            ^ self.passes[parent.passes.min(4) as usize]
            ^ self.passes[child.passes.min(4) as usize]
    }
}

/// A move in one byte: 0 for none, else `1 + tile * 2 + side`, side 1 for joining the end
/// showing the tile's low half (the ends of the position say which number that is).
#[inline]
pub fn pack(mv: Move) -> u8 {
    match mv {
        Move::Play { tile, end } => {
            let side = (end != LEAD && !tile.is_double() && end == tile.low()) as usize;
            (1 + tile.index() * 2 + side) as u8
        }
        _ => 0,
    }
}

/// The move [`pack`] stored, at a position whose ends are `ends`.
#[inline]
pub fn unpack(code: u8, ends: [u8; 2]) -> Option<Move> {
    if code == 0 {
        return None;
    }
    let c = code as usize - 1;
    let tile = Tile::from_index(c / 2);
    let end = if ends[0] == LEAD {
        LEAD
    } else if c % 2 == 1 {
        tile.low()
    } else {
        tile.high()
    };
    Some(Move::play(tile, end))
}

#[derive(Copy, Clone, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    value: i16,
    bound: u8,
    mv: u8,
    /// Tiles left in the hands: a rough size of the subtree, what replacement keeps.
    work: u8,
    /// The table's generation when stored: entries of an older one are empty.
    age: u8,
}

const WAYS: usize = 4;

/// One cache line of entries.
#[derive(Copy, Clone, Default)]
#[repr(align(64))]
struct Bucket([Entry; WAYS]);

/// A hit: what the table knows of a position.
#[derive(Copy, Clone, Debug)]
pub struct Hit {
    pub value: i32,
    pub bound: Bound,
    /// The best move found, packed by [`pack`] (0: none).
    pub mv: u8,
}

/// A fixed-size table of buckets of four entries.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of at least `entries` entries (rounded up to a power of two buckets).
    pub fn new(entries: usize) -> Table {
        let n = (entries.max(WAYS) / WAYS).next_power_of_two();
        Table {
            buckets: vec![Bucket::default(); n],
            mask: n - 1,
            age: 1,
        }
    }

    pub fn entries(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Forgets every entry. A new generation makes the old entries invisible without touching
    /// memory (solving from scratch must not cost a pass over the table); only when the
    /// generation counter wraps is the table really cleared.
    pub fn clear(&mut self) {
        if self.age == u8::MAX {
            self.buckets.fill(Bucket::default());
            self.age = 1;
        } else {
            self.age += 1;
        }
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = &self.buckets[key as usize & self.mask];
        b.0.iter()
            .find(|e| e.key == key && e.age == self.age)
            .map(|e| Hit {
                value: e.value as i32,
                bound: match e.bound {
                    0 => Bound::Exact,
                    1 => Bound::Lower,
                    _ => Bound::Upper,
                },
                mv: e.mv,
            })
    }

    #[inline]
    pub fn store(&mut self, key: u64, value: i32, bound: Bound, mv: u8, work: u8) {
        let age = self.age;
        let b = &mut self.buckets[key as usize & self.mask];
        // the same position, else a stale or empty slot, else the smallest subtree
        let mut victim = 0;
        let mut victim_rank = u32::MAX;
        for (i, e) in b.0.iter().enumerate() {
            if e.key == key && e.age == age {
                victim = i;
                break;
            }
            let rank = if e.age != age { 0 } else { 1 + e.work as u32 };
            if rank < victim_rank {
                victim_rank = rank;
                victim = i;
            }
        }
        let e = &mut b.0[victim];
        let mv = if mv == 0 && e.key == key && e.age == age {
            e.mv
        } else {
            mv
        };
        debug_assert!(i16::try_from(value).is_ok());
        *e = Entry {
            key,
            value: value as i16,
            bound: match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            },
            mv,
            work,
            age,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::TileSet;

    #[test]
    fn moves_pack_and_unpack() {
        let ends = [4, 9];
        for mv in [
            Move::play(Tile::new(9, 4), 4),
            Move::play(Tile::new(9, 4), 9),
            Move::play(Tile::new(4, 4), 4),
            Move::play(Tile::new(9, 0), 9),
        ] {
            assert_eq!(unpack(pack(mv), ends), Some(mv));
        }
        let lead = Move::play(Tile::new(6, 2), LEAD);
        assert_eq!(unpack(pack(lead), [LEAD, LEAD]), Some(lead));
        assert_eq!(unpack(pack(Move::Pass), ends), None);
    }

    #[test]
    fn table_keeps_and_forgets() {
        let mut t = Table::new(64);
        t.store(42, -7, Bound::Lower, 5, 10);
        let hit = t.probe(42).unwrap();
        assert_eq!((hit.value, hit.bound, hit.mv), (-7, Bound::Lower, 5));
        // a store without a move keeps the move known for the same position
        t.store(42, -3, Bound::Exact, 0, 10);
        assert_eq!(t.probe(42).unwrap().mv, 5);
        t.clear();
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn incremental_keys_match_keys_from_scratch() {
        let rules = capicua_engine::Rules::cuban();
        let z = Zobrist::new();
        let mut rng = Rng::new(3);
        let deal = capicua_engine::Deal::random(&rules, &mut rng);
        let mut st = State::new(&rules, deal.hands, TileSet::EMPTY, 0);
        let mut key = z.key(&st, 99);
        while !st.is_over() {
            let mv = st.random_move(&mut rng);
            let mut c = st;
            c.apply(mv);
            key = z.child(key, &st, &c);
            st = c;
            assert_eq!(key, z.key(&st, 99));
        }
    }
}
