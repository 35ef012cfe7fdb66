//! A plain-Rust copy of a [`Network`]'s weights for batch-1 inference inside the search.
//!
//! burn's per-call overhead (tensor construction, dispatch, read-back) dominates a forward
//! pass of a small MLP. The inputs are sparse (mostly 0/1 features, ~15% non-zero) and every
//! hidden layer is about half zeros after its ReLU, so each layer is computed as the bias plus
//! a sum of weight *rows* (`[fan_in, fan_out]` row-major, burn's own layout) over the non-zero
//! inputs: contiguous, vectorisable, and skipping the zeros.

use std::mem::MaybeUninit;

use burn::prelude::*;

use crate::encoding::{BELIEF_SIZE, TILE_FEATURES, tile_features};
use crate::model::PolicyValueModel;
use crate::network::Network;
use crate::shape::BELIEF_GROUP;

/// Widest layer [`FastMlp::forward`] supports (its scratch lives on the stack); every
/// [`Network`]'s shape is checked against it when made or loaded.
pub use crate::shape::MAX_WIDTH;

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
        self.forward_from(x, 0, out);
    }

    /// [`Dense::forward`] over the inputs from `from` on only (the others taken as zero).
    #[inline]
    fn forward_from(&self, x: &[f32], from: usize, out: &mut [f32]) {
        let out = &mut out[..self.fan_out];
        out.copy_from_slice(&self.bias);
        let mut rows = Rows::new();
        rows.extend_nonzero(&x[..x.len().min(self.fan_in)], from);
        add_rows(&self.weight, self.fan_out, &rows, out);
    }
}

/// The non-zero inputs of a layer, in input order: which weight rows to add, and their scales.
/// Built on the stack for every layer of every evaluation, so its arrays are left
/// uninitialized past `len` (zeroing their 8 KB for every layer showed as several percent of
/// a search's profile).
struct Rows {
    index: [MaybeUninit<u32>; MAX_WIDTH],
    scale: [MaybeUninit<f32>; MAX_WIDTH],
    len: usize,
}

impl Rows {
    #[inline]
    fn new() -> Rows {
        Rows {
            index: [const { MaybeUninit::uninit() }; MAX_WIDTH],
            scale: [const { MaybeUninit::uninit() }; MAX_WIDTH],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, i: usize, x: f32) {
        self.index[self.len].write(i as u32);
        self.scale[self.len].write(x);
        self.len += 1;
    }

    /// Adds the non-zero entries of `x[from..]` (at their indices in `x`). Branch-free: every
    /// entry is written at the end and counted only when non-zero, because whether a hidden
    /// unit or a feature is zero is a coin toss a branch predictor loses about half the time.
    #[inline]
    fn extend_nonzero(&mut self, x: &[f32], from: usize) {
        assert!(
            self.len + x.len().saturating_sub(from) <= MAX_WIDTH,
            "too many rows"
        );
        for (i, &xi) in x.iter().enumerate().skip(from) {
            self.index[self.len].write(i as u32);
            self.scale[self.len].write(xi);
            self.len += usize::from(xi != 0.0);
        }
    }

    /// The rows pushed so far: (indices, scales).
    #[inline]
    fn as_slices(&self) -> (&[u32], &[f32]) {
        // SAFETY: the first `len` entries of both arrays were written (`push`,
        // `extend_nonzero`), and `MaybeUninit<T>` has the layout of `T`.
        unsafe {
            (
                std::slice::from_raw_parts(self.index.as_ptr().cast::<u32>(), self.len),
                std::slice::from_raw_parts(self.scale.as_ptr().cast::<f32>(), self.len),
            )
        }
    }
}

/// `out[j] += Σ_k x_k · W[i_k, j]` over `rows`, each output summed in the rows' order, one
/// product and one sum at a time (no FMA): bit for bit what adding the rows one after another
/// gives, on every path.
#[inline]
fn add_rows(weight: &[f32], fan_out: usize, rows: &Rows, out: &mut [f32]) {
    let (index, scale) = rows.as_slices();
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the CPU has AVX-512F (checked just above).
        let done = unsafe { add_rows_avx512(weight, fan_out, index, scale, out) };
        add_rows_generic(weight, fan_out, index, scale, out, done);
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        let done = unsafe { add_rows_avx2(weight, fan_out, index, scale, out) };
        add_rows_generic(weight, fan_out, index, scale, out, done);
        return;
    }
    add_rows_generic(weight, fan_out, index, scale, out, 0);
}

/// Outputs one AVX2 pass keeps in registers: eight of the sixteen 8-lane registers, leaving
/// room for the row being read and its scale.
#[cfg(target_arch = "x86_64")]
const REGISTER_BLOCK: usize = 64;

/// [`add_rows`] in blocks of [`REGISTER_BLOCK`] outputs held in registers across all the rows,
/// so each row costs its loads and adds and the outputs are loaded and stored once a block
/// (adding the rows one at a time loads and stores every output once a row). Returns how
/// many outputs it did, all from the start, as [`add_rows_avx512`] does.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn add_rows_avx2(
    weight: &[f32],
    fan_out: usize,
    index: &[u32],
    scale: &[f32],
    out: &mut [f32],
) -> usize {
    let out = &mut out[..fan_out];
    let whole = fan_out / REGISTER_BLOCK * REGISTER_BLOCK;
    for c in (0..whole).step_by(REGISTER_BLOCK) {
        // SAFETY: AVX2 is enabled here, and the block lies inside `out`.
        unsafe { add_block_avx2::<{ REGISTER_BLOCK / 8 }>(weight, fan_out, index, scale, out, c) };
    }
    whole
}

/// [`add_rows`] with AVX-512: the trunk's 256 outputs fit sixteen of the thirty-two 16-lane
/// registers, so one pass over the rows does a whole layer (AVX2 needs four, each reading
/// every row again). Narrower layers take blocks of 128 and 16. Returns how many outputs it
/// did, all from the start; the caller adds the rest the generic way, in the same order.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn add_rows_avx512(
    weight: &[f32],
    fan_out: usize,
    index: &[u32],
    scale: &[f32],
    out: &mut [f32],
) -> usize {
    let out = &mut out[..fan_out];
    let mut c = 0;
    while c + 256 <= fan_out {
        // SAFETY: AVX-512F is enabled here, and the block lies inside `out`.
        unsafe { add_block_avx512::<16>(weight, fan_out, index, scale, out, c) };
        c += 256;
    }
    while c + 128 <= fan_out {
        // SAFETY: as above.
        unsafe { add_block_avx512::<8>(weight, fan_out, index, scale, out, c) };
        c += 128;
    }
    while c + 16 <= fan_out {
        // SAFETY: as above.
        unsafe { add_block_avx512::<1>(weight, fan_out, index, scale, out, c) };
        c += 16;
    }
    c
}

/// Defines `$name::<REGS>`: outputs `c..c + LANES * REGS` of [`add_rows`] held in `REGS`
/// vector registers of `$lanes` floats across all the rows, for one instruction set. A row
/// of scale 1 (the encoding's 0/1 features) is added without its product, which changes no
/// bit: `1 · w = w`.
macro_rules! add_block {
    ($name:ident, $feature:literal, $lanes:literal, $zero:ident, $load:ident, $store:ident,
     $add:ident, $mul:ident, $set1:ident) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $feature)]
        #[inline]
        unsafe fn $name<const REGS: usize>(
            weight: &[f32],
            fan_out: usize,
            index: &[u32],
            scale: &[f32],
            out: &mut [f32],
            c: usize,
        ) {
            use std::arch::x86_64::*;
            let width = $lanes * REGS;
            let block = &mut out[c..c + width];
            // SAFETY (every load and store below): each pointer starts a bounds-checked slice
            // of `width` floats, read or written in REGS runs of `$lanes`.
            let mut acc = [$zero(); REGS];
            for (r, a) in acc.iter_mut().enumerate() {
                *a = unsafe { $load(block.as_ptr().add($lanes * r)) };
            }
            for (&i, &x) in index.iter().zip(scale) {
                let start = i as usize * fan_out + c;
                let w = weight[start..start + width].as_ptr();
                if x == 1.0 {
                    for (r, a) in acc.iter_mut().enumerate() {
                        *a = $add(*a, unsafe { $load(w.add($lanes * r)) });
                    }
                } else {
                    let xv = $set1(x);
                    for (r, a) in acc.iter_mut().enumerate() {
                        *a = $add(*a, $mul(xv, unsafe { $load(w.add($lanes * r)) }));
                    }
                }
            }
            for (r, a) in acc.iter().enumerate() {
                unsafe { $store(block.as_mut_ptr().add($lanes * r), *a) };
            }
        }
    };
}

add_block!(
    add_block_avx2,
    "avx2",
    8,
    _mm256_setzero_ps,
    _mm256_loadu_ps,
    _mm256_storeu_ps,
    _mm256_add_ps,
    _mm256_mul_ps,
    _mm256_set1_ps
);
add_block!(
    add_block_avx512,
    "avx512f",
    16,
    _mm512_setzero_ps,
    _mm512_loadu_ps,
    _mm512_storeu_ps,
    _mm512_add_ps,
    _mm512_mul_ps,
    _mm512_set1_ps
);

/// [`add_rows`] for the outputs from `from` on, one row at a time.
#[inline(always)]
fn add_rows_generic(
    weight: &[f32],
    fan_out: usize,
    index: &[u32],
    scale: &[f32],
    out: &mut [f32],
    from: usize,
) {
    if from >= fan_out {
        return;
    }
    for (&i, &x) in index.iter().zip(scale) {
        let start = i as usize * fan_out;
        let row = &weight[start + from..start + fan_out];
        for (o, w) in out[from..fan_out].iter_mut().zip(row) {
            *o += x * w;
        }
    }
}

/// Pushes `(j, input[j] - base[j])` for every `j` from `from` on where the two differ in value,
/// in order. Most inputs are equal, so they are compared by bits a vector at a time and only
/// the lanes that differ are looked at (a 0.0 against a -0.0 differs in bits, not in value,
/// and is left out by the check by value).
#[inline]
fn push_differences(rows: &mut Rows, input: &[f32], base: &[f32], from: usize) {
    let n = input.len().min(base.len());
    let mut i = from.min(n);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the CPU has AVX-512F (checked just above).
        i = unsafe { push_differences_avx512(rows, &input[..n], &base[..n], i) };
    }
    push_differences_from(rows, &input[..n], &base[..n], i);
}

/// The check by value of one input that may differ.
#[inline(always)]
fn push_if_differs(rows: &mut Rows, input: &[f32], base: &[f32], j: usize) {
    if input[j] != base[j] {
        rows.push(j, input[j] - base[j]);
    }
}

/// [`push_differences`] over whole blocks of 16 inputs from `i`; returns where it stopped.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn push_differences_avx512(
    rows: &mut Rows,
    input: &[f32],
    base: &[f32],
    mut i: usize,
) -> usize {
    use std::arch::x86_64::*;
    while i + 16 <= input.len() {
        // SAFETY: both slices hold 16 floats from `i` (checked by the loop).
        let (a, b) = unsafe {
            (
                _mm512_loadu_si512(input.as_ptr().add(i).cast()),
                _mm512_loadu_si512(base.as_ptr().add(i).cast()),
            )
        };
        let mut differ = _mm512_cmpneq_epi32_mask(a, b);
        while differ != 0 {
            push_if_differs(rows, input, base, i + differ.trailing_zeros() as usize);
            differ &= differ - 1;
        }
        i += 16;
    }
    i
}

/// [`push_differences`] from `i` on, in blocks of 8 compared by bits.
#[inline]
fn push_differences_from(rows: &mut Rows, input: &[f32], base: &[f32], mut i: usize) {
    let n = input.len();
    while i < n {
        let end = (i + 8).min(n);
        let differ = input[i..end]
            .iter()
            .zip(&base[i..end])
            .fold(0u32, |d, (x, b)| d | (x.to_bits() ^ b.to_bits()));
        if differ != 0 {
            for j in i..end {
                push_if_differs(rows, input, base, j);
            }
        }
        i = end;
    }
}

/// `Σ a_i b_i` in eight independent lanes (so it vectorises without reassociating a single
/// sum), then the lanes added in order.
#[inline]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            lanes[k] += x[k] * y[k];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// The weights of a network as plain vectors; `forward` gives the same raw outputs as
/// [`Network::raw_outputs`] (up to float summation order).
#[derive(Clone, Debug)]
pub struct FastMlp {
    trunk: Vec<Dense>,
    head: Dense,
    /// The head's weights transposed (`[fan_out, fan_in]`): one contiguous column per output,
    /// for [`FastMlp::forward_some`].
    head_columns: Vec<f32>,
    tiles: Option<FastTileHead>,
}

/// One layer's activations, as [`relu_layers`] ping-pongs them.
type Activations = Box<[f32; MAX_WIDTH]>;

thread_local! {
    /// The hidden activations of [`FastMlp::forward_some_accumulated`], kept per thread: the
    /// search calls it at nearly every leaf, and zeroing two fresh `MAX_WIDTH` arrays each time
    /// was about 2% of a 10 ms search's profile. Each layer writes the entries the next reads
    /// before they are read, so what a buffer held before never reaches an output.
    static ACTIVATIONS: std::cell::RefCell<(Activations, Activations)> =
        std::cell::RefCell::new((Box::new([0.0; MAX_WIDTH]), Box::new([0.0; MAX_WIDTH])));
}

/// Runs `layers`, each followed by a ReLU, on the activations in `a`, ping-ponging between the
/// two buffers; returns whether the result is in `a`.
fn relu_layers(layers: &[Dense], a: &mut [f32; MAX_WIDTH], b: &mut [f32; MAX_WIDTH]) -> bool {
    let mut in_a = true;
    for layer in layers {
        let (src, dst) = if in_a { (&*a, &mut *b) } else { (&*b, &mut *a) };
        layer.forward(&src[..layer.fan_in], &mut dst[..]);
        for v in dst[..layer.fan_out].iter_mut() {
            *v = v.max(0.0);
        }
        in_a = !in_a;
    }
    in_a
}

/// [`crate::model::TileHead`]'s weights.
#[derive(Clone, Debug)]
struct FastTileHead {
    local: Dense,
    context: Dense,
    /// `[55, w0]` row-major.
    tile: Vec<f32>,
    hidden: Vec<Dense>,
    out: Dense,
}

impl FastTileHead {
    /// Adds the head's logits to `beliefs` (`55 · BELIEF_GROUP` long).
    fn add_logits(&self, input: &[f32], trunk: &[f32], beliefs: &mut [f32]) {
        let w0 = self.local.fan_out;
        let mut context = [0.0f32; MAX_WIDTH];
        self.context.forward(trunk, &mut context);
        let table = tile_features();
        let mut features = [0.0f32; TILE_FEATURES];
        let mut a = [0.0f32; MAX_WIDTH];
        let mut b = [0.0f32; MAX_WIDTH];
        for t in 0..55 {
            for (f, &i) in features
                .iter_mut()
                .zip(&table[t * TILE_FEATURES..(t + 1) * TILE_FEATURES])
            {
                *f = input[i];
            }
            self.local.forward(&features, &mut a);
            for ((v, c), bias) in a[..w0]
                .iter_mut()
                .zip(&context[..w0])
                .zip(&self.tile[t * w0..(t + 1) * w0])
            {
                *v = (*v + c + bias).max(0.0);
            }
            let in_a = relu_layers(&self.hidden, &mut a, &mut b);
            let (src, dst) = if in_a { (&a, &mut b) } else { (&b, &mut a) };
            self.out.forward(&src[..self.out.fan_in], &mut dst[..]);
            let group = &mut beliefs[t * BELIEF_GROUP..(t + 1) * BELIEF_GROUP];
            for (g, v) in group.iter_mut().zip(&dst[..BELIEF_GROUP]) {
                *g += v;
            }
        }
    }
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
    /// Copies the weights of `network` (whose shape was checked against [`MAX_WIDTH`] when it
    /// was made or loaded).
    pub fn new(network: &Network) -> FastMlp {
        Self::from_model(network.model())
    }

    /// Copies the weights of a model.
    ///
    /// # Panics
    /// If a layer of this hand-built model is wider than [`MAX_WIDTH`].
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
        let mut head_columns = vec![0.0; head.weight.len()];
        for i in 0..head.fan_in {
            for j in 0..head.fan_out {
                head_columns[j * head.fan_in + i] = head.weight[i * head.fan_out + j];
            }
        }
        let tiles = model.tiles.as_ref().map(|t| FastTileHead {
            local: dense(&t.local),
            context: dense(&t.context),
            tile: tensor_vec(t.tile.val()),
            hidden: t.hidden.iter().map(dense).collect(),
            out: dense(&t.out),
        });
        FastMlp {
            trunk,
            head,
            head_columns,
            tiles,
        }
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
        assert_eq!(out.len(), self.output(), "output length");
        self.trunk_then(input, |x| {
            self.head.forward(x, out);
            if let Some(tiles) = &self.tiles {
                let beliefs = out.len() - BELIEF_SIZE;
                tiles.add_logits(input, &x[..self.head.fan_in], &mut out[beliefs..]);
            }
        });
    }

    /// Only the raw outputs named in `which` (each below `output()`), written at their indices
    /// in `out` (`output()` long; other entries are left as they are). The search needs the
    /// logits of a position's few legal plays and the two value columns, not all 112: each is
    /// a dot product with one column of the head, instead of the whole head's product.
    /// Equal to [`FastMlp::forward`]'s outputs up to float summation order, for the policy and
    /// value columns (a per-tile belief head is not run).
    pub fn forward_some(&self, input: &[f32], which: &[usize], out: &mut [f32]) {
        assert_eq!(out.len(), self.output(), "output length");
        self.trunk_then(input, |x| self.head_columns_into(x, which, out));
    }

    /// Whether [`FastMlp::first_layer_from`] applies: the network has a hidden layer (its
    /// first layer is then a trunk layer, not the head).
    pub fn has_hidden(&self) -> bool {
        !self.trunk.is_empty()
    }

    /// Width of the first hidden layer: the length of an accumulator.
    pub fn first_width(&self) -> usize {
        self.trunk.first().map_or(0, |d| d.fan_out)
    }

    /// The first hidden layer's pre-activation over `input[from..]` only (its bias plus the
    /// weight rows of those non-zero inputs), written into `acc` ([`FastMlp::first_width`]
    /// long). With [`FastMlp::forward_some_accumulated`] this splits a forward pass into a
    /// part that many inputs share (every input equal from `from` on) and a part for the
    /// inputs below `from`, which must be 0 or 1. An `input` shorter than [`FastMlp::input`]
    /// counts as 0 past its end (the part an open value model shares with the encoding).
    ///
    /// # Panics
    /// If the network has no hidden layer, or `input` is longer than [`FastMlp::input`].
    pub fn first_layer_from(&self, input: &[f32], from: usize, acc: &mut [f32]) {
        assert!(input.len() <= self.input(), "input length");
        let first = self.trunk.first().expect("a network with a hidden layer");
        first.forward_from(input, from, acc);
    }

    /// Moves `acc`, the first layer's pre-activation over `base[from..]`
    /// ([`FastMlp::first_layer_from`]), to the one over `input[from..]`: adds the weight rows
    /// of the inputs that differ, scaled by the difference. Two public records a few moves
    /// apart, seen by the same seat, differ in a fraction of their non-zero inputs.
    ///
    /// Inputs shorter than [`FastMlp::input`] count as 0 past their end, as in
    /// [`FastMlp::first_layer_from`].
    ///
    /// # Panics
    /// If the network has no hidden layer, or the inputs differ in length or are longer than
    /// [`FastMlp::input`].
    pub fn first_layer_add_difference(
        &self,
        input: &[f32],
        base: &[f32],
        from: usize,
        acc: &mut [f32],
    ) {
        assert!(input.len() <= self.input(), "input length");
        assert_eq!(base.len(), input.len(), "input length");
        let first = self.trunk.first().expect("a network with a hidden layer");
        let mut rows = Rows::new();
        push_differences(&mut rows, input, base, from);
        add_rows(
            &first.weight,
            first.fan_out,
            &rows,
            &mut acc[..first.fan_out],
        );
    }

    /// [`FastMlp::forward_some`] of the input whose entries below the accumulator's `from`, and
    /// past the end of the input it was computed from, are 1 at `ones` and 0 elsewhere, and
    /// the rest as `acc` was computed from ([`FastMlp::first_layer_from`]). Equal to
    /// [`FastMlp::forward_some`] of that input up to float summation order.
    pub fn forward_some_accumulated(
        &self,
        acc: &[f32],
        ones: impl Iterator<Item = usize>,
        which: &[usize],
        out: &mut [f32],
    ) {
        assert_eq!(out.len(), self.output(), "output length");
        let first = self.trunk.first().expect("a network with a hidden layer");
        ACTIVATIONS.with_borrow_mut(|(a, b)| {
            a[..first.fan_out].copy_from_slice(&acc[..first.fan_out]);
            let mut rows = Rows::new();
            for i in ones {
                rows.push(i, 1.0);
            }
            add_rows(&first.weight, first.fan_out, &rows, &mut a[..first.fan_out]);
            for v in a[..first.fan_out].iter_mut() {
                *v = v.max(0.0);
            }
            let in_a = relu_layers(&self.trunk[1..], a, b);
            let x: &[f32] = if in_a { &a[..] } else { &b[..] };
            self.head_columns_into(x, which, out);
        });
    }

    /// The head's outputs named in `which` from the last hidden activations `x`.
    fn head_columns_into(&self, x: &[f32], which: &[usize], out: &mut [f32]) {
        let fan_in = self.head.fan_in;
        for &j in which {
            let column = &self.head_columns[j * fan_in..(j + 1) * fan_in];
            out[j] = self.head.bias[j] + dot(&x[..fan_in], column);
        }
    }

    /// Runs the hidden layers on `input` and hands the last activations to `head`.
    fn trunk_then(&self, input: &[f32], head: impl FnOnce(&[f32])) {
        assert_eq!(input.len(), self.input(), "input length");
        assert!(input.len() <= MAX_WIDTH, "input wider than MAX_WIDTH");
        let mut a = [0.0f32; MAX_WIDTH];
        let mut b = [0.0f32; MAX_WIDTH];
        a[..input.len()].copy_from_slice(input);
        let in_a = relu_layers(&self.trunk, &mut a, &mut b);
        let x = if in_a { &a } else { &b };
        head(&x[..]);
    }
}

#[cfg(test)]
mod row_tests {
    use super::*;

    /// Floats whose sums round differently in different orders: a vectorised path that
    /// reordered, fused or skipped a product would not match to the bit.
    fn values(n: usize, seed: u64) -> Vec<f32> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                ((s >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 3.0
            })
            .collect()
    }

    #[test]
    fn a_difference_adds_the_rows_that_differ_in_value_in_order() {
        let (fan_in, fan_out) = (61, 40);
        let first = Dense {
            fan_in,
            fan_out,
            weight: values(fan_in * fan_out, 3),
            bias: vec![0.0; fan_out],
        };
        let head = Dense {
            fan_in: fan_out,
            fan_out: 1,
            weight: vec![0.0; fan_out],
            bias: vec![0.0],
        };
        let mlp = FastMlp {
            trunk: vec![first.clone()],
            head,
            head_columns: vec![],
            tiles: None,
        };
        let base: Vec<f32> = values(fan_in, 5)
            .iter()
            .enumerate()
            .map(|(i, &v)| if i % 4 == 0 { 0.0 } else { v })
            .collect();
        let mut input = base.clone();
        // changed values in one block and in the tail, a zero against a negative zero, equal
        // blocks between them
        input[3] = 1.0;
        input[4] = -0.0;
        input[9] += 0.5;
        input[40] = 0.0;
        input[60] = 2.0;
        let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        for from in [0, 5, 8, 59, 61] {
            let init = values(fan_out, 9);
            let mut got = init.clone();
            mlp.first_layer_add_difference(&input, &base, from, &mut got);
            let mut expected = init;
            for j in from..fan_in {
                if input[j] != base[j] {
                    let d = input[j] - base[j];
                    for (o, w) in expected.iter_mut().zip(&first.weight[j * fan_out..]) {
                        *o += d * w;
                    }
                }
            }
            assert_eq!(bits(&got), bits(&expected), "from {from}");
        }
    }

    #[test]
    fn every_path_finds_the_same_differences() {
        let base: Vec<f32> = values(203, 21)
            .iter()
            .enumerate()
            .map(|(i, &v)| if i % 3 == 0 { 0.0 } else { v })
            .collect();
        let mut input = base.clone();
        for j in [0, 15, 16, 17, 31, 100, 101, 190, 202] {
            input[j] += 0.25;
        }
        input[3] = -0.0;
        let rows_of = |from: usize, generic: bool| {
            let mut rows = Rows::new();
            if generic {
                push_differences_from(&mut rows, &input, &base, from);
            } else {
                push_differences(&mut rows, &input, &base, from);
            }
            let (index, scale) = rows.as_slices();
            (index.to_vec(), scale.to_vec())
        };
        for from in [0, 1, 16, 17, 150, 202, 203] {
            let expected: Vec<u32> = (from..203)
                .filter(|&j| input[j] != base[j])
                .map(|j| j as u32)
                .collect();
            let (index, scale) = rows_of(from, false);
            assert_eq!(index, expected, "from {from}");
            assert_eq!((index, scale), rows_of(from, true), "from {from}");
        }
    }

    #[test]
    fn every_path_adds_rows_as_one_row_at_a_time() {
        // widths below, at and between register blocks; unit scales and others
        for (fan_in, fan_out) in [
            (7, 5),
            (40, 64),
            (300, 256),
            (97, 200),
            (13, 130),
            (50, 400),
            (20, 300),
        ] {
            let weight = values(fan_in * fan_out, fan_out as u64);
            let init = values(fan_out, 7);
            let x: Vec<f32> = values(fan_in, 11)
                .into_iter()
                .enumerate()
                .map(|(i, v)| match i % 3 {
                    0 => 0.0,
                    1 => 1.0,
                    _ => v,
                })
                .collect();
            let mut rows = Rows::new();
            rows.extend_nonzero(&x, 2);
            let mut expected = init.clone();
            for (i, &xi) in x.iter().enumerate().skip(2) {
                if xi != 0.0 {
                    for (o, w) in expected.iter_mut().zip(&weight[i * fan_out..]) {
                        *o += xi * w;
                    }
                }
            }
            let mut dispatched = init.clone();
            add_rows(&weight, fan_out, &rows, &mut dispatched);
            let (index, scale) = rows.as_slices();
            let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
            // each vector path the CPU has, whichever the dispatch picked
            #[cfg(target_arch = "x86_64")]
            {
                if std::arch::is_x86_feature_detected!("avx2") {
                    let mut v = init.clone();
                    // SAFETY: the CPU has AVX2.
                    let done = unsafe { add_rows_avx2(&weight, fan_out, index, scale, &mut v) };
                    add_rows_generic(&weight, fan_out, index, scale, &mut v, done);
                    assert_eq!(bits(&v), bits(&expected), "avx2, {fan_in}x{fan_out}");
                }
                if std::arch::is_x86_feature_detected!("avx512f") {
                    let mut v = init.clone();
                    // SAFETY: the CPU has AVX-512F.
                    let done = unsafe { add_rows_avx512(&weight, fan_out, index, scale, &mut v) };
                    add_rows_generic(&weight, fan_out, index, scale, &mut v, done);
                    assert_eq!(bits(&v), bits(&expected), "avx512, {fan_in}x{fan_out}");
                }
            }
            let mut generic = init.clone();
            add_rows_generic(&weight, fan_out, index, scale, &mut generic, 0);
            assert_eq!(
                bits(&generic),
                bits(&expected),
                "generic, {fan_in}x{fan_out}"
            );
            assert_eq!(
                bits(&dispatched),
                bits(&expected),
                "dispatched, {fan_in}x{fan_out}"
            );
        }
    }
}
