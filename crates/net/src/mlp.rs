//! A plain-Rust copy of a [`Network`]'s weights for batch-1 inference inside the search.
//!
//! burn's per-call overhead (tensor construction, dispatch, read-back) dominates a forward
//! pass of a small MLP. The inputs are sparse (mostly 0/1 features, ~15% non-zero) and every
//! hidden layer is about half zeros after its ReLU, so each layer is computed as the bias plus
//! a sum of weight *rows* (`[fan_in, fan_out]` row-major, burn's own layout) over the non-zero
//! inputs: contiguous, vectorisable, and skipping the zeros.

use burn::prelude::*;

use crate::model::PolicyValueModel;
use crate::network::Network;

/// Widest layer [`FastMlp::forward`] supports (its scratch lives on the stack).
pub const MAX_WIDTH: usize = 1024;

#[derive(Clone, Debug)]
struct Dense {
    fan_in: usize,
    fan_out: usize,
    /// `[fan_in, fan_out]` row-major.
    weight: Vec<f32>,
    bias: Vec<f32>,
}

impl Dense {
    /// `out = bias + Σ_i x_i · W[i, :]` over the non-zero `x_i`.
    #[inline]
    fn forward(&self, x: &[f32], out: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above).
            unsafe { self.forward_avx2(x, out) };
            return;
        }
        self.forward_generic(x, out);
    }

    /// The same loop compiled for AVX2: 8 lanes instead of SSE2's 4. Every output is summed
    /// in the same order (no FMA), so the results are bit-identical to the generic path.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_avx2(&self, x: &[f32], out: &mut [f32]) {
        self.forward_generic(x, out);
    }

    #[inline(always)]
    fn forward_generic(&self, x: &[f32], out: &mut [f32]) {
        let out = &mut out[..self.fan_out];
        out.copy_from_slice(&self.bias);
        for (i, &xi) in x[..self.fan_in].iter().enumerate() {
            if xi != 0.0 {
                let row = &self.weight[i * self.fan_out..(i + 1) * self.fan_out];
                for (o, w) in out.iter_mut().zip(row) {
                    *o += xi * w;
                }
            }
        }
    }
}

/// The weights of a network as plain vectors; `forward` gives the same raw outputs as
/// [`Network::raw_outputs`] (up to float summation order).
#[derive(Clone, Debug)]
pub struct FastMlp {
    trunk: Vec<Dense>,
    head: Dense,
}

fn tensor_vec<const D: usize>(t: Tensor<D>) -> Vec<f32> {
    t.into_data()
        .try_into_vec::<f32>()
        .expect("model parameters are f32")
}

fn dense(layer: &burn::nn::Linear) -> Dense {
    let dims = layer.weight.val().dims();
    let weight = tensor_vec(layer.weight.val());
    let bias = match &layer.bias {
        Some(b) => tensor_vec(b.val()),
        None => vec![0.0; dims[1]],
    };
    Dense {
        fan_in: dims[0],
        fan_out: dims[1],
        weight,
        bias,
    }
}

impl FastMlp {
    /// Copies the weights of `network`.
    ///
    /// # Panics
    /// If a layer is wider than [`MAX_WIDTH`].
    pub fn new(network: &Network) -> FastMlp {
        Self::from_model(network.model())
    }

    /// Copies the weights of a model.
    pub fn from_model(model: &PolicyValueModel) -> FastMlp {
        let trunk: Vec<Dense> = model.trunk.iter().map(dense).collect();
        let head = dense(&model.head);
        for d in trunk.iter().chain(std::iter::once(&head)) {
            assert!(
                d.fan_out <= MAX_WIDTH,
                "layer width {} > {MAX_WIDTH}",
                d.fan_out
            );
        }
        FastMlp { trunk, head }
    }

    /// Input length.
    pub fn input(&self) -> usize {
        self.trunk.first().unwrap_or(&self.head).fan_in
    }

    /// Output length (`policy + 2`).
    pub fn output(&self) -> usize {
        self.head.fan_out
    }

    /// Raw outputs of one input: policy logits, win logit, margin (`output()` long).
    pub fn forward(&self, input: &[f32], out: &mut [f32]) {
        assert_eq!(input.len(), self.input(), "input length");
        assert!(input.len() <= MAX_WIDTH, "input wider than MAX_WIDTH");
        assert_eq!(out.len(), self.output(), "output length");
        let mut a = [0.0f32; MAX_WIDTH];
        let mut b = [0.0f32; MAX_WIDTH];
        a[..input.len()].copy_from_slice(input);
        // the current activations are in `a` when `in_a`
        let mut in_a = true;
        for layer in &self.trunk {
            let (src, dst) = if in_a { (&a, &mut b) } else { (&b, &mut a) };
            layer.forward(&src[..layer.fan_in], &mut dst[..]);
            for v in dst[..layer.fan_out].iter_mut() {
                *v = v.max(0.0);
            }
            in_a = !in_a;
        }
        let x = if in_a { &a } else { &b };
        self.head.forward(x, out);
    }
}
