//! Round robins and Elo ratings with error bars.
//!
//! Every pair of players plays a duplicate match with the run's seed (so every pairing sees
//! the same deal seeds). Ratings follow the Bradley-Terry model on rounds: player `i` wins a
//! round against `j` with probability `1 / (1 + 10^((R_j - R_i) / 400))`, a tied round
//! counting half a win to each. They are fitted by maximum likelihood with Hunter's MM
//! iterations, with one virtual tied round per pairing as a prior (a player that never wins
//! or never loses keeps a finite rating; against thousands of rounds its weight is nil), and
//! centred on a mean of zero.
//!
//! Error bars come from a bootstrap over boards: each pairing's boards are resampled with
//! replacement (a board's two rounds stay together, keeping the duplicate pairing), the
//! ratings refitted, and the 2.5% and 97.5% percentiles of each rating reported.

use capicua_engine::{Rng, Rules};
use serde::Serialize;

use crate::EvalError;
use crate::duplicate::{DuplicateConfig, DuplicateSummary, Team, run_duplicate};
use crate::spec::PlayerSpec;

/// Rounds won (ties half) and rounds played between each ordered pair of players.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    pub score: Vec<Vec<f64>>,
    pub games: Vec<Vec<f64>>,
}

impl Results {
    pub fn new(players: usize) -> Results {
        Results {
            score: vec![vec![0.0; players]; players],
            games: vec![vec![0.0; players]; players],
        }
    }

    /// Adds `rounds` rounds between `i` and `j` in which `i` scored `score_i`.
    pub fn add(&mut self, i: usize, j: usize, score_i: f64, rounds: f64) {
        self.score[i][j] += score_i;
        self.score[j][i] += rounds - score_i;
        self.games[i][j] += rounds;
        self.games[j][i] += rounds;
    }
}

/// Maximum-likelihood Bradley-Terry ratings on the Elo scale, mean zero (see the module
/// documentation for the prior).
pub fn fit_elo(r: &Results) -> Vec<f64> {
    let k = r.score.len();
    let mut gamma = vec![1.0f64; k];
    for _ in 0..100_000 {
        let mut next = vec![0.0f64; k];
        for i in 0..k {
            let (mut wins, mut denom) = (0.0, 0.0);
            for j in 0..k {
                if i == j || r.games[i][j] == 0.0 {
                    continue;
                }
                wins += r.score[i][j] + 0.5;
                denom += (r.games[i][j] + 1.0) / (gamma[i] + gamma[j]);
            }
            next[i] = if denom > 0.0 { wins / denom } else { 1.0 };
        }
        let log_mean = next.iter().map(|g| g.ln()).sum::<f64>() / k as f64;
        let mut change = 0.0f64;
        for (g, n) in gamma.iter_mut().zip(&next) {
            let n = (n.ln() - log_mean).exp();
            change = change.max((n / *g).ln().abs());
            *g = n;
        }
        if change < 1e-12 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

/// A round robin between several players.
#[derive(Clone, Debug)]
pub struct RoundRobinConfig {
    pub rules: Rules,
    pub variant: String,
    pub players: Vec<PlayerSpec>,
    /// Rounds per pairing (even).
    pub rounds: u64,
    pub seed: u64,
    pub threads: usize,
    /// Bootstrap resamples for the error bars.
    pub bootstrap: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EloRow {
    pub player: String,
    pub elo: f64,
    /// Bootstrap 95% interval.
    pub elo_ci95: [f64; 2],
    /// Share of its rounds the player won (ties half), over all its pairings.
    pub round_score: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundRobinReport {
    pub variant: String,
    pub seed: u64,
    pub rounds_per_pairing: u64,
    pub bootstrap: usize,
    /// Highest rating first.
    pub elo: Vec<EloRow>,
    /// One duplicate match per pair of players, A the one listed first.
    pub pairings: Vec<DuplicateSummary>,
}

/// Plays every pairing and rates the players. `progress` receives boards as they finish,
/// over all pairings.
pub fn run_round_robin(
    cfg: &RoundRobinConfig,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<RoundRobinReport, EvalError> {
    let k = cfg.players.len();
    if k < 2 {
        return Err(EvalError::Players(k));
    }
    let mut pairings = Vec::new();
    // per pairing: (i, j, A's score on each board)
    let mut boards: Vec<(usize, usize, Vec<f64>)> = Vec::new();
    for i in 0..k {
        for j in i + 1..k {
            let run = run_duplicate(
                &DuplicateConfig {
                    rules: cfg.rules,
                    variant: cfg.variant.clone(),
                    a: Team::of(cfg.players[i].clone()),
                    b: Team::of(cfg.players[j].clone()),
                    rounds: cfg.rounds,
                    seed: cfg.seed,
                    threads: cfg.threads,
                },
                progress,
            )?;
            let scores = run
                .pairs
                .iter()
                .flat_map(|p| &p.boards)
                .map(|b| b.a_score())
                .collect();
            boards.push((i, j, scores));
            pairings.push(run.summary);
        }
    }
    let results = |pick: &mut dyn FnMut(&[f64]) -> f64| {
        let mut r = Results::new(k);
        for (i, j, s) in &boards {
            r.add(*i, *j, pick(s), 2.0 * s.len() as f64);
        }
        r
    };
    let observed = results(&mut |s| s.iter().sum());
    let elo = fit_elo(&observed);
    let mut rng = Rng::stream(cfg.seed, 0xB007);
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(cfg.bootstrap); k];
    for _ in 0..cfg.bootstrap {
        let r = results(&mut |s| (0..s.len()).map(|_| rng.pick(s)).sum());
        for (acc, e) in samples.iter_mut().zip(fit_elo(&r)) {
            acc.push(e);
        }
    }
    let mut rows: Vec<EloRow> = (0..k)
        .map(|i| {
            let (won, played) = (
                observed.score[i].iter().sum::<f64>(),
                observed.games[i].iter().sum::<f64>(),
            );
            EloRow {
                player: cfg.players[i].to_string(),
                elo: elo[i],
                elo_ci95: [
                    percentile(&mut samples[i], 0.025),
                    percentile(&mut samples[i], 0.975),
                ],
                round_score: won / played,
            }
        })
        .collect();
    rows.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    Ok(RoundRobinReport {
        variant: cfg.variant.clone(),
        seed: cfg.seed,
        rounds_per_pairing: cfg.rounds,
        bootstrap: cfg.bootstrap,
        elo: rows,
        pairings,
    })
}

/// The `q` quantile by linear interpolation between order statistics (NaN if empty).
fn percentile(xs: &mut [f64], q: f64) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.sort_by(f64::total_cmp);
    let pos = q * (xs.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    xs[lo] + (xs[hi] - xs[lo]) * (pos - lo as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_match_the_closed_form() {
        // With the prior, i's share is (s + 0.5) / (n + 1): 750.5 / 1001 of the rounds, so
        // the gap is 400 log10(750.5 / 250.5), split evenly around zero.
        let mut r = Results::new(2);
        r.add(0, 1, 750.0, 1000.0);
        let elo = fit_elo(&r);
        let gap = 400.0 * (750.5f64 / 250.5).log10();
        assert!((elo[0] - elo[1] - gap).abs() < 1e-6, "{elo:?}");
        assert!((elo[0] + elo[1]).abs() < 1e-9);
    }

    #[test]
    fn ratings_are_consistent_and_finite() {
        // Generated from ratings 0, 100, 300 exactly: the fit recovers the gaps (up to the
        // small prior) and a player with no wins stays finite.
        let p = |d: f64| 1.0 / (1.0 + 10f64.powf(-d / 400.0));
        let mut r = Results::new(3);
        let n = 1e7;
        r.add(1, 0, n * p(100.0), n);
        r.add(2, 0, n * p(300.0), n);
        r.add(2, 1, n * p(200.0), n);
        let elo = fit_elo(&r);
        assert!((elo[1] - elo[0] - 100.0).abs() < 0.01, "{elo:?}");
        assert!((elo[2] - elo[0] - 300.0).abs() < 0.01, "{elo:?}");
        let mut shut = Results::new(2);
        shut.add(0, 1, 100.0, 100.0);
        let e = fit_elo(&shut);
        assert!(
            e.iter().all(|x| x.is_finite()) && e[0] > e[1] + 500.0,
            "{e:?}"
        );
    }

    #[test]
    fn percentiles_interpolate() {
        let mut xs = vec![4.0, 1.0, 3.0, 2.0, 5.0];
        assert_eq!(percentile(&mut xs, 0.0), 1.0);
        assert_eq!(percentile(&mut xs, 0.5), 3.0);
        assert_eq!(percentile(&mut xs, 0.875), 4.5);
        assert!(percentile(&mut [], 0.5).is_nan());
    }
}
