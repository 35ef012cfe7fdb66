//! Tiles and sets of tiles.
//!
//! A tile `a-b` (a >= b) has the index `a(a+1)/2 + b`, so the 28 tiles of a double-six set are
//! exactly indices 0..28 of the 55 double-nine tiles and one `u64` bitset holds any hand.

use std::fmt;

use crate::error::TileError;

/// Highest pip value of any supported set (double-nine).
pub const MAX_PIP: u8 = 9;
/// Number of tiles of a double-nine set.
pub const MAX_TILES: usize = 55;

const fn tri(a: u8) -> u8 {
    a * (a + 1) / 2
}

const HIGH: [u8; MAX_TILES] = {
    let mut t = [0u8; MAX_TILES];
    let mut a = 0;
    while a <= MAX_PIP {
        let mut b = 0;
        while b <= a {
            t[(tri(a) + b) as usize] = a;
            b += 1;
        }
        a += 1;
    }
    t
};

const LOW: [u8; MAX_TILES] = {
    let mut t = [0u8; MAX_TILES];
    let mut a = 0;
    while a <= MAX_PIP {
        let mut b = 0;
        while b <= a {
            t[(tri(a) + b) as usize] = b;
            b += 1;
        }
        a += 1;
    }
    t
};

/// `SUITS[n]`: every tile showing `n` on either half.
pub const SUITS: [TileSet; 10] = {
    let mut s = [TileSet(0); 10];
    let mut i = 0;
    while i < MAX_TILES {
        s[HIGH[i] as usize].0 |= 1 << i;
        s[LOW[i] as usize].0 |= 1 << i;
        i += 1;
    }
    s
};

/// All doubles of a double-nine set.
pub const DOUBLES: TileSet = {
    let mut m = 0u64;
    let mut a = 0;
    while a <= MAX_PIP {
        m |= 1 << (tri(a) + a);
        a += 1;
    }
    TileSet(m)
};

/// One domino.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

impl Tile {
    /// The tile `a-b` in either order. Both halves must be at most [`MAX_PIP`].
    pub const fn new(a: u8, b: u8) -> Tile {
        assert!(a <= MAX_PIP && b <= MAX_PIP);
        let (h, l) = if a >= b { (a, b) } else { (b, a) };
        Tile(tri(h) + l)
    }

    /// The tile `a-b` if both halves fit a set whose highest pip is `max_pip`.
    pub fn checked(a: u8, b: u8, max_pip: u8) -> Result<Tile, TileError> {
        if a > max_pip || b > max_pip {
            return Err(TileError::OutOfRange { a, b, max_pip });
        }
        Ok(Tile::new(a, b))
    }

    #[inline]
    pub const fn from_index(i: usize) -> Tile {
        assert!(i < MAX_TILES);
        Tile(i as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn high(self) -> u8 {
        HIGH[self.0 as usize]
    }
    #[inline]
    pub const fn low(self) -> u8 {
        LOW[self.0 as usize]
    }
    #[inline]
    pub const fn pips(self) -> u32 {
        (self.high() + self.low()) as u32
    }
    #[inline]
    pub const fn is_double(self) -> bool {
        self.high() == self.low()
    }
    #[inline]
    pub const fn has(self, n: u8) -> bool {
        self.high() == n || self.low() == n
    }
    /// The half opposite the half showing `n` (which the tile must show).
    #[inline]
    pub const fn other(self, n: u8) -> u8 {
        if self.high() == n {
            self.low()
        } else {
            self.high()
        }
    }
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Parses `"a-b"` (either order) for a set whose highest pip is `max_pip`.
    pub fn parse(s: &str, max_pip: u8) -> Result<Tile, TileError> {
        let bad = || TileError::Malformed(s.chars().take(32).collect());
        let (a, b) = s.split_once('-').ok_or_else(bad)?;
        let digit = |x: &str| -> Result<u8, TileError> {
            let x = x.trim();
            if x.len() != 1 {
                return Err(bad());
            }
            let c = x.as_bytes()[0];
            if !c.is_ascii_digit() {
                return Err(bad());
            }
            Ok(c - b'0')
        };
        Tile::checked(digit(a)?, digit(b)?, max_pip)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high(), self.low())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high(), self.low())
    }
}

/// A set of tiles as a bitset over tile indices.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct TileSet(pub u64);

impl TileSet {
    pub const EMPTY: TileSet = TileSet(0);

    /// Every tile of the set whose highest pip is `max_pip`.
    pub const fn full(max_pip: u8) -> TileSet {
        let n = tri(max_pip + 1) as u32;
        TileSet(if n >= 64 { u64::MAX } else { (1u64 << n) - 1 })
    }
    #[inline]
    pub const fn suit(n: u8) -> TileSet {
        SUITS[n as usize]
    }
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn contains(self, t: Tile) -> bool {
        self.0 & t.bit() != 0
    }
    #[inline]
    pub fn insert(&mut self, t: Tile) {
        self.0 |= t.bit();
    }
    #[inline]
    pub fn remove(&mut self, t: Tile) {
        self.0 &= !t.bit();
    }
    #[inline]
    pub const fn union(self, o: TileSet) -> TileSet {
        TileSet(self.0 | o.0)
    }
    #[inline]
    pub const fn inter(self, o: TileSet) -> TileSet {
        TileSet(self.0 & o.0)
    }
    #[inline]
    pub const fn minus(self, o: TileSet) -> TileSet {
        TileSet(self.0 & !o.0)
    }
    /// Total pips of the tiles.
    pub fn pips(self) -> u32 {
        self.iter().map(Tile::pips).sum()
    }
    /// The `k`-th tile in index order (`k < len`).
    #[inline]
    pub fn nth(self, k: u32) -> Tile {
        let mut m = self.0;
        for _ in 0..k {
            m &= m - 1;
        }
        Tile(m.trailing_zeros() as u8)
    }
    #[inline]
    pub fn first(self) -> Option<Tile> {
        if self.0 == 0 {
            None
        } else {
            Some(Tile(self.0.trailing_zeros() as u8))
        }
    }
    /// The tile with the most pips (ties: the higher index, so doubles win).
    pub fn heaviest(self) -> Option<Tile> {
        self.iter().max_by_key(|t| (t.pips(), t.index()))
    }
    pub fn iter(self) -> TileIter {
        TileIter(self.0)
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut s = TileSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for t in self.iter().collect::<Vec<_>>().into_iter().rev() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

pub struct TileIter(u64);

impl Iterator for TileIter {
    type Item = Tile;
    #[inline]
    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Tile(i as u8))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for TileIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_and_halves() {
        let mut seen = TileSet::EMPTY;
        for a in 0..=9u8 {
            for b in 0..=a {
                let t = Tile::new(a, b);
                assert_eq!(Tile::new(b, a), t);
                assert_eq!((t.high(), t.low()), (a, b));
                assert!(!seen.contains(t));
                seen.insert(t);
            }
        }
        assert_eq!(seen, TileSet::full(9));
        assert_eq!(TileSet::full(9).len(), 55);
        assert_eq!(TileSet::full(6).len(), 28);
        assert_eq!(TileSet::full(9).pips(), 495);
        assert_eq!(TileSet::full(6).pips(), 168);
        for n in 0..=9 {
            assert_eq!(TileSet::suit(n).len(), 10);
            assert_eq!(
                TileSet::suit(n).inter(TileSet::full(6)).len(),
                if n <= 6 { 7 } else { 0 }
            );
        }
        assert_eq!(DOUBLES.len(), 10);
    }

    #[test]
    fn parse_and_format() {
        assert_eq!(Tile::parse("4-9", 9).unwrap().to_string(), "9-4");
        assert_eq!(Tile::parse("5-5", 9).unwrap().to_string(), "5-5");
        assert!(matches!(
            Tile::parse("9-4", 6),
            Err(TileError::OutOfRange { .. })
        ));
        for bad in ["", "9", "94", "9-", "-4", "a-b", "10-1", "9--4", "9-4-1"] {
            assert!(Tile::parse(bad, 9).is_err(), "{bad}");
        }
    }
}
