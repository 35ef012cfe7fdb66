//! What one seat knows: its own hand, the public moves, the open ends, how many tiles each
//! seat holds, and the tiles each seat is known not to hold (revealed by passes and draws).

use crate::error::{DealError, MoveError};
use crate::moves::{LEAD, Move, MoveList, MoveSpec};
use crate::round::{ends_text, resolve};
use crate::state::{Finish, State, next, push_plays};
use crate::tiles::{Tile, TileSet};
use crate::variant::Rules;

/// One seat's private history in a draw game, kept to check sampled hands exactly.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// The seat could not play: it held none of these tiles.
    Void(TileSet),
    /// The seat drew one tile.
    Acquire,
    /// The seat played this tile.
    Play(Tile),
}

/// Scores and ties of the match around the round (what the value of a round depends on).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MatchContext {
    /// Per side, before this round.
    pub scores: [u32; 4],
    pub pending_ties: u32,
}

#[derive(Clone, Debug)]
pub struct InfoSet {
    rules: Rules,
    seat: u8,
    first: u8,
    dealt: TileSet,
    hand: TileSet,
    history: Vec<Move>,
    ends: [u8; 2],
    to_move: u8,
    passes: u8,
    finish: Finish,
    counts: [u8; 4],
    pile_count: u8,
    played: TileSet,
    played_by: [TileSet; 4],
    excluded: [TileSet; 4],
    pub(crate) events: [Vec<Event>; 4],
    context: MatchContext,
}

impl InfoSet {
    /// The start of a round for `seat`, holding `hand` as dealt; `first` leads.
    pub fn new(rules: &Rules, seat: u8, first: u8, hand: TileSet) -> Result<InfoSet, DealError> {
        if seat >= rules.players {
            return Err(DealError::Seat(seat));
        }
        if first >= rules.players {
            return Err(DealError::Seat(first));
        }
        if hand.len() != rules.hand_size as u32 {
            return Err(DealError::HandSize {
                seat,
                got: hand.len(),
                want: rules.hand_size as u32,
            });
        }
        if let Some(t) = hand.minus(rules.set()).first() {
            return Err(DealError::NotInSet(t.to_string()));
        }
        let mut counts = [0u8; 4];
        for c in counts.iter_mut().take(rules.players as usize) {
            *c = rules.hand_size;
        }
        Ok(InfoSet {
            rules: *rules,
            seat,
            first,
            dealt: hand,
            hand,
            history: Vec::with_capacity(64),
            ends: [LEAD, LEAD],
            to_move: first,
            passes: 0,
            finish: Finish::Running,
            counts,
            pile_count: if rules.draw { rules.undealt() as u8 } else { 0 },
            played: TileSet::EMPTY,
            played_by: [TileSet::EMPTY; 4],
            excluded: [TileSet::EMPTY; 4],
            events: Default::default(),
            context: MatchContext::default(),
        })
    }

    pub fn with_context(mut self, context: MatchContext) -> InfoSet {
        self.context = context;
        self
    }
    pub fn set_context(&mut self, context: MatchContext) {
        self.context = context;
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn seat(&self) -> u8 {
        self.seat
    }
    pub fn first(&self) -> u8 {
        self.first
    }
    /// Own hand now.
    pub fn hand(&self) -> TileSet {
        self.hand
    }
    /// Own hand as dealt.
    pub fn dealt(&self) -> TileSet {
        self.dealt
    }
    pub fn history(&self) -> &[Move] {
        &self.history
    }
    pub fn ends(&self) -> Option<(u8, u8)> {
        if self.ends[0] == LEAD {
            None
        } else {
            Some((self.ends[0], self.ends[1]))
        }
    }
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    pub fn passes(&self) -> u8 {
        self.passes
    }
    pub fn finish(&self) -> Finish {
        self.finish
    }
    pub fn is_over(&self) -> bool {
        self.finish != Finish::Running
    }
    /// Tiles each seat holds now.
    pub fn counts(&self) -> [u8; 4] {
        self.counts
    }
    /// Tiles left in the boneyard (draw games).
    pub fn pile_count(&self) -> u8 {
        self.pile_count
    }
    pub fn played(&self) -> TileSet {
        self.played
    }
    pub fn played_by(&self, seat: u8) -> TileSet {
        self.played_by[seat as usize]
    }
    /// Tiles `seat` is known not to hold now.
    pub fn excluded(&self, seat: u8) -> TileSet {
        if seat == self.seat {
            self.rules.set().minus(self.hand)
        } else {
            self.excluded[seat as usize]
        }
    }
    /// Pips `seat` is known to lack (bit n: holds no tile showing n).
    pub fn void_pips(&self, seat: u8) -> u16 {
        let ex = self.excluded(seat);
        let unseen = self.unseen();
        (0..=self.rules.max_pip)
            .filter(|&n| TileSet::suit(n).inter(unseen).minus(ex).is_empty())
            .fold(0, |m, n| m | 1 << n)
    }
    /// Tiles this seat has not seen: other hands, boneyard and sleeping tiles.
    pub fn unseen(&self) -> TileSet {
        self.rules.set().minus(self.hand).minus(self.played)
    }
    pub fn context(&self) -> &MatchContext {
        &self.context
    }

    /// Own legal moves when this seat is to move (a forced draw as `Draw(None)`).
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::default();
        if self.is_over() || self.to_move != self.seat {
            return out;
        }
        let playable = self.playable(self.hand);
        push_plays(playable, self.ends, &mut out);
        if out.is_empty() {
            out.push(if self.rules.draw && self.pile_count > 0 {
                Move::Draw(None)
            } else {
                Move::Pass
            });
        }
        out
    }

    fn public_state(&self) -> State {
        let mut st = State::new(
            &self.rules,
            [TileSet::EMPTY; 4],
            TileSet::EMPTY,
            self.to_move,
        );
        st.out = self.rules.set().minus(self.played);
        st.ends = self.ends;
        st.passes = self.passes;
        st.finish = self.finish;
        st
    }

    fn playable(&self, hand: TileSet) -> TileSet {
        self.public_state().playable(hand)
    }

    /// The full state of a determinization: `hands` for every seat (own included) and the
    /// boneyard `pile`.
    pub fn determinize(&self, hands: [TileSet; 4], pile: TileSet) -> State {
        let mut st = self.public_state();
        st.hands = hands;
        st.pile = if self.rules.draw {
            pile
        } else {
            TileSet::EMPTY
        };
        st
    }

    /// Resolves written notation against the current ends.
    pub fn resolve(&self, spec: MoveSpec) -> Result<Move, MoveError> {
        resolve(spec, &self.public_state(), self.rules.max_pip)
    }

    /// Adds one public move, checking it against what this seat can know; on error nothing
    /// changes.
    pub fn apply(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::RoundOver);
        }
        let s = self.to_move;
        let own = s == self.seat;
        let st = self.public_state();
        match mv {
            Move::Play { tile, end } => {
                if !self.rules.set().contains(tile) {
                    return Err(MoveError::NotInSet(tile.to_string()));
                }
                if self.played.contains(tile) {
                    return Err(MoveError::AlreadyPlayed(tile.to_string()));
                }
                if own && !self.hand.contains(tile) {
                    return Err(MoveError::NotInHand {
                        seat: s,
                        tile: tile.to_string(),
                    });
                }
                if !own && self.hand.contains(tile) {
                    return Err(MoveError::OwnTile(tile.to_string()));
                }
                let fits = if self.ends[0] == LEAD {
                    end == LEAD && (!self.rules.lead_double || tile.is_double())
                } else {
                    end != LEAD && (end == self.ends[0] || end == self.ends[1]) && tile.has(end)
                };
                if !fits {
                    return Err(MoveError::NoMatch {
                        tile: tile.to_string(),
                        ends: ends_text(&st),
                    });
                }
                if !own {
                    if self.counts[s as usize] == 0 {
                        return Err(MoveError::EmptyHand(s));
                    }
                    if self.excluded[s as usize].contains(tile) {
                        return Err(MoveError::Inconsistent(
                            "a seat played a tile it was known not to hold",
                        ));
                    }
                }
                if own {
                    self.hand.remove(tile);
                } else if matches!(self.history.last(), Some(Move::Draw(_))) {
                    // a seat that drew could fit only the drawn tile: the rest lacks the void
                    self.excluded[s as usize] = st.void_revealed();
                }
                self.counts[s as usize] -= 1;
                let mut state = st;
                state.hands[s as usize] = if self.counts[s as usize] == 0 {
                    TileSet::EMPTY
                } else {
                    // any non-empty stand-in: only emptiness matters to `apply`
                    TileSet(tile.bit() ^ u64::MAX)
                };
                state.hands[s as usize].insert(tile);
                state.apply(mv);
                self.ends = state.ends;
                self.passes = 0;
                self.finish = state.finish;
                self.to_move = state.to_move;
                self.played.insert(tile);
                self.played_by[s as usize].insert(tile);
                if self.rules.draw {
                    self.events[s as usize].push(Event::Play(tile));
                }
            }
            Move::Pass => {
                if self.rules.draw && self.pile_count > 0 {
                    return Err(MoveError::MustDraw);
                }
                if own && !self.playable(self.hand).is_empty() {
                    return Err(MoveError::PassWithPlayable);
                }
                let void = st.void_revealed();
                if !own {
                    self.excluded[s as usize] = self.excluded[s as usize].union(void);
                    if self.rules.draw {
                        self.events[s as usize].push(Event::Void(void));
                    }
                }
                self.passes += 1;
                if self.passes >= self.rules.players {
                    self.finish = Finish::Blocked;
                } else {
                    self.to_move = next(s, self.rules.players);
                }
            }
            Move::Draw(t) => {
                if !self.rules.draw {
                    return Err(MoveError::CannotDraw("this variant has no boneyard"));
                }
                if self.pile_count == 0 {
                    return Err(MoveError::CannotDraw("the boneyard is empty"));
                }
                let void = st.void_revealed();
                if own {
                    let Some(t) = t else {
                        return Err(MoveError::DrawNeedsTile);
                    };
                    if !self.playable(self.hand).is_empty() {
                        return Err(MoveError::CannotDraw("the seat has a playable tile"));
                    }
                    if !self.unseen().contains(t) {
                        return Err(MoveError::CannotDraw("the drawn tile is not unseen"));
                    }
                    self.hand.insert(t);
                } else {
                    if t.is_some() {
                        return Err(MoveError::CannotDraw(
                            "only the engine's own draws name a tile",
                        ));
                    }
                    // The drawn tile may be any unseen tile, one that fits the ends included,
                    // so no tile is certainly absent now (the sampler checks the order of voids
                    // and draws exactly, `history_allows`).
                    self.excluded[s as usize] = TileSet::EMPTY;
                    self.events[s as usize].push(Event::Void(void));
                    self.events[s as usize].push(Event::Acquire);
                }
                self.counts[s as usize] += 1;
                self.pile_count -= 1;
            }
        }
        self.history.push(mv);
        Ok(())
    }

    /// Whether `held` (the tiles `seat` holds now, in a sampled deal) is consistent with that
    /// seat's draws, voids and plays in a draw game: some assignment of its tiles to the deal
    /// and to its draws respects every void. (Always true without draws.)
    pub fn history_allows(&self, seat: u8, held: TileSet) -> bool {
        let events = &self.events[seat as usize];
        if !events.contains(&Event::Acquire) {
            return held.inter(self.excluded[seat as usize]).is_empty();
        }
        // Slots: 0 = the deal (capacity hand_size), then one per draw. Each tile may come from
        // a slot after the last void that excludes it and before it was played; assign tiles
        // to slots greedily by earliest deadline.
        let mut tiles: Vec<(usize, usize)> = Vec::new(); // (lo slot, hi slot)
        let mut slot = 0usize;
        let mut voids: Vec<(usize, TileSet)> = Vec::new(); // (slots acquired so far, void)
        let interval = |t: Tile, slot: usize, voids: &[(usize, TileSet)]| -> (usize, usize) {
            let lo = voids
                .iter()
                .rev()
                .find(|(_, v)| v.contains(t))
                .map_or(0, |(k, _)| *k + 1);
            (lo, slot)
        };
        for e in events {
            match *e {
                Event::Void(v) => voids.push((slot, v)),
                Event::Acquire => slot += 1,
                Event::Play(t) => tiles.push(interval(t, slot, &voids)),
            }
        }
        for t in held.iter() {
            tiles.push(interval(t, slot, &voids));
        }
        let slots = slot + 1;
        let mut cap: Vec<u32> = (0..slots)
            .map(|i| {
                if i == 0 {
                    self.rules.hand_size as u32
                } else {
                    1
                }
            })
            .collect();
        if tiles.len() as u32 != cap.iter().sum::<u32>() {
            return false;
        }
        tiles.sort_by_key(|&(lo, hi)| (hi, lo));
        // earliest deadline first: each tile takes the earliest free slot in its interval
        for &(lo, hi) in &tiles {
            match (lo..=hi.min(slots - 1)).find(|&k| cap[k] > 0) {
                Some(k) => cap[k] -= 1,
                None => return false,
            }
        }
        true
    }
}
