//! The public record of a round: what every seat has seen, and nothing more.
//!
//! One `Copy` value, updated move by move, that every view of a round reads: a seat's
//! [`crate::InfoSet`] is this record plus its own hand and history, the network's encoding
//! reads it, and search rebuilds it along a determinization. The one rule of what a seat sees
//! of another seat's move ([`seen_by`]) lives here too.

use crate::error::MoveError;
use crate::moves::{LEAD, Move, MoveSpec};
use crate::state::{Finish, State, domino_finish, join, next, playable_at, void_at};
use crate::tiles::{Tile, TileSet};
use crate::variant::Rules;

/// What `viewer` sees of `mv`, made by `mover`: another seat's draw hides its tile.
#[inline]
pub fn seen_by(mv: Move, mover: u8, viewer: u8) -> Move {
    match mv {
        Move::Draw(_) if mover != viewer => Move::Draw(None),
        m => m,
    }
}

/// Everything public about a round in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Public {
    rules: Rules,
    first: u8,
    to_move: u8,
    /// Both [`LEAD`] before the first tile.
    ends: [u8; 2],
    counts: [u8; 4],
    pile: u8,
    played: TileSet,
    played_by: [TileSet; 4],
    /// Tiles each seat is publicly known not to hold now (from its passes and draws).
    excluded: [TileSet; 4],
    passes: u8,
    finish: Finish,
    /// The seat to move has just drawn (its next play reveals it could fit only that tile).
    after_draw: bool,
    /// The tile the leader must lead, when the rules force one; public by the rules.
    forced_lead: Option<Tile>,
    moves: u16,
}

impl Public {
    /// The start of a round led by `first` (a valid seat of `rules`).
    pub fn new(rules: &Rules, first: u8, forced_lead: Option<Tile>) -> Public {
        let mut counts = [0u8; 4];
        for c in counts.iter_mut().take(rules.players as usize) {
            *c = rules.hand_size;
        }
        Public {
            rules: *rules,
            first,
            to_move: first,
            ends: [LEAD, LEAD],
            counts,
            pile: if rules.draw { rules.undealt() as u8 } else { 0 },
            played: TileSet::EMPTY,
            played_by: [TileSet::EMPTY; 4],
            excluded: [TileSet::EMPTY; 4],
            passes: 0,
            finish: Finish::Running,
            after_draw: false,
            forced_lead,
            moves: 0,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The round's leader ("mano").
    pub fn first(&self) -> u8 {
        self.first
    }
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    pub fn ends(&self) -> Option<(u8, u8)> {
        if self.ends[0] == LEAD {
            None
        } else {
            Some((self.ends[0], self.ends[1]))
        }
    }
    /// Open ends as stored: both [`LEAD`] before the first tile.
    pub fn raw_ends(&self) -> [u8; 2] {
        self.ends
    }
    /// Tiles each seat holds now.
    pub fn counts(&self) -> [u8; 4] {
        self.counts
    }
    /// Tiles left in the boneyard (draw games).
    pub fn pile_count(&self) -> u8 {
        self.pile
    }
    pub fn played(&self) -> TileSet {
        self.played
    }
    pub fn played_by(&self, seat: u8) -> TileSet {
        self.played_by[seat as usize]
    }
    /// Tiles `seat` is publicly known not to hold now.
    pub fn excluded(&self, seat: u8) -> TileSet {
        self.excluded[seat as usize]
    }
    /// Consecutive passes.
    pub fn passes(&self) -> u8 {
        self.passes
    }
    pub fn finish(&self) -> Finish {
        self.finish
    }
    pub fn is_over(&self) -> bool {
        self.finish != Finish::Running
    }
    /// Moves so far (draws included).
    pub fn moves(&self) -> usize {
        self.moves as usize
    }
    /// The tile the leader must lead, while nothing is played yet.
    pub fn forced_lead(&self) -> Option<Tile> {
        self.forced_lead.filter(|_| self.moves == 0)
    }
    /// The tile the rules forced the leader to lead, if any (before or after the lead).
    pub fn forced_lead_at_start(&self) -> Option<Tile> {
        self.forced_lead
    }
    /// The seat to move has just drawn.
    pub fn after_draw(&self) -> bool {
        self.after_draw
    }

    /// Tiles of `hand` that fit the open ends now (the forced lead aside).
    pub fn playable(&self, hand: TileSet) -> TileSet {
        playable_at(self.ends, self.rules.lead_double, hand)
    }

    /// The tiles a seat unable to play now shows it does not hold.
    pub fn void_revealed(&self) -> TileSet {
        void_at(self.ends, self.rules.lead_double)
    }

    /// Why the public could not accept `mv` from the seat to move, or `None` when it fits what
    /// is public: the tile-level faults first (the set, already played, a known void), then
    /// whether it joins an end, then passes and draws against the boneyard.
    pub fn fault(&self, mv: Move) -> Option<MoveError> {
        if self.is_over() {
            return Some(MoveError::RoundOver);
        }
        let s = self.to_move as usize;
        match mv {
            Move::Play { tile, end } => {
                if !self.rules.set().contains(tile) {
                    return Some(MoveError::NotInSet(tile.to_string()));
                }
                if self.played.contains(tile) {
                    return Some(MoveError::AlreadyPlayed(tile.to_string()));
                }
                if let Some(f) = self.forced_lead()
                    && f != tile
                {
                    return Some(MoveError::WrongLead(f.to_string()));
                }
                let fits = if self.ends[0] == LEAD {
                    end == LEAD && (!self.rules.lead_double || tile.is_double())
                } else {
                    end != LEAD && (end == self.ends[0] || end == self.ends[1]) && tile.has(end)
                };
                if !fits {
                    return Some(MoveError::NoMatch {
                        tile: tile.to_string(),
                        ends: self.ends_text(),
                    });
                }
                if self.counts[s] == 0 {
                    return Some(MoveError::EmptyHand(s as u8));
                }
                None
            }
            Move::Pass => (self.rules.draw && self.pile > 0).then_some(MoveError::MustDraw),
            Move::Draw(_) => {
                if !self.rules.draw {
                    Some(MoveError::CannotDraw("this variant has no boneyard"))
                } else if self.pile == 0 {
                    Some(MoveError::CannotDraw("the boneyard is empty"))
                } else {
                    None
                }
            }
        }
    }

    /// Applies a public move of the seat to move without checking it (a draw may or may not
    /// name its tile). Checked paths: [`Public::fault`], `InfoSet::apply`, `Round::play`.
    pub fn apply(&mut self, mv: Move) {
        let s = self.to_move as usize;
        let players = self.rules.players;
        match mv {
            Move::Play { tile, end } => {
                if self.after_draw {
                    // a seat that drew could fit only the drawn tile: the rest lacks the void
                    self.excluded[s] = self.void_revealed();
                }
                self.counts[s] = self.counts[s].saturating_sub(1);
                if self.counts[s] == 0 {
                    self.finish = domino_finish(
                        self.ends,
                        self.rules.set().minus(self.played),
                        s as u8,
                        tile,
                    );
                }
                self.played.insert(tile);
                self.played_by[s].insert(tile);
                join(&mut self.ends, tile, end);
                self.passes = 0;
                if self.finish == Finish::Running {
                    self.to_move = next(self.to_move, players);
                }
            }
            Move::Pass => {
                self.excluded[s] = self.excluded[s].union(self.void_revealed());
                self.passes += 1;
                if self.passes >= players {
                    self.finish = Finish::Blocked;
                } else {
                    self.to_move = next(self.to_move, players);
                }
            }
            Move::Draw(_) => {
                // the drawn tile may be any unseen tile, one that fits the ends included, so no
                // tile is certainly absent now
                self.excluded[s] = TileSet::EMPTY;
                self.counts[s] += 1;
                self.pile = self.pile.saturating_sub(1);
            }
        }
        self.after_draw = matches!(mv, Move::Draw(_));
        self.moves += 1;
    }

    /// The perfect-information state with `hands` for every seat and the boneyard `pile`.
    pub fn determinize(&self, hands: [TileSet; 4], pile: TileSet) -> State {
        let mut st = State::new(&self.rules, hands, pile, self.to_move);
        st.out = self.rules.set().minus(self.played);
        st.ends = self.ends;
        st.passes = self.passes;
        st.finish = self.finish;
        st
    }

    /// Turns written notation into a move at the current ends; a bare tile that could join
    /// two different ends is an error.
    pub fn resolve(&self, spec: MoveSpec) -> Result<Move, MoveError> {
        match spec {
            MoveSpec::Pass => Ok(Move::Pass),
            MoveSpec::Draw(t) => Ok(Move::Draw(t)),
            MoveSpec::Play { tile, end } => match self.ends() {
                None => Ok(Move::play(tile, LEAD)),
                Some((l, r)) => {
                    let no_match = || MoveError::NoMatch {
                        tile: tile.to_string(),
                        ends: self.ends_text(),
                    };
                    match end {
                        Some(e) if e == l || e == r => Ok(Move::play(tile, e)),
                        Some(_) => Err(no_match()),
                        None => match (tile.has(l), tile.has(r)) {
                            (true, true) if l != r => Err(MoveError::AmbiguousEnd {
                                tile: tile.to_string(),
                            }),
                            (true, _) => Ok(Move::play(tile, l)),
                            (_, true) => Ok(Move::play(tile, r)),
                            _ => Err(no_match()),
                        },
                    }
                }
            },
        }
    }

    /// The open ends as an error message writes them.
    pub fn ends_text(&self) -> String {
        match self.ends() {
            Some((l, r)) => format!("{l} and {r}"),
            None => "none".into(),
        }
    }
}
