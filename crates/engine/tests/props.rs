//! Property tests: random games of every variant never reach an illegal state, pips are
//! conserved, every seat's information set follows the referee, every sampled deal replays the
//! public history and respects every void, and bad input never panics or changes state.

use capicua_engine::{Deal, InfoSet, Move, Rng, Round, Rules, Sampler, TileSet, VARIANTS};
use common::check_deal;
use proptest::prelude::*;

mod common;

fn random_round(variant: &str, seed: u64, stop_after: usize) -> Round {
    let rules = Rules::preset(variant).unwrap();
    let mut rng = Rng::new(seed);
    let deal = loop {
        let d = Deal::random(&rules, &mut rng);
        if !rules.needs_redeal(&d.hands) {
            break d;
        }
    };
    let (first, forced) = rules.lead_by_deal(&deal.hands, |n| rng.below(n));
    let mut round = Round::new(&rules, deal, first, forced).unwrap();
    let total = rules.set().pips();
    let mut n = 0;
    while !round.is_over() && n < stop_after {
        let legal = round.legal_moves();
        assert!(!legal.is_empty());
        let mv = rng.pick(&legal);
        // an illegal move is refused and changes nothing
        let before = *round.state();
        let hist = round.history().len();
        let bogus = Move::play(
            capicua_engine::Tile::from_index(rng.below(rules.set().len()) as usize),
            rng.below(10) as u8,
        );
        if !legal.contains(bogus) {
            assert!(round.play(bogus).is_err());
            assert_eq!(*round.state(), before);
            assert_eq!(round.history().len(), hist);
        }
        round.play(mv).unwrap();
        n += 1;
        // invariants: hands disjoint, inside the set; pips conserved
        let st = round.state();
        let mut seen = TileSet::EMPTY;
        for s in 0..rules.players as usize {
            assert!(st.hands[s].inter(seen).is_empty());
            seen = seen.union(st.hands[s]);
        }
        assert!(seen.minus(rules.set()).is_empty());
        assert_eq!(seen.minus(st.out), TileSet::EMPTY);
        let played = rules.set().minus(st.out);
        let sleeping_or_pile = st.out.minus(seen);
        assert_eq!(seen.pips() + played.pips() + sleeping_or_pile.pips(), total);
        if let Some((l, r)) = st.ends() {
            assert!(l <= rules.max_pip && r <= rules.max_pip);
        }
    }
    round
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_stay_legal(v in 0..VARIANTS.len(), seed in any::<u64>()) {
        let round = random_round(VARIANTS[v], seed, usize::MAX);
        prop_assert!(round.is_over());
        let res = round.result().unwrap();
        let rules = round.rules();
        if let Some(w) = res.winner {
            prop_assert!((w as usize) < rules.sides());
        }
        // every seat's information set agrees with the referee
        for s in 0..rules.players {
            let info = round.infoset(s);
            prop_assert!(info.is_over());
            prop_assert_eq!(info.hand(), round.state().hands[s as usize]);
            for o in 0..rules.players {
                prop_assert_eq!(info.counts()[o as usize] as u32, round.state().hands[o as usize].len());
                // what a seat is known not to hold, it does not hold
                prop_assert!(round.state().hands[o as usize].inter(info.excluded(o)).is_empty() || o == s);
            }
        }
    }

    #[test]
    fn sampled_deals_replay_the_public_history(v in 0..VARIANTS.len(), seed in any::<u64>(), cut in 0usize..40, seat in 0u8..4) {
        let round = random_round(VARIANTS[v], seed, cut);
        let rules = *round.rules();
        let seat = seat % rules.players;
        let info = round.infoset(seat);
        let sampler = Sampler::new(&info).unwrap();
        prop_assert!(sampler.count() > 0);
        let mut rng = Rng::new(seed ^ 0xABCD);
        for _ in 0..5 {
            let (hands, pile) = sampler.sample_hands(&mut rng).unwrap();
            check_deal(&info, &hands, pile)?;
            if !rules.draw {
                // rebuild the deal and let the referee replay everything
                let mut dealt = [TileSet::EMPTY; 4];
                for s in 0..rules.players {
                    dealt[s as usize] = hands[s as usize].union(info.played_by(s));
                }
                let deal = Deal { hands: dealt, pile: pile.iter().collect() };
                let mut r = Round::new(&rules, deal, round.first(), None).unwrap();
                for &m in info.history() {
                    prop_assert!(r.play(m).is_ok());
                }
            }
            let st = sampler.sample(&mut rng).unwrap();
            let mut st2 = st;
            st2.random_playout(&mut rng);
            prop_assert!(st2.is_over());
        }
    }

    #[test]
    fn bad_notation_never_panics(s in ".{0,12}", max in prop_oneof![Just(6u8), Just(9u8)]) {
        let _ = capicua_engine::Tile::parse(&s, max);
        let _ = Move::parse(&s, max);
    }

    #[test]
    fn infoset_refuses_bad_moves_without_change(seed in any::<u64>(), cut in 0usize..30, idx in 0usize..55, end in 0u8..12) {
        let round = random_round("cuban", seed, cut);
        let mut info = round.infoset(0);
        let before = format!("{info:?}");
        let mv = Move::play(capicua_engine::Tile::from_index(idx), end);
        let legal_for_referee = round.legal_moves().contains(mv);
        match info.apply(mv) {
            Ok(()) => prop_assert!(legal_for_referee || round.to_move() != 0),
            Err(_) => prop_assert_eq!(format!("{info:?}"), before),
        }
    }
}

#[test]
fn wrong_hands_are_errors() {
    let rules = Rules::cuban();
    let mut rng = Rng::new(3);
    let mut deal = Deal::random(&rules, &mut rng);
    assert!(Round::new(&rules, deal.clone(), 0, None).is_ok());
    assert!(Round::new(&rules, deal.clone(), 4, None).is_err());
    let t = deal.hands[0].first().unwrap();
    deal.hands[0].remove(t);
    assert!(Round::new(&rules, deal.clone(), 0, None).is_err());
    deal.hands[0].insert(deal.hands[1].first().unwrap());
    assert!(Round::new(&rules, deal, 0, None).is_err());
    assert!(InfoSet::new(&rules, 0, 0, TileSet::EMPTY).is_err());
    assert!(InfoSet::new(&rules, 5, 0, TileSet::full(9)).is_err());
    let d6 = Rules::preset("cuban-d6").unwrap();
    assert!(
        InfoSet::new(
            &d6,
            0,
            0,
            TileSet::full(9)
                .minus(TileSet::full(6))
                .iter()
                .take(7)
                .collect()
        )
        .is_err()
    );
}

#[test]
fn random_moves_stop_where_the_round_ends() {
    for v in VARIANTS {
        let rules = Rules::preset(v).unwrap();
        for seed in 0..20 {
            let fresh = || capicua_engine::Match::new(&rules, seed).deal_round();
            // a few moves: exactly that many, each the draw indexing by hand would make
            let (mut round, mut by_hand) = (fresh(), fresh());
            let (mut rng, mut hand_rng) = (Rng::new(seed), Rng::new(seed));
            assert_eq!(round.play_random(&mut rng, 3), 3);
            for _ in 0..3 {
                let legal = by_hand.legal_moves();
                let mv = legal[hand_rng.below(legal.len() as u32) as usize];
                by_hand.play(mv).unwrap();
            }
            assert_eq!(round.history(), by_hand.history());
            // as many as it takes: the round ends and the count is the moves played
            let played = round.play_random(&mut rng, usize::MAX);
            assert!(round.is_over());
            assert_eq!(played + 3, round.history().len());
            assert_eq!(round.play_random(&mut rng, 5), 0);
        }
    }
}
