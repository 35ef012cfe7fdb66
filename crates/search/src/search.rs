//! The search driver: [`Searcher`] runs single-observer ISMCTS or PIMC from one seat's
//! information set, on one or more threads, within a budget, and returns per-move statistics.
//!
//! One iteration of ISMCTS (Cowling, Powley and Whitehouse 2012):
//! 1. draw a determinization from the exact sampler (built once per search);
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

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use capicua_engine::{InfoSet, LEAD, Move, MoveList, Rng, Rules, Sampler, State};

use crate::config::{Algorithm, Budget, SearchConfig};
use crate::error::SearchError;
use crate::evaluator::{Evaluation, Evaluator, Leaf, LeafValue, RolloutEvaluator};
use crate::reward::{Outcome, Reward, SideValues};
use crate::rollout::{RolloutPolicy, playout};
use crate::tree::{DRAW_KEY, NONE, PASS_KEY, Tree, action_key, key_move};

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

/// The result of a search, or a snapshot of one in progress (see [`Report`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The chosen move: most visits, then best mean reward, then first legal.
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
        let ev = Arc::new(RolloutEvaluator::new(config.rollout));
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
        mut req: SearchRequest<'_>,
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
        if root_moves.len() == 1 {
            return Ok(summarize(
                &root_moves,
                &[Acc::default()],
                0,
                start.elapsed(),
                0,
                false,
            ));
        }
        let sampler = Sampler::new(info)?;
        let rules = *info.rules();
        let mut side = [0u8; 4];
        for (s, d) in side.iter_mut().enumerate().take(rules.players as usize) {
            *d = rules.side_of(s as u8);
        }
        let evaluator: &dyn Evaluator = &*self.evaluator;
        let puct = evaluator.gives_priors();
        let ctx = Ctx {
            info,
            sampler: &sampler,
            reward: Reward::new(&cfg.reward, &rules, info.context()),
            rules,
            first: info.first(),
            pending_ties: info.context().pending_ties,
            side,
            evaluator,
            puct,
            c: if puct { cfg.c_puct } else { cfg.c_ucb },
            prior_power: (1.0 / cfg.prior_temperature) as f32,
            rollout_mix: cfg.rollout_mix,
            rollout: cfg.rollout,
            max_nodes: cfg.max_nodes,
            batch: evaluator.batch_size().max(1),
            root_keys: root_moves.iter().map(|&m| action_key(m)).collect(),
            stop: req.stop,
            deadline: req.budget.time.map(|t| start + t),
            start,
            algorithm: cfg.algorithm,
            seed: req.seed,
            report_every: req.report.as_ref().map(|r| r.every),
        };
        let threads = cfg.threads;
        while self.workers.len() < threads {
            self.workers.push(Worker::default());
        }
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
                        for slot in &slots[1..] {
                            let s = slot.lock().unwrap_or_else(|e| e.into_inner());
                            merge(&mut acc, &s.stats);
                            its += s.iterations;
                            nodes += s.nodes;
                        }
                        (r.callback)(&summarize(moves, &acc, its, start.elapsed(), nodes, false));
                    }
                },
            );
        });
        let mut acc = vec![Acc::default(); n_moves];
        let (mut iterations, mut nodes) = (0, 0);
        for w in &self.workers[..threads] {
            merge(&mut acc, &w.final_totals);
            iterations += w.iterations;
            nodes += w.max_tree;
        }
        let stopped = req.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        Ok(summarize(
            &root_moves,
            &acc,
            iterations,
            start.elapsed(),
            nodes,
            stopped,
        ))
    }
}

/// Root statistics of one legal move, summed.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
struct Acc {
    visits: u64,
    reward: f64,
    score: f64,
    margin: f64,
    prior: Option<f32>,
}

fn merge(into: &mut [Acc], from: &[Acc]) {
    for (a, b) in into.iter_mut().zip(from) {
        a.visits += b.visits;
        a.reward += b.reward;
        a.score += b.score;
        a.margin += b.margin;
        a.prior = a.prior.or(b.prior);
    }
}

fn summarize(
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
    SearchResult {
        best: moves[best],
        moves: stats,
        iterations,
        elapsed,
        nodes,
        stopped,
    }
}

#[derive(Clone, Debug, Default)]
struct Published {
    stats: Vec<Acc>,
    iterations: u64,
    nodes: usize,
}

/// Read-only state of one search, shared by its threads.
struct Ctx<'a> {
    info: &'a InfoSet,
    sampler: &'a Sampler,
    reward: Reward,
    rules: Rules,
    first: u8,
    pending_ties: u32,
    side: [u8; 4],
    evaluator: &'a dyn Evaluator,
    puct: bool,
    c: f64,
    /// `1 / prior_temperature`.
    prior_power: f32,
    rollout_mix: f64,
    rollout: RolloutPolicy,
    max_nodes: usize,
    batch: usize,
    root_keys: Vec<u8>,
    stop: Option<&'a AtomicBool>,
    deadline: Option<Instant>,
    start: Instant,
    algorithm: Algorithm,
    seed: u64,
    report_every: Option<Duration>,
}

impl Ctx<'_> {
    #[inline]
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
    #[inline]
    fn outcome_values(&self, st: &State) -> SideValues {
        let o =
            Outcome::of(&self.rules, st, self.first, self.pending_ties).expect("a finished state");
        self.reward.of_outcome(&o)
    }
    fn values(&self, v: &LeafValue) -> SideValues {
        match *v {
            LeafValue::Outcome(o) => self.reward.of_outcome(&o),
            LeafValue::Estimate { side, win, margin } => self.reward.of_estimate(side, win, margin),
        }
    }

    /// The leaf's values, an estimate mixed with a rollout from `state` when `rollout_mix`
    /// asks for it.
    fn leaf_values(&self, v: &LeafValue, state: &State, rng: &mut Rng) -> SideValues {
        let mut values = self.values(v);
        if self.rollout_mix > 0.0 && matches!(v, LeafValue::Estimate { .. }) {
            let mut s = *state;
            playout(&mut s, self.rollout, rng);
            let r = self.outcome_values(&s);
            let l = self.rollout_mix;
            for (x, y) in [
                (&mut values.reward, &r.reward),
                (&mut values.score, &r.score),
                (&mut values.margin, &r.margin),
            ] {
                for (a, b) in x.iter_mut().zip(y) {
                    *a = (1.0 - l) * *a + l * b;
                }
            }
        }
        values
    }
}

/// Check the clock once in this many iterations (the stop flag is read every iteration).
const CLOCK_EVERY: u64 = 8;

/// Where a descent ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum LeafKind {
    /// The round is over in this determinization.
    Terminal,
    /// The evaluator values the state; with priors, `node` gets its children.
    Eval { node: u32 },
}

/// One leaf waiting for a batched evaluation. Its path is kept as action keys: expansions of
/// other leaves of the batch may move entries (see `tree`).
#[derive(Clone)]
struct Pending {
    state: State,
    keys: (usize, usize),
    moves: (usize, usize),
}

/// One search thread: its tree and buffers, kept between searches.
#[derive(Default)]
struct Worker {
    tree: Tree,
    /// Entries of the current descent, and the side that took each action.
    path: Vec<u32>,
    sides: Vec<u8>,
    moves: Vec<Move>,
    eval: Evaluation,
    pending: Vec<Pending>,
    pending_keys: Vec<u8>,
    pending_sides: Vec<u8>,
    pending_moves: Vec<Move>,
    evals: Vec<Evaluation>,
    /// Root statistics of finished PIMC worlds.
    world_totals: Vec<Acc>,
    final_totals: Vec<Acc>,
    iterations: u64,
    max_tree: usize,
}

impl Worker {
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
        self.iterations = 0;
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
                self.iterate_until(
                    ctx,
                    &mut rng,
                    None,
                    limit,
                    ctx.deadline,
                    &mut next_report,
                    publish,
                );
                self.max_tree = self.tree.len();
            }
            Algorithm::Pimc { worlds } => {
                let mine: Vec<u64> = (t as u64..worlds as u64).step_by(threads).collect();
                for (k, &w) in mine.iter().enumerate() {
                    if ctx.stopped() || ctx.deadline.is_some_and(|d| Instant::now() >= d) {
                        break;
                    }
                    let mut rng = Rng::stream(ctx.seed, w);
                    let world = ctx
                        .sampler
                        .sample(&mut rng)
                        .expect("the sampler was built from this information set");
                    let limit = iterations.map(|n| share(n, worlds as u64, w));
                    // each remaining world of this thread gets an equal slice of the time left
                    let deadline = ctx.deadline.map(|d| {
                        let now = Instant::now();
                        now + d.saturating_duration_since(now) / (mine.len() - k) as u32
                    });
                    self.tree.reset();
                    self.iterate_until(
                        ctx,
                        &mut rng,
                        Some(&world),
                        limit,
                        deadline,
                        &mut next_report,
                        publish,
                    );
                    self.max_tree = self.max_tree.max(self.tree.len());
                    let totals = self.root_totals_of_tree(ctx, n_moves);
                    merge(&mut self.world_totals, &totals);
                    self.tree.reset();
                }
            }
        }
        self.final_totals = self.root_totals(ctx, n_moves);
    }

    /// Iterates until `limit` iterations, the deadline or the stop flag. `world` fixes the
    /// determinization (PIMC); otherwise each iteration samples one.
    #[allow(clippy::too_many_arguments)]
    fn iterate_until(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        world: Option<&State>,
        limit: Option<u64>,
        deadline: Option<Instant>,
        next_report: &mut Option<Instant>,
        publish: &mut dyn FnMut(&Worker, u64),
    ) {
        let mut done = 0u64;
        loop {
            if limit.is_some_and(|n| done >= n) || ctx.stopped() {
                return;
            }
            if (done.is_multiple_of(CLOCK_EVERY) || ctx.batch > 1)
                && (deadline.is_some() || next_report.is_some())
            {
                let now = Instant::now();
                if deadline.is_some_and(|d| now >= d) {
                    return;
                }
                if next_report.is_some_and(|r| now >= r) {
                    publish(self, self.iterations);
                    *next_report = Some(now + ctx.report_every.unwrap_or_default());
                }
            }
            let n = if ctx.batch > 1 {
                let want = limit.map_or(ctx.batch as u64, |n| (n - done).min(ctx.batch as u64));
                self.iterate_batch(ctx, rng, world, want as usize)
            } else {
                self.iterate_one(ctx, rng, world)
            };
            done += n;
            self.iterations += n;
        }
    }

    fn determinization(ctx: &Ctx<'_>, rng: &mut Rng, world: Option<&State>) -> State {
        match world {
            Some(w) => *w,
            None => ctx
                .sampler
                .sample(rng)
                .expect("the sampler was built from this information set"),
        }
    }

    /// One iteration without batching.
    #[inline]
    fn iterate_one(&mut self, ctx: &Ctx<'_>, rng: &mut Rng, world: Option<&State>) -> u64 {
        let mut state = Self::determinization(ctx, rng, world);
        let values = match self.descend(ctx, rng, &mut state) {
            LeafKind::Terminal => ctx.outcome_values(&state),
            LeafKind::Eval { node } => {
                let leaf = Leaf {
                    root: ctx.info,
                    path: &self.moves,
                    state: &state,
                };
                ctx.evaluator.evaluate(&leaf, rng, &mut self.eval);
                let v = ctx.leaf_values(&self.eval.value, &state, rng);
                if ctx.puct {
                    expand_with_priors(&mut self.tree, ctx, node, &state, &self.eval, &v);
                }
                v
            }
        };
        backprop(&mut self.tree, &self.path, &self.sides, &values);
        1
    }

    /// Gathers up to `want` leaves (visits already counted on their paths, a virtual loss),
    /// evaluates them in one call and backs them up. Returns the iterations done.
    fn iterate_batch(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        world: Option<&State>,
        want: usize,
    ) -> u64 {
        self.pending.clear();
        self.pending_keys.clear();
        self.pending_sides.clear();
        self.pending_moves.clear();
        for _ in 0..want {
            let mut state = Self::determinization(ctx, rng, world);
            match self.descend(ctx, rng, &mut state) {
                LeafKind::Terminal => {
                    let v = ctx.outcome_values(&state);
                    backprop(&mut self.tree, &self.path, &self.sides, &v);
                }
                LeafKind::Eval { .. } => {
                    let k0 = self.pending_keys.len();
                    for &id in &self.path {
                        self.pending_keys.push(self.tree.hot[id as usize].key);
                    }
                    self.pending_sides.extend_from_slice(&self.sides);
                    let m0 = self.pending_moves.len();
                    self.pending_moves.extend_from_slice(&self.moves);
                    self.pending.push(Pending {
                        state,
                        keys: (k0, self.pending_keys.len()),
                        moves: (m0, self.pending_moves.len()),
                    });
                }
            }
        }
        if !self.pending.is_empty() {
            let leaves: Vec<Leaf<'_>> = self
                .pending
                .iter()
                .map(|p| Leaf {
                    root: ctx.info,
                    path: &self.pending_moves[p.moves.0..p.moves.1],
                    state: &p.state,
                })
                .collect();
            self.evals.resize(leaves.len(), Evaluation::default());
            ctx.evaluator
                .evaluate_batch(&leaves, rng, &mut self.evals[..leaves.len()]);
            drop(leaves);
            for (p, e) in self.pending.iter().zip(&self.evals) {
                let v = ctx.leaf_values(&e.value, &p.state, rng);
                let keys = &self.pending_keys[p.keys.0..p.keys.1];
                let sides = &self.pending_sides[p.keys.0..p.keys.1];
                let node = backprop_keys(&mut self.tree, keys, sides, &v);
                if ctx.puct {
                    expand_with_priors(&mut self.tree, ctx, node, &p.state, e, &v);
                }
            }
        }
        want as u64
    }

    /// Selection and (UCB1) expansion in one determinization. Leaves the entries of the path
    /// in `self.path` (visits counted) with the sides that acted in `self.sides`, and the
    /// moves applied in `self.moves`.
    #[inline]
    fn descend(&mut self, ctx: &Ctx<'_>, rng: &mut Rng, state: &mut State) -> LeafKind {
        self.path.clear();
        self.sides.clear();
        self.moves.clear();
        let mut node = 0u32;
        loop {
            if state.is_over() {
                return LeafKind::Terminal;
            }
            let mask = legal_mask(state);
            // a full tree selects among the children it has, and evaluates where it has none
            let full = self.tree.len() >= ctx.max_nodes;
            let child = if ctx.puct {
                let present = self
                    .tree
                    .children(node)
                    .fold(0u128, |m, c| m | 1u128 << self.tree.hot[c as usize].key);
                let untried = mask & !present;
                if !self.tree.cold[node as usize].evaluated
                    || (untried != 0 && !full)
                    || mask & present == 0
                {
                    return LeafKind::Eval { node };
                }
                select_puct(&mut self.tree, node, mask, ctx.c)
            } else {
                let (present, best) = select_ucb(&mut self.tree, node, mask, ctx.c);
                let untried = mask & !present;
                if untried != 0 && !full {
                    let key = nth_bit(untried, rng.below(untried.count_ones()));
                    let c = self.tree.add_child(node, key, 1.0);
                    self.tree.hot[c as usize].avail = 1;
                    self.step(ctx, c, state, rng);
                    return if state.is_over() {
                        LeafKind::Terminal
                    } else {
                        LeafKind::Eval { node: c }
                    };
                }
                if best == NONE {
                    return LeafKind::Eval { node };
                }
                best
            };
            self.step(ctx, child, state, rng);
            node = child;
        }
    }

    /// Takes the action of entry `child` in the determinization and records it on the path.
    #[inline]
    fn step(&mut self, ctx: &Ctx<'_>, child: u32, state: &mut State, rng: &mut Rng) {
        let h = &mut self.tree.hot[child as usize];
        h.visits += 1;
        let mv = if h.key == DRAW_KEY {
            Move::Draw(Some(state.pile.nth(rng.below(state.pile.len()))))
        } else {
            key_move(h.key, state)
        };
        self.path.push(child);
        self.sides.push(ctx.side[state.to_move as usize]);
        self.moves.push(mv);
        state.apply(mv);
    }

    /// Root statistics now: finished worlds plus the current tree.
    fn root_totals(&self, ctx: &Ctx<'_>, n_moves: usize) -> Vec<Acc> {
        let mut acc = self.world_totals.clone();
        merge(&mut acc, &self.root_totals_of_tree(ctx, n_moves));
        acc
    }

    fn root_totals_of_tree(&self, ctx: &Ctx<'_>, n_moves: usize) -> Vec<Acc> {
        let mut acc = vec![Acc::default(); n_moves];
        if self.tree.len() == 0 {
            return acc;
        }
        for c in self.tree.children(0) {
            let (h, n) = (&self.tree.hot[c as usize], &self.tree.cold[c as usize]);
            if let Some(i) = ctx.root_keys.iter().position(|&k| k == h.key) {
                acc[i] = Acc {
                    visits: h.visits as u64,
                    reward: h.reward,
                    score: n.score,
                    margin: n.margin,
                    prior: ctx.puct.then_some(n.prior),
                };
            }
        }
        acc
    }
}

/// The action keys of the legal moves of the seat to move (no move list: the descent only
/// needs the set; [`key_move`] names the chosen one).
#[inline]
pub(crate) fn legal_mask(state: &State) -> u128 {
    let playable = state.playable(state.hands[state.to_move as usize]);
    if playable.is_empty() {
        let key = if state.draw && !state.pile.is_empty() {
            DRAW_KEY
        } else {
            PASS_KEY
        };
        return 1u128 << key;
    }
    let (l, r) = (state.ends[0], state.ends[1]);
    let mut mask = 0u128;
    for t in playable.iter() {
        let slot0 = 2 * t.index() as u32;
        if l == LEAD || t.is_double() {
            // a lead, or a double: one move whatever end it joins
            mask |= 1u128 << slot0;
            continue;
        }
        if t.has(l) {
            mask |= 1u128 << (slot0 + (l == t.low()) as u32);
        }
        if t.has(r) && r != l {
            mask |= 1u128 << (slot0 + (r == t.low()) as u32);
        }
    }
    mask
}

#[inline]
fn nth_bit(mut m: u128, k: u32) -> u8 {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as u8
}

/// UCB1 over the children available in this determinization, with availability counts:
/// `mean + c * sqrt(ln(avail) / visits)`. Bumps their availability (also when the caller then
/// expands an untried action instead: they were available). Returns the actions that have a
/// child and the best available child ([`NONE`] if none is available).
#[inline]
fn select_ucb(tree: &mut Tree, node: u32, mask: u128, c_ucb: f64) -> (u128, u32) {
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
/// unvisited child's `q` is the evaluator's value of the node for the side to move.
#[inline]
fn select_puct(tree: &mut Tree, node: u32, mask: u128, c_puct: f64) -> u32 {
    let fpu = tree.cold[node as usize].value_to_move as f64;
    let mut best = (f64::NEG_INFINITY, NONE);
    for id in tree.children(node) {
        let h = &mut tree.hot[id as usize];
        if mask & (1u128 << h.key) != 0 {
            h.avail += 1;
            let q = if h.visits > 0 {
                h.reward / h.visits as f64
            } else {
                fpu
            };
            let prior = tree.cold[id as usize].prior as f64;
            let u = q + c_puct * prior * (h.avail as f64).sqrt() / (1.0 + h.visits as f64);
            if u > best.0 {
                best = (u, id);
            }
        }
    }
    debug_assert!(best.1 != NONE);
    best.1
}

/// Adds a child with its prior for every legal action of `node` that has none yet (priors
/// renormalized over the legal plays; uniform when the evaluator's are unusable).
fn expand_with_priors(
    tree: &mut Tree,
    ctx: &Ctx<'_>,
    node: u32,
    state: &State,
    eval: &Evaluation,
    v: &SideValues,
) {
    let mut legal = MoveList::default();
    state.legal_moves(&mut legal);
    if legal.is_empty() {
        return;
    }
    let side = ctx.side[state.to_move as usize];
    let n = &mut tree.cold[node as usize];
    if !n.evaluated {
        n.evaluated = true;
        n.value_to_move = v.reward[side as usize] as f32;
    }
    let power = ctx.prior_power;
    let prior_of = |m: Move| {
        let p = m.action_index().map_or(1.0, |i| eval.priors[i].max(0.0));
        if power == 1.0 { p } else { p.powf(power) }
    };
    let total: f32 = legal.iter().map(|&m| prior_of(m)).sum();
    let uniform = !(total.is_finite() && total > 0.0);
    let present = tree
        .children(node)
        .fold(0u128, |m, c| m | 1u128 << tree.hot[c as usize].key);
    for &mv in legal.iter() {
        let key = action_key(mv);
        if present & (1u128 << key) != 0 {
            continue;
        }
        if tree.len() >= ctx.max_nodes {
            break;
        }
        let p = if uniform {
            1.0 / legal.len() as f32
        } else {
            prior_of(mv) / total
        };
        tree.add_child(node, key, p);
    }
}

/// Adds a result to the path's entries, each for the side that acted; the root's child also
/// keeps the outcome score and margin that the statistics report.
#[inline]
fn backprop(tree: &mut Tree, path: &[u32], sides: &[u8], v: &SideValues) {
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
fn backprop_keys(tree: &mut Tree, keys: &[u8], sides: &[u8], v: &SideValues) -> u32 {
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
    use capicua_engine::{Deal, TileSet};

    #[test]
    fn legal_mask_is_the_keys_of_the_legal_moves() {
        for variant in ["cuban", "lankford-2", "cutthroat-3"] {
            let rules = Rules::preset(variant).unwrap();
            let mut rng = Rng::new(4);
            let mut legal = MoveList::default();
            for _ in 0..300 {
                let deal = Deal::random(&rules, &mut rng);
                let pile: TileSet = deal.pile.iter().copied().collect();
                let mut st = State::new(&rules, deal.hands, pile, 0);
                while !st.is_over() {
                    st.legal_moves(&mut legal);
                    let want = legal
                        .iter()
                        .fold(0u128, |m, &mv| m | 1u128 << action_key(mv));
                    assert_eq!(legal_mask(&st), want);
                    let mv = st.random_move(&mut rng);
                    st.apply(mv);
                }
            }
        }
    }
}
