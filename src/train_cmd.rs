//! `capicua train --config training/<name>.toml [--resume [--skip-damaged]]`: self-play
//! training.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;

#[derive(Args)]
pub struct TrainArgs {
    /// The run's configuration (TOML, see training/README.md).
    #[arg(long)]
    config: PathBuf,
    /// Continue the run in the configuration's run directory after a stop or a kill.
    #[arg(long)]
    resume: bool,
    /// Run this many generations in all instead of the configuration's `generations`.
    #[arg(long)]
    generations: Option<u64>,
    /// No progress bars or per-generation lines.
    #[arg(long)]
    quiet: bool,
    /// With --resume: leave out a damaged replay file of an earlier generation (with a
    /// warning) instead of stopping at it.
    #[arg(long, requires = "resume")]
    skip_damaged: bool,
}

pub fn run(args: TrainArgs) -> Result<()> {
    let mut config = capicua_train::RunConfig::load(&args.config)
        .with_context(|| format!("cannot use {}", args.config.display()))?;
    if let Some(g) = args.generations {
        config.generations = g;
    }
    let options = capicua_train::RunOptions {
        resume: args.resume,
        quiet: args.quiet,
        skip_damaged: args.skip_damaged,
        stop: None,
    };
    let state = capicua_train::run(&config, &options)?;
    let dir = config.run_dir();
    println!(
        "run {} at generation {}: {} samples generated, {} trained, best model: {}",
        dir.display(),
        state.generation,
        state.samples_generated,
        state.samples_trained,
        match &state.best {
            Some(_) => dir.join("best.bpk").display().to_string(),
            None => "none yet (plain ISMCTS is still the best)".into(),
        }
    );
    Ok(())
}
