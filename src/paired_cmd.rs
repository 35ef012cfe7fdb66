//! `capicua paired`: two duplicate runs of the same seed (`capicua eval --boards`) compared
//! board by board; the statistic is documented in `capicua_eval::paired`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use capicua_eval::paired::{BoardLine, compare};
use clap::Args;

#[derive(Args)]
pub struct PairedArgs {
    /// The first run's `--boards` file.
    a: PathBuf,
    /// The second run's, same seed and variant: the difference is the first's margin less
    /// the second's.
    b: PathBuf,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

pub fn run(args: PairedArgs) -> Result<()> {
    let c = compare(&read(&args.a)?, &read(&args.b)?)?;
    if args.json {
        println!("{}", serde_json::to_string(&c)?);
        return Ok(());
    }
    println!(
        "boards            {} in both ({} only in a, {} only in b)",
        c.boards, c.only_a, c.only_b
    );
    println!(
        "margin/round      a {:+.2}   b {:+.2}",
        c.a_margin_per_round, c.b_margin_per_round
    );
    println!(
        "a - b             {:+.2}   95% CI [{:+.2}, {:+.2}]   (unpaired: +-{:.2}; correlation {:.2})",
        c.difference,
        c.difference_ci95[0],
        c.difference_ci95[1],
        c.unpaired_half_width,
        c.correlation
    );
    Ok(())
}

fn read(path: &Path) -> Result<Vec<BoardLine>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .with_context(|| format!("{}:{}: not a board line", path.display(), i + 1))
        })
        .collect()
}
