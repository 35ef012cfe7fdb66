//! Fits a fresh network to a run's replay files in a few passes, holding out the newest
//! generation, and keeps the weights with the lowest held-out loss (early stopping).
//!
//! `cargo run --release -p capicua-train --example offline_fit -- RUN_DIR OUT.bpk PASSES LR WD H1,H2`

use std::path::Path;

use capicua_engine::Rng;
use capicua_net::{
    ENCODING_VERSION, INPUT_SIZE, ModelShape, POLICY_SIZE, TrainBatch, TrainConfig, Trainer,
};
use capicua_train::replay::{ReplayDir, Sample};

fn batch(samples: &[&Sample]) -> TrainBatch {
    let mut b = TrainBatch::default();
    let mut target = vec![0.0; POLICY_SIZE];
    let mut legal = vec![false; POLICY_SIZE];
    for s in samples {
        s.policy_target(&mut target, &mut legal);
        b.push(&s.obs.encoded(), &legal, &target, s.win_target(), s.margin);
    }
    b
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let run = Path::new(&a[0]);
    let out = Path::new(&a[1]);
    let passes: usize = a[2].parse().unwrap();
    let lr: f64 = a[3].parse().unwrap();
    let wd: f32 = a[4].parse().unwrap();
    let hidden: Vec<usize> = a[5].split(',').map(|h| h.parse().unwrap()).collect();
    let replay = ReplayDir::new(run.join("replay"));
    let mut gens = Vec::new();
    let mut g = 0;
    while let Ok(Some((s, _))) = replay.read(g) {
        gens.push(s);
        g += 1;
    }
    let held = gens.pop().expect("two generations at least");
    let mut train: Vec<&Sample> = gens.iter().flatten().collect();
    let val = batch(&held.iter().collect::<Vec<_>>());
    println!("{} training samples, {} held out", train.len(), val.batch);
    let shape = ModelShape::with_hidden(INPUT_SIZE, &hidden, POLICY_SIZE);
    let config = TrainConfig {
        learning_rate: lr,
        weight_decay: wd,
        ..TrainConfig::default()
    };
    let mut trainer = Trainer::new(shape, ENCODING_VERSION, config, 7).unwrap();
    let mut rng = Rng::new(11);
    let before = trainer.losses(&val);
    println!("pass 0: held-out {before:?}");
    let mut best = before.win + before.policy;
    for pass in 1..=passes {
        rng.shuffle(&mut train);
        let mut sum = 0.0;
        let chunks: Vec<&[&Sample]> = train.chunks(256).collect();
        for c in &chunks {
            sum += trainer.step(&batch(c)).win as f64;
        }
        let l = trainer.losses(&val);
        println!(
            "pass {pass}: train win {:.4} | held-out win {:.4} policy {:.4} margin {:.4}",
            sum / chunks.len() as f64,
            l.win,
            l.policy,
            l.margin
        );
        if l.win + l.policy < best {
            best = l.win + l.policy;
            trainer.save_network(out).unwrap();
            println!("  saved");
        }
    }
}
