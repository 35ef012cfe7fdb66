//! Value-head diagnostics on the samples of a replay file: the mean win target by the tile
//! difference between the sides (how much the outcome is decided), and a model's win BCE and
//! mean absolute error by how many tiles have been played (a constant 0.5 scores 0.693).
//!
//! `cargo run --release -p capicua-train --example value_check -- MODEL.bpk REPLAY.bin`

use capicua_net::{POLICY_SIZE, load_network};
use capicua_train::replay::from_bytes;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let net = load_network(&args[0]).expect("a model file");
    let (samples, _) =
        from_bytes(&std::fs::read(&args[1]).expect("a replay file")).expect("a replay file");
    let mut buckets = [(0usize, 0.0f64, 0.0f64); 5];
    let mut target = vec![0.0; POLICY_SIZE];
    let mut legal = vec![false; POLICY_SIZE];
    for s in &samples {
        s.policy_target(&mut target, &mut legal);
        let e = net.evaluate(&s.obs.encoded(), &legal);
        let played: u32 = s.obs.played_by.iter().map(|t| t.len()).sum();
        let b = &mut buckets[(played as usize / 8).min(4)];
        let (p, y) = (
            e.win_prob.clamp(1e-6, 1.0 - 1e-6) as f64,
            s.win_target() as f64,
        );
        b.0 += 1;
        b.1 += -(y * p.ln() + (1.0 - y) * (1.0 - p).ln());
        b.2 += (p - y).abs();
    }
    let mut by_diff = std::collections::BTreeMap::new();
    for s in &samples {
        let o = &s.obs;
        let mine = o.counts[0] as i32 + o.counts[2] as i32;
        let theirs = o.counts[1] as i32 + o.counts[3] as i32;
        let e = by_diff.entry(mine - theirs).or_insert((0usize, 0.0f64));
        e.0 += 1;
        e.1 += s.win_target() as f64;
    }
    for (d, (n, w)) in &by_diff {
        println!(
            "own side holds {d:+} tiles vs the other: {n:>6} samples, mean win target {:.3}",
            w / *n as f64
        );
    }
    for (k, (n, bce, mae)) in buckets.iter().enumerate() {
        if *n > 0 {
            println!(
                "tiles played {:>2}-{:<2}: {n:>6} samples, BCE {:.3} (constant 0.5: 0.693), MAE {:.3}",
                k * 8,
                k * 8 + 7,
                bce / *n as f64,
                mae / *n as f64
            );
        }
    }
}
