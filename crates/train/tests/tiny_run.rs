//! The tiny configuration end to end: trains, its loss goes down, and a run killed at any
//! stage and resumed ends exactly where an uninterrupted run ends.

use std::path::{Path, PathBuf};

use capicua_net::{ENCODING_VERSION, INPUT_SIZE, NetError, Network, Trainer};
use capicua_train::replay::{ReplayDir, Sample};
use capicua_train::rundir::RunDir;
use capicua_train::{RunConfig, RunOptions, RunState, StopAt, TrainError, run};

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("capicua-train-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tiny(runs_dir: &Path, generations: u64) -> RunConfig {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../training/tiny.toml");
    let mut c = RunConfig::load(&path).unwrap();
    c.runs_dir = runs_dir.to_path_buf();
    c.generations = generations;
    c
}

fn quiet(resume: bool, stop: Option<StopAt>) -> RunOptions {
    RunOptions {
        resume,
        quiet: true,
        skip_damaged: false,
        stop,
    }
}

fn without_timings(mut s: RunState) -> RunState {
    s.selfplay_seconds = 0.0;
    for g in &mut s.history {
        g.selfplay_seconds = 0.0;
    }
    s
}

/// Every leaf of `a` and `b` (as the JSON of `state.json`) that differs, with its path, e.g.
/// `history[3].val_win_error: 0.484361806982442 != 0.48436180698244197`. Floats are compared
/// bit for bit: resuming must give back exactly what an uninterrupted run computes.
fn differences(a: &RunState, b: &RunState) -> Vec<String> {
    use serde_json::Value;
    fn walk(path: &str, a: &Value, b: &Value, out: &mut Vec<String>) {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for (k, v) in x {
                    let p = format!("{}{}{k}", path, if path.is_empty() { "" } else { "." });
                    walk(&p, v, y.get(k).unwrap_or(&Value::Null), out);
                }
                for k in y.keys().filter(|k| !x.contains_key(*k)) {
                    out.push(format!("{path}.{k}: missing on the left"));
                }
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (v, w)) in x.iter().zip(y).enumerate() {
                    walk(&format!("{path}[{i}]"), v, w, out);
                }
            }
            (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
                let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                if x.to_bits() != y.to_bits() {
                    out.push(format!("{path}: {x:?} != {y:?}"));
                }
            }
            _ if a != b => out.push(format!("{path}: {a} != {b}")),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(
        "",
        &serde_json::to_value(a).unwrap(),
        &serde_json::to_value(b).unwrap(),
        &mut out,
    );
    out
}

#[test]
fn every_float_of_the_run_state_survives_state_json() {
    // The value that did not survive without serde_json's `float_roundtrip` (it came back one
    // ulp off), and values near the edges of the f64 and f32 ranges.
    let mut s = RunState {
        selfplay_seconds: 0.48436180698244197,
        ..RunState::default()
    };
    let wide = [
        0.48436180698244197,
        0.1 + 0.2,
        f64::MIN_POSITIVE,
        5e-324,
        f64::MAX,
        -1.0 / 3.0,
        std::f64::consts::PI * 1e300,
    ];
    for (i, &x) in wide.iter().enumerate() {
        let mut rng = capicua_engine::Rng::new(i as u64);
        let narrow = |rng: &mut capicua_engine::Rng| f32::from_bits(rng.next_u32() & 0x7f7f_ffff);
        s.history.push(capicua_train::GenerationLog {
            generation: i as u64,
            guide: "g".into(),
            matches: 1,
            rounds: 1,
            new_samples: 1,
            selfplay_seconds: x,
            steps: 1,
            samples_trained: 1,
            losses: capicua_net::Losses {
                total: narrow(&mut rng),
                policy: narrow(&mut rng),
                win: f32::MIN_POSITIVE,
                margin: f32::MAX,
                policy_entropy: 1e-45,
                target_entropy: narrow(&mut rng),
                belief: narrow(&mut rng),
            },
            val_win_error: x / 3.0,
            val_margin_error: rng.unit(),
            val_solved_win_error: rng.unit(),
            val_solved_margin_error: rng.unit(),
            val_policy_loss: -x,
            val_belief_loss: [x, rng.unit(), 1e-300, 0.0],
            val_belief_top1: [rng.unit(); 4],
            gating: None,
            eval: None,
        });
    }
    let tmp = TempDir::new("floats");
    let dir = RunDir {
        root: tmp.0.clone(),
    };
    dir.write_state(&s).unwrap();
    let back = dir.read_state().unwrap().unwrap();
    let diff = differences(&s, &back);
    assert!(diff.is_empty(), "changed through state.json: {diff:#?}");
    // and the comparison can fail, naming the field
    let mut other = back.clone();
    other.history[2].val_margin_error =
        f64::from_bits(other.history[2].val_margin_error.to_bits() + 1);
    let diff = differences(&s, &other);
    assert_eq!(diff.len(), 1, "{diff:?}");
    assert!(
        diff[0].starts_with("history[2].val_margin_error: "),
        "{diff:?}"
    );
}

#[test]
fn tiny_run_trains_and_resumes_exactly() {
    let tmp = TempDir::new("tiny");
    let generations = 4;

    // Uninterrupted.
    let a_cfg = tiny(&tmp.0.join("a"), generations);
    let a = run(&a_cfg, &quiet(false, None)).unwrap();
    assert_eq!(a.generation, generations);
    assert_eq!(a.history.len(), generations as usize);
    assert!(a.samples_generated > 100, "{} samples", a.samples_generated);
    assert!(a.samples_trained > 0);
    let dir = a_cfg.run_dir();
    let ckpt = dir.join("checkpoints").join(a.checkpoint.as_ref().unwrap());
    assert!(
        ckpt.file_name()
            .unwrap()
            .to_string_lossy()
            .contains(&format!("{:012}", a.samples_trained)),
        "checkpoints are named by samples trained"
    );
    assert!(a.history.iter().any(|g| g.gating.is_some()));
    let last = a.history.last().unwrap();
    let e = last.eval.as_ref().expect("the last generation evaluates");
    assert!((0.0..=1.0).contains(&e.vs_counting_score) && (0.0..=1.0).contains(&e.vs_ismcts_score));
    assert!(
        std::fs::read_dir(dir.join("tb")).unwrap().count() > 0,
        "TensorBoard events"
    );

    // The loss goes down: on every sample the run generated, the trained network fits the
    // targets better than the network it started from.
    let replay = ReplayDir::new(dir.join("replay"));
    let samples: Vec<Sample> = (0..generations)
        .flat_map(|g| replay.read(g).unwrap().unwrap().0)
        .collect();
    let refs: Vec<&Sample> = samples.iter().collect();
    let all = capicua_train::make_batch(
        &refs,
        0..refs.len(),
        a_cfg.shape().beliefs > 0,
        capicua_train::ValueBlend::OUTCOME,
    );
    let fresh = Trainer::new(
        a_cfg.shape(),
        ENCODING_VERSION,
        a_cfg.train_config(),
        a_cfg.seed,
    )
    .unwrap();
    let trained = Trainer::load_checkpoint(&ckpt, ENCODING_VERSION, &a_cfg.shape()).unwrap();
    let (before, after) = (fresh.losses(&all), trained.losses(&all));
    eprintln!("before {before:?}\nafter  {after:?}");
    assert!(after.total < before.total, "{before:?} -> {after:?}");
    assert!(after.policy < before.policy);
    assert!(after.win < before.win);
    assert!(after.belief < before.belief, "the belief head learns");

    // Killed after generation 1's self-play, then after generation 2's training (with a
    // temporary file of an interrupted write lying around), then resumed to the end.
    let b_cfg = tiny(&tmp.0.join("b"), generations);
    let s = run(&b_cfg, &quiet(false, Some(StopAt::AfterSelfPlay(1)))).unwrap();
    assert_eq!(s.generation, 1);
    assert!(
        matches!(
            run(&b_cfg, &quiet(false, None)),
            Err(capicua_train::TrainError::State(_))
        ),
        "an existing run needs --resume"
    );
    let s = run(&b_cfg, &quiet(true, Some(StopAt::AfterTraining(2)))).unwrap();
    assert_eq!(s.generation, 2);
    let bdir = b_cfg.run_dir();
    std::fs::write(
        bdir.join("replay").join(".gen-000003.bin.tmp-4242"),
        b"half a file",
    )
    .unwrap();
    std::fs::write(bdir.join(".state.json.tmp-4242"), b"{\"generation\": 9").unwrap();
    let b = run(&b_cfg, &quiet(true, None)).unwrap();
    let diff = differences(&without_timings(a.clone()), &without_timings(b.clone()));
    assert!(
        diff.is_empty(),
        "the resumed run's state differs from the uninterrupted one's: {diff:#?}"
    );
    assert_eq!(without_timings(b.clone()), without_timings(a.clone()));
    // Same weights (bit for bit on every sample's outputs) in the last checkpoint and the best
    // model. (The files' bytes differ: burn gives parameters fresh random ids.)
    for name in [
        format!("checkpoints/{}", a.checkpoint.as_ref().unwrap()),
        "best.bpk".to_string(),
    ] {
        let (x, y) = (dir.join(&name), bdir.join(&name));
        assert_eq!(x.exists(), y.exists(), "{name}");
        if !x.exists() {
            continue;
        }
        let (x, y) = (
            Network::load(&x, ENCODING_VERSION, &a_cfg.shape()).unwrap(),
            Network::load(&y, ENCODING_VERSION, &a_cfg.shape()).unwrap(),
        );
        let (ox, oy) = (
            x.raw_outputs(&all.inputs, all.batch),
            y.raw_outputs(&all.inputs, all.batch),
        );
        assert!(
            ox.iter().zip(&oy).all(|(p, q)| p.to_bits() == q.to_bits()),
            "{name} differs after resuming"
        );
    }
    let (ta, tb) = (
        Trainer::load_checkpoint(
            dir.join("checkpoints").join(a.checkpoint.as_ref().unwrap()),
            ENCODING_VERSION,
            &a_cfg.shape(),
        )
        .unwrap(),
        Trainer::load_checkpoint(
            bdir.join("checkpoints")
                .join(b.checkpoint.as_ref().unwrap()),
            ENCODING_VERSION,
            &a_cfg.shape(),
        )
        .unwrap(),
    );
    assert_eq!(ta.steps(), tb.steps());
    // The optimizer state too: one more identical step gives identical losses.
    let (mut ta, mut tb) = (ta, tb);
    assert_eq!(ta.step(&all), tb.step(&all));
    assert_eq!(ta.step(&all), tb.step(&all));
    for g in 0..generations {
        // the same samples (the recorded self-play seconds differ)
        let (x, y) = (
            replay.read(g).unwrap().unwrap(),
            ReplayDir::new(bdir.join("replay"))
                .read(g)
                .unwrap()
                .unwrap(),
        );
        assert!(
            x.0 == y.0 && x.1.rounds == y.1.rounds,
            "generation {g}'s samples differ"
        );
    }
    let leftovers: Vec<_> = walk(&bdir)
        .into_iter()
        .filter(|p| p.to_string_lossy().contains(".tmp-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // Another configuration cannot resume this run.
    let mut other = b_cfg.clone();
    other.seed += 1;
    assert!(matches!(
        run(&other, &quiet(true, None)),
        Err(capicua_train::TrainError::Config(_))
    ));
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn a_model_for_another_encoding_or_shape_is_refused() {
    let tmp = TempDir::new("refuse");
    let shape = tiny(&tmp.0, 1).shape();
    let path = tmp.0.join("old.bpk");
    Network::new(shape.clone(), ENCODING_VERSION + 1, 3)
        .unwrap()
        .save(&path)
        .unwrap();
    let err = capicua_net::NetEvaluator::load(&path).unwrap_err();
    assert!(matches!(err, NetError::EncodingMismatch { .. }), "{err}");
    assert!(
        err.to_string().contains("encoding version mismatch"),
        "{err}"
    );
    let mut wrong = shape.clone();
    wrong.input -= 1;
    Network::new(wrong, ENCODING_VERSION, 3)
        .unwrap()
        .save(&path)
        .unwrap();
    let err = capicua_net::NetEvaluator::load(&path).unwrap_err();
    assert!(matches!(err, NetError::ShapeMismatch { .. }), "{err}");
    std::fs::write(&path, b"not a network").unwrap();
    assert!(matches!(
        capicua_net::NetEvaluator::load(&path),
        Err(NetError::Format(_))
    ));
}

#[test]
fn replay_files_round_trip_and_refuse_corruption() {
    let tmp = TempDir::new("replay");
    let cfg = tiny(&tmp.0, 1);
    let state = run(&cfg, &quiet(false, None)).unwrap();
    assert_eq!(state.generation, 1);
    let replay = ReplayDir::new(cfg.run_dir().join("replay"));
    let (samples, meta) = replay.read(0).unwrap().unwrap();
    assert!(!samples.is_empty());
    assert!(meta.rounds >= 4);
    let bytes = capicua_train::replay::to_bytes(&samples, meta);
    assert_eq!(bytes, std::fs::read(replay.path(0)).unwrap());
    assert_eq!(
        capicua_train::replay::from_bytes(&bytes).unwrap(),
        (samples.clone(), meta)
    );
    for s in &samples {
        assert_eq!(s.policy.len() as u32, s.legal.count_ones());
        assert!(
            s.legal.count_ones() >= 2,
            "only searched decisions are samples"
        );
        assert!(s.outcome <= 2);
    }
    for cut in [0, 10, bytes.len() / 2, bytes.len() - 1] {
        assert!(capicua_train::replay::from_bytes(&bytes[..cut]).is_err());
    }
    let mut bad = bytes.clone();
    bad[100] ^= 1;
    assert!(capicua_train::replay::from_bytes(&bad).is_err());
}

#[test]
fn a_second_run_in_the_same_directory_is_refused() {
    let tmp = TempDir::new("lock");
    let cfg = tiny(&tmp.0, 0);
    let dir = RunDir {
        root: cfg.run_dir(),
    };
    // the lock another `capicua train` would hold (an OS lock: the same in another process)
    let held = dir.lock().unwrap();
    let err = run(&cfg, &quiet(false, None)).unwrap_err();
    assert!(
        matches!(&err, TrainError::Locked { dir: d } if d == &cfg.run_dir()),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.contains(&cfg.run_dir().display().to_string()),
        "{message}"
    );
    assert!(matches!(dir.lock(), Err(TrainError::Locked { .. })));
    assert!(!dir.state().exists(), "a refused run writes nothing");
    // released with its holder, as when the process holding it ends
    drop(held);
    let s = run(&cfg, &quiet(false, None)).unwrap();
    assert_eq!(s.generation, 0);
    // and a finished run releases it
    drop(dir.lock().unwrap());
}

#[test]
fn resume_past_a_damaged_replay_file_names_it_and_can_skip_it() {
    let tmp = TempDir::new("damaged");
    let cfg = tiny(&tmp.0, 1);
    run(&cfg, &quiet(false, None)).unwrap();
    let replay = ReplayDir::new(cfg.run_dir().join("replay"));
    let damaged = replay.path(0);
    let mut bytes = std::fs::read(&damaged).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&damaged, &bytes).unwrap();

    let more = tiny(&tmp.0, 2);
    let err = run(&more, &quiet(true, None)).unwrap_err();
    match &err {
        TrainError::DamagedReplay { path, .. } => assert_eq!(path, &damaged),
        other => panic!("expected DamagedReplay, got {other:?}"),
    }
    let message = err.to_string();
    assert!(
        message.contains(&damaged.display().to_string()) && message.contains("--skip-damaged"),
        "{message}"
    );

    let skip = RunOptions {
        skip_damaged: true,
        ..quiet(true, None)
    };
    let s = run(&more, &skip).unwrap();
    assert_eq!(s.generation, 2);
    assert_eq!(s.history.len(), 2);
    // generation 1 trained, on what was left of the window
    assert!(s.history[1].steps > 0);
    // the damaged file is left as it was, for whoever wants to look at it
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes);
}

/// One generation of `counting` bootstrap of `matches` matches.
fn counting_bootstrap(matches: u64) -> capicua_train::config::BootstrapConfig {
    capicua_train::config::BootstrapConfig {
        guide: capicua_train::config::BootstrapGuide::Counting,
        matches: Some(matches),
        epsilon: 0.2,
        reuse: Some(1.0),
        generations: Some(1),
        iterations: None,
        c: None,
        styles: None,
    }
}

#[test]
fn late_samples_carry_the_true_deals_solved_value() {
    let tmp = TempDir::new("solved");
    let mut c = tiny(&tmp.0, 1);
    c.selfplay.solve_tiles = 20;
    c.train.solved_weight = 1.0;
    c.bootstrap = Some(counting_bootstrap(30));
    let s = run(&c, &quiet(false, None)).unwrap();
    let (samples, _) = ReplayDir::new(c.run_dir().join("replay"))
        .read(0)
        .unwrap()
        .unwrap();
    let scale = capicua_net::margin_scale(&c.rules().unwrap());
    let (mut solved, mut agree, mut decided) = (0, 0, 0);
    for x in &samples {
        let tiles: u32 = x.obs.counts.iter().map(|&n| n as u32).sum();
        match x.solved {
            None => assert!(tiles > 20, "{tiles} tiles in hand and no solved value"),
            Some(v) => {
                assert!(tiles <= 20, "{tiles} tiles in hand solved");
                let points = v * scale;
                assert!((points - points.round()).abs() < 1e-3, "{points} points");
                assert!(points.abs() <= 495.0, "{points}");
                solved += 1;
                // the counting players often play the solved line late in a round
                if x.outcome != 1 {
                    decided += 1;
                    agree += ((points > 0.0) == (x.outcome == 2)) as u32;
                }
            }
        }
    }
    // 30 rounds (max_rounds 1), a few decisions with a choice each once 20 tiles are left
    assert!(solved > 30, "{solved} solved samples");
    // the solved result usually agrees with what happened (a wrong sign, scale or side
    // would make it disagree as often as not)
    assert!(agree * 10 > decided * 7, "{agree} of {decided} agree");
    assert!(s.history[0].val_solved_win_error > 0.0 || solved == 0);
}

#[test]
fn counting_bootstrap_feeds_the_first_generation_then_a_network_plays() {
    let tmp = TempDir::new("counting");
    let mut c = tiny(&tmp.0, 2);
    // a fresh network is the best from the start, so generation 1 is net-guided whatever
    // gating decides
    c.selfplay.bootstrap = false;
    c.bootstrap = Some(counting_bootstrap(12));
    let s = run(&c, &quiet(false, None)).unwrap();
    assert_eq!(s.history[0].guide, "counting");
    assert_eq!(s.history[0].matches, 12);
    assert!(
        s.history[1].guide.starts_with("net-"),
        "{}",
        s.history[1].guide
    );
    assert_eq!(s.history[1].matches, c.selfplay.matches);

    let replay = ReplayDir::new(c.run_dir().join("replay"));
    let (samples, meta) = replay.read(0).unwrap().unwrap();
    // 12 matches of at most one round each (max_rounds 1), ~20 decisions a round
    assert_eq!(meta.rounds, 12);
    assert!(samples.len() > 12 * 10, "{} samples", samples.len());
    let mut outcomes = [0usize; 3];
    for x in &samples {
        // the heuristic's move, one of the legal ones, is the whole policy target
        assert!(x.legal.count_ones() >= 2);
        assert_eq!(x.policy.len(), x.legal.count_ones() as usize);
        assert_eq!(x.policy.iter().filter(|&&p| p == 65535).count(), 1);
        assert_eq!(
            x.policy.iter().filter(|&&p| p == 0).count(),
            x.policy.len() - 1
        );
        outcomes[x.outcome as usize] += 1;
        assert_eq!(x.outcome == 1, x.margin == 0.0);
    }
    // both sides won some rounds
    assert!(outcomes[0] > 0 && outcomes[2] > 0, "{outcomes:?}");
    // the search's samples of generation 1 are visit shares, not one-hot
    let (net_samples, _) = replay.read(1).unwrap().unwrap();
    assert!(
        net_samples
            .iter()
            .any(|x| x.policy.iter().filter(|&&p| p > 0).count() > 1)
    );
}

/// A one-generation tiny run in `tmp` that starts from a fresh network saved as `init.bpk`
/// (returned) and plays plain ISMCTS at `iterations` instead of bootstrapping.
fn run_from_saved_network(tmp: &TempDir, seed: u64, iterations: u64) -> (RunConfig, Network) {
    use capicua_train::config::{BootstrapConfig, BootstrapGuide};
    let mut c = tiny(&tmp.0, 1);
    let init = tmp.0.join("init.bpk");
    let start = Network::new(c.shape(), ENCODING_VERSION, seed).unwrap();
    start.save(&init).unwrap();
    c.model.init = Some(init);
    c.selfplay.bootstrap = false;
    c.bootstrap = Some(BootstrapConfig {
        guide: BootstrapGuide::Ismcts,
        matches: Some(2),
        epsilon: 0.0,
        reuse: None,
        generations: Some(1),
        iterations: Some(iterations),
        c: Some(0.4),
        styles: None,
    });
    (c, start)
}

#[test]
fn a_run_can_start_from_given_weights_and_distil_a_stronger_search() {
    let tmp = TempDir::new("init");
    let (c, start) = run_from_saved_network(&tmp, 77, 96);
    let s = run(&c, &quiet(false, None)).unwrap();
    assert_eq!(s.history[0].guide, "plain-ismcts");
    // the initial best is the given network itself
    let first = Network::load(
        c.run_dir().join("models").join("net-000000000000.bpk"),
        ENCODING_VERSION,
        &c.shape(),
    )
    .unwrap();
    let (samples, _) = ReplayDir::new(c.run_dir().join("replay"))
        .read(0)
        .unwrap()
        .unwrap();
    let refs: Vec<&Sample> = samples.iter().collect();
    let x = capicua_train::make_batch(&refs, 0..4, false, capicua_train::ValueBlend::OUTCOME);
    assert_eq!(
        first.raw_outputs(&x.inputs, x.batch),
        start.raw_outputs(&x.inputs, x.batch)
    );
    // the searches' visit shares, not one-hot targets
    assert!(
        samples
            .iter()
            .any(|x| x.policy.iter().filter(|&&p| p > 0).count() > 1)
    );
    // a missing initial network is an error, not a fresh start
    let mut bad = tiny(&tmp.0.join("b"), 1);
    bad.model.init = Some(tmp.0.join("missing.bpk"));
    assert!(run(&bad, &quiet(false, None)).is_err());
}

#[test]
fn a_run_adds_a_tile_head_to_a_network_that_has_none() {
    let tmp = TempDir::new("grow");
    let (mut c, start) = run_from_saved_network(&tmp, 78, 48);
    assert!(start.shape().tile_head.is_empty());
    c.model.tile_head = vec![8, 4];
    let s = run(&c, &quiet(false, None)).unwrap();
    assert_eq!(s.generation, 1);
    let models = c.run_dir().join("models");
    let first = Network::load(
        models.join("net-000000000000.bpk"),
        ENCODING_VERSION,
        &c.shape(),
    )
    .unwrap();
    assert_eq!(first.shape().tile_head, vec![8, 4]);
    // a fresh head adds nothing: the grown network answers as the one it grew from
    let x: Vec<f32> = (0..3 * INPUT_SIZE).map(|i| (i % 7) as f32 / 7.0).collect();
    assert_eq!(first.raw_outputs(&x, 3), start.raw_outputs(&x, 3));
    // a file whose trunk does not fit the run's is still refused
    let mut other = tiny(&tmp.0.join("b"), 1);
    other.model.hidden = vec![8];
    other.model.tile_head = vec![8];
    other.model.init = c.model.init.clone();
    assert!(run(&other, &quiet(false, None)).is_err());
}
