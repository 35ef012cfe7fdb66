//! The line of play as a table shows it, and who made each move of a round.
//!
//! The engine keeps only the two open ends ([`Public::ends`]); a table also shows every tile
//! laid, left to right, each turned so that touching halves match. The open ends are kept in
//! a fixed order (`ends[0]` the left end, `ends[1]` the right), and a tile joined at the end
//! showing `e` goes on the left when `e` is the left end's number, on the right otherwise, the
//! rule of `state::join`. Frontends (`capicua play`, the protocol's `referee` reply) read the
//! line from here so that none of them has to know how tiles join.

use std::collections::VecDeque;

use crate::moves::{LEAD, Move};
use crate::public::Public;
use crate::tiles::{Tile, TileSet};
use crate::variant::Rules;

/// Where a tile was laid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// The round's first tile.
    Lead,
    Left,
    Right,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Lead => "lead",
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// One tile of the line, turned as it lies: `left` is the number on its left half.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Laid {
    pub tile: Tile,
    pub left: u8,
    pub right: u8,
    pub side: Side,
    /// The seat that laid it.
    pub seat: u8,
    /// Its index in the round's moves (draws and passes counted).
    pub index: usize,
}

/// The tiles laid, left to right.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineOfPlay(VecDeque<Laid>);

impl LineOfPlay {
    /// Adds `mv` by `seat` (move number `index`), played when the open ends were `ends`.
    /// Passes and draws lay nothing.
    pub fn add(&mut self, mv: Move, ends: Option<(u8, u8)>, seat: u8, index: usize) {
        let Move::Play { tile, end } = mv else { return };
        let laid = |left, right, side| Laid {
            tile,
            left,
            right,
            side,
            seat,
            index,
        };
        match ends {
            None => self.0.push_back(laid(tile.high(), tile.low(), Side::Lead)),
            Some((l, _)) if end == l && end != LEAD => {
                self.0.push_front(laid(tile.other(end), end, Side::Left))
            }
            Some(_) => self.0.push_back(laid(end, tile.other(end), Side::Right)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &Laid> {
        self.0.iter()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A round's history replayed on its public record: the seat that made each move, the line
/// of play, and the record after the last move. `history` must be legal (a checked round's).
pub fn replay(
    rules: &Rules,
    first: u8,
    forced_lead: Option<Tile>,
    history: &[Move],
) -> (Vec<u8>, LineOfPlay, Public) {
    let mut public = Public::new(rules, first, forced_lead);
    let mut movers = Vec::with_capacity(history.len());
    let mut line = LineOfPlay::default();
    for (i, &mv) in history.iter().enumerate() {
        let seat = public.to_move();
        line.add(mv, public.ends(), seat, i);
        movers.push(seat);
        public.apply(mv);
    }
    (movers, line, public)
}

/// The numbers `seat` is publicly known to hold no tile of now: every tile of that number
/// still out of the line is one the seat showed it lacks (by passing on it, or by drawing
/// instead of playing it). Ascending.
pub fn known_voids(public: &Public, seat: u8) -> Vec<u8> {
    let excluded = public.excluded(seat);
    let in_play = public.rules().set().minus(public.played());
    (0..=public.rules().max_pip)
        .filter(|&n| {
            let open = TileSet::suit(n).inter(in_play);
            !open.is_empty() && open.minus(excluded).is_empty()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Round;
    use crate::game::Match;

    /// Every laid tile touches its neighbours with matching halves, and the line's outer
    /// halves are the open ends the engine keeps.
    #[test]
    fn the_line_matches_the_open_ends() {
        for v in crate::VARIANTS {
            let rules = Rules::preset(v).unwrap();
            let mut rng = crate::Rng::new(11);
            for k in 0..20 {
                let mut round: Round = Match::new(&rules, k).deal_round();
                while !round.is_over() {
                    let legal = round.legal_moves();
                    round.play(rng.pick(&legal)).unwrap();
                    let first = round.first();
                    let forced = round.public().forced_lead_at_start();
                    let (movers, line, public) = replay(&rules, first, forced, round.history());
                    assert_eq!(public, *round.public());
                    assert_eq!(movers.len(), round.history().len());
                    assert_eq!(movers[0], first);
                    let tiles: Vec<&Laid> = line.iter().collect();
                    for w in tiles.windows(2) {
                        assert_eq!(w[0].right, w[1].left, "{v}: {tiles:?}");
                    }
                    if let (Some(a), Some(b), Some((l, r))) =
                        (tiles.first(), tiles.last(), public.ends())
                    {
                        assert_eq!((a.left, b.right), (l, r), "{v}");
                    }
                    let played: TileSet = line.iter().map(|t| t.tile).collect();
                    assert_eq!(played, public.played());
                    for t in line.iter() {
                        assert!(
                            matches!(round.history()[t.index], Move::Play { tile, .. } if tile == t.tile)
                        );
                        assert_eq!(movers[t.index], t.seat);
                    }
                }
            }
        }
    }

    #[test]
    fn a_pass_shows_the_numbers_lacked() {
        let rules = Rules::cuban();
        let mut public = Public::new(&rules, 0, None);
        public.apply(Move::Play {
            tile: Tile::new(8, 8),
            end: LEAD,
        });
        assert!(known_voids(&public, 1).is_empty());
        public.apply(Move::Pass);
        assert_eq!(known_voids(&public, 1), vec![8]);
        assert!(known_voids(&public, 2).is_empty());
    }
}
