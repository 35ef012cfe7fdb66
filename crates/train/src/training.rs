//! A generation's training stage: AdamW steps on batches drawn from the replay window, then
//! the value and policy errors on the held-out samples.

use capicua_engine::Rng;
use capicua_eval::belief_quality::phase;
use capicua_net::encoding::{BELIEF_SIZE, PLACES};
use capicua_net::evaluator::belief_softmax;
use capicua_net::{Losses, Network, POLICY_SIZE, TrainBatch, TrainConfig, Trainer};
use indicatif::ProgressBar;

use crate::error::TrainError;
use crate::replay::{Sample, ValueBlend};

/// The batch of samples `idx` of `pool`, with belief targets when `beliefs`, and value
/// targets blended by `blend` ([`Sample::value_targets`]).
pub fn make_batch(
    pool: &[&Sample],
    idx: impl Iterator<Item = usize>,
    beliefs: bool,
    blend: ValueBlend,
) -> TrainBatch {
    let mut b = TrainBatch::default();
    let mut target = vec![0.0f32; POLICY_SIZE];
    let mut legal = vec![false; POLICY_SIZE];
    let mut prior = vec![0.0f32; BELIEF_SIZE];
    let mut belief = vec![0.0f32; BELIEF_SIZE];
    for i in idx {
        let s = pool[i];
        s.policy_target(&mut target, &mut legal);
        let (win, margin) = s.value_targets(blend);
        b.push(&s.obs.encoded(), &legal, &target, win, margin);
        if beliefs {
            s.belief_target(&mut prior, &mut belief);
            b.push_beliefs(&prior, &belief);
        }
    }
    b
}

/// How many steps a generation of `new_samples` trains: each new sample is drawn about
/// `reuse` times; none while the pool is empty.
pub(crate) fn steps_for(new_samples: usize, reuse: f64, batch_size: usize, pool: usize) -> u64 {
    if pool == 0 {
        0
    } else {
        ((new_samples as f64 * reuse) / batch_size as f64).ceil() as u64
    }
}

/// How a given network is trained on a fixed set of samples (`capicua distil`,
/// `capicua fit-beliefs`): passes over them in batches of uniform draws.
pub(crate) struct Passes {
    /// Passes over the samples (fractions allowed).
    pub epochs: f64,
    pub batch_size: usize,
    /// Seed of the batches' draws.
    pub seed: u64,
    pub blend: ValueBlend,
}

/// `init` trained by `config` for `passes` over `samples`; with the steps taken and their mean
/// losses.
pub(crate) fn train_passes(
    init: &Network,
    samples: &[Sample],
    config: TrainConfig,
    passes: Passes,
    pb: &ProgressBar,
) -> Result<(Network, u64, Losses), TrainError> {
    if passes.batch_size == 0 || passes.epochs.is_nan() || passes.epochs <= 0.0 {
        return Err(TrainError::Config(
            "the batch size and the epochs must be positive".into(),
        ));
    }
    let mut trainer = Trainer::from_network(init, config)?;
    let pool: Vec<&Sample> = samples.iter().collect();
    let steps = steps_for(samples.len(), passes.epochs, passes.batch_size, pool.len());
    pb.set_length(steps);
    let mut rng = Rng::new(passes.seed);
    let losses = train_steps(
        &mut trainer,
        &pool,
        steps,
        passes.batch_size,
        passes.blend,
        &mut rng,
        pb,
    )?;
    Ok((trainer.network(), steps, losses))
}

/// Runs `steps` steps on uniform draws (with replacement) from `pool`; returns the mean losses.
pub(crate) fn train_steps(
    trainer: &mut Trainer,
    pool: &[&Sample],
    steps: u64,
    batch_size: usize,
    blend: ValueBlend,
    rng: &mut Rng,
    pb: &ProgressBar,
) -> Result<Losses, TrainError> {
    let mut sum = [0.0f64; 7];
    for _ in 0..steps {
        let n = pool.len() as u32;
        let batch = make_batch(
            pool,
            (0..batch_size).map(|_| rng.below(n) as usize),
            trainer.shape().beliefs > 0,
            blend,
        );
        let l = trainer.try_step(&batch)?;
        for (acc, v) in sum.iter_mut().zip([
            l.total,
            l.policy,
            l.win,
            l.margin,
            l.policy_entropy,
            l.target_entropy,
            l.belief,
        ]) {
            *acc += v as f64;
        }
        pb.inc(1);
        pb.set_message(format!("loss {:.3}", l.total));
    }
    let mean = |i: usize| (sum[i] / steps.max(1) as f64) as f32;
    Ok(Losses {
        total: mean(0),
        policy: mean(1),
        win: mean(2),
        margin: mean(3),
        policy_entropy: mean(4),
        target_entropy: mean(5),
        belief: mean(6),
    })
}

/// The network's errors on held-out samples (all zero when there are none).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub(crate) struct Validation {
    /// Mean |P(win) - outcome|.
    pub win_error: f64,
    /// Mean |margin error| in points.
    pub margin_error: f64,
    /// On the held-out samples with a solved value (`Sample::solved`), mean |P(win) - the
    /// solved outcome| and mean |margin error| against the solved margin, in points; zero
    /// when none has one. The errors above are always against the rounds' outcomes, whatever
    /// `train.solved_weight` and `train.searched_weight`, so that runs with and without those
    /// targets compare.
    pub solved_win_error: f64,
    pub solved_margin_error: f64,
    /// Mean policy cross-entropy, nats.
    pub policy_loss: f64,
    /// Belief log-loss by phase (`capicua_eval::belief_quality::PHASES`), nats per hidden tile (models with beliefs).
    pub belief_loss: [f64; 4],
    /// Share of hidden tiles whose most likely place is the true one, by phase.
    pub belief_top1: [f64; 4],
}

/// The cross-entropy of a policy target against a prior (one row each), nats.
pub(crate) fn cross_entropy(target: &[f32], prior: &[f32]) -> f64 {
    -target
        .iter()
        .zip(prior)
        .filter(|(t, _)| **t > 0.0)
        .map(|(t, p)| *t as f64 * (p.max(1e-12) as f64).ln())
        .sum::<f64>()
}

/// `network`'s errors on `samples`; `scale` turns the scaled margin back into points.
pub(crate) fn validate(network: &Network, samples: &[&Sample], scale: f64) -> Validation {
    if samples.is_empty() {
        return Validation::default();
    }
    let (mut win_err, mut margin_err, mut val_policy) = (0.0, 0.0, 0.0);
    let vb = make_batch(samples, 0..samples.len(), false, ValueBlend::OUTCOME);
    let (priors, win, margin) = network.evaluate_batch(&vb.inputs, &vb.legal, vb.batch);
    let (mut solved_win, mut solved_margin, mut solved_n) = (0.0, 0.0, 0usize);
    for i in 0..vb.batch {
        win_err += (win[i] - vb.win[i]).abs() as f64;
        margin_err += ((margin[i] - vb.margin[i]).abs() as f64) * scale;
        if samples[i].solved.is_some() {
            let (w, m) = samples[i].value_targets(ValueBlend::SOLVED);
            solved_win += (win[i] - w).abs() as f64;
            solved_margin += ((margin[i] - m).abs() as f64) * scale;
            solved_n += 1;
        }
        let row = i * POLICY_SIZE..(i + 1) * POLICY_SIZE;
        val_policy += cross_entropy(&vb.policy[row.clone()], &priors[row]);
    }
    let n = vb.batch as f64;
    // the value batch's inputs serve the beliefs too: the samples are encoded once
    let mut beliefs = BeliefFigures::default();
    add_belief_sums(&mut beliefs, network, samples, &vb.inputs);
    let beliefs = beliefs.means();
    Validation {
        win_error: win_err / n,
        margin_error: margin_err / n,
        solved_win_error: solved_win / solved_n.max(1) as f64,
        solved_margin_error: solved_margin / solved_n.max(1) as f64,
        policy_loss: val_policy / n,
        belief_loss: beliefs.loss,
        belief_top1: beliefs.top1,
    }
}

/// How well a network's beliefs place the hidden tiles of some samples: mean log-loss (nats
/// per hidden tile) and top-1 accuracy of the true place, by phase
/// (`capicua_eval::belief_quality::PHASES`) and by true place (next seat, partner, previous
/// seat, out of play: `capicua_net::encoding::PLACES` seen from the mover). Zeros where there
/// are no hidden tiles or the network has no beliefs.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct BeliefFigures {
    pub loss: [f64; 4],
    pub top1: [f64; 4],
    pub tiles: [u64; 4],
    pub place_loss: [f64; PLACES],
    pub place_tiles: [u64; PLACES],
}

impl BeliefFigures {
    /// Sums of losses and hits (as [`add_belief_sums`] keeps them) turned into means.
    fn means(mut self) -> BeliefFigures {
        for ph in 0..4 {
            let n = self.tiles[ph].max(1) as f64;
            self.loss[ph] /= n;
            self.top1[ph] /= n;
        }
        for (l, &n) in self.place_loss.iter_mut().zip(&self.place_tiles) {
            *l /= n.max(1) as f64;
        }
        self
    }

    /// Mean log-loss over every hidden tile, nats.
    pub fn overall_loss(&self) -> f64 {
        let n: u64 = self.tiles.iter().sum();
        let sum: f64 = self
            .loss
            .iter()
            .zip(&self.tiles)
            .map(|(l, &c)| l * c as f64)
            .sum();
        sum / n.max(1) as f64
    }
}

/// [`BeliefFigures`] of `network` on `samples` (the lead's decisions, with nothing on the
/// table, are left out: nothing has been read there).
pub fn belief_figures(network: &Network, samples: &[&Sample]) -> BeliefFigures {
    let mut sums = BeliefFigures::default();
    // in chunks, so that tens of thousands of samples stay small
    for chunk in samples.chunks(4096) {
        let b = make_batch(chunk, 0..chunk.len(), false, ValueBlend::OUTCOME);
        add_belief_sums(&mut sums, network, chunk, &b.inputs);
    }
    sums.means()
}

/// Adds the log-losses, top-1 hits and tile counts of `network` on `samples` (encoded in
/// `inputs`) to `sums`; nothing for a network without beliefs.
fn add_belief_sums(
    sums: &mut BeliefFigures,
    network: &Network,
    samples: &[&Sample],
    inputs: &[f32],
) {
    let shape = network.shape();
    if shape.beliefs != BELIEF_SIZE {
        return;
    }
    let width = shape.output();
    let raw = network.raw_outputs(inputs, samples.len());
    for (i, s) in samples.iter().enumerate() {
        let played: u32 = s.obs.played_by.iter().map(|p| p.len()).sum();
        if played == 0 {
            continue;
        }
        let ph = phase(played);
        let row = &raw[i * width + shape.belief_offset()..(i + 1) * width];
        let probs = belief_softmax(row, &s.obs.belief_prior());
        for (t, &truth) in s.places.iter().enumerate() {
            if truth == 0 {
                continue;
            }
            let p = probs[t];
            let q = truth as usize - 1;
            let l = -(p[q].max(1e-6) as f64).ln();
            sums.loss[ph] += l;
            sums.place_loss[q] += l;
            let best = (0..p.len()).fold(0, |b, k| if p[k] > p[b] { k } else { b });
            sums.top1[ph] += (best == q) as u8 as f64;
            sums.tiles[ph] += 1;
            sums.place_tiles[q] += 1;
        }
    }
}
