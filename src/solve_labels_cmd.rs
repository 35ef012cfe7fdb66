//! `capicua solve-labels LABELS... --out FILE`: label files (as `capicua distil` and `capicua
//! reader` read them) with every legal move of each decision valued by the exact solver on the
//! round's true deal: each of the reply's moves gains `solved`, the margin for the mover's side
//! when every hand is known and every seat plays best from there.
//!
//! Why: a reader fitted to these values (`capicua reader --teacher solved`) learns which move is
//! best with the hands known, averaged over the deals that really arise behind each information
//! set in recorded play, so what the moves before said about the hands is in its targets without
//! any model of the players. It is the oracle guiding of Suphx (Li et al. 2020, Mahjong), here as
//! a tilt of the root's priors. Decisions with one legal move teach nothing and are left out, as
//! decisions the node limit leaves unsolved (early in a round) are written as they were, without
//! `solved` values (the count is printed).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result, anyhow, bail};
use capicua_engine::notation;
use capicua_solver::{SolveLimits, Solver};
use clap::Args;
use rayon::prelude::*;
use serde_json::Value;

use crate::labels::{read_labels, table_after};

#[derive(Args)]
pub struct SolveLabelsArgs {
    /// Label files (JSON lines; `.gz` through gzip).
    #[arg(required = true)]
    labels: Vec<PathBuf>,
    /// Where the solved labels go (JSON lines, gzipped when the name ends in `.gz`).
    #[arg(long)]
    out: PathBuf,
    /// Positions the solver may search for one decision (all its moves) before giving it up.
    /// (1,000,000 solves about two decisions in three of the agent's, 17 min for 79,286 on 2
    /// cores; session 81.)
    #[arg(long, default_value_t = 1_000_000)]
    nodes: u64,
    /// Worker threads (0: one a core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

thread_local! {
    static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::default());
}

/// What became of one label.
enum Solved {
    /// The label with a `solved` value on each of its reply's legal moves.
    Label(Value),
    OneMove,
    /// The node limit ran out first.
    Unsolved,
}

fn solve_label(label: &Value, limits: SolveLimits) -> Result<Solved> {
    let at = label["at"]
        .as_u64()
        .ok_or_else(|| anyhow!("no decision index `at`"))? as usize;
    let table = table_after(label, at)?;
    let round = &table.round;
    let legal = round.legal_moves();
    if legal.len() < 2 {
        return Ok(Solved::OneMove);
    }
    let state = round.state();
    let values = SOLVER.with(|s| {
        s.borrow_mut().move_values(
            &table.rules,
            state,
            round.first(),
            table.pending_ties,
            limits,
        )
    })?;
    let ends = state.ends();
    let mut out = label.clone();
    let moves = out["reply"]["moves"]
        .as_array_mut()
        .ok_or_else(|| anyhow!("the reply has no moves"))?;
    for &mv in legal.iter() {
        let Some(value) = values
            .moves
            .iter()
            .find(|m| m.mv == mv)
            .and_then(|m| m.outcome.exact())
        else {
            return Ok(Solved::Unsolved);
        };
        let name = notation(mv, ends);
        let entry = moves
            .iter_mut()
            .find(|m| m["move"].as_str() == Some(name.as_str()))
            .ok_or_else(|| anyhow!("the reply lacks the legal move {name}"))?;
        entry["solved"] = Value::from(value);
    }
    Ok(Solved::Label(out))
}

pub fn run(args: SolveLabelsArgs) -> Result<()> {
    let mut lines = Vec::new();
    for path in &args.labels {
        let text = read_labels(path).with_context(|| format!("reading {}", path.display()))?;
        lines.extend(
            text.lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, l)| (format!("{} line {}", path.display(), i + 1), l.to_string())),
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let limits = SolveLimits::nodes(args.nodes);
    let (one_move, unsolved) = (AtomicU64::new(0), AtomicU64::new(0));
    let written: Vec<String> = pool.install(|| {
        lines
            .par_iter()
            .map(|(at, line)| {
                let label: Value = serde_json::from_str(line).with_context(|| at.clone())?;
                match solve_label(&label, limits).with_context(|| at.clone())? {
                    Solved::Label(v) => Ok(Some(v.to_string())),
                    Solved::OneMove => {
                        one_move.fetch_add(1, Ordering::Relaxed);
                        Ok(None)
                    }
                    Solved::Unsolved => {
                        unsolved.fetch_add(1, Ordering::Relaxed);
                        Ok(Some(line.clone()))
                    }
                }
            })
            .filter_map(Result::transpose)
            .collect::<Result<Vec<_>>>()
    })?;
    if written.is_empty() {
        bail!("no decision with a choice in the labels");
    }
    let file = std::fs::File::create(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let write_all = |w: &mut dyn Write| -> std::io::Result<()> {
        for l in &written {
            writeln!(w, "{l}")?;
        }
        w.flush()
    };
    let file = std::io::BufWriter::new(file);
    if args.out.extension().is_some_and(|e| e == "gz") {
        let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::default());
        write_all(&mut gz)?;
        gz.finish()?.flush()?;
    } else {
        let mut file = file;
        write_all(&mut file)?;
    }
    println!(
        "{} decisions solved, {} with one legal move left out, {} left unsolved within {} nodes; wrote {}",
        written.len() as u64 - unsolved.load(Ordering::Relaxed),
        one_move.load(Ordering::Relaxed),
        unsolved.load(Ordering::Relaxed),
        args.nodes,
        args.out.display()
    );
    Ok(())
}
