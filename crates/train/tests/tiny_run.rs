//! The tiny configuration end to end: trains, its loss goes down, and a run killed at any
//! stage and resumed ends exactly where an uninterrupted run ends.

use std::path::{Path, PathBuf};

use capicua_net::{ENCODING_VERSION, NetError, Network, POLICY_SIZE, TrainBatch, Trainer};
use capicua_train::replay::{ReplayDir, Sample};
use capicua_train::{RunConfig, RunOptions, RunState, StopAt, run};

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
        stop,
    }
}

fn batch(samples: &[Sample]) -> TrainBatch {
    let mut b = TrainBatch::default();
    let mut target = vec![0.0; POLICY_SIZE];
    let mut legal = vec![false; POLICY_SIZE];
    for s in samples {
        s.policy_target(&mut target, &mut legal);
        b.push(&s.obs.encoded(), &legal, &target, s.win_target(), s.margin);
    }
    b
}

fn without_timings(mut s: RunState) -> RunState {
    s.selfplay_seconds = 0.0;
    for g in &mut s.history {
        g.selfplay_seconds = 0.0;
    }
    s
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
    let all = batch(&samples);
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
fn counting_bootstrap_feeds_the_first_generation_then_a_network_plays() {
    use capicua_train::config::{BootstrapConfig, BootstrapGuide};
    let tmp = TempDir::new("counting");
    let mut c = tiny(&tmp.0, 2);
    // a fresh network is the best from the start, so generation 1 is net-guided whatever
    // gating decides
    c.selfplay.bootstrap = false;
    c.bootstrap = Some(BootstrapConfig {
        guide: BootstrapGuide::Counting,
        matches: Some(12),
        epsilon: 0.2,
        reuse: Some(1.0),
        generations: Some(1),
        iterations: None,
        c: None,
    });
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

#[test]
fn a_run_can_start_from_given_weights_and_distil_a_stronger_search() {
    use capicua_train::config::{BootstrapConfig, BootstrapGuide};
    let tmp = TempDir::new("init");
    let mut c = tiny(&tmp.0, 1);
    let init = tmp.0.join("init.bpk");
    let start = Network::new(c.shape(), ENCODING_VERSION, 77).unwrap();
    start.save(&init).unwrap();
    c.model.init = Some(init);
    c.selfplay.bootstrap = false;
    c.bootstrap = Some(BootstrapConfig {
        guide: BootstrapGuide::Ismcts,
        matches: Some(2),
        epsilon: 0.0,
        reuse: None,
        generations: Some(1),
        iterations: Some(96),
        c: Some(0.4),
    });
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
    let x = batch(&samples[..4]);
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
