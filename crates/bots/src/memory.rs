//! What the order of play has shown about each seat: the one reading of a round's history that
//! `counting` and the search's `read` rollout share.

use capicua_engine::{InfoSet, LEAD, Move, Public, State, TileSet};

/// What the order of play has shown about each seat, as `counting` reads it from a round's
/// history, kept move by move so that a rollout (whose `State` has no history) can read it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TableMemory {
    /// Tiles each seat is known not to hold (its passes).
    pub void: [TileSet; 4],
    /// Numbers each seat put on the table (bit n: the free half of one of its plays was n;
    /// both halves of a lead count): the numbers it likes.
    pub offered: [u16; 4],
}

impl TableMemory {
    /// What `info`'s history shows.
    pub fn of(info: &InfoSet) -> TableMemory {
        let public = info.public();
        let start = Public::new(info.rules(), info.first(), public.forced_lead_at_start());
        TableMemory::default().replay(start, info.history())
    }

    /// This memory of `root` followed by the moves of `path` from `root`.
    pub fn along(self, root: &InfoSet, path: &[Move]) -> TableMemory {
        self.replay(*root.public(), path)
    }

    /// Notes `moves` made from `public`, then takes the voids as the public record keeps them
    /// (exact where [`TableMemory::note`] forgets, after draws).
    fn replay(mut self, mut public: Public, moves: &[Move]) -> TableMemory {
        for &mv in moves {
            self.note_at(public.to_move(), public.void_revealed(), mv);
            public.apply(mv);
        }
        self.void = std::array::from_fn(|q| public.excluded(q as u8));
        self
    }

    /// Notes `mv`, about to be made in `state` by its seat to move.
    #[inline]
    pub fn note(&mut self, state: &State, mv: Move) {
        self.note_at(state.to_move, state.void_revealed(), mv);
    }

    /// Notes `mv` made by `seat`, where a pass shows the seat holds none of `revealed`. A draw
    /// brings an unknown tile, so the seat's voids are forgotten.
    #[inline]
    fn note_at(&mut self, seat: u8, revealed: TileSet, mv: Move) {
        let s = seat as usize;
        match mv {
            Move::Play { tile, end } => {
                self.offered[s] |= if end == LEAD {
                    1 << tile.high() | 1 << tile.low()
                } else {
                    1 << tile.other(end)
                };
            }
            Move::Pass => self.void[s] = self.void[s].union(revealed),
            Move::Draw(_) => self.void[s] = TileSet::EMPTY,
        }
    }
}
