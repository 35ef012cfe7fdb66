//! Two duplicate runs on the same deals compared board by board.
//!
//! Each run's interval measures one team against its opponents. Two runs with the same seed
//! play the same boards (pair `m`'s deals come from `(seed, m)` alone), so the difference of
//! two teams against the same opponents can be taken board by board: a board that is easy or
//! hard for both moves both margins, and the pairing cancels it. The interval of that
//! difference is the Student-t interval over the shared boards' differences of board means.
//! A pair's matches can last a different number of boards in the two runs (the players'
//! results decide when a match reaches its target), so only boards both runs played are
//! compared; the leader of a board after the first also follows the match, so a shared board
//! can have different leaders in the two runs, which the pairing tolerates (it only loses
//! some of its power there).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::duplicate::DuplicateRun;
use crate::stats::{mean_ci95, t_quantile_975};

/// One board of a run, one JSON object a line in the file `capicua eval --boards` writes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardLine {
    /// The run's `--seed`: boards of different seeds are different deals.
    pub seed: u64,
    pub pair: u64,
    /// The board's index within its pair.
    pub board: usize,
    /// Team A's points minus team B's, in orientation 0 then 1.
    pub margin: [i64; 2],
}

impl BoardLine {
    fn mean(&self) -> f64 {
        (self.margin[0] + self.margin[1]) as f64 / 2.0
    }
}

/// The boards of `run`, in run order.
pub fn board_lines(run: &DuplicateRun) -> Vec<BoardLine> {
    run.pairs
        .iter()
        .enumerate()
        .flat_map(|(pair, rec)| {
            rec.boards
                .iter()
                .enumerate()
                .map(move |(board, b)| BoardLine {
                    seed: run.summary.seed,
                    pair: pair as u64,
                    board,
                    margin: b.margin,
                })
        })
        .collect()
}

/// Team A's margin in run `a` less its margin in run `b`, over the boards both played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedComparison {
    /// Boards both runs played.
    pub boards: usize,
    /// Boards only one run played (left out).
    pub only_a: usize,
    pub only_b: usize,
    /// Each run's margin per round over the shared boards.
    pub a_margin_per_round: f64,
    pub b_margin_per_round: f64,
    /// `a_margin_per_round - b_margin_per_round` and its paired 95% interval.
    pub difference: f64,
    pub difference_ci95: [f64; 2],
    /// Half the width of the interval the same difference would have if the runs were
    /// independent (each run's own variance): what the pairing saves.
    pub unpaired_half_width: f64,
    /// Correlation of the two runs' board means.
    pub correlation: f64,
}

/// Why two board files cannot be compared.
#[derive(Debug, thiserror::Error)]
pub enum PairedError {
    #[error("the runs share {0} boards; at least two are needed (same seed and variant?)")]
    TooFewShared(usize),
    #[error("board {board} of pair {pair} appears twice in run {run}")]
    Duplicate { run: char, pair: u64, board: usize },
    #[error("the boards come from different seeds ({0} and {1}), so different deals")]
    Seeds(u64, u64),
}

/// Compares run `a` with run `b` board by board.
pub fn compare(a: &[BoardLine], b: &[BoardLine]) -> Result<PairedComparison, PairedError> {
    let index = |lines: &[BoardLine], run: char| {
        let mut map = HashMap::with_capacity(lines.len());
        for l in lines {
            if map.insert((l.pair, l.board), l.mean()).is_some() {
                return Err(PairedError::Duplicate {
                    run,
                    pair: l.pair,
                    board: l.board,
                });
            }
        }
        Ok(map)
    };
    let mut seeds = a.iter().chain(b).map(|l| l.seed);
    if let Some(first) = seeds.next()
        && let Some(other) = seeds.find(|&s| s != first)
    {
        return Err(PairedError::Seeds(first, other));
    }
    let in_b = index(b, 'b')?;
    index(a, 'a')?;
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for l in a {
        if let Some(&y) = in_b.get(&(l.pair, l.board)) {
            xs.push(l.mean());
            ys.push(y);
        }
    }
    let n = xs.len();
    if n < 2 {
        return Err(PairedError::TooFewShared(n));
    }
    let diffs: Vec<f64> = xs.iter().zip(&ys).map(|(x, y)| x - y).collect();
    let d = mean_ci95(&diffs);
    let (sa, sb) = (mean_ci95(&xs), mean_ci95(&ys));
    let cov = xs
        .iter()
        .zip(&ys)
        .map(|(x, y)| (x - sa.mean) * (y - sb.mean))
        .sum::<f64>()
        / (n - 1) as f64;
    Ok(PairedComparison {
        boards: n,
        only_a: a.len() - n,
        only_b: b.len() - n,
        a_margin_per_round: sa.mean,
        b_margin_per_round: sb.mean,
        difference: d.mean,
        difference_ci95: d.ci95,
        unpaired_half_width: t_quantile_975(n - 1)
            * ((sa.sd * sa.sd + sb.sd * sb.sd) / n as f64).sqrt(),
        correlation: cov / (sa.sd * sb.sd),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(pair: u64, board: usize, m: i64) -> BoardLine {
        BoardLine {
            seed: 1,
            pair,
            board,
            margin: [m, m / 2],
        }
    }

    #[test]
    fn a_run_against_itself_differs_by_nothing() {
        let a: Vec<BoardLine> = (0..50)
            .map(|i| line(i / 5, (i % 5) as usize, (i as i64 * 37) % 61 - 30))
            .collect();
        let c = compare(&a, &a).unwrap();
        assert_eq!((c.boards, c.only_a, c.only_b), (50, 0, 0));
        assert_eq!(c.difference, 0.0);
        assert_eq!(c.difference_ci95, [0.0, 0.0]);
        assert!((c.correlation - 1.0).abs() < 1e-12);
        assert!(c.unpaired_half_width > 5.0, "{c:?}");
    }

    #[test]
    fn boards_pair_by_their_place_and_the_rest_is_left_out() {
        // b played one more board in pair 0 and one fewer in pair 1, each board 4 points
        // better for team A, in another order
        let a = vec![
            line(0, 0, 10),
            line(0, 1, -20),
            line(1, 0, 30),
            line(1, 1, 0),
        ];
        let mut b = vec![
            line(1, 0, 26),
            line(0, 2, 99),
            line(0, 1, -24),
            line(0, 0, 6),
        ];
        let c = compare(&a, &b).unwrap();
        assert_eq!((c.boards, c.only_a, c.only_b), (3, 1, 1));
        // board means: 7.5, -15, 22.5 against 4.5, -18, 19.5
        assert!((c.difference - 3.0).abs() < 1e-12, "{c:?}");
        assert!((c.a_margin_per_round - 5.0).abs() < 1e-12, "{c:?}");
        assert_eq!(c.difference_ci95, [3.0, 3.0]);
        b.push(line(0, 0, 1));
        assert!(matches!(
            compare(&a, &b),
            Err(PairedError::Duplicate {
                run: 'b',
                pair: 0,
                board: 0
            })
        ));
        assert!(matches!(
            compare(&a[..1], &b[..3]),
            Err(PairedError::TooFewShared(0))
        ));
        let mut other = a.clone();
        other.iter_mut().for_each(|l| l.seed = 2);
        assert!(matches!(compare(&a, &other), Err(PairedError::Seeds(1, 2))));
    }
}
