//! `capicua eval`: duplicate matches between two teams of players, or a round robin with an
//! Elo table. The format and the statistics are documented in `capicua_eval::duplicate` and
//! `capicua_eval::elo`.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result};
use capicua_engine::Rules;
use capicua_eval::duplicate::{member_at, side_at};
use capicua_eval::paired::board_lines;
use capicua_eval::{
    DuplicateConfig, DuplicateRun, PlayedRound, PlayerSpec, RoundRobinConfig, Side, Team, report,
    run_duplicate_recorded, run_round_robin, split_spec_list,
};

use crate::record::round_record;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Value, json};

#[derive(Args)]
pub struct EvalArgs {
    /// Team A's player spec: `random`, `heavy`, `counting`, or `name:key=value,...`.
    #[arg(long, default_value = "counting")]
    a: String,
    /// Team A's player at its second seat (seat 2 or 3), if it differs from `--a`.
    #[arg(long)]
    a_partner: Option<String>,
    /// Team B's player spec.
    #[arg(long, default_value = "heavy")]
    b: String,
    /// Team B's player at its second seat, if it differs from `--b`.
    #[arg(long)]
    b_partner: Option<String>,
    /// Play a round robin between these comma-separated specs instead of `--a`/`--b`
    /// (`random,heavy,counting`), and rate them.
    #[arg(long, conflicts_with_all = ["a_partner", "b_partner"])]
    round_robin: Option<String>,
    /// Rounds to play (per pairing in a round robin): N/2 deals, each played twice. Even.
    #[arg(long, default_value_t = 2000)]
    rounds: u64,
    /// Rules preset.
    #[arg(long, default_value = "cuban")]
    variant: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0: one per core). The results do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Bootstrap resamples for the Elo error bars of a round robin.
    #[arg(long, default_value_t = 1000)]
    bootstrap: usize,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Also write the JSON and a markdown table into this directory.
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Write every round played (a duplicate match only) to this file, one JSON object a
    /// line: the round as a `referee` request (docs/protocol.md) with the players at its seats,
    /// in run order. `capicua solve FILE --round N [--after K]` analyses one of them.
    #[arg(long, value_name = "FILE", conflicts_with = "round_robin")]
    record: Option<PathBuf>,
    /// Write every board's margins (a duplicate match only) to this file, one JSON object a
    /// line (`seed`, `pair`, `board`, `margin`): `capicua paired` compares two runs of the same seed
    /// board by board.
    #[arg(long, value_name = "FILE", conflicts_with = "round_robin")]
    boards: Option<PathBuf>,
}

pub fn run(args: EvalArgs) -> Result<()> {
    let rules = Rules::preset(&args.variant)?;
    let command = command_line();
    let start = Instant::now();
    if let Some(list) = &args.round_robin {
        let players = split_spec_list(list)
            .iter()
            .map(|s| PlayerSpec::parse(s))
            .collect::<Result<Vec<_>, _>>()?;
        let pairings = players.len() * players.len().saturating_sub(1) / 2;
        let bar = progress_bar(args.quiet, pairings as u64 * args.rounds / 2);
        let cfg = RoundRobinConfig {
            rules,
            variant: args.variant.clone(),
            players,
            rounds: args.rounds,
            seed: args.seed,
            threads: args.threads,
            bootstrap: args.bootstrap,
        };
        let report = run_round_robin(&cfg, &|n| bar.inc(n as u64))?;
        bar.finish_and_clear();
        let mut value = serde_json::to_value(&report)?;
        add_run_facts(&mut value, &command, start, args.threads);
        emit(&args, &value, &report::round_robin_table(&report))?;
        if let Some(dir) = &args.out {
            let stem = format!("round-robin.{}", args.variant);
            write_out(
                dir,
                &stem,
                &value,
                &report::round_robin_markdown(&report, &command),
            )?;
        }
        return Ok(());
    }
    let team = |first: &str, second: &Option<String>| -> Result<Team> {
        let first = PlayerSpec::parse(first)?;
        Ok(match second {
            Some(s) => Team {
                first,
                second: PlayerSpec::parse(s)?,
            },
            None => Team::of(first),
        })
    };
    let cfg = DuplicateConfig {
        rules,
        variant: args.variant.clone(),
        a: team(&args.a, &args.a_partner)?,
        b: team(&args.b, &args.b_partner)?,
        rounds: args.rounds,
        seed: args.seed,
        threads: args.threads,
    };
    let bar = progress_bar(args.quiet, args.rounds / 2);
    let records: Mutex<Vec<Recorded>> = Mutex::new(Vec::new());
    let record_round = |p: &PlayedRound<'_>| {
        if args.record.is_none() || p.board >= (args.rounds / 2) as usize {
            return;
        }
        let players: Vec<String> = (0..cfg.rules.players)
            .map(|seat| {
                let team = match side_at(seat, p.orientation) {
                    Side::A => &cfg.a,
                    Side::B => &cfg.b,
                };
                team.member(member_at(seat)).to_string()
            })
            .collect();
        let line =
            round_record(&args.variant, p, &players).and_then(|v| Ok(serde_json::to_string(&v)?));
        records
            .lock()
            .expect("no panics while recording")
            .push(((p.pair, p.board, p.orientation), line));
    };
    let run = run_duplicate_recorded(&cfg, &|n| bar.inc(n as u64), &record_round)?;
    bar.finish_and_clear();
    if let Some(path) = &args.record {
        write_records(
            path,
            &run,
            records.into_inner().expect("no panics while recording"),
        )?;
    }
    if let Some(path) = &args.boards {
        let mut out = String::new();
        for line in board_lines(&run) {
            out += &serde_json::to_string(&line)?;
            out.push('\n');
        }
        std::fs::write(path, out).with_context(|| format!("writing {}", path.display()))?;
    }
    let s = &run.summary;
    let mut value = serde_json::to_value(s)?;
    add_run_facts(&mut value, &command, start, args.threads);
    if let Value::Object(map) = &mut value {
        map.insert("a_think".into(), serde_json::to_value(run.think[0])?);
        map.insert("b_think".into(), serde_json::to_value(run.think[1])?);
    }
    let table = report::duplicate_table(s) + &report::think_line(&run.think);
    emit(&args, &value, &table)?;
    if let Some(dir) = &args.out {
        let stem = format!(
            "{}-vs-{}.{}",
            file_safe(&s.a),
            file_safe(&s.b),
            args.variant
        );
        write_out(dir, &stem, &value, &report::duplicate_markdown(s, &command))?;
    }
    Ok(())
}

/// A recorded round's place in the run (pair, board, orientation) and its JSON line.
type Recorded = ((u64, usize, usize), Result<String>);

/// Writes the rounds of the boards `run` counted, in run order (pair, board, orientation).
fn write_records(path: &Path, run: &DuplicateRun, mut records: Vec<Recorded>) -> Result<()> {
    records.sort_by_key(|r| r.0);
    let kept: Vec<usize> = run.pairs.iter().map(|p| p.boards.len()).collect();
    let mut out = String::new();
    for ((pair, board, _), line) in records {
        if kept.get(pair as usize).is_some_and(|&n| board < n) {
            out += &line?;
            out.push('\n');
        }
    }
    std::fs::write(path, out).with_context(|| format!("writing {}", path.display()))
}

/// A bar over deals on stderr (drawn only on a terminal).
fn progress_bar(quiet: bool, deals: u64) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(deals), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals  {elapsed} (eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}

/// Facts about this run that are not results: they go in the JSON, beside the results.
fn add_run_facts(value: &mut Value, command: &str, start: Instant, threads: usize) {
    if let Value::Object(map) = value {
        map.insert("command".into(), json!(command));
        map.insert("threads".into(), json!(threads));
        map.insert(
            "seconds".into(),
            json!((start.elapsed().as_secs_f64() * 100.0).round() / 100.0),
        );
    }
}

fn emit(args: &EvalArgs, value: &Value, table: &str) -> Result<()> {
    if args.json {
        println!("{}", serde_json::to_string(value)?);
    } else {
        print!("{table}");
    }
    Ok(())
}

fn write_out(dir: &Path, stem: &str, value: &Value, markdown: &str) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let json_path = dir.join(format!("{stem}.json"));
    let md_path = dir.join(format!("{stem}.md"));
    std::fs::write(&json_path, serde_json::to_string_pretty(value)? + "\n")
        .with_context(|| format!("writing {}", json_path.display()))?;
    std::fs::write(&md_path, markdown).with_context(|| format!("writing {}", md_path.display()))?;
    Ok(())
}

/// A player or team name as a file name: anything but letters, digits, `.`, `-` and `_`
/// becomes `_`.
fn file_safe(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "player".into() } else { s }
}

/// The command as typed, quoted where a shell would need it (for the results' provenance).
fn command_line() -> String {
    let mut parts = vec!["capicua".to_string()];
    for a in std::env::args().skip(1) {
        if !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_=.,:/+@".contains(c))
        {
            parts.push(a);
        } else {
            parts.push(format!("'{}'", a.replace('\'', r"'\''")));
        }
    }
    parts.join(" ")
}
