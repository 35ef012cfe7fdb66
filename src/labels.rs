//! Label files: one recorded decision a line with a long search's answer there, as
//! `eval/results/distil55/label.py` writes them (the round as a `referee` request with every
//! move to its end, the decision's index `at`, the `seat` to move and the teacher's `bestmove`
//! `reply`). Read by `capicua distil` and `capicua reader`, which learn the same teachers: the
//! long search's visits, the exact solver's move values on the true deal (`capicua
//! solve-labels` adds them), or both.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
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

/// Where a decision's targets come from.
#[derive(Copy, Clone, Debug, PartialEq, clap::ValueEnum)]
pub enum Teacher {
    /// The long search's visit shares.
    Visits,
    /// A softmax of the solver's values on the true deal.
    Solved,
    /// The mean of the two: the search's choice with what the hands say beside it.
    Both,
}

/// `teacher` at `temperature` points, checked: a temperature must be above 0.
pub fn checked_teacher(teacher: Teacher, temperature: f64) -> Result<(Teacher, f64)> {
    Ok((teacher, positive("--temperature", temperature)?))
}

/// `value` of the option `flag` when it is above 0 (not NaN).
pub fn positive(flag: &str, value: f64) -> Result<f64> {
    if value.is_nan() || value <= 0.0 {
        bail!("{flag} must be above 0");
    }
    Ok(value)
}

/// `raw` scaled to sum to one.
fn shares(raw: impl Iterator<Item = f64>) -> Result<Vec<f64>> {
    let raw: Vec<f64> = raw.collect();
    let total: f64 = raw.iter().sum();
    if total <= 0.0 {
        bail!("the teacher gives no move any weight");
    }
    Ok(raw.iter().map(|x| x / total).collect())
}

/// The teacher's share of each of a decision's moves (given as the reply's entries for them,
/// with their visits). The `solved` and `both` teachers fall back to the visits where the
/// solver left the decision unsolved (no `solved` values: early in a round).
pub fn targets(teacher: Teacher, temperature: f64, entries: &[(&Value, f64)]) -> Result<Vec<f64>> {
    let visits = || shares(entries.iter().map(|&(_, v)| v));
    let solved: Option<Vec<f64>> = match teacher {
        Teacher::Visits => None,
        Teacher::Solved | Teacher::Both => {
            entries.iter().map(|(m, _)| m["solved"].as_f64()).collect()
        }
    };
    let Some(values) = solved else {
        return visits();
    };
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let oracle = shares(values.iter().map(|v| ((v - best) / temperature).exp()))?;
    Ok(match teacher {
        Teacher::Both => visits()?
            .iter()
            .zip(&oracle)
            .map(|(a, b)| (a + b) / 2.0)
            .collect(),
        _ => oracle,
    })
}

/// The entries of `reply` for `taught`'s moves, in its order, each with its visits.
pub fn reply_entries<'a>(
    round: &Round,
    reply: &'a Value,
    taught: &Teaching,
) -> Result<Vec<(&'a Value, f64)>> {
    let moves = reply["moves"]
        .as_array()
        .ok_or_else(|| anyhow!("the reply has no moves"))?;
    let ends = round.state().ends();
    taught
        .visits
        .iter()
        .map(|&(mv, visits)| {
            let name = notation(mv, ends);
            let entry = moves
                .iter()
                .find(|m| m["move"].as_str() == Some(name.as_str()))
                .ok_or_else(|| anyhow!("the reply gives no entry for {name}"))?;
            Ok((entry, visits))
        })
        .collect()
}

/// The teacher's answer in `reply` with each move's weight the share `teacher` gives it
/// ([`targets`]); the `Visits` teacher keeps the raw visits, as [`teaching`] reads them.
pub fn taught(round: &Round, reply: &Value, teacher: (Teacher, f64)) -> Result<Teaching> {
    let mut t = teaching(round, reply)?;
    if teacher.0 == Teacher::Visits {
        return Ok(t);
    }
    let shares = targets(teacher.0, teacher.1, &reply_entries(round, reply, &t)?)?;
    for (v, s) in t.visits.iter_mut().zip(shares) {
        v.1 = s;
    }
    Ok(t)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_teacher_gives_its_shares_and_unsolved_decisions_keep_the_visits() {
        let solved = [
            serde_json::json!({"move": "a", "solved": 10}),
            serde_json::json!({"move": "b", "solved": 0}),
        ];
        let unsolved = [
            serde_json::json!({"move": "a"}),
            serde_json::json!({"move": "b"}),
        ];
        fn of(m: &[Value; 2]) -> [(&Value, f64); 2] {
            [(&m[0], 30.0), (&m[1], 10.0)]
        }
        let close = |got: Vec<f64>, want: [f64; 2]| {
            assert!(
                got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-12),
                "{got:?} against {want:?}"
            );
        };
        let e = (-1.0f64).exp();
        let oracle = [1.0 / (1.0 + e), e / (1.0 + e)];
        close(
            targets(Teacher::Visits, 10.0, &of(&solved)).unwrap(),
            [0.75, 0.25],
        );
        close(
            targets(Teacher::Solved, 10.0, &of(&solved)).unwrap(),
            oracle,
        );
        close(
            targets(Teacher::Both, 10.0, &of(&solved)).unwrap(),
            [(0.75 + oracle[0]) / 2.0, (0.25 + oracle[1]) / 2.0],
        );
        for teacher in [Teacher::Solved, Teacher::Both] {
            close(
                targets(teacher, 10.0, &of(&unsolved)).unwrap(),
                [0.75, 0.25],
            );
        }
        let none = [(&solved[0], 0.0), (&solved[1], 0.0)];
        assert!(targets(Teacher::Visits, 10.0, &none).is_err());
    }
}
