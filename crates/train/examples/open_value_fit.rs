//! Fits value heads to the replay files of one or more runs, holding out each run's newest
//! generation, and keeps the weights with the lowest held-out value loss (early stopping).
//! `open` reads the mover's encoding and the true deal (`capicua_net::encoding::OPEN_INPUT_SIZE`:
//! an open value model for searches that value their determinizations); `info` reads the
//! mover's encoding alone, the comparison.
//!
//! A run named with a trailing `+` gives every generation to training (recorded rounds of
//! other players, say) and none to the held-out set. The held-out loss is measured four times
//! a pass.
//!
//! `cargo run --release -p capicua-train --example open_value_fit -- RUN_DIR[+][,RUN_DIR..] OUT.bpk PASSES LR WD H1,H2 open|info`

use std::path::Path;

use capicua_engine::Rng;
use capicua_net::encoding::{OPEN_INPUT_SIZE, encode_open};
use capicua_net::{
    ENCODING_VERSION, INPUT_SIZE, ModelShape, POLICY_SIZE, TrainBatch, TrainConfig, Trainer,
};
use capicua_train::replay::{ReplayDir, Sample};

fn batch(samples: &[&Sample], open: bool) -> TrainBatch {
    let mut b = TrainBatch::default();
    let mut target = vec![0.0; POLICY_SIZE];
    let mut legal = vec![false; POLICY_SIZE];
    let mut encoded = vec![0.0; INPUT_SIZE];
    let mut input = vec![0.0; OPEN_INPUT_SIZE];
    for s in samples {
        s.policy_target(&mut target, &mut legal);
        s.obs.encode(&mut encoded);
        let row = if open {
            encode_open(&encoded, &s.places, &mut input);
            &input
        } else {
            &encoded
        };
        b.push(row, &legal, &target, s.win_target(), s.margin);
    }
    b
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let out = Path::new(&a[1]);
    let passes: usize = a[2].parse().unwrap();
    let lr: f64 = a[3].parse().unwrap();
    let wd: f32 = a[4].parse().unwrap();
    let hidden: Vec<usize> = a[5].split(',').map(|h| h.parse().unwrap()).collect();
    let open = match a[6].as_str() {
        "open" => true,
        "info" => false,
        other => panic!("open or info, not {other}"),
    };
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for run in a[0].split(',') {
        let (run, all) = match run.strip_suffix('+') {
            Some(r) => (r, true),
            None => (run, false),
        };
        let replay = ReplayDir::new(Path::new(run).join("replay"));
        let mut gens = Vec::new();
        let mut g = 0;
        while let Ok(Some((s, _))) = replay.read(g) {
            gens.push(s);
            g += 1;
        }
        if !all {
            held.extend(gens.pop().expect("two generations at least"));
        }
        train.extend(gens.into_iter().flatten());
    }
    let mut train: Vec<&Sample> = train.iter().collect();
    let val = batch(&held.iter().collect::<Vec<_>>(), open);
    println!("{} training samples, {} held out", train.len(), val.batch);
    let input = if open { OPEN_INPUT_SIZE } else { INPUT_SIZE };
    let shape = ModelShape::with_hidden(input, &hidden, POLICY_SIZE);
    let config = TrainConfig {
        learning_rate: lr,
        weight_decay: wd,
        policy_weight: 0.0,
        ..TrainConfig::default()
    };
    let mut trainer = Trainer::new(shape, ENCODING_VERSION, config, 7).unwrap();
    trainer.set_metadata("open_value", if open { "deal" } else { "mover" });
    let mut rng = Rng::new(11);
    let before = trainer.losses(&val);
    println!(
        "pass 0: held-out win {:.4} margin {:.4}",
        before.win, before.margin
    );
    let mut best = f32::INFINITY;
    for pass in 1..=passes {
        rng.shuffle(&mut train);
        let chunks: Vec<&[&Sample]> = train.chunks(256).collect();
        let quarter = chunks.len().div_ceil(4);
        for (q, part) in chunks.chunks(quarter).enumerate() {
            let mut sum = 0.0;
            for c in part {
                sum += trainer.step(&batch(c, open)).win as f64;
            }
            let l = trainer.losses(&val);
            println!(
                "pass {pass}.{q}: train win {:.4} | held-out win {:.4} margin {:.4}",
                sum / part.len() as f64,
                l.win,
                l.margin
            );
            if l.win + l.margin < best {
                best = l.win + l.margin;
                trainer.save_network(out).unwrap();
                println!("  saved");
            }
        }
    }
}
