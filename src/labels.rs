//! Label files: one recorded decision a line with a long search's answer there, as
//! `eval/results/distil55/label.py` writes them (the round as a `referee` request with every
//! move to its end, the decision's index `at`, the `seat` to move and the teacher's `bestmove`
//! `reply`). Read by `capicua distil` and `capicua reader`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};
use capicua_engine::{Round, notation};
use capicua_protocol::referee::Table;
use capicua_train::distil::Teaching;
use serde_json::Value;

use crate::record::table_of;

/// The referee's table of `label`'s round after its first `moves` moves.
pub fn table_after(label: &Value, moves: usize) -> Result<Table> {
    let mut v = serde_json::Map::new();
    for key in [
        "variant",
        "rules",
        "first",
        "hands",
        "boneyard",
        "pending_ties",
    ] {
        if let Some(x) = label.get(key) {
            v.insert(key.into(), x.clone());
        }
    }
    let all = label["moves"]
        .as_array()
        .ok_or_else(|| anyhow!("no moves array"))?;
    v.insert(
        "moves".into(),
        Value::Array(all[..moves.min(all.len())].to_vec()),
    );
    table_of(&Value::Object(v))
}

/// The teacher's answer in `reply`, matched to `round`'s legal moves by their notation.
pub fn teaching(round: &Round, reply: &Value) -> Result<Teaching> {
    let moves = reply["moves"]
        .as_array()
        .ok_or_else(|| anyhow!("the reply has no moves"))?;
    let ends = round.state().ends();
    let mut visits = Vec::new();
    for &mv in round.legal_moves().iter() {
        let name = notation(mv, ends);
        let m = moves
            .iter()
            .find(|m| m["move"].as_str() == Some(name.as_str()))
            .ok_or_else(|| anyhow!("the reply lacks the legal move {name}"))?;
        visits.push((mv, m["visits"].as_f64().unwrap_or(0.0)));
    }
    let best = moves
        .iter()
        .max_by(|a, b| {
            let v = |m: &Value| m["visits"].as_f64().unwrap_or(0.0);
            v(a).total_cmp(&v(b))
        })
        .ok_or_else(|| anyhow!("the reply has no moves"))?;
    let estimate = match (best["win"].as_f64(), best["margin"].as_f64()) {
        (Some(w), Some(m)) => Some((w as f32, m as f32)),
        _ => None,
    };
    Ok(Teaching { visits, estimate })
}

/// A label file's text, through gzip when its name ends in `.gz`.
pub fn read_labels(path: &Path) -> Result<String> {
    if path.extension().is_some_and(|e| e == "gz") {
        let mut text = String::new();
        flate2::read::MultiGzDecoder::new(std::fs::File::open(path)?).read_to_string(&mut text)?;
        Ok(text)
    } else {
        Ok(std::fs::read_to_string(path)?)
    }
}

/// The key of a label's deal: both orientations of a duplicate board share it, so a split by
/// it keeps every decision of a board on one side.
pub fn deal_key(label: &Value) -> u64 {
    let mut h = DefaultHasher::new();
    label["hands"].to_string().hash(&mut h);
    h.finish()
}

/// Whether a deal of `key` is held out when a share `held_out` of the deals is.
pub fn is_held_out(key: u64, held_out: f64) -> bool {
    (key % 1_000_000) as f64 / 1e6 < held_out
}

/// Every non-empty line of `files`, in order (each file read as [`read_labels`] reads it; at
/// most `limit` lines in all), parsed as JSON and handed to `each`; an error of either names
/// its file and line. Returns how many lines were read.
pub fn each_line(
    files: &[PathBuf],
    limit: Option<usize>,
    mut each: impl FnMut(&Value) -> Result<()>,
) -> Result<usize> {
    let mut read = 0usize;
    for path in files {
        let text = read_labels(path).with_context(|| format!("reading {}", path.display()))?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            if limit.is_some_and(|n| read >= n) {
                return Ok(read);
            }
            read += 1;
            let at = || format!("{} line {}", path.display(), i + 1);
            let value: Value = serde_json::from_str(line).with_context(at)?;
            each(&value).with_context(at)?;
        }
    }
    Ok(read)
}

/// The network a fit starts from: the file `init` names, or the shipped model; with its path.
pub fn starting_network(init: Option<&Path>) -> Result<(PathBuf, capicua_net::Network)> {
    let path = match init {
        Some(p) => p.to_path_buf(),
        None => {
            capicua_net::shipped_model_path().ok_or_else(|| anyhow!("no shipped model found"))?
        }
    };
    let network =
        capicua_net::load_network(&path).with_context(|| format!("loading {}", path.display()))?;
    Ok((path, network))
}
