//! The duplicate runner: pairing, reproducibility and the summary arithmetic.

use std::sync::{Arc, Mutex};

use capicua_engine::{InfoSet, Move, Player, Rules, TileSet, VARIANTS};
use capicua_eval::duplicate::{BoardResult, MatchEnd, member_at, side_at};
use capicua_eval::{
    DuplicateConfig, DuplicateSummary, PairRecord, PlayerSpec, RoundRobinConfig, Seating, Side,
    Team, play_pair, run_duplicate, run_round_robin,
};

fn config(
    variant: &str,
    a: &str,
    b: &str,
    rounds: u64,
    seed: u64,
    threads: usize,
) -> DuplicateConfig {
    DuplicateConfig {
        rules: Rules::preset(variant).unwrap(),
        variant: variant.into(),
        a: Team::of(PlayerSpec::parse(a).unwrap()),
        b: Team::of(PlayerSpec::parse(b).unwrap()),
        rounds,
        seed,
        threads,
    }
}

#[test]
fn a_fixed_seed_gives_identical_results_on_any_number_of_threads() {
    let one = run_duplicate(&config("cuban", "counting", "heavy", 600, 7, 1), &|_| {}).unwrap();
    for threads in [2, 3] {
        let other = run_duplicate(
            &config("cuban", "counting", "heavy", 600, 7, threads),
            &|_| {},
        )
        .unwrap();
        assert_eq!(one.summary, other.summary, "{threads} threads");
        assert_eq!(one.pairs, other.pairs, "{threads} threads");
    }
    let again = run_duplicate(&config("cuban", "counting", "heavy", 600, 7, 2), &|_| {}).unwrap();
    assert_eq!(one.summary, again.summary);
    let other_seed =
        run_duplicate(&config("cuban", "counting", "heavy", 600, 8, 1), &|_| {}).unwrap();
    assert_ne!(one.pairs, other_seed.pairs);
}

#[test]
fn think_time_counts_each_teams_decisions_with_a_choice() {
    // 6 ms searches against counting: A's mean is its budget (a decision with one legal move
    // returns at once, so counting those would pull it below), B's far below it
    let run = run_duplicate(
        &config("cuban", "ismcts:ms=6,threads=1", "counting", 4, 3, 1),
        &|_| {},
    )
    .unwrap();
    let [a, b] = run.think;
    assert!(a.decisions > 0 && b.decisions > 0, "{a:?} {b:?}");
    // each team plays both orientations of every deal, so neither can have many more choices
    assert!(a.decisions < 3 * b.decisions && b.decisions < 3 * a.decisions);
    assert!(a.mean_ms >= 5.9, "{a:?}");
    assert!(b.mean_ms < 3.0, "{b:?}");
}

#[test]
fn rounds_are_counted_as_deals_played_twice() {
    for (variant, rounds) in [
        ("cuban", 2),
        ("cuban", 30),
        ("jamaican", 50),
        ("cutthroat-3", 16),
    ] {
        let run =
            run_duplicate(&config(variant, "random", "heavy", rounds, 3, 2), &|_| {}).unwrap();
        let s = &run.summary;
        assert_eq!(s.rounds, rounds, "{variant}");
        assert_eq!(s.deals, rounds / 2, "{variant}");
        assert_eq!(
            run.pairs.iter().map(|p| p.boards.len() as u64).sum::<u64>(),
            rounds / 2
        );
        assert_eq!(
            s.a_round_wins + s.b_round_wins + s.round_ties,
            rounds,
            "{variant}"
        );
        // every pair but the last finished both its matches
        let (last, done) = run.pairs.split_last().unwrap();
        assert!(done.iter().all(PairRecord::complete), "{variant}");
        assert_eq!(
            s.matches,
            2 * (done.len() as u64 + last.complete() as u64),
            "{variant}"
        );
    }
    for bad in [0, 3] {
        assert!(run_duplicate(&config("cuban", "random", "heavy", bad, 3, 1), &|_| {}).is_err());
    }
}

#[test]
fn a_player_against_itself_scores_exactly_zero() {
    // Same seeds for the same seat in both orientations: the mirror replays the same game
    // with the teams' names swapped, so every board's two margins cancel.
    for variant in ["cuban", "haitian", "cutthroat-3", "lankford-4"] {
        for spec in ["random", "counting"] {
            let run = run_duplicate(&config(variant, spec, spec, 200, 5, 2), &|_| {}).unwrap();
            for b in run.pairs.iter().flat_map(|p| &p.boards) {
                assert_eq!(b.margin[0], -b.margin[1], "{variant} {spec}");
            }
            assert_eq!(run.summary.a_margin_per_round, 0.0);
            assert_eq!(run.summary.a_round_wins, run.summary.b_round_wins);
        }
    }
}

/// Records the hands it is asked to play, with the seat it was built for.
struct Recorder {
    seating: Seating,
    log: Arc<Mutex<Vec<(Seating, TileSet, u8)>>>,
    inner: Box<dyn Player>,
}

impl Player for Recorder {
    fn name(&self) -> String {
        "recorder".into()
    }
    fn choose(&mut self, info: &InfoSet) -> Move {
        assert_eq!(
            info.seat(),
            self.seating.seat,
            "a player was asked at another seat"
        );
        self.log
            .lock()
            .unwrap()
            .push((self.seating, info.dealt(), info.first()));
        self.inner.choose(info)
    }
}

#[test]
fn duplicate_pairing_really_swaps_the_hands() {
    for variant in [
        "cuban",
        "jamaican",
        "cutthroat-2",
        "cutthroat-3",
        "cutthroat-4",
        "chiva-3",
    ] {
        let rules = Rules::preset(variant).unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let make = |s: &Seating| -> Box<dyn Player> {
            let spec = if s.side == Side::A {
                PlayerSpec::parse("counting")
            } else {
                PlayerSpec::parse("random")
            };
            Box::new(Recorder {
                seating: *s,
                log: log.clone(),
                inner: spec.unwrap().build(s.seed),
            })
        };
        // (orientation, hands, leader) of every round, in order
        let mut rounds: Vec<(usize, [TileSet; 4], u8)> = Vec::new();
        let mut boards = 0;
        for pair in 0..4 {
            let rec = play_pair(&rules, 99, pair, 40, &make, &mut |o, _, round, _| {
                rounds.push((o, round.deal().hands, round.first()));
            });
            boards += rec.boards.len();
        }
        assert_eq!(rounds.len(), 2 * boards, "{variant}");
        // both orientations of a board: the same hands at the same seats, the same leader
        for b in rounds.chunks(2) {
            assert_eq!((b[0].0, b[1].0), (0, 1), "{variant}");
            assert_eq!(
                b[0].1, b[1].1,
                "{variant}: the mirror was dealt other hands"
            );
            assert_eq!(b[0].2, b[1].2, "{variant}: the mirror had another leader");
        }
        // the players asked held those hands, and each hand went to A once and to B once
        let log = log.lock().unwrap();
        let mut seen = [[false; 2]; 4];
        for (s, dealt, first) in log.iter() {
            assert_eq!(s.side, side_at(s.seat, s.orientation), "{variant}");
            assert_eq!(s.member, member_at(s.seat), "{variant}");
            let found = rounds.iter().any(|(o, hands, f)| {
                *o == s.orientation && hands[s.seat as usize] == *dealt && f == first
            });
            assert!(
                found,
                "{variant}: seat {} was asked with a hand it was not dealt",
                s.seat
            );
            seen[s.seat as usize][(s.side == Side::B) as usize] = true;
        }
        for (seat, both) in seen.iter().enumerate().take(rules.players as usize) {
            assert_eq!(
                *both,
                [true, true],
                "{variant}: seat {seat} was not played by both teams"
            );
        }
        for seat in 0..rules.players {
            assert_ne!(side_at(seat, 0), side_at(seat, 1));
        }
    }
}

#[test]
fn mixed_teams_seat_each_member_at_its_own_seats() {
    let rules = Rules::cuban();
    let log = Arc::new(Mutex::new(Vec::new()));
    let make = |s: &Seating| -> Box<dyn Player> {
        Box::new(Recorder {
            seating: *s,
            log: log.clone(),
            inner: PlayerSpec::Heavy.build(s.seed),
        })
    };
    play_pair(&rules, 1, 0, 3, &make, &mut |_, _, _, _| {});
    for (s, _, _) in log.lock().unwrap().iter() {
        let expected = [
            (0, Side::A, 0),
            (1, Side::B, 0),
            (2, Side::A, 1),
            (3, Side::B, 1),
        ];
        let (seat, side, member) = expected[s.seat as usize];
        let side = if s.orientation == 0 {
            side
        } else if side == Side::A {
            Side::B
        } else {
            Side::A
        };
        assert_eq!((s.seat, s.side, s.member), (seat, side, member));
    }
    let cfg = DuplicateConfig {
        a: Team {
            first: PlayerSpec::parse("counting").unwrap(),
            second: PlayerSpec::Random,
        },
        ..config("cuban", "counting", "heavy", 20, 1, 1)
    };
    assert_eq!(cfg.a.name(), "counting+random");
    let two = DuplicateConfig {
        a: cfg.a.clone(),
        ..config("cutthroat-2", "counting", "heavy", 20, 1, 1)
    };
    assert!(
        run_duplicate(&two, &|_| {}).is_err(),
        "two seats have no partner"
    );
    assert_eq!(
        run_duplicate(&cfg, &|_| {}).unwrap().summary.a,
        "counting+random"
    );
}

#[test]
fn the_summary_matches_a_hand_computed_case() {
    let board = |m0: i64, m1: i64| BoardResult {
        margin: [m0, m1],
        winner: [m0, m1].map(|m| match m.signum() {
            1 => Some(Side::A),
            -1 => Some(Side::B),
            _ => None,
        }),
    };
    let end = |winner, boards| Some(MatchEnd { winner, boards });
    let pairs = vec![
        PairRecord {
            boards: vec![board(30, -10), board(0, 20)],
            matches: [end(Side::A, 2), end(Side::A, 2)],
        },
        PairRecord {
            boards: vec![board(-40, 10), board(25, -5)],
            matches: [end(Side::B, 1), end(Side::A, 2)],
        },
        PairRecord {
            boards: vec![board(12, 0)],
            matches: [None, None],
        },
    ];
    let s = DuplicateSummary::of("cuban", "x", "y", 0, &pairs);
    // board means 10, 10, -15, 10, 6: mean 21/5 = 4.2; squared deviations
    // 33.64 * 3 + 368.64 + 3.24 = 472.8, variance 118.2, se sqrt(118.2 / 5) = 4.862098;
    // t(4) = 2.776445: half width 13.499349
    assert_eq!((s.rounds, s.deals), (10, 5));
    assert_eq!((s.a_round_wins, s.b_round_wins, s.round_ties), (5, 3, 2));
    assert!((s.a_margin_per_round - 4.2).abs() < 1e-12);
    assert!((s.board_margin_sd - 118.2f64.sqrt()).abs() < 1e-12);
    assert!(
        (s.a_margin_ci95[0] - (4.2 - 13.499349)).abs() < 1e-5,
        "{:?}",
        s.a_margin_ci95
    );
    assert!(
        (s.a_margin_ci95[1] - (4.2 + 13.499349)).abs() < 1e-5,
        "{:?}",
        s.a_margin_ci95
    );
    // A's points: 30 + 20 + 10 + 25 + 12 = 97; B's: 10 + 40 + 5 = 55; per round / 10
    assert!((s.a_points_per_round - 9.7).abs() < 1e-12);
    assert!((s.b_points_per_round - 5.5).abs() < 1e-12);
    // matches: the unfinished third pair is left out; pair scores 1 and 0.5
    assert_eq!((s.matches, s.a_match_wins), (4, 3));
    assert!((s.a_match_win_rate - 0.75).abs() < 1e-12);
    // sd of (1, 0.5) = 0.353553, se 0.25, t(1) = 12.706205: half width 3.176551
    assert!(
        (s.a_match_win_ci95[1] - (0.75 + 3.176551)).abs() < 1e-5,
        "{:?}",
        s.a_match_win_ci95
    );
}

#[test]
fn every_variant_runs() {
    for variant in VARIANTS {
        let run = run_duplicate(&config(variant, "counting", "heavy", 40, 2, 2), &|_| {}).unwrap();
        assert_eq!(run.summary.rounds, 40, "{variant}");
        assert!(
            run.summary.a_margin_ci95.iter().all(|x| x.is_finite()),
            "{variant}"
        );
    }
}

#[test]
fn a_round_robin_rates_every_player() {
    let cfg = RoundRobinConfig {
        rules: Rules::cuban(),
        variant: "cuban".into(),
        players: ["random", "heavy", "counting"]
            .iter()
            .map(|s| PlayerSpec::parse(s).unwrap())
            .collect(),
        rounds: 200,
        seed: 4,
        threads: 2,
        bootstrap: 50,
    };
    let r = run_round_robin(&cfg, &|_| {}).unwrap();
    assert_eq!(r.pairings.len(), 3);
    assert_eq!(r.elo.len(), 3);
    assert!(r.elo.windows(2).all(|w| w[0].elo >= w[1].elo));
    assert!(r.elo.iter().map(|e| e.elo).sum::<f64>().abs() < 1e-6);
    for e in &r.elo {
        assert!(e.elo_ci95[0] <= e.elo && e.elo <= e.elo_ci95[1], "{e:?}");
    }
    assert_eq!(
        run_round_robin(
            &RoundRobinConfig {
                threads: 1,
                ..cfg.clone()
            },
            &|_| {}
        )
        .unwrap(),
        r
    );
    assert!(
        run_round_robin(
            &RoundRobinConfig {
                players: vec![PlayerSpec::Random],
                ..cfg
            },
            &|_| {}
        )
        .is_err()
    );
}

/// A player whose search cannot find a deal: it fails as the search players do.
struct Failing;

impl Player for Failing {
    fn name(&self) -> String {
        "failing".into()
    }
    fn choose(&mut self, _: &InfoSet) -> Move {
        std::panic::panic_any(capicua_search::PlayerFailure {
            player: self.name(),
            error: capicua_search::SearchError::Sample(
                capicua_engine::SampleError::NoConsistentDeal,
            ),
        })
    }
}

#[test]
fn a_failing_search_player_is_an_error_not_a_panic() {
    let rules = Rules::cuban();
    let make = |s: &Seating| -> Box<dyn Player> {
        if s.side == Side::A {
            Box::new(Failing)
        } else {
            PlayerSpec::Heavy.build(s.seed)
        }
    };
    let err = capicua_eval::run_pairs(&rules, 4, 1, 2, &make, &|_| {}, &|_| {}).unwrap_err();
    assert!(
        matches!(&err, capicua_eval::EvalError::Player(f) if f.player == "failing"),
        "{err}"
    );
    assert!(err.to_string().contains("no deal"), "{err}");
}
