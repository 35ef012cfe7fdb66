//! Crate tests, on tiny shapes.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use burn::module::Module;
use burn::prelude::Device;

use crate::format::{CHECKPOINT_MAGIC, CHECKSUM_KEY, HEADER_KEY};
use crate::shape::Layer;
use crate::*;

const ENC: u32 = 7;

fn tiny() -> ModelShape {
    ModelShape::with_hidden(12, &[16, 8], 5)
}

/// A directory removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "capicua-net-test-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Deterministic pseudo-random floats in [-1, 1).
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

/// Legal flags: row `r` allows actions `a` with `(a + r) % 3 != 0`, plus action `r % p`.
fn legal_flags(shape: &ModelShape, batch: usize) -> Vec<bool> {
    let p = shape.policy;
    (0..batch * p)
        .map(|i| {
            let (r, a) = (i / p, i % p);
            (a + r) % 3 != 0 || a == r % p
        })
        .collect()
}

/// A learnable synthetic batch: the target action is the legal one with the largest input
/// feature, the win target is whether the first feature is positive (ties at exactly... never),
/// the margin is half the second feature.
fn synthetic_batch(shape: &ModelShape, n: usize, seed: u64) -> TrainBatch {
    let inputs = noise(n * shape.input, seed);
    let legal = legal_flags(shape, n);
    let p = shape.policy;
    let mut batch = TrainBatch::default();
    for r in 0..n {
        let x = &inputs[r * shape.input..(r + 1) * shape.input];
        let l = &legal[r * p..(r + 1) * p];
        let best = (0..p)
            .filter(|&a| l[a])
            .max_by(|&a, &b| x[a].total_cmp(&x[b]))
            .unwrap();
        let mut target = vec![0.0; p];
        // Mostly the best action, some mass on the other legal ones.
        let others = l.iter().filter(|&&v| v).count() - 1;
        for a in 0..p {
            if a == best {
                target[a] = if others > 0 { 0.8 } else { 1.0 };
            } else if l[a] {
                target[a] = 0.2 / others as f32;
            }
        }
        let win = if r % 7 == 0 {
            0.5
        } else if x[0] > 0.0 {
            1.0
        } else {
            0.0
        };
        batch.push(x, l, &target, win, 0.5 * x[1]);
    }
    batch
}

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn outputs(net: &Network, batch: usize) -> Vec<f32> {
    net.raw_outputs(&noise(batch * net.shape().input, 99), batch)
}

#[test]
fn save_then_load_is_bit_identical() {
    let dir = TempDir::new("roundtrip");
    let path = dir.path("net.bpk");
    let mut net = Network::new(tiny(), ENC, 1).unwrap();
    net.set_metadata("generation", "3");
    net.save(&path).unwrap();

    let loaded = Network::load(&path, ENC, &tiny()).unwrap();
    assert_eq!(loaded.header(), net.header());
    assert_eq!(loaded.header().metadata["generation"], "3");
    assert_eq!(bits(&outputs(&loaded, 9)), bits(&outputs(&net, 9)));

    let x = noise(4 * tiny().input, 5);
    let legal = legal_flags(&tiny(), 4);
    let (p1, w1, m1) = net.evaluate_batch(&x, &legal, 4);
    let (p2, w2, m2) = loaded.evaluate_batch(&x, &legal, 4);
    assert_eq!(bits(&p1), bits(&p2));
    assert_eq!(bits(&w1), bits(&w2));
    assert_eq!(bits(&m1), bits(&m2));
    // The bytes are a fixed point of save/load.
    assert_eq!(loaded.to_bytes().unwrap(), net.to_bytes().unwrap());
    assert_eq!(read_header(&path).unwrap(), *net.header());
}

#[test]
fn model_file_is_plain_burnpack_for_burn() {
    let dir = TempDir::new("plain-read");
    let path = dir.path("net.bpk");
    let net = Network::new(tiny(), ENC, 1).unwrap();
    net.save(&path).unwrap();
    // burn's own loader reads the weights (it ignores the metadata).
    let device = Device::flex();
    let model = PolicyValueModel::new(&tiny(), &device)
        .try_load_file(&path)
        .unwrap();
    let x = noise(3 * tiny().input, 4);
    let y = model
        .forward(burn::tensor::Tensor::from_data(
            burn::tensor::TensorData::new(x.clone(), [3, tiny().input]),
            &device,
        ))
        .into_data()
        .try_into_vec::<f32>()
        .unwrap();
    assert_eq!(bits(&y), bits(&net.raw_outputs(&x, 3)));
}

#[test]
fn trainer_can_move_between_threads() {
    fn check<T: Send>() {}
    check::<Trainer>();
}

#[test]
fn trained_weights_roundtrip_bit_identical() {
    let dir = TempDir::new("trained");
    let path = dir.path("trained.bpk");
    let mut trainer = Trainer::new(tiny(), ENC, TrainConfig::default(), 3).unwrap();
    let batch = synthetic_batch(&tiny(), 16, 1);
    for _ in 0..3 {
        trainer.step(&batch);
    }
    trainer.save_network(&path).unwrap();
    let loaded = Network::load(&path, ENC, &tiny()).unwrap();
    assert_eq!(
        bits(&outputs(&loaded, 5)),
        bits(&outputs(&trainer.network(), 5))
    );
    // A trainer started from the loaded network has the same weights.
    let again = Trainer::from_network(&loaded, TrainConfig::default()).unwrap();
    assert_eq!(
        bits(&outputs(&again.network(), 5)),
        bits(&outputs(&loaded, 5))
    );
}

#[test]
fn seeded_init_is_deterministic() {
    let a = Network::new(tiny(), ENC, 11).unwrap();
    let b = Network::new(tiny(), ENC, 11).unwrap();
    let c = Network::new(tiny(), ENC, 12).unwrap();
    assert_eq!(bits(&outputs(&a, 3)), bits(&outputs(&b, 3)));
    assert_ne!(bits(&outputs(&a, 3)), bits(&outputs(&c, 3)));
    assert_eq!(a.model().num_params(), tiny().num_params());
}

#[test]
fn other_encoding_version_is_refused() {
    let dir = TempDir::new("encoding");
    let path = dir.path("net.bpk");
    Network::new(tiny(), ENC, 1).unwrap().save(&path).unwrap();
    match Network::load(&path, ENC + 1, &tiny()) {
        Err(NetError::EncodingMismatch { file, expected }) => {
            assert_eq!((file, expected), (ENC, ENC + 1))
        }
        other => panic!("expected EncodingMismatch, got {other:?}"),
    }
}

#[test]
fn other_shape_is_refused() {
    let dir = TempDir::new("shape");
    let path = dir.path("net.bpk");
    Network::new(tiny(), ENC, 1).unwrap().save(&path).unwrap();
    for other in [
        ModelShape::with_hidden(12, &[16, 9], 5),
        ModelShape::with_hidden(12, &[16], 5),
        ModelShape::with_hidden(13, &[16, 8], 5),
        ModelShape::with_hidden(12, &[16, 8], 6),
    ] {
        match Network::load(&path, ENC, &other) {
            Err(NetError::ShapeMismatch { file, expected }) => {
                assert_eq!(*file, tiny());
                assert_eq!(*expected, other);
            }
            r => panic!("expected ShapeMismatch, got {r:?}"),
        }
    }
}

fn assert_format_err(r: Result<Network, NetError>, what: &str) {
    match r {
        Err(NetError::Format(_)) => {}
        other => panic!("{what}: expected Format error, got {other:?}"),
    }
}

#[test]
fn garbage_files_are_refused() {
    let dir = TempDir::new("garbage");
    let load = |p: &Path| Network::load(p, ENC, &tiny());

    match load(&dir.path("missing.bpk")) {
        Err(NetError::Io { .. }) => {}
        other => panic!("missing file: expected Io, got {other:?}"),
    }

    let p = dir.path("garbage.bpk");
    let noise_bytes: Vec<u8> = noise(4000, 3).iter().map(|x| x.to_bits() as u8).collect();
    for (name, bytes) in [
        ("empty", Vec::new()),
        ("noise", noise_bytes.clone()),
        ("text", b"hello, this is not a network".to_vec()),
        (
            "burn magic + noise",
            [b"NRUB".as_slice(), &noise_bytes].concat(),
        ),
        (
            "checkpoint magic + noise",
            [CHECKPOINT_MAGIC.as_slice(), &noise_bytes].concat(),
        ),
    ] {
        std::fs::write(&p, &bytes).unwrap();
        assert_format_err(load(&p), name);
    }

    // A burnpack file written by burn itself, without our header.
    let plain = dir.path("plain.bpk");
    Network::new(tiny(), ENC, 1)
        .unwrap()
        .model()
        .clone()
        .save_file(&plain)
        .unwrap();
    assert_format_err(load(&plain), "plain burnpack");
}

#[test]
fn truncated_or_corrupted_files_are_refused() {
    let good = Network::new(tiny(), ENC, 1).unwrap().to_bytes().unwrap();
    let load = |b: &[u8]| Network::from_bytes(b, ENC, &tiny());
    assert!(load(&good).is_ok());
    let step = (good.len() / 97).max(1);
    for len in (0..good.len()).step_by(step) {
        assert!(load(&good[..len]).is_err(), "truncated to {len} bytes");
    }
    // Flip one byte at a time through the whole file: never a panic, and never an Ok with
    // different weights.
    let reference = bits(&outputs(&load(&good).unwrap(), 2));
    let step = (good.len() / 500).max(1);
    for i in (0..good.len()).step_by(step) {
        let mut bad = good.clone();
        bad[i] ^= 0x5a;
        if let Ok(net) = load(&bad) {
            assert_eq!(
                bits(&outputs(&net, 2)),
                reference,
                "byte {i} changed the weights"
            );
        }
    }
    // A flip inside the last tensor's data (the end of the file) is caught by the checksum.
    let mut bad = good.clone();
    let n = bad.len();
    bad[n - 3] ^= 0x01;
    assert_format_err(load(&bad), "flipped data byte");
}

#[test]
fn evaluation_masks_and_normalises() {
    let shape = tiny();
    let net = Network::new(shape.clone(), ENC, 4).unwrap();
    let batch = 6;
    let x = noise(batch * shape.input, 8);
    let legal = legal_flags(&shape, batch);
    let (priors, win, margin) = net.evaluate_batch(&x, &legal, batch);
    assert_eq!(priors.len(), batch * shape.policy);
    assert_eq!((win.len(), margin.len()), (batch, batch));
    for r in 0..batch {
        let row = &priors[r * shape.policy..(r + 1) * shape.policy];
        let l = &legal[r * shape.policy..(r + 1) * shape.policy];
        assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        for (p, ok) in row.iter().zip(l) {
            assert!(if *ok { *p > 0.0 } else { *p == 0.0 });
        }
        assert!((0.0..=1.0).contains(&win[r]));
        // Batch-1 evaluation agrees with the batched one.
        let one = net.evaluate(&x[r * shape.input..(r + 1) * shape.input], l);
        for (a, b) in one.priors.iter().zip(row) {
            assert!((a - b).abs() < 1e-6);
        }
        assert!((one.win_prob - win[r]).abs() < 1e-6);
        assert!((one.margin - margin[r]).abs() < 1e-6);
    }
    // No legal action: all-zero priors, no NaN.
    let e = net.evaluate(&x[..shape.input], &vec![false; shape.policy]);
    assert!(e.priors.iter().all(|p| *p == 0.0));
}

#[test]
fn training_reduces_the_loss() {
    let shape = tiny();
    let config = TrainConfig {
        learning_rate: 1e-2,
        ..TrainConfig::default()
    };
    let mut trainer = Trainer::new(shape.clone(), ENC, config, 5).unwrap();
    let batch = synthetic_batch(&shape, 64, 2);
    let first = trainer.step(&batch);
    let mut last = first;
    for _ in 0..60 {
        last = trainer.step(&batch);
    }
    let after = trainer.losses(&batch);
    eprintln!("first {first:?}\nlast  {last:?}\nafter {after:?}");
    assert!(after.total < 0.6 * first.total, "{first:?} -> {after:?}");
    assert!(after.policy < first.policy);
    assert!(after.win < first.win);
    assert!(after.margin < first.margin);
    // Cross-entropy is bounded below by the target entropy.
    assert!(after.policy >= after.target_entropy - 1e-4);
    assert!(after.policy_entropy > 0.0);
    assert_eq!(trainer.steps(), 61);
    // The total is the weighted sum of the parts.
    let sum = after.policy + after.win + after.margin;
    assert!((after.total - sum).abs() < 1e-4 * sum.max(1.0));
}

#[test]
fn loss_weights_apply() {
    let shape = tiny();
    let batch = synthetic_batch(&shape, 8, 3);
    let config = TrainConfig {
        policy_weight: 2.0,
        win_weight: 0.5,
        margin_weight: 0.0,
        ..TrainConfig::default()
    };
    let trainer = Trainer::new(shape, ENC, config, 5).unwrap();
    let l = trainer.losses(&batch);
    assert!((l.total - (2.0 * l.policy + 0.5 * l.win)).abs() < 1e-5);
}

#[test]
fn invalid_batches_are_reported() {
    let shape = tiny();
    let good = synthetic_batch(&shape, 4, 1);
    assert!(good.check(&shape).is_ok());
    let mut short = good.clone();
    short.margin.pop();
    let mut illegal_mass = good.clone();
    let a = (0..shape.policy).find(|&a| !good.legal[a]).unwrap();
    illegal_mass.policy[a] = 0.1;
    let mut unnormalised = good.clone();
    unnormalised.policy[0] += 0.5;
    let mut bad_win = good.clone();
    bad_win.win[0] = 2.0;
    for b in [
        short,
        illegal_mass,
        unnormalised,
        bad_win,
        TrainBatch::default(),
    ] {
        assert!(matches!(b.check(&shape), Err(NetError::InvalidBatch(_))));
    }
}

#[test]
fn checkpoint_resume_is_exact() {
    let dir = TempDir::new("ckpt");
    let path = dir.path("trainer.ckpt");
    let shape = tiny();
    let config = TrainConfig {
        learning_rate: 3e-3,
        weight_decay: 1e-3,
        grad_clip_norm: Some(5.0),
        ..TrainConfig::default()
    };
    let batches: Vec<TrainBatch> = (0..5).map(|s| synthetic_batch(&shape, 16, s)).collect();

    let mut a = Trainer::new(shape.clone(), ENC, config.clone(), 9).unwrap();
    for b in &batches[..3] {
        a.step(b);
    }
    a.save_checkpoint(&path).unwrap();
    let la: Vec<Losses> = batches[3..].iter().map(|b| a.step(b)).collect();

    let mut b = Trainer::load_checkpoint(&path, ENC, &shape).unwrap();
    assert_eq!(b.steps(), 3);
    assert_eq!(b.config(), &config);
    let lb: Vec<Losses> = batches[3..].iter().map(|x| b.step(x)).collect();
    assert_eq!(la, lb);
    assert_eq!(
        bits(&outputs(&a.network(), 4)),
        bits(&outputs(&b.network(), 4))
    );
    assert_eq!(b.steps(), 5);

    // A fresh optimizer (Adam moments lost) does not follow the same trajectory: the
    // checkpoint really carries the optimizer state.
    let saved = Network::load(&path, ENC, &shape).unwrap();
    let mut c = Trainer::from_network(&saved, config).unwrap();
    let lc: Vec<Losses> = batches[3..].iter().map(|x| c.step(x)).collect();
    assert_eq!(lc[0], la[0]); // same weights before the first step
    assert_ne!(lc[1], la[1]);
}

#[test]
fn checkpoint_is_checked() {
    let dir = TempDir::new("ckpt-check");
    let path = dir.path("trainer.ckpt");
    let shape = tiny();
    let mut t = Trainer::new(shape.clone(), ENC, TrainConfig::default(), 9).unwrap();
    t.step(&synthetic_batch(&shape, 8, 1));
    t.save_checkpoint(&path).unwrap();

    assert!(matches!(
        Trainer::load_checkpoint(&path, ENC + 1, &shape),
        Err(NetError::EncodingMismatch { .. })
    ));
    assert!(matches!(
        Trainer::load_checkpoint(&path, ENC, &ModelShape::with_hidden(12, &[8], 5)),
        Err(NetError::ShapeMismatch { .. })
    ));
    let good = std::fs::read(&path).unwrap();
    let bad_path = dir.path("bad.ckpt");
    for len in [0, 5, 12, 40, good.len() / 2, good.len() - 1] {
        std::fs::write(&bad_path, &good[..len]).unwrap();
        assert!(
            matches!(
                Trainer::load_checkpoint(&bad_path, ENC, &shape),
                Err(NetError::Format(_))
            ),
            "truncated to {len}"
        );
    }
    // Corrupt the optimizer section (the end of the file).
    let mut bad = good.clone();
    let n = bad.len();
    bad[n - 2] ^= 0x10;
    std::fs::write(&bad_path, &bad).unwrap();
    assert!(matches!(
        Trainer::load_checkpoint(&bad_path, ENC, &shape),
        Err(NetError::Format(_))
    ));
    // A model file is not a checkpoint.
    t.save_network(&bad_path).unwrap();
    assert!(matches!(
        Trainer::load_checkpoint(&bad_path, ENC, &shape),
        Err(NetError::Format(_))
    ));
    // But a checkpoint holds a network.
    let net = Network::load(&path, ENC, &shape).unwrap();
    assert_eq!(bits(&outputs(&net, 3)), bits(&outputs(&t.network(), 3)));
    assert_eq!(read_header(&path).unwrap().shape, shape);
}

#[test]
fn atomic_save_leaves_no_temporary_files() {
    let dir = TempDir::new("atomic");
    let path = dir.path("net.bpk");
    let net = Network::new(tiny(), ENC, 1).unwrap();
    net.save(&path).unwrap();
    net.save(&path).unwrap(); // overwrite
    let names: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("net.bpk")]);
    // Saving into a missing directory is an Io error, not a panic.
    assert!(matches!(
        net.save(dir.path("no/such/dir/net.bpk")),
        Err(NetError::Io { .. })
    ));
}

#[test]
fn invalid_shapes_are_refused() {
    for s in [
        ModelShape::with_hidden(0, &[4], 3),
        ModelShape::with_hidden(4, &[0], 3),
        ModelShape::with_hidden(4, &[4], 0),
        ModelShape::with_hidden(4, &[MAX_WIDTH + 1], 3),
    ] {
        assert!(matches!(
            Network::new(s, ENC, 0),
            Err(NetError::InvalidShape { .. })
        ));
    }
    // No hidden layer is allowed (a linear model).
    assert!(Network::new(ModelShape::with_hidden(4, &[], 3), ENC, 0).is_ok());
}

/// A model file whose header claims `hidden[0] = width` over `tiny()`'s real tensors (the
/// tensor checksum still matches: only the header lies).
fn with_header_width(width: usize) -> Vec<u8> {
    use burn::store::burn_pack;
    use burn::tensor::Bytes;
    let bytes = Network::new(tiny(), ENC, 1).unwrap().to_bytes().unwrap();
    let reader = burn_pack::Reader::from_bytes(Bytes::from_bytes_vec(bytes)).unwrap();
    let json = reader.metadata().get(HEADER_KEY).unwrap().clone();
    let checksum = reader.metadata().get(CHECKSUM_KEY).unwrap().clone();
    let mut header: NetHeader = serde_json::from_str(&json).unwrap();
    header.shape.hidden[0] = width;
    let crafted = burn_pack::Writer::new(reader.into_tensors().unwrap())
        .with_metadata(HEADER_KEY, &serde_json::to_string(&header).unwrap())
        .with_metadata(CHECKSUM_KEY, &checksum)
        .into_bytes()
        .unwrap();
    crafted.to_vec()
}

#[test]
fn a_header_too_wide_for_the_fast_inference_is_refused_at_load() {
    let dir = TempDir::new("wide");
    let path = dir.path("wide.bpk");
    // Just over the limit, and widths that would exhaust memory if anything were sized by
    // them before the check (the test process would abort).
    for width in [MAX_WIDTH + 1, 1 << 40, usize::MAX] {
        std::fs::write(&path, with_header_width(width)).unwrap();
        let mut claimed = tiny();
        claimed.hidden[0] = width;
        let expected = ShapeError::TooWide {
            layer: Layer::Hidden(0),
            width,
        };
        for (what, err) in [
            (
                "Network::load",
                Network::load(&path, ENC, &claimed).unwrap_err(),
            ),
            ("read_header", read_header(&path).unwrap_err()),
            ("load_network", load_network(&path).unwrap_err()),
            ("NetEvaluator::load", NetEvaluator::load(&path).unwrap_err()),
        ] {
            match &err {
                NetError::InvalidShape { shape, reason } => {
                    assert_eq!(**shape, claimed, "{what}");
                    assert_eq!(reason, &expected, "{what}");
                }
                other => panic!("{what}: expected InvalidShape, got {other:?}"),
            }
            let message = err.to_string();
            assert!(
                message.contains("hidden layer 0") && message.contains(&MAX_WIDTH.to_string()),
                "{what}: {message}"
            );
        }
    }
    // The same crafting with the true width loads: the refusal is the width's doing.
    std::fs::write(&path, with_header_width(tiny().hidden[0])).unwrap();
    assert!(Network::load(&path, ENC, &tiny()).is_ok());
}

#[test]
fn shared_between_threads() {
    let net = Network::new(tiny(), ENC, 1).unwrap();
    let expected = outputs(&net, 2);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                for _ in 0..20 {
                    assert_eq!(bits(&outputs(&net, 2)), bits(&expected));
                }
            });
        }
    });
    let _ = Device::flex();
}

/// A network with a per-tile belief head whose output layer is not zero (a fresh head's is).
fn with_live_tile_head(seed: u64) -> Network {
    use burn::module::Param;
    use burn::tensor::{Tensor, TensorData};
    let shape = ModelShape::with_hidden(INPUT_SIZE, &[32], POLICY_SIZE)
        .with_beliefs(encoding::BELIEF_SIZE)
        .with_tile_head(&[16, 8]);
    let net = Network::new(shape, ENCODING_VERSION, seed).unwrap();
    let mut model = net.model().clone();
    let tiles = model.tiles.as_mut().expect("the shape has a tile head");
    let [fan_in, fan_out] = tiles.out.weight.dims();
    tiles.out.weight = Param::from_data(
        TensorData::new(noise(fan_in * fan_out, seed), [fan_in, fan_out]),
        &Device::flex(),
    );
    let rows = tiles.tile.dims();
    tiles.tile = Param::from_tensor(Tensor::from_data(
        TensorData::new(noise(rows[0] * rows[1], seed + 1), rows),
        &Device::flex(),
    ));
    Network::from_model(&model, net.header().clone())
}

#[test]
fn a_tile_head_adds_to_the_belief_logits_alike_in_burn_and_the_fast_inference() {
    use capicua_engine::{Match, Rules, Table};
    let net = with_live_tile_head(5);
    let fast = FastMlp::new(&net);
    // the same weights without the head: its logits must be what differs
    let mut bare_model = net.model().clone();
    bare_model.tiles = None;
    let mut bare_header = net.header().clone();
    bare_header.shape.tile_head.clear();
    let bare = Network::from_model(&bare_model, bare_header);
    let rules = Rules::cuban();
    let round = Match::new(&rules, 11).deal_round();
    let mut table = Table::new(round, Default::default());
    let mut positions = 0;
    while !table.is_over() && positions < 12 {
        let info = table.view(table.to_move());
        let x = Observation::from_infoset(info).encoded();
        let reference = net.raw_outputs(&x, 1);
        let without = bare.raw_outputs(&x, 1);
        let mut out = vec![0.0; fast.output()];
        fast.forward(&x, &mut out);
        for (j, (a, b)) in out.iter().zip(&reference).enumerate() {
            assert!((a - b).abs() < 1e-4 * (1.0 + b.abs()), "{j}: {a} vs {b}");
        }
        let offset = net.shape().belief_offset();
        assert_eq!(bits(&reference[..offset]), bits(&without[..offset]));
        let changed = (offset..reference.len())
            .filter(|&j| (reference[j] - without[j]).abs() > 1e-3)
            .count();
        assert!(
            changed > 100,
            "the head changed only {changed} belief logits"
        );
        let legal = table.legal_moves();
        let mv = legal[positions % legal.len()];
        table.play(mv).unwrap();
        positions += 1;
    }
    // and the file keeps it
    let again =
        Network::from_bytes(&net.to_bytes().unwrap(), ENCODING_VERSION, net.shape()).unwrap();
    let x = noise(2 * INPUT_SIZE, 3);
    assert_eq!(
        bits(&again.raw_outputs(&x, 2)),
        bits(&net.raw_outputs(&x, 2))
    );
    assert_eq!(net.model().num_params(), net.shape().num_params());
}

#[test]
fn a_tile_head_needs_the_encodings_inputs_and_beliefs() {
    let no_beliefs = ModelShape::with_hidden(INPUT_SIZE, &[8], POLICY_SIZE).with_tile_head(&[4]);
    assert_eq!(no_beliefs.validate(), Err(ShapeError::TileHeadMismatch));
    let small = ModelShape::with_hidden(12, &[8], 5)
        .with_beliefs(encoding::BELIEF_SIZE)
        .with_tile_head(&[4]);
    assert_eq!(small.validate(), Err(ShapeError::TileHeadMismatch));
    let empty_layer = ModelShape::with_hidden(INPUT_SIZE, &[8], POLICY_SIZE)
        .with_beliefs(encoding::BELIEF_SIZE)
        .with_tile_head(&[4, 0]);
    assert_eq!(
        empty_layer.validate(),
        Err(ShapeError::Empty(Layer::TileHead(1)))
    );
}
