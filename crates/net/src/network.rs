//! Inference wrapper.

use std::path::Path;

use burn::prelude::*;

use crate::atomic::write_bytes_atomic;
use crate::error::NetError;
use crate::format::{self, NetHeader};
use crate::model::PolicyValueModel;
use crate::shape::{MARGIN_COLUMN, ModelShape, WIN_COLUMN};

/// One position's evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Softmax over the legal actions (0 for illegal ones), `policy` long.
    pub priors: Vec<f32>,
    /// Probability that the side to move wins the round (sigmoid of the win logit).
    pub win_prob: f32,
    /// Expected points margin for the side to move, in the caller's scaled units.
    pub margin: f32,
}

/// An inference-only network on the flex (CPU) device.
///
/// `Network` is `Send + Sync`: share one `&Network` (or an `Arc<Network>`) between rayon workers;
/// each call builds its own tensors. Evaluation is deterministic: the same inputs give
/// bit-identical outputs.
#[derive(Debug, Clone)]
pub struct Network {
    model: PolicyValueModel,
    header: NetHeader,
    device: Device,
}

impl Network {
    /// A freshly initialised network (weights from `seed`, see [`PolicyValueModel::init`]).
    pub fn new(shape: ModelShape, encoding_version: u32, seed: u64) -> Result<Self, NetError> {
        NetError::check_shape(&shape)?;
        let device = Device::flex();
        let model = PolicyValueModel::init(&shape, seed, &device);
        Ok(Self {
            model,
            header: NetHeader::new(encoding_version, shape),
            device,
        })
    }

    /// Wraps a model (moved to the plain flex device, in validation mode).
    pub(crate) fn from_model(model: &PolicyValueModel, header: NetHeader) -> Self {
        let device = Device::flex();
        let model = model.valid().to_device(&device);
        Self {
            model,
            header,
            device,
        }
    }

    /// Loads a model file (or the network inside a trainer checkpoint), checking that it was
    /// written for `encoding_version` and `shape`.
    pub fn load(
        path: impl AsRef<Path>,
        encoding_version: u32,
        shape: &ModelShape,
    ) -> Result<Self, NetError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| NetError::io(path, e))?;
        Self::from_bytes(&bytes, encoding_version, shape)
    }

    /// Like [`load`](Self::load), from bytes in memory (e.g. `include_bytes!`).
    pub fn from_bytes(
        bytes: &[u8],
        encoding_version: u32,
        shape: &ModelShape,
    ) -> Result<Self, NetError> {
        let device = Device::flex();
        let model_bytes = format::model_section(bytes)?;
        let (header, model) = format::load_model(model_bytes, encoding_version, shape, &device)?;
        Ok(Self {
            model,
            header,
            device,
        })
    }

    /// This network with a fresh per-tile belief head of these widths (seeded by `seed`; its
    /// output layer starts at zero, so the outputs are unchanged until it is trained).
    pub fn with_tile_head(&self, widths: &[usize], seed: u64) -> Result<Network, NetError> {
        let shape = self.shape().clone().with_tile_head(widths);
        let grown = Network::new(shape.clone(), self.encoding_version(), seed)?;
        let model = grown.model.with_body_of(&self.model);
        let mut header = self.header.clone();
        header.shape = shape;
        Ok(Network::from_model(&model, header))
    }

    /// The network whose every parameter is `(1 - t) * self + t * other`: a point on the line
    /// between two networks of the same shape, such as a fine-tuned network and the one it
    /// started from (weight-space ensembles, Wortsman et al. 2022). The header is `self`'s,
    /// with `interpolated_t` recorded in its metadata.
    ///
    /// # Panics
    /// If `t` is not finite.
    pub fn interpolate(&self, other: &Network, t: f32) -> Result<Network, NetError> {
        if other.shape() != self.shape() {
            return Err(NetError::ShapeMismatch {
                file: Box::new(other.shape().clone()),
                expected: Box::new(self.shape().clone()),
            });
        }
        if other.encoding_version() != self.encoding_version() {
            return Err(NetError::EncodingMismatch {
                file: other.encoding_version(),
                expected: self.encoding_version(),
            });
        }
        assert!(t.is_finite(), "interpolation weight {t} is not finite");
        let mut theirs = FloatParams::default();
        other.model.visit(&mut theirs);
        let mut mix = Interpolate {
            theirs: theirs.0.into_iter(),
            t,
            device: self.device.clone(),
        };
        let model = self.model.clone().map(&mut mix);
        let mut header = self.header.clone();
        header
            .metadata
            .insert("interpolated_t".into(), t.to_string());
        Ok(Network::from_model(&model, header))
    }

    /// Saves the network as a model file, atomically.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), NetError> {
        write_bytes_atomic(path.as_ref(), &self.to_bytes()?)
    }

    /// The model-file bytes [`save`](Self::save) writes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, NetError> {
        format::model_file_bytes(&self.model, &self.header)
    }

    /// The header (format, encoding version, shape, free-form metadata).
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

    /// The input encoding version the network was made for.
    pub fn encoding_version(&self) -> u32 {
        self.header.encoding_version
    }

    /// The burn module (on the plain flex device).
    pub fn model(&self) -> &PolicyValueModel {
        &self.model
    }

    /// Raw outputs `[batch, policy + 2 + beliefs]` row-major: unmasked policy logits, win
    /// logit, margin, belief logits.
    ///
    /// # Panics
    /// If `inputs.len() != batch * shape.input` or `batch == 0`.
    pub fn raw_outputs(&self, inputs: &[f32], batch: usize) -> Vec<f32> {
        let shape = &self.header.shape;
        assert!(batch > 0, "batch must be positive");
        assert_eq!(
            inputs.len(),
            batch * shape.input,
            "inputs must hold batch * input = {batch} * {} floats",
            shape.input
        );
        let x = Tensor::<2>::from_data(
            TensorData::new(inputs.to_vec(), [batch, shape.input]),
            &self.device,
        );
        self.model
            .forward(x)
            .into_data()
            .try_into_vec::<f32>()
            .expect("the model outputs f32")
    }

    /// Evaluates `batch` positions.
    ///
    /// `inputs` is `batch * input` floats row-major, `legal` is `batch * policy` flags (true =
    /// legal). Returns `(priors, win_prob, margin)`: `priors` is `batch * policy` (softmax over
    /// the legal actions of each row, 0 for illegal actions; a row with no legal action gets all
    /// zeros), `win_prob` and `margin` are `batch` long (margin in the caller's scaled units).
    ///
    /// # Panics
    /// If the buffer lengths do not match `batch` and the shape, or `batch == 0`.
    pub fn evaluate_batch(
        &self,
        inputs: &[f32],
        legal: &[bool],
        batch: usize,
    ) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
        let policy = self.header.shape.policy;
        assert_eq!(
            legal.len(),
            batch * policy,
            "legal must hold batch * policy = {batch} * {policy} flags"
        );
        let raw = self.raw_outputs(inputs, batch);
        let width = self.header.shape.output();
        let mut priors = vec![0.0f32; batch * policy];
        let mut win = Vec::with_capacity(batch);
        let mut margin = Vec::with_capacity(batch);
        for b in 0..batch {
            let row = &raw[b * width..(b + 1) * width];
            masked_softmax(
                &row[..policy],
                &legal[b * policy..(b + 1) * policy],
                &mut priors[b * policy..(b + 1) * policy],
            );
            win.push(sigmoid(row[policy + WIN_COLUMN]));
            margin.push(row[policy + MARGIN_COLUMN]);
        }
        (priors, win, margin)
    }

    /// Evaluates one position (`input` is `shape.input` floats, `legal` is `shape.policy` flags).
    pub fn evaluate(&self, input: &[f32], legal: &[bool]) -> Evaluation {
        let (priors, win, margin) = self.evaluate_batch(input, legal, 1);
        Evaluation {
            priors,
            win_prob: win[0],
            margin: margin[0],
        }
    }
}

/// Every float parameter of a module, in visiting order.
#[derive(Default)]
struct FloatParams(Vec<TensorData>);

impl burn::module::ModuleVisitor for FloatParams {
    fn visit_float<const D: usize>(&mut self, param: &burn::module::Param<Tensor<D>>) {
        self.0.push(param.val().into_data());
    }
}

/// Maps each float parameter `x` to `(1 - t) * x + t * y`, `y` the other module's parameter
/// in the same place (two modules of one shape visit their parameters in the same order).
struct Interpolate {
    theirs: std::vec::IntoIter<TensorData>,
    t: f32,
    device: Device,
}

impl burn::module::ModuleMapper for Interpolate {
    fn map_float<const D: usize>(
        &mut self,
        param: burn::module::Param<Tensor<D>>,
    ) -> burn::module::Param<Tensor<D>> {
        let y = self.theirs.next().expect("modules of one shape");
        let y = Tensor::<D>::from_data(y, &self.device);
        let t = self.t;
        param.map(|x| x.mul_scalar(1.0 - t).add(y.mul_scalar(t)))
    }
}

/// Softmax of `logits` over the entries where `legal` is true; 0 elsewhere.
fn masked_softmax(logits: &[f32], legal: &[bool], out: &mut [f32]) {
    let max = logits
        .iter()
        .zip(legal)
        .filter(|(_, l)| **l)
        .map(|(x, _)| *x)
        .fold(f32::NEG_INFINITY, f32::max);
    if max == f32::NEG_INFINITY {
        out.fill(0.0);
        return;
    }
    let mut sum = 0.0f32;
    for ((o, &x), &l) in out.iter_mut().zip(logits).zip(legal) {
        *o = if l { (x - max).exp() } else { 0.0 };
        sum += *o;
    }
    let inv = 1.0 / sum;
    out.iter_mut().for_each(|o| *o *= inv);
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_softmax_ignores_illegal() {
        let mut out = [0.0; 4];
        masked_softmax(
            &[1.0, 100.0, 1.0, -3.0],
            &[true, false, true, false],
            &mut out,
        );
        assert_eq!(out, [0.5, 0.0, 0.5, 0.0]);
        masked_softmax(&[1.0, 2.0, 3.0, 4.0], &[false; 4], &mut out);
        assert_eq!(out, [0.0; 4]);
    }

    #[test]
    fn interpolation_runs_from_one_network_to_the_other() {
        let shape = ModelShape::with_hidden(12, &[8, 6], 5);
        let a = Network::new(shape.clone(), 1, 1).unwrap();
        let b = Network::new(shape.clone(), 1, 2).unwrap();
        let input: Vec<f32> = (0..24).map(|i| (i % 5) as f32 * 0.3 - 0.4).collect();
        let out = |n: &Network| n.raw_outputs(&input, 2);
        let close = |x: &[f32], y: &[f32]| x.iter().zip(y).all(|(p, q)| (p - q).abs() < 1e-5);
        assert!(close(&out(&a.interpolate(&b, 0.0).unwrap()), &out(&a)));
        assert!(close(&out(&a.interpolate(&b, 1.0).unwrap()), &out(&b)));
        let mid = a.interpolate(&b, 0.5).unwrap();
        assert!(!close(&out(&mid), &out(&a)) && !close(&out(&mid), &out(&b)));
        assert_eq!(mid.header().metadata["interpolated_t"], "0.5");
        assert!(close(&out(&mid), &out(&b.interpolate(&a, 0.5).unwrap())));
        // a linear network's outputs are linear in its parameters, so there the outputs of the
        // point at `t` are the same mix of the ends' outputs
        let linear = ModelShape::with_hidden(12, &[], 5);
        let (p, q) = (
            Network::new(linear.clone(), 1, 4).unwrap(),
            Network::new(linear, 1, 5).unwrap(),
        );
        let mixed: Vec<f32> = out(&p)
            .iter()
            .zip(out(&q))
            .map(|(x, y)| 0.75 * x + 0.25 * y)
            .collect();
        assert!(close(&out(&p.interpolate(&q, 0.25).unwrap()), &mixed));
        let other = Network::new(ModelShape::with_hidden(12, &[8, 7], 5), 1, 3).unwrap();
        assert!(matches!(
            a.interpolate(&other, 0.5),
            Err(NetError::ShapeMismatch { .. })
        ));
        let encoding = Network::new(shape, 2, 3).unwrap();
        assert!(matches!(
            a.interpolate(&encoding, 0.5),
            Err(NetError::EncodingMismatch { .. })
        ));
    }

    #[test]
    fn network_is_send_sync() {
        fn check<T: Send + Sync>() {}
        check::<Network>();
    }
}
