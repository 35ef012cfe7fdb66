//! Throughput of the training pipeline, measured on the spot.

use std::sync::Arc;
use std::time::{Duration, Instant};

use capicua_engine::Rules;
use capicua_net::{NetEvaluator, Network, RootNoise};
use rayon::prelude::*;

pub use capicua_net::bench::{net_batch1_us, net_ismcts_iters_per_sec, train_samples_per_sec};

use crate::selfplay::{Guide, SelfPlayParams, play_match};

/// What a self-play measurement found.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayBench {
    pub matches: u64,
    pub rounds: u64,
    pub samples: u64,
    pub seconds: f64,
    pub threads: usize,
    pub matches_per_hour: f64,
    pub rounds_per_hour: f64,
}

/// Plays `matches` whole `cuban` self-play matches with `network` at `iterations` per decision
/// on `threads` threads (0: one per core) and reports the rates.
pub fn selfplay_games_per_hour(
    network: &Network,
    iterations: u64,
    matches: u64,
    threads: usize,
) -> SelfPlayBench {
    let ev = Arc::new(NetEvaluator::new(network).expect("a network for this encoding"));
    let params = SelfPlayParams {
        rules: Rules::cuban(),
        iterations,
        c_puct: 1.5,
        noise: RootNoise {
            alpha: 0.3,
            epsilon: 0.25,
        },
        temperature: 1.0,
        temperature_moves: 8,
        max_rounds: 0,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let guide = Guide::Net(ev);
    let start = Instant::now();
    let records: Vec<_> = pool.install(|| {
        (0..matches)
            .into_par_iter()
            .map(|i| play_match(&params, &guide, 1000 + i))
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let rounds: u64 = records.iter().map(|r| r.rounds as u64).sum();
    let samples: u64 = records.iter().map(|r| r.samples.len() as u64).sum();
    SelfPlayBench {
        matches,
        rounds,
        samples,
        seconds,
        threads: pool.current_num_threads(),
        matches_per_hour: matches as f64 * 3600.0 / seconds,
        rounds_per_hour: rounds as f64 * 3600.0 / seconds,
    }
}

/// Default measurement budget of the bench functions.
pub const BENCH_BUDGET: Duration = Duration::from_millis(1500);
