//! On-disk formats: the model file (a burnpack file carrying our header in its metadata) and the
//! trainer checkpoint (a small container around a model file and burn's optimizer record).
//!
//! # Model file
//!
//! A standard burnpack file (burn's own format, as written by `Module::save_file`): a 10-byte
//! header (magic `0x4255524E`, i.e. "BURN" as a little-endian u32; format version; metadata
//! length), a CBOR metadata block and the
//! 256-byte-aligned tensor data. The tensors are the module record (`trunk.<i>.weight`
//! `[fan_in, fan_out]`, `trunk.<i>.bias`, `head.weight`, `head.bias`, and with a per-tile
//! belief head (`shape.tile_head` not empty) `tiles.local.*`, `tiles.context.weight`,
//! `tiles.tile` `[55, w0]`, `tiles.hidden.<i>.*`, `tiles.out.*`; all f32, each with its
//! parameter id). The burnpack metadata map holds two entries: [`CHECKSUM_KEY`] → 16 hex digits
//! of a 64-bit hash of the tensors (names, shapes, bytes; burnpack has no checksum of its own),
//! and [`HEADER_KEY`] → the JSON of a [`NetHeader`]:
//!
//! ```json
//! {"format":"capicua-net","file_version":1,"encoding_version":3,
//!  "shape":{"input":600,"hidden":[256,256,256],"policy":110},"metadata":{"generation":"12"}}
//! ```
//!
//! Because it is plain burnpack, `PolicyValueModel::new(..).load_file(path)` (or any
//! burnpack tool) can read the weights too; our loader additionally checks the header.
//!
//! # Trainer checkpoint
//!
//! ```text
//! 0..8        magic  b"CAPICKPT"
//! 8..12       u32 LE length n of the JSON header
//! 12..12+n    JSON CheckpointHeader {format:"capicua-net-checkpoint", file_version:1,
//!             encoding_version, shape, config (TrainConfig), steps, model_len, optim_len,
//!             optim_checksum (16 hex digits, same hash over the optimizer section)}
//! ..+model_len   a complete model file (as above)
//! ..+optim_len   burn's optimizer record (burnpack, Adam moments keyed by parameter id)
//! ```
//!
//! The total length must match exactly. Both files are written atomically
//! ([`crate::atomic::write_atomic`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use burn::prelude::*;
use burn::store::ModuleRecord;
use burn::store::burn_pack;
use burn::tensor::Bytes;
use serde::{Deserialize, Serialize};

use crate::error::NetError;
use crate::model::PolicyValueModel;
use crate::shape::ModelShape;

/// Value of [`NetHeader::format`] in every model file.
pub const FORMAT_NAME: &str = "capicua-net";
/// Version of the model file layout this crate writes and reads.
pub const MODEL_FILE_VERSION: u32 = 1;
/// Key of the JSON header in the burnpack metadata map.
pub const HEADER_KEY: &str = "capicua.header";
/// Key of the tensor checksum (16 hex digits) in the burnpack metadata map.
pub const CHECKSUM_KEY: &str = "capicua.checksum";
/// First bytes of a trainer checkpoint.
pub const CHECKPOINT_MAGIC: &[u8; 8] = b"CAPICKPT";
/// Value of the `format` field of a checkpoint header.
pub const CHECKPOINT_FORMAT_NAME: &str = "capicua-net-checkpoint";
/// Version of the checkpoint layout this crate writes and reads.
pub const CHECKPOINT_FILE_VERSION: u32 = 1;

/// The header stored in every model file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetHeader {
    /// Always [`FORMAT_NAME`].
    pub format: String,
    /// Always [`MODEL_FILE_VERSION`] for files this version writes.
    pub file_version: u32,
    /// Version of the caller's input encoding (feature layout) the network was trained on.
    pub encoding_version: u32,
    /// The architecture.
    pub shape: ModelShape,
    /// Free-form notes (training step, generation, date...), kept through save/load.
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
}

impl NetHeader {
    /// A header for a freshly made network.
    pub fn new(encoding_version: u32, shape: ModelShape) -> Self {
        Self {
            format: FORMAT_NAME.to_string(),
            file_version: MODEL_FILE_VERSION,
            encoding_version,
            shape,
            metadata: BTreeMap::new(),
        }
    }

    /// Checks the header against what the caller expects: encoding version first, then shape.
    pub fn check(&self, encoding_version: u32, shape: &ModelShape) -> Result<(), NetError> {
        if self.encoding_version != encoding_version {
            return Err(NetError::EncodingMismatch {
                file: self.encoding_version,
                expected: encoding_version,
            });
        }
        if &self.shape != shape {
            return Err(NetError::ShapeMismatch {
                file: Box::new(self.shape.clone()),
                expected: Box::new(shape.clone()),
            });
        }
        Ok(())
    }
}

/// Reads just the header of a model file or trainer checkpoint (the network inside it), without
/// building the model.
pub fn read_header(path: impl AsRef<Path>) -> Result<NetHeader, NetError> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|e| NetError::io(path, e))?;
    let model_bytes = model_section(&bytes)?;
    let (header, _) = parse_model_file(model_bytes)?;
    Ok(header)
}

/// Serialises a model and its header into model-file bytes.
pub(crate) fn model_file_bytes(
    model: &PolicyValueModel,
    header: &NetHeader,
) -> Result<Vec<u8>, NetError> {
    let json = serde_json::to_string(header)
        .map_err(|e| NetError::format(format!("cannot encode header: {e}")))?;
    // `ModuleRecord` writes no metadata: take its burnpack tensors and write them again with ours.
    let record = model
        .clone()
        .into_record()
        .into_bytes()
        .map_err(|e| NetError::format(format!("cannot serialise the model: {e}")))?;
    let tensors = burn_pack::Reader::from_bytes(record)
        .and_then(|r| r.into_tensors())
        .map_err(|e| NetError::format(format!("cannot re-read the model record: {e}")))?;
    let checksum = format!("{:016x}", tensor_checksum(&tensors)?);
    let bytes = burn_pack::Writer::new(tensors)
        .with_metadata(HEADER_KEY, &json)
        .with_metadata(CHECKSUM_KEY, &checksum)
        .into_bytes()
        .map_err(|e| NetError::format(format!("cannot write burnpack: {e}")))?;
    Ok(bytes.to_vec())
}

/// Parses model-file bytes into the header and the (not yet applied) record.
fn parse_model_file(bytes: &[u8]) -> Result<(NetHeader, ModuleRecord), NetError> {
    let bytes = Bytes::from_bytes_vec(bytes.to_vec());
    let reader = burn_pack::Reader::from_bytes(bytes.clone())
        .map_err(|e| NetError::format(format!("not a burnpack file: {e}")))?;
    let json = reader.metadata().get(HEADER_KEY).ok_or_else(|| {
        NetError::format(format!(
            "burnpack file without a `{HEADER_KEY}` header (not written by capicua-net)"
        ))
    })?;
    let header: NetHeader = serde_json::from_str(json)
        .map_err(|e| NetError::format(format!("bad header JSON: {e}")))?;
    if header.format != FORMAT_NAME {
        return Err(NetError::format(format!(
            "format is {:?}, expected {FORMAT_NAME:?}",
            header.format
        )));
    }
    if header.file_version != MODEL_FILE_VERSION {
        return Err(NetError::format(format!(
            "model file version {} is not supported (this build reads {MODEL_FILE_VERSION})",
            header.file_version
        )));
    }
    // Before anything is sized by the header: a corrupt or hostile width must be an error, not
    // a huge allocation or the fast inference's assertion.
    NetError::check_shape(&header.shape)?;
    let stored = reader
        .metadata()
        .get(CHECKSUM_KEY)
        .ok_or_else(|| NetError::format(format!("no `{CHECKSUM_KEY}` entry")))?
        .clone();
    let tensors = reader
        .into_tensors()
        .map_err(|e| NetError::format(format!("cannot read the tensors: {e}")))?;
    let actual = format!("{:016x}", tensor_checksum(&tensors)?);
    if stored != actual {
        return Err(NetError::format(format!(
            "tensor checksum mismatch (file says {stored}, data gives {actual}): corrupt file"
        )));
    }
    drop(tensors);
    let record = ModuleRecord::from_bytes(bytes)
        .map_err(|e| NetError::format(format!("cannot read the tensors: {e}")))?;
    Ok((header, record))
}

/// Parses and checks model-file bytes and builds the model on `device`.
pub(crate) fn load_model(
    bytes: &[u8],
    encoding_version: u32,
    shape: &ModelShape,
    device: &Device,
) -> Result<(NetHeader, PolicyValueModel), NetError> {
    let (header, record) = parse_model_file(bytes)?;
    header.check(encoding_version, shape)?;
    let model = PolicyValueModel::new(&header.shape, device)
        .try_load_record(record)
        .map_err(|e| NetError::format(format!("tensors do not match the header: {e}")))?;
    Ok((header, model))
}

/// A 64-bit checksum of the tensors (names, shapes and bytes, in name order): detects a
/// corrupted data section, which burnpack itself does not.
fn tensor_checksum(tensors: &[burn_pack::Tensor]) -> Result<u64, NetError> {
    let mut sorted: Vec<&burn_pack::Tensor> = tensors.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let mut h = Hasher64::default();
    for t in sorted {
        h.write(t.name.as_bytes());
        for &d in t.shape.as_slice() {
            h.write(&(d as u64).to_le_bytes());
        }
        let data = t
            .to_bytes()
            .map_err(|e| NetError::format(format!("cannot read tensor {}: {e}", t.name)))?;
        h.write(&data);
    }
    Ok(h.finish())
}

/// Checksum of a raw byte section, as 16 hex digits.
pub(crate) fn bytes_checksum(bytes: &[u8]) -> String {
    let mut h = Hasher64::default();
    h.write(bytes);
    format!("{:016x}", h.finish())
}

/// A simple word-at-a-time multiplicative hash (not cryptographic; catches corruption).
struct Hasher64(u64);

impl Default for Hasher64 {
    fn default() -> Self {
        Hasher64(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher64 {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0 ^ word)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.mix(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let mut tail = [0u8; 8];
        let rest = chunks.remainder();
        tail[..rest.len()].copy_from_slice(rest);
        self.mix(u64::from_le_bytes(tail));
        self.mix(bytes.len() as u64);
    }

    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z ^ (z >> 33)
    }
}

/// The model file inside `bytes`: the bytes themselves, or the model section of a checkpoint.
pub(crate) fn model_section(bytes: &[u8]) -> Result<&[u8], NetError> {
    if bytes.starts_with(CHECKPOINT_MAGIC) {
        Ok(split_checkpoint(bytes)?.model)
    } else {
        Ok(bytes)
    }
}

/// The parameter ids carried by the tensors of a burnpack buffer.
pub(crate) fn param_ids(bytes: &[u8]) -> Result<BTreeSet<u64>, NetError> {
    let reader = burn_pack::Reader::from_bytes(Bytes::from_bytes_vec(bytes.to_vec()))
        .map_err(|e| NetError::format(format!("not a burnpack buffer: {e}")))?;
    let tensors = reader
        .into_tensors()
        .map_err(|e| NetError::format(format!("cannot read tensors: {e}")))?;
    tensors
        .iter()
        .map(|t| {
            t.param_id
                .ok_or_else(|| NetError::format(format!("tensor {} has no parameter id", t.name)))
        })
        .collect()
}

/// Header of a trainer checkpoint (the JSON part). `T` is the training configuration.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct CheckpointHeader<T> {
    pub format: String,
    pub file_version: u32,
    pub encoding_version: u32,
    pub shape: ModelShape,
    pub config: T,
    pub steps: u64,
    pub model_len: u64,
    pub optim_len: u64,
    pub optim_checksum: String,
}

/// Builds checkpoint bytes from its parts.
pub(crate) fn checkpoint_bytes<T: Serialize>(
    header: &CheckpointHeader<T>,
    model: &[u8],
    optim: &[u8],
) -> Result<Vec<u8>, NetError> {
    let json = serde_json::to_vec(header)
        .map_err(|e| NetError::format(format!("cannot encode checkpoint header: {e}")))?;
    let json_len =
        u32::try_from(json.len()).map_err(|_| NetError::format("checkpoint header too large"))?;
    let mut out = Vec::with_capacity(12 + json.len() + model.len() + optim.len());
    out.extend_from_slice(CHECKPOINT_MAGIC);
    out.extend_from_slice(&json_len.to_le_bytes());
    out.extend_from_slice(&json);
    out.extend_from_slice(model);
    out.extend_from_slice(optim);
    Ok(out)
}

/// The three sections of a checkpoint, borrowed from its bytes.
pub(crate) struct CheckpointSections<'a, H> {
    /// The header (raw JSON before parsing).
    pub header: H,
    /// A complete model file.
    pub model: &'a [u8],
    /// burn's optimizer record.
    pub optim: &'a [u8],
}

/// Splits checkpoint bytes into the header JSON, the model section and the optimizer section.
fn split_checkpoint(bytes: &[u8]) -> Result<CheckpointSections<'_, &[u8]>, NetError> {
    if bytes.len() < 12 || !bytes.starts_with(CHECKPOINT_MAGIC) {
        return Err(NetError::format("not a capicua-net checkpoint (bad magic)"));
    }
    let json_len = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
    let rest = &bytes[12..];
    if rest.len() < json_len {
        return Err(NetError::format("truncated checkpoint header"));
    }
    let (json, rest) = rest.split_at(json_len);
    #[derive(Deserialize)]
    struct Lengths {
        model_len: u64,
        optim_len: u64,
    }
    let lengths: Lengths = serde_json::from_slice(json)
        .map_err(|e| NetError::format(format!("bad checkpoint header JSON: {e}")))?;
    let expected = lengths.model_len.checked_add(lengths.optim_len);
    if expected != Some(rest.len() as u64) {
        return Err(NetError::format(format!(
            "checkpoint sections are {} + {} bytes but the file holds {} after the header",
            lengths.model_len,
            lengths.optim_len,
            rest.len()
        )));
    }
    let (model, optim) = rest.split_at(lengths.model_len as usize);
    Ok(CheckpointSections {
        header: json,
        model,
        optim,
    })
}

/// Parses checkpoint bytes: header, model section, optimizer section.
pub(crate) fn parse_checkpoint<T: for<'de> Deserialize<'de>>(
    bytes: &[u8],
) -> Result<CheckpointSections<'_, CheckpointHeader<T>>, NetError> {
    let raw = split_checkpoint(bytes)?;
    let header: CheckpointHeader<T> = serde_json::from_slice(raw.header)
        .map_err(|e| NetError::format(format!("bad checkpoint header JSON: {e}")))?;
    if header.format != CHECKPOINT_FORMAT_NAME {
        return Err(NetError::format(format!(
            "format is {:?}, expected {CHECKPOINT_FORMAT_NAME:?}",
            header.format
        )));
    }
    if header.file_version != CHECKPOINT_FILE_VERSION {
        return Err(NetError::format(format!(
            "checkpoint version {} is not supported (this build reads {CHECKPOINT_FILE_VERSION})",
            header.file_version
        )));
    }
    if bytes_checksum(raw.optim) != header.optim_checksum {
        return Err(NetError::format(
            "optimizer section checksum mismatch: corrupt checkpoint",
        ));
    }
    Ok(CheckpointSections {
        header,
        model: raw.model,
        optim: raw.optim,
    })
}
