//! Policy/value network for capicua, on burn 0.22 with its pure-Rust `flex` CPU backend.
//!
//! - [`ModelShape`] / [`PolicyValueModel`]: a ReLU MLP, `[B, input]` → policy logits
//!   `[B, policy]`, a win logit (sigmoid = probability that the side to move wins the round) and
//!   a margin (expected points margin, in the caller's scaled units, e.g. points / 100).
//! - [`Network`]: inference (`Send + Sync`), masked softmax priors, save/load.
//! - [`Trainer`]: AdamW steps on [`TrainBatch`]es with loss = `policy_weight` ·
//!   cross-entropy(target, masked log-softmax) + `win_weight` · BCE(win) + `margin_weight` ·
//!   MSE(margin); resumable checkpoints.
//! - Files: a model file is a burnpack file whose metadata carries a [`NetHeader`] (format name,
//!   input `encoding_version`, shape); loading checks both and returns a typed [`NetError`]. See
//!   [`format`] for the layouts.
//! - [`encoding`]: the input encoding of an information set ([`Observation`],
//!   [`ENCODING_VERSION`]), shared by inference and training.
//! - [`NetEvaluator`]: the network as the search's `Evaluator` (priors for PUCT, value at
//!   leaves), computed by [`FastMlp`], a plain-Rust copy of the weights for batch-1 speed.
//!   The first layer's product over an input's public features is cached per thread and per
//!   public record (`public_cache`): the search and learned inference evaluate one record
//!   with many hands, and each evaluation adds only its hand's weight rows.
//! - [`atomic`]: the atomic file write every model, checkpoint and training file goes through.
//!
//! # Example
//!
//! ```
//! use capicua_net::{ModelShape, Network, TrainBatch, TrainConfig, Trainer};
//!
//! const ENCODING: u32 = 1;
//! let shape = ModelShape::with_hidden(8, &[16, 16], 4);
//!
//! // Train a little.
//! let mut trainer = Trainer::new(shape.clone(), ENCODING, TrainConfig::default(), 42)?;
//! let mut batch = TrainBatch::default();
//! batch.push(&[0.5; 8], &[true, true, false, true], &[0.7, 0.3, 0.0, 0.0], 1.0, 0.12);
//! batch.push(&[-0.5; 8], &[true, false, false, false], &[1.0, 0.0, 0.0, 0.0], 0.0, -0.3);
//! let losses = trainer.step(&batch);
//! assert!(losses.total.is_finite());
//!
//! // Save the weights and load them for inference, checking encoding version and shape.
//! let dir = std::env::temp_dir().join(format!("capicua-net-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("net.bpk");
//! trainer.save_network(&path)?;
//! let net = Network::load(&path, ENCODING, &shape)?;
//!
//! let eval = net.evaluate(&[0.5; 8], &[true, true, false, true]);
//! assert_eq!(eval.priors[2], 0.0); // illegal action
//! assert!((eval.priors.iter().sum::<f32>() - 1.0).abs() < 1e-5);
//! assert!((0.0..=1.0).contains(&eval.win_prob));
//! let _points = eval.margin * 100.0; // undo the caller's margin scale
//!
//! // A file for another encoding is refused.
//! assert!(matches!(
//!     Network::load(&path, ENCODING + 1, &shape),
//!     Err(capicua_net::NetError::EncodingMismatch { file: 1, expected: 2 })
//! ));
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), capicua_net::NetError>(())
//! ```

pub mod atomic;
pub mod encoding;
pub mod error;
pub mod evaluator;
pub mod format;
pub mod inference;
pub mod mlp;
pub mod model;
pub mod network;
pub mod open_value;
mod public_cache;
pub mod shape;
pub mod train;

pub use atomic::{write_atomic, write_bytes_atomic};
pub use encoding::{ENCODING_VERSION, INPUT_SIZE, Observation, POLICY_SIZE, margin_scale};
pub use error::NetError;
pub use evaluator::{
    IMITATION_MODEL, LONG_MODEL, NetEvaluator, OPEN_VALUE_MODEL, RootNoise, SHIPPED_MODEL,
    SHIPPED_READER, SHIPPED_SHORT_READER, imitation_model_path, load_network, long_model_path,
    open_value_model_path, shipped_model_path, shipped_reader_path, shipped_short_reader_path,
};
pub use format::{NetHeader, read_header};
pub use inference::{InferenceError, InferredBeliefs, PlayPolicy, PolicyInference, PriorUse};
pub use mlp::FastMlp;
pub use model::{MASKED_LOGIT, PolicyValueModel};
pub use network::{Evaluation, Network};
pub use open_value::OpenValueNet;
pub use shape::{DEFAULT_HIDDEN, MAX_WIDTH, ModelShape, ShapeError};
pub use train::{Losses, TrainBatch, TrainConfig, Trainer};

#[cfg(test)]
mod tests;
