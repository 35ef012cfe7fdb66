//! Move ordering: alpha-beta cuts sooner the earlier it meets the best move, so the moves a
//! strong player would try first go first. The table's move leads; then moves that make the
//! next opponent pass (a pass costs the opponents a turn and often the round), heavy tiles
//! (the pips left in hand are what a block or a domino by the other side scores), doubles
//! (they fit one number only and are the usual tiles to be stuck with), and tiles that cut
//! off moves in the history of earlier cutoffs.

use capicua_engine::{Move, State};

/// Learned cutoff counts per seat and packed move, aged between searches.
pub struct History {
    counts: [[u32; 112]; 4],
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

impl History {
    pub fn new() -> History {
        History {
            counts: [[0; 112]; 4],
        }
    }

    pub fn clear(&mut self) {
        self.counts = [[0; 112]; 4];
    }

    /// A move that cut off a subtree with `work` tiles still in the hands: big subtrees count
    /// more, their cutoffs save more.
    #[inline]
    pub fn reward(&mut self, seat: u8, packed: u8, work: u32) {
        let c = &mut self.counts[seat as usize][packed as usize];
        *c = c.saturating_add(work * work);
    }

    #[inline]
    fn get(&self, seat: u8, packed: u8) -> u32 {
        self.counts[seat as usize][packed as usize]
    }
}

/// The ordering score of `mv` (applied to `parent`, giving `child`); higher goes first.
/// `same_team[s]` says whether seat `s` plays with the mover.
#[inline]
pub fn score(
    parent: &State,
    child: &State,
    mv: Move,
    packed: u8,
    same_team: impl Fn(u8) -> bool,
    history: &History,
) -> i32 {
    let Move::Play { tile, .. } = mv else {
        return 0;
    };
    let mut s: i32 = 0;
    if !child.is_over() {
        let next = child.to_move;
        let stuck = child.playable(child.hands[next as usize]).is_empty();
        if stuck {
            s += if same_team(next) { -400 } else { 400 };
        }
    }
    s += tile.pips() as i32 * 10;
    if tile.is_double() {
        s += 60;
    }
    // the heuristics first, the history between moves they rate alike
    s * (1 << 20) + history.get(parent.to_move, packed).min((1 << 20) - 1) as i32
}
