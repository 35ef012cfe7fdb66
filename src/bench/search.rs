//! The search speed benchmark of `capicua bench` (and `capicua bench --speed`): ISMCTS iterations per second from
//! the opening position of a fixed `cuban` deal, random rollouts.

use std::time::{Duration, Instant};

use capicua_engine::{Deal, DealSampler, InfoSet, Rng, Round, Rules, notation};

use capicua_search::reader::{MoveReader, SeatBeliefs};
use capicua_search::{Budget, SearchConfig, SearchRequest, SearchResult, Searcher, action_key};

/// Seed of the benchmark's deal (fixed: the position must not change between releases).
pub const BENCH_DEAL_SEED: u64 = 20_240_601;

/// What the benchmark measured.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchBench {
    pub iters_per_sec: f64,
    pub iterations: u64,
    pub seconds: f64,
    pub threads: usize,
    /// The chosen move, in protocol notation.
    pub best: String,
    /// A hash of the chosen move and every root move's visit count: equal fingerprints mean
    /// the same search (exactly reproducible with one thread).
    pub fingerprint: u64,
    /// Tree nodes at the end.
    pub nodes: usize,
}

/// A hash of a search's chosen move and every root move's visit count (FNV-1a over them):
/// equal fingerprints mean the same search.
pub fn fingerprint(res: &SearchResult) -> u64 {
    let mut fingerprint = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |x: u64| fingerprint = (fingerprint ^ x).wrapping_mul(0x0000_0100_0000_01b3);
    eat(action_key(res.best) as u64);
    for m in &res.moves {
        eat(m.visits);
    }
    fingerprint
}

/// The opening position of the benchmark: the fixed `cuban` deal, seen by the seat that leads.
pub fn bench_position() -> InfoSet {
    let round = bench_round();
    round.infoset(round.first())
}

/// The round of [`bench_position`], every hand known.
pub fn bench_round() -> Round {
    let rules = Rules::cuban();
    let mut rng = Rng::new(BENCH_DEAL_SEED);
    let deal = loop {
        let d = Deal::random(&rules, &mut rng);
        if !rules.needs_redeal(&d.hands) {
            break d;
        }
    };
    let (first, forced) = rules.lead_by_deal(&deal.hands, |n| rng.below(n));
    Round::new(&rules, deal, first, forced).expect("a random deal is valid")
}

/// Runs `iterations` ISMCTS iterations (random rollouts, `threads` threads, fixed seed) from
/// [`bench_position`] after a warm-up search of a tenth of that (which sizes the tree arenas,
/// as in a player's later moves), and times the second search.
pub fn ismcts_iters_per_sec(iterations: u64, threads: usize, seed: u64) -> SearchBench {
    let info = bench_position();
    let config = SearchConfig {
        threads: threads.max(1),
        seed,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::new(config);
    let warm = SearchRequest {
        budget: Budget::iterations((iterations / 10).max(1)),
        seed,
        stop: None,
        report: None,
    };
    searcher
        .search_with(&info, warm)
        .expect("the bench position is searchable");
    let req = SearchRequest {
        budget: Budget::iterations(iterations),
        seed,
        stop: None,
        report: None,
    };
    let start = Instant::now();
    let res = searcher
        .search_with(&info, req)
        .expect("the bench position is searchable");
    let seconds = start.elapsed().as_secs_f64();
    let fingerprint = fingerprint(&res);
    SearchBench {
        iters_per_sec: res.iterations as f64 / seconds,
        iterations: res.iterations,
        seconds,
        threads: threads.max(1),
        best: notation(res.best, info.ends()),
        fingerprint,
        nodes: res.nodes,
    }
}

/// Microseconds for `reader` to score every legal move of `info`, the work a search with a
/// move reader does once, at its root: the mean over as many repetitions as fit in `budget`.
/// A reader of the beliefs first takes the marginals of `deals`, as the search's root does.
pub fn reader_root_us(
    reader: &MoveReader,
    info: &InfoSet,
    deals: Option<&DealSampler>,
    budget: Duration,
) -> f64 {
    let legal = info.legal_moves();
    let start = Instant::now();
    let (mut n, mut sink) = (0u64, 0.0f32);
    while n == 0 || start.elapsed() < budget {
        let beliefs = deals.map(|d| SeatBeliefs::from_marginals(&d.marginals()));
        sink += reader
            .scores(info, beliefs.as_ref(), &legal)
            .iter()
            .sum::<f32>();
        n += 1;
    }
    std::hint::black_box(sink);
    start.elapsed().as_secs_f64() * 1e6 / n as f64
}
