//! Every player only ever plays legal moves, in every variant, and the heavy policy does what
//! it says.

use capicua_bots::{CountingPlayer, HeavyPlayer, RandomPlayer, heavy_move, heavy_playout};
use capicua_engine::{
    Deal, InfoSet, LEAD, Match, Move, MoveList, Player, Rng, Round, Rules, State, Tile, TileSet,
    VARIANTS,
};

/// Wraps a player and fails the test on any move outside the information set's legal moves.
struct Checked {
    inner: Box<dyn Player>,
    asked: u32,
}

impl Player for Checked {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, info: &InfoSet) -> Move {
        let mv = self.inner.choose(info);
        let legal = info.legal_moves();
        assert!(
            legal.contains(mv),
            "{} chose {mv} in {:?}; legal: {:?}",
            self.name(),
            info.ends(),
            legal.as_slice()
        );
        self.asked += 1;
        mv
    }
}

fn players(kind: usize, seed: u64) -> Box<dyn Player> {
    match kind {
        0 => Box::new(RandomPlayer::new(seed)),
        1 => Box::new(HeavyPlayer::new(seed)),
        _ => Box::new(CountingPlayer::new(seed)),
    }
}

#[test]
fn every_player_plays_legal_moves_in_every_variant() {
    for (v, name) in VARIANTS.iter().enumerate() {
        let rules = Rules::preset(name).unwrap();
        // each kind alone, then the three mixed around the table
        for lineup in [
            [0, 0, 0, 0],
            [1, 1, 1, 1],
            [2, 2, 2, 2],
            [2, 1, 0, 2],
            [0, 2, 1, 1],
        ] {
            let mut seats: Vec<Checked> = (0..rules.players as usize)
                .map(|s| Checked {
                    inner: players(lineup[s], (v * 10 + s) as u64),
                    asked: 0,
                })
                .collect();
            let mut m = Match::new(&rules, 1000 + v as u64);
            for _ in 0..12 {
                let mut refs: Vec<&mut dyn Player> =
                    seats.iter_mut().map(|p| p as &mut dyn Player).collect();
                m.play_round(&mut refs);
            }
            assert!(
                seats.iter().all(|p| p.asked > 0),
                "{name}: some seat was never asked"
            );
        }
    }
}

#[test]
fn players_answer_forced_positions_too() {
    // A seat with a single legal move (a pass, a draw) may still be asked.
    for name in ["cuban", "lankford-2"] {
        let rules = Rules::preset(name).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let deal = Deal::random(&rules, &mut rng);
            let mut round = Round::new(&rules, deal, 0, None).unwrap();
            while !round.is_over() {
                let seat = round.to_move();
                let info = round.infoset(seat);
                let legal = info.legal_moves();
                for kind in 0..3 {
                    let mv = players(kind, 9).choose(&info);
                    assert!(
                        legal.contains(mv),
                        "{name}: {mv} not in {:?}",
                        legal.as_slice()
                    );
                }
                let mv = rng.pick(&round.legal_moves());
                round.play(mv).unwrap();
            }
        }
    }
}

#[test]
fn heavy_move_is_legal_and_heaviest_in_every_variant() {
    let mut rng = Rng::new(11);
    let mut list = MoveList::default();
    for name in VARIANTS {
        let rules = Rules::preset(name).unwrap();
        for _ in 0..200 {
            let deal = Deal::random(&rules, &mut rng);
            let pile: TileSet = deal.pile.iter().copied().collect();
            let first = rng.below(rules.players as u32) as u8;
            let mut st = State::new(&rules, deal.hands, pile, first);
            while !st.is_over() {
                st.legal_moves(&mut list);
                let mv = heavy_move(&st, &mut rng);
                match mv {
                    Move::Draw(Some(t)) => {
                        assert_eq!(list.as_slice(), &[Move::Draw(None)], "{name}");
                        assert!(st.pile.contains(t));
                    }
                    Move::Draw(None) => panic!("{name}: heavy_move must name the drawn tile"),
                    _ => {
                        assert!(list.contains(mv), "{name}: {mv}");
                        if let Some(t) = mv.tile() {
                            let best = st
                                .playable(st.hands[st.to_move as usize])
                                .iter()
                                .map(|u| (u.pips(), u.is_double()))
                                .max();
                            assert_eq!(
                                Some((t.pips(), t.is_double())),
                                best,
                                "{name}: {mv} is not the heaviest"
                            );
                        }
                    }
                }
                st.apply(mv);
            }
            // a whole playout runs too
            let mut again = State::new(&rules, deal.hands, pile, first);
            heavy_playout(&mut again, &mut rng);
            assert!(again.is_over());
        }
    }
}

#[test]
fn heavy_leads_the_double_among_equal_weights() {
    let rules = Rules::cuban();
    let t = |a, b| Tile::new(a, b);
    // 6-6 and 9-3 both weigh 12: the double goes first; 9-4 (13) beats both
    let hand: TileSet = [
        t(6, 6),
        t(9, 3),
        t(5, 4),
        t(2, 1),
        t(0, 0),
        t(7, 1),
        t(8, 0),
        t(3, 3),
        t(4, 0),
        t(6, 5),
    ]
    .into_iter()
    .collect();
    let info = InfoSet::new(&rules, 0, 0, hand).unwrap();
    for seed in 0..20 {
        assert_eq!(
            HeavyPlayer::new(seed).choose(&info),
            Move::play(t(6, 6), LEAD)
        );
    }
    let mut heavier = hand;
    heavier.remove(t(0, 0));
    heavier.insert(t(9, 4));
    let info = InfoSet::new(&rules, 0, 0, heavier).unwrap();
    assert_eq!(HeavyPlayer::new(1).choose(&info), Move::play(t(9, 4), LEAD));
}
