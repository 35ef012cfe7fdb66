//! The architecture of a network ([`ModelShape`]) and the limits a shape must respect.
//!
//! It sits below both the error type and the burn model, so that a shape can be checked (for
//! instance from a file's header) before anything is built from it.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::encoding::{BELIEF_SIZE, INPUT_SIZE, TILE_FEATURES};

/// Hidden widths of the default trunk (three ReLU layers of 256).
pub const DEFAULT_HIDDEN: [usize; 3] = [256, 256, 256];

/// Offset past `policy` of the win-logit column of the raw output.
pub const WIN_COLUMN: usize = 0;
/// Offset past `policy` of the margin column of the raw output.
pub const MARGIN_COLUMN: usize = 1;
/// Number of value outputs (win logit, margin).
pub const VALUE_OUTPUTS: usize = 2;
/// Belief logits come in groups of this many places, one group per tile; each group is a
/// softmax over the places the tile can be in.
pub const BELIEF_GROUP: usize = 4;

/// Widest layer (input, hidden or output) a network may have: the fast inference
/// ([`crate::FastMlp`]) keeps its activations in fixed stack buffers of this size.
pub const MAX_WIDTH: usize = 1024;

/// The architecture of a network: what must match between a file and the code using it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ModelShape {
    /// Length of one encoded input vector.
    pub input: usize,
    /// Widths of the hidden ReLU layers, input side first (may be empty: a linear model).
    pub hidden: Vec<usize>,
    /// Number of policy actions (logits).
    pub policy: usize,
    /// Number of belief logits after the value outputs (0: a model without beliefs; files
    /// written before beliefs existed have none).
    #[serde(default)]
    pub beliefs: usize,
    /// Hidden widths of the per-tile belief head (empty: none, the belief logits come from the
    /// output layer alone). With one, the belief logits are the output layer's plus those of a
    /// small network shared by all tiles, run on each tile's gathered features
    /// ([`crate::encoding::tile_features`]) and the trunk's last activations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tile_head: Vec<usize>,
}

/// A layer of a [`ModelShape`], as named in a [`ShapeError`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layer {
    Input,
    /// Hidden layer `i`, input side first.
    Hidden(usize),
    /// The fused policy and value output.
    Output,
    /// Hidden layer `i` of the per-tile belief head.
    TileHead(usize),
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Layer::Input => write!(f, "the input"),
            Layer::Hidden(i) => write!(f, "hidden layer {i}"),
            Layer::Output => write!(f, "the output"),
            Layer::TileHead(i) => write!(f, "layer {i} of the per-tile belief head"),
        }
    }
}

/// Why a shape cannot be built or run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("{0} has width 0")]
    Empty(Layer),
    #[error("{layer} is {width} wide; the fast inference takes at most {MAX_WIDTH}")]
    TooWide { layer: Layer, width: usize },
    #[error(
        "a per-tile belief head needs the encoding's {INPUT_SIZE} inputs and {BELIEF_SIZE} belief outputs"
    )]
    TileHeadMismatch,
}

impl ModelShape {
    /// A shape with the default trunk ([`DEFAULT_HIDDEN`]).
    pub fn new(input: usize, policy: usize) -> Self {
        Self {
            input,
            hidden: DEFAULT_HIDDEN.to_vec(),
            policy,
            beliefs: 0,
            tile_head: Vec::new(),
        }
    }

    /// A shape with the given hidden widths.
    pub fn with_hidden(input: usize, hidden: &[usize], policy: usize) -> Self {
        Self {
            input,
            hidden: hidden.to_vec(),
            policy,
            beliefs: 0,
            tile_head: Vec::new(),
        }
    }

    /// The same shape with `beliefs` belief outputs.
    pub fn with_beliefs(mut self, beliefs: usize) -> Self {
        self.beliefs = beliefs;
        self
    }

    /// The same shape with a per-tile belief head of these hidden widths.
    pub fn with_tile_head(mut self, widths: &[usize]) -> Self {
        self.tile_head = widths.to_vec();
        self
    }

    /// Width of the raw network output: `policy + 2 + beliefs`.
    pub fn output(&self) -> usize {
        self.policy + VALUE_OUTPUTS + self.beliefs
    }

    /// Offset of the first belief logit in the raw output.
    pub fn belief_offset(&self) -> usize {
        self.policy + VALUE_OUTPUTS
    }

    /// Number of f32 parameters (weights and biases).
    pub fn num_params(&self) -> usize {
        let mut fan_in = self.input;
        let mut n = 0;
        for &h in &self.hidden {
            n += fan_in * h + h;
            fan_in = h;
        }
        n += fan_in * self.output() + self.output();
        if let Some(&first) = self.tile_head.first() {
            // gathered features and trunk context into the first layer, one bias row per tile
            n += TILE_FEATURES * first + first + fan_in * first + 55 * first;
            let mut w = first;
            for &h in &self.tile_head[1..] {
                n += w * h + h;
                w = h;
            }
            n += w * BELIEF_GROUP + BELIEF_GROUP;
        }
        n
    }

    /// Checks that every layer is non-empty and at most [`MAX_WIDTH`] wide. Only arithmetic on
    /// the widths: safe to call on a shape read from an untrusted file before allocating
    /// anything sized by it.
    pub fn validate(&self) -> Result<(), ShapeError> {
        // the output width is compared before `policy + 2 + beliefs` is formed, which could
        // overflow
        let output = self
            .policy
            .saturating_add(VALUE_OUTPUTS)
            .saturating_add(self.beliefs);
        let layers = std::iter::once((Layer::Input, self.input))
            .chain(
                self.hidden
                    .iter()
                    .enumerate()
                    .map(|(i, &w)| (Layer::Hidden(i), w)),
            )
            .chain(std::iter::once((
                Layer::Output,
                if self.policy == 0 { 0 } else { output },
            )))
            .chain(
                self.tile_head
                    .iter()
                    .enumerate()
                    .map(|(i, &w)| (Layer::TileHead(i), w)),
            );
        for (layer, width) in layers {
            if width == 0 {
                return Err(ShapeError::Empty(layer));
            }
            if width > MAX_WIDTH {
                return Err(ShapeError::TooWide { layer, width });
            }
        }
        if !self.tile_head.is_empty() && (self.input != INPUT_SIZE || self.beliefs != BELIEF_SIZE) {
            return Err(ShapeError::TileHeadMismatch);
        }
        Ok(())
    }
}

impl fmt::Display for ModelShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.input)?;
        for h in &self.hidden {
            write!(f, "-{h}")?;
        }
        write!(f, "-({}+{VALUE_OUTPUTS}", self.policy)?;
        if self.beliefs > 0 {
            write!(f, "+{}", self.beliefs)?;
        }
        if !self.tile_head.is_empty() {
            let widths: Vec<String> = self.tile_head.iter().map(|w| w.to_string()).collect();
            write!(f, ", tiles {}", widths.join("-"))?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validate_names_the_layer_at_fault() {
        assert_eq!(ModelShape::with_hidden(10, &[16, 8], 4).validate(), Ok(()));
        let cases = [
            (
                ModelShape::with_hidden(0, &[16], 4),
                ShapeError::Empty(Layer::Input),
            ),
            (
                ModelShape::with_hidden(10, &[16, 0], 4),
                ShapeError::Empty(Layer::Hidden(1)),
            ),
            (
                ModelShape::with_hidden(10, &[16], 0),
                ShapeError::Empty(Layer::Output),
            ),
            (
                ModelShape::with_hidden(10, &[16, usize::MAX], 4),
                ShapeError::TooWide {
                    layer: Layer::Hidden(1),
                    width: usize::MAX,
                },
            ),
            (
                ModelShape::with_hidden(MAX_WIDTH + 1, &[], 4),
                ShapeError::TooWide {
                    layer: Layer::Input,
                    width: MAX_WIDTH + 1,
                },
            ),
            (
                ModelShape::with_hidden(10, &[], usize::MAX),
                ShapeError::TooWide {
                    layer: Layer::Output,
                    width: usize::MAX,
                },
            ),
        ];
        for (shape, expected) in cases {
            assert_eq!(shape.validate(), Err(expected), "{shape:?}");
        }
        // the widest layers the fast inference takes are accepted
        let widest = ModelShape::with_hidden(MAX_WIDTH, &[MAX_WIDTH], MAX_WIDTH - VALUE_OUTPUTS);
        assert_eq!(widest.validate(), Ok(()));
    }
}
