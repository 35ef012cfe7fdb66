//! What one seat knows: its own hand, the public moves, the open ends, how many tiles each
//! seat holds, and the tiles each seat is known not to hold (revealed by passes and draws).

use crate::error::{DealError, MoveError};
use crate::moves::{LEAD, Move, MoveList, MoveSpec};
use crate::public::Public;
use crate::state::{Finish, State, push_plays};
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
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct MatchContext {
    /// Per side, before this round.
    pub scores: [u32; 4],
    pub pending_ties: u32,
}

/// One seat's view of a round: the public record, its own hand and the history.
#[derive(Clone, Debug)]
pub struct InfoSet {
    public: Public,
    seat: u8,
    dealt: TileSet,
    hand: TileSet,
    history: Vec<Move>,
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
        Ok(InfoSet {
            public: Public::new(rules, first, None),
            seat,
            dealt: hand,
            hand,
            history: Vec::with_capacity(64),
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

    /// The tile the leader must lead (the rules force it and it is public). Only before the
    /// first move; the leader must hold it when it is this seat.
    pub fn with_forced_lead(mut self, tile: Option<Tile>) -> Result<InfoSet, MoveError> {
        if let Some(t) = tile {
            if !self.history.is_empty() {
                return Err(MoveError::Inconsistent(
                    "a forced lead is set before any move",
                ));
            }
            if !self.public.rules().set().contains(t) {
                return Err(MoveError::NotInSet(t.to_string()));
            }
            let leads = self.public.first() == self.seat;
            if leads != self.hand.contains(t) {
                return Err(MoveError::Inconsistent(if leads {
                    "this seat leads but does not hold the forced lead"
                } else {
                    "the forced lead is in this seat's hand but another seat leads"
                }));
            }
        }
        let rules = *self.public.rules();
        self.public = Public::new(&rules, self.public.first(), tile);
        Ok(self)
    }

    /// The public record of the round.
    pub fn public(&self) -> &Public {
        &self.public
    }
    pub fn rules(&self) -> &Rules {
        self.public.rules()
    }
    pub fn seat(&self) -> u8 {
        self.seat
    }
    pub fn first(&self) -> u8 {
        self.public.first()
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
        self.public.ends()
    }
    pub fn to_move(&self) -> u8 {
        self.public.to_move()
    }
    pub fn passes(&self) -> u8 {
        self.public.passes()
    }
    pub fn finish(&self) -> Finish {
        self.public.finish()
    }
    pub fn is_over(&self) -> bool {
        self.public.is_over()
    }
    /// Tiles each seat holds now.
    pub fn counts(&self) -> [u8; 4] {
        self.public.counts()
    }
    /// Tiles left in the boneyard (draw games).
    pub fn pile_count(&self) -> u8 {
        self.public.pile_count()
    }
    pub fn played(&self) -> TileSet {
        self.public.played()
    }
    pub fn played_by(&self, seat: u8) -> TileSet {
        self.public.played_by(seat)
    }
    /// Tiles `seat` is known not to hold now.
    pub fn excluded(&self, seat: u8) -> TileSet {
        if seat == self.seat {
            self.rules().set().minus(self.hand)
        } else {
            self.public.excluded(seat)
        }
    }
    /// Pips `seat` is known to lack (bit n: holds no tile showing n).
    pub fn void_pips(&self, seat: u8) -> u16 {
        let ex = self.excluded(seat);
        let unseen = self.unseen();
        (0..=self.rules().max_pip)
            .filter(|&n| TileSet::suit(n).inter(unseen).minus(ex).is_empty())
            .fold(0, |m, n| m | 1 << n)
    }
    /// Tiles this seat has not seen: other hands, boneyard and sleeping tiles.
    pub fn unseen(&self) -> TileSet {
        self.rules().set().minus(self.hand).minus(self.played())
    }
    pub fn context(&self) -> &MatchContext {
        &self.context
    }

    /// Own legal moves when this seat is to move (a forced draw as `Draw(None)`).
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::default();
        if self.is_over() || self.to_move() != self.seat {
            return out;
        }
        if let Some(t) = self.public.forced_lead() {
            out.push(Move::play(t, LEAD));
            return out;
        }
        let playable = self.public.playable(self.hand);
        push_plays(playable, self.public.raw_ends(), &mut out);
        if out.is_empty() {
            out.push(if self.rules().draw && self.pile_count() > 0 {
                Move::Draw(None)
            } else {
                Move::Pass
            });
        }
        out
    }

    /// The full state of a determinization: `hands` for every seat (own included) and the
    /// boneyard `pile`.
    pub fn determinize(&self, hands: [TileSet; 4], pile: TileSet) -> State {
        self.public.determinize(hands, pile)
    }

    /// Resolves written notation against the current ends.
    pub fn resolve(&self, spec: MoveSpec) -> Result<Move, MoveError> {
        self.public.resolve(spec)
    }

    /// Checks a written move as a reader would, the tile before the ends (a tile this seat
    /// cannot have played is named as such even when it fits no end), then applies it.
    pub fn apply_spec(&mut self, spec: MoveSpec) -> Result<Move, MoveError> {
        if self.is_over() {
            return Err(MoveError::RoundOver);
        }
        if let MoveSpec::Play { tile, .. } = spec
            && let Some(e) = self.tile_fault(tile)
        {
            return Err(e);
        }
        let mv = self.resolve(spec)?;
        self.apply(mv)?;
        Ok(mv)
    }

    /// What is wrong with the seat to move playing `tile`, judged on the tile alone.
    fn tile_fault(&self, tile: Tile) -> Option<MoveError> {
        let s = self.to_move();
        let own = s == self.seat;
        if !self.rules().set().contains(tile) {
            Some(MoveError::NotInSet(tile.to_string()))
        } else if self.played().contains(tile) {
            Some(MoveError::AlreadyPlayed(tile.to_string()))
        } else if own && !self.hand.contains(tile) {
            Some(MoveError::NotInHand {
                seat: s,
                tile: tile.to_string(),
            })
        } else if !own && self.hand.contains(tile) {
            Some(MoveError::OwnTile(tile.to_string()))
        } else if !own && self.public.excluded(s).contains(tile) {
            Some(MoveError::Inconsistent(
                "a seat played a tile it was known not to hold",
            ))
        } else {
            None
        }
    }

    /// Adds one move as this seat sees it, checking it against what this seat can know; on
    /// error nothing changes.
    pub fn apply(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::RoundOver);
        }
        let s = self.to_move();
        let own = s == self.seat;
        if let Move::Play { tile, .. } = mv
            && let Some(e) = self.tile_fault(tile)
        {
            return Err(e);
        }
        if let Some(e) = self.public.fault(mv) {
            return Err(e);
        }
        let void = self.public.void_revealed();
        match mv {
            Move::Play { tile, .. } => {
                if own {
                    self.hand.remove(tile);
                }
                if self.rules().draw {
                    self.events[s as usize].push(Event::Play(tile));
                }
            }
            Move::Pass => {
                if own && !self.public.playable(self.hand).is_empty() {
                    return Err(MoveError::PassWithPlayable);
                }
                if !own && self.rules().draw {
                    self.events[s as usize].push(Event::Void(void));
                }
            }
            Move::Draw(t) => {
                if own {
                    let Some(t) = t else {
                        return Err(MoveError::DrawNeedsTile);
                    };
                    if !self.public.playable(self.hand).is_empty() {
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
                    // the sampler checks the order of voids and draws exactly (`history_allows`)
                    self.events[s as usize].push(Event::Void(void));
                    self.events[s as usize].push(Event::Acquire);
                }
            }
        }
        self.public.apply(mv);
        self.history.push(mv);
        Ok(())
    }

    /// Whether `held` (the tiles `seat` holds now, in a sampled deal) is consistent with that
    /// seat's draws, voids and plays in a draw game: some assignment of its tiles to the deal
    /// and to its draws respects every void. (Always true without draws.)
    pub fn history_allows(&self, seat: u8, held: TileSet) -> bool {
        let events = &self.events[seat as usize];
        if !events.contains(&Event::Acquire) {
            return held.inter(self.public.excluded(seat)).is_empty();
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
                    self.rules().hand_size as u32
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
