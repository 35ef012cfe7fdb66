//! The search driver: [`Searcher`] runs single-observer ISMCTS or PIMC from one seat's
//! information set, on one or more threads, within a budget, and returns per-move statistics.
//!
//! One iteration of ISMCTS (Cowling, Powley and Whitehouse 2012):
//! 1. draw a determinization from the exact sampler (built once per search: uniform, or
//!    weighted by the evaluator's beliefs with `BeliefMode::Learned`);
//! 2. descend the tree, considering at each node only the actions legal in this
//!    determinization: every such child's availability count goes up, and the child is chosen
//!    by UCB1 with the availability count in place of the parent's visits (or by PUCT with the
//!    evaluator's priors);
//! 3. expand: UCB1 adds one untried legal action; PUCT evaluates the node reached and adds a
//!    child with its prior for every legal action;
//! 4. evaluate the leaf (a rollout, or the evaluator's estimate) into a reward for each side;
//! 5. back the reward up, each node taking the reward of the side that took its action.
//!
//! PIMC runs the same machinery with the determinization fixed for a share of the budget (a
//! perfect-information UCT per world), summing root statistics over worlds.
//!
//! The search lives in three files: this one drives it (threads, budget, PIMC worlds,
//! reports); `iteration` runs one iteration (determinize, descend, expand, evaluate); `select`
//! holds selection and backup (UCB1, PUCT, the root statistics).

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use capicua_engine::{InfoSet, Move, PlaceWeights, Player, Rng, Rules, State, TileSet};

use crate::config::{
    Algorithm, Budget, ForcedMoves, LeafSeats, MoveChoice, OtherSeats, REVEAL_DEALS, RootSelection,
    SearchConfig, SeatGroup,
};
use crate::error::SearchError;
use crate::evaluator::{Evaluator, Leaf, RolloutEvaluator};
use crate::iteration::{Ctx, Determinizations, OtherModel, RootTilt, Worker};
use crate::reward::Reward;
use crate::rollout::RolloutPolicy;
use crate::select::{Acc, Fpu, merge, root_stats, summarize};
use crate::tree::action_key;
use capicua_bots::{CountingPlayer, TableMemory};

pub use crate::select::{MoveStats, SearchResult, improved_policy};

/// A periodic progress callback: `callback` gets a snapshot every `every` (called on the
/// thread that runs the search).
pub struct Report<'a> {
    pub every: Duration,
    pub callback: &'a mut (dyn FnMut(&SearchResult) + 'a),
}

/// What one search call brings besides the position.
pub struct SearchRequest<'a> {
    pub budget: Budget,
    pub seed: u64,
    /// Raised by another thread to end the search at once (checked every iteration).
    pub stop: Option<&'a AtomicBool>,
    pub report: Option<Report<'a>>,
}

/// A bit per seat in `group` of a search by `searcher` (never the searcher's own).
fn modelled_seats(group: SeatGroup, rules: &Rules, searcher: u8) -> u8 {
    (0..rules.players)
        .filter(|&s| s != searcher && group.contains(rules, searcher, s))
        .fold(0, |bits, s| bits | 1 << s)
}

/// A reusable search: configuration, evaluator, and one tree arena per thread kept between
/// searches. Not `Sync`; one search runs at a time.
pub struct Searcher {
    config: SearchConfig,
    evaluator: Arc<dyn Evaluator>,
    workers: Vec<Worker>,
}

impl Searcher {
    /// A searcher with the rollout evaluator of `config.rollout`.
    pub fn new(config: SearchConfig) -> Searcher {
        let ev = Arc::new(RolloutEvaluator::new(config.rollout).with_random(config.rollout_random));
        Searcher::with_evaluator(config, ev)
    }

    /// A searcher with another evaluator (a network).
    pub fn with_evaluator(config: SearchConfig, evaluator: Arc<dyn Evaluator>) -> Searcher {
        Searcher {
            config,
            evaluator,
            workers: Vec::new(),
        }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }
    pub fn evaluator(&self) -> &Arc<dyn Evaluator> {
        &self.evaluator
    }

    /// Searches with the configured budget and seed.
    pub fn search(&mut self, info: &InfoSet) -> Result<SearchResult, SearchError> {
        let req = SearchRequest {
            budget: self.config.budget,
            seed: self.config.seed,
            stop: None,
            report: None,
        };
        self.search_with(info, req)
    }

    /// Searches `info` (its seat must be to move) with the request's budget, seed, stop flag
    /// and reports. With one thread and an iteration budget the result depends only on the
    /// information set, the configuration and the seed.
    pub fn search_with(
        &mut self,
        info: &InfoSet,
        req: SearchRequest<'_>,
    ) -> Result<SearchResult, SearchError> {
        self.search_open(info, req, None)
    }

    /// [`Searcher::search_with`], shown the true deal: only `BeliefMode::Truth` reads it.
    pub fn search_open(
        &mut self,
        info: &InfoSet,
        mut req: SearchRequest<'_>,
        truth: Option<&State>,
    ) -> Result<SearchResult, SearchError> {
        let start = Instant::now();
        if info.is_over() {
            return Err(SearchError::RoundOver);
        }
        if info.to_move() != info.seat() {
            return Err(SearchError::NotToMove {
                seat: info.seat(),
                to_move: info.to_move(),
            });
        }
        if !req.budget.is_set() {
            return Err(SearchError::Config(
                "a search needs an iteration or a time budget".into(),
            ));
        }
        let cfg = &self.config;
        if cfg.threads == 0 || cfg.max_nodes < 2 {
            return Err(SearchError::Config(
                "threads and max_nodes must be positive".into(),
            ));
        }
        if let Algorithm::Pimc { worlds: 0 } = cfg.algorithm {
            return Err(SearchError::Config("PIMC needs at least one world".into()));
        }
        let legal = info.legal_moves();
        let root_moves: Vec<Move> = legal.to_vec();
        let choice = cfg.choice;
        if root_moves.len() == 1 {
            return Ok(summarize(
                choice,
                &root_moves,
                &[Acc::default()],
                0,
                start.elapsed(),
                0,
                false,
            ));
        }
        let evaluator: &dyn Evaluator = &*self.evaluator;
        let deals = Determinizations::for_search(cfg, evaluator, info, truth)?;
        let rules = *info.rules();
        let mut side = [0u8; 4];
        for (s, d) in side.iter_mut().enumerate().take(rules.players as usize) {
            *d = rules.side_of(s as u8);
        }
        let puct = evaluator.gives_priors();
        let threads = cfg.threads;
        while self.workers.len() < threads {
            self.workers.push(Worker::default());
        }
        let shared =
            (threads > 1 && cfg.parallel.one_tree(puct) && cfg.algorithm == Algorithm::Ismcts)
                .then(|| {
                    // the first worker's arena, so that its memory is kept between searches
                    let mut tree = std::mem::take(&mut self.workers[0].tree);
                    tree.reset();
                    Mutex::new(tree)
                });
        let reader = cfg.move_reader_for(&req.budget);
        let ctx = Ctx {
            info,
            deals: &deals,
            reward: Reward::new(&cfg.reward_for(&req.budget), &rules, info.context()),
            rules,
            first: info.first(),
            pending_ties: info.context().pending_ties,
            side,
            evaluator,
            puct,
            c: if puct {
                cfg.c_puct_for(&req.budget)
            } else {
                cfg.c_ucb
            },
            root_weight: match (cfg.root, cfg.choice) {
                (RootSelection::Improved, MoveChoice::Improved { weight }) if puct => Some(weight),
                _ => None,
            },
            prior_power: (1.0 / cfg.prior_temperature) as f32,
            other_prior_power: (1.0 / cfg.other_prior_temperature.unwrap_or(cfg.prior_temperature))
                as f32,
            pip_tilt: cfg.prior_pip_tilt as f32,
            root_tilt: RootTilt::of(reader, cfg.reader_scale as f32, info, &deals),
            reader_scale: cfg.reader_scale as f32,
            deep_reader: reader.filter(|r| cfg.reader_below_root && r.reads(info.rules())),
            fpu: Fpu {
                base: cfg.fpu_base,
                reduction: cfg.fpu_reduction,
            },
            rave: if puct { cfg.rave } else { 0.0 },
            other_model: match cfg.other_seats {
                _ if !puct || !matches!(cfg.algorithm, Algorithm::Ismcts) => None,
                OtherSeats::Search => None,
                OtherSeats::Policy { temperature } => {
                    Some(OtherModel::Policy((1.0 / temperature) as f32))
                }
                OtherSeats::Club => Some(OtherModel::Club),
            },
            modelled: modelled_seats(cfg.modelled_seats, &rules, info.seat()),
            widening: cfg.widening,
            skip_forced: cfg.forced == ForcedMoves::Skip,
            pass_through: if puct {
                pass_through_seats(cfg.leaf, info.seat(), &side, rules.players)
            } else {
                0
            },
            lazy_priors: cfg.lazy_priors,
            max_depth: match cfg.max_depth {
                0 => usize::MAX,
                d => d as usize,
            },
            rollout_mix: cfg.rollout_mix_for(&req.budget),
            late_mix: cfg.late_mix_for(&req.budget),
            rollouts: cfg.rollouts.max(1),
            rollout: cfg.rollout,
            rollout_random: cfg.rollout_random,
            common_root_deals: cfg.common_root_deals && matches!(cfg.algorithm, Algorithm::Ismcts),
            memory: if cfg.rollout == RolloutPolicy::Read {
                TableMemory::of(info)
            } else {
                TableMemory::default()
            },
            max_nodes: cfg.max_nodes,
            solve_tiles: cfg.solve_tiles,
            batch: evaluator.batch_size().max(1),
            root_keys: root_moves.iter().map(|&m| action_key(m)).collect(),
            stop: req.stop,
            deadline: req.budget.time.map(|t| start + t),
            early: match (cfg.early_stop, req.budget.time, cfg.algorithm) {
                (Some(e), Some(t), Algorithm::Ismcts) => Some((start + t.mul_f64(e.at), e.share)),
                _ => None,
            },
            ended: AtomicBool::new(false),
            start,
            algorithm: cfg.algorithm,
            seed: req.seed,
            report_every: req.report.as_ref().map(|r| r.every),
            failed: AtomicBool::new(false),
            shared,
        };
        let slots: Vec<Mutex<Published>> = (0..threads)
            .map(|_| Mutex::new(Published::default()))
            .collect();
        let n_moves = root_moves.len();
        let (first, rest) = self.workers[..threads]
            .split_first_mut()
            .expect("one thread at least");
        let mut report = req.report.take();
        std::thread::scope(|scope| {
            for (k, w) in rest.iter_mut().enumerate() {
                let (ctx, slots) = (&ctx, &slots);
                let t = k + 1;
                scope.spawn(move || {
                    w.run(
                        ctx,
                        t,
                        threads,
                        req.budget.iterations,
                        &mut |w: &Worker, iterations| {
                            let mut slot = slots[t].lock().unwrap_or_else(|e| e.into_inner());
                            slot.stats = w.root_totals(ctx, n_moves);
                            slot.iterations = iterations;
                            slot.nodes = w.tree.len();
                        },
                    );
                });
            }
            let moves = &root_moves;
            first.run(
                &ctx,
                0,
                threads,
                req.budget.iterations,
                &mut |w: &Worker, iterations| {
                    if let Some(r) = report.as_mut() {
                        let mut acc = w.root_totals(&ctx, n_moves);
                        let (mut its, mut nodes) = (iterations, w.tree.len());
                        if let Some((stats, len)) = shared_totals(&ctx, n_moves) {
                            merge(&mut acc, &stats);
                            nodes += len;
                        }
                        for slot in &slots[1..] {
                            let s = slot.lock().unwrap_or_else(|e| e.into_inner());
                            merge(&mut acc, &s.stats);
                            its += s.iterations;
                            nodes += s.nodes;
                        }
                        (r.callback)(&summarize(
                            choice,
                            moves,
                            &acc,
                            its,
                            start.elapsed(),
                            nodes,
                            false,
                        ));
                    }
                },
            );
        });
        if let Some(e) = self.workers[..threads]
            .iter()
            .find_map(|w| w.failure.clone())
        {
            return Err(e);
        }
        let mut acc = vec![Acc::default(); n_moves];
        let (mut iterations, mut nodes) = (0, 0);
        if let Some((stats, len)) = shared_totals(&ctx, n_moves) {
            merge(&mut acc, &stats);
            nodes += len;
        }
        for w in &self.workers[..threads] {
            merge(&mut acc, &w.final_totals);
            iterations += w.iterations;
            nodes += w.max_tree;
        }
        if let Some(tree) = ctx.shared {
            self.workers[0].tree = tree.into_inner().unwrap_or_else(|e| e.into_inner());
        }
        let stopped = req.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        let mut result = summarize(
            choice,
            &root_moves,
            &acc,
            iterations,
            start.elapsed(),
            nodes,
            stopped,
        );
        if self.config.club_ties > 0.0 {
            result.best = club_tie(info, &result, self.config.club_ties, req.seed);
        }
        if self.config.reveal > 0.0 {
            result.best = revealing_move(
                info,
                &result,
                self.config.reveal,
                evaluator,
                &deals,
                req.seed,
            )?;
        }
        Ok(result)
    }
}

/// The root moves with at least `1 - share` of the most visits of `result`'s.
fn near_best(result: &SearchResult, share: f64) -> impl Iterator<Item = Move> + '_ {
    let most = result.moves.iter().map(|m| m.visits).max().unwrap_or(0);
    result
        .moves
        .iter()
        .filter(move |m| m.visits as f64 >= (1.0 - share) * most as f64)
        .map(|m| m.mv)
}

/// Of the root moves with at least `1 - share` of the most visits, the one after which the
/// partner's beliefs best place this seat's hand ([`SearchConfig::reveal`]); `result`'s
/// choice when fewer than two moves qualify, when the seat has no partner or when the
/// evaluator has no beliefs.
fn revealing_move(
    info: &InfoSet,
    result: &SearchResult,
    share: f64,
    evaluator: &dyn Evaluator,
    deals: &Determinizations,
    seed: u64,
) -> Result<Move, SearchError> {
    let rules = info.rules();
    let me = info.seat();
    let Some(partner) =
        (0..rules.players).find(|&s| s != me && rules.side_of(s) == rules.side_of(me))
    else {
        return Ok(result.best);
    };
    let candidates: Vec<Move> = near_best(result, share).collect();
    if candidates.len() < 2 {
        return Ok(result.best);
    }
    let mut scores = vec![0.0f64; candidates.len()];
    let mut rng = Rng::new(seed ^ 0x7265_7665_616c);
    for _ in 0..REVEAL_DEALS {
        let deal = deals.sample(&mut rng)?;
        for (c, score) in candidates.iter().zip(scores.iter_mut()) {
            let mut state = deal;
            state.apply(*c);
            let path = [*c];
            let leaf = Leaf {
                root: info,
                path: &path,
                state: &state,
            };
            let view = leaf.infoset_of(partner)?;
            let Some(weights) = evaluator.place_weights(&view) else {
                return Ok(result.best);
            };
            *score += hand_log_likelihood(&view, &weights, me, state.hands[me as usize]);
        }
    }
    let top = (0..candidates.len())
        .max_by(|&a, &b| scores[a].total_cmp(&scores[b]))
        .expect("two candidates at least");
    Ok(candidates[top])
}

/// How well `weights`, read from `view`'s seat, place seat `seat`'s holding `hand`: the sum
/// over the tiles `view` has not seen of the log-probability of the truth of "`seat` holds
/// it", each tile's weights normalised over the places `view` cannot rule out.
fn hand_log_likelihood(view: &InfoSet, weights: &PlaceWeights, seat: u8, hand: TileSet) -> f64 {
    let players = view.rules().players;
    view.unseen()
        .iter()
        .map(|t| {
            let w = weights.get(t);
            let open = |s: u8| s != view.seat() && !view.excluded(s).contains(t);
            let total: f64 = (0..players)
                .filter(|&s| open(s))
                .map(|s| w[s as usize])
                .sum::<f64>()
                + w[PlaceWeights::OUT];
            let p = if open(seat) && total > 0.0 {
                w[seat as usize] / total
            } else {
                0.0
            };
            let p = if hand.contains(t) { p } else { 1.0 - p };
            p.clamp(1e-6, 1.0).ln()
        })
        .sum()
}

/// `counting`'s move at `info` if it has at least `1 - share` of the most visits of
/// `result`'s root moves, else `result`'s choice ([`SearchConfig::club_ties`]).
fn club_tie(info: &InfoSet, result: &SearchResult, share: f64, seed: u64) -> Move {
    let club = CountingPlayer::new(seed).choose(info);
    if near_best(result, share).any(|m| m == club) {
        club
    } else {
        result.best
    }
}

/// The root statistics and size of the tree the threads share, if they share one.
fn shared_totals(ctx: &Ctx<'_>, n_moves: usize) -> Option<(Vec<Acc>, usize)> {
    let tree = ctx
        .shared
        .as_ref()?
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    Some((
        root_stats(&tree, &ctx.root_keys, ctx.puct, n_moves),
        tree.len(),
    ))
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Published {
    pub(crate) stats: Vec<Acc>,
    pub(crate) iterations: u64,
    pub(crate) nodes: usize,
}

/// Check the clock once in this many iterations (the stop flag is read every iteration).
const CLOCK_EVERY: u64 = 8;

impl Worker {
    /// Root statistics now: finished worlds plus the current tree.
    fn root_totals(&self, ctx: &Ctx<'_>, n_moves: usize) -> Vec<Acc> {
        let mut acc = self.world_totals.clone();
        merge(&mut acc, &self.root_totals_of_tree(ctx, n_moves));
        acc
    }

    fn root_totals_of_tree(&self, ctx: &Ctx<'_>, n_moves: usize) -> Vec<Acc> {
        root_stats(&self.tree, &ctx.root_keys, ctx.puct, n_moves)
    }

    /// The most visited root move's share of the root's visits, in this thread's tree or the
    /// shared one (other threads' own trees are not looked at: one tree is a fair sample).
    fn leader_share(&self, ctx: &Ctx<'_>) -> f64 {
        let n_moves = ctx.root_keys.len();
        let mut acc = self.root_totals(ctx, n_moves);
        if let Some((stats, _)) = shared_totals(ctx, n_moves) {
            merge(&mut acc, &stats);
        }
        let total: u64 = acc.iter().map(|a| a.visits).sum();
        let most = acc.iter().map(|a| a.visits).max().unwrap_or(0);
        if total == 0 {
            0.0
        } else {
            most as f64 / total as f64
        }
    }

    /// Runs this thread's share of the search. `publish` is called with the worker and its
    /// iteration count every `report_every` (thread 0 reports, the others publish).
    fn run(
        &mut self,
        ctx: &Ctx<'_>,
        t: usize,
        threads: usize,
        iterations: Option<u64>,
        publish: &mut dyn FnMut(&Worker, u64),
    ) {
        let n_moves = ctx.root_keys.len();
        self.failure = None;
        self.iterations = 0;
        self.root_deals.clear();
        self.max_tree = 0;
        self.world_totals.clear();
        self.world_totals.resize(n_moves, Acc::default());
        self.tree.reset();
        let mut next_report = ctx.report_every.map(|e| ctx.start + e);
        let share = |total: u64, parts: u64, k: u64| total / parts + u64::from(k < total % parts);
        match ctx.algorithm {
            Algorithm::Ismcts => {
                let mut rng = Rng::stream(ctx.seed, t as u64);
                let limit = iterations.map(|n| share(n, threads as u64, t as u64));
                let run = self.iterate_until(
                    ctx,
                    &mut rng,
                    None,
                    limit,
                    ctx.deadline,
                    if t == 0 { ctx.early } else { None },
                    &mut next_report,
                    publish,
                );
                self.max_tree = self.tree.len();
                if let Err(e) = run {
                    self.fail(ctx, e);
                    return;
                }
            }
            Algorithm::Pimc { worlds } => {
                let mine: Vec<u64> = (t as u64..worlds as u64).step_by(threads).collect();
                for (k, &w) in mine.iter().enumerate() {
                    if ctx.stopped() || ctx.deadline.is_some_and(|d| Instant::now() >= d) {
                        break;
                    }
                    let mut rng = Rng::stream(ctx.seed, w);
                    let world = match ctx.deals.sample(&mut rng) {
                        Ok(world) => world,
                        Err(e) => {
                            self.fail(ctx, e);
                            return;
                        }
                    };
                    let limit = iterations.map(|n| share(n, worlds as u64, w));
                    // each remaining world of this thread gets an equal slice of the time left
                    let deadline = ctx.deadline.map(|d| {
                        let now = Instant::now();
                        now + d.saturating_duration_since(now) / (mine.len() - k) as u32
                    });
                    self.tree.reset();
                    let run = self.iterate_until(
                        ctx,
                        &mut rng,
                        Some(&world),
                        limit,
                        deadline,
                        None,
                        &mut next_report,
                        publish,
                    );
                    if let Err(e) = run {
                        self.fail(ctx, e);
                        return;
                    }
                    self.max_tree = self.max_tree.max(self.tree.len());
                    let totals = self.root_totals_of_tree(ctx, n_moves);
                    merge(&mut self.world_totals, &totals);
                    self.tree.reset();
                }
            }
        }
        self.final_totals = self.root_totals(ctx, n_moves);
    }

    /// Keeps the first error of this thread and stops the others: a search that cannot draw
    /// its determinizations has no result.
    fn fail(&mut self, ctx: &Ctx<'_>, error: SearchError) {
        self.failure = Some(error);
        ctx.failed.store(true, Ordering::Relaxed);
    }

    /// Iterates until `limit` iterations, the deadline or the stop flag. `world` fixes the
    /// determinization (PIMC); otherwise each iteration samples one, which fails when the
    /// sampler finds no consistent deal.
    #[allow(clippy::too_many_arguments)]
    fn iterate_until(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        world: Option<&State>,
        limit: Option<u64>,
        deadline: Option<Instant>,
        mut early: Option<(Instant, f64)>,
        next_report: &mut Option<Instant>,
        publish: &mut dyn FnMut(&Worker, u64),
    ) -> Result<(), SearchError> {
        let mut done = 0u64;
        loop {
            if limit.is_some_and(|n| done >= n) || ctx.stopped() {
                return Ok(());
            }
            if (done.is_multiple_of(CLOCK_EVERY) || ctx.batch > 1)
                && (deadline.is_some() || next_report.is_some())
            {
                let now = Instant::now();
                if deadline.is_some_and(|d| now >= d) {
                    return Ok(());
                }
                if let Some((at, share)) = early
                    && now >= at
                {
                    early = None;
                    if self.leader_share(ctx) >= share {
                        ctx.ended.store(true, Ordering::Relaxed);
                        return Ok(());
                    }
                }
                if next_report.is_some_and(|r| now >= r) {
                    publish(self, self.iterations);
                    *next_report = Some(now + ctx.report_every.unwrap_or_default());
                }
            }
            let n = if let Some(shared) = &ctx.shared {
                self.iterate_shared(ctx, rng, shared)?
            } else if ctx.batch > 1 {
                let want = limit.map_or(ctx.batch as u64, |n| (n - done).min(ctx.batch as u64));
                self.iterate_batch(ctx, rng, world, want as usize)?
            } else {
                self.iterate_one(ctx, rng, world)?
            };
            done += n;
            self.iterations += n;
        }
    }
}

/// The seats whose new nodes an iteration passes through under `leaf` (bit per seat), for a
/// search from `seat`'s information set.
fn pass_through_seats(leaf: LeafSeats, seat: u8, side: &[u8; 4], players: u8) -> u8 {
    let mut bits = 0u8;
    for s in 0..players {
        let through = match leaf {
            LeafSeats::Any => false,
            LeafSeats::Side => side[s as usize] != side[seat as usize],
            LeafSeats::Own => s != seat,
        };
        if through {
            bits |= 1 << s;
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use capicua_engine::{Match, Rules};

    use super::*;
    use crate::config::Widening;
    use crate::evaluator::{Evaluation, Leaf, LeafValue};

    /// One evaluation: the action keys from the root to the node, and the node's legal keys.
    type Call = (Vec<u8>, Vec<u8>);

    /// Sets `out`'s priors uniform over the leaf's legal moves.
    fn uniform_priors(leaf: &Leaf<'_>, out: &mut Evaluation) {
        out.priors = [0.0; crate::ACTIONS];
        let legal = leaf.legal_moves();
        for a in legal.iter().filter_map(|m| m.action_index()) {
            out.priors[a] = 1.0 / legal.len() as f32;
        }
    }

    /// Uniform priors and an even value, logging its calls.
    #[derive(Default)]
    struct Logged(Mutex<Vec<Call>>);

    impl Evaluator for Logged {
        fn name(&self) -> String {
            "logged".into()
        }
        fn gives_priors(&self) -> bool {
            true
        }
        fn evaluate(&self, leaf: &Leaf<'_>, _rng: &mut capicua_engine::Rng, out: &mut Evaluation) {
            uniform_priors(leaf, out);
            let legal = leaf.legal_moves();
            out.value = LeafValue::Estimate {
                side: leaf.root.rules().side_of(leaf.to_move()),
                win: 0.5,
                margin: 0.0,
            };
            let path = leaf.path.iter().map(|&m| action_key(m)).collect();
            let keys = legal.iter().map(|&m| action_key(m)).collect();
            self.0.lock().unwrap().push((path, keys));
        }
    }

    /// How long a plain search of the opening lead (ten legal moves) takes with `budget` and
    /// an early stop looking at `at` of it for a leader with `share` of the visits, and how
    /// many iterations it makes.
    fn timed_lead(budget: Duration, at: f64, share: f64) -> (Duration, u64) {
        let rules = Rules::cuban();
        let round = Match::new(&rules, 5).deal_round();
        let info = round.infoset(round.to_move());
        assert!(info.legal_moves().len() >= 2);
        let mut searcher = Searcher::new(SearchConfig {
            budget: Budget::time(budget),
            early_stop: Some(crate::EarlyStop { at, share }),
            ..SearchConfig::default()
        });
        let start = Instant::now();
        let res = searcher.search(&info).unwrap();
        (start.elapsed(), res.iterations)
    }

    #[test]
    fn club_ties_play_countings_move_where_the_visits_leave_room() {
        let rules = Rules::cuban();
        let mut rng = Rng::new(11);
        let mut changed = 0;
        for _ in 0..30 {
            let deal = capicua_engine::Deal::random(&rules, &mut rng);
            let round = capicua_engine::Round::new(&rules, deal, rng.below(4) as u8, None).unwrap();
            let info = round.infoset(round.to_move());
            if info.legal_moves().len() < 2 {
                continue;
            }
            let search = |ties: f64| {
                let mut s = Searcher::new(SearchConfig {
                    budget: Budget::iterations(200),
                    seed: 3,
                    club_ties: ties,
                    ..SearchConfig::default()
                });
                s.search(&info).unwrap()
            };
            let (plain, all, none) = (search(0.0), search(1.0), search(1e-9));
            let club = CountingPlayer::new(3).choose(&info);
            // every share of the most visits is room enough at 1; at almost 0 only a tie
            assert_eq!(all.best, club);
            let most = plain.moves.iter().map(|s| s.visits).max().unwrap();
            let club_visits = plain.moves.iter().find(|s| s.mv == club).unwrap().visits;
            let want = if club_visits == most {
                club
            } else {
                plain.best
            };
            assert_eq!(none.best, want);
            // the statistics are the search's own, whatever is played
            assert_eq!(all.moves, plain.moves);
            changed += (all.best != plain.best) as u32;
        }
        assert!(changed > 0, "counting never differed from the search");
    }

    /// Rollout values; place weights that give seat `seat` each tile with a probability that
    /// grows with its pips (and every other place weight 1).
    struct PipBeliefs {
        seat: u8,
    }

    impl PipBeliefs {
        fn weight(t: capicua_engine::Tile) -> f64 {
            (t.pips() as f64 / 4.0).exp()
        }
    }

    impl Evaluator for PipBeliefs {
        fn name(&self) -> String {
            "pip beliefs".into()
        }
        fn gives_priors(&self) -> bool {
            false
        }
        fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
            RolloutEvaluator::default().evaluate(leaf, rng, out);
        }
        fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
            let mut w = PlaceWeights::uniform();
            for t in info.unseen().iter() {
                let mut places = [1.0; 5];
                places[self.seat as usize] = Self::weight(t);
                w.set(t, places);
            }
            Some(w)
        }
    }

    #[test]
    fn reveal_plays_the_near_best_move_the_partner_least_expected() {
        // With these beliefs the partner expects this seat to hold high tiles: the move whose
        // tile it least expected, once played, leaves the hand it reads best.
        let rules = Rules::cuban();
        let mut rng = Rng::new(12);
        let (mut changed, mut searched) = (0, 0);
        for _ in 0..30 {
            let deal = capicua_engine::Deal::random(&rules, &mut rng);
            let mut round =
                capicua_engine::Round::new(&rules, deal, rng.below(4) as u8, None).unwrap();
            let moves = rng.below(12) as usize;
            round.play_random(&mut rng, moves);
            if round.is_over() {
                continue;
            }
            let info = round.infoset(round.to_move());
            if info.legal_moves().len() < 2 {
                continue;
            }
            let search = |share: f64| {
                let ev = Arc::new(PipBeliefs { seat: info.seat() });
                let mut s = Searcher::with_evaluator(
                    SearchConfig {
                        budget: Budget::iterations(200),
                        seed: 3,
                        reveal: share,
                        ..SearchConfig::default()
                    },
                    ev,
                );
                s.search(&info).unwrap()
            };
            let (plain, all, none) = (search(0.0), search(1.0), search(1e-9));
            // the statistics are the search's own, whatever is played
            assert_eq!(all.moves, plain.moves);
            let weight = |m: Move| PipBeliefs::weight(m.tile().unwrap());
            let least = all
                .moves
                .iter()
                .map(|m| weight(m.mv))
                .fold(f64::MAX, f64::min);
            assert_eq!(weight(all.best), least, "{:?} in {:?}", all.best, all.moves);
            // at almost no room, only moves level with the most visits are candidates
            let most = plain.moves.iter().map(|m| m.visits).max().unwrap();
            let level = plain.moves.iter().filter(|m| m.visits == most).count();
            if level == 1 {
                assert_eq!(none.best, plain.best);
            }
            changed += (all.best != plain.best) as u32;
            searched += 1;
        }
        assert!(
            searched >= 10 && changed > 0,
            "{searched} searched, {changed} changed"
        );
    }

    #[test]
    fn a_leaf_rebuilds_any_seats_information_set() {
        let rules = Rules::cuban();
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let deal = capicua_engine::Deal::random(&rules, &mut rng);
            let mut round =
                capicua_engine::Round::new(&rules, deal, rng.below(4) as u8, None).unwrap();
            let root_after = rng.below(20);
            let mut path = Vec::new();
            let mut root = None;
            for k in 0..30 {
                if round.is_over() {
                    break;
                }
                if k == root_after {
                    root = Some(round.infoset(round.to_move()));
                }
                let legal = round.legal_moves();
                let mv = rng.pick(&legal);
                round.play(mv).unwrap();
                if root.is_some() {
                    path.push(mv);
                }
            }
            let Some(root) = root else { continue };
            let leaf = Leaf {
                root: &root,
                path: &path,
                state: round.state(),
            };
            for seat in 0..4 {
                let built = leaf.infoset_of(seat).unwrap();
                let real = round.infoset(seat);
                assert_eq!(built.seat(), seat);
                assert_eq!(built.hand(), real.hand());
                assert_eq!(built.dealt(), real.dealt());
                assert_eq!(built.history(), real.history());
                assert_eq!(built.unseen(), real.unseen());
                assert_eq!(built.to_move(), real.to_move());
                for s in 0..4 {
                    assert_eq!(built.excluded(s), real.excluded(s));
                }
            }
        }
    }

    #[test]
    fn early_stop_ends_a_decided_search_at_its_look() {
        // any leader holds a hundredth of the visits, so the look at 1% of 3 s ends the search
        let (took, iterations) = timed_lead(Duration::from_secs(3), 0.01, 0.01);
        assert!(took < Duration::from_millis(1_500), "{took:?}");
        assert!(iterations > 0);
    }

    #[test]
    fn early_stop_lets_a_close_search_run_its_time() {
        // plain UCB visits every one of ten moves, so no leader holds all the visits
        let (took, _) = timed_lead(Duration::from_millis(200), 0.1, 1.0);
        assert!(took >= Duration::from_millis(200), "{took:?}");
    }

    /// A node reachable from the root: its action keys from the root, and its children's
    /// keys and priors.
    type Node = (Vec<u8>, Vec<(u8, f32)>);

    /// 3,000 iterations from the second decision of a `cuban` round (the other seats' hands
    /// unknown): the evaluator's calls and the tree's nodes (a grown block leaves stale copies
    /// behind, so the nodes are walked from the root).
    fn search(config: SearchConfig) -> (Vec<Call>, Vec<Node>) {
        search_after(config, 1)
    }

    /// [`search`] from the decision after `moves` moves (each the first legal one).
    fn search_after(config: SearchConfig, moves: usize) -> (Vec<Call>, Vec<Node>) {
        let rules = Rules::cuban();
        let mut round = Match::new(&rules, 5).deal_round();
        for _ in 0..moves {
            let first = round.legal_moves()[0];
            round.play(first).unwrap();
        }
        let info = round.infoset(round.to_move());
        let logged = Arc::new(Logged::default());
        let mut searcher = Searcher::with_evaluator(
            SearchConfig {
                budget: Budget::iterations(3_000),
                ..config
            },
            logged.clone(),
        );
        searcher.search(&info).unwrap();
        let tree = &searcher.workers[0].tree;
        let (mut nodes, mut stack) = (Vec::new(), vec![(0u32, Vec::new())]);
        while let Some((n, path)) = stack.pop() {
            let children = tree
                .children(n)
                .map(|c| (tree.hot[c as usize].key, tree.cold[c as usize].prior))
                .collect();
            if tree.cold[n as usize].evaluated {
                nodes.push((path.clone(), children));
            }
            for c in tree.children(n) {
                let mut p = path.clone();
                p.push(tree.hot[c as usize].key);
                stack.push((c, p));
            }
        }
        let calls = logged.0.lock().unwrap().clone();
        (calls, nodes)
    }

    /// The prior the evaluations of `calls` at `path` give `key`: the first one's where it was
    /// legal, or their mean.
    fn expected_prior(calls: &[Call], path: &[u8], key: u8, mean: bool) -> f32 {
        let mut at = calls
            .iter()
            .filter(|(p, legal)| p == path && legal.contains(&key))
            .map(|(_, legal)| 1.0 / legal.len() as f32);
        if !mean {
            return at.next().unwrap();
        }
        let (mut m, mut k) = (0.0f32, 0u16);
        for p in at {
            k += 1;
            m += (p - m) / k as f32;
        }
        m
    }

    fn widening(widening: Widening) -> (Vec<Call>, Vec<Node>) {
        search(SearchConfig {
            widening,
            ..SearchConfig::default()
        })
    }

    fn priors_are(calls: &[Call], nodes: &[Node], mean: bool) -> usize {
        let mut averaged = 0;
        for (path, children) in nodes {
            let evaluations = calls.iter().filter(|(p, _)| p == path).count();
            for &(key, prior) in children {
                let want = expected_prior(calls, path, key, mean);
                assert!(
                    (prior - want).abs() < 1e-5,
                    "node {path:?}, child {key}: prior {prior}, want {want}"
                );
                averaged +=
                    (evaluations > 1 && want != expected_prior(calls, path, key, false)) as usize;
            }
        }
        averaged
    }

    #[test]
    fn the_reader_below_the_root_tilts_the_searchers_own_nodes() {
        use crate::reader::MoveReader;
        use capicua_engine::Tile;
        // feature 0 is the tile's pips / 18: a weight of -3.6 on it is a tilt of -0.2 a pip
        let mut reader = MoveReader::neutral(&Rules::cuban(), 4, false);
        reader.linear[0] = -3.6;
        let reader = Arc::new(reader);
        let pips = |key: u8| Tile::from_index(key as usize >> 1).pips() as f32;
        for below in [false, true] {
            let (_, nodes) = search(SearchConfig {
                move_reader: Some(reader.clone()),
                reader_below_root: below,
                ..SearchConfig::default()
            });
            // the searcher moves again every fourth move; the evaluator's priors are uniform
            let own: Vec<&Node> = nodes
                .iter()
                .filter(|(path, children)| {
                    !path.is_empty() && path.len() % 4 == 0 && children.len() >= 2
                })
                .collect();
            let mut tilted = 0;
            for (path, children) in own {
                let (k0, p0) = children[0];
                for &(k, p) in children {
                    let want = if below {
                        (-0.2 * (pips(k) - pips(k0))).exp()
                    } else {
                        1.0
                    };
                    assert!(
                        (p / p0 - want).abs() < 1e-4,
                        "below {below}, node {path:?}: {children:?}"
                    );
                }
                tilted += children.iter().any(|&(k, _)| pips(k) != pips(k0)) as usize;
            }
            assert!(
                tilted > 5,
                "{tilted} own nodes with moves of different pips"
            );
        }
    }

    #[test]
    fn widening_decides_where_other_seats_nodes_take_new_moves() {
        // the default: other seats' nodes are evaluated again for the moves a new hand brings,
        // and a child keeps the prior of the first hand that could make it
        let (calls, nodes) = widening(Widening::Evaluate);
        assert!(calls.len() > nodes.len() + 100, "{} calls", calls.len());
        priors_are(&calls, &nodes, false);
        // averaging: the same evaluations, each child's prior the mean over those it was legal in
        let (calls, nodes) = widening(Widening::Average);
        assert!(calls.len() > nodes.len() + 100, "{} calls", calls.len());
        assert!(priors_are(&calls, &nodes, true) > 10, "priors averaged");
        // neutral: one evaluation a node
        let (calls, nodes) = widening(Widening::Neutral);
        assert_eq!(calls.len(), nodes.len(), "every evaluation at a new node");
        // continue: a second evaluation where new moves appear, and no iteration ends there
        let (calls, nodes) = widening(Widening::Continue);
        assert!(calls.len() > nodes.len() + 100, "{} calls", calls.len());
        priors_are(&calls, &nodes, false);
    }

    /// Uniform priors; every seat but the searcher believes its own side wins, the searcher
    /// that the round is even.
    struct Partisan {
        searcher: u8,
    }

    impl Evaluator for Partisan {
        fn name(&self) -> String {
            "partisan".into()
        }
        fn gives_priors(&self) -> bool {
            true
        }
        fn evaluate(&self, leaf: &Leaf<'_>, _rng: &mut capicua_engine::Rng, out: &mut Evaluation) {
            uniform_priors(leaf, out);
            let mover = leaf.to_move();
            out.value = LeafValue::Estimate {
                side: leaf.root.rules().side_of(mover),
                win: if mover == self.searcher { 0.5 } else { 1.0 },
                margin: 0.0,
            };
        }
    }

    #[test]
    fn leaf_seats_decide_whose_view_values_an_iteration() {
        // early in the round no iteration reaches its end, so every value backed up is an
        // evaluation's: the root moves' win rates say whose
        let wins = |leaf| {
            let rules = Rules::cuban();
            let mut round = Match::new(&rules, 5).deal_round();
            let first = round.legal_moves()[0];
            round.play(first).unwrap();
            let info = round.infoset(round.to_move());
            let evaluator = Arc::new(Partisan {
                searcher: info.seat(),
            });
            let config = SearchConfig {
                budget: Budget::iterations(2_000),
                leaf,
                ..SearchConfig::default()
            };
            let result = Searcher::with_evaluator(config, evaluator)
                .search(&info)
                .unwrap();
            result
                .moves
                .iter()
                .filter_map(|m| m.win)
                .collect::<Vec<f64>>()
        };
        let any = wins(LeafSeats::Any);
        assert!(any.iter().any(|&w| w < 0.45), "{any:?}");
        let own = wins(LeafSeats::Own);
        assert!(own.len() > 1);
        assert!(own.iter().all(|&w| (w - 0.5).abs() < 1e-9), "{own:?}");
        // the partner's leaves value the iteration too, and think their side wins
        let side = wins(LeafSeats::Side);
        assert!(side.iter().all(|&w| w >= 0.5 - 1e-9), "{side:?}");
        assert!(side.iter().any(|&w| w > 0.55), "{side:?}");
    }

    #[test]
    fn skipping_forced_moves_evaluates_only_choices() {
        // a third of the way into the round, where passes and lone plays are common
        let forced = |forced| {
            let (calls, _) = search_after(
                SearchConfig {
                    forced,
                    ..SearchConfig::default()
                },
                12,
            );
            let single = calls.iter().filter(|(_, legal)| legal.len() == 1).count();
            let deepest = calls.iter().map(|(p, _)| p.len()).max().unwrap();
            (single, calls.len(), deepest)
        };
        let (single, calls, deep_eval) = forced(ForcedMoves::Evaluate);
        assert!(
            single > 100,
            "{single} of {calls} evaluations had one legal move"
        );
        let (single, calls, deep_skip) = forced(ForcedMoves::Skip);
        assert_eq!(
            single, 0,
            "{single} of {calls} evaluations had one legal move"
        );
        assert!(calls > 1_000, "{calls} evaluations");
        assert!(
            deep_skip > deep_eval,
            "deepest leaf {deep_skip} against {deep_eval}"
        );
    }

    #[test]
    fn depth_limits_where_the_tree_is_evaluated() {
        let deepest = |max_depth| {
            let (calls, nodes) = search(SearchConfig {
                max_depth,
                ..SearchConfig::default()
            });
            let calls = calls.iter().map(|(p, _)| p.len()).max().unwrap();
            let nodes = nodes.iter().map(|(p, _)| p.len()).max().unwrap();
            (calls, nodes)
        };
        let (calls, nodes) = deepest(0);
        assert!(calls > 3 && nodes > 3, "unlimited: {calls}, {nodes}");
        assert_eq!(deepest(3), (3, 3));
        assert_eq!(deepest(1), (1, 1));
    }

    #[test]
    fn lazy_priors_evaluate_a_passed_through_node_when_it_is_met_again() {
        let run = |lazy_priors| {
            let config = SearchConfig {
                leaf: LeafSeats::Own,
                widening: Widening::Neutral,
                lazy_priors,
                ..SearchConfig::default()
            };
            search_after(config, 12)
        };
        // a call names its node by the moves from the root (the searcher's), one a seat
        let searcher = |path: &[u8]| path.len().is_multiple_of(4);
        let (eager, _) = run(0);
        let (calls, nodes) = run(1);
        let others = |calls: &[Call]| calls.iter().filter(|(p, _)| !searcher(p)).count();
        assert!(
            others(&calls) > 100,
            "{} of {} calls",
            others(&calls),
            calls.len()
        );
        assert!(
            others(&calls) * 2 < others(&eager),
            "{} calls at other seats' nodes, {} when eager",
            others(&calls),
            others(&eager)
        );
        // a node met before its evaluation has children with the uniform draw's priors: the
        // evaluation replaces them
        for (path, children) in nodes.iter().filter(|(p, _)| !searcher(p)) {
            let first = &calls.iter().find(|(p, _)| p == path).unwrap().1;
            for &(key, prior) in children.iter().filter(|(k, _)| first.contains(k)) {
                let want = 1.0 / first.len() as f32;
                assert!(
                    (prior - want).abs() < 1e-6,
                    "node {path:?}, child {key}: {prior}"
                );
            }
        }
        // never met twice: only the searcher's nodes are evaluated
        let (calls, _) = run(u32::MAX);
        assert_eq!(others(&calls), 0);
        assert!(calls.len() > 1_000, "{} calls", calls.len());
    }
}
