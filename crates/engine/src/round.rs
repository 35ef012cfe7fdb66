//! The referee's view of a round: every hand as dealt, the boneyard's order, the history.

use crate::error::{DealError, MoveError};
use crate::infoset::InfoSet;
use crate::moves::{LEAD, Move, MoveList, MoveSpec};
use crate::rng::Rng;
use crate::scoring::RoundResult;
use crate::state::State;
use crate::tiles::{Tile, TileSet};
use crate::variant::Rules;

/// A dealt round: hands and undealt tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub hands: [TileSet; 4],
    /// The undealt tiles; in draw games in drawing order (first drawn first).
    pub pile: Vec<Tile>,
}

impl Deal {
    /// A uniformly random deal.
    pub fn random(rules: &Rules, rng: &mut Rng) -> Deal {
        let mut tiles: Vec<Tile> = rules.set().iter().collect();
        rng.shuffle(&mut tiles);
        let mut hands = [TileSet::EMPTY; 4];
        let h = rules.hand_size as usize;
        for (s, hand) in hands.iter_mut().enumerate().take(rules.players as usize) {
            *hand = tiles[s * h..(s + 1) * h].iter().copied().collect();
        }
        let pile = tiles[rules.players as usize * h..].to_vec();
        Deal { hands, pile }
    }

    /// Checks a deal given from outside against the variant.
    pub fn validate(&self, rules: &Rules) -> Result<(), DealError> {
        let set = rules.set();
        let mut seen = TileSet::EMPTY;
        for s in 0..rules.players as usize {
            let h = self.hands[s];
            if h.len() != rules.hand_size as u32 {
                return Err(DealError::HandSize {
                    seat: s as u8,
                    got: h.len(),
                    want: rules.hand_size as u32,
                });
            }
            if let Some(t) = h.minus(set).first() {
                return Err(DealError::NotInSet(t.to_string()));
            }
            if let Some(t) = h.inter(seen).first() {
                return Err(DealError::Duplicate(t.to_string()));
            }
            seen = seen.union(h);
        }
        for s in rules.players as usize..4 {
            if !self.hands[s].is_empty() {
                return Err(DealError::Seat(s as u8));
            }
        }
        let mut pile = TileSet::EMPTY;
        for &t in &self.pile {
            if !set.contains(t) {
                return Err(DealError::NotInSet(t.to_string()));
            }
            if seen.contains(t) || pile.contains(t) {
                return Err(DealError::Duplicate(t.to_string()));
            }
            pile.insert(t);
        }
        if pile != set.minus(seen) {
            return Err(DealError::Boneyard {
                got: pile.len(),
                want: rules.undealt(),
            });
        }
        Ok(())
    }
}

/// A round under a referee, who sees everything and checks every move.
#[derive(Clone, Debug)]
pub struct Round {
    rules: Rules,
    state: State,
    first: u8,
    deal: Deal,
    drawn: usize,
    forced_lead: Option<Tile>,
    history: Vec<Move>,
}

impl Round {
    /// A round from `deal`, led by `first`; `forced_lead` is the tile the leader must play.
    pub fn new(
        rules: &Rules,
        deal: Deal,
        first: u8,
        forced_lead: Option<Tile>,
    ) -> Result<Round, DealError> {
        deal.validate(rules)?;
        if first >= rules.players {
            return Err(DealError::Seat(first));
        }
        let pile: TileSet = deal.pile.iter().copied().collect();
        let state = State::new(rules, deal.hands, pile, first);
        let forced_lead = forced_lead.filter(|t| deal.hands[first as usize].contains(*t));
        Ok(Round {
            rules: *rules,
            state,
            first,
            deal,
            drawn: 0,
            forced_lead,
            history: Vec::with_capacity(64),
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn state(&self) -> &State {
        &self.state
    }
    pub fn first(&self) -> u8 {
        self.first
    }
    pub fn deal(&self) -> &Deal {
        &self.deal
    }
    pub fn history(&self) -> &[Move] {
        &self.history
    }
    pub fn to_move(&self) -> u8 {
        self.state.to_move
    }
    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }
    pub fn forced_lead(&self) -> Option<Tile> {
        if self.history.is_empty() {
            self.forced_lead
        } else {
            None
        }
    }

    /// The next tile of the boneyard, if any.
    pub fn next_draw(&self) -> Option<Tile> {
        if self.rules.draw {
            self.deal.pile.get(self.drawn).copied()
        } else {
            None
        }
    }

    /// Legal moves of the seat to move, draws naming the boneyard's next tile.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::default();
        if let Some(t) = self.forced_lead() {
            out.push(Move::play(t, LEAD));
            return out;
        }
        self.state.legal_moves(&mut out);
        if out.len() == 1 && out[0] == Move::Draw(None) {
            out.clear();
            out.push(Move::Draw(self.next_draw()));
        }
        out
    }

    /// Turns written notation into this position's move; a bare tile that could join two
    /// different ends is an error.
    pub fn resolve(&self, spec: MoveSpec) -> Result<Move, MoveError> {
        resolve(spec, &self.state, self.rules.max_pip)
    }

    /// Plays a move after checking it; on error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::RoundOver);
        }
        let legal = self.legal_moves();
        // the public "draw" means the boneyard's next tile
        let mv = if mv == Move::Draw(None) {
            Move::Draw(self.next_draw())
        } else {
            mv
        };
        if !legal.contains(mv) {
            return Err(self.diagnose(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn diagnose(&self, mv: Move) -> MoveError {
        let s = self.state.to_move;
        let hand = self.state.hands[s as usize];
        match mv {
            Move::Play { tile, .. } => {
                if !self.rules.set().contains(tile) {
                    MoveError::NotInSet(tile.to_string())
                } else if !hand.contains(tile) {
                    if self.state.out.contains(tile) {
                        MoveError::NotInHand {
                            seat: s,
                            tile: tile.to_string(),
                        }
                    } else {
                        MoveError::AlreadyPlayed(tile.to_string())
                    }
                } else if let Some(f) = self.forced_lead() {
                    MoveError::WrongLead(f.to_string())
                } else {
                    MoveError::NoMatch {
                        tile: tile.to_string(),
                        ends: ends_text(&self.state),
                    }
                }
            }
            Move::Pass => {
                if self.state.playable(hand).is_empty() {
                    MoveError::MustDraw
                } else {
                    MoveError::PassWithPlayable
                }
            }
            Move::Draw(_) => {
                if !self.rules.draw {
                    MoveError::CannotDraw("this variant has no boneyard")
                } else if !self.state.playable(hand).is_empty() {
                    MoveError::CannotDraw("the seat has a playable tile")
                } else if self.state.pile.is_empty() {
                    MoveError::CannotDraw("the boneyard is empty")
                } else {
                    MoveError::CannotDraw("that is not the boneyard's next tile")
                }
            }
        }
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, mv: Move) {
        let mv = match mv {
            Move::Draw(_) => {
                let t = self.deal.pile[self.drawn];
                self.drawn += 1;
                Move::Draw(Some(t))
            }
            m => m,
        };
        self.state.apply(mv);
        self.history.push(mv);
    }

    /// The round's outcome once it is over.
    pub fn result(&self) -> Option<RoundResult> {
        RoundResult::of(&self.rules, &self.state, self.first)
    }

    /// What `seat` knows: its own hand as dealt and the public history.
    pub fn infoset(&self, seat: u8) -> InfoSet {
        let mut info = InfoSet::new(
            &self.rules,
            seat,
            self.first,
            self.deal.hands[seat as usize],
        )
        .expect("a referee's deal is valid");
        for &mv in &self.history {
            let public = match mv {
                Move::Draw(_) if self.rules.draw && info.to_move() != seat => Move::Draw(None),
                m => m,
            };
            info.apply(public)
                .expect("a referee's history is legal for every seat");
        }
        info
    }
}

pub(crate) fn ends_text(state: &State) -> String {
    match state.ends() {
        Some((l, r)) => format!("{l} and {r}"),
        None => "none".into(),
    }
}

/// Resolves notation against open ends (shared by the referee and the information set).
pub(crate) fn resolve(spec: MoveSpec, state: &State, max_pip: u8) -> Result<Move, MoveError> {
    let _ = max_pip;
    match spec {
        MoveSpec::Pass => Ok(Move::Pass),
        MoveSpec::Draw(t) => Ok(Move::Draw(t)),
        MoveSpec::Play { tile, end } => match state.ends() {
            None => Ok(Move::play(tile, LEAD)),
            Some((l, r)) => match end {
                Some(e) if e == l || e == r => Ok(Move::play(tile, e)),
                Some(_) => Err(MoveError::NoMatch {
                    tile: tile.to_string(),
                    ends: ends_text(state),
                }),
                None => {
                    let (a, b) = (tile.has(l), tile.has(r));
                    if a && b && l != r {
                        Err(MoveError::AmbiguousEnd {
                            tile: tile.to_string(),
                        })
                    } else if a {
                        Ok(Move::play(tile, l))
                    } else if b {
                        Ok(Move::play(tile, r))
                    } else {
                        Err(MoveError::NoMatch {
                            tile: tile.to_string(),
                            ends: ends_text(state),
                        })
                    }
                }
            },
        },
    }
}
