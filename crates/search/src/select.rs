//! Selection and backup: UCB1 with availability counts and PUCT over the children available
//! in a determinization, the backup of a leaf's values along its path, and the root
//! statistics a search reports.

use std::time::Duration;

use capicua_engine::Move;

use crate::config::{FpuBase, MoveChoice, ValueWeight};
use crate::reward::SideValues;
use crate::tree::{Hot, NONE, Tree};

/// Statistics of one legal move at the root, from the searching seat's side.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats {
    pub mv: Move,
    /// Simulations through this move.
    pub visits: u64,
    /// Estimated probability that the searcher's side wins the round (ties count half);
    /// `None` before any visit.
    pub win: Option<f64>,
    /// Expected points of the searcher's side minus the other side's for the round (when the
    /// round is lost, minus the winner's points); `None` before any visit.
    pub margin: Option<f64>,
    /// Mean search reward (the quantity the search maximizes); `None` before any visit.
    pub reward: Option<f64>,
    /// The evaluator's prior, when it gives priors and has seen the root.
    pub prior: Option<f32>,
}

/// The result of a search, or a snapshot of one in progress (see [`Report`](crate::Report)).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The chosen move, by the configuration's [`MoveChoice`].
    pub best: Move,
    /// One entry per legal move, in the order of `InfoSet::legal_moves`.
    pub moves: Vec<MoveStats>,
    /// Completed iterations over all threads.
    pub iterations: u64,
    pub elapsed: Duration,
    /// Tree entries over all threads, nodes and the room their children blocks reserve (for
    /// PIMC: the largest world tree of each thread).
    pub nodes: usize,
    /// The stop flag ended the search.
    pub stopped: bool,
}

/// Root statistics of one legal move, summed.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub(crate) struct Acc {
    pub(crate) visits: u64,
    pub(crate) reward: f64,
    pub(crate) score: f64,
    pub(crate) margin: f64,
    pub(crate) prior: Option<f32>,
}

pub(crate) fn merge(into: &mut [Acc], from: &[Acc]) {
    for (a, b) in into.iter_mut().zip(from) {
        a.visits += b.visits;
        a.reward += b.reward;
        a.score += b.score;
        a.margin += b.margin;
        a.prior = a.prior.or(b.prior);
    }
}

pub(crate) fn summarize(
    choice: MoveChoice,
    moves: &[Move],
    acc: &[Acc],
    iterations: u64,
    elapsed: Duration,
    nodes: usize,
    stopped: bool,
) -> SearchResult {
    let stats: Vec<MoveStats> = moves
        .iter()
        .zip(acc)
        .map(|(&mv, a)| {
            let mean = |x: f64| (a.visits > 0).then(|| x / a.visits as f64);
            MoveStats {
                mv,
                visits: a.visits,
                win: mean(a.score),
                margin: mean(a.margin),
                reward: mean(a.reward),
                prior: a.prior,
            }
        })
        .collect();
    let best = match choice {
        MoveChoice::MostVisited => most_visited(&stats),
        MoveChoice::Improved { weight } => {
            improved(&stats, weight).unwrap_or_else(|| most_visited(&stats))
        }
    };
    SearchResult {
        best: moves[best],
        moves: stats,
        iterations,
        elapsed,
        nodes,
        stopped,
    }
}

/// The index of the most visited move, then the best mean reward, then the highest prior, then
/// the first.
fn most_visited(stats: &[MoveStats]) -> usize {
    let mut best = 0;
    for (i, s) in stats.iter().enumerate() {
        let b = &stats[best];
        let better = s.visits > b.visits
            || (s.visits == b.visits && s.reward.unwrap_or(-1.0) > b.reward.unwrap_or(-1.0))
            || (s.visits == 0 && b.visits == 0 && s.prior.unwrap_or(0.0) > b.prior.unwrap_or(0.0));
        if better {
            best = i;
        }
    }
    best
}

/// The index of the visited move that maximizes [`MoveChoice::Improved`]'s score (the first of
/// equals); `None` before any visit.
fn improved(stats: &[MoveStats], weight: ValueWeight) -> Option<usize> {
    let n_max = stats.iter().map(|s| s.visits).max()?;
    let weight = weight.at(n_max);
    let mut best: Option<(f64, usize)> = None;
    for (i, s) in stats.iter().enumerate() {
        let Some(q) = s.reward else { continue };
        let score = s.prior.map_or(0.0, log_prior) + weight * q;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, i));
        }
    }
    best.map(|(_, i)| i)
}

/// Gumbel MuZero's improved policy over the root moves (in `stats`' order), without its
/// noise: `softmax(ln prior + weight * q̃)`, the prior `prior(i)` of move `i` (a caller may
/// pass the network's priors before any root noise) and `q̃` its mean reward shrunk towards
/// `v̄`, the prior-weighted mean of the visited moves' values, by `shrink` pseudo-visits:
/// `q̃ = (N q + shrink v̄) / (N + shrink)`. A move the search never visited is valued at `v̄`,
/// so the search neither raises nor lowers it; a move behind a few visits, whose mean is
/// mostly the luck of a few determinizations, moves the policy little. A policy target that
/// improves on the prior even where a small budget's visits only follow it. `None` before
/// any visit.
pub fn improved_policy(
    stats: &[MoveStats],
    prior: impl Fn(usize) -> f32,
    weight: ValueWeight,
    shrink: f64,
) -> Option<Vec<f64>> {
    let n_max = stats.iter().map(|s| s.visits).max().filter(|&n| n > 0)?;
    let w = weight.at(n_max);
    let (mut pq, mut p_seen) = (0.0, 0.0);
    for (i, s) in stats.iter().enumerate() {
        if let Some(q) = s.reward {
            pq += prior(i) as f64 * q;
            p_seen += prior(i) as f64;
        }
    }
    let unvisited = if p_seen > 0.0 {
        pq / p_seen
    } else {
        let (sum, n) = stats
            .iter()
            .filter_map(|s| s.reward)
            .fold((0.0, 0.0), |(a, n), q| (a + q, n + 1.0));
        sum / n
    };
    let mut policy: Vec<f64> = stats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let n = s.visits as f64;
            let q = s
                .reward
                .map_or(unvisited, |q| (n * q + shrink * unvisited) / (n + shrink));
            log_prior(prior(i)) + w * q
        })
        .collect();
    softmax(&mut policy);
    Some(policy)
}

/// Turns logits into their softmax in place; a logit of minus infinity gets no share.
fn softmax(logits: &mut [f64]) {
    let top = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = logits.iter().map(|&l| (l - top).exp()).sum();
    for l in logits.iter_mut() {
        *l = (*l - top).exp() / sum;
    }
}

/// A prior's logarithm. A prior of exactly zero would be minus infinity; the search never
/// visits such a move unless its value pulled it there, and then it must be able to win.
#[inline]
fn log_prior(p: f32) -> f64 {
    (p.max(1e-9) as f64).ln()
}

/// [`RootSelection::Improved`](crate::RootSelection::Improved): the root's child that most
/// falls short of its share of the improved policy, `argmax π'(a) - N(a) / (1 + ΣN)`. An
/// unvisited move's value is `v_mix`, the root's own value mixed with the prior-weighted mean
/// of the visited moves' values in proportion to the visits behind them (the paper's
/// completion). Bumps the availability of the children in `mask`, as PUCT does.
pub(crate) fn select_root_improved(tree: &mut Tree, mask: u128, weight: ValueWeight) -> u32 {
    let available = |h: &Hot| mask & (1u128 << h.key) != 0;
    let (mut visits, mut n_max, mut pq, mut p_seen) = (0.0, 0u64, 0.0, 0.0);
    for id in tree.children(0) {
        let h = &tree.hot[id as usize];
        if available(h) && h.visits > 0 {
            let p = tree.cold[id as usize].prior as f64;
            visits += h.visits as f64;
            n_max = n_max.max(h.visits as u64);
            pq += p * h.reward / h.visits as f64;
            p_seen += p;
        }
    }
    let v_root = tree.cold[0].value_to_move as f64;
    let v_mix = if p_seen > 0.0 {
        (v_root + visits * pq / p_seen) / (1.0 + visits)
    } else {
        v_root
    };
    let w = weight.at(n_max);
    // each available child's share of the improved policy, once (a node has at most 128
    // actions)
    let range = tree.children(0);
    let mut buf = [f64::NEG_INFINITY; 128];
    let shares = &mut buf[..range.len()];
    for (l, id) in shares.iter_mut().zip(range.clone()) {
        let h = &tree.hot[id as usize];
        if available(h) {
            let q = if h.visits > 0 {
                h.reward / h.visits as f64
            } else {
                v_mix
            };
            *l = log_prior(tree.cold[id as usize].prior) + w * q;
        }
    }
    softmax(shares);
    let mut best = (f64::NEG_INFINITY, NONE);
    for (&share, id) in shares.iter().zip(range) {
        let h = &mut tree.hot[id as usize];
        if !available(h) {
            continue;
        }
        h.avail += 1;
        let score = share - h.visits as f64 / (1.0 + visits);
        if score > best.0 {
            best = (score, id);
        }
    }
    debug_assert!(best.1 != NONE);
    best.1
}

/// The root statistics of one tree, by legal move (`root_keys` in legal-move order); the
/// priors only when the search used them.
pub(crate) fn root_stats(tree: &Tree, root_keys: &[u8], puct: bool, n_moves: usize) -> Vec<Acc> {
    let mut acc = vec![Acc::default(); n_moves];
    if tree.len() == 0 {
        return acc;
    }
    for c in tree.children(0) {
        let (h, n) = (&tree.hot[c as usize], &tree.cold[c as usize]);
        if let Some(i) = root_keys.iter().position(|&k| k == h.key) {
            acc[i] = Acc {
                visits: h.visits as u64,
                reward: h.reward,
                score: n.score,
                margin: n.margin,
                prior: puct.then_some(n.prior),
            };
        }
    }
    acc
}

/// UCB1 over the children available in this determinization, with availability counts:
/// `mean + c * sqrt(ln(avail) / visits)`. Bumps their availability (also when the caller then
/// expands an untried action instead: they were available). Returns the actions that have a
/// child and the best available child ([`NONE`] if none is available).
#[inline]
pub(crate) fn select_ucb(tree: &mut Tree, node: u32, mask: u128, c_ucb: f64) -> (u128, u32) {
    let mut best = (f64::NEG_INFINITY, NONE);
    let mut present = 0u128;
    let range = tree.children(node);
    let start = range.start;
    for (i, h) in tree.hot[range.start as usize..range.end as usize]
        .iter_mut()
        .enumerate()
    {
        let bit = 1u128 << h.key;
        present |= bit;
        if mask & bit != 0 {
            h.avail += 1;
            // every child was visited when it was added
            let v = h.visits as f64;
            let u = h.reward / v + c_ucb * ((h.avail as f64).ln() / v).sqrt();
            if u > best.0 {
                best = (u, start + i as u32);
            }
        }
    }
    (present, best.1)
}

/// PUCT over the available children: `q + c * prior * sqrt(avail) / (1 + visits)`, where an
/// unvisited child's `q` is the first-play urgency: `fpu.base`'s value of the node for the
/// side to move, less `fpu.reduction * sqrt(P)`, `P` the summed priors of the available
/// children already visited. With `rave` above 0, a child with all-moves-as-first results
/// has its `q` moved towards their mean ([`crate::SearchConfig::rave`]).
#[inline]
pub(crate) fn select_puct(
    tree: &mut Tree,
    node: u32,
    mask: u128,
    c_puct: f64,
    fpu: Fpu,
    rave: f64,
) -> u32 {
    let mut first_play = tree.cold[node as usize].value_to_move as f64;
    if fpu.reduction != 0.0 || fpu.base == FpuBase::Mean {
        let (mut prior, mut reward, mut visits) = (0.0, 0.0, 0.0);
        for id in tree.children(node) {
            let h = &tree.hot[id as usize];
            if mask & (1u128 << h.key) != 0 && h.visits > 0 {
                prior += tree.cold[id as usize].prior as f64;
                reward += h.reward;
                visits += h.visits as f64;
            }
        }
        if fpu.base == FpuBase::Mean {
            first_play = (first_play + reward) / (1.0 + visits);
        }
        first_play -= fpu.reduction * prior.sqrt();
    }
    let mut best = (f64::NEG_INFINITY, NONE);
    for id in tree.children(node) {
        let h = &mut tree.hot[id as usize];
        if mask & (1u128 << h.key) != 0 {
            h.avail += 1;
            let mut q = if h.visits > 0 {
                h.reward / h.visits as f64
            } else {
                first_play
            };
            let cold = &tree.cold[id as usize];
            if rave > 0.0 && cold.amaf_visits > 0 {
                let beta = (rave / (3.0 * h.visits as f64 + rave)).sqrt();
                q = (1.0 - beta) * q + beta * cold.amaf_reward / cold.amaf_visits as f64;
            }
            let prior = cold.prior as f64;
            let u = q + c_puct * prior * (h.avail as f64).sqrt() / (1.0 + h.visits as f64);
            if u > best.0 {
                best = (u, id);
            }
        }
    }
    debug_assert!(best.1 != NONE);
    best.1
}

/// First-play urgency: how [`select_puct`] values an untried child.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Fpu {
    pub(crate) base: FpuBase,
    pub(crate) reduction: f64,
}

/// Adds a result to the path's entries, each for the side that acted; the root's child also
/// keeps the outcome score and margin that the statistics report.
#[inline]
pub(crate) fn backprop(tree: &mut Tree, path: &[u32], sides: &[u8], v: &SideValues) {
    for (&id, &s) in path.iter().zip(sides) {
        tree.hot[id as usize].reward += v.reward[s as usize];
    }
    if let (Some(&id), Some(&s)) = (path.first(), sides.first()) {
        let c = &mut tree.cold[id as usize];
        c.score += v.score[s as usize];
        c.margin += v.margin[s as usize];
    }
}

/// [`backprop`] along a path named by action keys; returns the last node.
pub(crate) fn backprop_keys(tree: &mut Tree, keys: &[u8], sides: &[u8], v: &SideValues) -> u32 {
    let mut node = 0u32;
    for (i, (&k, &s)) in keys.iter().zip(sides).enumerate() {
        node = tree
            .child(node, k)
            .expect("a batched path stays in the tree");
        tree.hot[node as usize].reward += v.reward[s as usize];
        if i == 0 {
            let c = &mut tree.cold[node as usize];
            c.score += v.score[s as usize];
            c.margin += v.margin[s as usize];
        }
    }
    node
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(entries: &[(u64, Option<f64>, Option<f32>)]) -> Vec<MoveStats> {
        entries
            .iter()
            .enumerate()
            .map(|(i, &(visits, reward, prior))| MoveStats {
                mv: Move::play(capicua_engine::Tile::new(i as u8, 0), 0),
                visits,
                win: reward,
                margin: reward.map(|r| r * 10.0),
                reward,
                prior,
            })
            .collect()
    }

    /// The prior's move has most visits; the second is worth 0.04 more; the third was never
    /// visited.
    fn prior_against_values() -> Vec<MoveStats> {
        stats(&[
            (500, Some(0.63), Some(0.78)),
            (260, Some(0.67), Some(0.18)),
            (0, None, Some(0.04)),
        ])
    }

    #[test]
    fn the_improved_choice_weighs_values_by_the_search_behind_them() {
        // the third move has no value to weigh
        let s = prior_against_values();
        assert_eq!(most_visited(&s), 0);
        // (50 + 500) * 0.1 * 0.04 = 2.2 nats of value against ln(0.78 / 0.18) = 1.47 of prior
        assert_eq!(improved(&s, ValueWeight::PerVisit(0.1)), Some(1));
        // a tenth of the weight: 0.22 nats, the prior wins
        assert_eq!(improved(&s, ValueWeight::PerVisit(0.01)), Some(0));
        // the same values behind fewer visits weigh less: (50 + 20) * 0.1 * 0.04 = 0.28
        let few = stats(&[
            (20, Some(0.63), Some(0.78)),
            (10, Some(0.67), Some(0.18)),
            (0, None, Some(0.04)),
        ]);
        assert_eq!(improved(&few, ValueWeight::PerVisit(0.1)), Some(0));
        // without priors the best value wins
        let plain = stats(&[(500, Some(0.63), None), (260, Some(0.67), None)]);
        assert_eq!(improved(&plain, ValueWeight::PerVisit(0.001)), Some(1));
        // a fixed weight does not grow with the visits: 55 * 0.04 = 2.2 nats either way
        assert_eq!(improved(&s, ValueWeight::Fixed(55.0)), Some(1));
        assert_eq!(improved(&few, ValueWeight::Fixed(55.0)), Some(1));
        assert_eq!(improved(&few, ValueWeight::Fixed(5.0)), Some(0));
        // nothing visited: no choice by value
        assert_eq!(
            improved(&stats(&[(0, None, Some(0.5))]), ValueWeight::PerVisit(0.1)),
            None
        );
    }

    #[test]
    fn the_improved_policy_moves_the_prior_towards_the_better_values() {
        let s = prior_against_values();
        // the priors given, not the (noised) ones the search kept
        let clean = [0.7f32, 0.2, 0.1];
        let pi = improved_policy(&s, |i| clean[i], ValueWeight::Fixed(50.0), 0.0).unwrap();
        assert!((pi.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // the unvisited move keeps the prior-weighted mean value: 0.63 * 0.7/0.9 + 0.67 * 0.2/0.9
        let (p0, p1) = (clean[0] as f64, clean[1] as f64);
        let mean = (0.63 * p0 + 0.67 * p1) / (p0 + p1);
        let ln = |k: usize| (clean[k] as f64).ln();
        let logits = [
            ln(0) + 50.0 * 0.63,
            ln(1) + 50.0 * 0.67,
            ln(2) + 50.0 * mean,
        ];
        let z: f64 = logits.iter().map(|l| l.exp()).sum();
        for (p, l) in pi.iter().zip(logits) {
            assert!((p - l.exp() / z).abs() < 1e-12, "{pi:?}");
        }
        // 50 * 0.04 = 2 nats of value outweigh ln(0.7 / 0.2) = 1.25 of prior
        assert!(pi[1] > pi[0] && pi[0] > pi[2], "{pi:?}");
        // no weight on the values: the prior itself
        let prior = improved_policy(&s, |i| clean[i], ValueWeight::Fixed(0.0), 0.0).unwrap();
        for (p, c) in prior.iter().zip(clean) {
            assert!((p - c as f64).abs() < 1e-6, "{prior:?}");
        }
        // shrunk by 260 pseudo-visits: the 500-visit move keeps 500/760 of its lead over the
        // mean, the 260-visit one half of its own
        let shrunk = improved_policy(&s, |i| clean[i], ValueWeight::Fixed(50.0), 260.0).unwrap();
        let q = [
            (500.0 * 0.63 + 260.0 * mean) / 760.0,
            (260.0 * 0.67 + 260.0 * mean) / 520.0,
            mean,
        ];
        let logits: Vec<f64> = (0..3).map(|k| ln(k) + 50.0 * q[k]).collect();
        let z: f64 = logits.iter().map(|l| l.exp()).sum();
        for (p, l) in shrunk.iter().zip(&logits) {
            assert!((p - l.exp() / z).abs() < 1e-12, "{shrunk:?}");
        }
        // the values move the prior less
        assert!(
            shrunk[1] < pi[1] && shrunk[1] > clean[1] as f64,
            "{shrunk:?}"
        );
        assert_eq!(
            improved_policy(
                &stats(&[(0, None, Some(1.0))]),
                |_| 1.0,
                ValueWeight::Fixed(1.0),
                0.0
            ),
            None
        );
    }

    /// A root of three moves whose every visit returns the move's fixed value, selected
    /// `n` times by the improved rule; returns each move's visits.
    fn improved_root_visits(priors: [f32; 3], values: [f64; 3], weight: f64, n: u32) -> [u32; 3] {
        let mut tree = Tree::default();
        tree.reset();
        tree.cold[0].value_to_move = 0.5;
        for (k, &p) in priors.iter().enumerate() {
            tree.add_child(0, k as u8, p);
        }
        for _ in 0..n {
            let id = select_root_improved(&mut tree, 0b111, ValueWeight::Fixed(weight));
            let h = &mut tree.hot[id as usize];
            h.visits += 1;
            h.reward += values[h.key as usize];
        }
        let mut visits = [0; 3];
        for id in tree.children(0) {
            let h = &tree.hot[id as usize];
            visits[h.key as usize] = h.visits;
            assert_eq!(h.avail, n, "every root move stays available");
        }
        visits
    }

    #[test]
    fn the_improved_root_gives_each_move_its_share_of_the_improved_policy() {
        let (priors, values) = ([0.7, 0.2, 0.1], [0.50, 0.58, 0.40]);
        // the first iteration, with nothing visited, follows the prior
        assert_eq!(improved_root_visits(priors, values, 20.0, 1), [1, 0, 0]);
        let n = 2000;
        let visits = improved_root_visits(priors, values, 20.0, n);
        // π' = softmax(ln prior + 20 q): the second move's value outweighs its prior
        let logits: Vec<f64> = (0..3)
            .map(|k| (priors[k] as f64).ln() + 20.0 * values[k])
            .collect();
        let total: f64 = logits.iter().map(|l| l.exp()).sum();
        for k in 0..3 {
            let share = visits[k] as f64 / n as f64;
            let target = logits[k].exp() / total;
            assert!(
                (share - target).abs() < 0.005,
                "move {k}: {share} vs {target}"
            );
        }
        assert!(visits[1] > visits[0], "{visits:?}");
        // with no weight on the values the visits follow the prior alone
        let visits = improved_root_visits(priors, values, 0.0, n);
        assert_eq!(visits, [1400, 400, 200]);
    }

    /// A root worth 0.5 to its mover by its first evaluation, with children for `keys` of
    /// priors 0.64, 0.3 and 0.06; the first has 10 visits worth 0.9, the other two none.
    fn one_tried_root(keys: [u8; 3]) -> Tree {
        let mut tree = Tree::default();
        tree.reset();
        tree.cold[0].value_to_move = 0.5;
        for (key, prior) in keys.into_iter().zip([0.64f32, 0.3, 0.06]) {
            tree.add_child(0, key, prior);
        }
        let tried = tree.child(0, keys[0]).unwrap() as usize;
        tree.hot[tried].visits = 10;
        tree.hot[tried].reward = 9.0;
        tree.hot[tried].avail = 10;
        tree
    }

    #[test]
    fn first_play_urgency_values_untried_children() {
        // a root worth 0.5 to its mover by its first evaluation; the first child (prior 0.64)
        // has 10 visits worth 0.9, the other two (priors 0.3 and 0.06) none
        let tree = || one_tried_root([0, 1, 2]);
        let pick = |mask: u128, base, reduction| {
            let mut tree = tree();
            let c = select_puct(&mut tree, 0, mask, 1.5, Fpu { base, reduction }, 0.0);
            let tried = tree.child(0, 0).unwrap() as usize;
            (tree.hot[c as usize].key, tree.hot[tried].avail)
        };
        let all = 0b111;
        // u(tried) = 0.9 + 1.5 * 0.64 * sqrt(11) / 11 = 1.189; u(second) = q + 1.5 * 0.3:
        // valued as the root (0.5), 0.95 and the tried child stays ahead
        assert_eq!(pick(all, FpuBase::Value, 0.0), (0, 11));
        // optimistic by 0.4 * sqrt(0.64) = 0.32: 1.27, the second is tried
        assert_eq!(pick(all, FpuBase::Value, -0.4).0, 1);
        // from the running mean, (0.5 + 9) / 11 = 0.864: 1.314, the second is tried
        assert_eq!(pick(all, FpuBase::Mean, 0.0).0, 1);
        // the same mean less 0.2 * 0.8 = 0.16: 1.154, the tried child again
        assert_eq!(pick(all, FpuBase::Mean, 0.2).0, 0);
        // a child unavailable in this determinization lends neither its prior nor its
        // results, and its availability count stays
        assert_eq!(pick(0b110, FpuBase::Mean, 0.0), (1, 10));
        assert_eq!(pick(0b110, FpuBase::Mean, 10.0), (1, 10));
    }

    #[test]
    fn all_moves_as_first_results_move_a_childs_value() {
        // the same root as above: the tried child (prior 0.64) has 10 visits worth 0.9; the
        // third (prior 0.06) is untried, but its tile was played later in 20 iterations
        // through the root, worth 1.0 each to the side that played it
        let mut tree = one_tried_root([0, 2, 4]);
        let tried = tree.child(0, 0).unwrap() as usize;
        let late = tree.child(0, 4).unwrap() as usize;
        tree.cold[late].amaf_reward = 20.0;
        tree.cold[late].amaf_visits = 20;
        let fpu = Fpu {
            base: FpuBase::Value,
            reduction: 0.0,
        };
        let pick = |tree: &Tree, rave: f64| {
            let mut t = Tree {
                hot: tree.hot.clone(),
                cold: tree.cold.clone(),
            };
            let c = select_puct(&mut t, 0, 0b10101, 1.5, fpu, rave);
            t.hot[c as usize].key
        };
        // without: u(tried) = 1.189 leads u(third) = 0.5 + 1.5 * 0.06 = 0.59
        assert_eq!(pick(&tree, 0.0), 0);
        // with: the untried third is valued at its AMAF mean, 1.0 + 0.09 = 1.09, still behind
        // the tried child...
        assert_eq!(pick(&tree, 50.0), 0);
        // ...until the tried child's own value leans on its AMAF mean as well: 10 iterations
        // that played tile 0 later and lost each
        tree.cold[tried].amaf_visits = 10;
        tree.cold[tried].amaf_reward = 0.0;
        // beta = sqrt(50 / 80) = 0.79: q = 0.21 * 0.9 = 0.19, u = 0.48 < 1.09
        assert_eq!(pick(&tree, 50.0), 4);
        // with a small k its own results count for more, beta = sqrt(1 / 31) = 0.18: q = 0.74,
        // u = 1.03, still under the third's 1.09
        assert_eq!(pick(&tree, 1.0), 4);
        assert_eq!(pick(&tree, 0.0), 0);
    }
}
