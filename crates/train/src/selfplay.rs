//! Self-play: whole matches in which every seat searches with the current best player, the
//! search's visit distribution becoming the policy target and the round's result the value
//! targets.
//!
//! Before any network has passed gating, a run may bootstrap from the `counting` heuristic
//! instead ([`Guide::Counting`]): every seat plays its move (a random legal one with
//! probability `epsilon` during the first `temperature_moves` decisions of a round, for
//! variety), the heuristic's choice is the policy target and the round's result the value
//! targets. The moves the seats make come from a mixture of styles (`counting`, `heavy`, and
//! noisy versions of both: `Style`) so that the belief targets teach reading players other
//! than the one the policy imitates. It plays thousands of rounds a second where a 400-iteration search plays a few,
//! and the value of a position hinges on a few hundred thousand rounds' worth of outcomes,
//! not on a sharp policy target: most of a Cuban round's result is the deal.

use std::sync::Arc;

use capicua_bots::{CountingPlayer, HeavyPlayer};
use capicua_engine::{InfoSet, Match, Move, Player, Rng, Round, Rules, Table};
use capicua_net::encoding::true_places;
use capicua_net::{NetEvaluator, Observation, RootNoise, margin_scale};
use capicua_search::{
    BeliefMode, Budget, Evaluator, RolloutEvaluator, RolloutPolicy, SearchConfig, SearchError,
    SearchRequest, Searcher,
};
use capicua_solver::{SolveLimits, Solver};

use crate::replay::Sample;

/// Who guides the self-play searches.
#[derive(Clone, Debug)]
pub enum Guide {
    /// Plain ISMCTS: UCB1 with exploration constant `c_ucb` and random rollouts, searching
    /// `iterations` a decision. The bootstrap before any network passed gating, or a
    /// stronger search distilled into the policy.
    Rollout { iterations: u64, c_ucb: f64 },
    /// Net-guided ISMCTS: PUCT with the network's priors and values.
    Net(Arc<NetEvaluator>),
    /// No search: the `counting` heuristic plays every seat (a bootstrap; see the module
    /// documentation).
    Counting { epsilon: f64, styles: [u32; 4] },
}

/// How self-play searches and picks moves.
#[derive(Clone, Debug)]
pub struct SelfPlayParams {
    pub rules: Rules,
    pub iterations: u64,
    pub c_puct: f64,
    pub noise: RootNoise,
    pub temperature: f64,
    pub temperature_moves: u32,
    /// Stop the match after this many rounds (0: play to the target).
    pub max_rounds: u32,
    /// A network with a belief output draws the searches' deals from its beliefs.
    pub believed_deals: bool,
    /// Samples with at most this many tiles in the hands record the true deal's solved value
    /// (0: none).
    pub solve_tiles: u32,
}

/// Node limit of one solved value target (about 0.1 s on this machine kind): the few
/// positions beyond it keep only the round's outcome.
const SOLVED_TARGET_NODES: u64 = 2_000_000;

/// What one self-play match produced.
#[derive(Clone, Debug, Default)]
pub struct MatchRecord {
    pub samples: Vec<Sample>,
    pub rounds: u32,
    /// Searched decisions (one sample each).
    pub decisions: u64,
    /// Search iterations in all.
    pub iterations: u64,
}

fn evaluator(guide: &Guide, noise: RootNoise) -> Arc<dyn Evaluator> {
    match guide {
        Guide::Rollout { .. } | Guide::Counting { .. } => {
            Arc::new(RolloutEvaluator::new(RolloutPolicy::Random))
        }
        Guide::Net(ev) => Arc::new((**ev).clone().with_root_noise(Some(noise))),
    }
}

/// A sample of `info`'s decision with its policy target and, from the referee's `round`, its
/// belief target; the value targets wait for the round's end.
fn unscored(info: &InfoSet, round: &Round, legal: u128, shares: &[f64]) -> Sample {
    Sample {
        obs: Observation::from_infoset(info),
        legal,
        policy: Sample::quantise(shares),
        outcome: 1,
        margin: 0.0,
        places: true_places(info, &round.state().hands),
        solved: None,
    }
}

/// The true deal's solved margin at `round`'s decision for the mover's side, scaled like
/// the margin target, when it has at most `p.solve_tiles` tiles in the hands and the solver
/// finishes within [`SOLVED_TARGET_NODES`].
fn solved_value(
    solver: &mut Option<Box<Solver>>,
    p: &SelfPlayParams,
    round: &Round,
    pending_ties: u32,
) -> Option<f32> {
    let solver = solver.as_mut()?;
    let state = round.state();
    let tiles: u32 = state.hands.iter().map(|h| h.len()).sum();
    if tiles > p.solve_tiles {
        return None;
    }
    let limits = SolveLimits::nodes(SOLVED_TARGET_NODES);
    let solved = solver
        .solve(&p.rules, state, round.first(), pending_ties, limits)
        .ok()?;
    Some(solved.outcome.exact()? as f32 / margin_scale(&p.rules))
}

/// How a seat plays a bootstrap round: beliefs must read styles other than the one the policy
/// imitates, so the seats' moves come from a mixture of heuristics, some of them noisy.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Style {
    Counting,
    Heavy,
    /// `counting` with a random legal move at this rate.
    NoisyCounting(f64),
    /// `heavy` with a random legal move at this rate.
    NoisyHeavy(f64),
}

/// Weights of `[counting, heavy, noisy counting, noisy heavy]` when a run names none: counting
/// 40%, heavy 30%, each noisy 15%.
pub const DEFAULT_STYLES: [u32; 4] = [8, 6, 3, 3];

impl Style {
    /// A style drawn with the given weights of `[counting, heavy, noisy counting, noisy
    /// heavy]` (noisy: one move in five random).
    fn draw(rng: &mut Rng, weights: &[u32; 4]) -> Style {
        let mut k = rng.below(weights.iter().sum::<u32>().max(1));
        let styles = [
            Style::Counting,
            Style::Heavy,
            Style::NoisyCounting(0.2),
            Style::NoisyHeavy(0.2),
        ];
        for (style, &w) in styles.into_iter().zip(weights) {
            if k < w {
                return style;
            }
            k -= w;
        }
        Style::Counting
    }
}

/// Plays one match seeded by `seed` (deals and every random choice).
pub fn play_match(
    p: &SelfPlayParams,
    guide: &Guide,
    seed: u64,
) -> Result<MatchRecord, SearchError> {
    let (iterations, c_ucb) = match *guide {
        Guide::Rollout { iterations, c_ucb } => (iterations, c_ucb),
        _ => (p.iterations, SearchConfig::default().c_ucb),
    };
    let beliefs = match guide {
        Guide::Net(ev) if p.believed_deals && ev.has_beliefs() => BeliefMode::Learned,
        _ => BeliefMode::Uniform,
    };
    let config = SearchConfig {
        threads: 1,
        c_puct: p.c_puct,
        c_ucb,
        budget: Budget::iterations(iterations),
        seed,
        beliefs,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::with_evaluator(config, evaluator(guide, p.noise));
    let mut rng = Rng::stream(seed, 1);
    let mut counting = CountingPlayer::new(Rng::stream(seed, 2).next_u64());
    let mut heavy = HeavyPlayer::new(Rng::stream(seed, 3).next_u64());
    let mut style_rng = Rng::stream(seed, 4);
    let mut m = Match::new(&p.rules, Rng::stream(seed, 0).next_u64());
    let mut record = MatchRecord::default();
    let scale = margin_scale(&p.rules);
    let mut solver = (p.solve_tiles > 0 && !p.rules.draw).then(Box::<Solver>::default);
    while !m.is_over() && (p.max_rounds == 0 || record.rounds < p.max_rounds) {
        let ctx = m.context();
        let mut table = Table::new(m.deal_round(), ctx.clone());
        let weights = match guide {
            Guide::Counting { styles, .. } => *styles,
            _ => DEFAULT_STYLES,
        };
        let styles: [Style; 4] = std::array::from_fn(|_| Style::draw(&mut style_rng, &weights));
        // samples of this round with the side that moved
        let mut pending: Vec<(Sample, u8)> = Vec::new();
        let mut decisions = 0u32;
        while !table.is_over() {
            let s = table.to_move();
            let legal = table.legal_moves();
            let mv = if legal.len() == 1 {
                legal[0]
            } else if let Guide::Counting { epsilon, .. } = guide {
                let info = table.view(s);
                // the policy imitates counting whoever moves; the move made is the seat's style
                let choice = counting.choose(info);
                let made = match styles[s as usize] {
                    Style::Counting => choice,
                    Style::Heavy => heavy.choose(info),
                    Style::NoisyCounting(p) | Style::NoisyHeavy(p) if rng.unit() < p => {
                        legal[rng.below(legal.len() as u32) as usize]
                    }
                    Style::NoisyCounting(_) => choice,
                    Style::NoisyHeavy(_) => heavy.choose(info),
                };
                let mut actions: Vec<usize> =
                    legal.iter().filter_map(|m| m.action_index()).collect();
                actions.sort_unstable();
                let legal_mask = actions.iter().fold(0u128, |m, &a| m | 1u128 << a);
                let chosen = choice.action_index();
                let policy: Vec<f64> = actions
                    .iter()
                    .map(|&a| if Some(a) == chosen { 1.0 } else { 0.0 })
                    .collect();
                let mut sample = unscored(info, table.round(), legal_mask, &policy);
                sample.solved = solved_value(&mut solver, p, table.round(), ctx.pending_ties);
                pending.push((sample, p.rules.side_of(s)));
                let explore = decisions < p.temperature_moves && rng.unit() < *epsilon;
                decisions += 1;
                record.decisions += 1;
                if explore {
                    legal[rng.below(legal.len() as u32) as usize]
                } else {
                    made
                }
            } else {
                let info = table.view(s);
                let req = SearchRequest {
                    budget: Budget::iterations(iterations),
                    seed: rng.next_u64(),
                    stop: None,
                    report: None,
                };
                let res = searcher.search_with(info, req)?;
                record.iterations += res.iterations;
                let mut stats: Vec<(usize, u64, Move)> = res
                    .moves
                    .iter()
                    .filter_map(|m| m.mv.action_index().map(|a| (a, m.visits, m.mv)))
                    .collect();
                stats.sort_by_key(|x| x.0);
                let visits: Vec<f64> = stats.iter().map(|x| x.1 as f64).collect();
                let legal_mask = stats.iter().fold(0u128, |m, x| m | 1u128 << x.0);
                let mut sample = unscored(info, table.round(), legal_mask, &visits);
                sample.solved = solved_value(&mut solver, p, table.round(), ctx.pending_ties);
                pending.push((sample, p.rules.side_of(s)));
                let mv = if decisions < p.temperature_moves {
                    let w: Vec<f64> = visits.iter().map(|v| v.powf(1.0 / p.temperature)).collect();
                    let total: f64 = w.iter().sum();
                    if total > 0.0 {
                        let mut x = rng.unit() * total;
                        let mut pick = stats.len() - 1;
                        for (i, wi) in w.iter().enumerate() {
                            if x < *wi {
                                pick = i;
                                break;
                            }
                            x -= wi;
                        }
                        stats[pick].2
                    } else {
                        res.best
                    }
                } else {
                    res.best
                };
                decisions += 1;
                record.decisions += 1;
                mv
            };
            table.play(mv).expect("a legal move");
        }
        let result = table.result().expect("the round is over");
        let points = result.points(&p.rules, ctx.pending_ties) as f32;
        for (mut sample, side) in pending {
            let (outcome, margin) = match result.winner {
                None => (1, 0.0),
                Some(w) if w == side => (2, points),
                Some(_) => (0, -points),
            };
            sample.outcome = outcome;
            sample.margin = margin / scale;
            record.samples.push(sample);
        }
        m.record(table.round());
        record.rounds += 1;
    }
    Ok(record)
}
