//! Measures inference latency/throughput and training throughput.
//!
//! ```text
//! cargo run --release -p capicua-net --example burn_speed [-- INPUT POLICY H1,H2,...]
//! ```
//!
//! Defaults: input 600, policy 110 (placeholders), hidden 256,256,256.

use std::hint::black_box;
use std::time::{Duration, Instant};

use capicua_net::{DEFAULT_HIDDEN, ModelShape, Network, TrainBatch, TrainConfig, Trainer};

fn noise(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

/// Runs `f` repeatedly for about `budget` (after a warm-up) and returns seconds per call
/// (median of 5 rounds).
fn time_per_call(budget: Duration, mut f: impl FnMut()) -> f64 {
    for _ in 0..3 {
        f();
    }
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < budget / 10 {
        f();
        n += 1;
    }
    let per_round = n.max(1) * 2;
    let mut rounds: Vec<f64> = (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..per_round {
                f();
            }
            t.elapsed().as_secs_f64() / per_round as f64
        })
        .collect();
    rounds.sort_by(f64::total_cmp);
    rounds[2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let input: usize = args.first().map_or(600, |s| s.parse().expect("INPUT"));
    let policy: usize = args.get(1).map_or(110, |s| s.parse().expect("POLICY"));
    let hidden: Vec<usize> = args.get(2).map_or(DEFAULT_HIDDEN.to_vec(), |s| {
        s.split(',')
            .map(|h| h.parse().expect("hidden width"))
            .collect()
    });
    let shape = ModelShape::with_hidden(input, &hidden, policy);
    println!(
        "shape {shape}: {} parameters, {} threads available",
        shape.num_params(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let budget = Duration::from_millis(1500);
    let net = Network::new(shape.clone(), 1, 1).unwrap();
    let legal: Vec<bool> = (0..policy).map(|a| a % 4 != 0).collect();
    println!(
        "model file: {} bytes",
        net.to_bytes().map(|b| b.len()).unwrap_or(0)
    );

    for batch in [1usize, 8, 64, 256] {
        let x = noise(batch * input, batch as u64);
        let l: Vec<bool> = legal.iter().copied().cycle().take(batch * policy).collect();
        let t = time_per_call(budget, || {
            black_box(net.evaluate_batch(&x, &l, batch));
        });
        println!(
            "evaluate batch {batch:>3}: {:>8.1} us/call, {:>9.0} positions/s",
            t * 1e6,
            batch as f64 / t
        );
    }

    // Two threads sharing one &Network, batch 1.
    let x = noise(input, 7);
    let per_thread = 4000;
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                for _ in 0..per_thread {
                    black_box(net.evaluate(&x, &legal));
                }
            });
        }
    });
    let t = start.elapsed().as_secs_f64();
    println!(
        "evaluate batch   1 on 2 threads sharing &Network: {:>9.0} positions/s",
        (2 * per_thread) as f64 / t
    );

    // Training throughput.
    let batch_size = 256;
    let mut batch = TrainBatch::default();
    let xs = noise(batch_size * input, 3);
    for r in 0..batch_size {
        let mut target = vec![0.0f32; policy];
        let legal_idx: Vec<usize> = (0..policy).filter(|&a| legal[a]).collect();
        target[legal_idx[r % legal_idx.len()]] = 1.0;
        batch.push(
            &xs[r * input..(r + 1) * input],
            &legal,
            &target,
            (r % 2) as f32,
            0.1,
        );
    }
    let mut trainer = Trainer::new(shape, 1, TrainConfig::default(), 1).unwrap();
    let t = time_per_call(Duration::from_secs(3), || {
        black_box(trainer.step(&batch));
    });
    println!(
        "train step batch {batch_size}: {:>8.2} ms/step, {:>9.0} samples/s",
        t * 1e3,
        batch_size as f64 / t
    );
}
