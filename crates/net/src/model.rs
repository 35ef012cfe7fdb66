//! The policy/value MLP itself.
//!
//! `input → [Linear → ReLU] × hidden.len() → Linear(policy + 2 + beliefs)`.
//!
//! The output layer is one fused [`Linear`] whose first `policy` columns are the policy logits,
//! then one column for the win logit and one for the scaled margin ([`WIN_COLUMN`] /
//! [`MARGIN_COLUMN`] offsets past `policy`). Fusing the two heads makes a single matmul and a single
//! read-back per evaluation; it is mathematically the same as two linear heads on the trunk.
//! A model with beliefs has `beliefs` more columns after the value columns: one logit per tile
//! and place, softmaxed over each tile's group of [`crate::shape::BELIEF_GROUP`] places.

use burn::module::Param;
use burn::nn::Linear;
use burn::prelude::*;
use burn::tensor::activation::relu;
use capicua_engine::Rng;

use crate::encoding::{TILE_FEATURES, tile_features};
use crate::shape::BELIEF_GROUP;

pub use crate::shape::{DEFAULT_HIDDEN, MARGIN_COLUMN, ModelShape, VALUE_OUTPUTS, WIN_COLUMN};

/// The burn module: a ReLU trunk and a fused policy/value output layer.
///
/// Parameters are stored under the paths `trunk.<i>.weight`, `trunk.<i>.bias`, `head.weight`,
/// `head.bias` (weights `[fan_in, fan_out]`, row layout), and with a per-tile belief head
/// `tiles.*` ([`TileHead`]).
#[derive(Module, Debug)]
pub struct PolicyValueModel {
    /// Hidden layers, each followed by a ReLU.
    pub trunk: Vec<Linear>,
    /// Output layer: `policy` logits, then win logit, then margin.
    pub head: Linear,
    /// The per-tile belief head, whose logits are added to the output layer's belief columns.
    pub tiles: Option<TileHead>,
}

/// A small network shared by all 55 tiles: for tile `t`, `ReLU(local · f_t + context · h +
/// bias_t)`, more ReLU layers, then [`BELIEF_GROUP`] logits, where `f_t` is the tile's gathered
/// input features ([`crate::encoding::tile_features`]) and `h` the trunk's last activations.
/// Its output layer starts at zero, so a fresh head leaves a network's beliefs as they were.
#[derive(Module, Debug)]
pub struct TileHead {
    /// `[TILE_FEATURES, w0]`.
    pub local: Linear,
    /// `[last trunk width, w0]`, no bias.
    pub context: Linear,
    /// `[55, w0]`: each tile's own bias row.
    pub tile: Param<Tensor<2>>,
    /// The further hidden layers.
    pub hidden: Vec<Linear>,
    /// `[w_last, BELIEF_GROUP]`.
    pub out: Linear,
}

impl TileHead {
    fn build(
        widths: &[usize],
        context: usize,
        mut linear: impl FnMut(usize, usize, bool) -> Linear,
        tile: Param<Tensor<2>>,
    ) -> Self {
        let w0 = widths[0];
        let local = linear(TILE_FEATURES, w0, true);
        let context = linear(context, w0, false);
        let hidden = widths
            .windows(2)
            .map(|w| linear(w[0], w[1], true))
            .collect();
        let last = *widths.last().expect("a tile head has a layer");
        let out = linear(last, BELIEF_GROUP, true);
        TileHead {
            local,
            context,
            tile,
            hidden,
            out,
        }
    }

    /// Belief logits `[B, 55 · BELIEF_GROUP]` from the inputs `[B, input]` and the trunk's last
    /// activations `[B, width]`.
    pub fn forward(&self, input: Tensor<2>, trunk: Tensor<2>) -> Tensor<2> {
        let b = input.dims()[0];
        let table: Vec<i64> = tile_features().iter().map(|&i| i as i64).collect();
        let index = Tensor::<1, Int>::from_data(
            TensorData::new(table, [55 * TILE_FEATURES]),
            &input.device(),
        );
        let features = input.select(1, index).reshape([b, 55, TILE_FEATURES]);
        let w0 = self.tile.dims()[1];
        let mut x = self.local.forward(features)
            + self.context.forward(trunk).reshape([b, 1, w0])
            + self.tile.val().reshape([1, 55, w0]);
        x = relu(x);
        for layer in &self.hidden {
            x = relu(layer.forward(x));
        }
        self.out.forward(x).reshape([b, 55 * BELIEF_GROUP])
    }
}

impl PolicyValueModel {
    /// Deterministically initialised model: He-uniform trunk weights, a smaller uniform
    /// (`1/sqrt(fan_in)`) output layer, zero biases, drawn from the engine's [`Rng`] seeded by
    /// `seed` (independent of burn's global RNG, so the same seed gives the same weights on any
    /// thread).
    pub fn init(shape: &ModelShape, seed: u64, device: &Device) -> Self {
        let mut rng = Rng::new(seed);
        let mut fan_in = shape.input;
        let mut trunk = Vec::with_capacity(shape.hidden.len());
        for &width in &shape.hidden {
            let bound = (6.0 / fan_in as f64).sqrt();
            trunk.push(seeded_linear(fan_in, width, bound, &mut rng, device));
            fan_in = width;
        }
        let bound = (1.0 / fan_in as f64).sqrt();
        let head = seeded_linear(fan_in, shape.output(), bound, &mut rng, device);
        let tiles = (!shape.tile_head.is_empty()).then(|| {
            let w0 = shape.tile_head[0];
            let tile = Param::from_data(TensorData::new(vec![0.0f32; 55 * w0], [55, w0]), device);
            TileHead::build(
                &shape.tile_head,
                fan_in,
                |i, o, bias| {
                    let mut l = if o == BELIEF_GROUP {
                        seeded_linear(i, o, 0.0, &mut rng, device)
                    } else {
                        seeded_linear(i, o, (6.0 / i as f64).sqrt(), &mut rng, device)
                    };
                    if !bias {
                        l.bias = None;
                    }
                    l
                },
                tile,
            )
        });
        Self { trunk, head, tiles }
    }

    /// A model with burn's default (random, lazily materialised) initialisation: the cheap
    /// template to load weights into, e.g. `PolicyValueModel::new(&shape, &device).load_file(p)`
    /// with burn's own loader (which ignores our header; prefer [`crate::Network::load`]).
    pub fn new(shape: &ModelShape, device: &Device) -> Self {
        let mut fan_in = shape.input;
        let mut trunk = Vec::with_capacity(shape.hidden.len());
        for &width in &shape.hidden {
            trunk.push(burn::nn::LinearConfig::new(fan_in, width).init(device));
            fan_in = width;
        }
        let head = burn::nn::LinearConfig::new(fan_in, shape.output()).init(device);
        let tiles = (!shape.tile_head.is_empty()).then(|| {
            let w0 = shape.tile_head[0];
            TileHead::build(
                &shape.tile_head,
                fan_in,
                |i, o, bias| {
                    burn::nn::LinearConfig::new(i, o)
                        .with_bias(bias)
                        .init(device)
                },
                Param::from_data(TensorData::new(vec![0.0f32; 55 * w0], [55, w0]), device),
            )
        });
        Self { trunk, head, tiles }
    }

    /// This model's network with the trunk and output layer of `other` (same widths), keeping
    /// its own per-tile head: how a run adds a tile head to a trained network.
    pub fn with_body_of(mut self, other: &PolicyValueModel) -> Self {
        self.trunk = other.trunk.clone();
        self.head = other.head.clone();
        self
    }

    /// Raw forward pass: `[B, input]` → `[B, policy + 2]` (policy logits unmasked, win logit,
    /// scaled margin).
    pub fn forward(&self, input: Tensor<2>) -> Tensor<2> {
        let mut x = input.clone();
        for layer in &self.trunk {
            x = relu(layer.forward(x));
        }
        let out = self.head.forward(x.clone());
        let Some(tiles) = &self.tiles else {
            return out;
        };
        let beliefs = tiles.forward(input, x);
        let [_, width] = out.dims();
        let offset = width - beliefs.dims()[1];
        Tensor::cat(
            vec![
                out.clone().narrow(1, 0, offset),
                out.narrow(1, offset, width - offset) + beliefs,
            ],
            1,
        )
    }

    /// Forward pass split into heads, with the policy logits masked: illegal actions (where
    /// `illegal` is true) get [`MASKED_LOGIT`].
    ///
    /// Returns `(masked policy logits [B, policy], win logit [B, 1], margin [B, 1], raw
    /// belief logits [B, beliefs])`, the last `None` for a model without beliefs.
    pub fn forward_heads(
        &self,
        input: Tensor<2>,
        illegal: Tensor<2, Bool>,
        shape: &ModelShape,
    ) -> (Tensor<2>, Tensor<2>, Tensor<2>, Option<Tensor<2>>) {
        let policy = shape.policy;
        let out = self.forward(input);
        let logits = out
            .clone()
            .narrow(1, 0, policy)
            .mask_fill(illegal, MASKED_LOGIT);
        let win = out.clone().narrow(1, policy + WIN_COLUMN, 1);
        let margin = out.clone().narrow(1, policy + MARGIN_COLUMN, 1);
        let beliefs =
            (shape.beliefs > 0).then(|| out.narrow(1, shape.belief_offset(), shape.beliefs));
        (logits, win, margin, beliefs)
    }
}

/// The logit given to illegal actions before the softmax. Large and finite, so that
/// `0 * log_softmax` stays 0 (not NaN) in the cross-entropy.
pub const MASKED_LOGIT: f32 = -1.0e9;

fn seeded_linear(
    fan_in: usize,
    fan_out: usize,
    bound: f64,
    rng: &mut Rng,
    device: &Device,
) -> Linear {
    let weights: Vec<f32> = (0..fan_in * fan_out)
        .map(|_| ((rng.unit() * 2.0 - 1.0) * bound) as f32)
        .collect();
    Linear {
        weight: Param::from_data(TensorData::new(weights, [fan_in, fan_out]), device),
        bias: Some(Param::from_data(
            TensorData::new(vec![0.0f32; fan_out], [fan_out]),
            device,
        )),
    }
}
