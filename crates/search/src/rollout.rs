//! Playout policies: how a simulated round is finished from a leaf. Both run on the engine's
//! `State` (Copy, on the stack) and allocate nothing.

use capicua_engine::tiles::{DOUBLES, SUITS};
use capicua_engine::{LEAD, Move, Rng, State, Tile, TileSet};

/// How rollouts choose moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RolloutPolicy {
    /// Uniformly random legal moves (the engine's `random_playout`).
    #[default]
    Random,
    /// [`heuristic_move`]: heavy tiles and doubles first, keeping tiles that follow the new
    /// ends, with one move in [`HEURISTIC_RANDOM_ONE_IN`] random.
    Heuristic,
    /// The `heavy` bot's policy (`capicua_bots::heavy_move`): always the heaviest tile, random
    /// only among equals.
    Heavy,
}

impl RolloutPolicy {
    pub fn name(self) -> &'static str {
        match self {
            RolloutPolicy::Random => "random",
            RolloutPolicy::Heuristic => "heuristic",
            RolloutPolicy::Heavy => "heavy",
        }
    }

    pub fn from_name(name: &str) -> Option<RolloutPolicy> {
        [
            RolloutPolicy::Random,
            RolloutPolicy::Heuristic,
            RolloutPolicy::Heavy,
        ]
        .into_iter()
        .find(|p| p.name() == name)
    }
}

/// The heuristic policy plays a uniformly random move once in this many moves, so that
/// rollouts from one leaf do not all follow the same line.
pub const HEURISTIC_RANDOM_ONE_IN: u32 = 8;

/// Plays `state` to the end of the round with `policy`.
#[inline]
pub fn playout(state: &mut State, policy: RolloutPolicy, rng: &mut Rng) {
    match policy {
        RolloutPolicy::Random => state.random_playout(rng),
        RolloutPolicy::Heuristic => {
            while !state.is_over() {
                let mv = heuristic_move(state, rng);
                state.apply(mv);
            }
        }
        RolloutPolicy::Heavy => capicua_bots::heavy_playout(state, rng),
    }
}

/// A cheap greedy move for rollouts: among the plays of the seat to move, the one maximizing
/// `2 * pips + 6 * double + 4 * followers`, where `followers` counts the tiles the seat keeps
/// that match an open end after the play (so it can play again next turn). Draws take a
/// random boneyard tile, as in the random policy.
#[inline]
pub fn heuristic_move(state: &State, rng: &mut Rng) -> Move {
    let hand = state.hands[state.to_move as usize];
    let playable = state.playable(hand);
    if playable.is_empty() || rng.below(HEURISTIC_RANDOM_ONE_IN) == 0 {
        return state.random_move(rng);
    }
    let (l, r) = (state.ends[0], state.ends[1]);
    let mut best = (i32::MIN, Move::Pass);
    let mut consider = |tile: Tile, end: u8, open: TileSet| {
        let keep = hand.minus(TileSet(tile.bit()));
        let score = 2 * tile.pips() as i32
            + if DOUBLES.contains(tile) { 6 } else { 0 }
            + 4 * keep.inter(open).len() as i32;
        if score > best.0 {
            best = (score, Move::play(tile, end));
        }
    };
    for t in playable.iter() {
        if l == LEAD {
            consider(
                t,
                LEAD,
                SUITS[t.high() as usize].union(SUITS[t.low() as usize]),
            );
            continue;
        }
        if t.has(l) {
            consider(t, l, SUITS[t.other(l) as usize].union(SUITS[r as usize]));
        }
        if t.has(r) && r != l {
            consider(t, r, SUITS[l as usize].union(SUITS[t.other(r) as usize]));
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::{Deal, MoveList, Rules};

    #[test]
    fn heuristic_moves_are_legal_and_finish_rounds() {
        for variant in ["cuban", "cutthroat-3", "lankford-2", "chiva-3"] {
            let rules = Rules::preset(variant).unwrap();
            let mut rng = Rng::new(5);
            for _ in 0..200 {
                let deal = Deal::random(&rules, &mut rng);
                let pile: TileSet = deal.pile.iter().copied().collect();
                let mut st = State::new(
                    &rules,
                    deal.hands,
                    pile,
                    rng.below(rules.players as u32) as u8,
                );
                let mut legal = MoveList::default();
                while !st.is_over() {
                    let mv = heuristic_move(&st, &mut rng);
                    st.legal_moves(&mut legal);
                    let ok = match mv {
                        Move::Draw(Some(t)) => {
                            legal.contains(Move::Draw(None)) && st.pile.contains(t)
                        }
                        m => legal.contains(m),
                    };
                    assert!(ok, "{variant}: {mv} not legal");
                    st.apply(mv);
                }
            }
        }
    }

    #[test]
    fn heuristic_prefers_heavy_doubles() {
        let rules = Rules::cuban();
        let hand: TileSet = [Tile::new(9, 9), Tile::new(1, 0)].into_iter().collect();
        let st = State::new(
            &rules,
            [hand, TileSet::EMPTY, TileSet::EMPTY, TileSet::EMPTY],
            TileSet::EMPTY,
            0,
        );
        let mut rng = Rng::new(1);
        let picks = (0..400)
            .filter(|_| heuristic_move(&st, &mut rng) == Move::play(Tile::new(9, 9), LEAD))
            .count();
        // greedy 7 times in 8, and half the random moves
        assert!(picks > 320, "{picks}");
    }
}
