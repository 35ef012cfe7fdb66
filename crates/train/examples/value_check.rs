//! Value-head diagnostics on the samples of a replay file: the mean win target by the tile
//! difference between the sides (how much the outcome is decided), and a model's errors by
//! how many tiles have been played: win BCE and mean absolute errors of the win probability
//! and the margin against the rounds' outcomes, and, on the samples that carry the true
//! deal's solved value (`selfplay.solve_tiles`), against the outcomes and the solved values
//! side by side. A constant 0.5 scores a BCE of 0.693.
//!
//! `cargo run --release -p capicua-train --example value_check -- MODEL.bpk REPLAY.bin [LAST [VARIANT]]`
//!
//! `LAST` keeps only the file's last samples: a run holds out the newest generation's last
//! `train.validation` samples, so `LAST` equal to that measures on exactly them. `VARIANT`
//! (default `cuban`) is the run's, for the margin's scale.

use capicua_net::{POLICY_SIZE, load_network, margin_scale};
use capicua_train::replay::from_bytes;

/// Sums of one bucket of samples.
#[derive(Default)]
struct Bucket {
    n: usize,
    bce: f64,
    win_mae: f64,
    margin_mae: f64,
    solved: usize,
    solved_win_vs_outcome: f64,
    solved_win_vs_solved: f64,
    solved_margin_vs_outcome: f64,
    solved_margin_vs_solved: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: value_check MODEL.bpk REPLAY.bin [LAST [VARIANT]]");
        std::process::exit(2);
    }
    let net = load_network(&args[0]).expect("a model file");
    let (mut samples, _) =
        from_bytes(&std::fs::read(&args[1]).expect("a replay file")).expect("a replay file");
    if let Some(last) = args.get(2) {
        let last: usize = last.parse().expect("LAST is a number of samples");
        samples.drain(..samples.len().saturating_sub(last));
    }
    let variant = args.get(3).map_or("cuban", String::as_str);
    let rules = capicua_engine::Rules::preset(variant).expect("a variant name");
    let scale = margin_scale(&rules) as f64;
    let mut buckets: Vec<Bucket> = (0..5).map(|_| Bucket::default()).collect();
    let mut total = Bucket::default();
    let mut target = vec![0.0; POLICY_SIZE];
    let mut legal = vec![false; POLICY_SIZE];
    for s in &samples {
        s.policy_target(&mut target, &mut legal);
        let e = net.evaluate(&s.obs.encoded(), &legal);
        let played: u32 = s.obs.played_by.iter().map(|t| t.len()).sum();
        let (p, y) = (
            e.win_prob.clamp(1e-6, 1.0 - 1e-6) as f64,
            s.win_target() as f64,
        );
        let m = e.margin as f64;
        for b in [&mut buckets[(played as usize / 8).min(4)], &mut total] {
            b.n += 1;
            b.bce += -(y * p.ln() + (1.0 - y) * (1.0 - p).ln());
            b.win_mae += (p - y).abs();
            b.margin_mae += (m - s.margin as f64).abs() * scale;
            if s.solved.is_some() {
                let (w, v) = s.value_targets(capicua_train::ValueBlend::SOLVED);
                b.solved += 1;
                b.solved_win_vs_outcome += (p - y).abs();
                b.solved_win_vs_solved += (p - w as f64).abs();
                b.solved_margin_vs_outcome += (m - s.margin as f64).abs() * scale;
                b.solved_margin_vs_solved += (m - v as f64).abs() * scale;
            }
        }
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
    println!(
        "tiles played | samples | win BCE | win MAE | margin MAE pts || solved samples | win MAE vs outcome / vs solved | margin MAE vs outcome / vs solved"
    );
    let rows = buckets
        .iter()
        .enumerate()
        .map(|(k, b)| (format!("{:>2}-{:<2}", k * 8, k * 8 + 7), b))
        .chain([("all  ".to_string(), &total)]);
    for (label, b) in rows.filter(|(_, b)| b.n > 0) {
        let n = b.n as f64;
        let sn = b.solved.max(1) as f64;
        println!(
            "{label}        | {:>7} | {:.3}   | {:.3}   | {:>6.1}         || {:>14} | {:.3} / {:.3}                  | {:.1} / {:.1}",
            b.n,
            b.bce / n,
            b.win_mae / n,
            b.margin_mae / n,
            b.solved,
            b.solved_win_vs_outcome / sn,
            b.solved_win_vs_solved / sn,
            b.solved_margin_vs_outcome / sn,
            b.solved_margin_vs_solved / sn,
        );
    }
}
