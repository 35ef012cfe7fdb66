//! Searches whose determinizations come from an evaluator's beliefs (`BeliefMode::Learned`):
//! legal, reproducible, an error without beliefs, unchanged in uniform mode, and the exact
//! learned beliefs report.

use std::sync::Arc;
use std::time::Duration;

use capicua_engine::{InfoSet, Match, PlaceWeights, Rng, Round, Rules, Tile};
use capicua_search::{
    Algorithm, BeliefKind, BeliefMode, Budget, Evaluation, Evaluator, Leaf, RolloutEvaluator,
    SearchConfig, SearchError, SearchRequest, SearchResult, Searcher, SeatGroup, beliefs,
    learned_beliefs,
};

/// Random rollouts, and beliefs that put most of every unseen tile on the searcher's left
/// neighbour (or uniform ones).
struct Believer {
    skewed: bool,
}

fn skewed_weights(info: &InfoSet) -> PlaceWeights {
    let mut w = PlaceWeights::uniform();
    let left = ((info.seat() + 1) % info.rules().players) as usize;
    for i in 0..55 {
        let mut row = [0.2; 5];
        row[left] = 5.0 + (i % 3) as f64;
        w.set(Tile::from_index(i), row);
    }
    w
}

impl Evaluator for Believer {
    fn name(&self) -> String {
        "believer".into()
    }
    fn gives_priors(&self) -> bool {
        false
    }
    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        RolloutEvaluator::default().evaluate(leaf, rng, out);
    }
    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        Some(if self.skewed {
            skewed_weights(info)
        } else {
            PlaceWeights::uniform()
        })
    }
}

fn req(iters: u64, seed: u64) -> SearchRequest<'static> {
    SearchRequest {
        budget: Budget::iterations(iters),
        seed,
        stop: None,
        report: None,
    }
}

/// Decision points (more than one legal move) of random rounds of `variant`.
fn decision_points(variant: &str, seed: u64, count: usize) -> Vec<(Round, InfoSet)> {
    let rules = Rules::preset(variant).unwrap();
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut round = Match::new(&rules, rng.next_u64()).deal_round();
        let moves = rng.below(30) as usize;
        round.play_random(&mut rng, moves);
        if round.is_over() || round.legal_moves().len() < 2 {
            continue;
        }
        let info = round.infoset(round.to_move());
        out.push((round, info));
    }
    out
}

fn search(
    config: &SearchConfig,
    skewed: bool,
    info: &InfoSet,
    iters: u64,
    seed: u64,
) -> SearchResult {
    let ev = Arc::new(Believer { skewed });
    let mut r = Searcher::with_evaluator(config.clone(), ev)
        .search_with(info, req(iters, seed))
        .unwrap();
    r.elapsed = Duration::ZERO;
    r
}

#[test]
fn learned_searches_play_legal_moves_reproducibly() {
    for variant in ["cuban", "cutthroat-2-draw", "lankford-3", "jamaican"] {
        for (k, (round, info)) in decision_points(variant, 4, 3).into_iter().enumerate() {
            for algorithm in [Algorithm::Ismcts, Algorithm::Pimc { worlds: 4 }] {
                let config = SearchConfig {
                    algorithm,
                    beliefs: BeliefMode::Learned,
                    ..SearchConfig::default()
                };
                let what = format!("{variant} #{k} {algorithm:?}");
                let a = search(&config, true, &info, 400, k as u64);
                let b = search(&config, true, &info, 400, k as u64);
                assert_eq!(a, b, "{what}: one thread, one seed, one result");
                assert!(info.legal_moves().contains(a.best), "{what}");
                let mut r = round.clone();
                r.play(a.best).unwrap();
                assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), a.iterations);
            }
        }
    }
}

#[test]
fn learned_without_beliefs_is_an_error() {
    let (_, info) = decision_points("cuban", 1, 1).pop().unwrap();
    let config = SearchConfig {
        beliefs: BeliefMode::Learned,
        ..SearchConfig::default()
    };
    let err = Searcher::new(config.clone())
        .search_with(&info, req(100, 1))
        .unwrap_err();
    assert_eq!(err, SearchError::NoBeliefs);
    assert_eq!(
        err.to_string(),
        "beliefs=learned needs an evaluator with a belief output"
    );
    let pimc = SearchConfig {
        algorithm: Algorithm::Pimc { worlds: 3 },
        ..config
    };
    assert_eq!(
        Searcher::new(pimc).search_with(&info, req(100, 1)),
        Err(SearchError::NoBeliefs)
    );
}

#[test]
fn uniform_mode_ignores_beliefs_and_learned_mode_uses_them() {
    for (k, (_, info)) in decision_points("cuban", 9, 3).into_iter().enumerate() {
        let uniform = SearchConfig::default();
        assert_eq!(uniform.beliefs, BeliefMode::Uniform);
        // the same search as with the plain rollout evaluator, whatever the beliefs
        let mut plain = Searcher::new(uniform.clone())
            .search_with(&info, req(1500, k as u64))
            .unwrap();
        plain.elapsed = Duration::ZERO;
        assert_eq!(search(&uniform, true, &info, 1500, k as u64), plain);
        // skewed learned beliefs change the determinizations, hence the statistics
        let learned = SearchConfig {
            beliefs: BeliefMode::Learned,
            ..SearchConfig::default()
        };
        let skewed = search(&learned, true, &info, 1500, k as u64);
        assert_ne!(skewed.moves, plain.moves);
    }
}

#[test]
fn learned_beliefs_are_the_exact_believed_marginals() {
    for (k, (_, info)) in decision_points("cutthroat-3", 2, 4).into_iter().enumerate() {
        let what = format!("#{k}");
        let sampled = beliefs(&info, Budget::iterations(20_000), k as u64, None).unwrap();
        assert_eq!(sampled.kind, BeliefKind::Uniform);
        let exact = learned_beliefs(&info, &PlaceWeights::uniform()).unwrap();
        assert_eq!(exact.kind, BeliefKind::Learned);
        assert_eq!(exact.samples, 0);
        assert_eq!(exact.seat, info.seat());
        assert_eq!(exact.tiles.len(), sampled.tiles.len());
        for (e, s) in exact.tiles.iter().zip(&sampled.tiles) {
            assert_eq!(e.tile, s.tile);
            let sum: f64 = e.seats.iter().sum::<f64>() + e.out;
            assert!((sum - 1.0).abs() < 1e-9, "{what}");
            // uniform weights: the sampled frequencies within 5 standard errors
            for (a, b) in e
                .seats
                .iter()
                .chain([&e.out])
                .zip(s.seats.iter().chain([&s.out]))
            {
                let se = (a * (1.0 - a) / 20_000.0).sqrt();
                assert!(
                    (a - b).abs() <= 5.0 * se + 1e-12,
                    "{what} {}: {a} vs {b}",
                    e.tile
                );
            }
        }
        // skewed weights move the tiles towards the left neighbour
        let left = ((info.seat() + 1) % 3) as usize;
        let skewed = learned_beliefs(&info, &skewed_weights(&info)).unwrap();
        let mass = |b: &capicua_search::Beliefs| b.tiles.iter().map(|t| t.seats[left]).sum::<f64>();
        // the expected number of tiles is the count either way; the spread across tiles changes
        assert!((mass(&skewed) - mass(&exact)).abs() < 1e-6, "{what}");
        assert_ne!(skewed.tiles, exact.tiles, "{what}");
    }
}

/// Rollouts, and a count, for each seat relative to the searcher's, of the tiles that
/// leaves' determinizations put in its hand and the true deal did not.
#[derive(Default)]
struct TruthWatcher {
    /// The true hands and the searcher's seat.
    truth: std::sync::Mutex<Option<([capicua_engine::TileSet; 4], u8)>>,
    /// Offer the true deal as the only believed deal ([`Evaluator::believed_deals`]).
    pool: bool,
    leaves: std::sync::atomic::AtomicUsize,
    tiles: [std::sync::atomic::AtomicUsize; 4],
    untrue: [std::sync::atomic::AtomicUsize; 4],
}

impl Evaluator for TruthWatcher {
    fn name(&self) -> String {
        "truth-watcher".into()
    }
    fn gives_priors(&self) -> bool {
        false
    }
    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        use std::sync::atomic::Ordering;
        let (truth, searcher) = self.truth.lock().unwrap().expect("the test sets the deal");
        self.leaves.fetch_add(1, Ordering::Relaxed);
        // tiles only leave the hands in a game without draws
        for (s, held) in truth.iter().enumerate() {
            let relative = (s + 4 - searcher as usize) % 4;
            let hand = leaf.state.hands[s];
            self.tiles[relative].fetch_add(hand.len() as usize, Ordering::Relaxed);
            let wrong = hand.minus(*held).len() as usize;
            self.untrue[relative].fetch_add(wrong, Ordering::Relaxed);
        }
        RolloutEvaluator::default().evaluate(leaf, rng, out);
    }
    fn place_weights(&self, _: &InfoSet) -> Option<PlaceWeights> {
        Some(PlaceWeights::uniform())
    }
    fn believed_deals(
        &self,
        info: &InfoSet,
    ) -> Option<Vec<([capicua_engine::TileSet; 4], capicua_engine::TileSet)>> {
        if !self.pool {
            return None;
        }
        let (hands, _) = self.truth.lock().unwrap().expect("the test sets the deal");
        let held = hands
            .iter()
            .fold(capicua_engine::TileSet::EMPTY, |a, h| a.union(*h));
        Some(vec![(hands, info.unseen().minus(held))])
    }
}

#[test]
fn truth_mode_searches_the_true_deal_and_only_where_shown_it() {
    let off_truth = |beliefs: BeliefMode, truth_share: f64, truth_seats: SeatGroup| {
        off_truth_with(TruthWatcher::default(), beliefs, truth_share, truth_seats)
    };
    let all = SeatGroup::All;
    assert_eq!(off_truth(BeliefMode::Truth, 1.0, all), [0.0; 3]);
    // uniform deals misplace most hidden tiles; half the weight on the truth fewer
    let uniform = off_truth(BeliefMode::Uniform, 1.0, all);
    let half = off_truth(BeliefMode::Truth, 0.5, all);
    for (u, h) in uniform.iter().zip(half) {
        assert!(*u > 0.2, "{uniform:?}");
        assert!(h > 0.0 && h < *u, "{half:?} against {uniform:?}");
    }
    // the partner (opposite) alone, or the opponents (either side) alone
    let [left, partner, right] = off_truth(BeliefMode::Truth, 1.0, SeatGroup::Partner);
    assert!(
        partner == 0.0 && left > 0.1 && right > 0.1,
        "{left} {partner} {right}"
    );
    let [left, partner, right] = off_truth(BeliefMode::Truth, 1.0, SeatGroup::Opponents);
    assert!(
        partner > 0.1 && left == 0.0 && right == 0.0,
        "{left} {partner} {right}"
    );
}

/// For each seat from the searcher's left, the share of the tiles in the leaves' hands that
/// the true deal put elsewhere, over searches of a dozen positions with `watcher`.
fn off_truth_with(
    watcher: TruthWatcher,
    beliefs: BeliefMode,
    truth_share: f64,
    truth_seats: SeatGroup,
) -> [f64; 3] {
    use std::sync::atomic::Ordering;
    let watcher = Arc::new(watcher);
    let config = SearchConfig {
        beliefs,
        truth_share,
        truth_seats,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::with_evaluator(config, watcher.clone());
    for (k, (round, info)) in decision_points("cuban", 12, 4).into_iter().enumerate() {
        let truth = round.state();
        *watcher.truth.lock().unwrap() = Some((truth.hands, info.seat()));
        let res = searcher
            .search_open(&info, req(800, k as u64), Some(truth))
            .unwrap();
        assert!(info.legal_moves().contains(res.best));
        if beliefs == BeliefMode::Truth {
            assert_eq!(
                searcher.search_with(&info, req(10, 1)),
                Err(SearchError::NoTruth)
            );
        }
    }
    let leaves = watcher.leaves.load(Ordering::Relaxed);
    assert!(leaves > 1000, "{leaves} leaves");
    [1, 2, 3].map(|r| {
        watcher.untrue[r].load(Ordering::Relaxed) as f64
            / watcher.tiles[r].load(Ordering::Relaxed) as f64
    })
}

/// An evaluator's believed deals, where it offers them, are the only deals a search with
/// learned beliefs draws; it asks for them only under `BeliefMode::Learned`.
#[test]
fn believed_deals_are_the_determinizations() {
    let pool = || TruthWatcher {
        pool: true,
        ..TruthWatcher::default()
    };
    let all = SeatGroup::All;
    assert_eq!(
        off_truth_with(pool(), BeliefMode::Learned, 1.0, all),
        [0.0; 3]
    );
    let uniform = off_truth_with(pool(), BeliefMode::Uniform, 1.0, all);
    assert!(uniform.iter().all(|&u| u > 0.2), "{uniform:?}");
    let marginal = off_truth_with(TruthWatcher::default(), BeliefMode::Learned, 1.0, all);
    assert!(marginal.iter().all(|&u| u > 0.2), "{marginal:?}");
}

/// [`Believer`]'s skewed beliefs with equal priors for every legal move, so that a search
/// with it is a PUCT search whose root a move reader tilts.
struct PriorBeliever;

impl Evaluator for PriorBeliever {
    fn name(&self) -> String {
        "prior-believer".into()
    }
    fn gives_priors(&self) -> bool {
        true
    }
    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        RolloutEvaluator::default().evaluate(leaf, rng, out);
        out.priors = [0.0; capicua_search::ACTIONS];
        let legal = leaf.legal_moves();
        for mv in legal.iter() {
            if let Some(a) = mv.action_index() {
                out.priors[a] = 1.0 / legal.len() as f32;
            }
        }
    }
    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        Some(skewed_weights(info))
    }
}

#[test]
fn a_reader_of_the_beliefs_reads_those_the_search_draws_from() {
    use capicua_search::reader::{FEATURES, MoveReader, SeatBeliefs};
    let (_, info) = decision_points("cuban", 12, 40)
        .into_iter()
        .find(|(_, i)| i.legal_moves().len() >= 3 && i.public().played().len() >= 4)
        .expect("a decision among three or more moves");
    // weights only on the facts of the beliefs: how many of each open number the next seat,
    // the partner and the previous seat are believed to hold
    let mut reader = MoveReader::neutral(info.rules(), 1, true);
    for (k, w) in [2.0, -1.0, 0.0, 1.5, 0.5, 0.0, -2.0, 1.0, 0.0]
        .into_iter()
        .enumerate()
    {
        reader.linear[FEATURES + k] = w;
    }
    let priors = |mode: BeliefMode| {
        let config = SearchConfig {
            beliefs: mode,
            prior_temperature: 1.0,
            move_reader: Some(Arc::new(reader.clone())),
            ..SearchConfig::default()
        };
        let r = Searcher::with_evaluator(config, Arc::new(PriorBeliever))
            .search_with(&info, req(30, 1))
            .unwrap();
        r.moves
            .iter()
            .map(|m| (m.mv, m.prior.unwrap()))
            .collect::<Vec<_>>()
    };
    let check = |got: Vec<(capicua_engine::Move, f32)>, beliefs: &SeatBeliefs| {
        let moves: Vec<_> = got.iter().map(|m| m.0).collect();
        let scores = reader.scores(&info, Some(beliefs), &moves);
        for i in 1..got.len() {
            let want = (scores[i] - scores[0]).exp();
            let ratio = got[i].1 / got[0].1;
            assert!(
                (ratio - want).abs() < 1e-4 * want.max(1.0),
                "{got:?} {scores:?}"
            );
        }
        scores
    };
    let weights = skewed_weights(&info);
    let believed = SeatBeliefs::of(&learned_beliefs(&info, &weights).unwrap());
    let uniform = SeatBeliefs::uniform(&info).unwrap();
    let a = check(priors(BeliefMode::Learned), &believed);
    let b = check(priors(BeliefMode::Uniform), &uniform);
    // and the two beliefs do read differently here (else this test would check nothing)
    assert!(
        a.iter().zip(&b).any(|(x, y)| (x - y).abs() > 1e-3),
        "{a:?} {b:?}"
    );
}
