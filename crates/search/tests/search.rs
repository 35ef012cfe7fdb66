//! Behaviour of the searches: legal answers, no peeking, stop flag, reproducibility, reports,
//! evaluators with priors and batches, and leaf information sets.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use capicua_engine::{
    Deal, InfoSet, LEAD, Match, Move, Player, Redeal, Rng, Round, Rules, SampleError, Sampler, Tile,
};
use capicua_search::{
    Algorithm, Budget, Evaluation, Evaluator, IsmctsPlayer, Leaf, LeafValue, Parallelism,
    PimcPlayer, Report, RolloutPolicy, SearchConfig, SearchError, SearchRequest, SearchResult,
    Searcher,
};

const VARIANTS: &[&str] = &[
    "cuban",
    "cuban-d6",
    "jamaican",
    "cutthroat-3",
    "cutthroat-2-draw",
    "lankford-2",
    "chiva-3",
];

fn req(iters: u64, seed: u64) -> SearchRequest<'static> {
    SearchRequest {
        budget: Budget::iterations(iters),
        seed,
        stop: None,
        report: None,
    }
}

/// A round of `variant` from a random deal, played at random for up to `moves` moves.
fn random_round(rules: &Rules, rng: &mut Rng, moves: usize) -> Round {
    let m = Match::new(rules, rng.next_u64());
    let mut round = m.deal_round();
    round.play_random(rng, moves);
    round
}

/// Decision points (more than one legal move) of random rounds of `variant`.
fn decision_points(variant: &str, seed: u64, count: usize) -> Vec<(Round, InfoSet)> {
    let rules = Rules::preset(variant).unwrap();
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let depth = rng.below(30) as usize;
        let round = random_round(&rules, &mut rng, depth);
        if round.is_over() || round.legal_moves().len() < 2 {
            continue;
        }
        let info = round.infoset(round.to_move());
        out.push((round, info));
    }
    out
}

fn assert_legal(round: &Round, info: &InfoSet, res: &SearchResult, what: &str) {
    assert!(
        info.legal_moves().contains(res.best),
        "{what}: {} not legal",
        res.best
    );
    let mut r = round.clone();
    r.play(res.best)
        .unwrap_or_else(|e| panic!("{what}: referee refused {}: {e}", res.best));
    let legal: Vec<Move> = info.legal_moves().to_vec();
    assert_eq!(
        res.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
        legal,
        "{what}: stats per legal move"
    );
}

/// Priors that favour the first legal move; a constant value.
struct FavourFirst {
    batch: usize,
    calls: AtomicUsize,
    largest_batch: AtomicUsize,
}

impl FavourFirst {
    fn new(batch: usize) -> FavourFirst {
        FavourFirst {
            batch,
            calls: AtomicUsize::new(0),
            largest_batch: AtomicUsize::new(0),
        }
    }
}

impl Evaluator for FavourFirst {
    fn name(&self) -> String {
        "favour-first".into()
    }
    fn gives_priors(&self) -> bool {
        true
    }
    fn evaluate(&self, leaf: &Leaf<'_>, _rng: &mut Rng, out: &mut Evaluation) {
        self.calls.fetch_add(1, Ordering::Relaxed);
        out.priors = [0.0; capicua_search::ACTIONS];
        let legal = leaf.legal_moves();
        let n = legal.len();
        for (i, mv) in legal.iter().enumerate() {
            if let Some(a) = mv.action_index() {
                out.priors[a] = if i == 0 {
                    0.9
                } else {
                    0.1 / (n - 1).max(1) as f32
                };
            }
        }
        let side = leaf.root.rules().side_of(leaf.to_move());
        out.value = LeafValue::Estimate {
            side,
            win: 0.5,
            margin: 0.0,
        };
    }
    fn batch_size(&self) -> usize {
        self.batch
    }
    fn evaluate_batch(&self, leaves: &[Leaf<'_>], rng: &mut Rng, out: &mut [Evaluation]) {
        self.largest_batch
            .fetch_max(leaves.len(), Ordering::Relaxed);
        for (l, o) in leaves.iter().zip(out.iter_mut()) {
            self.evaluate(l, rng, o);
        }
    }
}

#[test]
fn every_returned_move_is_legal() {
    for (v, variant) in VARIANTS.iter().enumerate() {
        for (k, (round, info)) in decision_points(variant, 100 + v as u64, 12)
            .into_iter()
            .enumerate()
        {
            let what = format!("{variant} #{k}");
            let configs = [
                SearchConfig {
                    budget: Budget::iterations(150),
                    ..SearchConfig::default()
                },
                SearchConfig {
                    budget: Budget::iterations(150),
                    rollout: RolloutPolicy::Heuristic,
                    threads: 2,
                    parallel: Parallelism::Tree,
                    ..SearchConfig::default()
                },
                SearchConfig {
                    budget: Budget::iterations(150),
                    rollout: RolloutPolicy::Heuristic,
                    threads: 2,
                    parallel: Parallelism::Root,
                    ..SearchConfig::default()
                },
                SearchConfig {
                    budget: Budget::iterations(150),
                    algorithm: Algorithm::Pimc { worlds: 5 },
                    ..SearchConfig::default()
                },
                SearchConfig {
                    budget: Budget::iterations(150),
                    max_nodes: 2,
                    ..SearchConfig::default()
                },
            ];
            for c in configs {
                let res = Searcher::new(c.clone())
                    .search_with(&info, req(150, k as u64))
                    .unwrap();
                assert_legal(&round, &info, &res, &what);
                assert_eq!(res.iterations, 150, "{what} {c:?}");
                assert_eq!(
                    res.moves.iter().map(|m| m.visits).sum::<u64>(),
                    150,
                    "{what}: one root child per iteration"
                );
            }
            for batch in [1, 6] {
                let ev = Arc::new(FavourFirst::new(batch));
                let mut s = Searcher::with_evaluator(SearchConfig::default(), ev.clone());
                let res = s.search_with(&info, req(120, k as u64)).unwrap();
                assert_legal(&round, &info, &res, &format!("{what} puct batch {batch}"));
                assert!(ev.largest_batch.load(Ordering::Relaxed) <= batch);
            }
            // the default (`Auto`) shares one tree when the evaluator gives priors
            let shared = SearchConfig {
                threads: 2,
                ..SearchConfig::default()
            };
            let res = Searcher::with_evaluator(shared, Arc::new(FavourFirst::new(1)))
                .search_with(&info, req(120, k as u64))
                .unwrap();
            assert_legal(&round, &info, &res, &format!("{what} puct shared tree"));
            assert_eq!(res.iterations, 120, "{what} puct shared tree");
        }
    }
}

#[test]
fn forced_moves_return_at_once() {
    let rules = Rules::preset("lankford-2").unwrap();
    let mut rng = Rng::new(9);
    let mut found = 0;
    while found < 5 {
        let depth = rng.below(20) as usize;
        let round = random_round(&rules, &mut rng, depth);
        if round.is_over() || round.legal_moves().len() != 1 {
            continue;
        }
        let info = round.infoset(round.to_move());
        let res = Searcher::new(SearchConfig::default())
            .search(&info)
            .unwrap();
        assert_eq!(res.iterations, 0);
        assert!(info.legal_moves().contains(res.best));
        found += 1;
    }
}

#[test]
fn errors_for_positions_it_cannot_search() {
    let (round, info) = decision_points("cuban", 3, 1).pop().unwrap();
    let other = round.infoset((round.to_move() + 1) % 4);
    let mut s = Searcher::new(SearchConfig::default());
    assert!(matches!(
        s.search(&other),
        Err(capicua_search::SearchError::NotToMove { .. })
    ));
    let none = SearchRequest {
        budget: Budget::default(),
        seed: 0,
        stop: None,
        report: None,
    };
    assert!(matches!(
        s.search_with(&info, none),
        Err(capicua_search::SearchError::Config(_))
    ));
}

/// A second referee round whose hidden hands differ but whose information set for `seat` is
/// the same: dealt hands rebuilt from a sampled determinization (no-draw variants).
fn twin_round(round: &Round, seat: u8, rng: &mut Rng) -> Round {
    let info = round.infoset(seat);
    let rules = *round.rules();
    let sampler = Sampler::new(&info).unwrap();
    loop {
        let (hands, pile) = sampler.sample_hands(rng).unwrap();
        if hands == round.state().hands {
            continue;
        }
        let mut dealt = hands;
        for (p, h) in dealt.iter_mut().enumerate().take(rules.players as usize) {
            *h = h.union(info.played_by(p as u8));
        }
        let deal = Deal {
            hands: dealt,
            pile: pile.iter().collect(),
        };
        let mut twin = Round::new(&rules, deal, round.first(), None).unwrap();
        for &mv in round.history() {
            twin.play(mv).unwrap();
        }
        return twin;
    }
}

#[test]
fn search_never_peeks_at_hidden_hands() {
    for variant in ["cuban", "cutthroat-3", "cuban-d6"] {
        let mut rng = Rng::new(77);
        for (k, (round, info)) in decision_points(variant, 41, 6).into_iter().enumerate() {
            let seat = info.seat();
            let twin = twin_round(&round, seat, &mut rng);
            assert_ne!(twin.state().hands, round.state().hands);
            let twin_info = twin.infoset(seat);
            assert_eq!(
                (twin_info.hand(), twin_info.history()),
                (info.hand(), info.history())
            );
            for algorithm in [Algorithm::Ismcts, Algorithm::Pimc { worlds: 4 }] {
                let c = SearchConfig {
                    algorithm,
                    ..SearchConfig::default()
                };
                let mut a = Searcher::new(c.clone())
                    .search_with(&info, req(400, k as u64))
                    .unwrap();
                let mut b = Searcher::new(c)
                    .search_with(&twin_info, req(400, k as u64))
                    .unwrap();
                a.elapsed = Duration::ZERO;
                b.elapsed = Duration::ZERO;
                assert_eq!(a, b, "{variant} #{k} {algorithm:?}");
            }
        }
    }
}

#[test]
fn one_thread_is_reproducible() {
    let (_, info) = decision_points("cuban", 5, 1).pop().unwrap();
    let c = SearchConfig::default();
    let mut s = Searcher::new(c.clone());
    let mut a = s.search_with(&info, req(3000, 11)).unwrap();
    // the same searcher again (its arena reused), and a fresh one
    let mut b = s.search_with(&info, req(3000, 11)).unwrap();
    let mut f = Searcher::new(c.clone())
        .search_with(&info, req(3000, 11))
        .unwrap();
    let mut d = Searcher::new(c).search_with(&info, req(3000, 12)).unwrap();
    for r in [&mut a, &mut b, &mut f, &mut d] {
        r.elapsed = Duration::ZERO;
    }
    assert_eq!(a, b);
    assert_eq!(a, f);
    assert_ne!(a.moves, d.moves, "another seed searches differently");
    // PIMC assigns worlds to threads, so its counts do not depend on the thread count
    let p = |threads| {
        let c = SearchConfig {
            algorithm: Algorithm::Pimc { worlds: 6 },
            threads,
            ..SearchConfig::default()
        };
        let r = Searcher::new(c).search_with(&info, req(1200, 3)).unwrap();
        r.moves.iter().map(|m| m.visits).collect::<Vec<_>>()
    };
    assert_eq!(p(1), p(2));
}

#[test]
fn stop_flag_ends_the_search_within_milliseconds() {
    let (_, info) = decision_points("cuban", 8, 1).pop().unwrap();
    for (threads, algorithm) in [
        (1, Algorithm::Ismcts),
        (2, Algorithm::Ismcts),
        (2, Algorithm::Pimc { worlds: 3 }),
    ] {
        let stop = Arc::new(AtomicBool::new(false));
        let raised = Arc::new(Mutex::new(None::<Instant>));
        let (s2, r2) = (stop.clone(), raised.clone());
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(60));
            *r2.lock().unwrap() = Some(Instant::now());
            s2.store(true, Ordering::Relaxed);
        });
        let c = SearchConfig {
            threads,
            algorithm,
            ..SearchConfig::default()
        };
        let budget = Budget {
            iterations: None,
            time: Some(Duration::from_secs(30)),
        };
        let res = Searcher::new(c)
            .search_with(
                &info,
                SearchRequest {
                    budget,
                    seed: 1,
                    stop: Some(&stop),
                    report: None,
                },
            )
            .unwrap();
        let returned = Instant::now();
        raiser.join().unwrap();
        let lag = returned - raised.lock().unwrap().expect("raised");
        assert!(res.stopped);
        assert!(res.iterations > 0);
        // Typically well under a millisecond; on a loaded machine the search threads may wait
        // for a core, so this only asks that the stop, not the 30 s budget, ended the search.
        assert!(
            lag < Duration::from_secs(3),
            "{threads} threads {algorithm:?}: returned {lag:?} after the stop"
        );
        assert!(info.legal_moves().contains(res.best));
    }
}

#[test]
fn time_budget_and_reports() {
    let (_, info) = decision_points("cuban", 21, 1).pop().unwrap();
    let mut snapshots: Vec<(u64, u64)> = Vec::new();
    let mut cb =
        |r: &SearchResult| snapshots.push((r.iterations, r.moves.iter().map(|m| m.visits).sum()));
    let start = Instant::now();
    let res = Searcher::new(SearchConfig {
        threads: 2,
        ..SearchConfig::default()
    })
    .search_with(
        &info,
        SearchRequest {
            budget: Budget::time(Duration::from_millis(200)),
            seed: 2,
            stop: None,
            report: Some(Report {
                every: Duration::from_millis(30),
                callback: &mut cb,
            }),
        },
    )
    .unwrap();
    let took = start.elapsed();
    // The budget is a floor; the ceiling is generous (5x) because the threads may wait for a
    // core on a loaded machine. How close to 200 ms it ends is a benchmark's business.
    assert!(
        took >= Duration::from_millis(200) && took < Duration::from_millis(1000),
        "{took:?}"
    );
    assert!(snapshots.len() >= 2, "{} reports", snapshots.len());
    assert!(
        snapshots.windows(2).all(|w| w[0].0 <= w[1].0),
        "iterations grow: {snapshots:?}"
    );
    assert!(snapshots.last().unwrap().0 <= res.iterations);
    assert_eq!(
        res.moves.iter().map(|m| m.visits).sum::<u64>(),
        res.iterations
    );
}

#[test]
fn priors_steer_puct() {
    let (_, info) = decision_points("cuban", 31, 1).pop().unwrap();
    let ev = Arc::new(FavourFirst::new(1));
    // the evaluator's priors as they are (the default temperature flattens them)
    let config = SearchConfig {
        prior_temperature: 1.0,
        ..SearchConfig::default()
    };
    let res = Searcher::with_evaluator(config, ev.clone())
        .search_with(&info, req(400, 1))
        .unwrap();
    assert_eq!(res.best, info.legal_moves()[0]);
    let p = res.moves[0].prior.expect("a prior at the root");
    assert!((p - 0.9).abs() < 1e-6, "{p}");
    // the first iteration evaluates the root itself
    assert_eq!(res.moves.iter().map(|m| m.visits).sum::<u64>(), 399);
    assert_eq!(ev.calls.load(Ordering::Relaxed), 400);
    // with equal values, visits follow the priors
    assert!(res.moves[0].visits > 200, "{:?}", res.moves);
}

/// A `cuban` decision among four or more legal moves.
fn wide_decision() -> InfoSet {
    decision_points("cuban", 31, 20)
        .into_iter()
        .map(|(_, info)| info)
        .find(|i| i.legal_moves().len() >= 4)
        .expect("a decision among four or more moves")
}

#[test]
fn prior_temperature_flattens_the_priors() {
    let info = wide_decision();
    let n = info.legal_moves().len() as u64;
    let search = |ptemp: f64| {
        let config = SearchConfig {
            prior_temperature: ptemp,
            ..SearchConfig::default()
        };
        Searcher::with_evaluator(config, Arc::new(FavourFirst::new(1)))
            .search_with(&info, req(400, 1))
            .unwrap()
            .moves
    };
    let sharp = search(1.0);
    // the move FavourFirst favours, with the prior the search used
    let favoured = sharp
        .iter()
        .max_by(|a, b| a.prior.unwrap().total_cmp(&b.prior.unwrap()))
        .unwrap();
    assert!((favoured.prior.unwrap() - 0.9).abs() < 1e-6);
    assert!(favoured.visits > 200, "{sharp:?}");
    let flat = search(1000.0);
    let same = flat.iter().find(|m| m.mv == favoured.mv).unwrap();
    // nearly uniform priors and equal values: about 399 / n visits each
    for m in &flat {
        assert!((m.prior.unwrap() - 1.0 / n as f32).abs() < 0.01, "{flat:?}");
    }
    assert!(same.visits < 399 / n + 40, "{flat:?}");
}

/// The pips of each root move's tile and the prior the search gave it, at 50 iterations of
/// `config` (prior temperature 1) over [`wide_decision`] with the favour-first evaluator.
fn root_priors(config: SearchConfig) -> Vec<(u32, f32)> {
    let config = SearchConfig {
        prior_temperature: 1.0,
        ..config
    };
    Searcher::with_evaluator(config, Arc::new(FavourFirst::new(1)))
        .search_with(&wide_decision(), req(50, 1))
        .unwrap()
        .moves
        .iter()
        .map(|m| (m.mv.tile().unwrap().pips(), m.prior.unwrap()))
        .collect()
}

#[test]
fn pip_tilt_moves_the_searchers_priors_by_the_tiles_pips() {
    let priors = |tilt: f64| {
        root_priors(SearchConfig {
            prior_pip_tilt: tilt,
            ..SearchConfig::default()
        })
    };
    let (plain, tilted) = (priors(0.0), priors(-0.2));
    assert!((tilted.iter().map(|p| p.1).sum::<f32>() - 1.0).abs() < 1e-5);
    // each prior moves by exp(-0.2 * pips), then all are renormalised: the ratio of any two
    // moves' priors changes by exp(-0.2 * their difference in pips)
    for (a, b) in plain.iter().zip(&tilted).skip(1) {
        let (a0, b0) = (plain[0], tilted[0]);
        let want = (a.1 / a0.1) * (-0.2 * (a.0 as f32 - a0.0 as f32)).exp();
        assert!(
            (b.1 / b0.1 - want).abs() < 1e-4 * want.max(1.0),
            "{plain:?} {tilted:?}"
        );
    }
    assert!(
        plain.iter().any(|p| p.0 != plain[0].0),
        "the moves differ in pips"
    );
}

#[test]
fn a_move_reader_tilts_the_root_priors_by_its_scores() {
    use capicua_search::reader::MoveReader;
    let info = wide_decision();
    let priors = |reader: Option<MoveReader>| {
        root_priors(SearchConfig {
            move_reader: reader.map(Arc::new),
            ..SearchConfig::default()
        })
    };
    // feature 0 is the tile's pips / 18: a weight of -3.6 on it is a tilt of -0.2 a pip
    let mut reader = MoveReader::neutral(info.rules(), 4, false);
    reader.linear[0] = -3.6;
    let (plain, tilted) = (priors(None), priors(Some(reader.clone())));
    assert!((tilted.iter().map(|p| p.1).sum::<f32>() - 1.0).abs() < 1e-5);
    let ratio = |v: &[(u32, f32)], i: usize| v[i].1 / v[0].1;
    for i in 1..plain.len() {
        let dp = plain[i].0 as f32 - plain[0].0 as f32;
        let want = ratio(&plain, i) * (-0.2 * dp).exp();
        assert!(
            (ratio(&tilted, i) - want).abs() < 1e-4 * want.max(1.0),
            "{plain:?} {tilted:?}"
        );
    }
    assert!(
        plain.iter().any(|p| p.0 != plain[0].0),
        "the moves differ in pips"
    );
    // with no weight on the prior, the reader alone sets the priors
    reader.prior_weight = 0.0;
    let alone = priors(Some(reader.clone()));
    for i in 1..plain.len() {
        let dp = plain[i].0 as f32 - plain[0].0 as f32;
        assert!(
            (ratio(&alone, i) - (-0.2 * dp).exp()).abs() < 1e-4,
            "{alone:?}"
        );
    }
    // scaled by a half: half the tilt, and half the way from the prior's weight back to 1
    reader.prior_weight = 0.5;
    let half = root_priors(SearchConfig {
        move_reader: Some(Arc::new(reader.clone())),
        reader_scale: 0.5,
        ..SearchConfig::default()
    });
    for i in 1..plain.len() {
        let dp = plain[i].0 as f32 - plain[0].0 as f32;
        let want = ratio(&plain, i).powf(0.75) * (-0.1 * dp).exp();
        assert!((ratio(&half, i) - want).abs() < 1e-4, "{half:?}");
    }
    // scaled to nothing: the priors as they are
    let none = root_priors(SearchConfig {
        move_reader: Some(Arc::new(reader.clone())),
        reader_scale: 0.0,
        ..SearchConfig::default()
    });
    for (a, b) in none.iter().zip(&plain) {
        assert!((a.1 - b.1).abs() < 1e-6, "{none:?} {plain:?}");
    }
    // a reader of other rules is not read
    reader.players = 3;
    assert_eq!(priors(Some(reader)), plain);
}

#[test]
fn fpu_reduction_sets_how_untried_moves_are_valued() {
    let info = wide_decision();
    let n = info.legal_moves().len() as u64;
    let search = |fpu: f64, iters: u64| {
        let config = SearchConfig {
            prior_temperature: 1.0,
            fpu_reduction: fpu,
            ..SearchConfig::default()
        };
        Searcher::with_evaluator(config, Arc::new(FavourFirst::new(1)))
            .search_with(&info, req(iters, 1))
            .unwrap()
            .moves
    };
    // the first iteration evaluates the root; then the favourite (prior 0.9) is tried first
    let tried = |moves: &[capicua_search::MoveStats]| moves.iter().filter(|m| m.visits > 0).count();
    // as its parent, an untried move of prior 0.1 / (n - 1) waits behind the favourite
    assert!(tried(&search(0.0, n + 1)) < n as usize);
    // valued far above any reward, every move is tried once before any is tried twice
    let eager = search(-10.0, n + 1);
    assert!(eager.iter().all(|m| m.visits == 1), "{eager:?}");
    // valued far below, the search never leaves the favourite
    let stubborn = search(10.0, 400);
    assert_eq!(tried(&stubborn), 1, "{stubborn:?}");
    let only = stubborn.iter().find(|m| m.visits > 0).unwrap();
    assert!((only.prior.unwrap() - 0.9).abs() < 1e-6, "{only:?}");
}

#[test]
fn rollout_mix_blends_rollouts_into_the_estimates() {
    let (_, info) = decision_points("cuban", 31, 1).pop().unwrap();
    let wins = |mix: f64| {
        let config = SearchConfig {
            rollout_mix: mix,
            ..SearchConfig::default()
        };
        let res = Searcher::with_evaluator(config, Arc::new(FavourFirst::new(1)))
            .search_with(&info, req(400, 1))
            .unwrap();
        res.moves
            .iter()
            .filter(|m| m.visits > 20)
            .map(|m| m.win.unwrap())
            .collect::<Vec<f64>>()
    };
    // FavourFirst values every leaf at 0.5: without rollouts nothing else is seen this early
    assert!(wins(0.0).iter().all(|&w| w == 0.5), "{:?}", wins(0.0));
    // whole rollouts end in wins and losses; half-weighted they move half as far from 0.5
    let full = wins(1.0);
    assert!(full.iter().any(|&w| (w - 0.5).abs() > 0.02), "{full:?}");
    let half = wins(0.5);
    assert!(half.iter().all(|&w| (0.25..=0.75).contains(&w)), "{half:?}");
    assert!(half.iter().any(|&w| w != 0.5), "{half:?}");
}

/// Every rollout policy, mixed into a tree with priors and as a plain search's evaluator,
/// finishes its searches with a legal move in every variant, draw games included (where the
/// `read` rollout's memory forgets a drawing seat's voids).
#[test]
fn every_rollout_policy_searches_every_variant() {
    for variant in ["cuban", "cutthroat-3", "lankford-2", "chiva-3"] {
        for (_, info) in decision_points(variant, 17, 3) {
            for policy in ["random", "heuristic", "heavy", "club", "read"] {
                let rollout = RolloutPolicy::from_name(policy).unwrap();
                let mixed = SearchConfig {
                    rollout_mix: 0.5,
                    rollouts: 2,
                    rollout,
                    ..SearchConfig::default()
                };
                let res = Searcher::with_evaluator(mixed, Arc::new(FavourFirst::new(1)))
                    .search_with(&info, req(200, 1))
                    .unwrap();
                assert!(info.legal_moves().contains(res.best), "{variant} {policy}");
                let plain = SearchConfig {
                    rollout,
                    ..SearchConfig::default()
                };
                let res = Searcher::new(plain)
                    .search_with(&info, req(200, 1))
                    .unwrap();
                assert!(info.legal_moves().contains(res.best), "{variant} {policy}");
            }
        }
    }
}

#[test]
fn rollouts_average_into_a_leaf_value() {
    let info = wide_decision();
    let n = info.legal_moves().len() as u64;
    // every move is tried once (see fpu_reduction's test), and valued by its rollouts alone
    let wins = |rollouts: u32| {
        let config = SearchConfig {
            prior_temperature: 1.0,
            fpu_reduction: -10.0,
            rollout_mix: 1.0,
            rollouts,
            ..SearchConfig::default()
        };
        let res = Searcher::with_evaluator(config, Arc::new(FavourFirst::new(1)))
            .search_with(&info, req(n + 1, 1))
            .unwrap();
        assert!(res.moves.iter().all(|m| m.visits == 1), "{:?}", res.moves);
        res.moves
            .iter()
            .map(|m| m.win.unwrap())
            .collect::<Vec<f64>>()
    };
    // one rollout ends in a win, a tie or a loss
    let one = wins(1);
    assert!(one.iter().all(|w| [0.0, 0.5, 1.0].contains(w)), "{one:?}");
    // the mean of eight lands between them
    let eight = wins(8);
    assert!(eight.iter().all(|w| (w * 16.0).fract() == 0.0), "{eight:?}");
    assert!(
        eight.iter().any(|w| ![0.0, 0.5, 1.0].contains(w)),
        "{eight:?}"
    );
}

/// [`FavourFirst`], noting for each leaf the root move it went through and the deal's
/// sleeping tiles (out of play and in no hand: no play changes them, so they name the deal).
struct DealRecorder {
    inner: FavourFirst,
    seen: Mutex<Vec<(Move, u64)>>,
}

impl Evaluator for DealRecorder {
    fn name(&self) -> String {
        "deal-recorder".into()
    }
    fn gives_priors(&self) -> bool {
        true
    }
    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        if let Some(&first) = leaf.path.first() {
            let s = leaf.state;
            let held = s.hands.iter().fold(0, |m, h| m | h.0);
            self.seen.lock().unwrap().push((first, s.out.0 & !held));
        }
        self.inner.evaluate(leaf, rng, out);
    }
}

/// With `common_root_deals`, every root move's n-th iteration plays the same deal: the deals
/// each root move's leaves saw, in order, are the start of one list. With fresh deals they
/// are not, and the search draws a deal for every iteration.
#[test]
fn common_root_deals_pair_the_root_moves_deal_by_deal() {
    let info = wide_decision();
    let deals_seen = |common: bool| {
        let recorder = Arc::new(DealRecorder {
            inner: FavourFirst::new(1),
            seen: Mutex::new(Vec::new()),
        });
        // one move deep, so that every iteration ends at a leaf the evaluator sees (a decision
        // among four moves leaves the mover a tile: no first move ends the round)
        let config = SearchConfig {
            prior_temperature: 3.0,
            max_depth: 1,
            common_root_deals: common,
            ..SearchConfig::default()
        };
        let res = Searcher::with_evaluator(config, recorder.clone())
            .search_with(&info, req(400, 7))
            .unwrap();
        assert!(info.legal_moves().contains(res.best));
        let seen = recorder.seen.lock().unwrap().clone();
        let mut by_move: Vec<Vec<u64>> = Vec::new();
        for mv in info.legal_moves().iter() {
            let piles: Vec<_> = seen.iter().filter(|(m, _)| m == mv).map(|x| x.1).collect();
            if !piles.is_empty() {
                by_move.push(piles);
            }
        }
        by_move
    };
    let common = deals_seen(true);
    assert!(common.len() >= 3, "{} root moves visited", common.len());
    let longest = common.iter().max_by_key(|p| p.len()).unwrap().clone();
    assert!(longest.len() > 20);
    for piles in &common {
        assert_eq!(piles[..], longest[..piles.len()], "a root move's deals");
    }
    let distinct: std::collections::HashSet<_> = longest.iter().collect();
    assert!(
        distinct.len() > longest.len() * 9 / 10,
        "the deals are drawn anew"
    );
    // fresh deals: the root moves' first deals differ
    let fresh = deals_seen(false);
    let firsts: std::collections::HashSet<_> = fresh.iter().map(|p| p[0]).collect();
    assert!(firsts.len() > 1, "{} first deals", firsts.len());
}

/// Compares the rebuilt information set of a leaf's mover with the referee's.
fn same_view(a: &InfoSet, b: &InfoSet, what: &str, dealt_too: bool) {
    assert_eq!(a.seat(), b.seat(), "{what}");
    assert_eq!(a.hand(), b.hand(), "{what}");
    assert_eq!(
        (
            a.ends(),
            a.to_move(),
            a.counts(),
            a.pile_count(),
            a.played()
        ),
        (
            b.ends(),
            b.to_move(),
            b.counts(),
            b.pile_count(),
            b.played()
        ),
        "{what}"
    );
    for s in 0..a.rules().players {
        assert_eq!(a.excluded(s), b.excluded(s), "{what}: voids of {s}");
        assert_eq!(a.played_by(s), b.played_by(s), "{what}");
    }
    assert_eq!(a.context(), b.context(), "{what}");
    if dealt_too {
        assert_eq!(a.dealt(), b.dealt(), "{what}");
        assert_eq!(a.history(), b.history(), "{what}");
    } else {
        let public = |i: &InfoSet| -> Vec<Move> {
            i.history()
                .iter()
                .map(|&m| {
                    if matches!(m, Move::Draw(_)) {
                        Move::Draw(None)
                    } else {
                        m
                    }
                })
                .collect()
        };
        assert_eq!(public(a), public(b), "{what}");
    }
}

#[test]
fn leaf_infoset_is_what_the_mover_knows() {
    for variant in VARIANTS {
        let rules = Rules::preset(variant).unwrap();
        let draw = rules.draw;
        for (k, (round, info)) in decision_points(variant, 500, 15).into_iter().enumerate() {
            // the true state is one determinization; play on from it as a search would
            let mut rng = Rng::new(k as u64);
            let mut after = round.clone();
            let steps = rng.below(8) as usize;
            after.play_random(&mut rng, steps);
            if after.is_over() {
                continue;
            }
            let path = &after.history()[round.history().len()..];
            let leaf = Leaf {
                root: &info,
                path,
                state: after.state(),
            };
            let mover = leaf.to_move();
            let rebuilt = leaf
                .mover_infoset()
                .unwrap_or_else(|e| panic!("{variant} #{k}: {e}"));
            let referee = after.infoset(mover);
            // in draw games another seat's draws before the root are not known to the searcher
            let exact = !draw || mover == info.seat();
            same_view(&rebuilt, &referee, &format!("{variant} #{k}"), exact);
            assert_eq!(leaf.legal_moves().to_vec(), referee.legal_moves().to_vec());
            assert_eq!(
                rebuilt.legal_moves().to_vec(),
                referee.legal_moves().to_vec()
            );
        }
    }
}

#[test]
fn players_play_whole_rounds() {
    let rules = Rules::cuban();
    let mut m = Match::new(&rules, 4);
    let iters = |n: u64, c: SearchConfig| SearchConfig {
        budget: Budget::iterations(n),
        ..c
    };
    let mut a = IsmctsPlayer::new(iters(200, SearchConfig::default()));
    let mut b = PimcPlayer::new(SearchConfig {
        algorithm: Algorithm::Pimc { worlds: 4 },
        ..iters(200, SearchConfig::default())
    });
    let mut c = IsmctsPlayer::named(
        "ismcts:iters=100,rollout=heuristic,threads=2",
        SearchConfig {
            rollout: RolloutPolicy::Heuristic,
            threads: 2,
            ..iters(100, SearchConfig::default())
        },
    );
    // a PIMC player given an ISMCTS configuration runs PIMC with the default worlds
    let mut d = PimcPlayer::new(iters(100, SearchConfig::default()));
    assert_eq!(a.name(), "ismcts");
    assert_eq!(c.name(), "ismcts:iters=100,rollout=heuristic,threads=2");
    assert_eq!(b.worlds(), 4);
    assert_eq!(d.worlds(), capicua_search::config::DEFAULT_WORLDS);
    let mut players: [&mut dyn Player; 4] = [&mut a, &mut b, &mut c, &mut d];
    let (round, _) = m.play_round(&mut players);
    assert!(round.is_over());
    assert!(a.last_result().is_some());
}

#[test]
fn players_answer_the_same_situation_the_same_way() {
    let (_, info) = decision_points("cuban", 61, 1).pop().unwrap();
    let config = SearchConfig {
        budget: Budget::iterations(500),
        seed: 3,
        ..SearchConfig::default()
    };
    let mut a = IsmctsPlayer::new(config.clone());
    let mut b = IsmctsPlayer::new(config);
    let first = a.choose(&info);
    let _ = b.choose(&decision_points("cuban", 62, 1).pop().unwrap().1);
    assert_eq!(b.choose(&info), first);
    assert_eq!(
        a.last_result().unwrap().moves,
        b.last_result().unwrap().moves
    );
}

#[test]
fn a_domino_in_hand_is_a_certain_win() {
    // positions where the seat to move holds one tile that fits both (different) ends: either
    // play ends the round won
    let rules = Rules::cuban();
    let mut rng = Rng::new(2);
    let mut found = 0;
    for _ in 0..20_000 {
        let mut round = Match::new(&rules, rng.next_u64()).deal_round();
        while !round.is_over() && found < 5 {
            let s = round.to_move();
            let legal = round.legal_moves();
            if round.state().hands[s as usize].len() == 1 && legal.len() == 2 {
                found += 1;
                let res = Searcher::new(SearchConfig::default())
                    .search_with(&round.infoset(s), req(200, 1))
                    .unwrap();
                for m in &res.moves {
                    assert_eq!(m.win, Some(1.0), "{:?}", res.moves);
                    assert!(m.margin.unwrap() >= 0.0 && m.reward.unwrap() >= 0.5);
                }
            }
            round.play(rng.pick(&legal)).unwrap();
        }
        if found == 5 {
            return;
        }
    }
    panic!("found only {found} positions");
}

/// Both search algorithms on 1 and 2 threads.
const SEARCHES: [(usize, Algorithm); 3] = [
    (1, Algorithm::Ismcts),
    (2, Algorithm::Ismcts),
    (2, Algorithm::Pimc { worlds: 2 }),
];

fn search_on(
    info: &InfoSet,
    threads: usize,
    algorithm: Algorithm,
) -> Result<SearchResult, SearchError> {
    Searcher::new(SearchConfig {
        threads,
        algorithm,
        ..SearchConfig::default()
    })
    .search_with(info, req(200, 1))
}

#[test]
fn no_consistent_deal_is_an_error() {
    // `cuban-d6` deals every tile. Seat 0 leads the 6-6 and the three others pass, each
    // showing it holds no six: the four sixes seat 0 has not seen fit nowhere.
    let rules = Rules::preset("cuban-d6").unwrap();
    let hand = ["6-6", "6-5", "6-4", "0-1", "0-2", "1-2", "3-3"]
        .iter()
        .map(|t| Tile::parse(t, 6).unwrap())
        .collect();
    let mut info = InfoSet::new(&rules, 0, 0, hand).unwrap();
    info.apply(Move::Play {
        tile: Tile::parse("6-6", 6).unwrap(),
        end: LEAD,
    })
    .unwrap();
    for _ in 0..3 {
        info.apply(Move::Pass).unwrap();
    }
    assert_eq!(info.to_move(), 0);
    assert!(info.legal_moves().len() > 1);
    for (threads, algorithm) in SEARCHES {
        let res = search_on(&info, threads, algorithm);
        assert_eq!(
            res.unwrap_err(),
            SearchError::Sample(SampleError::NoConsistentDeal),
            "{threads} threads {algorithm:?}"
        );
    }
}

#[test]
fn a_sampler_that_rejects_every_deal_is_an_error() {
    // Under a compulsory redeal at two doubles, the six doubles seat 0 does not hold cannot be
    // spread over three hands of a deal that gives out every tile: the sampler's counts allow
    // deals, its rejection step refuses each one, and the search reports it.
    let rules = Rules {
        redeal: Redeal::Compulsory,
        redeal_doubles: 2,
        ..Rules::preset("cuban-d6").unwrap()
    };
    let hand = ["6-6", "6-5", "6-4", "0-1", "0-2", "1-2", "1-3"]
        .iter()
        .map(|t| Tile::parse(t, 6).unwrap())
        .collect();
    let info = InfoSet::new(&rules, 0, 0, hand).unwrap();
    let sampler = Sampler::new(&info).unwrap();
    assert!(sampler.sample(&mut Rng::new(1)).is_err());
    for (threads, algorithm) in SEARCHES {
        let res = search_on(&info, threads, algorithm);
        assert_eq!(
            res.unwrap_err(),
            SearchError::Sample(SampleError::NoConsistentDeal),
            "{threads} threads {algorithm:?}"
        );
    }
}

#[test]
fn a_searcher_can_move_to_a_search_thread() {
    fn send<T: Send>(_: &T) {}
    let (_, info) = decision_points("cuban", 81, 1).pop().unwrap();
    let mut s = Searcher::new(SearchConfig::default());
    send(&s);
    // the engine process runs `go` on its own thread and keeps the searcher for the next one
    let handle = std::thread::spawn(move || {
        let r = s.search_with(&info, req(500, 1)).unwrap();
        (s, r)
    });
    let (_s, r) = handle.join().unwrap();
    assert_eq!(r.iterations, 500);
}

#[test]
fn endgame_solving_finds_the_solved_move_when_nothing_is_hidden() {
    // Cut throat for two deals every tile: the other hand is exactly the unseen tiles, so
    // every determinization is the true deal and solved leaves are exact.
    let rules = Rules::preset("cutthroat-2").unwrap();
    let mut checked = 0;
    for seed in 0..40 {
        let mut round = Match::new(&rules, seed).deal_round();
        let mut rng = Rng::new(seed);
        // play on to a real choice with few tiles left
        while !round.is_over() {
            let tiles: u32 = round.state().hands.iter().map(|h| h.len()).sum();
            if tiles <= 12 && round.legal_moves().len() > 1 {
                break;
            }
            round.play_random(&mut rng, 1);
        }
        if round.is_over() {
            continue;
        }
        let info = round.infoset(round.to_move());
        // a tree with room for the root's children only: every visit of a child is a leaf,
        // valued by the solver on the one possible deal, so its mean is its exact value
        let config = SearchConfig {
            solve_tiles: 55,
            max_nodes: 1 + info.legal_moves().len(),
            ..SearchConfig::default()
        };
        let res = Searcher::new(config)
            .search_with(&info, req(3000, seed))
            .unwrap();
        if res.moves.iter().any(|m| m.visits == 0) {
            // the tree's room also holds reserved blocks: not every child may fit
            continue;
        }
        let mut solver = capicua_solver::Solver::default();
        let values = solver
            .move_values(
                &rules,
                round.state(),
                round.first(),
                0,
                capicua_solver::SolveLimits::NONE,
            )
            .unwrap();
        let value_of = |mv: Move| {
            values
                .moves
                .iter()
                .find(|m| m.mv == mv)
                .and_then(|m| m.outcome.exact())
                .unwrap()
        };
        let best = values
            .moves
            .iter()
            .filter_map(|m| m.outcome.exact())
            .max()
            .unwrap();
        assert_eq!(value_of(res.best), best, "seed {seed}: {res:?}");
        for m in res.moves.iter().filter(|m| m.visits > 0) {
            assert_eq!(m.margin, Some(value_of(m.mv) as f64), "seed {seed}: {m:?}");
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} positions");
}

/// Priors all on the legal play of the lowest tile index (every seat); a constant value.
/// Checks every leaf's path: each play of a seat other than the searcher's, where it had a
/// choice, must be the one its priors named for its hand in that determinization. Its priors
/// name the lowest tile; with `others_highest` its model of the other seats
/// ([`Evaluator::other_policy`]) names the highest instead.
#[derive(Default)]
struct LowestTile {
    checked: AtomicUsize,
    unmodelled: AtomicUsize,
    others_highest: bool,
}

/// The action index of the lowest or highest legal play at `leaf`, if it has a play.
fn extreme_play(leaf: &Leaf<'_>, highest: bool) -> Option<usize> {
    let plays = leaf.legal_moves();
    let indices = plays.iter().filter_map(|m| m.action_index());
    if highest {
        indices.max()
    } else {
        indices.min()
    }
}

impl Evaluator for LowestTile {
    fn name(&self) -> String {
        "lowest-tile".into()
    }
    fn gives_priors(&self) -> bool {
        true
    }
    fn other_policy(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        self.evaluate(leaf, rng, out);
        if self.others_highest {
            out.priors = [0.0; capicua_search::ACTIONS];
            if let Some(a) = extreme_play(leaf, true) {
                out.priors[a] = 1.0;
            }
        }
    }
    fn evaluate(&self, leaf: &Leaf<'_>, _rng: &mut Rng, out: &mut Evaluation) {
        out.priors = [0.0; capicua_search::ACTIONS];
        if let Some(a) = extreme_play(leaf, false) {
            out.priors[a] = 1.0;
        }
        out.value = LeafValue::Estimate {
            side: leaf.root.rules().side_of(leaf.to_move()),
            win: 0.5,
            margin: 0.0,
        };
        // who made each move of the path, and the ends before it
        let mut public = *leaf.root.public();
        let mut steps = Vec::new();
        for &mv in leaf.path {
            steps.push((public.to_move(), public.ends(), mv));
            public.apply(mv);
        }
        for (i, &(s, ends, mv)) in steps.iter().enumerate() {
            let (Move::Play { tile, .. }, Some((l, r))) = (mv, ends) else {
                continue;
            };
            if s == leaf.root.seat() {
                continue;
            }
            // the seat's hand then: its hand at the leaf and its plays from this move on
            let mut hand = leaf.state.hands[s as usize];
            for &(t, _, later) in &steps[i..] {
                if let (true, Move::Play { tile, .. }) = (t == s, later) {
                    hand.insert(tile);
                }
            }
            let playable: Vec<Tile> = hand.iter().filter(|t| t.has(l) || t.has(r)).collect();
            if playable.len() < 2 {
                continue;
            }
            self.checked.fetch_add(1, Ordering::Relaxed);
            let modelled = if self.others_highest {
                playable.iter().max_by_key(|t| t.index())
            } else {
                playable.iter().min_by_key(|t| t.index())
            };
            if tile != *modelled.unwrap() {
                self.unmodelled.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// Uniform priors and a constant value. Checks every leaf's path: for each play of another
/// seat where it had a choice, whether it is the move `club_move` makes for that seat's hand
/// in the determinization (its choice when it does not play at random), counted for the
/// partner and for the opponents.
#[derive(Default)]
struct ClubSeats {
    /// [partner, opponents]: plays checked, and those that were club's choice.
    checked: [AtomicUsize; 2],
    club: [AtomicUsize; 2],
}

/// The move `club_move` makes at `state` when it does not play at random: the most frequent
/// over many draws (one in eight is random).
fn club_choice(state: &capicua_engine::State, rules: &Rules) -> Move {
    let weights = capicua_bots::CountingWeights::default();
    let mut counts: Vec<(Move, u32)> = Vec::new();
    for seed in 0..24 {
        let mv = capicua_search::rollout::club_move(
            state,
            rules,
            &weights,
            None,
            capicua_search::rollout::HEURISTIC_RANDOM_ONE_IN,
            &mut Rng::new(seed),
        );
        match counts.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, n)) => *n += 1,
            None => counts.push((mv, 1)),
        }
    }
    counts.into_iter().max_by_key(|&(_, n)| n).unwrap().0
}

impl Evaluator for ClubSeats {
    fn name(&self) -> String {
        "club-seats".into()
    }
    fn gives_priors(&self) -> bool {
        true
    }
    fn evaluate(&self, leaf: &Leaf<'_>, _rng: &mut Rng, out: &mut Evaluation) {
        out.priors = [1.0; capicua_search::ACTIONS];
        let rules = leaf.root.rules();
        out.value = LeafValue::Estimate {
            side: rules.side_of(leaf.to_move()),
            win: 0.5,
            margin: 0.0,
        };
        // the determinization at the root: the leaf's hands and the path's plays (no draws)
        let mut hands = leaf.state.hands;
        for (&mv, seat) in leaf.path.iter().zip(path_movers(leaf)) {
            if let Move::Play { tile, .. } = mv {
                hands[seat as usize].insert(tile);
            }
        }
        let mut state = leaf.root.determinize(hands, leaf.state.pile);
        let me = leaf.root.seat();
        for &mv in leaf.path {
            let s = state.to_move;
            let mut legal = capicua_engine::MoveList::default();
            state.legal_moves(&mut legal);
            if s != me && legal.len() > 1 {
                let group = usize::from(rules.side_of(s) != rules.side_of(me));
                self.checked[group].fetch_add(1, Ordering::Relaxed);
                if mv == club_choice(&state, rules) {
                    self.club[group].fetch_add(1, Ordering::Relaxed);
                }
            }
            state.apply(mv);
        }
    }
}

/// The seat that made each move of `leaf`'s path.
fn path_movers(leaf: &Leaf<'_>) -> Vec<u8> {
    let mut public = *leaf.root.public();
    leaf.path
        .iter()
        .map(|&mv| {
            let s = public.to_move();
            public.apply(mv);
            s
        })
        .collect()
}

#[test]
fn club_modelled_seats_play_club_moves_and_only_the_seats_named() {
    use capicua_search::{OtherSeats, SeatGroup};
    // the share of the partner's and of the opponents' plays that were club's choice
    let run = |other_seats: OtherSeats, modelled_seats: SeatGroup| {
        let ev = Arc::new(ClubSeats::default());
        let config = SearchConfig {
            other_seats,
            modelled_seats,
            ..SearchConfig::default()
        };
        let mut searcher = Searcher::with_evaluator(config, ev.clone());
        for (k, (round, info)) in decision_points("cuban", 43, 6).iter().enumerate() {
            let res = searcher.search_with(info, req(800, k as u64)).unwrap();
            assert_legal(round, info, &res, &format!("decision {k}"));
        }
        let share = |g: usize| {
            let n = ev.checked[g].load(Ordering::Relaxed);
            assert!(n > 300, "only {n} plays of group {g} seen");
            ev.club[g].load(Ordering::Relaxed) as f64 / n as f64
        };
        [share(0), share(1)]
    };
    // one play in eight is random and sometimes club's choice anyway
    let modelled = 0.86;
    let [partner, opponents] = run(OtherSeats::Club, SeatGroup::Partner);
    assert!(partner > modelled, "partner {partner}");
    assert!(opponents < 0.7, "opponents {opponents}");
    let [partner, opponents] = run(OtherSeats::Club, SeatGroup::Opponents);
    assert!(
        partner < 0.7 && opponents > modelled,
        "{partner} {opponents}"
    );
    let [partner, opponents] = run(OtherSeats::Club, SeatGroup::All);
    assert!(
        partner > modelled && opponents > modelled,
        "{partner} {opponents}"
    );
    let [partner, opponents] = run(OtherSeats::Search, SeatGroup::All);
    assert!(partner < 0.7 && opponents < 0.7, "{partner} {opponents}");
}

#[test]
fn modelled_seats_play_their_policy_for_the_hand_they_were_dealt() {
    use capicua_search::OtherSeats;
    let run = |other_seats: OtherSeats, others_highest: bool| {
        let ev = Arc::new(LowestTile {
            others_highest,
            ..LowestTile::default()
        });
        let config = SearchConfig {
            other_seats,
            ..SearchConfig::default()
        };
        let mut searcher = Searcher::with_evaluator(config, ev.clone());
        for (k, (round, info)) in decision_points("cuban", 41, 6).iter().enumerate() {
            let res = searcher.search_with(info, req(1500, k as u64)).unwrap();
            assert_legal(round, info, &res, &format!("decision {k}"));
        }
        (
            ev.checked.load(Ordering::Relaxed),
            ev.unmodelled.load(Ordering::Relaxed),
        )
    };
    for others_highest in [false, true] {
        let (checked, unmodelled) = run(OtherSeats::Policy { temperature: 1.0 }, others_highest);
        assert!(checked > 1000, "only {checked} choices of other seats seen");
        assert_eq!(
            unmodelled, 0,
            "of {checked} (others_highest {others_highest})"
        );
    }
    // tree statistics shared over determinizations choose otherwise
    let (checked, unmodelled) = run(OtherSeats::Search, false);
    assert!(
        checked > 1000 && unmodelled > 0,
        "{unmodelled} of {checked}"
    );
}

/// The default shares one tree only where a network's priors make the iterations costly
/// enough for the lock (eval/results/shared51/, eval/results/plain52/).
#[test]
fn the_default_shares_one_tree_only_with_a_network() {
    let auto = SearchConfig::default().parallel;
    assert!(auto.one_tree(true));
    assert!(!auto.one_tree(false));
    for network in [false, true] {
        assert!(Parallelism::Tree.one_tree(network));
        assert!(!Parallelism::Root.one_tree(network));
    }
}

/// Two threads on one tree: every iteration runs, and every visit a descent counts (the
/// virtual loss in flight) is backed up. The evaluator values every leaf at a win chance of
/// one half and a margin of 0, and no descent reaches the end of the round, so a visit
/// counted and never backed up would pull a root child's means below those.
#[test]
fn a_shared_tree_backs_up_every_visit_it_counts() {
    let rules = Rules::preset("cuban").unwrap();
    let mut rng = Rng::new(41);
    let mut k = 0u64;
    while k < 8 {
        let moves = rng.below(8) as usize;
        let round = random_round(&rules, &mut rng, moves);
        if round.is_over() || round.legal_moves().len() < 2 {
            continue;
        }
        let info = round.infoset(round.to_move());
        let ev = Arc::new(FavourFirst::new(1));
        let config = SearchConfig {
            threads: 2,
            parallel: Parallelism::Tree,
            max_depth: 2,
            ..SearchConfig::default()
        };
        let res = Searcher::with_evaluator(config, ev.clone())
            .search_with(&info, req(3000, k))
            .unwrap();
        let what = format!("position {k}");
        assert_legal(&round, &info, &res, &what);
        assert_eq!(res.iterations, 3000, "{what}");
        // an iteration that met the root before its first evaluation visits no child: one per
        // thread at most
        let visits: u64 = res.moves.iter().map(|m| m.visits).sum();
        assert!(
            (2998..=3000).contains(&visits),
            "{what}: {visits} root visits"
        );
        assert_eq!(
            ev.calls.load(Ordering::Relaxed),
            3000,
            "{what}: one leaf each"
        );
        for m in res.moves.iter().filter(|m| m.visits > 0) {
            let (win, margin) = (m.win.unwrap(), m.margin.unwrap());
            assert!((win - 0.5).abs() < 1e-9, "{what}: {} win {win}", m.mv);
            assert!(margin.abs() < 1e-9, "{what}: {} margin {margin}", m.mv);
        }
        k += 1;
    }
}
