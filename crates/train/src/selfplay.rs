//! Self-play: whole matches in which every seat searches with the current best player, the
//! search's visit distribution (or, with `improved_weight`, the improved policy its values
//! give: [`capicua_search::improved_policy`]) becoming the policy target and the round's
//! result the value targets. With `lineups`, some rounds put heuristic players beside or
//! against the searching seats ([`Lineup`]).
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
use capicua_net::{NetEvaluator, Observation, POLICY_SIZE, RootNoise, margin_scale};
use capicua_search::{
    BeliefMode, Budget, Evaluator, RolloutEvaluator, RolloutPolicy, SearchConfig, SearchError,
    SearchRequest, SearchResult, Searcher, ValueWeight, improved_policy,
};
use capicua_solver::{SolveLimits, Solver};

use crate::distil::Ending;
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
    /// Softmax temperature of the network's priors ([`SearchConfig::prior_temperature`]).
    pub prior_temperature: f64,
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
    /// A net-guided search's policy target is the improved policy with this value weight (and
    /// its favourite is played after the temperature moves); `None`: the visit shares.
    pub improved_weight: Option<f64>,
    /// Pseudo-visits that shrink each move's value towards the visited moves' mean in that
    /// policy ([`improved_policy`]'s `shrink`).
    pub improved_shrink: f64,
    /// Weights of the searching rounds' [`Lineup`]s, `[all, pair, partner]`.
    pub lineups: [u32; 3],
    /// A net-guided search's share of each leaf value from a `club` rollout.
    pub rollout_mix: f64,
}

/// Who searches in a round of a searching guide; the other seats play a heuristic style
/// drawn from [`DEFAULT_STYLES`], and only the searching seats' decisions become
/// samples. Rounds against heuristics put the network where its users put it, beside and
/// against players that are not itself: its values and beliefs then learn those positions
/// too, not only the ones its own play reaches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lineup {
    /// Every seat searches (plain self-play).
    All,
    /// One side searches, the other plays heuristics.
    Pair,
    /// One seat searches; its partner and the opponents play heuristics.
    Partner,
}

/// Plain self-play: every seat searches in every round.
pub const ALL_SEARCH: [u32; 3] = [1, 0, 0];

impl Lineup {
    /// A lineup drawn with the given weights of `[all, pair, partner]`.
    fn draw(rng: &mut Rng, weights: &[u32; 3]) -> Lineup {
        let k = rng.below(weights.iter().sum::<u32>().max(1));
        if k < weights[0] {
            Lineup::All
        } else if k < weights[0] + weights[1] {
            Lineup::Pair
        } else {
            Lineup::Partner
        }
    }

    /// The seats that search, as a bit mask, with `seat` the one a `Pair` or `Partner` is
    /// built around.
    fn searchers(self, rules: &Rules, seat: u8) -> u8 {
        let seats = rules.players;
        (0..seats)
            .filter(|&s| match self {
                Lineup::All => true,
                Lineup::Pair => rules.side_of(s) == rules.side_of(seat),
                Lineup::Partner => s == seat,
            })
            .fold(0, |mask, s| mask | 1 << s)
    }
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
        searched: None,
    }
}

/// The search's own estimate of its decision for the mover's side: the win probability and
/// the margin (divided by `scale`) of its most visited move. That move's values rest on the
/// most iterations, and they are what the mover expects from here on when it plays well
/// (the root's visit-weighted mean would count the moves the noise made it explore).
fn searched_value(res: &SearchResult, scale: f32) -> Option<(f32, f32)> {
    let best = res.moves.iter().max_by_key(|m| m.visits)?;
    Some((best.win? as f32, best.margin? as f32 / scale))
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

/// The policy target of a searched decision, one share per move of `res.moves`: the visit
/// shares, or with `p.improved_weight` and a network guide the improved policy
/// ([`improved_policy`]) over the network's priors before the root noise, so that the target
/// teaches what the search learned rather than the noise it explored with.
fn policy_target(
    p: &SelfPlayParams,
    guide: &Guide,
    info: &InfoSet,
    res: &SearchResult,
) -> Vec<f64> {
    let visits = || res.moves.iter().map(|m| m.visits as f64).collect();
    let (Some(w), Guide::Net(ev)) = (p.improved_weight, guide) else {
        return visits();
    };
    let mut priors = [0.0f32; POLICY_SIZE];
    let legal = res.moves.iter().filter_map(|m| m.mv.action_index());
    ev.evaluate_observation(&Observation::from_infoset(info), legal, &mut priors);
    let prior = |i: usize| res.moves[i].mv.action_index().map_or(0.0, |a| priors[a]);
    improved_policy(&res.moves, prior, ValueWeight::Fixed(w), p.improved_shrink)
        .unwrap_or_else(visits)
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

    /// The move a seat of this style makes: `choice` gives `counting`'s.
    fn play(
        self,
        info: &InfoSet,
        legal: &[Move],
        choice: impl FnOnce() -> Move,
        heavy: &mut HeavyPlayer,
        rng: &mut Rng,
    ) -> Move {
        match self {
            Style::Counting => choice(),
            Style::Heavy => heavy.choose(info),
            Style::NoisyCounting(p) | Style::NoisyHeavy(p) if rng.unit() < p => rng.pick(legal),
            Style::NoisyCounting(_) => choice(),
            Style::NoisyHeavy(_) => heavy.choose(info),
        }
    }
}

/// The search every searching seat of a match seeded by `seed` runs.
fn search_config(p: &SelfPlayParams, guide: &Guide, seed: u64) -> SearchConfig {
    let (iterations, c_ucb) = match *guide {
        Guide::Rollout { iterations, c_ucb } => (iterations, c_ucb),
        _ => (p.iterations, SearchConfig::default().c_ucb),
    };
    let beliefs = match guide {
        Guide::Net(ev) if p.believed_deals && ev.has_beliefs() => BeliefMode::Learned,
        _ => BeliefMode::Uniform,
    };
    // plain ISMCTS values its leaves by random rollouts already; the mix is a network's
    let (rollout_mix, rollout) = match guide {
        Guide::Net(_) if p.rollout_mix > 0.0 => (p.rollout_mix, RolloutPolicy::Club),
        _ => (0.0, RolloutPolicy::default()),
    };
    SearchConfig {
        threads: 1,
        c_puct: p.c_puct,
        prior_temperature: p.prior_temperature,
        c_ucb,
        budget: Budget::iterations(iterations),
        seed,
        beliefs,
        rollout_mix,
        rollout,
        ..SearchConfig::default()
    }
}

/// Plays one match seeded by `seed` (deals and every random choice).
pub fn play_match(
    p: &SelfPlayParams,
    guide: &Guide,
    seed: u64,
) -> Result<MatchRecord, SearchError> {
    let config = search_config(p, guide, seed);
    let budget = config.budget;
    let mut searcher = Searcher::with_evaluator(config, evaluator(guide, p.noise));
    let mut rng = Rng::stream(seed, 1);
    let mut counting = CountingPlayer::new(Rng::stream(seed, 2).next_u64());
    let mut heavy = HeavyPlayer::new(Rng::stream(seed, 3).next_u64());
    let mut style_rng = Rng::stream(seed, 4);
    let mut lineup_rng = Rng::stream(seed, 5);
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
        // the lineup's own stream: plain self-play draws from it but plays as it always did
        let lineup = Lineup::draw(&mut lineup_rng, &p.lineups);
        let around = lineup_rng.below(p.rules.players as u32) as u8;
        let searchers = lineup.searchers(&p.rules, around);
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
                let made = styles[s as usize].play(info, &legal, || choice, &mut heavy, &mut rng);
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
                if explore { rng.pick(&legal) } else { made }
            } else if searchers >> s & 1 == 0 {
                let info = table.view(s);
                styles[s as usize].play(
                    info,
                    &legal,
                    || counting.choose(info),
                    &mut heavy,
                    &mut lineup_rng,
                )
            } else {
                let info = table.view(s);
                let req = SearchRequest {
                    budget,
                    seed: rng.next_u64(),
                    stop: None,
                    report: None,
                };
                let res = searcher.search_with(info, req)?;
                record.iterations += res.iterations;
                let target = policy_target(p, guide, info, &res);
                // (action, target share, visits, move), ascending action order
                let mut stats: Vec<(usize, f64, u64, Move)> = res
                    .moves
                    .iter()
                    .zip(&target)
                    .filter_map(|(m, &t)| m.mv.action_index().map(|a| (a, t, m.visits, m.mv)))
                    .collect();
                stats.sort_by_key(|x| x.0);
                let shares: Vec<f64> = stats.iter().map(|x| x.1).collect();
                let legal_mask = stats.iter().fold(0u128, |m, x| m | 1u128 << x.0);
                let mut sample = unscored(info, table.round(), legal_mask, &shares);
                sample.solved = solved_value(&mut solver, p, table.round(), ctx.pending_ties);
                sample.searched = searched_value(&res, scale);
                pending.push((sample, p.rules.side_of(s)));
                let mv = if decisions < p.temperature_moves {
                    let w: Vec<f64> = shares.iter().map(|v| v.powf(1.0 / p.temperature)).collect();
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
                        stats[pick].3
                    } else {
                        res.best
                    }
                } else if p.improved_weight.is_some() {
                    // the improved policy's favourite among the moves the search looked at
                    stats
                        .iter()
                        .filter(|x| x.2 > 0)
                        .max_by(|a, b| a.1.total_cmp(&b.1))
                        .map_or(res.best, |x| x.3)
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
        for (mut sample, side) in pending {
            let ending = Ending::of(&result, &p.rules, ctx.pending_ties, side);
            sample.outcome = ending.outcome;
            sample.margin = ending.points / scale;
            record.samples.push(sample);
        }
        m.record(table.round());
        record.rounds += 1;
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use capicua_net::{ENCODING_VERSION, INPUT_SIZE, ModelShape, Network};

    use super::*;

    fn params(improved_weight: Option<f64>) -> SelfPlayParams {
        SelfPlayParams {
            rules: Rules::preset("cuban").unwrap(),
            iterations: 48,
            c_puct: 1.5,
            prior_temperature: 1.0,
            noise: RootNoise {
                alpha: 0.3,
                epsilon: 0.5,
            },
            temperature: 1.0,
            temperature_moves: 2,
            max_rounds: 1,
            believed_deals: false,
            solve_tiles: 0,
            improved_weight,
            improved_shrink: 0.0,
            lineups: ALL_SEARCH,
            rollout_mix: 0.0,
        }
    }

    /// The largest difference in 65535ths between each sample's policy target and its
    /// network's prior over the legal actions.
    fn from_prior(ev: &NetEvaluator, samples: &[Sample]) -> Vec<u16> {
        samples
            .iter()
            .map(|x| {
                let legal: Vec<usize> = (0..POLICY_SIZE)
                    .filter(|&a| x.legal >> a & 1 == 1)
                    .collect();
                let mut priors = [0.0f32; POLICY_SIZE];
                ev.evaluate_observation(&x.obs, legal.iter().copied(), &mut priors);
                let prior: Vec<f64> = legal.iter().map(|&a| priors[a] as f64).collect();
                let want = Sample::quantise(&prior);
                x.policy
                    .iter()
                    .zip(&want)
                    .map(|(a, b)| a.abs_diff(*b))
                    .max()
                    .unwrap()
            })
            .collect()
    }

    /// Pearson's correlation of the pairs' two values.
    fn correlation(pairs: &[(f32, f32)]) -> f32 {
        let n = pairs.len() as f32;
        let (mx, my) = pairs
            .iter()
            .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x / n, b + y / n));
        let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
        for &(x, y) in pairs {
            sxy += (x - mx) * (y - my);
            sxx += (x - mx) * (x - mx);
            syy += (y - my) * (y - my);
        }
        sxy / (sxx * syy).sqrt()
    }

    #[test]
    fn searched_decisions_carry_the_search_estimate_from_the_movers_side() {
        // random rollouts reach the end of the round, so the estimates say something about
        // it (an untrained network's values do not)
        let guide = Guide::Rollout {
            iterations: 200,
            c_ucb: 0.7,
        };
        let p = SelfPlayParams {
            max_rounds: 6,
            ..params(None)
        };
        let samples = play_match(&p, &guide, 12).unwrap().samples;
        assert!(samples.len() > 40, "{} samples", samples.len());
        let (mut wins, mut margins) = (Vec::new(), Vec::new());
        for x in &samples {
            let (w, m) = x.searched.expect("every searched decision has an estimate");
            assert!((0.0..=1.0).contains(&w) && m.abs() <= 2.0, "{w} {m}");
            wins.push((w, x.win_target()));
            margins.push((m, x.win_target()));
        }
        // from the mover's side: the estimate goes with the mover's real result (a flipped
        // side would reverse this)
        let corr = correlation(&wins);
        assert!(
            corr > 0.1,
            "correlation of the estimate and the result {corr}"
        );
        let corr = correlation(&margins);
        assert!(
            corr > 0.0,
            "the margin estimate goes against the result: {corr}"
        );
        // the counting bootstrap does not search
        let counting = Guide::Counting {
            epsilon: 0.1,
            styles: DEFAULT_STYLES,
        };
        let boot = play_match(&params(None), &counting, 12).unwrap().samples;
        assert!(!boot.is_empty() && boot.iter().all(|x| x.searched.is_none()));
    }

    #[test]
    fn only_the_lineups_searching_seats_make_samples() {
        let guide = Guide::Rollout {
            iterations: 16,
            c_ucb: 0.7,
        };
        // decisions in one round with a choice, under each lineup's weights alone
        let decisions = |lineups: [u32; 3], seed: u64| {
            let p = SelfPlayParams {
                lineups,
                ..params(None)
            };
            let record = play_match(&p, &guide, seed).unwrap();
            assert_eq!(record.rounds, 1);
            assert_eq!(record.decisions, record.samples.len() as u64);
            record.decisions
        };
        let (mut all, mut pair, mut partner) = (Vec::new(), Vec::new(), Vec::new());
        for seed in 0..8 {
            all.push(decisions(ALL_SEARCH, seed));
            pair.push(decisions([0, 1, 0], seed));
            partner.push(decisions([0, 0, 1], seed));
        }
        // a seat holds ten tiles, so it has at most ten choices in a round
        assert!(partner.iter().all(|&d| d <= 10), "{partner:?}");
        assert!(pair.iter().all(|&d| d <= 20), "{pair:?}");
        assert!(all.iter().any(|&d| d > 20), "{all:?}");
        assert!(partner.iter().any(|&d| d > 0) && pair.iter().any(|&d| d > 10));
    }

    #[test]
    fn a_rollout_mix_reaches_the_networks_searches_and_only_theirs() {
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE);
        let net = Network::new(shape, ENCODING_VERSION, 5).unwrap();
        let guide = Guide::Net(Arc::new(NetEvaluator::new(&net).unwrap()));
        let mixed = SelfPlayParams {
            rollout_mix: 0.5,
            ..params(None)
        };
        let c = search_config(&mixed, &guide, 3);
        assert_eq!((c.rollout_mix, c.rollout), (0.5, RolloutPolicy::Club));
        let plain = Guide::Rollout {
            iterations: 48,
            c_ucb: 0.7,
        };
        let c = search_config(&mixed, &plain, 3);
        assert_eq!((c.rollout_mix, c.rollout), (0.0, RolloutPolicy::Random));
        // an untrained network's values are nearly level; the rollouts' are the round's end
        let estimates = |p: &SelfPlayParams| -> Vec<(f32, f32)> {
            let samples = play_match(p, &guide, 7).unwrap().samples;
            samples.iter().map(|x| x.searched.unwrap()).collect()
        };
        let (without, with) = (estimates(&params(None)), estimates(&mixed));
        let spread = |e: &[(f32, f32)]| {
            let (lo, hi) = e.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &(w, _)| {
                (lo.min(w), hi.max(w))
            });
            hi - lo
        };
        assert!(
            spread(&with) > 2.0 * spread(&without),
            "{} {}",
            spread(&with),
            spread(&without)
        );
    }

    #[test]
    fn the_improved_target_is_the_clean_prior_moved_by_the_search_values() {
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE);
        let net = Network::new(shape, ENCODING_VERSION, 5).unwrap();
        let ev = Arc::new(NetEvaluator::new(&net).unwrap());
        let guide = Guide::Net(ev.clone());
        // no weight on the values: the network's prior, without the root noise the search
        // explored with
        let plain = play_match(&params(Some(0.0)), &guide, 11).unwrap();
        assert!(plain.samples.len() > 10, "{} samples", plain.samples.len());
        let off = from_prior(&ev, &plain.samples);
        assert!(off.iter().all(|&d| d <= 2), "{off:?}");
        // so does any weight when the values are shrunk all the way to their mean
        let shrunk = SelfPlayParams {
            improved_shrink: 1e12,
            ..params(Some(30.0))
        };
        let off = from_prior(&ev, &play_match(&shrunk, &guide, 11).unwrap().samples);
        assert!(off.iter().all(|&d| d <= 2), "{off:?}");
        // visit shares and a weighted improved policy both move away from it
        for weight in [None, Some(30.0)] {
            let record = play_match(&params(weight), &guide, 11).unwrap();
            let off = from_prior(&ev, &record.samples);
            assert!(off.iter().any(|&d| d > 1000), "{weight:?}: {off:?}");
        }
    }
}
