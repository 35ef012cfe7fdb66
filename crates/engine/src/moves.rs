//! Moves and their notation: `9-4`, `9-4@4`, `pass`, `draw`, `draw:6-2`.

use std::fmt;

use crate::error::MoveParseError;
use crate::tiles::Tile;

/// Marks a play that opens the line (no end to join).
pub const LEAD: u8 = u8::MAX;

/// One turn, or one draw within a turn in draw games.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Play `tile` joining the open end showing `end` ([`LEAD`] for the first tile).
    Play {
        tile: Tile,
        end: u8,
    },
    Pass,
    /// Draw from the boneyard: the tile when the drawer's seat knows it, `None` for another
    /// seat's draw as the public sees it.
    Draw(Option<Tile>),
}

impl Move {
    #[inline]
    pub const fn play(tile: Tile, end: u8) -> Move {
        Move::Play { tile, end }
    }

    #[inline]
    pub fn tile(self) -> Option<Tile> {
        match self {
            Move::Play { tile, .. } => Some(tile),
            _ => None,
        }
    }

    /// Index in the network's action space: two slots a tile, slot 0 for a lead, a double or
    /// joining the end equal to the tile's high half, slot 1 for joining its low half.
    #[inline]
    pub fn action_index(self) -> Option<usize> {
        match self {
            Move::Play { tile, end } => {
                let side = (end != LEAD && !tile.is_double() && end == tile.low()) as usize;
                Some(tile.index() * 2 + side)
            }
            _ => None,
        }
    }

    /// Parses the protocol notation. The end is kept as written (`None` when absent); the
    /// rules decide whether it is needed, see `Round::resolve`.
    pub fn parse(s: &str, max_pip: u8) -> Result<MoveSpec, MoveParseError> {
        let s = s.trim();
        match s {
            "pass" => return Ok(MoveSpec::Pass),
            "draw" => return Ok(MoveSpec::Draw(None)),
            _ => {}
        }
        if let Some(rest) = s.strip_prefix("draw:") {
            return Ok(MoveSpec::Draw(Some(Tile::parse(rest, max_pip)?)));
        }
        let (tile, end) = match s.split_once('@') {
            Some((t, e)) => {
                let e = e.trim();
                if e.len() != 1 || !e.as_bytes()[0].is_ascii_digit() {
                    return Err(MoveParseError::Malformed(s.chars().take(32).collect()));
                }
                (t, Some(e.as_bytes()[0] - b'0'))
            }
            None => (s, None),
        };
        let tile = Tile::parse(tile, max_pip).map_err(|e| match e {
            crate::error::TileError::Malformed(_) => {
                MoveParseError::Malformed(s.chars().take(32).collect())
            }
            other => MoveParseError::Tile(other),
        })?;
        if let Some(e) = end
            && !tile.has(e)
        {
            return Err(MoveParseError::EndNotOnTile {
                tile: tile.to_string(),
                end: e,
            });
        }
        Ok(MoveSpec::Play { tile, end })
    }
}

/// A move as written, before the position says which end a bare `a-b` joins.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MoveSpec {
    Play { tile: Tile, end: Option<u8> },
    Pass,
    Draw(Option<Tile>),
}

/// Formats a move in protocol notation given the open ends before it: `@e` is written exactly
/// when the tile could join either of two ends showing different numbers.
pub fn notation(mv: Move, ends: Option<(u8, u8)>) -> String {
    match mv {
        Move::Pass => "pass".to_string(),
        Move::Draw(None) => "draw".to_string(),
        Move::Draw(Some(t)) => format!("draw:{t}"),
        Move::Play { tile, end } => match ends {
            Some((l, r)) if l != r && tile.has(l) && tile.has(r) && end != LEAD => {
                format!("{tile}@{end}")
            }
            _ => tile.to_string(),
        },
    }
}

impl fmt::Display for Move {
    /// Always writes the end for plays that join one (use [`notation`] for protocol text).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Play { tile, end } if end != LEAD => write!(f, "{tile}@{end}"),
            Move::Play { tile, .. } => write!(f, "{tile}"),
            Move::Pass => f.write_str("pass"),
            Move::Draw(None) => f.write_str("draw"),
            Move::Draw(Some(t)) => write!(f, "draw:{t}"),
        }
    }
}

/// Legal moves of one position, on the stack: no allocation in the playout path.
#[derive(Clone)]
pub struct MoveList {
    len: u8,
    moves: [Move; 64],
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            len: 0,
            moves: [Move::Pass; 64],
        }
    }
}

impl MoveList {
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_moves() {
        assert_eq!(Move::parse("pass", 9).unwrap(), MoveSpec::Pass);
        assert_eq!(Move::parse("draw", 9).unwrap(), MoveSpec::Draw(None));
        assert_eq!(
            Move::parse("draw:2-6", 6).unwrap(),
            MoveSpec::Draw(Some(Tile::new(6, 2)))
        );
        assert_eq!(
            Move::parse("4-9@4", 9).unwrap(),
            MoveSpec::Play {
                tile: Tile::new(9, 4),
                end: Some(4)
            }
        );
        assert_eq!(
            Move::parse("9-4", 9).unwrap(),
            MoveSpec::Play {
                tile: Tile::new(9, 4),
                end: None
            }
        );
        assert!(matches!(
            Move::parse("9-4@3", 9),
            Err(MoveParseError::EndNotOnTile { .. })
        ));
        assert!(matches!(
            Move::parse("9-4", 6),
            Err(MoveParseError::Tile(_))
        ));
        for bad in [
            "", "Pass", "draw:", "9-4@", "9-4@x", "9-4@44", "x", "draw:9",
        ] {
            assert!(Move::parse(bad, 9).is_err(), "{bad}");
        }
    }

    #[test]
    fn notation_writes_end_only_when_needed() {
        let t = Tile::new(9, 4);
        assert_eq!(notation(Move::play(t, 4), Some((4, 9))), "9-4@4");
        assert_eq!(notation(Move::play(t, 4), Some((4, 1))), "9-4");
        assert_eq!(notation(Move::play(t, LEAD), None), "9-4");
        assert_eq!(notation(Move::play(t, 4), Some((4, 4))), "9-4");
    }

    #[test]
    fn action_indices_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..55 {
            let t = Tile::from_index(i);
            seen.insert(Move::play(t, t.high()).action_index().unwrap());
            seen.insert(Move::play(t, t.low()).action_index().unwrap());
        }
        assert_eq!(seen.len(), 55 + 45);
        assert!(seen.iter().all(|&i| i < 110));
    }
}
