//! Beliefs: a distribution per unseen tile that respects everything the seat knows.

use std::sync::atomic::AtomicBool;

use capicua_engine::{InfoSet, Match, Rng, Round, Rules};
use capicua_search::{Budget, beliefs};

/// Positions of random rounds where some other seat has shown a void.
fn positions_with_voids(variant: &str, seed: u64, count: usize) -> Vec<InfoSet> {
    let rules = Rules::preset(variant).unwrap();
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut round: Round = Match::new(&rules, rng.next_u64()).deal_round();
        let stop_at = rng.below(40) as usize;
        round.play_random(&mut rng, stop_at);
        if round.is_over() {
            continue;
        }
        let seat = rng.below(rules.players as u32) as u8;
        let info = round.infoset(seat);
        let voids = (0..rules.players)
            .any(|s| s != seat && !info.excluded(s).minus(info.played()).is_empty());
        if voids || out.len() < count / 2 {
            out.push(info);
        }
    }
    out
}

#[test]
fn beliefs_sum_to_one_and_respect_voids() {
    let mut void_tiles = 0;
    for variant in ["cuban", "cutthroat-3", "lankford-3", "chiva-2"] {
        for (k, info) in positions_with_voids(variant, 7, 10).into_iter().enumerate() {
            let what = format!("{variant} #{k}");
            let b = beliefs(&info, Budget::iterations(2000), k as u64, None).unwrap();
            assert_eq!(b.samples, 2000);
            let tiles: Vec<_> = b.tiles.iter().map(|t| t.tile).collect();
            assert_eq!(
                tiles,
                info.unseen().iter().collect::<Vec<_>>(),
                "{what}: one entry per unseen tile"
            );
            let players = info.rules().players;
            for t in &b.tiles {
                let sum: f64 = t.seats.iter().sum::<f64>() + t.out;
                assert!((sum - 1.0).abs() < 1e-9, "{what}: {} sums to {sum}", t.tile);
                assert_eq!(t.seats[info.seat() as usize], 0.0, "{what}");
                for s in 0..players {
                    if s != info.seat() && info.excluded(s).contains(t.tile) {
                        void_tiles += 1;
                        assert_eq!(
                            t.seats[s as usize], 0.0,
                            "{what}: seat {s} is void in {}",
                            t.tile
                        );
                    }
                }
                if !info.rules().draw && info.rules().undealt() == 0 {
                    assert_eq!(t.out, 0.0, "{what}: nothing sleeps");
                }
            }
            // each sample gives every seat exactly its count of tiles
            for s in 0..players {
                if s == info.seat() {
                    continue;
                }
                let expected: f64 = b.tiles.iter().map(|t| t.seats[s as usize]).sum();
                assert!(
                    (expected - info.counts()[s as usize] as f64).abs() < 1e-6,
                    "{what}: seat {s}"
                );
            }
        }
    }
    assert!(void_tiles > 100, "the positions show voids ({void_tiles})");
}

#[test]
fn beliefs_match_the_counting_argument_at_the_deal() {
    // before any move, every unseen tile is equally likely in each other hand (10 of 45) and
    // sleeping (15 of 45): check the estimate is within five standard errors
    let rules = Rules::cuban();
    let round = Match::new(&rules, 3).deal_round();
    let info = round.infoset((round.first() + 1) % 4);
    let n = 20_000;
    let b = beliefs(&info, Budget::iterations(n), 5, None).unwrap();
    // the redeal rule (no hand of five doubles) tilts doubles slightly; look at the others
    for t in b.tiles.iter().filter(|t| !t.tile.is_double()) {
        for (p, want) in [
            (t.out, 15.0 / 45.0),
            (t.seats[round.first() as usize], 10.0 / 45.0),
        ] {
            let se = (want * (1.0 - want) / n as f64).sqrt();
            assert!((p - want).abs() < 5.0 * se, "{}: {p} vs {want}", t.tile);
        }
    }
}

#[test]
fn beliefs_are_reproducible_and_stoppable() {
    let info = positions_with_voids("cuban", 9, 1).pop().unwrap();
    let a = beliefs(&info, Budget::iterations(500), 1, None).unwrap();
    assert_eq!(a, beliefs(&info, Budget::iterations(500), 1, None).unwrap());
    let stop = AtomicBool::new(true);
    let s = beliefs(&info, Budget::iterations(1_000_000), 1, Some(&stop)).unwrap();
    assert_eq!(s.samples, 1, "a raised flag still gives one sample");
}
