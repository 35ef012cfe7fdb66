//! Training: loss, AdamW steps and resumable checkpoints.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use burn::grad_clipping::GradientClippingConfig;
use burn::optim::{AdamWConfig, GradientsParams, ModuleOptimizer};
use burn::prelude::*;
use burn::tensor::Bytes;
use burn::tensor::activation::log_softmax;
use serde::{Deserialize, Serialize};

use crate::atomic::write_bytes_atomic;
use crate::error::NetError;
use crate::format::{
    self, CHECKPOINT_FILE_VERSION, CHECKPOINT_FORMAT_NAME, CheckpointHeader, NetHeader,
};
use crate::model::{MASKED_LOGIT, PolicyValueModel};
use crate::network::Network;
use crate::shape::{BELIEF_GROUP, ModelShape};

/// Hyper-parameters of training. Everything but `learning_rate` is fixed for the life of a
/// [`Trainer`] (it shapes the optimizer) and is stored in its checkpoints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainConfig {
    /// Adam step size.
    pub learning_rate: f64,
    /// Decoupled (AdamW) weight decay: each step multiplies weights by `1 - lr * weight_decay`.
    /// 0 gives plain Adam.
    pub weight_decay: f32,
    /// Adam first-moment decay.
    pub beta_1: f32,
    /// Adam second-moment decay.
    pub beta_2: f32,
    /// Adam epsilon.
    pub epsilon: f32,
    /// Clip each parameter tensor's gradient to this L2 norm (burn's per-tensor
    /// `GradientClippingConfig::Norm`), or no clipping.
    pub grad_clip_norm: Option<f32>,
    /// Weight of the policy cross-entropy in the total loss.
    pub policy_weight: f32,
    /// Weight of the win binary cross-entropy in the total loss.
    pub win_weight: f32,
    /// Weight of the margin squared error in the total loss.
    pub margin_weight: f32,
    /// Weight of the belief cross-entropy in the total loss (models with beliefs).
    #[serde(default = "default_belief_weight")]
    pub belief_weight: f32,
}

fn default_belief_weight() -> f32 {
    1.0
}

impl Default for TrainConfig {
    fn default() -> Self {
        Self {
            learning_rate: 1e-3,
            weight_decay: 1e-4,
            beta_1: 0.9,
            beta_2: 0.999,
            epsilon: 1e-8,
            grad_clip_norm: None,
            policy_weight: 1.0,
            win_weight: 1.0,
            margin_weight: 1.0,
            belief_weight: default_belief_weight(),
        }
    }
}

impl TrainConfig {
    fn optimizer(&self) -> ModuleOptimizer {
        AdamWConfig::new()
            .with_beta_1(self.beta_1)
            .with_beta_2(self.beta_2)
            .with_epsilon(self.epsilon)
            .with_weight_decay(self.weight_decay)
            .with_grad_clipping(self.grad_clip_norm.map(GradientClippingConfig::Norm))
            .init()
    }
}

/// A batch of training samples, row-major.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrainBatch {
    /// Number of samples.
    pub batch: usize,
    /// `batch * input` encoded positions.
    pub inputs: Vec<f32>,
    /// `batch * policy` legal-action flags.
    pub legal: Vec<bool>,
    /// `batch * policy` target distributions (e.g. normalised search visit counts): each row is
    /// non-negative, sums to 1 and puts no mass on illegal actions.
    pub policy: Vec<f32>,
    /// `batch` win targets: 1 = the side to move won the round, 0 = lost, 0.5 = tie.
    pub win: Vec<f32>,
    /// `batch` margin targets, scaled like the network's margin output.
    pub margin: Vec<f32>,
    /// For a model with beliefs, `batch * beliefs` baselines added to the belief logits: the
    /// log prior of each place, and [`MASKED_LOGIT`] where a tile cannot be (a tile with no
    /// possible place is not a target).
    pub belief_prior: Vec<f32>,
    /// For a model with beliefs, `batch * beliefs` targets: 1 at each target tile's true
    /// place, 0 elsewhere.
    pub belief_target: Vec<f32>,
}

impl TrainBatch {
    /// Appends one sample.
    pub fn push(&mut self, input: &[f32], legal: &[bool], policy: &[f32], win: f32, margin: f32) {
        self.inputs.extend_from_slice(input);
        self.legal.extend_from_slice(legal);
        self.policy.extend_from_slice(policy);
        self.win.push(win);
        self.margin.push(margin);
        self.batch += 1;
    }

    /// Appends the belief targets of the last sample pushed: `prior` and `target` as in
    /// [`TrainBatch::belief_prior`] and [`TrainBatch::belief_target`], one row.
    pub fn push_beliefs(&mut self, prior: &[f32], target: &[f32]) {
        self.belief_prior.extend_from_slice(prior);
        self.belief_target.extend_from_slice(target);
    }

    /// Checks buffer lengths against `shape` and that the targets are well-formed.
    pub fn check(&self, shape: &ModelShape) -> Result<(), NetError> {
        let (b, p) = (self.batch, shape.policy);
        let bad = |msg: String| Err(NetError::InvalidBatch(msg));
        if b == 0 {
            return bad("empty batch".into());
        }
        for (name, len, want) in [
            ("inputs", self.inputs.len(), b * shape.input),
            ("legal", self.legal.len(), b * p),
            ("policy", self.policy.len(), b * p),
            ("win", self.win.len(), b),
            ("margin", self.margin.len(), b),
            ("belief_prior", self.belief_prior.len(), b * shape.beliefs),
            ("belief_target", self.belief_target.len(), b * shape.beliefs),
        ] {
            if len != want {
                return bad(format!("{name} has {len} values, expected {want}"));
            }
        }
        if let Some(i) = self.inputs.iter().position(|x| !x.is_finite()) {
            return bad(format!("input value {i} is not finite"));
        }
        for row in 0..b {
            let target = &self.policy[row * p..(row + 1) * p];
            let legal = &self.legal[row * p..(row + 1) * p];
            let mut sum = 0.0f64;
            for (a, (&t, &l)) in target.iter().zip(legal).enumerate() {
                if !t.is_finite() || t < 0.0 {
                    return bad(format!("row {row}: policy target {a} is {t}"));
                }
                if t > 0.0 && !l {
                    return bad(format!(
                        "row {row}: policy target puts {t} on illegal action {a}"
                    ));
                }
                sum += t as f64;
            }
            if (sum - 1.0).abs() > 1e-3 {
                return bad(format!("row {row}: policy target sums to {sum}, not 1"));
            }
            let w = self.win[row];
            if !(0.0..=1.0).contains(&w) {
                return bad(format!("row {row}: win target {w} is outside [0, 1]"));
            }
            if !self.margin[row].is_finite() {
                return bad(format!("row {row}: margin target is not finite"));
            }
            let n = shape.beliefs;
            let places: Vec<bool> = self.belief_prior[row * n..(row + 1) * n]
                .iter()
                .map(|&p| p > MASKED_LOGIT / 2.0)
                .collect();
            let target = &self.belief_target[row * n..(row + 1) * n];
            for (g, (pl, tg)) in places
                .chunks(BELIEF_GROUP)
                .zip(target.chunks(BELIEF_GROUP))
                .enumerate()
            {
                let sum: f32 = tg.iter().sum();
                let on_allowed = tg.iter().zip(pl).all(|(&t, &ok)| t == 0.0 || ok);
                let one_hot = tg.iter().all(|&t| t == 0.0 || t == 1.0);
                if !(one_hot && on_allowed && (sum == 0.0 || sum == 1.0)) {
                    return bad(format!(
                        "row {row}: belief target of group {g} is not one possible place"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Mean entropy (nats) of the policy targets.
    pub fn target_entropy(&self, policy: usize) -> f32 {
        if self.batch == 0 {
            return 0.0;
        }
        let total: f64 = self
            .policy
            .chunks(policy)
            .map(|row| {
                row.iter()
                    .filter(|&&t| t > 0.0)
                    .map(|&t| -(t as f64) * (t as f64).ln())
                    .sum::<f64>()
            })
            .sum();
        (total / self.batch as f64) as f32
    }
}

/// Loss values of one batch (means over the batch).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Losses {
    /// Weighted sum that is minimised.
    pub total: f32,
    /// Cross-entropy of the policy targets against the masked log-softmax (nats).
    pub policy: f32,
    /// Binary cross-entropy of the win target against sigmoid(win logit).
    pub win: f32,
    /// Squared error of the scaled margin.
    pub margin: f32,
    /// Mean entropy of the network's (masked) policy, nats.
    pub policy_entropy: f32,
    /// Mean entropy of the policy targets, nats (`policy - target_entropy` is the KL divergence).
    pub target_entropy: f32,
    /// Cross-entropy of the belief targets, nats per target tile (0 without beliefs).
    #[serde(default)]
    pub belief: f32,
}

/// Builds the loss graph. Returns the total loss tensor and `[total, policy, win, margin,
/// entropy, belief]` read back from the device.
fn compute_losses(
    model: &PolicyValueModel,
    batch: &TrainBatch,
    shape: &ModelShape,
    config: &TrainConfig,
    device: &Device,
) -> (Tensor<1>, [f32; 6]) {
    let (b, p) = (batch.batch, shape.policy);
    let x = Tensor::<2>::from_data(
        TensorData::new(batch.inputs.clone(), [b, shape.input]),
        device,
    );
    let illegal = Tensor::<2, Bool>::from_data(
        TensorData::new(
            batch.legal.iter().map(|l| !l).collect::<Vec<bool>>(),
            [b, p],
        ),
        device,
    );
    let target = Tensor::<2>::from_data(TensorData::new(batch.policy.clone(), [b, p]), device);
    let win_t = Tensor::<2>::from_data(TensorData::new(batch.win.clone(), [b, 1]), device);
    let margin_t = Tensor::<2>::from_data(TensorData::new(batch.margin.clone(), [b, 1]), device);

    let (logits, z, m, belief_logits) = model.forward_heads(x, illegal, shape);
    let logp = log_softmax(logits, 1);
    let policy_loss = (logp.clone() * target).sum_dim(1).mean().neg();
    // BCE with logits, stable form: max(z, 0) - z*y + log(1 + exp(-|z|)).
    let win_loss =
        (z.clone().clamp_min(0.0) - z.clone() * win_t + z.abs().neg().exp().log1p()).mean();
    let margin_loss = (m - margin_t).square().mean();
    let mut total = policy_loss.clone().mul_scalar(config.policy_weight)
        + win_loss.clone().mul_scalar(config.win_weight)
        + margin_loss.clone().mul_scalar(config.margin_weight);
    let belief_loss = match belief_logits {
        Some(logits) => {
            let loss = belief_loss(logits, batch, shape, device);
            total = total + loss.clone().mul_scalar(config.belief_weight);
            loss
        }
        None => Tensor::<1>::zeros([1], device),
    };

    let lp = logp.detach();
    let entropy = (lp.clone().exp() * lp).sum_dim(1).mean().neg();
    let values = Tensor::cat(
        vec![
            total.clone().detach(),
            policy_loss.detach(),
            win_loss.detach(),
            margin_loss.detach(),
            entropy,
            belief_loss.detach(),
        ],
        0,
    )
    .into_data()
    .try_into_vec::<f32>()
    .expect("losses are f32");
    (
        total,
        [
            values[0], values[1], values[2], values[3], values[4], values[5],
        ],
    )
}

/// Cross-entropy of the belief targets, averaged over the target tiles of the batch: each
/// tile's logits plus its prior are softmaxed over its four places, the impossible ones held
/// out by their masking prior.
fn belief_loss(
    logits: Tensor<2>,
    batch: &TrainBatch,
    shape: &ModelShape,
    device: &Device,
) -> Tensor<1> {
    let (b, groups) = (batch.batch, shape.beliefs / BELIEF_GROUP);
    let dims = [b, groups, BELIEF_GROUP];
    let prior = Tensor::<3>::from_data(TensorData::new(batch.belief_prior.clone(), dims), device);
    let target = Tensor::<3>::from_data(TensorData::new(batch.belief_target.clone(), dims), device);
    let targets = batch
        .belief_target
        .iter()
        .filter(|&&t| t > 0.0)
        .count()
        .max(1);
    let logp = log_softmax(logits.reshape(dims) + prior, 2);
    (logp * target).sum().neg().div_scalar(targets as f32)
}

/// Trains a [`PolicyValueModel`] with AdamW (Adam with decoupled weight decay) on the flex
/// device with autodiff.
pub struct Trainer {
    /// Always `Some` between calls (taken out while the optimizer consumes it).
    model: Option<PolicyValueModel>,
    optim: ModuleOptimizer,
    config: TrainConfig,
    header: NetHeader,
    steps: u64,
    device: Device,
}

impl std::fmt::Debug for Trainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trainer")
            .field("header", &self.header)
            .field("config", &self.config)
            .field("steps", &self.steps)
            .finish_non_exhaustive()
    }
}

impl Trainer {
    /// A trainer on a freshly initialised network (weights from `seed`).
    pub fn new(
        shape: ModelShape,
        encoding_version: u32,
        config: TrainConfig,
        seed: u64,
    ) -> Result<Self, NetError> {
        NetError::check_shape(&shape)?;
        let device = Device::flex().autodiff();
        let model = PolicyValueModel::init(&shape, seed, &device);
        Ok(Self {
            model: Some(model),
            optim: config.optimizer(),
            config,
            header: NetHeader::new(encoding_version, shape),
            steps: 0,
            device,
        })
    }

    /// A trainer starting from `network`'s weights with a fresh optimizer state.
    pub fn from_network(network: &Network, config: TrainConfig) -> Result<Self, NetError> {
        let device = Device::flex().autodiff();
        let bytes = network.to_bytes()?;
        let header = network.header();
        let (header, model) =
            format::load_model(&bytes, header.encoding_version, &header.shape, &device)?;
        Ok(Self {
            model: Some(model),
            optim: config.optimizer(),
            config,
            header,
            steps: 0,
            device,
        })
    }

    fn model(&self) -> &PolicyValueModel {
        self.model.as_ref().expect("model present between steps")
    }

    /// One optimizer step on `batch`; returns the losses measured before the update.
    ///
    /// # Panics
    /// If the batch fails [`TrainBatch::check`]; [`try_step`](Self::try_step) returns the error
    /// instead.
    pub fn step(&mut self, batch: &TrainBatch) -> Losses {
        self.try_step(batch).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`step`](Self::step) that reports a malformed batch as [`NetError::InvalidBatch`].
    pub fn try_step(&mut self, batch: &TrainBatch) -> Result<Losses, NetError> {
        batch.check(&self.header.shape)?;
        let model = self.model.take().expect("model present between steps");
        let (total, values) = compute_losses(
            &model,
            batch,
            &self.header.shape,
            &self.config,
            &self.device,
        );
        let grads = GradientsParams::from_grads(total.backward(), &model);
        self.model = Some(self.optim.step(self.config.learning_rate, model, grads));
        self.steps += 1;
        Ok(self.losses_from(values, batch))
    }

    /// The losses on `batch` without training (validation).
    ///
    /// # Panics
    /// If the batch fails [`TrainBatch::check`].
    pub fn losses(&self, batch: &TrainBatch) -> Losses {
        if let Err(e) = batch.check(&self.header.shape) {
            panic!("{e}");
        }
        let model = self.model().valid();
        let device = Device::flex();
        let (_, values) = compute_losses(&model, batch, &self.header.shape, &self.config, &device);
        self.losses_from(values, batch)
    }

    fn losses_from(&self, v: [f32; 6], batch: &TrainBatch) -> Losses {
        Losses {
            total: v[0],
            policy: v[1],
            win: v[2],
            margin: v[3],
            policy_entropy: v[4],
            target_entropy: batch.target_entropy(self.header.shape.policy),
            belief: v[5],
        }
    }

    /// An inference copy of the current weights.
    pub fn network(&self) -> Network {
        Network::from_model(self.model(), self.header.clone())
    }

    /// Saves the current weights as a model file (what [`Network::load`] reads), atomically.
    pub fn save_network(&self, path: impl AsRef<Path>) -> Result<(), NetError> {
        write_bytes_atomic(
            path.as_ref(),
            &format::model_file_bytes(self.model(), &self.header)?,
        )
    }

    /// Saves weights, optimizer state, configuration and step count, atomically.
    pub fn save_checkpoint(&self, path: impl AsRef<Path>) -> Result<(), NetError> {
        let model = format::model_file_bytes(self.model(), &self.header)?;
        let optim = self
            .optim
            .into_bytes()
            .map_err(|e| NetError::format(format!("cannot serialise the optimizer: {e}")))?;
        let header = CheckpointHeader {
            format: CHECKPOINT_FORMAT_NAME.to_string(),
            file_version: CHECKPOINT_FILE_VERSION,
            encoding_version: self.header.encoding_version,
            shape: self.header.shape.clone(),
            config: self.config.clone(),
            steps: self.steps,
            model_len: model.len() as u64,
            optim_len: optim.len() as u64,
            optim_checksum: format::bytes_checksum(&optim),
        };
        let bytes = format::checkpoint_bytes(&header, &model, &optim)?;
        write_bytes_atomic(path.as_ref(), &bytes)
    }

    /// Resumes from a checkpoint written by [`save_checkpoint`](Self::save_checkpoint), checking
    /// it was written for `encoding_version` and `shape`.
    pub fn load_checkpoint(
        path: impl AsRef<Path>,
        encoding_version: u32,
        shape: &ModelShape,
    ) -> Result<Self, NetError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| NetError::io(path, e))?;
        let sections = format::parse_checkpoint::<TrainConfig>(&bytes)?;
        let (ckpt, model_bytes, optim_bytes) = (sections.header, sections.model, sections.optim);
        NetHeader::new(ckpt.encoding_version, ckpt.shape.clone()).check(encoding_version, shape)?;
        let device = Device::flex().autodiff();
        let (header, model) = format::load_model(model_bytes, encoding_version, shape, &device)?;

        // Every optimizer state must belong to one of the model's parameters.
        let model_ids = format::param_ids(model_bytes)?;
        let optim_ids = format::param_ids(optim_bytes)?;
        if let Some(id) = optim_ids.difference(&model_ids).next() {
            return Err(NetError::format(format!(
                "optimizer state for parameter {id}, which the model does not have"
            )));
        }
        let config = ckpt.config;
        let optim_bytes = Bytes::from_bytes_vec(optim_bytes.to_vec());
        // burn's optimizer loader can panic on a record it does not understand: report it as a
        // format error instead.
        let optim = catch_unwind(AssertUnwindSafe(|| {
            config.optimizer().from_bytes(optim_bytes)
        }))
        .map_err(|_| NetError::format("the optimizer state cannot be read"))?
        .map_err(|e| NetError::format(format!("the optimizer state cannot be read: {e}")))?;
        Ok(Self {
            model: Some(model),
            optim,
            config,
            header,
            steps: ckpt.steps,
            device,
        })
    }

    /// The training configuration.
    pub fn config(&self) -> &TrainConfig {
        &self.config
    }

    /// Changes the learning rate from the next step on (e.g. a schedule).
    pub fn set_learning_rate(&mut self, learning_rate: f64) {
        self.config.learning_rate = learning_rate;
    }

    /// Number of optimizer steps taken (kept across checkpoints).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The header written with saved networks.
    pub fn header(&self) -> &NetHeader {
        &self.header
    }

    /// Sets a free-form metadata entry, written with the next save.
    pub fn set_metadata(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.header.metadata.insert(key.into(), value.into());
    }

    /// The architecture.
    pub fn shape(&self) -> &ModelShape {
        &self.header.shape
    }
}
