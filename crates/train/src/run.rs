//! The training loop: generations of self-play, training, gating and evaluation, resumable
//! after a kill at any point.
//!
//! # The run directory (`<runs_dir>/<name>/`)
//!
//! ```text
//! lock                             held (an OS file lock) by the one process running the run
//! config.toml                      the configuration the run started with
//! state.json                       the commit point: the next generation and everything done
//! replay/gen-NNNNNN.bin            each generation's self-play samples (see `replay`)
//! checkpoints/ckpt-SSSSSSSSSSSS.ckpt  trainer checkpoints (weights + AdamW state), by samples trained
//! models/net-SSSSSSSSSSSS.bpk      the network after that many samples trained
//! best.bpk                         the current best network (absent while plain ISMCTS is best)
//! tb/                              TensorBoard events
//! ```
//!
//! Every file is written atomically (`capicua_net::write_atomic`: a temporary file unique to
//! its writer, fsync, rename). A generation `g` runs, each stage a method of `Run`:
//! self-play (skipped when `replay/gen-g` already exists from a run killed later in `g`),
//! training from the checkpoint `state.json` names, gating, evaluation, and last the new
//! `state.json`. A kill anywhere leaves the previous `state.json` and the files it names
//! intact; a resumed run redoes the unfinished generation from them. Every random choice
//! derives from `(seed, generation, index)` and searches run on iteration budgets, so the
//! redone generation is the same as the one interrupted: a killed and resumed run ends with
//! the same weights as an uninterrupted one.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use capicua_engine::{Rng, Rules, mix_seed};
use capicua_net::{
    ENCODING_VERSION, Losses, ModelShape, NetEvaluator, Network, RootNoise, Trainer, margin_scale,
    read_header, write_bytes_atomic,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use tensorboard_rs::summary_writer::SummaryWriter;

use crate::config::{BootstrapGuide, RunConfig};
use crate::error::TrainError;
use crate::gating::Arena;
use crate::replay::{ReplayMeta, Sample, ValueBlend};
pub use crate::rundir::{RunDir, RunLock};
use crate::selfplay::{ALL_SEARCH, DEFAULT_STYLES, Guide, SelfPlayParams, play_match};
use capicua_eval::belief_quality::PHASES;

use crate::training::{Validation, steps_for, train_steps, validate};
use crate::window::ReplayWindow;

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
    /// On resume, leave out (with a warning) a replay file of an earlier generation that
    /// cannot be read back, instead of stopping with an error naming it.
    pub skip_damaged: bool,
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
    /// On the held-out samples with a solved value: the same errors against it.
    #[serde(default)]
    pub val_solved_win_error: f64,
    #[serde(default)]
    pub val_solved_margin_error: f64,
    pub val_policy_loss: f64,
    /// Held-out belief log-loss (nats per hidden tile) by phase (tiles on the table 1-9,
    /// 10-19, 20-29, 30+); zeros for a model without beliefs.
    #[serde(default)]
    pub val_belief_loss: [f64; 4],
    /// Held-out belief top-1 accuracy by phase.
    #[serde(default)]
    pub val_belief_top1: [f64; 4],
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

/// A seed for `(purpose, generation, index)` of the run.
fn seed_for(seed: u64, purpose: u64, generation: u64, index: u64) -> u64 {
    mix_seed(mix_seed(mix_seed(seed ^ purpose) ^ generation) ^ index)
}

const SELFPLAY: u64 = 1;
const TRAIN: u64 = 2;
const GATING: u64 = 3;
const EVAL: u64 = 4;

/// The network a run starts from with `model.init`: the file as it is, or, when the run's
/// shape adds a per-tile belief head the file lacks, the file's network with a fresh one.
fn initial_network(init: &Path, shape: &ModelShape, seed: u64) -> Result<Network, TrainError> {
    let file = read_header(init)?;
    if !shape.tile_head.is_empty() && file.shape.tile_head.is_empty() {
        let bare = shape.clone().with_tile_head(&[]);
        let network = Network::load(init, ENCODING_VERSION, &bare)?;
        return Ok(network.with_tile_head(&shape.tile_head, seed)?);
    }
    Ok(Network::load(init, ENCODING_VERSION, shape)?)
}

fn checkpoint_name(samples: u64) -> String {
    format!("ckpt-{samples:012}.ckpt")
}

fn model_name(samples: u64) -> String {
    format!("net-{samples:012}.bpk")
}

/// A progress bar on standard error (hidden when `quiet`) of `len` steps, named `prefix`.
pub fn progress_bar(quiet: bool, len: u64, prefix: String) -> ProgressBar {
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
    let dir = RunDir {
        root: config.run_dir(),
    };
    let lock = dir.lock()?;
    let mut run = Run::open(config, options, dir, &lock)?;
    while run.state.generation < config.generations {
        if run.generation()? == Flow::Stopped {
            return Ok(run.state);
        }
    }
    run.tb.flush();
    Ok(run.state)
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Stopped,
}

/// A run in progress: the state of the last commit and everything a generation works with.
struct Run<'a> {
    config: &'a RunConfig,
    options: &'a RunOptions,
    dir: RunDir,
    rules: Rules,
    state: RunState,
    trainer: Trainer,
    /// The best network; `None` while plain ISMCTS is the best.
    best: Option<Arc<NetEvaluator>>,
    window: ReplayWindow,
    tb: SummaryWriter,
    pool: rayon::ThreadPool,
    params: SelfPlayParams,
}

/// Who plays a generation's self-play and how much of it there is.
struct Plan {
    guide: Guide,
    guide_name: String,
    matches: u64,
    reuse: f64,
}

/// What a generation's training stage produced.
struct Trained {
    steps: u64,
    losses: Losses,
    samples_trained: u64,
    checkpoint: String,
    model: String,
    new_samples: u64,
    validation: Validation,
    network: Network,
}

impl<'a> Run<'a> {
    /// Checks the directory against `config` (a new run, or `--resume` of the same
    /// configuration) and loads the committed state, the trainer, the best network and the
    /// replay window.
    fn open(
        config: &'a RunConfig,
        options: &'a RunOptions,
        dir: RunDir,
        lock: &RunLock,
    ) -> Result<Run<'a>, TrainError> {
        let rules = config.rules()?;
        let shape = config.shape();
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
        dir.remove_stale_temporaries(lock);
        check_config(config, &dir)?;

        let mut state = previous.unwrap_or_default();
        let trainer = match (&state.checkpoint, &config.model.init) {
            (Some(name), _) => {
                Trainer::load_checkpoint(dir.checkpoint(name), ENCODING_VERSION, &shape)?
            }
            (None, Some(init)) => Trainer::from_network(
                &initial_network(init, &shape, config.seed)?,
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
        let best = match &state.best {
            Some(name) => Some(Arc::new(NetEvaluator::new(&Network::load(
                dir.model(name),
                ENCODING_VERSION,
                &shape,
            )?)?)),
            None => None,
        };
        let window = ReplayWindow::load(
            &dir.replay(),
            state.generation,
            config.train.window,
            options.skip_damaged,
            &mut |path, reason| {
                eprintln!(
                    "warning: skipping the damaged replay file {} ({reason}); resuming without its samples",
                    path.display()
                )
            },
        )?;
        let tb = SummaryWriter::new(dir.tb());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(config.selfplay.threads)
            .build()
            .map_err(|e| TrainError::Config(format!("threads: {e}")))?;
        let params = SelfPlayParams {
            rules,
            iterations: config.selfplay.iterations,
            c_puct: config.selfplay.c_puct,
            prior_temperature: config.selfplay.prior_temperature,
            noise: RootNoise {
                alpha: config.selfplay.dirichlet_alpha,
                epsilon: config.selfplay.dirichlet_epsilon,
            },
            temperature: config.selfplay.temperature,
            temperature_moves: config.selfplay.temperature_moves,
            max_rounds: config.selfplay.max_rounds,
            believed_deals: config.selfplay.believed_deals,
            solve_tiles: config.selfplay.solve_tiles,
            improved_weight: config.selfplay.improved_weight,
            improved_shrink: config.selfplay.improved_shrink,
            lineups: config.selfplay.lineups.unwrap_or(ALL_SEARCH),
            rollout_mix: config.selfplay.rollout_mix,
        };
        Ok(Run {
            config,
            options,
            dir,
            rules,
            state,
            trainer,
            best,
            window,
            tb,
            pool,
            params,
        })
    }

    /// One generation: self-play, training, gating, evaluation, commit.
    fn generation(&mut self) -> Result<Flow, TrainError> {
        let g = self.state.generation;
        let plan = self.plan(g);
        let (samples, meta) = self.self_play(g, &plan)?;
        if self.options.stop == Some(StopAt::AfterSelfPlay(g)) {
            return Ok(Flow::Stopped);
        }
        let trained = self.train(g, samples, plan.reuse)?;
        if self.options.stop == Some(StopAt::AfterTraining(g)) {
            return Ok(Flow::Stopped);
        }
        let candidate = Arc::new(NetEvaluator::new(&trained.network)?);
        let gating = self.gate(g, &candidate, &trained)?;
        let eval = self.evaluate(g, &candidate)?;
        self.commit(g, plan, meta, trained, gating, eval)?;
        Ok(Flow::Continue)
    }

    /// Generation `g`'s guide: a bootstrap player while the configuration asks for one, else
    /// the best network, else plain ISMCTS.
    fn plan(&self, g: u64) -> Plan {
        let config = self.config;
        let default_c_ucb = capicua_search::SearchConfig::default().c_ucb;
        let bootstrap = config
            .bootstrap
            .as_ref()
            .filter(|b| b.generations.map_or(self.best.is_none(), |n| g < n));
        let guide = match (bootstrap, &self.best) {
            (Some(b), _) => match b.guide {
                BootstrapGuide::Counting => Guide::Counting {
                    epsilon: b.epsilon,
                    styles: b.styles.unwrap_or(DEFAULT_STYLES),
                },
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
        let guide_name = match (&guide, &self.state.best) {
            (Guide::Counting { .. }, _) => "counting".into(),
            (Guide::Rollout { .. }, _) => "plain-ismcts".into(),
            (Guide::Net(_), Some(n)) => n.clone(),
            (Guide::Net(_), None) => "net".into(),
        };
        Plan {
            guide,
            guide_name,
            matches: bootstrap
                .and_then(|b| b.matches)
                .unwrap_or(config.selfplay.matches),
            reuse: bootstrap
                .and_then(|b| b.reuse)
                .unwrap_or(config.train.reuse),
        }
    }

    /// Self-play: the plan's matches in parallel, written as generation `g`'s replay file;
    /// or the samples an interrupted attempt at `g` already wrote.
    fn self_play(&self, g: u64, plan: &Plan) -> Result<(Vec<Sample>, ReplayMeta), TrainError> {
        let replay = self.dir.replay();
        if let Ok(Some(found)) = replay.read(g) {
            return Ok(found);
        }
        let t0 = Instant::now();
        let pb = progress_bar(
            self.options.quiet,
            plan.matches,
            format!("gen {g} selfplay"),
        );
        let seed = self.config.seed;
        let records = self.pool.install(|| {
            (0..plan.matches)
                .into_par_iter()
                .map(|i| {
                    let r = play_match(&self.params, &plan.guide, seed_for(seed, SELFPLAY, g, i));
                    pb.inc(1);
                    r
                })
                .collect::<Result<Vec<_>, _>>()
        })?;
        pb.finish_and_clear();
        let meta = ReplayMeta {
            rounds: records.iter().map(|r| r.rounds as u64).sum(),
            seconds: t0.elapsed().as_secs_f64(),
        };
        let samples: Vec<Sample> = records.into_iter().flat_map(|r| r.samples).collect();
        replay.write(g, &samples, meta)?;
        Ok((samples, meta))
    }

    /// Training on the window with generation `g`'s samples added (the newest generation's
    /// last samples held out), then the checkpoint and model file named by samples trained.
    fn train(&mut self, g: u64, samples: Vec<Sample>, reuse: f64) -> Result<Trained, TrainError> {
        let config = self.config;
        let new_samples = samples.len();
        self.window.push(g, samples, config.train.window);
        let (pool, held_out) = self
            .window
            .split(config.train.validation, config.train.window);
        let batch_size = config.train.batch_size;
        let steps = steps_for(new_samples, reuse, batch_size, pool.len());
        let mut rng = Rng::new(seed_for(config.seed, TRAIN, g, 0));
        let pb = progress_bar(self.options.quiet, steps, format!("gen {g} train"));
        let blend = ValueBlend {
            solved: config.train.solved_weight,
            searched: config.train.searched_weight,
        };
        let losses = train_steps(
            &mut self.trainer,
            &pool,
            steps,
            batch_size,
            blend,
            &mut rng,
            &pb,
        )?;
        pb.finish_and_clear();
        let samples_trained = self.state.samples_trained + steps * batch_size as u64;
        let checkpoint = checkpoint_name(samples_trained);
        let model = model_name(samples_trained);
        self.trainer
            .save_checkpoint(self.dir.checkpoint(&checkpoint))?;
        self.trainer.save_network(self.dir.model(&model))?;
        let network = self.trainer.network();
        let validation = validate(&network, &held_out, margin_scale(&self.rules) as f64);
        Ok(Trained {
            steps,
            losses,
            samples_trained,
            checkpoint,
            model,
            new_samples: new_samples as u64,
            validation,
            network,
        })
    }

    /// Gating, every `gating.every` generations: the candidate replaces the best only if it
    /// wins a duplicate match against it.
    fn gate(
        &mut self,
        g: u64,
        candidate: &Arc<NetEvaluator>,
        trained: &Trained,
    ) -> Result<Option<GatingLog>, TrainError> {
        let every = self.config.gating.every;
        if every == 0 || !(g + 1).is_multiple_of(every) {
            return Ok(None);
        }
        let seed = seed_for(self.config.seed, GATING, g, 0);
        let (margin, score, promoted) =
            self.arena().gate(g, candidate, self.best.as_ref(), seed)?;
        let opponent = self
            .state
            .best
            .clone()
            .unwrap_or_else(|| "plain-ismcts".into());
        if promoted {
            write_bytes_atomic(&self.dir.best(), &trained.network.to_bytes()?)?;
            self.best = Some(candidate.clone());
            self.state.best = Some(trained.model.clone());
        }
        Ok(Some(GatingLog {
            opponent,
            margin,
            score,
            promoted,
        }))
    }

    /// Strength of the candidate against `counting` and plain ISMCTS, every `eval.every`
    /// generations (always on the same deals, so generations compare).
    fn evaluate(
        &self,
        g: u64,
        candidate: &Arc<NetEvaluator>,
    ) -> Result<Option<EvalLog>, TrainError> {
        let every = self.config.eval.every;
        if every == 0 || !(g + 1).is_multiple_of(every) {
            return Ok(None);
        }
        let seed = self.config.seed;
        self.arena()
            .evaluate(g, candidate, |k| seed_for(seed, EVAL, 0, k))
            .map(Some)
    }

    fn arena(&self) -> Arena<'_> {
        Arena {
            config: self.config,
            rules: &self.rules,
            threads: self.pool.current_num_threads(),
            quiet: self.options.quiet,
        }
    }

    /// The commit point: logs, then the new `state.json` naming the new checkpoint.
    fn commit(
        &mut self,
        g: u64,
        plan: Plan,
        meta: ReplayMeta,
        trained: Trained,
        gating: Option<GatingLog>,
        eval: Option<EvalLog>,
    ) -> Result<(), TrainError> {
        let log = GenerationLog {
            generation: g,
            guide: plan.guide_name,
            matches: plan.matches,
            rounds: meta.rounds,
            new_samples: trained.new_samples,
            selfplay_seconds: meta.seconds,
            steps: trained.steps,
            samples_trained: trained.samples_trained,
            losses: trained.losses,
            val_win_error: trained.validation.win_error,
            val_margin_error: trained.validation.margin_error,
            val_solved_win_error: trained.validation.solved_win_error,
            val_solved_margin_error: trained.validation.solved_margin_error,
            val_policy_loss: trained.validation.policy_loss,
            val_belief_loss: trained.validation.belief_loss,
            val_belief_top1: trained.validation.belief_top1,
            gating,
            eval,
        };
        let state = &mut self.state;
        write_scalars(&mut self.tb, &log, state.selfplay_seconds + meta.seconds);
        if !self.options.quiet {
            eprintln!("{}", summary_line(&log));
        }
        state.generation = g + 1;
        state.steps = self.trainer.steps();
        state.samples_trained = trained.samples_trained;
        state.samples_generated += trained.new_samples;
        state.matches_played += plan.matches;
        state.rounds_played += log.rounds;
        state.selfplay_seconds += meta.seconds;
        state.checkpoint = Some(trained.checkpoint);
        state.history.push(log);
        self.dir.write_state(state)
    }
}

/// The configuration may change between a run's sessions only in how many generations to run
/// (and where runs live); the first session stores it.
fn check_config(config: &RunConfig, dir: &RunDir) -> Result<(), TrainError> {
    let text = toml::to_string(config).map_err(|e| TrainError::Config(e.to_string()))?;
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
            Ok(())
        }
        Err(_) => dir.write_config(&text),
    }
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
    if l.val_solved_win_error > 0.0 {
        s += &format!(
            " (vs solved: win err {:.3}, margin err {:.1} pts)",
            l.val_solved_win_error, l.val_solved_margin_error
        );
    }
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
    if l.val_solved_win_error > 0.0 {
        put("value/solved_win_error", l.val_solved_win_error);
        put(
            "value/solved_margin_error_points",
            l.val_solved_margin_error,
        );
    }
    put("value/policy_loss_heldout", l.val_policy_loss);
    put("loss/belief", l.losses.belief as f64);
    for (i, phase) in PHASES.iter().enumerate() {
        put(
            &format!("beliefs/loss_heldout_{phase}"),
            l.val_belief_loss[i],
        );
        put(
            &format!("beliefs/top1_heldout_{phase}"),
            l.val_belief_top1[i],
        );
    }
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
