//! `heavy` ("bota gorda"): always play the heaviest tile that fits, a double first among
//! equally heavy tiles. What casual players and most domino apps do: it sheds points fast
//! and ignores everything else on the table.
//!
//! [`heavy_move`] is the same policy on a perfect-information [`State`], allocation-free, for
//! search playouts.

use capicua_engine::{InfoSet, LEAD, Move, Player, Rng, State, Tile, TileSet};

/// Plays its heaviest playable tile; doubles before other tiles of the same weight; ties
/// between equally heavy tiles, and between the two ends a tile fits, are broken at random.
#[derive(Clone, Debug)]
pub struct HeavyPlayer {
    rng: Rng,
}

impl HeavyPlayer {
    pub fn new(seed: u64) -> HeavyPlayer {
        HeavyPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for HeavyPlayer {
    fn name(&self) -> String {
        "heavy".into()
    }

    fn choose(&mut self, info: &InfoSet) -> Move {
        let legal = info.legal_moves();
        let ends = match info.ends() {
            Some((l, r)) => [l, r],
            None => [LEAD, LEAD],
        };
        let playable: TileSet = legal.iter().filter_map(|m| m.tile()).collect();
        match heaviest_play(playable, ends, &mut self.rng) {
            Some(mv) => mv,
            // no tile fits: the only legal move is a pass or a draw
            None => legal[0],
        }
    }
}

/// The heavy policy for the seat to move in a perfect-information `state`: the heaviest
/// playable tile (doubles first on ties), or a draw of a random boneyard tile, or a pass.
/// No allocation; meant for search playouts.
#[inline]
pub fn heavy_move(state: &State, rng: &mut Rng) -> Move {
    let hand = state.hands[state.to_move as usize];
    let playable = state.playable(hand);
    if let Some(mv) = heaviest_play(playable, state.ends, rng) {
        return mv;
    }
    if state.draw && !state.pile.is_empty() {
        return Move::Draw(Some(state.pile.nth(rng.below(state.pile.len()))));
    }
    Move::Pass
}

/// Plays [`heavy_move`] for every seat until the round is over.
#[inline]
pub fn heavy_playout(state: &mut State, rng: &mut Rng) {
    while !state.is_over() {
        let mv = heavy_move(state, rng);
        state.apply(mv);
    }
}

/// The heaviest of `playable` (all of which fit `ends`) with its end, ties at random.
#[inline]
fn heaviest_play(playable: TileSet, ends: [u8; 2], rng: &mut Rng) -> Option<Move> {
    let mut best: Option<Tile> = None;
    let mut best_key = 0u32;
    let mut ties = 0u32;
    for t in playable.iter() {
        let key = 2 * t.pips() + t.is_double() as u32;
        if best.is_none() || key > best_key {
            best = Some(t);
            best_key = key;
            ties = 1;
        } else if key == best_key {
            // reservoir sampling keeps each tied tile with equal probability
            ties += 1;
            if rng.below(ties) == 0 {
                best = Some(t);
            }
        }
    }
    let tile = best?;
    let [l, r] = ends;
    let end = if l == LEAD {
        LEAD
    } else if tile.has(l) && tile.has(r) && l != r {
        if rng.below(2) == 0 { l } else { r }
    } else if tile.has(l) {
        l
    } else {
        r
    };
    Some(Move::play(tile, end))
}
