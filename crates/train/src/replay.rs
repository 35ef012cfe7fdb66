//! The replay buffer on disk: one file per generation of self-play, each written atomically
//! (`capicua_net::write_atomic`).
//!
//! # File layout (little-endian)
//!
//! ```text
//! 0   8  magic "CAPIRPLY"
//! 8   4  file version (4; version 3 files, written before searched values, and version 2
//!         files, written before solved values, read without them; version 1 files, written
//!         before beliefs, are refused)
//! 12  4  input encoding version (capicua_net::ENCODING_VERSION)
//! 16  8  number of samples N
//! 24  8  rounds played to produce them
//! 32  8  self-play seconds (f64)
//! 40  .. N records
//! end 8  checksum of every byte before it
//! ```
//!
//! A record stores the [`Observation`] (not its 959-float encoding: about 840 bytes instead of
//! 3,836), the legal actions and the search's visit distribution over them, the value targets
//! and the belief target (where each tile the mover had not seen really was):
//!
//! ```text
//! u64 hand, 4 × u64 played_by, 4 × u64 excluded      (relative seats)
//! u8 end a, u8 end b (255, 255 before the lead)
//! 4 × u8 counts, u8 pile, u8 passes
//! 4 × u32 scores, u32 pending ties
//! u8 max_pip, u8 players, u8 flags (1 partners, 2 draw, 4 points, 8 no double blank), u8 hand_size,
//! u8 undealt, u32 target
//! u128 legal actions (bit a = action a)
//! legal.count_ones() × u16 policy target in ascending action order, summing to 65535
//! u8 outcome (0 loss, 1 tie, 2 win for the mover's side), f32 scaled margin
//! 3 × 4 × 10 u8 covered, exposed, declined; u8 led; 55 × u8 order; 4 × u8 passed;
//!   2 × 4 × 55 u8 skipped, skipped for a lighter tile
//! 55 × u8 true place of each tile: 0 for a tile the mover has seen, else 1 + the place
//!   (0..3: relative seats 1..3, 3: out of play)
//! f32 the true deal's solved margin for the mover's side, scaled like the margin (NaN: not
//!   solved); version 3 and later
//! f32 win, f32 margin: the search's own estimate of the decision for the mover's side (its
//!   most visited move's win probability and margin, scaled like the margin; NaN, NaN: not
//!   searched); version 4 only
//! ```

use std::path::PathBuf;

use capicua_engine::TileSet;
use capicua_net::encoding::PLACES;
use capicua_net::{ENCODING_VERSION, Observation, POLICY_SIZE, write_atomic};

use crate::error::TrainError;

const MAGIC: &[u8; 8] = b"CAPIRPLY";
const FILE_VERSION: u32 = 4;
/// The oldest version still read: it lacks the solved and the searched values.
const OLDEST_VERSION: u32 = 2;

/// One training sample.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub obs: Observation,
    /// Legal actions (bit `a` for action `a`).
    pub legal: u128,
    /// Visit share of each legal action, ascending action order, quantised to sum 65535.
    pub policy: Vec<u16>,
    /// 0 loss, 1 tie, 2 win for the mover's side.
    pub outcome: u8,
    /// The mover's side's margin divided by `margin_scale`.
    pub margin: f32,
    /// For every tile (by index), 0 if the mover has seen it, else 1 + where it really was
    /// (a place of `capicua_net::encoding::PLACES`).
    pub places: [u8; 55],
    /// The open-hand solver's margin of the true deal at this decision for the mover's side,
    /// scaled like `margin` (`selfplay.solve_tiles`): the value of the position under best
    /// play by seats that see every hand, free of the noise of how the round went on.
    pub solved: Option<f32>,
    /// The self-play search's estimate of this decision for the mover's side: the win
    /// probability (ties half) and the scaled margin of its most visited move, averaged over
    /// the believed deals it searched. It carries far less of the deal's luck than the
    /// round's outcome does (`train.searched_weight`).
    pub searched: Option<(f32, f32)>,
}

/// How the value targets blend the round's outcome with the other values a sample may carry
/// ([`Sample::value_targets`]); each weight in `[0, 1]`, 0 the outcome alone.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct ValueBlend {
    /// Weight of the open-hand solved value (`train.solved_weight`).
    pub solved: f32,
    /// Weight of the self-play search's estimate (`train.searched_weight`).
    pub searched: f32,
}

impl ValueBlend {
    /// The round's outcome alone.
    pub const OUTCOME: ValueBlend = ValueBlend {
        solved: 0.0,
        searched: 0.0,
    };
    /// The solved value alone where there is one.
    pub const SOLVED: ValueBlend = ValueBlend {
        solved: 1.0,
        searched: 0.0,
    };
}

impl Sample {
    /// Quantises a distribution over the legal actions (ascending order) to u16 shares that
    /// sum to exactly 65535 (largest remainders).
    pub fn quantise(probs: &[f64]) -> Vec<u16> {
        let total: f64 = probs.iter().sum();
        let scaled: Vec<f64> = probs
            .iter()
            .map(|p| {
                if total > 0.0 {
                    p / total * 65535.0
                } else {
                    65535.0 / probs.len() as f64
                }
            })
            .collect();
        let mut q: Vec<u16> = scaled.iter().map(|x| x.floor() as u16).collect();
        let mut left = 65535 - q.iter().map(|&x| x as u32).sum::<u32>();
        let mut order: Vec<usize> = (0..q.len()).collect();
        order.sort_by(|&a, &b| {
            (scaled[b] - scaled[b].floor()).total_cmp(&(scaled[a] - scaled[a].floor()))
        });
        for &i in order.iter().cycle() {
            if left == 0 {
                break;
            }
            q[i] += 1;
            left -= 1;
        }
        q
    }

    /// The policy target as a `POLICY_SIZE` distribution and legal flags.
    pub fn policy_target(&self, target: &mut [f32], legal: &mut [bool]) {
        target.fill(0.0);
        legal.fill(false);
        let mut k = 0;
        for (a, flag) in legal.iter_mut().enumerate().take(POLICY_SIZE) {
            if self.legal >> a & 1 == 1 {
                *flag = true;
                target[a] = self.policy[k] as f32 / 65535.0;
                k += 1;
            }
        }
    }

    /// The belief target: the places' log prior (`BELIEF_SIZE` floats,
    /// `Observation::belief_prior`) and a one-hot row of the true place for every tile the
    /// mover has not seen.
    pub fn belief_target(&self, prior: &mut [f32], target: &mut [f32]) {
        target.fill(0.0);
        let base = self.obs.belief_prior();
        for t in 0..55 {
            prior[t * PLACES..(t + 1) * PLACES].copy_from_slice(&base[t]);
            if self.places[t] > 0 {
                target[t * PLACES + self.places[t] as usize - 1] = 1.0;
            }
        }
    }

    /// The win target: 1 win, 0.5 tie, 0 loss.
    pub fn win_target(&self) -> f32 {
        self.outcome as f32 / 2.0
    }

    /// The win and margin targets: the round's outcome, blended with weight `blend.solved`
    /// into the solved value where the sample has one, and that with weight `blend.searched`
    /// into the search's estimate where it has one.
    pub fn value_targets(&self, blend: ValueBlend) -> (f32, f32) {
        let (win, margin) = match self.solved {
            Some(v) if blend.solved > 0.0 => {
                let win = if v > 0.0 {
                    1.0
                } else if v < 0.0 {
                    0.0
                } else {
                    0.5
                };
                let w = blend.solved;
                (
                    (1.0 - w) * self.win_target() + w * win,
                    (1.0 - w) * self.margin + w * v,
                )
            }
            _ => (self.win_target(), self.margin),
        };
        match self.searched {
            Some((sw, sm)) if blend.searched > 0.0 => {
                let w = blend.searched;
                ((1.0 - w) * win + w * sw, (1.0 - w) * margin + w * sm)
            }
            _ => (win, margin),
        }
    }

    fn write(&self, out: &mut Vec<u8>, version: u32) {
        let o = &self.obs;
        out.extend_from_slice(&o.hand.0.to_le_bytes());
        for t in o.played_by.iter().chain(&o.excluded) {
            out.extend_from_slice(&t.0.to_le_bytes());
        }
        let (a, b) = o.ends.unwrap_or((255, 255));
        out.extend_from_slice(&[a, b]);
        out.extend_from_slice(&o.counts);
        out.extend_from_slice(&[o.pile, o.passes]);
        for s in o.scores {
            out.extend_from_slice(&s.to_le_bytes());
        }
        out.extend_from_slice(&o.pending_ties.to_le_bytes());
        let flags = o.partners as u8
            | (o.draw as u8) << 1
            | (o.points_scoring as u8) << 2
            | (o.no_double_blank as u8) << 3;
        out.extend_from_slice(&[o.max_pip, o.players, flags, o.hand_size, o.undealt]);
        out.extend_from_slice(&o.target.to_le_bytes());
        out.extend_from_slice(&self.legal.to_le_bytes());
        for p in &self.policy {
            out.extend_from_slice(&p.to_le_bytes());
        }
        out.push(self.outcome);
        out.extend_from_slice(&self.margin.to_le_bytes());
        let play = &o.play;
        for block in [&play.covered, &play.exposed, &play.declined] {
            for row in block {
                out.extend_from_slice(row);
            }
        }
        out.push(play.led);
        out.extend_from_slice(&play.order);
        out.extend_from_slice(&play.passed);
        for row in play.skipped.iter().chain(&play.skipped_lighter) {
            out.extend_from_slice(row);
        }
        out.extend_from_slice(&self.places);
        if version >= 3 {
            out.extend_from_slice(&self.solved.unwrap_or(f32::NAN).to_le_bytes());
        }
        if version >= 4 {
            let (w, m) = self.searched.unwrap_or((f32::NAN, f32::NAN));
            out.extend_from_slice(&w.to_le_bytes());
            out.extend_from_slice(&m.to_le_bytes());
        }
    }

    fn read(r: &mut Reader<'_>, version: u32) -> Result<Sample, String> {
        let mut o = Observation {
            hand: TileSet(r.u64()?),
            ..Observation::default()
        };
        for i in 0..4 {
            o.played_by[i] = TileSet(r.u64()?);
        }
        for i in 0..4 {
            o.excluded[i] = TileSet(r.u64()?);
        }
        let (a, b) = (r.u8()?, r.u8()?);
        o.ends = if a == 255 { None } else { Some((a, b)) };
        for i in 0..4 {
            o.counts[i] = r.u8()?;
        }
        o.pile = r.u8()?;
        o.passes = r.u8()?;
        for i in 0..4 {
            o.scores[i] = r.u32()?;
        }
        o.pending_ties = r.u32()?;
        o.max_pip = r.u8()?;
        o.players = r.u8()?;
        let flags = r.u8()?;
        o.partners = flags & 1 != 0;
        o.draw = flags & 2 != 0;
        o.points_scoring = flags & 4 != 0;
        o.no_double_blank = flags & 8 != 0;
        o.hand_size = r.u8()?;
        o.undealt = r.u8()?;
        o.target = r.u32()?;
        let legal = u128::from_le_bytes(r.take(16)?.try_into().expect("16 bytes"));
        if legal >> POLICY_SIZE != 0 {
            return Err("legal actions beyond the policy size".into());
        }
        let policy = (0..legal.count_ones())
            .map(|_| r.u16())
            .collect::<Result<Vec<u16>, String>>()?;
        if !policy.is_empty() && policy.iter().map(|&p| p as u32).sum::<u32>() != 65535 {
            return Err("a policy target does not sum to one".into());
        }
        let outcome = r.u8()?;
        if outcome > 2 {
            return Err(format!("outcome {outcome}"));
        }
        let margin = f32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes"));
        if !margin.is_finite() {
            return Err("a margin is not finite".into());
        }
        for block in [
            &mut o.play.covered,
            &mut o.play.exposed,
            &mut o.play.declined,
        ] {
            for row in block.iter_mut() {
                row.copy_from_slice(r.take(10)?);
            }
        }
        o.play.led = r.u8()?;
        o.play.order.copy_from_slice(r.take(55)?);
        o.play.passed.copy_from_slice(r.take(4)?);
        for row in o.play.skipped.iter_mut() {
            row.copy_from_slice(r.take(55)?);
        }
        for row in o.play.skipped_lighter.iter_mut() {
            row.copy_from_slice(r.take(55)?);
        }
        let mut places = [0u8; 55];
        places.copy_from_slice(r.take(55)?);
        let possible = o.belief_places();
        for (t, &p) in places.iter().enumerate() {
            let ok = p == 0 || (p as usize <= PLACES && possible[t] & 1 << (p - 1) != 0);
            if !ok {
                return Err(format!("tile {t} has an impossible true place {p}"));
            }
        }
        let solved = if version >= 3 {
            let v = f32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes"));
            if v.is_infinite() {
                return Err("a solved value is infinite".into());
            }
            (!v.is_nan()).then_some(v)
        } else {
            None
        };
        let searched = if version >= 4 {
            let w = f32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes"));
            let m = f32::from_le_bytes(r.take(4)?.try_into().expect("4 bytes"));
            if w.is_nan() != m.is_nan()
                || m.is_infinite()
                || !(w.is_nan() || (0.0..=1.0).contains(&w))
            {
                return Err(format!("a searched value ({w}, {m}) is out of range"));
            }
            (!w.is_nan()).then_some((w, m))
        } else {
            None
        };
        Ok(Sample {
            obs: o,
            legal,
            policy,
            outcome,
            margin,
            places,
            solved,
            searched,
        })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let s = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or("truncated record")?;
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, String> {
        Ok(u16::from_le_bytes(
            self.take(2)?.try_into().expect("2 bytes"),
        ))
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

/// FNV-style 64-bit checksum (catches truncation and corruption, not an attacker).
fn checksum(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for chunk in bytes.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w))
            .wrapping_mul(0x0000_0100_0000_01b3)
            .rotate_left(23);
    }
    h ^ bytes.len() as u64
}

/// How a generation's samples were made.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct ReplayMeta {
    pub rounds: u64,
    pub seconds: f64,
}

/// The bytes of a replay file holding `samples`.
pub fn to_bytes(samples: &[Sample], meta: ReplayMeta) -> Vec<u8> {
    bytes_of_version(samples, meta, FILE_VERSION)
}

fn bytes_of_version(samples: &[Sample], meta: ReplayMeta, version: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 + samples.len() * 160);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&ENCODING_VERSION.to_le_bytes());
    out.extend_from_slice(&(samples.len() as u64).to_le_bytes());
    out.extend_from_slice(&meta.rounds.to_le_bytes());
    out.extend_from_slice(&meta.seconds.to_le_bytes());
    for s in samples {
        s.write(&mut out, version);
    }
    let c = checksum(&out);
    out.extend_from_slice(&c.to_le_bytes());
    out
}

/// Parses a replay file's bytes.
pub fn from_bytes(bytes: &[u8]) -> Result<(Vec<Sample>, ReplayMeta), String> {
    if bytes.len() < 48 || &bytes[..8] != MAGIC {
        return Err("not a capicua replay file".into());
    }
    let (body, tail) = bytes.split_at(bytes.len() - 8);
    if checksum(body) != u64::from_le_bytes(tail.try_into().expect("8 bytes")) {
        return Err("checksum mismatch: truncated or corrupt".into());
    }
    let mut r = Reader { bytes: body, at: 8 };
    let version = r.u32()?;
    if !(OLDEST_VERSION..=FILE_VERSION).contains(&version) {
        return Err(format!(
            "file version {version}, expected {OLDEST_VERSION} to {FILE_VERSION}"
        ));
    }
    let enc = r.u32()?;
    if enc != ENCODING_VERSION {
        return Err(format!(
            "encoding version {enc}, expected {ENCODING_VERSION}"
        ));
    }
    let n = r.u64()? as usize;
    let meta = ReplayMeta {
        rounds: r.u64()?,
        seconds: f64::from_bits(r.u64()?),
    };
    let mut samples = Vec::with_capacity(n.min(1 << 24));
    for _ in 0..n {
        samples.push(Sample::read(&mut r, version)?);
    }
    if r.at != body.len() {
        return Err("trailing bytes after the records".into());
    }
    Ok((samples, meta))
}

/// The replay directory of a run: `gen-NNNNNN.bin` per generation.
#[derive(Clone, Debug)]
pub struct ReplayDir {
    dir: PathBuf,
}

impl ReplayDir {
    pub fn new(dir: impl Into<PathBuf>) -> ReplayDir {
        ReplayDir { dir: dir.into() }
    }

    pub fn path(&self, generation: u64) -> PathBuf {
        self.dir.join(format!("gen-{generation:06}.bin"))
    }

    /// Writes a generation's samples atomically.
    pub fn write(
        &self,
        generation: u64,
        samples: &[Sample],
        meta: ReplayMeta,
    ) -> Result<(), TrainError> {
        std::fs::create_dir_all(&self.dir).map_err(|e| TrainError::io(&self.dir, e))?;
        let bytes = to_bytes(samples, meta);
        Ok(write_atomic(&self.path(generation), |w| {
            w.write_all(&bytes)
        })?)
    }

    /// A generation's samples; `Ok(None)` when its file does not exist.
    pub fn read(&self, generation: u64) -> Result<Option<(Vec<Sample>, ReplayMeta)>, TrainError> {
        let path = self.path(generation);
        match std::fs::read(&path) {
            Ok(bytes) => from_bytes(&bytes)
                .map(Some)
                .map_err(|reason| TrainError::Replay { path, reason }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(TrainError::io(path, e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(outcome: u8, margin: f32, solved: Option<f32>) -> Sample {
        Sample {
            obs: Observation::default(),
            legal: 0b11,
            policy: vec![65535, 0],
            outcome,
            margin,
            places: [0; 55],
            solved,
            searched: None,
        }
    }

    fn solved(w: f32) -> ValueBlend {
        ValueBlend {
            solved: w,
            searched: 0.0,
        }
    }

    #[test]
    fn solved_values_round_trip_and_version_2_files_read_without_them() {
        let samples = vec![sample(2, 0.25, Some(-0.5)), sample(0, -0.5, None)];
        let meta = ReplayMeta {
            rounds: 1,
            seconds: 0.5,
        };
        let (back, m) = from_bytes(&to_bytes(&samples, meta)).unwrap();
        assert_eq!((back, m), (samples.clone(), meta));
        let (old, _) = from_bytes(&bytes_of_version(&samples, meta, 2)).unwrap();
        assert_eq!(old[0].solved, None);
        assert_eq!(old[0].margin, 0.25);
        assert_eq!(old[1], samples[1]);
        let err = from_bytes(&bytes_of_version(&samples, meta, 1)).unwrap_err();
        assert!(err.contains("file version 1"), "{err}");
    }

    #[test]
    fn value_targets_blend_the_solved_value_in() {
        let s = sample(2, 0.25, Some(-0.5));
        assert_eq!(s.value_targets(solved(0.0)), (1.0, 0.25));
        assert_eq!(s.value_targets(solved(1.0)), (0.0, -0.5));
        assert_eq!(s.value_targets(solved(0.5)), (0.5, -0.125));
        let tie = sample(0, -0.25, Some(0.0));
        assert_eq!(tie.value_targets(solved(1.0)), (0.5, 0.0));
        // no solved value: the outcome whatever the weight
        assert_eq!(sample(1, 0.0, None).value_targets(solved(1.0)), (0.5, 0.0));
    }

    #[test]
    fn searched_values_round_trip_and_blend_in_after_the_solved_value() {
        let s = Sample {
            searched: Some((0.75, -0.125)),
            ..sample(2, 0.25, Some(-0.5))
        };
        let samples = vec![s.clone(), sample(0, -0.5, None)];
        let meta = ReplayMeta::default();
        let (back, _) = from_bytes(&to_bytes(&samples, meta)).unwrap();
        assert_eq!(back, samples);
        let (v3, _) = from_bytes(&bytes_of_version(&samples, meta, 3)).unwrap();
        assert_eq!((v3[0].searched, v3[0].solved), (None, Some(-0.5)));
        let searched = |w| ValueBlend {
            solved: 0.0,
            searched: w,
        };
        assert_eq!(s.value_targets(searched(0.0)), (1.0, 0.25));
        assert_eq!(s.value_targets(searched(1.0)), (0.75, -0.125));
        assert_eq!(s.value_targets(searched(0.5)), (0.875, 0.0625));
        let both = ValueBlend {
            solved: 1.0,
            searched: 0.5,
        };
        assert_eq!(s.value_targets(both), (0.375, -0.3125));
        // no searched value: the outcome whatever the weight
        assert_eq!(
            sample(1, 0.0, None).value_targets(searched(1.0)),
            (0.5, 0.0)
        );
        // a searched win probability outside [0, 1] is refused
        let bad = Sample {
            searched: Some((1.5, 0.0)),
            ..sample(2, 0.25, None)
        };
        let err = from_bytes(&to_bytes(&[bad], meta)).unwrap_err();
        assert!(err.contains("searched value"), "{err}");
    }
}
