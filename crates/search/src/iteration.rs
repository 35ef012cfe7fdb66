//! One iteration of the search: draw a determinization, descend the tree in it (selection by
//! `select`, UCB1 expansion on the way), evaluate the leaf (the round's outcome, a rollout or
//! the evaluator's estimate) and hand the values to the backup. Batched evaluators get their
//! leaves gathered under a virtual loss and evaluated in one call; threads that share one tree
//! take its lock for the descent and the backup only. Here too are the state an
//! iteration reads ([`Ctx`], one per search) and writes ([`Worker`], one per thread).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use capicua_engine::{
    DealSampler, InfoSet, LEAD, Move, MoveList, PlaceWeights, Rng, Rules, State, Tile, TileSet,
};

use crate::config::SOLVE_NODES;
use crate::config::{
    Algorithm, BeliefMode, LateMix, SearchConfig, SeatGroup, ValueWeight, Widening,
};
use crate::error::SearchError;
use crate::evaluator::{Evaluation, Evaluator, Leaf, LeafValue};
use crate::reader::{MoveReader, SeatBeliefs};
use crate::reward::{Outcome, Reward, SideValues};
use crate::rollout::{HEURISTIC_RANDOM_ONE_IN, RolloutPolicy, club_move, playout};
use crate::select::{
    Acc, Fpu, backprop, backprop_keys, select_puct, select_root_improved, select_ucb,
};
use crate::tree::{DRAW_KEY, NONE, PASS_KEY, Tree, action_key, key_move};
use capicua_bots::{CountingWeights, TableMemory};
use capicua_solver::{SolveLimits, Solver};

/// The determinizations of a search from `info` with `cfg.beliefs`: uniform, or weighted by
/// the evaluator's beliefs, which `Learned` asks for once; both are exact samplers of the
/// deals consistent with the root. `Truth` weighs `truth`'s places (mixed with the beliefs
/// when `cfg.truth_share` is below 1), so the same sampler draws the true deal, or deals near
/// it.
pub(crate) fn deals_for_search(
    cfg: &SearchConfig,
    evaluator: &dyn Evaluator,
    info: &InfoSet,
    truth: Option<&State>,
) -> Result<DealSampler, SearchError> {
    let learned = || evaluator.place_weights(info).ok_or(SearchError::NoBeliefs);
    let weights = match cfg.beliefs {
        BeliefMode::Uniform => None,
        BeliefMode::Learned => {
            let w = learned()?;
            let t = cfg.belief_temperature;
            Some(if t == 1.0 { w } else { w.powered(1.0 / t) })
        }
        BeliefMode::Truth => {
            let truth = truth.ok_or(SearchError::NoTruth)?;
            let share = cfg.truth_share.clamp(0.0, 1.0);
            let partial = cfg.truth_seats != SeatGroup::All;
            let beliefs = if share < 1.0 || partial {
                Some(learned()?)
            } else {
                None
            };
            let shown = |s: usize| cfg.truth_seats.contains(info.rules(), info.seat(), s as u8);
            Some(true_places(info, truth, share, shown, beliefs.as_ref()))
        }
    };
    Ok(DealSampler::new(info, weights.as_ref())?)
}

/// Where a search's determinizations come from: an exact sampler of the deals consistent
/// with the root, or a pool of whole deals the evaluator believes in
/// ([`Evaluator::believed_deals`]), drawn uniformly.
pub(crate) enum Determinizations {
    Sampler(Box<DealSampler>),
    Pool(Vec<State>),
}

impl Determinizations {
    /// The determinizations of a search from `info` with `cfg.beliefs`: the evaluator's pool
    /// of believed deals where it has one under `BeliefMode::Learned`, else
    /// [`deals_for_search`]'s sampler.
    pub(crate) fn for_search(
        cfg: &SearchConfig,
        evaluator: &dyn Evaluator,
        info: &InfoSet,
        truth: Option<&State>,
    ) -> Result<Determinizations, SearchError> {
        if cfg.beliefs == BeliefMode::Learned
            && let Some(pool) = evaluator.believed_deals(info)
            && !pool.is_empty()
        {
            return Ok(Determinizations::Pool(
                pool.into_iter()
                    .map(|(hands, pile)| info.determinize(hands, pile))
                    .collect(),
            ));
        }
        Ok(Determinizations::Sampler(Box::new(deals_for_search(
            cfg, evaluator, info, truth,
        )?)))
    }

    /// What they believe of where each unseen tile is: the sampler's exact marginals, or the
    /// share of the pool's deals that put it in each hand.
    pub(crate) fn seat_beliefs(&self, info: &InfoSet) -> SeatBeliefs {
        match self {
            Determinizations::Sampler(s) => SeatBeliefs::from_marginals(&s.marginals()),
            Determinizations::Pool(states) => {
                let share = 1.0 / states.len().max(1) as f64;
                let marginals: Vec<(Tile, [f64; 5])> = info
                    .unseen()
                    .iter()
                    .map(|t| {
                        let mut m = [0.0; 5];
                        for state in states {
                            if let Some(s) = (0..4).find(|&s| state.hands[s].contains(t)) {
                                m[s] += share;
                            }
                        }
                        (t, m)
                    })
                    .collect();
                SeatBeliefs::from_marginals(&marginals)
            }
        }
    }

    /// One determinization.
    pub(crate) fn sample(&self, rng: &mut Rng) -> Result<State, SearchError> {
        Ok(match self {
            Determinizations::Sampler(s) => s.sample(rng)?,
            Determinizations::Pool(states) => rng.pick(states),
        })
    }
}

/// For each tile `info`'s seat has not seen, `share` of its weight as the truth tells and
/// `1 - share` spread as `beliefs` spread it (their weights are probabilities). The truth told
/// is where the tile is when that seat is `shown`, and otherwise only that no shown seat has
/// it: the beliefs without the shown seats' places, renormalised.
fn true_places(
    info: &InfoSet,
    truth: &State,
    share: f64,
    shown: impl Fn(usize) -> bool,
    beliefs: Option<&PlaceWeights>,
) -> PlaceWeights {
    let mut weights = PlaceWeights::uniform();
    for t in info.unseen().iter() {
        let believed = beliefs.map_or([0.0; 5], |b| b.get(t));
        let mut w = believed.map(|x| (1.0 - share) * x);
        let place = (0..4)
            .find(|&s| truth.hands[s].contains(t))
            .unwrap_or(PlaceWeights::OUT);
        if place != PlaceWeights::OUT && shown(place) {
            w[place] += share;
        } else {
            let mut hidden = believed;
            for (s, x) in hidden.iter_mut().enumerate().take(4) {
                if shown(s) && s != place {
                    *x = 0.0;
                }
            }
            let total: f64 = hidden.iter().sum();
            if total > 0.0 {
                for (x, h) in w.iter_mut().zip(hidden) {
                    *x += share * h / total;
                }
            } else {
                w[place] += share;
            }
        }
        weights.set(t, w);
    }
    weights
}

/// How a modelled seat moves in the tree.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) enum OtherModel {
    /// Drawn from the evaluator's `other_policy`, its priors raised to this power
    /// (`1 / temperature`).
    Policy(f32),
    /// `club_move`.
    Club,
}

/// Read-only state of one search, shared by its threads.
pub(crate) struct Ctx<'a> {
    pub(crate) info: &'a InfoSet,
    pub(crate) deals: &'a Determinizations,
    pub(crate) reward: Reward,
    pub(crate) rules: Rules,
    pub(crate) first: u8,
    pub(crate) pending_ties: u32,
    pub(crate) side: [u8; 4],
    pub(crate) evaluator: &'a dyn Evaluator,
    pub(crate) puct: bool,
    pub(crate) c: f64,
    /// `Some` with [`crate::RootSelection::Improved`] in a tree with priors: the weight of the
    /// root's improved policy.
    pub(crate) root_weight: Option<ValueWeight>,
    /// `1 / prior_temperature`.
    pub(crate) prior_power: f32,
    /// `1 / other_prior_temperature`, at the other seats' nodes.
    pub(crate) other_prior_power: f32,
    /// [`crate::SearchConfig::prior_pip_tilt`].
    pub(crate) pip_tilt: f32,
    /// The move reader's scores at the root, when the search has one that reads its rules.
    pub(crate) root_tilt: Option<RootTilt>,
    /// The reader that tilts the searcher's nodes below the root too
    /// ([`crate::SearchConfig::reader_below_root`]), when it reads the search's rules.
    pub(crate) deep_reader: Option<&'a MoveReader>,
    /// [`crate::SearchConfig::reader_scale`].
    pub(crate) reader_scale: f32,
    /// [`crate::SearchConfig::fpu_base`] and [`crate::SearchConfig::fpu_reduction`].
    pub(crate) fpu: Fpu,
    /// [`crate::SearchConfig::rave`] (0 with no priors).
    pub(crate) rave: f64,
    /// How the seats in `modelled` move ([`crate::OtherSeats`] other than `Search`).
    pub(crate) other_model: Option<OtherModel>,
    /// A bit per seat whose moves `other_model` makes (never the searcher's; 0 without it).
    pub(crate) modelled: u8,
    /// [`crate::SearchConfig::widening`].
    pub(crate) widening: Widening,
    /// [`crate::SearchConfig::max_depth`], `usize::MAX` for none.
    pub(crate) max_depth: usize,
    /// [`crate::ForcedMoves::Skip`]: a tree with priors steps through nodes where the seat
    /// to move has one legal move.
    pub(crate) skip_forced: bool,
    /// [`crate::LeafSeats`]: a bit per seat whose new nodes are evaluated for their priors
    /// only, the iteration going on through them (0 with `Any` and without priors).
    pub(crate) pass_through: u8,
    /// [`crate::SearchConfig::lazy_priors`].
    pub(crate) lazy_priors: u32,
    /// The share of a leaf's value from rollouts at the lead, and how it grows
    /// ([`crate::SearchConfig::late_mix`]).
    pub(crate) rollout_mix: f64,
    pub(crate) late_mix: Option<LateMix>,
    /// [`crate::SearchConfig::rollouts`], at least 1.
    pub(crate) rollouts: u32,
    pub(crate) rollout: RolloutPolicy,
    /// [`crate::SearchConfig::rollout_random`].
    pub(crate) rollout_random: u32,
    /// [`crate::SearchConfig::common_root_deals`], for ISMCTS (never PIMC, whose worlds are
    /// fixed).
    pub(crate) common_root_deals: bool,
    /// What the root's history shows, for a `Read` rollout (empty for the others).
    pub(crate) memory: TableMemory,
    pub(crate) max_nodes: usize,
    pub(crate) batch: usize,
    pub(crate) root_keys: Vec<u8>,
    pub(crate) stop: Option<&'a AtomicBool>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) start: Instant,
    pub(crate) algorithm: Algorithm,
    pub(crate) seed: u64,
    pub(crate) report_every: Option<Duration>,
    /// Raised by a thread whose search failed, so that the others stop too.
    pub(crate) failed: AtomicBool,
    /// When thread 0 looks at the root for an early stop, and the visit share that ends the
    /// search (see [`crate::EarlyStop`]).
    pub(crate) early: Option<(Instant, f64)>,
    /// Raised by thread 0 when the search ends early, so that the others stop too.
    pub(crate) ended: AtomicBool,
    /// See [`crate::SearchConfig::solve_tiles`].
    pub(crate) solve_tiles: u32,
    /// The one tree of [`crate::Parallelism::Tree`]; `None` when each thread has its own.
    pub(crate) shared: Option<Mutex<Tree>>,
}

impl Ctx<'_> {
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.failed.load(Ordering::Relaxed)
            || self.ended.load(Ordering::Relaxed)
    }
}

/// One search thread: its tree and buffers, kept between searches.
#[derive(Default)]
pub(crate) struct Worker {
    pub(crate) tree: Tree,
    /// Entries of the current descent, and the side that took each action.
    pub(crate) path: Vec<u32>,
    pub(crate) sides: Vec<u8>,
    pub(crate) moves: Vec<Move>,
    /// The seat that made each move of the descent.
    pub(crate) movers: Vec<u8>,
    /// The tiles each seat played in the current leaf's first rollout (all-moves-as-first).
    pub(crate) tail: [TileSet; 4],
    pub(crate) eval: Evaluation,
    /// The policy of another seat in the current determinization (`OtherSeats::Policy`).
    pub(crate) other_eval: Evaluation,
    pub(crate) pending: Vec<Pending>,
    pub(crate) pending_keys: Vec<u8>,
    pub(crate) pending_sides: Vec<u8>,
    pub(crate) pending_moves: Vec<Move>,
    pub(crate) evals: Vec<Evaluation>,
    /// The leaf's priors of a shared-tree iteration, computed before the lock is taken.
    pub(crate) priors: NodePriors,
    /// Root statistics of finished PIMC worlds.
    pub(crate) world_totals: Vec<Acc>,
    pub(crate) final_totals: Vec<Acc>,
    pub(crate) iterations: u64,
    pub(crate) max_tree: usize,
    /// Why this thread's last search failed.
    pub(crate) failure: Option<SearchError>,
    /// The endgame solver, made at the first solve (its table is half a megabyte).
    pub(crate) solver: Option<Box<Solver>>,
    /// This search's deals, in the order drawn, with
    /// [`crate::SearchConfig::common_root_deals`].
    pub(crate) root_deals: Vec<State>,
}

/// The most deals a search keeps for [`crate::SearchConfig::common_root_deals`]: a root move
/// visited more often reads the list again from the start (a deal is about sixty bytes).
pub const COMMON_DEALS: usize = 1 << 16;

impl Ctx<'_> {
    #[inline]
    pub(crate) fn outcome_values(&self, st: &State) -> SideValues {
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

    /// The leaf's values, an estimate mixed with the mean of `rollouts` rollouts from `state`
    /// when `rollout_mix` asks for it. `tail`, when given, gets the tiles each seat played in
    /// the first rollout (it is left as it was when there is none).
    fn leaf_values(
        &self,
        v: &LeafValue,
        state: &State,
        path: &[Move],
        rng: &mut Rng,
        mut tail: Option<&mut [TileSet; 4]>,
    ) -> SideValues {
        let mut values = self.values(v);
        let l = match self.late_mix {
            None => self.rollout_mix,
            Some(late) => late.at(self.rollout_mix, self.rules.set().len() - state.out.len()),
        };
        if l > 0.0 && matches!(v, LeafValue::Estimate { .. }) {
            let share = l / self.rollouts as f64;
            for x in [&mut values.reward, &mut values.score, &mut values.margin] {
                x.iter_mut().for_each(|a| *a *= 1.0 - l);
            }
            let memory = if self.rollout == RolloutPolicy::Read {
                self.memory.along(self.info, path)
            } else {
                self.memory
            };
            for _ in 0..self.rollouts {
                let (mut s, mut m) = (*state, memory);
                playout(
                    &mut s,
                    self.rollout,
                    &self.rules,
                    &mut m,
                    self.rollout_random,
                    rng,
                );
                if let Some(t) = tail.take() {
                    *t = std::array::from_fn(|q| state.hands[q].minus(s.hands[q]));
                }
                let r = self.outcome_values(&s);
                for (x, y) in [
                    (&mut values.reward, &r.reward),
                    (&mut values.score, &r.score),
                    (&mut values.margin, &r.margin),
                ] {
                    for (a, b) in x.iter_mut().zip(y) {
                        *a += share * b;
                    }
                }
            }
        }
        values
    }
}

/// Where a descent ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LeafKind {
    /// The round is over in this determinization.
    Terminal,
    /// The evaluator values the state; with priors, `node` gets its children.
    Eval { node: u32 },
}

/// One leaf waiting for a batched evaluation. Its path is kept as action keys: expansions of
/// other leaves of the batch may move entries (see `tree`).
#[derive(Clone)]
pub(crate) struct Pending {
    pub(crate) state: State,
    pub(crate) keys: (usize, usize),
    pub(crate) moves: (usize, usize),
}

impl Worker {
    /// The state of this iteration: PIMC's world, a fresh sample, or with common root deals
    /// the search's first deal (the root move's own deal replaces it in `step`). The sampler
    /// was built from a consistent information set, but its rejection step (redeal rule, draw
    /// order) can still come up empty.
    pub(crate) fn determinization(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        world: Option<&State>,
    ) -> Result<State, SearchError> {
        Ok(match world {
            Some(w) => *w,
            None if ctx.common_root_deals => self.root_deal(ctx, rng, 0)?,
            None => ctx.deals.sample(rng)?,
        })
    }

    /// The search's `n`-th deal ([`crate::SearchConfig::common_root_deals`]), drawn when
    /// first asked for.
    fn root_deal(&mut self, ctx: &Ctx<'_>, rng: &mut Rng, n: usize) -> Result<State, SearchError> {
        let n = n % COMMON_DEALS;
        while self.root_deals.len() <= n {
            self.root_deals.push(ctx.deals.sample(rng)?);
        }
        Ok(self.root_deals[n])
    }

    /// One iteration without batching.
    #[inline]
    pub(crate) fn iterate_one(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        world: Option<&State>,
    ) -> Result<u64, SearchError> {
        let mut state = self.determinization(ctx, rng, world)?;
        self.tail = [TileSet::EMPTY; 4];
        let values = match self.descend(ctx, rng, &mut state) {
            LeafKind::Terminal => ctx.outcome_values(&state),
            LeafKind::Eval { .. } if self.solve_to_end(ctx, &mut state) => {
                ctx.outcome_values(&state)
            }
            LeafKind::Eval { node } => {
                let v = self.value_leaf(ctx, rng, &state);
                if ctx.puct {
                    expand_with_priors(
                        &mut self.tree,
                        ctx,
                        node,
                        &state,
                        &self.moves,
                        &self.eval,
                        &v,
                    );
                }
                v
            }
        };
        backprop(&mut self.tree, &self.path, &self.sides, &values);
        if ctx.rave > 0.0 {
            self.backprop_amaf(&values);
        }
        Ok(1)
    }

    /// Adds the iteration's result to the all-moves-as-first statistics along its path: at
    /// each node of the descent, to every child whose tile the seat that moved there played
    /// then or later (in the tree or in the leaf's first rollout, `self.tail`).
    fn backprop_amaf(&mut self, values: &SideValues) {
        let mut later = self.tail;
        for i in (0..self.path.len()).rev() {
            let seat = self.movers[i] as usize;
            if let Move::Play { tile, .. } = self.moves[i] {
                later[seat].insert(tile);
            }
            let parent = if i == 0 { 0 } else { self.path[i - 1] };
            let reward = values.reward[self.sides[i] as usize];
            for c in self.tree.children(parent) {
                let key = self.tree.hot[c as usize].key;
                if key < PASS_KEY && later[seat].contains(Tile::from_index(key as usize >> 1)) {
                    let e = &mut self.tree.cold[c as usize];
                    e.amaf_reward += reward;
                    e.amaf_visits += 1;
                }
            }
        }
    }

    /// The evaluator's values of the leaf `state` reached along `self.moves` (its priors left
    /// in `self.eval`), mixed with rollouts as the search asks.
    fn value_leaf(&mut self, ctx: &Ctx<'_>, rng: &mut Rng, state: &State) -> SideValues {
        let leaf = Leaf {
            root: ctx.info,
            path: &self.moves,
            state,
        };
        ctx.evaluator.evaluate(&leaf, rng, &mut self.eval);
        let tail = (ctx.rave > 0.0).then_some(&mut self.tail);
        ctx.leaf_values(&self.eval.value, state, &self.moves, rng, tail)
    }

    /// One iteration on the tree the threads share. The deal is drawn and the leaf valued
    /// (evaluator, rollouts, endgame solve) outside the lock, which the descent and the backup
    /// take; in between, the path's visits are counted and its rewards are not, so another
    /// thread's selection sees it as a loss. The shared tree is swapped into this worker's
    /// `tree` under the lock (two vector headers), so the descent and backup are the
    /// single-thread code. Evaluations the descent itself asks for (`leaf=side|own`,
    /// `others=policy`) run under the lock.
    pub(crate) fn iterate_shared(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        shared: &Mutex<Tree>,
    ) -> Result<u64, SearchError> {
        let mut state = self.determinization(ctx, rng, None)?;
        let kind = self.holding(shared, |w| {
            let kind = w.descend(ctx, rng, &mut state);
            if kind == LeafKind::Terminal {
                let v = ctx.outcome_values(&state);
                backprop(&mut w.tree, &w.path, &w.sides, &v);
            }
            // entries may move before the backup (another thread's expansions): keep keys
            w.pending_keys.clear();
            for &id in &w.path {
                w.pending_keys.push(w.tree.hot[id as usize].key);
            }
            kind
        });
        if kind == LeafKind::Terminal {
            return Ok(1);
        }
        let evaluated = !self.solve_to_end(ctx, &mut state);
        let values = if evaluated {
            let v = self.value_leaf(ctx, rng, &state);
            if ctx.puct {
                // the state is the leaf's: solve_to_end leaves it as it was when it declines
                self.priors.fill(ctx, &state, &self.moves, &self.eval, &v);
            }
            v
        } else {
            ctx.outcome_values(&state)
        };
        self.holding(shared, |w| {
            let node = backprop_keys(&mut w.tree, &w.pending_keys, &w.sides, &values);
            if evaluated && ctx.puct {
                insert_priors(&mut w.tree, ctx, node, &w.priors);
            }
        });
        Ok(1)
    }

    /// Runs `f` with the shared tree locked and swapped into `self.tree`.
    fn holding<R>(&mut self, shared: &Mutex<Tree>, f: impl FnOnce(&mut Self) -> R) -> R {
        let mut tree = lock_spinning(shared);
        std::mem::swap(&mut self.tree, &mut tree);
        let out = f(self);
        std::mem::swap(&mut self.tree, &mut tree);
        out
    }

    /// Gathers up to `want` leaves (visits already counted on their paths, a virtual loss),
    /// evaluates them in one call and backs them up. Returns the iterations done.
    pub(crate) fn iterate_batch(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        world: Option<&State>,
        want: usize,
    ) -> Result<u64, SearchError> {
        self.pending.clear();
        self.pending_keys.clear();
        self.pending_sides.clear();
        self.pending_moves.clear();
        for _ in 0..want {
            let mut state = self.determinization(ctx, rng, world)?;
            match self.descend(ctx, rng, &mut state) {
                LeafKind::Terminal => {
                    let v = ctx.outcome_values(&state);
                    backprop(&mut self.tree, &self.path, &self.sides, &v);
                }
                LeafKind::Eval { .. } if self.solve_to_end(ctx, &mut state) => {
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
                let path = &self.pending_moves[p.moves.0..p.moves.1];
                let v = ctx.leaf_values(&e.value, &p.state, path, rng, None);
                let keys = &self.pending_keys[p.keys.0..p.keys.1];
                let sides = &self.pending_sides[p.keys.0..p.keys.1];
                let node = backprop_keys(&mut self.tree, keys, sides, &v);
                if ctx.puct {
                    expand_with_priors(&mut self.tree, ctx, node, &p.state, path, e, &v);
                }
            }
        }
        Ok(want as u64)
    }

    /// Plays `state` to the end of the round along a solved line when it has few enough
    /// tiles in hand and the solver finishes within [`SOLVE_NODES`]: the leaf's value is then
    /// exact for this determinization. Leaves `state` as it was otherwise.
    fn solve_to_end(&mut self, ctx: &Ctx<'_>, state: &mut State) -> bool {
        if ctx.solve_tiles == 0 || ctx.rules.draw {
            return false;
        }
        let tiles: u32 = state.hands.iter().map(|h| h.len()).sum();
        if tiles > ctx.solve_tiles {
            return false;
        }
        let solver = self.solver.get_or_insert_with(Box::default);
        let limits = SolveLimits::nodes(SOLVE_NODES);
        let Ok(line) =
            solver.principal_variation(&ctx.rules, state, ctx.first, ctx.pending_ties, limits)
        else {
            return false;
        };
        if line.outcome.exact().is_none() {
            return false;
        }
        let mut end = *state;
        for &mv in &line.moves {
            end.apply(mv);
        }
        if end.is_over() {
            *state = end;
        }
        end.is_over()
    }

    /// Selection and (UCB1) expansion in one determinization. Leaves the entries of the path
    /// in `self.path` (visits counted) with the sides that acted in `self.sides`, and the
    /// moves applied in `self.moves`.
    #[inline]
    fn descend(&mut self, ctx: &Ctx<'_>, rng: &mut Rng, state: &mut State) -> LeafKind {
        self.path.clear();
        self.sides.clear();
        self.moves.clear();
        self.movers.clear();
        let mut node = 0u32;
        loop {
            if state.is_over() {
                return LeafKind::Terminal;
            }
            if self.path.len() >= ctx.max_depth {
                return LeafKind::Eval { node };
            }
            let mask = legal_mask(state);
            // a full tree selects among the children it has, and evaluates where it has none
            let full = self.tree.len() >= ctx.max_nodes;
            let through = ctx.pass_through & (1 << state.to_move) != 0;
            let child = if ctx.puct && (ctx.skip_forced || through) && mask.count_ones() == 1 {
                // no choice to weigh: the iteration goes on to the next decision, so the
                // evaluator values positions with a choice, the only ones it was trained on
                let key = mask.trailing_zeros() as u8;
                match self.tree.child_or_add(node, key, 1.0, ctx.max_nodes) {
                    Some(c) => {
                        self.tree.hot[c as usize].avail += 1;
                        c
                    }
                    None => return LeafKind::Eval { node },
                }
            } else if ctx.puct {
                let mut present = self.tree.child_keys(node);
                let mut untried = mask & !present;
                let evaluated = self.tree.cold[node as usize].evaluated;
                if through && !evaluated && self.tree.hot[node as usize].visits <= ctx.lazy_priors {
                    // too few iterations have met this node to pay for its priors yet
                    let key = nth_bit(mask, rng.below(mask.count_ones()));
                    let prior = 1.0 / mask.count_ones() as f32;
                    match self.tree.child_or_add(node, key, prior, ctx.max_nodes) {
                        Some(c) => {
                            self.tree.hot[c as usize].avail += 1;
                            self.step(ctx, c, state, rng);
                            node = c;
                            continue;
                        }
                        None => return LeafKind::Eval { node },
                    }
                }
                let reevaluate = untried != 0 && ctx.widening != Widening::Neutral;
                if through && !full && (!evaluated || reevaluate) {
                    // a seat whose view is not to value the iteration: its priors, and on
                    present = self.add_evaluated_children(ctx, rng, node, state);
                    untried = mask & !present;
                }
                if !self.tree.cold[node as usize].evaluated {
                    return LeafKind::Eval { node };
                }
                match ctx.other_model {
                    Some(model) if ctx.modelled & (1 << state.to_move) != 0 => {
                        match self.modelled_child(ctx, rng, node, mask, state, model) {
                            Some(c) => c,
                            None => return LeafKind::Eval { node },
                        }
                    }
                    _ => {
                        if untried != 0 && !full {
                            let other = state.to_move != ctx.info.seat();
                            match ctx.widening {
                                Widening::Neutral if other => {
                                    present |=
                                        add_neutral_children(&mut self.tree, node, untried, ctx);
                                }
                                Widening::Continue if other => {
                                    present |= self.add_evaluated_children(ctx, rng, node, state);
                                }
                                _ => return LeafKind::Eval { node },
                            }
                        }
                        if mask & present == 0 {
                            return LeafKind::Eval { node };
                        }
                        match ctx.root_weight {
                            Some(w) if node == 0 => select_root_improved(&mut self.tree, mask, w),
                            _ => select_puct(&mut self.tree, node, mask, ctx.c, ctx.fpu, ctx.rave),
                        }
                    }
                }
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

    /// The child of `node` for a move of another seat made by `model` for its hand in this
    /// determinization (added if new); `None` when the tree is full and has no child for it.
    fn modelled_child(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        node: u32,
        mask: u128,
        state: &State,
        model: OtherModel,
    ) -> Option<u32> {
        let (key, prior) = match model {
            _ if mask.count_ones() == 1 => (mask.trailing_zeros() as u8, 1.0),
            // club names one move: the whole of the seat's modelled policy
            OtherModel::Club => {
                let mv = club_move(
                    state,
                    &ctx.rules,
                    &CountingWeights::default(),
                    None,
                    HEURISTIC_RANDOM_ONE_IN,
                    rng,
                );
                (action_key(mv), 1.0)
            }
            OtherModel::Policy(power) => self.policy_move(ctx, rng, state, power),
        };
        self.tree.child_or_add(node, key, prior, ctx.max_nodes)
    }

    /// A move of another seat drawn from the evaluator's `other_policy` for its hand in this
    /// determinization, its priors raised to `power`: the move's key and its drawn chance.
    fn policy_move(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        state: &State,
        power: f32,
    ) -> (u8, f32) {
        let leaf = Leaf {
            root: ctx.info,
            path: &self.moves,
            state,
        };
        ctx.evaluator.other_policy(&leaf, rng, &mut self.other_eval);
        let mut legal = MoveList::default();
        state.legal_moves(&mut legal);
        let weight = |m: Move| powered_prior(&self.other_eval, m, power);
        let total: f32 = legal.iter().map(|&m| weight(m)).sum();
        let mv = if total.is_finite() && total > 0.0 {
            let mut x = rng.unit() as f32 * total;
            let mut pick = legal[legal.len() - 1];
            for &m in legal.iter() {
                x -= weight(m);
                if x < 0.0 {
                    pick = m;
                    break;
                }
            }
            pick
        } else {
            rng.pick(&legal)
        };
        let p = if total > 0.0 { weight(mv) / total } else { 0.0 };
        (action_key(mv), p)
    }

    /// [`Widening::Continue`] and the nodes an iteration passes through
    /// ([`crate::LeafSeats`]): evaluates `state` at `node` for the priors of the legal moves
    /// it has no child for, and adds those children (a first evaluation also keeps its value,
    /// as at a leaf); returns the actions `node` has children for.
    fn add_evaluated_children(
        &mut self,
        ctx: &Ctx<'_>,
        rng: &mut Rng,
        node: u32,
        state: &State,
    ) -> u128 {
        let leaf = Leaf {
            root: ctx.info,
            path: &self.moves,
            state,
        };
        ctx.evaluator.evaluate(&leaf, rng, &mut self.other_eval);
        // an evaluated node keeps the value of its first evaluation and ignores this one
        let values = ctx.values(&self.other_eval.value);
        expand_with_priors(
            &mut self.tree,
            ctx,
            node,
            state,
            &self.moves,
            &self.other_eval,
            &values,
        );
        self.tree.child_keys(node)
    }

    /// Takes the action of entry `child` in the determinization and records it on the path.
    #[inline]
    fn step(&mut self, ctx: &Ctx<'_>, child: u32, state: &mut State, rng: &mut Rng) {
        if ctx.common_root_deals && self.path.is_empty() {
            // a root move's n-th visit plays the search's n-th deal; one that cannot be drawn
            // (the rejection step came up empty) leaves the iteration's own deal
            let n = self.tree.hot[child as usize].visits as usize;
            if let Ok(deal) = self.root_deal(ctx, rng, n) {
                *state = deal;
            }
        }
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
        self.movers.push(state.to_move);
        state.apply(mv);
    }
}

/// Locks the shared tree. It is held for a descent or a backup, a microsecond or two, about
/// what parking a thread and waking it costs, so a waiting thread spins (yielding now and then,
/// in case the holder lost its core).
fn lock_spinning(tree: &Mutex<Tree>) -> std::sync::MutexGuard<'_, Tree> {
    let mut spins = 0u32;
    loop {
        match tree.try_lock() {
            Ok(guard) => return guard,
            Err(std::sync::TryLockError::Poisoned(e)) => return e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => {
                spins += 1;
                if spins.is_multiple_of(1024) {
                    std::thread::yield_now();
                } else {
                    std::hint::spin_loop();
                }
            }
        }
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

/// The evaluator's prior of `m` raised to `power` (a pass or a draw, always alone, counts 1).
#[inline]
fn powered_prior(eval: &Evaluation, m: Move, power: f32) -> f32 {
    let p = m.action_index().map_or(1.0, |i| eval.priors[i].max(0.0));
    if power == 1.0 { p } else { p.powf(power) }
}

/// [`Widening::Neutral`]: adds a child for each action in `untried`, each with the mean prior
/// of `node`'s children, until the tree is full; returns the actions added.
fn add_neutral_children(tree: &mut Tree, node: u32, untried: u128, ctx: &Ctx<'_>) -> u128 {
    let (sum, n) = tree.children(node).fold((0.0f32, 0u32), |(s, n), c| {
        (s + tree.cold[c as usize].prior, n + 1)
    });
    let prior = if n > 0 {
        sum / n as f32
    } else {
        1.0 / untried.count_ones() as f32
    };
    let mut added = 0u128;
    let mut rest = untried;
    while rest != 0 && tree.len() < ctx.max_nodes {
        let key = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        tree.add_child(node, key, prior);
        added |= 1u128 << key;
    }
    added
}

/// How a [`MoveReader`] tilts one decision of the searcher's: a move's prior becomes
/// `prior^prior_weight * exp(score)`, both scaled by [`crate::SearchConfig::reader_scale`].
pub(crate) struct Tilt {
    prior_weight: f32,
    /// The scaled score of each legal move, by action key.
    score: [f32; 128],
}

impl Tilt {
    /// `reader`'s tilt of `legal` at `info`'s decision; `None` with one move (nothing to tilt).
    /// A reader of the beliefs reads `beliefs` (or, without them, `info`'s uniform ones).
    fn read(
        reader: &MoveReader,
        scale: f32,
        info: &InfoSet,
        beliefs: Option<&SeatBeliefs>,
        legal: &[Move],
    ) -> Option<Tilt> {
        if legal.len() < 2 {
            return None;
        }
        let mut score = [0.0f32; 128];
        for (&m, s) in legal.iter().zip(reader.scores(info, beliefs, legal)) {
            score[action_key(m) as usize] = scale * s;
        }
        Some(Tilt {
            // exact at scale 1: the reader as fitted
            prior_weight: scale * reader.prior_weight + (1.0 - scale),
            score,
        })
    }

    /// The reader's tilt at the searcher's node reached from the root along `path`, read from
    /// the searcher's information set there (a reader of the beliefs reads that information
    /// set's uniform ones: the search's beliefs are the root's); `None` also where the path is
    /// not one the root's information set can follow.
    fn below_root(
        reader: &MoveReader,
        scale: f32,
        root: &InfoSet,
        path: &[Move],
        legal: &[Move],
    ) -> Option<Tilt> {
        // checked before the copy and replay, which a forced move would waste
        if legal.len() < 2 {
            return None;
        }
        let mut info = root.clone();
        if path.iter().any(|&m| info.apply(m).is_err()) {
            return None;
        }
        Tilt::read(reader, scale, &info, None, legal)
    }
}

/// The reader's tilt of the root decision, computed once a search.
pub(crate) struct RootTilt {
    /// The tiles not on the table at the root.
    out: TileSet,
    tilt: Tilt,
}

impl RootTilt {
    /// A reader of the beliefs reads those the search draws its deals from.
    pub(crate) fn of(
        reader: Option<&MoveReader>,
        scale: f32,
        info: &InfoSet,
        deals: &Determinizations,
    ) -> Option<RootTilt> {
        let reader = reader.filter(|r| r.reads(info.rules()))?;
        let legal = info.legal_moves();
        // checked before the marginals, which a forced move would waste
        if legal.len() < 2 {
            return None;
        }
        let beliefs = reader.reads_beliefs().then(|| deals.seat_beliefs(info));
        Some(RootTilt {
            out: info.rules().set().minus(info.played()),
            tilt: Tilt::read(reader, scale, info, beliefs.as_ref(), &legal)?,
        })
    }
}

/// The priors of a node's legal moves (renormalized over the legal plays; uniform when the
/// evaluator's are unusable) and the value of the side to move there: what an evaluation
/// gives a node, computed without the tree.
pub(crate) struct NodePriors {
    to_move: u8,
    value: f32,
    /// Action key and prior of each legal move (a [`MoveList`]'s room: no allocation).
    moves: [(u8, f32); 64],
    len: usize,
}

impl Default for NodePriors {
    fn default() -> Self {
        NodePriors {
            to_move: 0,
            value: 0.0,
            moves: [(0, 0.0); 64],
            len: 0,
        }
    }
}

impl NodePriors {
    pub(crate) fn of(
        ctx: &Ctx<'_>,
        state: &State,
        path: &[Move],
        eval: &Evaluation,
        v: &SideValues,
    ) -> Self {
        let mut out = NodePriors::default();
        out.fill(ctx, state, path, eval, v);
        out
    }

    /// [`NodePriors::of`] in place; `path` is the moves from the root to `state`.
    pub(crate) fn fill(
        &mut self,
        ctx: &Ctx<'_>,
        state: &State,
        path: &[Move],
        eval: &Evaluation,
        v: &SideValues,
    ) {
        let mut legal = MoveList::default();
        state.legal_moves(&mut legal);
        self.to_move = state.to_move;
        self.value = v.reward[ctx.side[state.to_move as usize] as usize] as f32;
        let own = state.to_move == ctx.info.seat();
        let power = if own {
            ctx.prior_power
        } else {
            ctx.other_prior_power
        };
        let tilt = if own { ctx.pip_tilt } else { 0.0 };
        // the root is the only node of the searcher's with the root's tiles still out
        let root = ctx.root_tilt.as_ref().filter(|r| own && state.out == r.out);
        let deep = match ctx.deep_reader {
            Some(reader) if own && root.is_none() && !path.is_empty() => {
                Tilt::below_root(reader, ctx.reader_scale, ctx.info, path, &legal)
            }
            _ => None,
        };
        let reader_tilt = root.map(|r| &r.tilt).or(deep.as_ref());
        let prior_of = |m: Move| {
            let mut p = powered_prior(eval, m, power);
            if let Some(t) = reader_tilt {
                p = p.powf(t.prior_weight) * t.score[action_key(m) as usize].exp();
            }
            if tilt == 0.0 {
                return p;
            }
            m.tile().map_or(p, |t| p * (tilt * t.pips() as f32).exp())
        };
        let total: f32 = legal.iter().map(|&m| prior_of(m)).sum();
        let uniform = !(total.is_finite() && total > 0.0);
        self.len = legal.len();
        for (slot, &mv) in self.moves.iter_mut().zip(legal.iter()) {
            let p = if uniform {
                1.0 / legal.len() as f32
            } else {
                prior_of(mv) / total
            };
            *slot = (action_key(mv), p);
        }
    }

    fn moves(&self) -> &[(u8, f32)] {
        &self.moves[..self.len]
    }
}

/// Adds a child with its prior for every legal action of `node` that has none yet.
fn expand_with_priors(
    tree: &mut Tree,
    ctx: &Ctx<'_>,
    node: u32,
    state: &State,
    path: &[Move],
    eval: &Evaluation,
    v: &SideValues,
) {
    insert_priors(tree, ctx, node, &NodePriors::of(ctx, state, path, eval, v));
}

/// [`expand_with_priors`] with its priors computed.
pub(crate) fn insert_priors(tree: &mut Tree, ctx: &Ctx<'_>, node: u32, priors: &NodePriors) {
    if priors.len == 0 {
        return;
    }
    // children met before the node's first evaluation (lazy priors) take its priors
    let replace = !tree.cold[node as usize].evaluated && ctx.lazy_priors > 0;
    let n = &mut tree.cold[node as usize];
    let again = n.evaluated;
    if !n.evaluated {
        n.evaluated = true;
        n.value_to_move = priors.value;
    }
    let prior = |key: u8| {
        priors
            .moves()
            .iter()
            .find(|&&(k, _)| k == key)
            .map(|&(_, p)| p)
    };
    let average = again && ctx.widening == Widening::Average && priors.to_move != ctx.info.seat();
    let mut present = 0u128;
    for c in tree.children(node) {
        let key = tree.hot[c as usize].key;
        present |= 1u128 << key;
        if replace {
            if let Some(p) = prior(key) {
                tree.cold[c as usize].prior = p;
            }
        } else if average {
            let Some(p) = prior(key) else {
                continue;
            };
            let cold = &mut tree.cold[c as usize];
            let k = cold.prior_samples.saturating_add(1);
            cold.prior += (p - cold.prior) / k as f32;
            cold.prior_samples = k;
        }
    }
    for &(key, p) in priors.moves() {
        if present & (1u128 << key) != 0 {
            continue;
        }
        if tree.len() >= ctx.max_nodes {
            break;
        }
        tree.add_child(node, key, p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluator::RolloutEvaluator;
    use capicua_engine::{Deal, Match, PlaceWeights, Rules, Sampler, TileSet};

    /// Rollouts, and fixed place weights.
    struct Believer(Option<PlaceWeights>);

    impl Evaluator for Believer {
        fn name(&self) -> String {
            "believer".into()
        }
        fn gives_priors(&self) -> bool {
            false
        }
        fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
            RolloutEvaluator::default().evaluate(leaf, rng, out);
        }
        fn place_weights(&self, _: &InfoSet) -> Option<PlaceWeights> {
            self.0.clone()
        }
    }

    fn mode(beliefs: BeliefMode) -> SearchConfig {
        SearchConfig {
            beliefs,
            ..SearchConfig::default()
        }
    }

    #[test]
    fn the_belief_mode_chooses_the_sampler() {
        let rules = Rules::cuban();
        let mut round = Match::new(&rules, 3).deal_round();
        let mut rng = Rng::new(1);
        round.play_random(&mut rng, 10);
        let info = round.infoset(round.to_move());
        let with = Believer(Some(PlaceWeights::uniform()));
        let without = Believer(None);
        assert!(matches!(
            deals_for_search(&mode(BeliefMode::Uniform), &with, &info, None),
            Ok(DealSampler::Uniform(_))
        ));
        assert!(matches!(
            deals_for_search(&mode(BeliefMode::Uniform), &without, &info, None),
            Ok(DealSampler::Uniform(_))
        ));
        assert!(matches!(
            deals_for_search(&mode(BeliefMode::Learned), &without, &info, None),
            Err(SearchError::NoBeliefs)
        ));
        // learned unit weights draw the uniform distribution: place frequencies of 20,000
        // draws against the exact uniform marginals, tile by tile (chi-square below its 1e-6
        // quantile)
        let deals = deals_for_search(&mode(BeliefMode::Learned), &with, &info, None).unwrap();
        assert!(matches!(deals, DealSampler::Believed(_)));
        let exact = Sampler::new(&info).unwrap().marginals();
        let n = 20_000;
        let mut counts = vec![[0u32; 5]; exact.len()];
        for _ in 0..n {
            let st = deals.sample(&mut rng).unwrap();
            for (i, &(t, _)) in exact.iter().enumerate() {
                let place = (0..4)
                    .find(|&s| st.hands[s].contains(t))
                    .unwrap_or(PlaceWeights::OUT);
                counts[i][place] += 1;
            }
        }
        for ((t, m), c) in exact.iter().zip(&counts) {
            let (mut chi2, mut df) = (0.0, -1.0);
            for p in 0..5 {
                if m[p] == 0.0 {
                    assert_eq!(c[p], 0, "{t} at an impossible place");
                    continue;
                }
                let e = n as f64 * m[p];
                chi2 += (c[p] as f64 - e).powi(2) / e;
                df += 1.0;
            }
            assert!(chi2 < 24.0 + 3.5 * df, "{t}: chi2 {chi2}, {c:?} vs {m:?}");
        }
    }

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

    #[test]
    fn all_moves_as_first_credits_the_tiles_each_seat_played_then_or_later() {
        let t = Tile::from_index;
        let key = |i: usize| (2 * i) as u8;
        let mut w = Worker::default();
        w.tree.reset();
        // the root's seat 0 may play tiles 1, 2, 3 (at its other end) or pass; after tile 1,
        // seat 1 may play tiles 4 or 5
        for k in [key(1), key(2), key(3) + 1, PASS_KEY] {
            w.tree.add_child(0, k, 0.25);
        }
        let a = w.tree.child(0, key(1)).unwrap();
        for k in [key(4), key(5)] {
            w.tree.add_child(a, k, 0.5);
        }
        let d = w.tree.child(a, key(4)).unwrap();
        // the descent: seat 0 played tile 1, seat 1 tile 4; in the rollout seat 0 played tile 3
        w.path = vec![a, d];
        w.sides = vec![0, 1];
        w.movers = vec![0, 1];
        w.moves = vec![Move::play(t(1), t(1).high()), Move::play(t(4), t(4).high())];
        w.tail = [TileSet::EMPTY; 4];
        w.tail[0].insert(t(3));
        let values = SideValues {
            reward: [0.8, 0.2, 0.0, 0.0],
            ..SideValues::default()
        };
        w.backprop_amaf(&values);
        w.backprop_amaf(&values);
        let amaf = |node: u32, k: u8| {
            let c = &w.tree.cold[w.tree.child(node, k).unwrap() as usize];
            (c.amaf_visits, c.amaf_reward)
        };
        assert_eq!(amaf(0, key(1)), (2, 1.6), "the move made");
        assert_eq!(
            amaf(0, key(3) + 1),
            (2, 1.6),
            "a tile played later, at either end"
        );
        assert_eq!(amaf(0, key(2)), (0, 0.0), "a tile not played");
        assert_eq!(amaf(0, PASS_KEY), (0, 0.0), "a pass is no tile");
        assert_eq!(amaf(a, key(4)), (2, 0.4), "seat 1's move, for its side");
        assert_eq!(amaf(a, key(5)), (0, 0.0));
    }
}
