//! Playout policies: how a simulated round is finished from a leaf. All run on the engine's
//! `State` (Copy, on the stack) and allocate nothing.

use capicua_bots::{CountingWeights, TableMemory, p_holds_none};
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
    /// [`club_move`] with a [`TableMemory`]: `Club` plus what the order of play showed since
    /// the start of the round (the voids of each seat's passes, the numbers it offered).
    Read,
}

impl RolloutPolicy {
    pub fn name(self) -> &'static str {
        match self {
            RolloutPolicy::Random => "random",
            RolloutPolicy::Heuristic => "heuristic",
            RolloutPolicy::Heavy => "heavy",
            RolloutPolicy::Club => "club",
            RolloutPolicy::Read => "read",
        }
    }

    pub fn from_name(name: &str) -> Option<RolloutPolicy> {
        [
            RolloutPolicy::Random,
            RolloutPolicy::Heuristic,
            RolloutPolicy::Heavy,
            RolloutPolicy::Club,
            RolloutPolicy::Read,
        ]
        .into_iter()
        .find(|p| p.name() == name)
    }
}

/// The heuristic and club policies play a uniformly random move once in this many moves (by
/// default; `SearchConfig::rollout_random`), so that rollouts from one leaf do not all follow
/// the same line.
pub const HEURISTIC_RANDOM_ONE_IN: u32 = 8;

/// Whether a rollout's move is the random one of `one_in` (0: never, so the policy alone
/// plays; the random number is drawn only when `one_in` is not 0, so the default draws as it
/// always did).
#[inline]
fn random_now(rng: &mut Rng, one_in: u32) -> bool {
    one_in != 0 && rng.below(one_in) == 0
}

/// Plays `state` to the end of the round with `policy`. `memory` is what the round's order of
/// play showed before `state` (only `Read` uses it, and notes the rollout's moves in it).
/// `random_one_in`: the heuristic and club policies play a random move once in this many
/// moves (0: never; [`HEURISTIC_RANDOM_ONE_IN`] by default).
#[inline]
pub fn playout(
    state: &mut State,
    policy: RolloutPolicy,
    rules: &Rules,
    memory: &mut TableMemory,
    random_one_in: u32,
    rng: &mut Rng,
) {
    match policy {
        RolloutPolicy::Random => state.random_playout(rng),
        RolloutPolicy::Heuristic => {
            while !state.is_over() {
                let mv = heuristic_move(state, random_one_in, rng);
                state.apply(mv);
            }
        }
        RolloutPolicy::Heavy => capicua_bots::heavy_playout(state, rng),
        RolloutPolicy::Club | RolloutPolicy::Read => {
            let weights = CountingWeights::default();
            let read = policy == RolloutPolicy::Read;
            while !state.is_over() {
                let mv = club_move(
                    state,
                    rules,
                    &weights,
                    read.then_some(&*memory),
                    random_one_in,
                    rng,
                );
                if read {
                    memory.note(state, mv);
                }
                state.apply(mv);
            }
        }
    }
}

/// A cheap greedy move for rollouts: among the plays of the seat to move, the one maximizing
/// `2 * pips + 6 * double + 4 * followers`, where `followers` counts the tiles the seat keeps
/// that match an open end after the play (so it can play again next turn). Draws take a
/// random boneyard tile, as in the random policy. One move in `random_one_in` is random (0:
/// none).
#[inline]
pub fn heuristic_move(state: &State, random_one_in: u32, rng: &mut Rng) -> Move {
    let hand = state.hands[state.to_move as usize];
    let playable = state.playable(hand);
    if playable.is_empty() || random_now(rng, random_one_in) {
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
/// should not), each weighed by `w` as `counting` weighs it. With a `memory` of the order of
/// play, the tiles a seat is known not to hold are left out of its chances, and
/// `counting`'s partnership terms are added (feed the numbers the partner offered and do not
/// cover them; cover the opponents' and do not feed them). `counting`'s block valuation is
/// left out: a rollout must stay cheap. One move in `random_one_in` is random (0: none), as in
/// [`heuristic_move`].
pub fn club_move(
    state: &State,
    rules: &Rules,
    w: &CountingWeights,
    memory: Option<&TableMemory>,
    random_one_in: u32,
    rng: &mut Rng,
) -> Move {
    let me = state.to_move;
    let hand = state.hands[me as usize];
    let playable = state.playable(hand);
    if playable.is_empty() || random_now(rng, random_one_in) {
        return state.random_move(rng);
    }
    let n = state.players;
    let set = rules.set();
    let dealt = (n as u32 * rules.hand_size as u32).max(1);
    let phase = ((set.len() - state.out.len()) as f64 / dealt as f64).min(1.0);
    let partner = rules.partners.then_some((me + 2) % n);
    let next = (me + 1) % n;
    let pool = state.out.minus(hand);
    // the tiles each other seat may hold, and whether it offered a number it may still hold
    let avail: [TileSet; 4] =
        std::array::from_fn(|q| memory.map_or(pool, |m| pool.minus(m.void[q])));
    let likes = |q: u8, v: u8| {
        memory.is_some_and(|m| {
            m.offered[q as usize] & 1 << v != 0
                && !avail[q as usize].inter(SUITS[v as usize]).is_empty()
        })
    };
    // a single way to play needs no scoring (scores only rank the plays)
    let mut plays = 0;
    let mut only = Move::Pass;
    for_each_play(state, playable, |tile, end, _| {
        plays += 1;
        only = Move::play(tile, end);
    });
    if plays == 1 {
        return only;
    }
    // What every candidate play shares, computed once a move: the numbers the hand holds (a
    // play gives up a number it holds one tile of), and for each other seat its pool size,
    // tile count and the weight of its passing.
    let numbers_held = SUITS.iter().filter(|&&s| !hand.inter(s).is_empty()).count();
    // in seat order, as the sum of their terms always ran
    let others: [(u8, u32, u32, f64); 3] = std::array::from_fn(|i| {
        let q = if (i as u8) < me { i as u8 } else { i as u8 + 1 };
        let c = state.hands[q as usize].len();
        let pass_weight = if Some(q) == partner {
            -w.pass_partner
        } else {
            let weight = if q == next { w.pass_next } else { w.pass_other };
            weight * (1.0 + w.threat / c.max(1) as f64)
        };
        (q, avail[q as usize].len(), c, pass_weight)
    });
    let others = &others[..(n as usize - 1).min(3)];
    let per_pip = w.pips + w.pips_late * phase;
    let mut best = (f64::NEG_INFINITY, Move::Pass);
    for_each_play(state, playable, |tile, end, (x, y)| {
        let rest = hand.minus(TileSet(tile.bit()));
        let mv = Move::play(tile, end);
        if rest.is_empty() {
            best = (f64::INFINITY, mv);
            return;
        }
        let fits = SUITS[x as usize].union(SUITS[y as usize]);
        let mut s = tile.pips() as f64 * per_pip;
        if DOUBLES.contains(tile) {
            s += w.double;
        }
        s += w.mine * rest.inter(fits).len().min(3) as f64;
        let (hi, lo) = (tile.high(), tile.low());
        let last_of = |v: u8| hand.inter(SUITS[v as usize]).len() == 1;
        let variety =
            numbers_held - usize::from(last_of(hi)) - usize::from(lo != hi && last_of(lo));
        s += w.variety * variety as f64;
        for &(q, pool, c, pass_weight) in others {
            let p = p_holds_none(pool, avail[q as usize].inter(fits).len(), c);
            // the partner's term is subtracted: `-(a * p)` is `(-a) * p`, bit for bit
            s += pass_weight * p;
        }
        if memory.is_some() {
            // the end covered, unless the play leaves its number open
            let lost = (end != LEAD && x != end && y != end).then_some(end);
            for q in (0..n).filter(|&q| q != me) {
                let mate = Some(q) == partner;
                if lost.is_some_and(|e| likes(q, e)) {
                    s += if mate { -w.kill_partner } else { w.kill_opp };
                }
                for v in if x == y { [x, LEAD] } else { [x, y] } {
                    if v != LEAD && likes(q, v) {
                        s += if mate { w.feed_partner } else { -w.feed_opp };
                    }
                }
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
    use capicua_engine::{Deal, MoveList, Round, Rules};

    #[test]
    fn greedy_moves_are_legal_and_finish_rounds() {
        let weights = CountingWeights::default();
        type Choose<'a> = &'a dyn Fn(&State, &Rules, &mut Rng) -> Move;
        let policies: [(&str, Choose); 3] = [
            ("heuristic", &|st, _, rng| {
                heuristic_move(st, HEURISTIC_RANDOM_ONE_IN, rng)
            }),
            ("club", &|st, rules, rng| {
                club_move(st, rules, &weights, None, HEURISTIC_RANDOM_ONE_IN, rng)
            }),
            ("read", &|st, rules, rng| {
                // a memory that rules out tiles the seats hold must not lead to illegal moves
                let memory = TableMemory {
                    void: st.hands,
                    offered: [0x3ff; 4],
                };
                club_move(
                    st,
                    rules,
                    &weights,
                    Some(&memory),
                    HEURISTIC_RANDOM_ONE_IN,
                    rng,
                )
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

    /// The position of [`club_makes_the_next_seat_pass`], with the play that shuts the table.
    fn shutting_position() -> (Rules, State, Move) {
        let rules = Rules::cuban();
        let t = |a, b| TileSet(Tile::new(a, b).bit());
        let hands = [t(5, 4).union(t(6, 3)), t(6, 6), t(0, 0), t(1, 1)];
        let mut st = State::new(&rules, hands, TileSet::EMPTY, 0);
        st.out = hands.iter().fold(TileSet::EMPTY, |a, h| a.union(*h));
        st.ends = [5, 6];
        (rules, st, Move::play(Tile::new(6, 3), 6))
    }

    /// Late in a round, two plays equal in pips, doubles, followers and variety: one leaves
    /// ends that no tile still out fits (every other seat must pass), the other ends that one
    /// of the three tiles out fits. `club` shuts the table; the heuristic cannot tell them
    /// apart and takes the first.
    #[test]
    fn club_makes_the_next_seat_pass() {
        let (rules, st, shut) = shutting_position();
        let mut rng = Rng::new(3);
        let club = (0..800)
            .filter(|_| {
                club_move(
                    &st,
                    &rules,
                    &CountingWeights::default(),
                    None,
                    HEURISTIC_RANDOM_ONE_IN,
                    &mut rng,
                ) == shut
            })
            .count();
        let heuristic = (0..800)
            .filter(|_| heuristic_move(&st, HEURISTIC_RANDOM_ONE_IN, &mut rng) == shut)
            .count();
        // greedy 7 times in 8, and a third of the random moves
        assert!(club > 680, "{club}");
        assert!(heuristic < 120, "{heuristic}");
    }

    /// With no random moves (`random_one_in` 0) both greedy policies always make their scored
    /// play, and one in one is always random.
    #[test]
    fn random_share_of_rollout_moves() {
        let (rules, st, shut) = shutting_position();
        let w = CountingWeights::default();
        let mut rng = Rng::new(3);
        for _ in 0..400 {
            assert_eq!(club_move(&st, &rules, &w, None, 0, &mut rng), shut);
        }
        let greedy = heuristic_move(&st, 0, &mut rng);
        for _ in 0..400 {
            assert_eq!(heuristic_move(&st, 0, &mut rng), greedy);
        }
        let club = (0..800)
            .filter(|_| club_move(&st, &rules, &w, None, 1, &mut rng) == shut)
            .count();
        // every move random: about a third of them the shutting play
        assert!((150..400).contains(&club), "{club}");
    }

    /// The memory of a round's history is the same whether it is read from an information
    /// set, carried from an earlier one along the moves since, or noted move by move on the
    /// state (in a game without draws, where noting forgets nothing).
    #[test]
    fn table_memory_follows_the_round() {
        let rules = Rules::cuban();
        let mut rng = Rng::new(11);
        let mut passes = 0;
        for _ in 0..100 {
            let deal = Deal::random(&rules, &mut rng);
            let mut round = Round::new(&rules, deal, rng.below(4) as u8, None).unwrap();
            let start = round.infoset(round.to_move());
            let mut noted = TableMemory::of(&start);
            assert_eq!(noted, TableMemory::default());
            let weights = CountingWeights::default();
            while !round.is_over() {
                let st = *round.state();
                let mv = club_move(
                    &st,
                    &rules,
                    &weights,
                    None,
                    HEURISTIC_RANDOM_ONE_IN,
                    &mut rng,
                );
                noted.note(&st, mv);
                passes += (mv == Move::Pass) as u32;
                round.play(mv).unwrap();
                let info = round.infoset(rng.below(4) as u8);
                let read = TableMemory::of(&info);
                assert_eq!(read, noted);
                let carried = TableMemory::of(&start).along(&start, round.history());
                assert_eq!(carried, read);
                for q in 0..4u8 {
                    assert!(
                        read.void[q as usize]
                            .inter(round.state().hands[q as usize])
                            .is_empty()
                    );
                }
            }
        }
        assert!(passes > 100, "{passes}");
    }

    /// Two plays alike in every `club` term but a pip: 8-2 leaves an 8 and 7-2 a 7 for the
    /// next seat, which has passed on a 7. `club` sheds the heavier tile; `read` knows the
    /// next seat must pass on the 7.
    #[test]
    fn read_uses_the_voids_the_passes_showed() {
        let rules = Rules::cuban();
        let t = |a, b| TileSet(Tile::new(a, b).bit());
        let hands = [
            t(7, 2).union(t(8, 2)).union(t(0, 0)),
            t(1, 1).union(t(4, 3)).union(t(3, 3)),
            t(4, 4).union(t(5, 5)).union(t(6, 6)),
            t(8, 3).union(t(9, 9)).union(t(1, 0)),
        ];
        let mut st = State::new(&rules, hands, TileSet::EMPTY, 0);
        st.out = rules.set();
        st.ends = [2, 2];
        let leave_seven = Move::play(Tile::new(7, 2), 2);
        let mut memory = TableMemory::default();
        memory.void[1] = SUITS[7];
        let w = CountingWeights::default();
        let mut rng = Rng::new(4);
        let mut count = |m: Option<&TableMemory>| {
            (0..800)
                .filter(|_| {
                    club_move(&st, &rules, &w, m, HEURISTIC_RANDOM_ONE_IN, &mut rng) == leave_seven
                })
                .count()
        };
        let (read, club) = (count(Some(&memory)), count(None));
        // greedy 7 times in 8, and half the random moves
        assert!(read > 680, "{read}");
        assert!(club < 120, "{club}");
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
            .filter(|_| {
                heuristic_move(&st, HEURISTIC_RANDOM_ONE_IN, &mut rng)
                    == Move::play(Tile::new(9, 9), LEAD)
            })
            .count();
        // greedy 7 times in 8, and half the random moves
        assert!(picks > 320, "{picks}");
    }
}
