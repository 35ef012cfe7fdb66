//! The training loop: generations of self-play, training, gating and evaluation, resumable
//! after a kill at any point.
//!
//! # The run directory (`<runs_dir>/<name>/`)
//!
//! ```text
//! config.toml                      the configuration the run started with
//! state.json                       the commit point: the next generation and everything done
//! replay/gen-NNNNNN.bin            each generation's self-play samples (see `replay`)
//! checkpoints/ckpt-SSSSSSSSSSSS.ckpt  trainer checkpoints (weights + AdamW state), by samples trained
//! models/net-SSSSSSSSSSSS.bpk      the network after that many samples trained
//! best.bpk                         the current best network (absent while plain ISMCTS is best)
//! tb/                              TensorBoard events
//! ```
//!
//! Every file is written atomically (temporary file, fsync, rename). A generation `g` runs:
//! self-play (skipped when `replay/gen-g` already exists from a run killed later in `g`),
//! training from the checkpoint `state.json` names, gating, evaluation, and last the new
//! `state.json`. A kill anywhere leaves the previous `state.json` and the files it names
//! intact; a resumed run redoes the unfinished generation from them. Every random choice
//! derives from `(seed, generation, index)` and searches run on iteration budgets, so the
//! redone generation is the same as the one interrupted: a killed and resumed run ends with
//! the same weights as an uninterrupted one.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use capicua_engine::Rng;
use capicua_net::{
    ENCODING_VERSION, Losses, NetEvaluator, Network, POLICY_SIZE, RootNoise, TrainBatch, Trainer,
    margin_scale,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use tensorboard_rs::summary_writer::SummaryWriter;

use crate::arena::{Contestant, duplicate, round_score};
use crate::config::{BootstrapGuide, RunConfig};
use crate::error::TrainError;
use crate::replay::{ReplayDir, ReplayMeta, Sample, write_atomic};
use crate::selfplay::{Guide, SelfPlayParams, play_match};

/// Where a run stops early: the testing stand-in for a kill.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopAt {
    /// Right after generation `g`'s replay file is written.
    AfterSelfPlay(u64),
    /// Right after generation `g`'s checkpoint and model file are written (before gating and
    /// the state file).
    AfterTraining(u64),
}

/// How to run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Continue the run in the directory (its `state.json`); without it an existing run is
    /// an error.
    pub resume: bool,
    /// No progress bars or per-generation lines.
    pub quiet: bool,
    pub stop: Option<StopAt>,
}

/// The outcome of a gating match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GatingLog {
    pub opponent: String,
    /// Candidate's margin per round and round score.
    pub margin: f64,
    pub score: f64,
    pub promoted: bool,
}

/// The periodic strength checks of the candidate network.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EvalLog {
    pub vs_counting_score: f64,
    pub vs_counting_margin: f64,
    pub vs_ismcts_score: f64,
    pub vs_ismcts_margin: f64,
}

/// What one generation did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationLog {
    pub generation: u64,
    pub guide: String,
    pub matches: u64,
    pub rounds: u64,
    pub new_samples: u64,
    pub selfplay_seconds: f64,
    pub steps: u64,
    pub samples_trained: u64,
    /// Mean training losses over the generation's steps.
    pub losses: Losses,
    /// On the held-out newest samples: mean |P(win) - outcome| and mean |margin error| in points.
    pub val_win_error: f64,
    pub val_margin_error: f64,
    pub val_policy_loss: f64,
    pub gating: Option<GatingLog>,
    pub eval: Option<EvalLog>,
}

/// The commit point of a run (`state.json`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunState {
    /// The next generation to run.
    pub generation: u64,
    pub steps: u64,
    pub samples_trained: u64,
    pub samples_generated: u64,
    pub matches_played: u64,
    pub rounds_played: u64,
    pub selfplay_seconds: f64,
    /// File name of the latest checkpoint under `checkpoints/`.
    pub checkpoint: Option<String>,
    /// File name of the best network under `models/`; `None` while plain ISMCTS is the best.
    pub best: Option<String>,
    pub history: Vec<GenerationLog>,
}

/// Paths inside a run directory.
#[derive(Clone, Debug)]
pub struct RunDir {
    pub root: PathBuf,
}

impl RunDir {
    pub fn state(&self) -> PathBuf {
        self.root.join("state.json")
    }
    pub fn config(&self) -> PathBuf {
        self.root.join("config.toml")
    }
    pub fn replay(&self) -> ReplayDir {
        ReplayDir::new(self.root.join("replay"))
    }
    pub fn checkpoint(&self, name: &str) -> PathBuf {
        self.root.join("checkpoints").join(name)
    }
    pub fn model(&self, name: &str) -> PathBuf {
        self.root.join("models").join(name)
    }
    pub fn best(&self) -> PathBuf {
        self.root.join("best.bpk")
    }
    pub fn tb(&self) -> PathBuf {
        self.root.join("tb")
    }

    pub fn read_state(&self) -> Result<Option<RunState>, TrainError> {
        let path = self.state();
        match std::fs::read(&path) {
            Ok(b) => serde_json::from_slice(&b)
                .map(Some)
                .map_err(|e| TrainError::State(format!("{}: {e}", path.display()))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(TrainError::io(path, e)),
        }
    }

    fn write_state(&self, s: &RunState) -> Result<(), TrainError> {
        let json = serde_json::to_vec_pretty(s).map_err(|e| TrainError::State(e.to_string()))?;
        write_atomic(&self.state(), &json)
    }

    /// Removes temporary files left by a write that a kill interrupted.
    fn remove_stale_temporaries(&self) {
        for sub in ["", "replay", "checkpoints", "models"] {
            let dir = self.root.join(sub);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if name.starts_with('.') && name.contains(".tmp-") {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for `(purpose, generation, index)` of the run.
fn seed_for(seed: u64, purpose: u64, generation: u64, index: u64) -> u64 {
    mix(mix(mix(seed ^ purpose) ^ generation) ^ index)
}

const SELFPLAY: u64 = 1;
const TRAIN: u64 = 2;
const GATING: u64 = 3;
const EVAL: u64 = 4;

fn checkpoint_name(samples: u64) -> String {
    format!("ckpt-{samples:012}.ckpt")
}

fn model_name(samples: u64) -> String {
    format!("net-{samples:012}.bpk")
}

/// The batch of samples `idx` of `pool`.
fn make_batch(pool: &[&Sample], idx: impl Iterator<Item = usize>) -> TrainBatch {
    let mut b = TrainBatch::default();
    let mut target = vec![0.0f32; POLICY_SIZE];
    let mut legal = vec![false; POLICY_SIZE];
    for i in idx {
        let s = pool[i];
        s.policy_target(&mut target, &mut legal);
        b.push(&s.obs.encoded(), &legal, &target, s.win_target(), s.margin);
    }
    b
}

fn bar(quiet: bool, len: u64, prefix: String) -> ProgressBar {
    let pb = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr())
    };
    pb.set_length(len);
    pb.set_style(
        ProgressStyle::with_template("{prefix:>14} [{bar:30}] {pos}/{len} {msg} ({elapsed})")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    pb.set_prefix(prefix);
    pb
}

/// Runs (or resumes) the training run of `config` until `config.generations` are done or
/// `options.stop` is reached. Returns the final state.
pub fn run(config: &RunConfig, options: &RunOptions) -> Result<RunState, TrainError> {
    config.validate()?;
    let rules = config.rules()?;
    let shape = config.shape();
    let dir = RunDir {
        root: config.run_dir(),
    };
    let previous = dir.read_state()?;
    if previous.is_some() && !options.resume {
        return Err(TrainError::State(format!(
            "{} already holds a run; pass --resume to continue it",
            dir.root.display()
        )));
    }
    for sub in ["replay", "checkpoints", "models", "tb"] {
        let p = dir.root.join(sub);
        std::fs::create_dir_all(&p).map_err(|e| TrainError::io(&p, e))?;
    }
    dir.remove_stale_temporaries();
    // The configuration may change only in how many generations to run.
    let config_text = toml::to_string(config).map_err(|e| TrainError::Config(e.to_string()))?;
    match std::fs::read_to_string(dir.config()) {
        Ok(old) => {
            let mut old: RunConfig = toml::from_str(&old)
                .map_err(|e| TrainError::Config(format!("stored config: {e}")))?;
            old.generations = config.generations;
            old.runs_dir = config.runs_dir.clone();
            if &old != config {
                return Err(TrainError::Config(format!(
                    "{} was started with another configuration (only `generations` may change)",
                    dir.root.display()
                )));
            }
        }
        Err(_) => write_atomic(&dir.config(), config_text.as_bytes())?,
    }

    let mut state = previous.unwrap_or_default();
    let mut trainer = match (&state.checkpoint, &config.model.init) {
        (Some(name), _) => {
            Trainer::load_checkpoint(dir.checkpoint(name), ENCODING_VERSION, &shape)?
        }
        (None, Some(init)) => Trainer::from_network(
            &Network::load(init, ENCODING_VERSION, &shape)?,
            config.train_config(),
        )?,
        (None, None) => Trainer::new(
            shape.clone(),
            ENCODING_VERSION,
            config.train_config(),
            config.seed,
        )?,
    };
    if state.generation == 0 && state.best.is_none() && !config.selfplay.bootstrap {
        let name = model_name(0);
        trainer.save_network(dir.model(&name))?;
        trainer.save_network(dir.best())?;
        state.best = Some(name);
    }
    let mut best: Option<Arc<NetEvaluator>> = match &state.best {
        Some(name) => Some(Arc::new(NetEvaluator::new(&Network::load(
            dir.model(name),
            ENCODING_VERSION,
            &shape,
        )?)?)),
        None => None,
    };

    // The replay window: the newest generations that fill it.
    let replay = dir.replay();
    let mut window: VecDeque<(u64, Vec<Sample>)> = VecDeque::new();
    let mut held = 0usize;
    for g in (0..state.generation).rev() {
        if held >= config.train.window {
            break;
        }
        if let Some((samples, _)) = replay.read(g)? {
            held += samples.len();
            window.push_front((g, samples));
        }
    }

    let mut tb = SummaryWriter::new(dir.tb());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.selfplay.threads)
        .build()
        .map_err(|e| TrainError::Config(format!("threads: {e}")))?;
    let threads = pool.current_num_threads();
    let params = SelfPlayParams {
        rules,
        iterations: config.selfplay.iterations,
        c_puct: config.selfplay.c_puct,
        noise: RootNoise {
            alpha: config.selfplay.dirichlet_alpha,
            epsilon: config.selfplay.dirichlet_epsilon,
        },
        temperature: config.selfplay.temperature,
        temperature_moves: config.selfplay.temperature_moves,
        max_rounds: config.selfplay.max_rounds,
    };
    let scale = margin_scale(&rules) as f64;

    let default_c_ucb = capicua_search::SearchConfig::default().c_ucb;
    while state.generation < config.generations {
        let g = state.generation;
        let bootstrap = config
            .bootstrap
            .as_ref()
            .filter(|b| b.generations.map_or(best.is_none(), |n| g < n));
        let guide = match (bootstrap, &best) {
            (Some(b), _) => match b.guide {
                BootstrapGuide::Counting => Guide::Counting { epsilon: b.epsilon },
                BootstrapGuide::Ismcts => Guide::Rollout {
                    iterations: b.iterations.unwrap_or(config.selfplay.iterations),
                    c_ucb: b.c.unwrap_or(default_c_ucb),
                },
            },
            (None, Some(ev)) => Guide::Net(ev.clone()),
            (None, None) => Guide::Rollout {
                iterations: config.selfplay.iterations,
                c_ucb: default_c_ucb,
            },
        };
        let guide_name = match (&guide, &state.best) {
            (Guide::Counting { .. }, _) => "counting".into(),
            (Guide::Rollout { .. }, _) => "plain-ismcts".into(),
            (Guide::Net(_), Some(n)) => n.clone(),
            (Guide::Net(_), None) => "net".into(),
        };
        let matches = bootstrap
            .and_then(|b| b.matches)
            .unwrap_or(config.selfplay.matches);
        let reuse = bootstrap
            .and_then(|b| b.reuse)
            .unwrap_or(config.train.reuse);

        // 1. Self-play (or the samples of an interrupted attempt at this generation).
        let t0 = Instant::now();
        let (samples, meta) = match replay.read(g) {
            Ok(Some(found)) => found,
            _ => {
                let pb = bar(options.quiet, matches, format!("gen {g} selfplay"));
                let records: Vec<_> = pool.install(|| {
                    (0..matches)
                        .into_par_iter()
                        .map(|i| {
                            let r =
                                play_match(&params, &guide, seed_for(config.seed, SELFPLAY, g, i));
                            pb.inc(1);
                            r
                        })
                        .collect()
                });
                pb.finish_and_clear();
                let meta = ReplayMeta {
                    rounds: records.iter().map(|r| r.rounds as u64).sum(),
                    seconds: t0.elapsed().as_secs_f64(),
                };
                let samples: Vec<Sample> = records.into_iter().flat_map(|r| r.samples).collect();
                replay.write(g, &samples, meta)?;
                (samples, meta)
            }
        };
        let selfplay_seconds = meta.seconds;
        if options.stop == Some(StopAt::AfterSelfPlay(g)) {
            return Ok(state);
        }

        // 2. Training on the window (the newest generation's last samples held out).
        let new_samples = samples.len();
        held += new_samples;
        window.push_back((g, samples));
        while window.len() > 1 && held - window[0].1.len() >= config.train.window {
            held -= window[0].1.len();
            window.pop_front();
        }
        let newest = &window.back().expect("just pushed").1;
        let n_val = config.train.validation.min(newest.len() / 4);
        let validation: Vec<&Sample> = newest[newest.len() - n_val..].iter().collect();
        let mut train_pool: Vec<&Sample> = Vec::with_capacity(held);
        for (k, (_, s)) in window.iter().enumerate() {
            let take = if k + 1 == window.len() {
                s.len() - n_val
            } else {
                s.len()
            };
            train_pool.extend(s[..take].iter());
        }
        let skip = train_pool.len().saturating_sub(config.train.window);
        let train_pool = &train_pool[skip..];
        let batch_size = config.train.batch_size;
        let steps = if train_pool.is_empty() {
            0
        } else {
            ((new_samples as f64 * reuse) / batch_size as f64).ceil() as u64
        };
        let mut rng = Rng::new(seed_for(config.seed, TRAIN, g, 0));
        let pb = bar(options.quiet, steps, format!("gen {g} train"));
        let mut sum = [0.0f64; 6];
        for _ in 0..steps {
            let n = train_pool.len() as u32;
            let batch = make_batch(train_pool, (0..batch_size).map(|_| rng.below(n) as usize));
            let l = trainer.try_step(&batch)?;
            for (acc, v) in sum.iter_mut().zip([
                l.total,
                l.policy,
                l.win,
                l.margin,
                l.policy_entropy,
                l.target_entropy,
            ]) {
                *acc += v as f64;
            }
            pb.inc(1);
            pb.set_message(format!("loss {:.3}", l.total));
        }
        pb.finish_and_clear();
        let mean = |i: usize| (sum[i] / steps.max(1) as f64) as f32;
        let losses = Losses {
            total: mean(0),
            policy: mean(1),
            win: mean(2),
            margin: mean(3),
            policy_entropy: mean(4),
            target_entropy: mean(5),
        };
        let samples_trained = state.samples_trained + steps * batch_size as u64;
        let ckpt = checkpoint_name(samples_trained);
        let model = model_name(samples_trained);
        trainer.save_checkpoint(dir.checkpoint(&ckpt))?;
        trainer.save_network(dir.model(&model))?;
        if options.stop == Some(StopAt::AfterTraining(g)) {
            return Ok(state);
        }

        // Value error on the held-out samples.
        let network = trainer.network();
        let (mut win_err, mut margin_err, mut val_policy) = (0.0, 0.0, 0.0);
        if !validation.is_empty() {
            let vb = make_batch(&validation, 0..validation.len());
            let (priors, win, margin) = network.evaluate_batch(&vb.inputs, &vb.legal, vb.batch);
            for i in 0..vb.batch {
                win_err += (win[i] - vb.win[i]).abs() as f64;
                margin_err += ((margin[i] - vb.margin[i]).abs() as f64) * scale;
                let row = i * POLICY_SIZE..(i + 1) * POLICY_SIZE;
                val_policy -= vb.policy[row.clone()]
                    .iter()
                    .zip(&priors[row])
                    .filter(|(t, _)| **t > 0.0)
                    .map(|(t, p)| *t as f64 * (p.max(1e-12) as f64).ln())
                    .sum::<f64>();
            }
            let n = vb.batch as f64;
            win_err /= n;
            margin_err /= n;
            val_policy /= n;
        }

        // 3. Gating: the candidate replaces the best only if it wins a duplicate match.
        let candidate = Arc::new(NetEvaluator::new(&network)?);
        let net = |ev: &Arc<NetEvaluator>, iterations: u64| Contestant::Net {
            evaluator: ev.clone(),
            iterations,
            c_puct: config.selfplay.c_puct,
        };
        let mut gating = None;
        if config.gating.every > 0 && (g + 1) % config.gating.every == 0 {
            let opponent_name = state.best.clone();
            let opponent = match &best {
                Some(b) => net(b, config.gating.iterations),
                None => Contestant::Ismcts {
                    iterations: config.gating.iterations,
                },
            };
            let pb = bar(
                options.quiet,
                config.gating.rounds / 2,
                format!("gen {g} gating"),
            );
            let s = duplicate(
                &rules,
                &config.variant,
                &net(&candidate, config.gating.iterations),
                &opponent,
                config.gating.rounds,
                seed_for(config.seed, GATING, g, 0),
                threads,
                &|boards| pb.inc(boards as u64),
            )?;
            pb.finish_and_clear();
            let score = round_score(&s);
            let promoted =
                s.a_margin_per_round > 0.0 || (s.a_margin_per_round == 0.0 && score > 0.5);
            if promoted {
                write_atomic(&dir.best(), &network.to_bytes()?)?;
                best = Some(candidate.clone());
                state.best = Some(model.clone());
            }
            gating = Some(GatingLog {
                opponent: opponent_name.unwrap_or_else(|| "plain-ismcts".into()),
                margin: s.a_margin_per_round,
                score,
                promoted,
            });
        }

        // 4. Strength of the candidate against `counting` and plain ISMCTS.
        let mut eval = None;
        if config.eval.every > 0 && (g + 1) % config.eval.every == 0 {
            let me = net(&candidate, config.eval.iterations);
            let mut results = Vec::new();
            for (k, opp) in [
                Contestant::Counting,
                Contestant::Ismcts {
                    iterations: config.eval.iterations,
                },
            ]
            .iter()
            .enumerate()
            {
                let pb = bar(
                    options.quiet,
                    config.eval.rounds / 2,
                    format!("gen {g} vs {}", opp.name()),
                );
                let s = duplicate(
                    &rules,
                    &config.variant,
                    &me,
                    opp,
                    config.eval.rounds,
                    seed_for(config.seed, EVAL, 0, k as u64),
                    threads,
                    &|boards| pb.inc(boards as u64),
                )?;
                pb.finish_and_clear();
                results.push((round_score(&s), s.a_margin_per_round));
            }
            eval = Some(EvalLog {
                vs_counting_score: results[0].0,
                vs_counting_margin: results[0].1,
                vs_ismcts_score: results[1].0,
                vs_ismcts_margin: results[1].1,
            });
        }

        // 5. Commit.
        let log = GenerationLog {
            generation: g,
            guide: guide_name,
            matches,
            rounds: meta.rounds,
            new_samples: new_samples as u64,
            selfplay_seconds,
            steps,
            samples_trained,
            losses,
            val_win_error: win_err,
            val_margin_error: margin_err,
            val_policy_loss: val_policy,
            gating,
            eval,
        };
        write_scalars(&mut tb, &log, state.selfplay_seconds + selfplay_seconds);
        if !options.quiet {
            eprintln!("{}", summary_line(&log));
        }
        state.generation = g + 1;
        state.steps = trainer.steps();
        state.samples_trained = samples_trained;
        state.samples_generated += new_samples as u64;
        state.matches_played += matches;
        state.rounds_played += log.rounds;
        state.selfplay_seconds += selfplay_seconds;
        state.checkpoint = Some(ckpt);
        state.history.push(log);
        dir.write_state(&state)?;
    }
    tb.flush();
    Ok(state)
}

/// One line per generation for the console and logs.
pub fn summary_line(l: &GenerationLog) -> String {
    let mut s = format!(
        "gen {:>4} | {} samples ({:.0} s self-play, guide {}) | {} steps, {} trained | loss {:.3} (policy {:.3} win {:.3} margin {:.4}) entropy {:.2} | val win err {:.3}, margin err {:.1} pts",
        l.generation,
        l.new_samples,
        l.selfplay_seconds,
        l.guide,
        l.steps,
        l.samples_trained,
        l.losses.total,
        l.losses.policy,
        l.losses.win,
        l.losses.margin,
        l.losses.policy_entropy,
        l.val_win_error,
        l.val_margin_error
    );
    if let Some(g) = &l.gating {
        s += &format!(
            " | gating vs {}: margin {:+.2}, score {:.3}{}",
            g.opponent,
            g.margin,
            g.score,
            if g.promoted { " -> promoted" } else { "" }
        );
    }
    if let Some(e) = &l.eval {
        s += &format!(
            " | vs counting {:.3} ({:+.2}), vs ismcts {:.3} ({:+.2})",
            e.vs_counting_score, e.vs_counting_margin, e.vs_ismcts_score, e.vs_ismcts_margin
        );
    }
    s
}

fn write_scalars(tb: &mut SummaryWriter, l: &GenerationLog, total_selfplay_seconds: f64) {
    let step = l.samples_trained as usize;
    let mut put = |tag: &str, v: f64| tb.add_scalar(tag, v as f32, step);
    put("loss/total", l.losses.total as f64);
    put("loss/policy", l.losses.policy as f64);
    put("loss/win", l.losses.win as f64);
    put("loss/margin", l.losses.margin as f64);
    put("policy/entropy", l.losses.policy_entropy as f64);
    put("policy/target_entropy", l.losses.target_entropy as f64);
    put("value/win_error", l.val_win_error);
    put("value/margin_error_points", l.val_margin_error);
    put("value/policy_loss_heldout", l.val_policy_loss);
    if l.matches > 0 && l.selfplay_seconds > 0.0 {
        put(
            "selfplay/games_per_hour",
            l.matches as f64 * 3600.0 / l.selfplay_seconds,
        );
        put(
            "selfplay/rounds_per_hour",
            l.rounds as f64 * 3600.0 / l.selfplay_seconds,
        );
    }
    put("selfplay/samples", l.new_samples as f64);
    put("selfplay/hours", total_selfplay_seconds / 3600.0);
    if let Some(g) = &l.gating {
        put("gating/margin", g.margin);
        put("gating/score", g.score);
        put("gating/promoted", g.promoted as u8 as f64);
    }
    if let Some(e) = &l.eval {
        put("eval/vs_counting_win_rate", e.vs_counting_score);
        put("eval/vs_counting_margin", e.vs_counting_margin);
        put("eval/vs_ismcts_win_rate", e.vs_ismcts_score);
        put("eval/vs_ismcts_margin", e.vs_ismcts_margin);
    }
    tb.flush();
}

/// The latest best model file of a run, if any network has passed gating.
pub fn best_model(run_dir: &Path) -> Option<PathBuf> {
    let p = run_dir.join("best.bpk");
    p.exists().then_some(p)
}
