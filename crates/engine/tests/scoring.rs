//! One test per scoring rule of the presets, built from the examples of the rule pages.

use capicua_engine::tiles::TileSet;
use capicua_engine::variant::{BlockTie, BlockWinner, Scoring};
use capicua_engine::{EndKind, Finish, Lead, MatchScore, Move, RoundResult, Rules, State, Tile};

fn set(tiles: &[(u8, u8)]) -> TileSet {
    tiles.iter().map(|&(a, b)| Tile::new(a, b)).collect()
}

/// A state in mid-round: given hands, open ends, and every tile not in a hand marked played
/// except `sleeping`.
fn mid_round(
    rules: &Rules,
    hands: [TileSet; 4],
    ends: (u8, u8),
    to_move: u8,
    sleeping: TileSet,
) -> State {
    let mut st = State::new(rules, hands, TileSet::EMPTY, to_move);
    st.ends = [ends.0, ends.1];
    let held = hands.iter().fold(TileSet::EMPTY, |a, h| a.union(*h));
    st.out = held.union(sleeping);
    st
}

fn blocked(rules: &Rules, hands: [TileSet; 4]) -> State {
    let mut st = State::new(rules, hands, TileSet::EMPTY, 0);
    st.finish = Finish::Blocked;
    st
}

#[test]
fn jamaican_key_bone_scores_two() {
    let rules = Rules::preset("jamaican").unwrap();
    // Ends 5 and 3 are hard: every other 5 and 3 is on the table; 5-3 is the key bone.
    let hands = [
        set(&[(5, 3)]),
        set(&[(6, 6), (1, 0)]),
        set(&[(2, 2)]),
        set(&[(4, 1)]),
    ];
    let mut st = mid_round(&rules, hands, (5, 3), 0, TileSet::EMPTY);
    st.apply(Move::play(Tile::new(5, 3), 5));
    let res = RoundResult::of(&rules, &st, 0).unwrap();
    assert!(res.key_bone);
    assert_eq!(res.points(&rules, 0), 2);

    // The same last tile when another 3 is still out (3-2 in a hand) is not a key bone.
    let hands = [
        set(&[(5, 3)]),
        set(&[(6, 6), (3, 2)]),
        set(&[(2, 2)]),
        set(&[(4, 1)]),
    ];
    let mut st = mid_round(&rules, hands, (5, 3), 0, TileSet::EMPTY);
    st.apply(Move::play(Tile::new(5, 3), 5));
    let res = RoundResult::of(&rules, &st, 0).unwrap();
    assert!(!res.key_bone);
    assert_eq!(res.points(&rules, 0), 1);

    // A double as the only playable tile, both ends matching it, scores the usual one point.
    let hands = [
        set(&[(4, 4)]),
        set(&[(6, 6)]),
        set(&[(2, 2)]),
        set(&[(1, 1)]),
    ];
    let mut st = mid_round(&rules, hands, (4, 4), 0, TileSet::EMPTY);
    st.apply(Move::play(Tile::new(4, 4), 4));
    let res = RoundResult::of(&rules, &st, 0).unwrap();
    assert!(!res.key_bone);
    assert_eq!(res.points(&rules, 0), 1);
}

#[test]
fn haitian_dekabes_and_tied_block_bonus() {
    let rules = Rules::preset("haitian").unwrap();
    // Dekabes: the last tile, not a double, matches both open ends (no hard ends needed).
    let hands = [
        set(&[(6, 2)]),
        set(&[(6, 6), (2, 1)]),
        set(&[(2, 2)]),
        set(&[(6, 1)]),
    ];
    let mut st = mid_round(&rules, hands, (6, 2), 0, TileSet::EMPTY);
    st.apply(Move::play(Tile::new(6, 2), 2));
    let res = RoundResult::of(&rules, &st, 0).unwrap();
    assert!(res.dekabes && !res.key_bone);
    assert_eq!(res.points(&rules, 0), 2);
    // After a tied block: 4 for a Dekabes (3 where that is the rule), 2 otherwise, however many ties.
    assert_eq!(res.points(&rules, 1), 4);
    assert_eq!(res.points(&rules, 3), 4);
    let three = Rules {
        dekabes_after_tie: 3,
        ..rules
    };
    assert_eq!(res.points(&three, 1), 3);
    let hands = [
        set(&[(6, 2)]),
        set(&[(6, 6)]),
        set(&[(2, 2)]),
        set(&[(6, 1)]),
    ];
    let mut st = mid_round(&rules, hands, (6, 5), 0, TileSet::EMPTY);
    st.apply(Move::play(Tile::new(6, 2), 6));
    let plain = RoundResult::of(&rules, &st, 0).unwrap();
    assert!(!plain.dekabes);
    assert_eq!(plain.points(&rules, 0), 1);
    assert_eq!(plain.points(&rules, 2), 2);

    // Losers reset; the tied round goes to the same leader; first to four.
    let mut m = MatchScore::new(&rules);
    m.scores = vec![0, 3];
    let rs = m.record(&rules, &plain, 0);
    assert_eq!(rs.scores, vec![1, 0]);
    let tie = RoundResult::of(
        &rules,
        &blocked(
            &rules,
            [
                set(&[(3, 0)]),
                set(&[(2, 1)]),
                set(&[(6, 6)]),
                set(&[(5, 5)]),
            ],
        ),
        2,
    )
    .unwrap();
    assert_eq!(tie.winner, None);
    let rs = m.record(&rules, &tie, 2);
    assert_eq!(rs.next, Lead::Seat(2));
    assert_eq!(m.pending_ties, 1);
    let rs = m.record(&rules, &res, 0);
    assert_eq!(rs.points, 4);
    assert_eq!(rs.match_winner, Some(0));
}

#[test]
fn jamaican_six_love_and_tie_after_tie() {
    let rules = Rules::preset("jamaican").unwrap();
    let win = |seat: u8| {
        let mut hands = [
            set(&[(6, 6)]),
            set(&[(5, 5)]),
            set(&[(4, 4)]),
            set(&[(3, 3)]),
        ];
        hands[seat as usize] = set(&[(1, 0)]);
        let mut st = mid_round(&rules, hands, (1, 2), seat, set(&[(1, 1)]));
        st.apply(Move::play(Tile::new(1, 0), 1));
        RoundResult::of(&rules, &st, seat).unwrap()
    };
    let mut m = MatchScore::new(&rules);
    for _ in 0..5 {
        m.record(&rules, &win(0), 0);
    }
    assert_eq!(m.scores, vec![5, 0]);
    // the other side wins a hand: back to love, the 6-6 holder poses next
    let rs = m.record(&rules, &win(1), 0);
    assert!(rs.reset);
    assert_eq!(rs.scores, vec![0, 0]);
    assert_eq!(rs.next, Lead::Deal);
    // tie after tie with replays worth one more each
    let replay = Rules {
        tie_bonus: capicua_engine::variant::TieBonus::Escalate,
        ..rules
    };
    assert_eq!(win(0).points(&replay, 0), 1);
    assert_eq!(win(0).points(&replay, 2), 3);
    let mut m = MatchScore::new(&replay);
    let tie = RoundResult::of(
        &rules,
        &blocked(
            &rules,
            [
                set(&[(3, 0)]),
                set(&[(2, 1)]),
                set(&[(6, 6)]),
                set(&[(5, 5)]),
            ],
        ),
        0,
    )
    .unwrap();
    m.record(&replay, &tie, 0);
    m.record(&replay, &tie, 0);
    let rs = m.record(&replay, &win(1), 0);
    assert_eq!(rs.points, 3);
    assert_eq!(rs.scores, vec![0, 3]);
    // six love ends the match
    let mut m = MatchScore::new(&rules);
    let mut last = None;
    for _ in 0..6 {
        last = Some(m.record(&rules, &win(0), 0));
    }
    assert_eq!(last.unwrap().match_winner, Some(0));
}

#[test]
fn cuban_blocked_lowest_player_and_tie() {
    let rules = Rules::cuban();
    // seat 1 holds the fewest pips: team 1 wins and scores team 0's pips (seats 0 and 2)
    let hands = [
        set(&[(9, 8)]),
        set(&[(1, 0)]),
        set(&[(7, 2)]),
        set(&[(9, 9)]),
    ];
    let res = RoundResult::of(&rules, &blocked(&rules, hands), 0).unwrap();
    assert_eq!(res.end, EndKind::Blocked);
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.winner_seat, Some(1));
    assert_eq!(res.points(&rules, 0), 17 + 9);
    // with the side rule, team 0 (17 + 9 = 26) loses to team 1 (1 + 18 = 19) as well...
    let side = Rules {
        block_winner: BlockWinner::LowestSide,
        ..rules
    };
    let res = RoundResult::of(&side, &blocked(&side, hands), 0).unwrap();
    assert_eq!(res.winner, Some(1));
    // ...but here the single lowest player is on the side with the higher total
    let hands = [
        set(&[(1, 0)]),
        set(&[(3, 2)]),
        set(&[(9, 9)]),
        set(&[(4, 2)]),
    ];
    let by_player = RoundResult::of(&rules, &blocked(&rules, hands), 0).unwrap();
    let by_side = RoundResult::of(&side, &blocked(&side, hands), 0).unwrap();
    assert_eq!(by_player.winner, Some(0));
    assert_eq!(by_player.points(&rules, 0), 5 + 6);
    assert_eq!(by_side.winner, Some(1));
    assert_eq!(by_side.winner_seat, Some(1));
    assert_eq!(by_side.points(&side, 0), 1 + 18);
    // all four hands counted (Spanish rule sheet): the partner's pips too
    let all = Rules {
        scoring: Scoring::AllPips,
        ..rules
    };
    assert_eq!(by_player.points(&all, 0), 1 + 5 + 18 + 6);

    // a tie between opponents: no score; the tied player of the side that did not lead leads next
    let hands = [
        set(&[(3, 1)]),
        set(&[(2, 2)]),
        set(&[(9, 9)]),
        set(&[(8, 8)]),
    ];
    let tie = RoundResult::of(&rules, &blocked(&rules, hands), 0).unwrap();
    assert_eq!(tie.winner, None);
    assert_eq!(tie.points(&rules, 0), 0);
    let mut m = MatchScore::new(&rules);
    let rs = m.record(&rules, &tie, 0);
    assert_eq!(rs.scores, vec![0, 0]);
    assert_eq!(rs.next, Lead::Seat(1));
    // partners tied for lowest is no tie: their side wins
    let hands = [
        set(&[(3, 1)]),
        set(&[(9, 9)]),
        set(&[(2, 2)]),
        set(&[(8, 8)]),
    ];
    let res = RoundResult::of(&rules, &blocked(&rules, hands), 1).unwrap();
    assert_eq!(res.winner, Some(0));
}

#[test]
fn mano_wins_a_tie() {
    let rules = Rules {
        block_tie: BlockTie::Mano,
        ..Rules::cuban()
    };
    let hands = [
        set(&[(3, 1)]),
        set(&[(2, 2)]),
        set(&[(9, 9)]),
        set(&[(8, 8)]),
    ];
    // seat 1 led: seat 1 is mano and is tied, so its side wins
    let res = RoundResult::of(&rules, &blocked(&rules, hands), 1).unwrap();
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.points(&rules, 0), 4 + 18);
    // seat 3 led: the tied seat nearest after mano in turn order is seat 0
    let res = RoundResult::of(&rules, &blocked(&rules, hands), 3).unwrap();
    assert_eq!(res.winner, Some(0));
    assert_eq!(res.winner_seat, Some(0));
}

#[test]
fn pollona_and_viajera() {
    let rules = Rules::cuban();
    let dom = |others: [TileSet; 3]| {
        let hands = [set(&[(0, 0)]), others[0], others[1], others[2]];
        let mut st = mid_round(&rules, hands, (0, 5), 0, TileSet::EMPTY);
        st.apply(Move::play(Tile::new(0, 0), 0));
        RoundResult::of(&rules, &st, 0).unwrap()
    };
    let big = dom([
        set(&[(9, 9), (9, 8), (9, 7), (8, 8)]),
        TileSet::EMPTY,
        set(&[(9, 6), (8, 7), (7, 7), (9, 5)]),
    ]);
    assert_eq!(big.winner, Some(0));
    assert_eq!(big.points(&rules, 0), 18 + 17 + 16 + 16 + 15 + 15 + 14 + 14);
    let mut m = MatchScore::new(&rules);
    let rs = m.record(&rules, &big, 0);
    assert_eq!(rs.match_winner, Some(0));
    assert!(rs.pollona && rs.viajera);
    // reaching 100 in several rounds while the others have nothing: pollona, not viajera
    let small = dom([set(&[(9, 9), (9, 8)]), TileSet::EMPTY, set(&[(8, 7)])]);
    let mut m = MatchScore::new(&rules);
    let mut rs = m.record(&rules, &small, 0);
    while rs.match_winner.is_none() {
        rs = m.record(&rules, &small, 0);
    }
    assert!(rs.pollona && !rs.viajera);
    // once the other side scored, no pollona
    let mut m = MatchScore::from_scores(&rules, &[90, 5], 0);
    let rs = m.record(&rules, &small, 0);
    assert_eq!(rs.match_winner, Some(0));
    assert!(!rs.pollona);
}

#[test]
fn lankford_net_pips() {
    let rules = Rules::preset("lankford-3").unwrap();
    let hands = [
        set(&[(1, 0)]),
        set(&[(6, 6)]),
        set(&[(5, 4)]),
        TileSet::EMPTY,
    ];
    let mut st = State::new(&rules, hands, TileSet::EMPTY, 0);
    st.finish = Finish::Blocked;
    let res = RoundResult::of(&rules, &st, 0).unwrap();
    assert_eq!(res.winner, Some(0));
    assert_eq!(res.points(&rules, 0), 12 + 9 - 1);
}

#[test]
fn puerto_rican_block_goes_to_the_lower_team_and_its_lower_player_leads() {
    let rules = Rules::preset("puerto-rican").unwrap();
    let hands = [
        set(&[(6, 6)]),
        set(&[(3, 2)]),
        set(&[(1, 0)]),
        set(&[(2, 1)]),
    ];
    let res = RoundResult::of(&rules, &blocked(&rules, hands), 0).unwrap();
    // team 0: 12 + 1 = 13; team 1: 5 + 3 = 8
    assert_eq!(res.winner, Some(1));
    assert_eq!(res.winner_seat, Some(3));
    let mut m = MatchScore::new(&rules);
    assert_eq!(m.record(&rules, &res, 0).next, Lead::Seat(3));
}
