//! `capicua reader LABELS... --out READER.json`: a move reader
//! ([`capicua_search::reader`]) fitted to a long search's choices at recorded decisions, the
//! label files `capicua distil` reads. Each move's prior is the one the labelled search gave
//! it (the reply's `prior`), so the reader is for that search's model and prior temperature.
//! With `--beliefs MODEL` it fits a reader of format 2, which also reads at each decision the
//! beliefs a search with that model draws its deals from (the exact marginals of its learned
//! place weights, as at the search's root with `beliefs=learned` and `btemp=1`).

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use capicua_engine::{Rules, notation};
use capicua_net::NetEvaluator;
use capicua_search::learned_beliefs;
use capicua_search::reader::{
    ReaderExample, ReaderTraining, SeatBeliefs, TableRead, agreement, reading, sharpness, train,
};
use clap::Args;
use serde_json::Value;

use crate::labels::{deal_key, each_line, is_held_out, table_after, teaching};

#[derive(Args)]
pub struct ReaderArgs {
    /// Label files (JSON lines, as `capicua distil` reads them; `.gz` through gzip).
    #[arg(required = true)]
    labels: Vec<PathBuf>,
    /// Where the reader goes (JSON).
    #[arg(long)]
    out: PathBuf,
    /// Label files only measured on, never trained on (labels of other seeds).
    #[arg(long, num_args = 1..)]
    fresh: Vec<PathBuf>,
    /// Share of the deals of LABELS held out to measure the reader (every decision of a
    /// held-out deal, in either orientation).
    #[arg(long, default_value_t = 0.1)]
    held_out: f64,
    #[arg(long, default_value_t = ReaderTraining::default().hidden)]
    hidden: usize,
    #[arg(long, default_value_t = ReaderTraining::default().weight_decay)]
    weight_decay: f32,
    #[arg(long, default_value_t = ReaderTraining::default().epochs)]
    epochs: usize,
    #[arg(long, default_value_t = ReaderTraining::default().learning_rate)]
    lr: f32,
    #[arg(long, default_value_t = ReaderTraining::default().batch_size)]
    batch: usize,
    #[arg(long, default_value_t = ReaderTraining::default().seed)]
    seed: u64,
    /// What the reader learns: the long search's visit shares (`visits`), or a softmax of the
    /// exact solver's move values on the true deal at `--temperature` points (`solved`: labels
    /// written by `capicua solve-labels`; the visits where a decision was left unsolved), or
    /// the mean of the two (`both`).
    #[arg(long, value_enum, default_value_t = Teacher::Visits)]
    teacher: Teacher,
    /// Points of margin worth a factor e in a move's share under the `solved` and `both` teachers.
    #[arg(long, default_value_t = 10.0)]
    temperature: f64,
    /// Fit a reader that also reads the beliefs of this model (`default`: the shipped one, or
    /// a file) at every decision: format 2, for searches with that model.
    #[arg(long)]
    beliefs: Option<String>,
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
fn targets(teacher: Teacher, temperature: f64, entries: &[(&Value, f64)]) -> Result<Vec<f64>> {
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

/// A label's decision as the reader learns it, its deal's key and its rules; `None` for a
/// decision with one legal move, which teaches nothing. With `model`, each move's reading
/// carries that model's beliefs at the decision.
fn example_of(
    label: &Value,
    model: Option<&NetEvaluator>,
    teacher: (Teacher, f64),
) -> Result<Option<(ReaderExample, u64, Rules)>> {
    let at = label["at"]
        .as_u64()
        .ok_or_else(|| anyhow!("no decision index `at`"))? as usize;
    let seat = label["seat"].as_u64().ok_or_else(|| anyhow!("no `seat`"))? as u8;
    let table = table_after(label, at)?;
    let round = &table.round;
    if round.to_move() != seat {
        bail!("seat {seat} is not to move after {at} moves");
    }
    let legal = round.legal_moves();
    if legal.len() < 2 {
        return Ok(None);
    }
    let info = round.infoset(seat);
    let beliefs = match model {
        None => None,
        Some(m) => {
            let weights = m
                .place_weights_of(&info)
                .ok_or_else(|| anyhow!("the model has no belief output"))?;
            Some(SeatBeliefs::of(&learned_beliefs(&info, &weights)?))
        }
    };
    let taught = teaching(round, &label["reply"])?;
    let replies = label["reply"]["moves"]
        .as_array()
        .ok_or_else(|| anyhow!("the reply has no moves"))?;
    let ends = round.state().ends();
    let read = TableRead::of(&info);
    let mut entries = Vec::with_capacity(taught.visits.len());
    for &(mv, visits) in &taught.visits {
        let name = notation(mv, ends);
        let entry = replies
            .iter()
            .find(|m| m["move"].as_str() == Some(name.as_str()))
            .ok_or_else(|| anyhow!("the reply gives no entry for {name}"))?;
        entries.push((entry, visits));
    }
    let shares = targets(teacher.0, teacher.1, &entries)?;
    let mut ex = ReaderExample {
        readings: Vec::with_capacity(legal.len()),
        log_prior: Vec::with_capacity(legal.len()),
        target: Vec::with_capacity(legal.len()),
    };
    for ((&(mv, _), (entry, _)), share) in taught.visits.iter().zip(&entries).zip(shares) {
        let prior = entry["prior"]
            .as_f64()
            .ok_or_else(|| anyhow!("the reply gives no prior for {}", entry["move"]))?;
        ex.readings
            .push(reading(&info, &read, beliefs.as_ref(), mv));
        ex.log_prior.push(prior.max(1e-6).ln() as f32);
        ex.target.push(share as f32);
    }
    Ok(Some((ex, deal_key(label), table.rules)))
}

/// Decisions with their deals' keys.
type Keyed = Vec<(ReaderExample, u64)>;

/// Every decision of `paths` with a choice, with its deal's key, and the rules they share.
fn examples(
    paths: &[PathBuf],
    model: Option<&NetEvaluator>,
    teacher: (Teacher, f64),
) -> Result<(Keyed, Option<Rules>)> {
    let (mut out, mut rules) = (Vec::new(), None::<Rules>);
    each_line(paths, None, |label| {
        if let Some((ex, key, r)) = example_of(label, model, teacher)? {
            if rules.is_some_and(|seen| seen != r) {
                bail!("labels of different rules");
            }
            rules = Some(r);
            out.push((ex, key));
        }
        Ok(())
    })?;
    Ok((out, rules))
}

fn line(what: &str, n: usize, prior: (f64, f64), reader: (f64, f64)) {
    println!(
        "{what} ({n} decisions): cross-entropy against the teacher {:.4} -> {:.4} nats, top move the teacher's {:.4} -> {:.4}",
        prior.0, reader.0, prior.1, reader.1
    );
}

pub fn run(args: ReaderArgs) -> Result<()> {
    if !(0.0..1.0).contains(&args.held_out) {
        bail!("--held-out must be in [0, 1)");
    }
    let model = match args.beliefs.as_deref() {
        None => None,
        Some(name) => {
            let path = match name {
                "default" => capicua_net::shipped_model_path()
                    .ok_or_else(|| anyhow!("no shipped model ({})", capicua_net::SHIPPED_MODEL))?,
                file => PathBuf::from(file),
            };
            let m =
                NetEvaluator::load(&path).with_context(|| format!("loading {}", path.display()))?;
            if !m.has_beliefs() {
                bail!("{} has no belief output", path.display());
            }
            Some(m)
        }
    };
    let model = model.as_ref();
    if args.temperature.is_nan() || args.temperature <= 0.0 {
        bail!("--temperature must be above 0");
    }
    let teacher = (args.teacher, args.temperature);
    let (all, rules) = examples(&args.labels, model, teacher)?;
    let rules = rules.ok_or_else(|| anyhow!("no decision with a choice in the labels"))?;
    let (held, fit): (Vec<_>, Vec<_>) = all
        .into_iter()
        .partition(|(_, key)| is_held_out(*key, args.held_out));
    let fit: Vec<ReaderExample> = fit.into_iter().map(|(e, _)| e).collect();
    let held: Vec<ReaderExample> = held.into_iter().map(|(e, _)| e).collect();
    let cfg = ReaderTraining {
        hidden: args.hidden,
        weight_decay: args.weight_decay,
        epochs: args.epochs,
        learning_rate: args.lr,
        batch_size: args.batch,
        seed: args.seed,
        beliefs: model.is_some(),
    };
    println!(
        "{} decisions to train on, {} held out; {cfg:?}",
        fit.len(),
        held.len()
    );
    let mut reader = train(&rules, &fit, &cfg);
    println!("{} facts a move ({})", reader.features(), reader.format);
    let mut notes = vec![
        format!(
            "labels: {}",
            args.labels
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        format!("{cfg:?}, held out {}", args.held_out),
    ];
    match args.teacher {
        Teacher::Visits => {}
        Teacher::Solved => notes.push(format!(
            "teacher: the exact solver's move values on the true deal, softmax at {} points",
            args.temperature
        )),
        Teacher::Both => notes.push(format!(
            "teacher: the mean of the visit shares and the exact solver's move values on the \
             true deal, softmax at {} points",
            args.temperature
        )),
    }
    if let Some(name) = &args.beliefs {
        notes.push(format!("beliefs of model {name}"));
    }
    let mut sets = vec![("trained on", fit), ("held out", held)];
    if !args.fresh.is_empty() {
        let (fresh, fresh_rules) = examples(&args.fresh, model, teacher)?;
        if fresh_rules.is_some_and(|r| r != rules) {
            bail!("the fresh labels are of other rules");
        }
        sets.push(("fresh", fresh.into_iter().map(|(e, _)| e).collect()));
    }
    for (what, set) in &sets {
        if set.is_empty() {
            continue;
        }
        let (prior, read) = (agreement(None, set), agreement(Some(&reader), set));
        line(what, set.len(), prior, read);
        let ((flat, teacher), (sharp, _)) = (sharpness(None, set), sharpness(Some(&reader), set));
        println!(
            "{what}: entropy of the prior {flat:.4} -> the reader's {sharp:.4} nats (the teacher's shares {teacher:.4})"
        );
        notes.push(format!(
            "{what}: {} decisions, top-1 {:.4} -> {:.4}",
            set.len(),
            prior.1,
            read.1
        ));
    }
    reader.notes = notes;
    std::fs::write(&args.out, reader.to_json())
        .with_context(|| format!("writing {}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
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
