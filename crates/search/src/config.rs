//! Search configuration. Its text form in player specs (`ismcts:iters=2000,threads=2`) is
//! `capicua_eval::spec`'s, the one place players are built from text.

use std::time::Duration;

use crate::reward::RewardConfig;
use crate::rollout::RolloutPolicy;

/// Which determinized search runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Single-observer ISMCTS: one tree over the searcher's information sets, a fresh
    /// determinization every iteration.
    Ismcts,
    /// Perfect-information Monte Carlo: `worlds` determinizations, each searched by its own
    /// perfect-information UCT tree with an equal share of the budget; the root statistics
    /// are summed over worlds.
    Pimc { worlds: u32 },
}

/// Where the determinizations of a search come from.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum BeliefMode {
    /// Uniform over the deals consistent with the root information set (the engine's
    /// `Sampler`).
    #[default]
    Uniform,
    /// Drawn from the evaluator's beliefs about the root: each consistent deal weighted by
    /// the product of [`Evaluator::place_weights`](crate::Evaluator::place_weights) over the
    /// unseen tiles (the engine's `BeliefSampler`). Needs an evaluator with a belief output.
    Learned,
    /// The true deal, every iteration: what the search would make of perfect beliefs (a
    /// bound for measuring, not a way to play). Only a player asked through
    /// `Player::choose_open`, which the duplicate runner shows the deal, can search so.
    Truth,
}

/// A group of the seats other than the searcher's: whose hands `BeliefMode::Truth` shows
/// ([`SearchConfig::truth_seats`], a measuring device: what reading one side of the table
/// perfectly would be worth), and whose moves [`SearchConfig::other_seats`] models
/// ([`SearchConfig::modelled_seats`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum SeatGroup {
    /// Every other seat. (Shown by `Truth`: every hidden tile's true place.)
    #[default]
    All,
    /// The partner only (in partnership games; elsewhere nobody). Shown by `Truth`: where
    /// the other tiles are stays as the evaluator believes, except that the partner is known
    /// not to hold them.
    Partner,
    /// The opponents only. Shown by `Truth`: the partner's hand and the tiles out of play as
    /// believed.
    Opponents,
}

impl SeatGroup {
    /// Its name in specs (`tseats=`, `oseats=`).
    pub fn name(self) -> &'static str {
        match self {
            SeatGroup::All => "all",
            SeatGroup::Partner => "partner",
            SeatGroup::Opponents => "opponents",
        }
    }

    /// The one named `name` ([`SeatGroup::name`]).
    pub fn from_name(name: &str) -> Option<SeatGroup> {
        [SeatGroup::All, SeatGroup::Partner, SeatGroup::Opponents]
            .into_iter()
            .find(|t| t.name() == name)
    }

    /// Whether `seat` is in the group of a search by `searcher` (`All` holds every seat).
    pub fn contains(self, rules: &capicua_engine::Rules, searcher: u8, seat: u8) -> bool {
        let same_side = seat != searcher && rules.side_of(seat) == rules.side_of(searcher);
        match self {
            SeatGroup::All => true,
            SeatGroup::Partner => same_side,
            SeatGroup::Opponents => seat != searcher && !same_side,
        }
    }
}

/// How an ISMCTS tree chooses the moves of the seats other than the searcher's (partner and
/// opponents alike), when the evaluator gives priors.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub enum OtherSeats {
    /// PUCT over statistics shared by every determinization reaching the node: the seat plays
    /// as if it knew only what the searcher knows, guided by the priors of whichever
    /// determinization first reached the node.
    #[default]
    Search,
    /// Sampled from the evaluator's policy for the seat's hand in this iteration's
    /// determinization (priors raised to `1 / temperature`): the other seats play a model of
    /// themselves that sees their own tiles, and the searcher's tree answers that model.
    Policy { temperature: f64 },
    /// `club_move` for the seat's hand in this iteration's determinization: the rollout's
    /// model of a club player (`counting`'s own-game and who-can-follow terms, one move in
    /// eight at random), with no model call. Meant for a partner known to play as club players
    /// do (`modelled_seats: Partner`), such as a person at the table.
    Club,
}

/// What an ISMCTS tree with priors does when another seat's node, already evaluated, meets a
/// determinization in which that seat can make moves the node has no child for (its hand
/// differs from the hands that reached the node before). With the default evaluation about
/// half of a 10 ms search's iterations ended at such nodes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Widening {
    /// Evaluate the node in this determinization: the iteration ends there, its value is the
    /// evaluator's, and the new moves get that evaluation's priors.
    #[default]
    Evaluate,
    /// Add the new moves with the mean prior of the node's children and go on selecting: the
    /// iteration still ends at a leaf of the tree. The new moves' priors know nothing of the
    /// hand that can make them, as the old ones know only the hand that first reached the node.
    Neutral,
    /// Evaluate the node in this determinization for the new moves' priors, as `Evaluate`,
    /// and go on selecting: the iteration still ends at a leaf of the tree, at the cost of a
    /// second evaluation.
    Continue,
    /// As `Evaluate`, and the evaluation also moves the priors of the node's children that
    /// are legal in this determinization: each becomes the mean of its priors over the
    /// evaluations in which it was legal. Otherwise a child keeps the prior of the hand that
    /// first could make it, normalised over that hand's legal moves (a hand with one legal
    /// play gives it prior 1 at that node for every later hand).
    Average,
}

/// What an ISMCTS tree with priors does at a node where, in the iteration's determinization,
/// the seat to move has a single legal move (a forced pass, a draw, or one playable tile).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ForcedMoves {
    /// As at any node: a node no evaluation has seen is a leaf, valued by the evaluator there,
    /// and another seat's node meeting a move it has no child for is evaluated again
    /// ([`Widening`]).
    #[default]
    Evaluate,
    /// Take the move without evaluating: the iteration goes on to the next node where the
    /// seat to move has a choice (or the end of the round). The network's value head was
    /// trained on decisions with two or more legal moves only, and the priors of a single
    /// move say nothing.
    Skip,
}

/// How the threads of an ISMCTS search share the work (PIMC gives each thread its own worlds).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Parallelism {
    /// A tree per thread, their root statistics summed: no locks, but each tree sees only its
    /// thread's iterations.
    Root,
    /// One tree for all threads. A thread descends and backs up under the tree's lock, and
    /// samples its deal and values its leaf outside it; visits count when a path is chosen,
    /// so a thread's open paths steer the others elsewhere (a virtual loss).
    ///
    /// With a network, two threads at 10 ms as a pair against a `counting` pair were +0.77
    /// ahead of `Root` on two seeds and +0.15 on two fresh ones (eval/results/shared51/;
    /// neither way beats one thread at the same wall time).
    Tree,
    /// `Tree` for a search with a network and `Root` for plain search: the default since
    /// session 52. Plain iterations are so cheap that the lock takes most of their time (two
    /// threads make 1.07 times one thread's iterations in the shared tree, 2.0 times in two
    /// trees), and plain two-thread searches at 10 ms as a pair scored better with `Root`
    /// (eval/results/plain52/).
    #[default]
    Auto,
}

impl Parallelism {
    /// Whether the threads of an ISMCTS search share one tree, for a search whose evaluator
    /// gives priors (`network`) or not.
    pub fn one_tree(self, network: bool) -> bool {
        match self {
            Parallelism::Tree => true,
            Parallelism::Root => false,
            Parallelism::Auto => network,
        }
    }
}

/// Where an iteration of a tree with priors ends and is valued: which seats' new nodes are
/// leaves. The others' new nodes are evaluated for their priors only and passed through.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum LeafSeats {
    /// Any seat's new node is a leaf, valued from the hand of the seat to move there.
    #[default]
    Any,
    /// The new nodes of the searcher and its partner: an opponent's new node is evaluated for
    /// its priors and the iteration goes on.
    Side,
    /// Only the searcher's new nodes, so every value backed up reads the searcher's own hand,
    /// which it knows exactly, instead of another seat's view that averages over it.
    Own,
}

/// What PUCT values a child no iteration has visited at, before
/// [`SearchConfig::fpu_reduction`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum FpuBase {
    /// The evaluator's value of the node for the side to move, from the determinization that
    /// first reached it.
    #[default]
    Value,
    /// That value averaged with every result backed up through the node's available children
    /// (each counting once): under ISMCTS the first determinization's value is one draw, and
    /// the children's results are the node's value over many (KataGo and Gumbel MuZero value
    /// an untried move near the parent's running mean).
    Mean,
}

impl FpuBase {
    /// Its name in specs (`fpubase=`).
    pub fn name(self) -> &'static str {
        match self {
            FpuBase::Value => "value",
            FpuBase::Mean => "mean",
        }
    }

    /// The one named `name` ([`FpuBase::name`]).
    pub fn from_name(name: &str) -> Option<FpuBase> {
        [FpuBase::Value, FpuBase::Mean]
            .into_iter()
            .find(|b| b.name() == name)
    }
}

/// How a finished search picks its move from the root statistics.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub enum MoveChoice {
    /// The most visited move (then the best mean reward, then the first legal).
    #[default]
    MostVisited,
    /// The move that maximizes Gumbel MuZero's improved policy (Danihelka et al. 2022,
    /// without the Gumbel noise): `ln prior + weight * q` over the visited moves, `q` the mean
    /// reward. PUCT's visits follow a sharp prior at small budgets even where the values say
    /// otherwise; this weighs the values against the prior. Without priors every move's prior
    /// counts as equal.
    Improved { weight: ValueWeight },
}

/// How much a move's mean reward (in `[0, 1]`) weighs against its log prior in
/// [`MoveChoice::Improved`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ValueWeight {
    /// `(VISIT_OFFSET + N_max) * scale`, `N_max` the most visits of any root move: the paper's
    /// form, which trusts the values more the more search stands behind them. Its best scale
    /// depends on the budget (eval/results/choice/).
    PerVisit(f64),
    /// A weight that does not depend on the budget.
    Fixed(f64),
}

impl ValueWeight {
    /// The weight when the most visited root move has `n_max` visits.
    #[inline]
    pub fn at(self, n_max: u64) -> f64 {
        match self {
            ValueWeight::PerVisit(scale) => (VISIT_OFFSET + n_max as f64) * scale,
            ValueWeight::Fixed(w) => w,
        }
    }
}

/// The visit offset of [`ValueWeight::PerVisit`] (`c_visit` of the paper and of `mctx`).
pub const VISIT_OFFSET: f64 = 50.0;

/// How an ISMCTS tree with priors picks the searcher's move at the root in each iteration.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum RootSelection {
    /// PUCT, as at every other node.
    #[default]
    Puct,
    /// With [`MoveChoice::Improved`]: the move whose visit share most falls short of its share
    /// of the improved policy, `argmax π'(a) - N(a) / (1 + ΣN)` with
    /// `π' = softmax(ln prior + weight * q̂)` (Gumbel MuZero's rule below the root; `q̂` of an
    /// unvisited move is the prior-weighted mix of the root's value and the visited moves'
    /// values). The root's visits then follow the policy the move is chosen by, and moves
    /// the prior dislikes get the visits their values earn, at any budget.
    Improved,
}

/// Ending a timed ISMCTS search early: once `at` of the time budget has passed, the search
/// ends if its most visited root move holds at least `share` of the root's visits. Decisions
/// that clear at a fraction of their time rarely change with the rest of it, so a budget set
/// higher with an early stop spends its time where decisions are close (eval/results/tm54/).
/// The budget stays the most a search may take; iteration budgets and PIMC ignore it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EarlyStop {
    /// The share of the time budget after which the search looks, in (0, 1).
    pub at: f64,
    /// The share of the root's visits the leading move needs, in (0, 1].
    pub share: f64,
}

/// How long a search runs: the first limit reached ends it. At least one must be set.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Iterations (simulations) in total over all threads.
    pub iterations: Option<u64>,
    /// Wall time.
    pub time: Option<Duration>,
}

impl Budget {
    pub fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            time: None,
        }
    }
    pub fn time(t: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(t),
        }
    }
    pub fn is_set(&self) -> bool {
        self.iterations.is_some() || self.time.is_some()
    }
}

/// How a short timed search explores and what it maximizes (a tier of [`SearchConfig::short`]).
/// The two go together: PUCT's constant weighs exploration against the spread of the rewards.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ShortBudget {
    /// The longest wall-time budget that counts as short.
    pub max_time: Duration,
    /// The PUCT constant such a search explores with.
    pub c_puct: f64,
    /// The reward such a search maximizes.
    pub reward: RewardConfig,
}

/// How much of a short timed search's leaf values comes from rollouts (a tier of
/// [`SearchConfig::short_mix`]): the rollout is the one part of a leaf value that reads the
/// deal the iteration drew, and a short search has few iterations to learn it otherwise.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ShortMix {
    /// The longest wall-time budget that counts as short.
    pub max_time: Duration,
    /// The [`SearchConfig::rollout_mix`] such a search takes.
    pub rollout_mix: f64,
    /// The [`SearchConfig::late_mix`] such a search takes.
    pub late_mix: Option<LateMix>,
}

/// The move reader of a short timed search (a tier of [`SearchConfig::short_reader`]): a
/// reader fitted to a teacher that also saw the hands (the exact solver's values on the true
/// deal, with a long search's visit shares) gained at 10 ms a move where the visits' reader is
/// the one measured at longer budgets (eval/results/session81/).
#[derive(Clone, Debug, PartialEq)]
pub struct ShortReader {
    /// The longest wall-time budget that counts as short.
    pub max_time: Duration,
    /// The reader such a search tilts its priors with, in place of
    /// [`SearchConfig::move_reader`].
    pub reader: std::sync::Arc<crate::reader::MoveReader>,
}

/// A rollout share that moves with the round: a leaf with `t` tiles on the table takes
/// `lead + (rollout_mix - lead) * min(t, tiles) / tiles` of its value from rollouts, `lead`
/// the share at the lead. Scored against the round's true result, the share of least squared
/// error rises from about 0.3 at the lead to 0.95 at 35 tiles (0.75 over the whole round):
/// early the network is the better guess, late the rollout. Played at 10 ms as
/// `mix=0.3,mixlate=0.95` beside the constant 0.75 it was level (+0.08 as the partner of
/// `counting`, -0.13 as a pair, paired; eval/results/session75/), so no default sets it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LateMix {
    /// The rollout share from `tiles` tiles on the table.
    pub rollout_mix: f64,
    /// Tiles on the table where the share reaches `rollout_mix` (at least 1).
    pub tiles: u32,
}

impl LateMix {
    /// The share of a leaf with `tiles_down` tiles on the table, from `lead` at none.
    #[inline]
    pub fn at(&self, lead: f64, tiles_down: u32) -> f64 {
        let span = self.tiles.max(1);
        lead + (self.rollout_mix - lead) * tiles_down.min(span) as f64 / span as f64
    }
}

/// Everything that shapes a search. `Default` is ISMCTS, 10,000 iterations, one thread, random
/// rollouts.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    pub algorithm: Algorithm,
    /// The budget of a search that does not bring its own (players use this one).
    pub budget: Budget,
    /// Search threads.
    pub threads: usize,
    /// How `threads` share an ISMCTS search.
    pub parallel: Parallelism,
    /// UCB1 exploration constant (rewards are in `[0, 1]`).
    pub c_ucb: f64,
    /// PUCT exploration constant (used when the evaluator gives priors).
    pub c_puct: f64,
    /// Other PUCT constants and rewards for searches whose budget is a wall time and no
    /// iteration count, shortest first: the first tier whose [`ShortBudget::max_time`] the
    /// time does not exceed applies ([`c_puct_for`](Self::c_puct_for),
    /// [`reward_for`](Self::reward_for)), since a short search has few iterations to spend on
    /// the moves its priors rank low. Empty: [`c_puct`](Self::c_puct) and
    /// [`reward`](Self::reward) at every budget.
    pub short: Vec<ShortBudget>,
    /// Softmax temperature of the evaluator's priors: each prior is raised to `1 / T` and
    /// renormalised, so `T > 1` flattens a sharp policy and lets PUCT try moves it dislikes.
    /// Results report the priors the search used.
    pub prior_temperature: f64,
    /// The prior temperature at the other seats' nodes (partner and opponents), where the
    /// priors model how they will answer rather than which moves the searcher should try;
    /// `None`: [`prior_temperature`](Self::prior_temperature).
    pub other_prior_temperature: Option<f64>,
    /// At the searcher's own nodes, each (tempered) prior is multiplied by
    /// `exp(prior_pip_tilt * pips of the move's tile)` and renormalised: below 0 the search
    /// first tries the lighter tiles. A long search keeps heavier tiles than the shipped
    /// prior does, but -0.02, -0.05 and -0.1 a pip were level with 0 by regret at 1,100
    /// iterations (eval/results/distil56/); 0 leaves the priors as they are.
    pub prior_pip_tilt: f64,
    /// A learned tilt of the priors of the searcher's root decision
    /// ([`crate::reader::MoveReader`]): each root move's prior becomes
    /// `prior^prior_weight * exp(score)`, renormalised, before the search starts. Read only in
    /// rounds of the rules it was trained on; `None` leaves the priors as they are. See also
    /// [`reader_below_root`](Self::reader_below_root) and [`reader_scale`](Self::reader_scale).
    pub move_reader: Option<std::sync::Arc<crate::reader::MoveReader>>,
    /// Other readers for searches whose budget is a wall time and no iteration count, shortest
    /// first, as [`short`](Self::short) tiers are taken
    /// ([`move_reader_for`](Self::move_reader_for)). Empty: [`move_reader`](Self::move_reader)
    /// at every budget.
    pub short_reader: Vec<ShortReader>,
    /// The reader also tilts the priors of the searcher's own nodes below the root, read from
    /// the searcher's information set there (the root's and the path to the node): the
    /// decisions it was fitted on are the searcher's own, and a short search meets them in its
    /// tree too. Each such node costs a replay of the path and the reader's scores.
    pub reader_below_root: bool,
    /// How much say the reader gets: its scores times this, and its weight on the log prior
    /// moved as far from 1 (`prior^(1 + s(w - 1)) * exp(s * score)`). 1 is the reader as
    /// fitted and 0 leaves the priors as they are. A fitted reader gained as a pair at 10 ms
    /// and not at 50 ms (eval/results/reader50/), where a longer search may want less of it.
    pub reader_scale: f64,
    /// First-play urgency reduction (PUCT only): a child no iteration has visited is valued at
    /// [`fpu_base`](Self::fpu_base)'s value of its node for the side to move, less this times
    /// the square root of the (tempered) priors of the available children already visited
    /// (Leela Chess Zero's rule). 0 values an untried move as its parent; above 0 the search
    /// stays longer with the moves it has tried, below 0 it tries more. Five settings with
    /// `fpu_base` did not beat 0 at 10 ms a move (eval/results/fpu31/).
    pub fpu_reduction: f64,
    /// The value first-play urgency starts from.
    pub fpu_base: FpuBase,
    /// All-moves-as-first (RAVE, Gelly and Silver 2007; PUCT only, 0: off): each entry also
    /// keeps the results of the iterations through its parent in which the same seat played
    /// the entry's tile at any later point (in the tree or the leaf's first rollout), and
    /// selection values a child at `(1 - β) q + β q_amaf` with `β = sqrt(k / (3n + k))`, `n`
    /// its visits and `k` this constant. A tile is much the same move whenever it is played,
    /// so the many iterations that play it later say something about playing it now while a
    /// short search has visited it a few times. Only the one-tree iteration of a thread
    /// without batching keeps these statistics (others leave every `q` as it is).
    pub rave: f64,
    /// With an evaluator that estimates values: the weight `λ` of a rollout (with `rollout`'s
    /// policy) from the leaf, mixed into its value as `(1 - λ) * estimate + λ * rollout`
    /// (AlphaGo's mixing). 0: the estimate alone.
    pub rollout_mix: f64,
    /// Other rollout shares for searches whose budget is a wall time and no iteration count,
    /// shortest first, as [`short`](Self::short) tiers are taken
    /// ([`rollout_mix_for`](Self::rollout_mix_for)). Empty: [`rollout_mix`](Self::rollout_mix)
    /// at every budget.
    pub short_mix: Vec<ShortMix>,
    /// Where set, the rollout share grows from the budget's
    /// [`rollout_mix_for`](Self::rollout_mix_for) at the lead to this one late in the round
    /// ([`LateMix`]; a [`short_mix`](Self::short_mix) tier brings its own). `None`: one share
    /// for the whole round.
    pub late_mix: Option<LateMix>,
    /// How many rollouts from a leaf are averaged into the `rollout_mix` share of its value
    /// (at least 1): one rollout's result is a single draw of the round's end, and a `club`
    /// rollout costs a few microseconds, a fifth to a quarter of an iteration of a search with
    /// a network (docs/BENCHMARKS.md, sessions 41 and 42).
    pub rollouts: u32,
    pub reward: RewardConfig,
    /// Rollout policy of the default evaluator.
    pub rollout: RolloutPolicy,
    /// The `heuristic`, `club` and `read` rollouts play a uniformly random move once in this
    /// many moves (0: never). [`crate::rollout::HEURISTIC_RANDOM_ONE_IN`] by default.
    pub rollout_random: u32,
    /// ISMCTS only: every root move's `n`-th iteration plays on the same deal, the search's
    /// `n`-th draw (common random numbers). Each move's mean is still over independent draws,
    /// so it estimates what it did; but two moves are compared on the same deals, and how
    /// good a deal is for each side (about half the variance of a leaf's rollout, measured in
    /// session 53) no longer tells them apart. The deals are kept for the search (past
    /// [`COMMON_DEALS`](crate::COMMON_DEALS) of them, the list is read again from the start);
    /// a thread of a shared tree pairs the moves on its own list, drawing under the tree's
    /// lock. `false`: a fresh draw each iteration.
    pub common_root_deals: bool,
    /// Ending a timed search before its time is up when the decision is already clear;
    /// `None`: every search takes its whole time budget.
    pub early_stop: Option<EarlyStop>,
    /// Seed of the search's random choices (players mix in the position, see `player`).
    pub seed: u64,
    /// Entries per thread's tree (nodes, and the room their children blocks reserve: about
    /// two per iteration); a full tree stops growing and evaluates where it stands.
    pub max_nodes: usize,
    /// Endgame solving: a leaf whose determinization has at most this many tiles left in the
    /// hands is valued by the exact open-hand solver (within [`SOLVE_NODES`]) instead of the
    /// evaluator; 0 turns it off. Under PIMC this makes each world's values exact once the
    /// root is within reach: PIMC over solved deals. No effect in draw games.
    pub solve_tiles: u32,
    /// Where the root's determinizations come from (ISMCTS iterations and PIMC worlds alike).
    pub beliefs: BeliefMode,
    /// `BeliefMode::Learned` draws deals weighted by the beliefs raised to `1 / T`: below 1
    /// concentrates the determinizations on the deals the beliefs favour.
    pub belief_temperature: f64,
    /// `BeliefMode::Truth` weighs each tile's true place by this share and its places under
    /// the evaluator's beliefs by the rest: 1 is the true deal, below it beliefs between the
    /// learned ones and perfect ones (to measure what better beliefs would be worth).
    pub truth_share: f64,
    /// Whose hands `BeliefMode::Truth` shows.
    pub truth_seats: SeatGroup,
    /// How the other seats' moves are chosen in the tree (ISMCTS with priors only).
    pub other_seats: OtherSeats,
    /// Which other seats `other_seats` models when it is not `Search`; the rest are searched.
    pub modelled_seats: SeatGroup,
    /// How another seat's evaluated node takes moves a new determinization brings (ISMCTS
    /// with priors, [`OtherSeats::Search`]).
    pub widening: Widening,
    /// The deepest the tree grows, in moves below the root: an iteration that reaches this
    /// depth is valued there by the evaluator in its determinization, as at a new leaf
    /// (0: no limit).
    pub max_depth: u32,
    /// What a tree with priors does where the seat to move has one legal move.
    pub forced: ForcedMoves,
    /// Which seats' new nodes end an iteration of a tree with priors.
    pub leaf: LeafSeats,
    /// With [`LeafSeats::Side`] or [`LeafSeats::Own`], how many iterations pass through a
    /// new node of a seat that does not value them before it is evaluated for its priors:
    /// until then each takes a move drawn uniformly from the hand it meets there (0: every
    /// such node is evaluated when first met). Passing through costs an evaluation per new
    /// node of such a seat, about three per iteration with `Own`; most of those nodes are never
    /// met again.
    pub lazy_priors: u32,
    /// How the move is picked from the root statistics.
    pub choice: MoveChoice,
    /// How each iteration picks the searcher's move at the root.
    pub root: RootSelection,
    /// Among the root moves with at least `1 - club_ties` of the most visits, play the one
    /// `counting` would play there, when it is one of them (0: off). A pair's beliefs about
    /// its partner come from a network that learned to read club play; where the search
    /// hardly tells its moves apart, playing as a club player does makes the hand easier for
    /// the partner to read (the partner's hand is worth about +4 a round to the pair at 10
    /// ms). Measured in session 68 at 0.25 as a pair at 10 ms: level, -0.05 [-0.73, +0.64]
    /// paired (eval/results/session68/), so it is off by default.
    pub club_ties: f64,
    /// Among the root moves with at least `1 - reveal` of the most visits, play the one after
    /// which the partner's beliefs best place this seat's hand (0: off). The partner's search
    /// draws its deals from the network's beliefs read from the partner's seat; the search
    /// itself never values what its move tells the partner, so where it hardly tells its
    /// moves apart this picks the most telling. Scored over [`REVEAL_DEALS`] of the search's
    /// own determinizations (the partner's hand is not known): the mean log-likelihood,
    /// under the evaluator's place weights from the partner's seat, of which unseen tiles
    /// this seat holds after the move. Needs an evaluator with beliefs and a partner.
    /// Session 69 recorded the pair at 10 ms with it on the default's deals: the shipped
    /// network then read the partner's tiles no better (1.5584 nats a tile at 0.25, 1.5566
    /// at 0.5, against 1.5512; eval/results/session69/), so it is off and was not played.
    pub reveal: f64,
}

/// Determinizations a [`SearchConfig::reveal`] choice scores each candidate move over.
pub const REVEAL_DEALS: usize = 8;

/// Node limit of one endgame solve (about 1 ms on this machine kind); a solve that needs more
/// leaves the leaf to the evaluator.
pub const SOLVE_NODES: u64 = 20_000;

/// Default iterations per move.
pub const DEFAULT_ITERATIONS: u64 = 10_000;
/// Default softmax temperature of the evaluator's priors. Self-play trained the shipped
/// networks' policies towards the visit shares of their own searches until they are very
/// sharp (about 0.4 nats of entropy), and PUCT then rarely looks past the favourite: raised
/// to the power 1/3 the priors let the values decide. Against a `counting` pair, beside 1 on
/// the same deals, the shipped model gained +0.87 as a pair and +0.53 as a partner at 10 ms,
/// +1.90 and +0.23 at 50 ms, each inside its interval (eval/results/ptemp28/).
pub const DEFAULT_PRIOR_TEMPERATURE: f64 = 3.0;
/// Default number of PIMC worlds.
pub const DEFAULT_WORLDS: u32 = 20;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::Ismcts,
            budget: Budget::iterations(DEFAULT_ITERATIONS),
            threads: 1,
            parallel: Parallelism::Auto,
            c_ucb: 0.7,
            c_puct: 1.5,
            short: Vec::new(),
            short_mix: Vec::new(),
            prior_temperature: DEFAULT_PRIOR_TEMPERATURE,
            other_prior_temperature: None,
            prior_pip_tilt: 0.0,
            move_reader: None,
            short_reader: Vec::new(),
            reader_below_root: false,
            reader_scale: 1.0,
            fpu_reduction: 0.0,
            fpu_base: FpuBase::Value,
            rave: 0.0,
            rollout_mix: 0.0,
            late_mix: None,
            rollouts: 1,
            reward: RewardConfig::default(),
            rollout: RolloutPolicy::Random,
            rollout_random: crate::rollout::HEURISTIC_RANDOM_ONE_IN,
            common_root_deals: false,
            early_stop: None,
            seed: 0,
            max_nodes: 2_000_000,
            solve_tiles: 0,
            beliefs: BeliefMode::Uniform,
            belief_temperature: 1.0,
            truth_share: 1.0,
            truth_seats: SeatGroup::All,
            other_seats: OtherSeats::Search,
            modelled_seats: SeatGroup::All,
            widening: Widening::Evaluate,
            max_depth: 0,
            lazy_priors: 0,
            forced: ForcedMoves::Evaluate,
            leaf: LeafSeats::Any,
            choice: MoveChoice::MostVisited,
            root: RootSelection::Puct,
            club_ties: 0.0,
            reveal: 0.0,
        }
    }
}

/// The first of `tiers` (shortest first, each up to its `max_time`) that a search with `budget`
/// falls in. Only a budget that is a wall time and no iteration count has one: an iteration
/// count makes the search's length known in iterations, not time.
fn tier_for<'a, T>(
    tiers: &'a [T],
    budget: &Budget,
    max_time: impl Fn(&T) -> Duration,
) -> Option<&'a T> {
    match (budget.iterations, budget.time) {
        (None, Some(t)) => tiers.iter().find(|tier| t <= max_time(tier)),
        _ => None,
    }
}

impl SearchConfig {
    /// The PUCT constant a search with `budget` explores with: its [`short`](Self::short)
    /// tier's for a short wall-time budget, else [`c_puct`](Self::c_puct).
    pub fn c_puct_for(&self, budget: &Budget) -> f64 {
        self.short_for(budget).map_or(self.c_puct, |s| s.c_puct)
    }

    /// The reward a search with `budget` maximizes: its [`short`](Self::short) tier's for a
    /// short wall-time budget, else [`reward`](Self::reward).
    pub fn reward_for(&self, budget: &Budget) -> RewardConfig {
        self.short_for(budget).map_or(self.reward, |s| s.reward)
    }

    /// The share of a leaf's value from rollouts in a search with `budget`: its
    /// [`short_mix`](Self::short_mix) tier's for a short wall-time budget, else
    /// [`rollout_mix`](Self::rollout_mix).
    pub fn rollout_mix_for(&self, budget: &Budget) -> f64 {
        tier_for(&self.short_mix, budget, |s| s.max_time)
            .map_or(self.rollout_mix, |s| s.rollout_mix)
    }

    /// The late rollout share of a search with `budget`, as
    /// [`rollout_mix_for`](Self::rollout_mix_for) takes the share at the lead.
    pub fn late_mix_for(&self, budget: &Budget) -> Option<LateMix> {
        tier_for(&self.short_mix, budget, |s| s.max_time).map_or(self.late_mix, |s| s.late_mix)
    }

    /// The move reader of a search with `budget`: its [`short_reader`](Self::short_reader)
    /// tier's for a short wall-time budget, else [`move_reader`](Self::move_reader).
    pub fn move_reader_for(&self, budget: &Budget) -> Option<&crate::reader::MoveReader> {
        match tier_for(&self.short_reader, budget, |s| s.max_time) {
            Some(tier) => Some(&tier.reader),
            None => self.move_reader.as_deref(),
        }
    }

    fn short_for(&self, budget: &Budget) -> Option<&ShortBudget> {
        tier_for(&self.short, budget, |s| s.max_time)
    }

    /// The PIMC default: [`DEFAULT_WORLDS`] worlds, the rest as `Default`.
    pub fn pimc() -> SearchConfig {
        SearchConfig {
            algorithm: Algorithm::Pimc {
                worlds: DEFAULT_WORLDS,
            },
            // a thread per world: no tree to share
            parallel: Parallelism::Root,
            ..SearchConfig::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_time_budget_alone_takes_its_tiers_constant_and_reward() {
        let points = RewardConfig {
            margin_weight: 1.0,
            margin_scale: crate::MarginScale::Points(90.0),
        };
        let long = RewardConfig::default();
        let cfg = SearchConfig {
            c_puct: 1.5,
            short: vec![
                ShortBudget {
                    max_time: Duration::from_millis(20),
                    c_puct: 0.45,
                    reward: points,
                },
                ShortBudget {
                    max_time: Duration::from_millis(50),
                    c_puct: 1.0,
                    reward: long,
                },
            ],
            ..SearchConfig::default()
        };
        let ms = |t| Budget::time(Duration::from_millis(t));
        let of = |b: &Budget| (cfg.c_puct_for(b), cfg.reward_for(b));
        assert_eq!(of(&ms(10)), (0.45, points));
        assert_eq!(of(&ms(20)), (0.45, points));
        assert_eq!(of(&ms(21)), (1.0, long));
        assert_eq!(of(&ms(50)), (1.0, long));
        assert_eq!(of(&ms(51)), (1.5, long));
        // an iteration count makes the budget's length known in iterations, not time
        assert_eq!(of(&Budget::iterations(500)), (1.5, long));
        let both = Budget {
            iterations: Some(500),
            time: Some(Duration::from_millis(10)),
        };
        assert_eq!(of(&both), (1.5, long));
        let plain = SearchConfig {
            short: Vec::new(),
            ..cfg.clone()
        };
        assert_eq!(
            (plain.c_puct_for(&ms(10)), plain.reward_for(&ms(10))),
            (1.5, long)
        );
    }

    #[test]
    fn a_short_time_budget_alone_takes_its_tiers_rollout_share() {
        let late = LateMix {
            rollout_mix: 0.9,
            tiles: 30,
        };
        let cfg = SearchConfig {
            rollout_mix: 0.5,
            late_mix: Some(late),
            short_mix: vec![ShortMix {
                max_time: Duration::from_millis(20),
                rollout_mix: 0.75,
                late_mix: None,
            }],
            ..SearchConfig::default()
        };
        let ms = |t| Budget::time(Duration::from_millis(t));
        assert_eq!(
            [1, 10, 20, 21, 50].map(|t| cfg.rollout_mix_for(&ms(t))),
            [0.75, 0.75, 0.75, 0.5, 0.5]
        );
        let both = Budget {
            iterations: Some(500),
            time: Some(Duration::from_millis(10)),
        };
        assert_eq!(cfg.rollout_mix_for(&Budget::iterations(500)), 0.5);
        assert_eq!(cfg.rollout_mix_for(&both), 0.5);
        // the tier's late share (none) goes with its share at the lead
        assert_eq!(cfg.late_mix_for(&ms(10)), None);
        assert_eq!(cfg.late_mix_for(&ms(50)), Some(late));
        let plain = SearchConfig {
            short_mix: Vec::new(),
            ..cfg.clone()
        };
        assert_eq!(plain.rollout_mix_for(&ms(10)), 0.5);
        assert_eq!(plain.late_mix_for(&ms(10)), Some(late));
    }

    #[test]
    fn a_short_time_budget_alone_reads_its_tiers_reader() {
        use crate::reader::MoveReader;
        use capicua_engine::Rules;
        use std::sync::Arc;
        let reader = |w: f32| {
            let mut r = MoveReader::neutral(&Rules::cuban(), 4, false);
            r.linear[0] = w;
            Arc::new(r)
        };
        let (long, short) = (reader(1.0), reader(-1.0));
        let cfg = SearchConfig {
            move_reader: Some(long.clone()),
            short_reader: vec![ShortReader {
                max_time: Duration::from_millis(20),
                reader: short.clone(),
            }],
            ..SearchConfig::default()
        };
        let ms = |t| Budget::time(Duration::from_millis(t));
        let read = |b: &Budget| cfg.move_reader_for(b).map(|r| r.linear[0]);
        assert_eq!(
            [1, 10, 20, 21, 50].map(|t| read(&ms(t))),
            [Some(-1.0), Some(-1.0), Some(-1.0), Some(1.0), Some(1.0)]
        );
        let both = Budget {
            iterations: Some(500),
            time: Some(Duration::from_millis(10)),
        };
        assert_eq!(read(&Budget::iterations(500)), Some(1.0));
        assert_eq!(read(&both), Some(1.0));
        let plain = SearchConfig {
            short_reader: Vec::new(),
            ..cfg.clone()
        };
        assert_eq!(
            plain.move_reader_for(&ms(10)).map(|r| r.linear[0]),
            Some(1.0)
        );
        let none = SearchConfig {
            move_reader: None,
            ..plain
        };
        assert!(none.move_reader_for(&ms(10)).is_none());
    }

    #[test]
    fn a_late_mix_rises_linearly_to_its_share_and_holds() {
        let late = LateMix {
            rollout_mix: 0.9,
            tiles: 30,
        };
        let at = |t| late.at(0.3, t);
        assert_eq!(at(0), 0.3);
        assert!((at(15) - 0.6).abs() < 1e-12);
        assert!((at(30) - 0.9).abs() < 1e-12);
        assert_eq!(at(30), at(55));
        assert!((0..30).all(|t| at(t) < at(t + 1)));
        // a share equal at both ends is one share for the whole round
        let flat = LateMix {
            rollout_mix: 0.75,
            ..late
        };
        assert!((0..56).all(|t| flat.at(0.75, t) == 0.75));
    }
}
