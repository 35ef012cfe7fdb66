//! Playout policies: how a simulated round is finished from a leaf. All run on the engine's
//! `State` (Copy, on the stack) and allocate nothing.

use capicua_bots::{CountingWeights, p_holds_none};
use capicua_engine::tiles::{DOUBLES, SUITS};
use capicua_engine::{LEAD, Move, Rng, Rules, State, Tile, TileSet};

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
    /// [`club_move`]: a cheap reading of the table in `counting`'s terms.
    Club,
}

impl RolloutPolicy {
    pub fn name(self) -> &'static str {
        match self {
            RolloutPolicy::Random => "random",
            RolloutPolicy::Heuristic => "heuristic",
            RolloutPolicy::Heavy => "heavy",
            RolloutPolicy::Club => "club",
        }
    }

    pub fn from_name(name: &str) -> Option<RolloutPolicy> {
        [
            RolloutPolicy::Random,
            RolloutPolicy::Heuristic,
            RolloutPolicy::Heavy,
            RolloutPolicy::Club,
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
pub fn playout(state: &mut State, policy: RolloutPolicy, rules: &Rules, rng: &mut Rng) {
    match policy {
        RolloutPolicy::Random => state.random_playout(rng),
        RolloutPolicy::Heuristic => {
            while !state.is_over() {
                let mv = heuristic_move(state, rng);
                state.apply(mv);
            }
        }
        RolloutPolicy::Heavy => capicua_bots::heavy_playout(state, rng),
        RolloutPolicy::Club => {
            let weights = CountingWeights::default();
            while !state.is_over() {
                let mv = club_move(state, rules, &weights, rng);
                state.apply(mv);
            }
        }
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
    let mut best = (i32::MIN, Move::Pass);
    for_each_play(state, playable, |tile, end, (x, y)| {
        let keep = hand.minus(TileSet(tile.bit()));
        let open = SUITS[x as usize].union(SUITS[y as usize]);
        let score = 2 * tile.pips() as i32
            + if DOUBLES.contains(tile) { 6 } else { 0 }
            + 4 * keep.inter(open).len() as i32;
        if score > best.0 {
            best = (score, Move::play(tile, end));
        }
    });
    best.1
}

/// `counting`'s main terms, read from what the seat to move can know in a rollout's state:
/// its own game (pips, heavier as the round ages; doubles; its tiles that follow the ends
/// left, up to three; the numbers it keeps) and the chance that each other seat holds nothing
/// for the ends left, from the tiles not on the table and not in its hand and the seat's tile
/// count (the next opponent should pass, more so when it is close to domino; the partner
/// should not), each weighed by `w` as `counting` weighs it. What `counting` reads from the order of play (the numbers each seat offered, the voids its passes
/// showed) and its block valuation are left out, since a rollout's state keeps no history
/// and must stay cheap. One move in [`HEURISTIC_RANDOM_ONE_IN`] is random, as in
/// [`heuristic_move`].
pub fn club_move(state: &State, rules: &Rules, w: &CountingWeights, rng: &mut Rng) -> Move {
    let me = state.to_move;
    let hand = state.hands[me as usize];
    let playable = state.playable(hand);
    if playable.is_empty() || rng.below(HEURISTIC_RANDOM_ONE_IN) == 0 {
        return state.random_move(rng);
    }
    let n = state.players;
    let set = rules.set();
    let dealt = (n as u32 * rules.hand_size as u32).max(1);
    let phase = ((set.len() - state.out.len()) as f64 / dealt as f64).min(1.0);
    let partner = rules.partners.then_some((me + 2) % n);
    let next = (me + 1) % n;
    let pool = state.out.minus(hand);
    let mut best = (f64::NEG_INFINITY, Move::Pass);
    for_each_play(state, playable, |tile, end, (x, y)| {
        let rest = hand.minus(TileSet(tile.bit()));
        let mv = Move::play(tile, end);
        if rest.is_empty() {
            best = (f64::INFINITY, mv);
            return;
        }
        let fits = SUITS[x as usize].union(SUITS[y as usize]);
        let mut s = tile.pips() as f64 * (w.pips + w.pips_late * phase);
        if DOUBLES.contains(tile) {
            s += w.double;
        }
        s += w.mine * rest.inter(fits).len().min(3) as f64;
        let variety = (0..=rules.max_pip)
            .filter(|&v| !rest.inter(SUITS[v as usize]).is_empty())
            .count();
        s += w.variety * variety as f64;
        let (free, k) = (pool.len(), pool.inter(fits).len());
        for q in (0..n).filter(|&q| q != me) {
            let c = state.hands[q as usize].len();
            let p = p_holds_none(free, k, c);
            if Some(q) == partner {
                s -= w.pass_partner * p;
            } else {
                let weight = if q == next { w.pass_next } else { w.pass_other };
                s += weight * (1.0 + w.threat / c.max(1) as f64) * p;
            }
        }
        if s > best.0 {
            best = (s, mv);
        }
    });
    best.1
}

/// Calls `f(tile, end, ends after)` for every way of putting a tile of `playable` (all of
/// which fit `state`'s ends) on the table.
#[inline]
fn for_each_play(state: &State, playable: TileSet, mut f: impl FnMut(Tile, u8, (u8, u8))) {
    let (l, r) = (state.ends[0], state.ends[1]);
    for t in playable.iter() {
        if l == LEAD {
            f(t, LEAD, (t.high(), t.low()));
            continue;
        }
        if t.has(l) {
            f(t, l, (t.other(l), r));
        }
        if t.has(r) && r != l {
            f(t, r, (l, t.other(r)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::{Deal, MoveList, Rules};

    #[test]
    fn greedy_moves_are_legal_and_finish_rounds() {
        let weights = CountingWeights::default();
        type Choose<'a> = &'a dyn Fn(&State, &Rules, &mut Rng) -> Move;
        let policies: [(&str, Choose); 2] = [
            ("heuristic", &|st, _, rng| heuristic_move(st, rng)),
            ("club", &|st, rules, rng| {
                club_move(st, rules, &weights, rng)
            }),
        ];
        for variant in [
            "cuban",
            "cutthroat-3",
            "cutthroat-4",
            "lankford-2",
            "chiva-3",
        ] {
            for (name, choose) in policies {
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
                        let mv = choose(&st, &rules, &mut rng);
                        st.legal_moves(&mut legal);
                        let ok = match mv {
                            Move::Draw(Some(t)) => {
                                legal.contains(Move::Draw(None)) && st.pile.contains(t)
                            }
                            m => legal.contains(m),
                        };
                        assert!(ok, "{variant}, {name}: {mv} not legal");
                        st.apply(mv);
                    }
                }
            }
        }
    }

    /// Late in a round, two plays equal in pips, doubles, followers and variety: one leaves
    /// ends that no tile still out fits (every other seat must pass), the other ends that one
    /// of the three tiles out fits. `club` shuts the table; the heuristic cannot tell them
    /// apart and takes the first.
    #[test]
    fn club_makes_the_next_seat_pass() {
        let rules = Rules::cuban();
        let t = |a, b| TileSet(Tile::new(a, b).bit());
        let hands = [t(5, 4).union(t(6, 3)), t(6, 6), t(0, 0), t(1, 1)];
        let mut st = State::new(&rules, hands, TileSet::EMPTY, 0);
        st.out = hands.iter().fold(TileSet::EMPTY, |a, h| a.union(*h));
        st.ends = [5, 6];
        let shut = Move::play(Tile::new(6, 3), 6);
        let mut rng = Rng::new(3);
        let club = (0..800)
            .filter(|_| club_move(&st, &rules, &CountingWeights::default(), &mut rng) == shut)
            .count();
        let heuristic = (0..800)
            .filter(|_| heuristic_move(&st, &mut rng) == shut)
            .count();
        // greedy 7 times in 8, and a third of the random moves
        assert!(club > 680, "{club}");
        assert!(heuristic < 120, "{heuristic}");
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
