//! `capicua`: one binary, every mode a subcommand.

mod bench;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "capicua", version, about = "Cuban dominoes: rules engine, heuristic players, ISMCTS and a policy/value network")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Fixed-size speed benchmarks; prints a fingerprint of search behaviour.
    Bench(bench::BenchArgs),
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Bench(args) => bench::run(args),
    }
}
