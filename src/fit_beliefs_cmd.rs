//! `capicua fit-beliefs RECORDS... --out NET.bpk`: a network's beliefs fitted to the true deals
//! of recorded rounds (`capicua eval --record`), for a search to draw its deals from with
//! `bmodel=NET.bpk` (`capicua_train::belief_fit`).
//!
//! Every decision with two or more legal moves, of every seat (or of the seats one player
//! spec played, `--seats`), is a sample: the beliefs are needed wherever a search starts. A
//! share of the deals is held out, both orientations of a board together, and the held-out
//! belief log-loss is printed before and after, by phase, by true place and by the player
//! whose decision it was.

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use capicua_engine::Round;
use capicua_net::encoding::PLACES;
use capicua_net::margin_scale;
use capicua_train::belief_fit::{
    BeliefFigures, BeliefFitConfig, belief_figures, decision_sample, fit_beliefs,
};
use capicua_train::distil::Ending;
use capicua_train::replay::Sample;
use capicua_train::run::progress_bar;
use clap::Args;
use serde_json::Value;

use crate::labels::{deal_key, each_line, is_held_out, starting_network, table_after};

#[derive(Args)]
pub struct FitBeliefsArgs {
    /// Recorded rounds (`capicua eval --record` files; `.gz` files are read through gzip).
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// Where the fitted network goes.
    #[arg(long)]
    out: PathBuf,
    /// The network to start from (default: the shipped model).
    #[arg(long)]
    init: Option<PathBuf>,
    /// Only the decisions of seats this player spec played, as the records name it
    /// (default: every seat's).
    #[arg(long)]
    seats: Option<String>,
    /// Use only the first N rounds (all files together, in order).
    #[arg(long)]
    limit: Option<usize>,
    /// Share of the deals held out.
    #[arg(long, default_value_t = 0.1)]
    held_out: f64,
    /// Passes over the training decisions.
    #[arg(long, default_value_t = BeliefFitConfig::default().epochs)]
    epochs: f64,
    #[arg(long, default_value_t = BeliefFitConfig::default().learning_rate)]
    lr: f64,
    #[arg(long, default_value_t = BeliefFitConfig::default().batch_size)]
    batch: usize,
    #[arg(long, default_value_t = BeliefFitConfig::default().weight_decay)]
    weight_decay: f32,
    #[arg(long, default_value_t = BeliefFitConfig::default().seed)]
    seed: u64,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The samples of one recorded round, each with the spec of the player whose decision it is.
fn round_samples(record: &Value, seats: Option<&str>) -> Result<Vec<(Sample, String)>> {
    let players: Vec<String> = record["players"]
        .as_array()
        .ok_or_else(|| anyhow!("no `players` array"))?
        .iter()
        .map(|p| p.as_str().unwrap_or("?").to_string())
        .collect();
    let end = table_after(record, usize::MAX)?;
    let result = end
        .round
        .result()
        .ok_or_else(|| anyhow!("the round's moves do not reach its end"))?;
    let scale = margin_scale(&end.rules);
    let mut round = Round::new(
        &end.rules,
        end.round.deal().clone(),
        end.round.first(),
        end.round.public().forced_lead_at_start(),
    )?;
    let mut out = Vec::new();
    for &mv in end.round.history() {
        let seat = round.to_move();
        let player = players
            .get(seat as usize)
            .ok_or_else(|| anyhow!("no player at seat {seat}"))?;
        if round.legal_moves().len() >= 2 && seats.is_none_or(|s| s == player) {
            let side = end.rules.side_of(seat);
            let ending = Ending::of(&result, &end.rules, end.pending_ties, side);
            let sample = decision_sample(&round, mv, ending, scale)
                .ok_or_else(|| anyhow!("a move without an action index"))?;
            out.push((sample, player.clone()));
        }
        round.play(mv)?;
    }
    Ok(out)
}

/// One line of figures: overall, by phase and by true place.
fn figures_line(f: &BeliefFigures) -> String {
    let phases: Vec<String> = f.loss.iter().map(|l| format!("{l:.4}")).collect();
    let top1: Vec<String> = f.top1.iter().map(|t| format!("{t:.3}")).collect();
    let places: Vec<String> = (0..PLACES)
        .map(|q| format!("{:.4}", f.place_loss[q]))
        .collect();
    format!(
        "log-loss {:.4} | by phase (1-9, 10-19, 20-29, 30+) {} | top-1 {} | by place (next, partner, previous, out) {}",
        f.overall_loss(),
        phases.join(" "),
        top1.join(" "),
        places.join(" ")
    )
}

pub fn run(args: FitBeliefsArgs) -> Result<()> {
    if !(0.0..1.0).contains(&args.held_out) {
        bail!("--held-out must be in [0, 1)");
    }
    let (init, network) = starting_network(args.init.as_deref())?;
    let (mut train, mut held, mut held_players) = (Vec::new(), Vec::new(), Vec::new());
    let rounds = each_line(&args.records, args.limit, |record| {
        let samples = round_samples(record, args.seats.as_deref())?;
        // the deal's hash decides, so both orientations of a board fall on one side
        if is_held_out(deal_key(record), args.held_out) {
            for (s, p) in samples {
                held.push(s);
                held_players.push(p);
            }
        } else {
            train.extend(samples.into_iter().map(|(s, _)| s));
        }
        Ok(())
    })?;
    println!(
        "{rounds} rounds: {} decisions to train on, {} held out ({:.0}% of the deals)",
        train.len(),
        held.len(),
        args.held_out * 100.0
    );
    let config = BeliefFitConfig {
        epochs: args.epochs,
        batch_size: args.batch,
        learning_rate: args.lr,
        weight_decay: args.weight_decay,
        seed: args.seed,
    };
    let pb = progress_bar(args.quiet, 0, "fit-beliefs".into());
    let (mut fitted, report) = fit_beliefs(&network, &train, &held, &config, &pb)?;
    pb.finish_and_clear();
    println!(
        "{} steps ({} epochs, batch {}, lr {}): mean belief loss {:.4}",
        report.steps, config.epochs, config.batch_size, config.learning_rate, report.losses.belief
    );
    println!("held out, before: {}", figures_line(&report.before));
    println!("held out, after:  {}", figures_line(&report.after));
    let mut by_player: BTreeMap<&str, Vec<&Sample>> = BTreeMap::new();
    for (s, p) in held.iter().zip(&held_players) {
        by_player.entry(p.as_str()).or_default().push(s);
    }
    for (player, samples) in &by_player {
        println!("{player}'s decisions ({}):", samples.len());
        println!(
            "  before: {}",
            figures_line(&belief_figures(&network, samples))
        );
        println!(
            "  after:  {}",
            figures_line(&belief_figures(&fitted, samples))
        );
    }
    let names: Vec<String> = args
        .records
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    fitted.set_metadata("beliefs_fitted_from", init.display().to_string());
    fitted.set_metadata("beliefs_records", names.join(" "));
    fitted.set_metadata(
        "beliefs_fit_settings",
        format!(
            "rounds {rounds}, seats {}, epochs {}, lr {}, batch {}, weight decay {}, seed {}",
            args.seats.as_deref().unwrap_or("all"),
            config.epochs,
            config.learning_rate,
            config.batch_size,
            config.weight_decay,
            config.seed
        ),
    );
    fitted
        .save(&args.out)
        .with_context(|| format!("writing {}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}
