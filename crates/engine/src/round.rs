//! The referee's view of a round: every hand as dealt, the boneyard's order, the history.

use crate::error::{DealError, MoveError};
use crate::infoset::InfoSet;
use crate::moves::{LEAD, Move, MoveList, MoveSpec};
use crate::public::{Public, seen_by};
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
    public: Public,
    state: State,
    deal: Deal,
    drawn: usize,
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
            public: Public::new(rules, first, forced_lead),
            state,
            deal,
            drawn: 0,
            history: Vec::with_capacity(64),
        })
    }

    pub fn rules(&self) -> &Rules {
        self.public.rules()
    }
    /// What every seat has seen of the round.
    pub fn public(&self) -> &Public {
        &self.public
    }
    pub fn state(&self) -> &State {
        &self.state
    }
    pub fn first(&self) -> u8 {
        self.public.first()
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
        self.public.forced_lead()
    }

    /// The next tile of the boneyard, if any.
    pub fn next_draw(&self) -> Option<Tile> {
        if self.rules().draw {
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

    /// Plays up to `moves` uniformly random legal moves (one [`Rng::pick`] each), stopping
    /// where the round ends; returns how many it played. Tests, examples and benchmarks reach
    /// random positions this way.
    pub fn play_random(&mut self, rng: &mut Rng, moves: usize) -> usize {
        for played in 0..moves {
            if self.is_over() {
                return played;
            }
            let mv = rng.pick(&self.legal_moves());
            self.play(mv).expect("a legal move is accepted");
        }
        moves
    }

    /// Turns written notation into this position's move; a bare tile that could join two
    /// different ends is an error.
    pub fn resolve(&self, spec: MoveSpec) -> Result<Move, MoveError> {
        self.public.resolve(spec)
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
                if !self.rules().set().contains(tile) {
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
                        ends: self.public.ends_text(),
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
                if !self.rules().draw {
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
        self.public.apply(mv);
        self.history.push(mv);
    }

    /// The round's outcome once it is over.
    pub fn result(&self) -> Option<RoundResult> {
        RoundResult::of(self.rules(), &self.state, self.first())
    }

    /// What `seat` (a seat of the variant) knows: its own hand as dealt and the history as it
    /// saw it.
    pub fn infoset(&self, seat: u8) -> InfoSet {
        // a referee's deal and history are checked as they are made, so every seat accepts them
        let mut info = InfoSet::new(
            self.rules(),
            seat,
            self.first(),
            self.deal.hands[seat as usize],
        )
        .expect("a referee's deal is valid")
        .with_forced_lead(self.public.forced_lead_at_start())
        .expect("a referee's forced lead is the leader's");
        for &mv in &self.history {
            info.apply(seen_by(mv, info.to_move(), seat))
                .expect("a referee's history is legal for every seat");
        }
        info
    }
}
