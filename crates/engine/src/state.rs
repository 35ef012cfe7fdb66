//! The perfect-information state of a round: every hand known. `Copy`, allocation-free, and
//! the unit of work of search playouts. Moves are applied unchecked here; the checked paths
//! are [`crate::Round`] (referee) and [`crate::InfoSet`] (one seat's view).

use crate::moves::{LEAD, Move, MoveList};
use crate::rng::Rng;
use crate::tiles::{DOUBLES, SUITS, Tile, TileSet};
use crate::variant::Rules;

/// How a round ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Finish {
    Running,
    /// `seat` played its last tile; `key_bone` and `dekabes` record the winning play's kind.
    Domino {
        seat: u8,
        key_bone: bool,
        dekabes: bool,
    },
    /// Every seat passed in turn.
    Blocked,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub hands: [TileSet; 4],
    /// Boneyard of draw games (its order is unknown to the players; the caller picks the tile).
    pub pile: TileSet,
    /// Tiles not yet on the table: hands, boneyard and sleeping tiles.
    pub out: TileSet,
    /// Open ends; both [`LEAD`] before the first tile.
    pub ends: [u8; 2],
    pub to_move: u8,
    pub players: u8,
    /// Consecutive passes.
    pub passes: u8,
    pub draw: bool,
    pub lead_double: bool,
    pub finish: Finish,
}

impl State {
    /// A fresh round: `hands` as dealt, `pile` the boneyard (draw games) and `first` to lead.
    pub fn new(rules: &Rules, hands: [TileSet; 4], pile: TileSet, first: u8) -> State {
        State {
            hands,
            pile: if rules.draw { pile } else { TileSet::EMPTY },
            out: rules.set(),
            ends: [LEAD, LEAD],
            to_move: first,
            players: rules.players,
            passes: 0,
            draw: rules.draw,
            lead_double: rules.lead_double,
            finish: Finish::Running,
        }
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.finish != Finish::Running
    }

    #[inline]
    pub fn ends(&self) -> Option<(u8, u8)> {
        if self.ends[0] == LEAD {
            None
        } else {
            Some((self.ends[0], self.ends[1]))
        }
    }

    /// Tiles of `hand` that can be played now.
    #[inline]
    pub fn playable(&self, hand: TileSet) -> TileSet {
        playable_at(self.ends, self.lead_double, hand)
    }

    /// The tiles a seat that cannot play now is revealed not to hold.
    #[inline]
    pub fn void_revealed(&self) -> TileSet {
        void_at(self.ends, self.lead_double)
    }

    /// Legal moves of the seat to move. A forced draw appears as `Draw(None)`: the caller
    /// chooses the tile (the boneyard's next tile, or a random one in a playout).
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if self.is_over() {
            return;
        }
        let hand = self.hands[self.to_move as usize];
        let playable = self.playable(hand);
        push_plays(playable, self.ends, out);
        if out.is_empty() {
            out.push(if self.draw && !self.pile.is_empty() {
                Move::Draw(None)
            } else {
                Move::Pass
            });
        }
    }

    /// Applies a move without checking it. `Draw` must name the tile.
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        let s = self.to_move as usize;
        match mv {
            Move::Play { tile, end } => {
                self.hands[s].remove(tile);
                if self.hands[s].is_empty() {
                    self.finish = self.domino(s as u8, tile);
                }
                self.out.remove(tile);
                join(&mut self.ends, tile, end);
                self.passes = 0;
                if self.finish == Finish::Running {
                    self.to_move = next(self.to_move, self.players);
                }
            }
            Move::Pass => {
                self.passes += 1;
                if self.passes >= self.players {
                    self.finish = Finish::Blocked;
                } else {
                    self.to_move = next(self.to_move, self.players);
                }
            }
            Move::Draw(Some(t)) => {
                self.pile.remove(t);
                self.hands[s].insert(t);
            }
            Move::Draw(None) => debug_assert!(false, "apply needs the drawn tile"),
        }
    }

    fn domino(&self, seat: u8, tile: Tile) -> Finish {
        domino_finish(self.ends, self.out, seat, tile)
    }

    /// A uniformly random legal move (draws already resolved to a random boneyard tile).
    #[inline]
    pub fn random_move(&self, rng: &mut Rng) -> Move {
        let hand = self.hands[self.to_move as usize];
        let playable = self.playable(hand);
        if playable.is_empty() {
            if self.draw && !self.pile.is_empty() {
                return Move::Draw(Some(self.pile.nth(rng.below(self.pile.len()))));
            }
            return Move::Pass;
        }
        let (l, r) = (self.ends[0], self.ends[1]);
        let n = playable.len();
        // the one tile l-r (l != r) joins either end: it counts as two moves
        let lr = if l != LEAD && l != r && playable.contains(Tile::new(l, r)) {
            Some(Tile::new(l, r))
        } else {
            None
        };
        let k = rng.below(n + lr.is_some() as u32);
        if k == n {
            return Move::play(lr.unwrap_or(Tile::new(l, r)), r);
        }
        let tile = playable.nth(k);
        let end = if l == LEAD {
            LEAD
        } else if tile.has(l) {
            l
        } else {
            r
        };
        Move::play(tile, end)
    }

    /// Plays random moves to the end of the round.
    #[inline]
    pub fn random_playout(&mut self, rng: &mut Rng) {
        while !self.is_over() {
            let mv = self.random_move(rng);
            self.apply(mv);
        }
    }

    /// Pips left in each hand.
    pub fn pips(&self) -> [u32; 4] {
        let mut p = [0; 4];
        for (s, h) in self.hands.iter().enumerate().take(self.players as usize) {
            p[s] = h.pips();
        }
        p
    }
}

/// The open ends after `tile` joins `end` ([`LEAD`]: opens the line).
#[inline]
pub(crate) fn join(ends: &mut [u8; 2], tile: Tile, end: u8) {
    if ends[0] == LEAD || end == LEAD {
        *ends = [tile.high(), tile.low()];
    } else if ends[0] == end {
        ends[0] = tile.other(end);
    } else {
        ends[1] = tile.other(end);
    }
}

/// Tiles of `hand` that fit `ends` (both [`LEAD`] before the first tile).
#[inline]
pub(crate) fn playable_at(ends: [u8; 2], lead_double: bool, hand: TileSet) -> TileSet {
    hand.inter(void_at(ends, lead_double))
}

/// The tiles that would fit `ends`: a seat unable to play there holds none of them.
#[inline]
pub(crate) fn void_at(ends: [u8; 2], lead_double: bool) -> TileSet {
    if ends[0] == LEAD {
        if lead_double {
            DOUBLES
        } else {
            TileSet(u64::MAX)
        }
    } else {
        SUITS[ends[0] as usize].union(SUITS[ends[1] as usize])
    }
}

/// How a round ends when `seat` plays its last tile `tile` at `ends`, with `out` the tiles
/// not yet on the table before the play (the key bone is the only tile left that joins both).
#[inline]
pub(crate) fn domino_finish(ends: [u8; 2], out: TileSet, seat: u8, tile: Tile) -> Finish {
    let (l, r) = (ends[0], ends[1]);
    let both = l != LEAD && l != r && tile.has(l) && tile.has(r);
    let key_bone =
        both && SUITS[l as usize].union(SUITS[r as usize]).inter(out) == TileSet(tile.bit());
    Finish::Domino {
        seat,
        key_bone,
        dekabes: both,
    }
}

#[inline]
pub(crate) fn next(seat: u8, players: u8) -> u8 {
    if seat + 1 >= players { 0 } else { seat + 1 }
}

/// Pushes the plays of `playable` tiles at `ends` (both [`LEAD`] for a lead).
#[inline]
pub(crate) fn push_plays(playable: TileSet, ends: [u8; 2], out: &mut MoveList) {
    let (l, r) = (ends[0], ends[1]);
    for t in playable.iter() {
        if l == LEAD {
            out.push(Move::play(t, LEAD));
            continue;
        }
        if t.has(l) {
            out.push(Move::play(t, l));
        }
        if t.has(r) && r != l {
            out.push(Move::play(t, r));
        }
    }
}
