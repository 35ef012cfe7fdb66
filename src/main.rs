//! `capicua`: one binary, every mode a subcommand.

mod bench;
mod distil_cmd;
mod engine_cmd;
mod eval_cmd;
mod fit_beliefs_cmd;
mod labels;
mod paired_cmd;
mod play;
mod reader_cmd;
mod record;
mod serve_cmd;
mod solve_cmd;
mod solve_labels_cmd;
mod train_cmd;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "capicua",
    version,
    about = "Cuban dominoes: rules engine, heuristic players, ISMCTS and a policy/value network"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Fixed-size speed benchmarks; prints a fingerprint of search behaviour.
    Bench(bench::BenchArgs),
    /// Duplicate matches between players (or a round robin with Elo ratings).
    Eval(eval_cmd::EvalArgs),
    /// Two `eval --boards` files of the same seed compared board by board.
    Paired(paired_cmd::PairedArgs),
    /// The engine process: JSON-lines requests on stdin, replies on stdout (docs/protocol.md).
    Engine(engine_cmd::EngineArgs),
    /// Play a match in the terminal: you and a bot partner against two bots.
    Play(play::PlayArgs),
    /// The browser table: a page and a WebSocket speaking the engine protocol (docs/serve.md).
    Serve(serve_cmd::ServeArgs),
    /// The exact value of an open-hand position: every legal move and the best line.
    Solve(solve_cmd::SolveArgs),
    /// Self-play training of the network (`--config training/<name>.toml [--resume]`).
    Train(train_cmd::TrainArgs),
    /// Teach a network's policy a long search's choices at recorded decisions (label files).
    Distil(distil_cmd::DistilArgs),
    /// Fit a move reader (a learned tilt of the root priors) to a long search's choices.
    Reader(reader_cmd::ReaderArgs),
    /// Value every legal move of labelled decisions with the exact solver on the true deal.
    SolveLabels(solve_labels_cmd::SolveLabelsArgs),
    /// Fit a network's beliefs to the true deals of recorded rounds (a belief model, `bmodel=`).
    FitBeliefs(fit_beliefs_cmd::FitBeliefsArgs),
}

fn main() -> Result<()> {
    // A search player that cannot choose a move unwinds with a `PlayerFailure`, which the
    // match runners catch and return as an error: the default hook's panic message would
    // report a bug where there is none.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info
            .payload()
            .downcast_ref::<capicua_search::PlayerFailure>()
            .is_none()
        {
            hook(info);
        }
    }));
    let cli = Cli::parse();
    match cli.command {
        Command::Bench(args) => bench::run(args),
        Command::Eval(args) => eval_cmd::run(args),
        Command::Paired(args) => paired_cmd::run(args),
        Command::Engine(args) => engine_cmd::run(args),
        Command::Play(args) => play::run(args),
        Command::Serve(args) => serve_cmd::run(args),
        Command::Solve(args) => solve_cmd::run(args),
        Command::Train(args) => train_cmd::run(args),
        Command::Distil(args) => distil_cmd::run(args),
        Command::Reader(args) => reader_cmd::run(args),
        Command::SolveLabels(args) => solve_labels_cmd::run(args),
        Command::FitBeliefs(args) => fit_beliefs_cmd::run(args),
    }
}
