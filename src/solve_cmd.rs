//! `capicua solve`: the exact value of an open-hand position, every legal move's value and
//! the best line. The position is a JSON object shaped like the engine protocol's `referee`
//! request (`variant`, `rules`, `first`, `hands`, `boneyard`, `moves`, `forced_lead`,
//! `pending_ties`), read from a file or standard input; or a round recorded by `capicua eval
//! --record` (one per line: `--round N`), at any point of it (`--after K` moves).

use std::io::Read;
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use capicua_engine::{Move, notation};
use capicua_solver::{Outcome, SolveLimits, Solver};
use clap::Args;
use serde::Serialize;

use crate::record::table_of;

#[derive(Args)]
pub struct SolveArgs {
    /// The position: a JSON file shaped like a `referee` request, `-` for standard input.
    #[arg(default_value = "-")]
    pub position: String,
    /// Give up after this many positions searched (the answer is then "unknown").
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Give up after this many milliseconds.
    #[arg(long)]
    pub ms: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The file holds one position a line (`capicua eval --record`): take line N (from 0).
    #[arg(long, value_name = "N")]
    pub round: Option<usize>,
    /// Solve the position after the first K of its moves instead of after all of them (a
    /// recorded round holds every move to its end).
    #[arg(long, value_name = "K")]
    pub after: Option<usize>,
}

#[derive(Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    mv: String,
    /// Margin for the mover's side, `null` when unknown within the limits.
    value: Option<i32>,
}

#[derive(Serialize)]
struct Report {
    to_move: u8,
    value: Option<i32>,
    moves: Vec<MoveReport>,
    line: Vec<String>,
    nodes: u64,
    ms: f64,
}

pub fn run(args: SolveArgs) -> Result<()> {
    let text = if args.position == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("reading the position from standard input")?;
        s
    } else {
        std::fs::read_to_string(&args.position)
            .with_context(|| format!("reading {}", args.position))?
    };
    let text = match args.round {
        Some(n) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .nth(n)
            .ok_or_else(|| anyhow!("--round {n}: the file has fewer rounds"))?
            .to_string(),
        None => text,
    };
    let mut v: serde_json::Value =
        serde_json::from_str(&text).context("the position is not JSON")?;
    if let Some(k) = args.after {
        let moves = v
            .get_mut("moves")
            .and_then(serde_json::Value::as_array_mut)
            .ok_or_else(|| anyhow!("--after {k}: the position has no moves array"))?;
        if k > moves.len() {
            return Err(anyhow!(
                "--after {k}: the position has {} moves",
                moves.len()
            ));
        }
        moves.truncate(k);
    }
    let table = table_of(&v)?;
    let limits = SolveLimits {
        nodes: args.nodes,
        time: args.ms.map(Duration::from_millis),
    };
    let round = &table.round;
    let state = round.state();
    let mut solver = Solver::default();
    let mut values = solver.move_values(
        &table.rules,
        state,
        round.first(),
        table.pending_ties,
        limits,
    )?;
    // the forced lead, if any, is the only legal move at the table
    if let Some(t) = round.forced_lead() {
        values.moves.retain(|m| m.mv.tile() == Some(t));
    }
    // the line from the forced lead, when there is one (the solver knows no forced leads)
    let forced: Vec<Move> = values
        .moves
        .iter()
        .map(|m| m.mv)
        .filter(|_| round.forced_lead().is_some())
        .collect();
    let mut from = *state;
    for &mv in &forced {
        from.apply(mv);
    }
    let line = solver.principal_variation(
        &table.rules,
        &from,
        round.first(),
        table.pending_ties,
        limits,
    )?;
    let mut ends = state.ends();
    let mut line_text = Vec::new();
    let mut st = *state;
    for &mv in forced.iter().chain(&line.moves) {
        line_text.push(notation(mv, ends));
        st.apply(mv);
        ends = st.ends();
    }
    let report = Report {
        to_move: state.to_move,
        value: values
            .moves
            .iter()
            .filter_map(|m| m.outcome.exact())
            .max()
            .filter(|_| values.moves.iter().all(|m| m.outcome != Outcome::Unknown)),
        moves: values
            .moves
            .iter()
            .map(|m| MoveReport {
                mv: notation(m.mv, state.ends()),
                value: m.outcome.exact(),
            })
            .collect(),
        line: line_text,
        nodes: values.nodes + line.nodes,
        ms: (values.elapsed + line.elapsed).as_secs_f64() * 1e3,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    println!(
        "seat {} to move; margin for its side under best play by every seat:",
        report.to_move
    );
    for m in &report.moves {
        match m.value {
            Some(v) => println!("  {:>8}  {v:+}", m.mv),
            None => println!("  {:>8}  unknown within the limits", m.mv),
        }
    }
    match report.value {
        Some(v) => println!("value {v:+}; best line: {}", report.line.join(" ")),
        None => println!("value unknown within the limits"),
    }
    println!("{} positions in {:.1} ms", report.nodes, report.ms);
    Ok(())
}
