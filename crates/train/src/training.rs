//! A generation's training stage: AdamW steps on batches drawn from the replay window, then
//! the value and policy errors on the held-out samples.

use capicua_engine::Rng;
use capicua_net::{Losses, Network, POLICY_SIZE, TrainBatch, Trainer};
use indicatif::ProgressBar;

use crate::error::TrainError;
use crate::replay::Sample;

/// The batch of samples `idx` of `pool`.
pub(crate) fn make_batch(pool: &[&Sample], idx: impl Iterator<Item = usize>) -> TrainBatch {
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

/// How many steps a generation of `new_samples` trains: each new sample is drawn about
/// `reuse` times; none while the pool is empty.
pub(crate) fn steps_for(new_samples: usize, reuse: f64, batch_size: usize, pool: usize) -> u64 {
    if pool == 0 {
        0
    } else {
        ((new_samples as f64 * reuse) / batch_size as f64).ceil() as u64
    }
}

/// Runs `steps` steps on uniform draws (with replacement) from `pool`; returns the mean losses.
pub(crate) fn train_steps(
    trainer: &mut Trainer,
    pool: &[&Sample],
    steps: u64,
    batch_size: usize,
    rng: &mut Rng,
    pb: &ProgressBar,
) -> Result<Losses, TrainError> {
    let mut sum = [0.0f64; 6];
    for _ in 0..steps {
        let n = pool.len() as u32;
        let batch = make_batch(pool, (0..batch_size).map(|_| rng.below(n) as usize));
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
    let mean = |i: usize| (sum[i] / steps.max(1) as f64) as f32;
    Ok(Losses {
        total: mean(0),
        policy: mean(1),
        win: mean(2),
        margin: mean(3),
        policy_entropy: mean(4),
        target_entropy: mean(5),
    })
}

/// The network's errors on held-out samples (all zero when there are none).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub(crate) struct Validation {
    /// Mean |P(win) - outcome|.
    pub win_error: f64,
    /// Mean |margin error| in points.
    pub margin_error: f64,
    /// Mean policy cross-entropy, nats.
    pub policy_loss: f64,
}

/// `network`'s errors on `samples`; `scale` turns the scaled margin back into points.
pub(crate) fn validate(network: &Network, samples: &[&Sample], scale: f64) -> Validation {
    if samples.is_empty() {
        return Validation::default();
    }
    let (mut win_err, mut margin_err, mut val_policy) = (0.0, 0.0, 0.0);
    let vb = make_batch(samples, 0..samples.len());
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
    Validation {
        win_error: win_err / n,
        margin_error: margin_err / n,
        policy_loss: val_policy / n,
    }
}
