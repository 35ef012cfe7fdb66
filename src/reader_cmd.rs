//! `capicua reader LABELS... --out READER.json`: a move reader
//! ([`capicua_search::reader`]) fitted to a long search's choices at recorded decisions, the
//! label files `capicua distil` reads. Each move's prior is the one the labelled search gave
//! it (the reply's `prior`), so the reader is for that search's model and prior temperature;
//! `--prior-model` recomputes the priors from another network, for a search with it, or where
//! the labelling search's priors were tilted by a reader of its own.
//! With `--beliefs MODEL` it fits a reader of format 2, which also reads at each decision the
//! beliefs a search with that model draws its deals from (the exact marginals of its learned
//! place weights, as at the search's root with `beliefs=learned` and `btemp=1`).

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use capicua_engine::{InfoSet, Move, Rules};
use capicua_net::{NetEvaluator, Observation, POLICY_SIZE};
use capicua_search::reader::{
    ReaderExample, ReaderTraining, SeatBeliefs, TableRead, agreement, reading, sharpness, train,
};
use capicua_search::{SearchConfig, learned_beliefs};
use clap::Args;
use serde_json::Value;

use crate::labels::{
    Teacher, checked_teacher, deal_key, each_line, is_held_out, positive, reply_entries,
    table_after, targets, teaching,
};

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
    /// Read each decision's prior from this network (a file) at `--prior-temperature`
    /// instead of the label's `prior` (the labelling search's): a reader for a search with
    /// that network, such as one `capicua distil` made.
    #[arg(long)]
    prior_model: Option<PathBuf>,
    /// The prior temperature of the searches the reader is for, with `--prior-model`.
    #[arg(long, default_value_t = SearchConfig::default().prior_temperature)]
    prior_temperature: f64,
}

/// A label's decision as the reader learns it, its deal's key and its rules; `None` for a
/// decision with one legal move, which teaches nothing. With `model`, each move's reading
/// carries that model's beliefs at the decision.
fn example_of(
    label: &Value,
    model: Option<&NetEvaluator>,
    priors: Option<&PriorModel>,
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
    let entries = reply_entries(round, &label["reply"], &taught)?;
    let read = TableRead::of(&info);
    let shares = targets(teacher.0, teacher.1, &entries)?;
    let mut ex = ReaderExample {
        readings: Vec::with_capacity(legal.len()),
        log_prior: Vec::with_capacity(legal.len()),
        target: Vec::with_capacity(legal.len()),
    };
    let recomputed = priors.map(|p| p.of(&info, &taught.visits)).transpose()?;
    for (k, ((&(mv, _), (entry, _)), share)) in
        taught.visits.iter().zip(&entries).zip(shares).enumerate()
    {
        let prior = match &recomputed {
            Some(p) => p[k],
            None => entry["prior"]
                .as_f64()
                .ok_or_else(|| anyhow!("the reply gives no prior for {}", entry["move"]))?,
        };
        ex.readings
            .push(reading(&info, &read, beliefs.as_ref(), mv));
        ex.log_prior.push(prior.max(1e-6).ln() as f32);
        ex.target.push(share as f32);
    }
    Ok(Some((ex, deal_key(label), table.rules)))
}

/// A network's priors at a decision, as a search with it at `temperature` reads them.
struct PriorModel {
    net: NetEvaluator,
    temperature: f64,
}

impl PriorModel {
    /// The prior of each of `moves` (every legal move of the decision) at `info`.
    fn of(&self, info: &InfoSet, moves: &[(Move, f64)]) -> Result<Vec<f64>> {
        let actions = moves
            .iter()
            .map(|(m, _)| {
                m.action_index()
                    .ok_or_else(|| anyhow!("{m:?} has no prior"))
            })
            .collect::<Result<Vec<usize>>>()?;
        let mut p = [0.0f32; POLICY_SIZE];
        self.net.evaluate_observation(
            &Observation::from_infoset(info),
            actions.iter().copied(),
            &mut p,
        );
        let raised: Vec<f64> = actions
            .iter()
            .map(|&a| (p[a].max(0.0) as f64).powf(1.0 / self.temperature))
            .collect();
        let total: f64 = raised.iter().sum();
        Ok(raised.iter().map(|x| x / total).collect())
    }
}

/// Decisions with their deals' keys.
type Keyed = Vec<(ReaderExample, u64)>;

/// Every decision of `paths` with a choice, with its deal's key, and the rules they share.
fn examples(
    paths: &[PathBuf],
    model: Option<&NetEvaluator>,
    priors: Option<&PriorModel>,
    teacher: (Teacher, f64),
) -> Result<(Keyed, Option<Rules>)> {
    let (mut out, mut rules) = (Vec::new(), None::<Rules>);
    each_line(paths, None, |label| {
        if let Some((ex, key, r)) = example_of(label, model, priors, teacher)? {
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
    let teacher = checked_teacher(args.teacher, args.temperature)?;
    positive("--prior-temperature", args.prior_temperature)?;
    let priors = match &args.prior_model {
        None => None,
        Some(path) => Some(PriorModel {
            net: NetEvaluator::load(path).with_context(|| format!("loading {}", path.display()))?,
            temperature: args.prior_temperature,
        }),
    };
    let priors = priors.as_ref();
    let (all, rules) = examples(&args.labels, model, priors, teacher)?;
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
    if let Some(path) = &args.prior_model {
        notes.push(format!(
            "priors of model {} at temperature {}",
            path.display(),
            args.prior_temperature
        ));
    }
    let mut sets = vec![("trained on", fit), ("held out", held)];
    if !args.fresh.is_empty() {
        let (fresh, fresh_rules) = examples(&args.fresh, model, priors, teacher)?;
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
