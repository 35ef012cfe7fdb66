//! `capicua distil LABELS... --out NET.bpk`: a network whose policy learns a long search's
//! choices at recorded decisions (`capicua_train::distil`).
//!
//! A label file holds one decision a line, as `eval/results/distil55/label.py` writes them:
//! the round as a `referee` request with every move to its end (`variant`, `first`, `hands`,
//! `moves`, `pending_ties`), the decision's index in `moves` (`at`), the seat to move there
//! (`seat`) and the teacher's `bestmove` reply (`reply`, every legal move with its visits,
//! win and margin). The whole round gives the value targets, its deal the belief targets.
//! A file whose name ends in `.gz` is read through gzip, as the label sets are committed.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use capicua_net::margin_scale;
use capicua_train::distil::{DistilConfig, Ending, distil, teacher_sample};
use capicua_train::replay::Sample;
use capicua_train::run::progress_bar;
use clap::Args;
use serde_json::Value;

use crate::labels::{
    Teacher, checked_teacher, deal_key, each_line, is_held_out, starting_network, table_after,
    taught,
};

#[derive(Args)]
pub struct DistilArgs {
    /// Label files (JSON lines, see above; `.gz` files are read through gzip).
    #[arg(required = true)]
    labels: Vec<PathBuf>,
    /// Where the trained network goes.
    #[arg(long)]
    out: PathBuf,
    /// The network to start from (default: the shipped model).
    #[arg(long)]
    init: Option<PathBuf>,
    /// Use only the first N labels (all files together, in order).
    #[arg(long)]
    limit: Option<usize>,
    /// Share of the deals held out to measure the policy against the teacher (every decision
    /// of a held-out deal, in either orientation, is held out).
    #[arg(long, default_value_t = 0.1)]
    held_out: f64,
    /// Passes over the training decisions.
    #[arg(long, default_value_t = DistilConfig::default().epochs)]
    epochs: f64,
    #[arg(long, default_value_t = DistilConfig::default().learning_rate)]
    lr: f64,
    #[arg(long, default_value_t = DistilConfig::default().batch_size)]
    batch: usize,
    #[arg(long, default_value_t = DistilConfig::default().weight_decay)]
    weight_decay: f32,
    #[arg(long, default_value_t = DistilConfig::default().win_weight)]
    win_weight: f32,
    #[arg(long, default_value_t = DistilConfig::default().margin_weight)]
    margin_weight: f32,
    #[arg(long, default_value_t = DistilConfig::default().belief_weight)]
    belief_weight: f32,
    /// Weight of the teacher's own estimate in the value targets (the round's outcome the
    /// rest).
    #[arg(long, default_value_t = DistilConfig::default().estimate_weight)]
    estimate_weight: f32,
    #[arg(long, default_value_t = DistilConfig::default().seed)]
    seed: u64,
    /// What the policy learns, as `capicua reader --teacher` says: the long search's visit
    /// shares (`visits`), a softmax of the exact solver's move values on the true deal
    /// (`solved`, labels from `capicua solve-labels`), or the mean of the two (`both`).
    #[arg(long, value_enum, default_value_t = Teacher::Visits)]
    teacher: Teacher,
    /// Points of margin worth a factor e in a move's share under the `solved` and `both` teachers.
    #[arg(long, default_value_t = 10.0)]
    temperature: f64,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// One label's sample and the key of its deal.
fn sample_of(label: &Value, teacher: (Teacher, f64)) -> Result<(Sample, u64)> {
    let at = label["at"]
        .as_u64()
        .ok_or_else(|| anyhow!("no decision index `at`"))? as usize;
    let seat = label["seat"].as_u64().ok_or_else(|| anyhow!("no `seat`"))? as u8;
    let table = table_after(label, at)?;
    if table.round.to_move() != seat {
        bail!("seat {seat} is not to move after {at} moves");
    }
    let end = table_after(label, usize::MAX)?;
    let result = end
        .round
        .result()
        .ok_or_else(|| anyhow!("the round's moves do not reach its end"))?;
    let ending = Ending::of(
        &result,
        &end.rules,
        end.pending_ties,
        end.rules.side_of(seat),
    );
    let teaching = taught(&table.round, &label["reply"], teacher)?;
    let sample = teacher_sample(&table.round, &teaching, ending, margin_scale(&table.rules))
        .ok_or_else(|| anyhow!("the teacher's moves are not this position's"))?;
    Ok((sample, deal_key(label)))
}

pub fn run(args: DistilArgs) -> Result<()> {
    if !(0.0..1.0).contains(&args.held_out) {
        bail!("--held-out must be in [0, 1)");
    }
    let teacher = checked_teacher(args.teacher, args.temperature)?;
    let (init, network) = starting_network(args.init.as_deref())?;
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let read = each_line(&args.labels, args.limit, |label| {
        let (sample, deal) = sample_of(label, teacher)?;
        // the deal's hash decides, so both orientations of a board fall on one side
        if is_held_out(deal, args.held_out) {
            held.push(sample);
        } else {
            train.push(sample);
        }
        Ok(())
    })?;
    let config = DistilConfig {
        epochs: args.epochs,
        batch_size: args.batch,
        learning_rate: args.lr,
        weight_decay: args.weight_decay,
        win_weight: args.win_weight,
        margin_weight: args.margin_weight,
        belief_weight: args.belief_weight,
        estimate_weight: args.estimate_weight,
        seed: args.seed,
    };
    println!(
        "{read} decisions: {} to train on, {} held out ({:.0}% of the deals)",
        train.len(),
        held.len(),
        args.held_out * 100.0
    );
    let pb = progress_bar(args.quiet, 0, "distil".into());
    let (mut trained, report) = distil(&network, &train, &held, &config, &pb)?;
    pb.finish_and_clear();
    let l = report.losses;
    println!(
        "{} steps ({} epochs, batch {}, lr {}): mean losses policy {:.4}, win {:.4}, margin {:.4}, beliefs {:.4}",
        report.steps,
        config.epochs,
        config.batch_size,
        config.learning_rate,
        l.policy,
        l.win,
        l.margin,
        l.belief
    );
    for (what, before, after) in [
        ("held out", report.before, report.after),
        ("trained on", report.fit_before, report.fit_after),
    ] {
        println!(
            "{what}: cross-entropy against the teacher {:.4} -> {:.4} nats, prior's top move the teacher's {:.4} -> {:.4}",
            before.cross_entropy, after.cross_entropy, before.top1, after.top1
        );
    }
    let names: Vec<String> = args
        .labels
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    trained.set_metadata("distilled_from", init.display().to_string());
    trained.set_metadata("distil_labels", names.join(" "));
    trained.set_metadata(
        "distil_settings",
        format!(
            "decisions {read}, teacher {:?} at {} points, epochs {}, lr {}, batch {}, weight decay {}, win {}, margin {}, beliefs {}, estimate {}, seed {}",
            args.teacher,
            args.temperature,
            config.epochs,
            config.learning_rate,
            config.batch_size,
            config.weight_decay,
            config.win_weight,
            config.margin_weight,
            config.belief_weight,
            config.estimate_weight,
            config.seed
        ),
    );
    trained
        .save(&args.out)
        .with_context(|| format!("writing {}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}
