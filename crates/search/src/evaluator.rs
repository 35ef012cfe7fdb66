//! Leaf evaluation: the [`Evaluator`] trait the search calls at the leaves of its tree, what a
//! leaf exposes ([`Leaf`]), and the default [`RolloutEvaluator`].
//!
//! A leaf of single-observer ISMCTS is reached in one determinization: a perfect-information
//! [`State`] with every hand sampled. A rollout may play that state out, but a network must see
//! only what the seat to move at the leaf could know, or it learns to trust sampled hands. So
//! [`Leaf`] carries the searching seat's root [`InfoSet`], the moves since the root and the
//! leaf state, and [`Leaf::mover_infoset`] rebuilds the information set of the seat to move
//! (its own hand from the determinization, everything else public) for the network to encode.

use capicua_engine::{
    InfoSet, Move, MoveList, PlaceWeights, Public, Rng, SampledDeal, State, Tile, TileSet, seen_by,
};

use crate::error::SearchError;
use crate::reward::Outcome;
use crate::rollout::{HEURISTIC_RANDOM_ONE_IN, RolloutPolicy, playout};
use capicua_bots::TableMemory;

/// Size of the policy: [`Move::action_index`] is below this for every play.
pub const ACTIONS: usize = 110;

/// One leaf to evaluate.
#[derive(Copy, Clone, Debug)]
pub struct Leaf<'a> {
    /// The searching seat's information set at the root of the search (rules, first seat,
    /// match context, public history before the root).
    pub root: &'a InfoSet,
    /// Moves from the root to the leaf as the determinization played them: draws name the
    /// tile drawn (mask other seats' draws before showing them to a seat, as
    /// [`Leaf::mover_infoset`] does).
    pub path: &'a [Move],
    /// The determinization at the leaf, every hand known. Rollouts use it; an evaluator that
    /// stands for a player must read only [`Leaf::mover_infoset`].
    pub state: &'a State,
}

impl Leaf<'_> {
    /// Legal moves of the seat to move at the leaf (a forced draw as `Draw(None)`; none when
    /// the round is over). The same as `mover_infoset().legal_moves()`, without rebuilding it.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::default();
        self.state.legal_moves(&mut out);
        out
    }

    /// The seat to move at the leaf.
    pub fn to_move(&self) -> u8 {
        self.state.to_move
    }

    /// The public record at the leaf: the root's, with the path's moves as the public saw
    /// them.
    pub fn public(&self) -> Public {
        let mut public = *self.root.public();
        for &mv in self.path {
            public.apply(mv);
        }
        public
    }

    /// The information set of the seat to move at the leaf: the round from its first move as
    /// that seat saw it, with its hand from this determinization. In draw games a seat other
    /// than the searcher that drew before the root gets the earliest assignment of its tiles
    /// to its deal and draws that fits every void it showed (the determinization fixes which
    /// tiles it held, not when it drew them).
    pub fn mover_infoset(&self) -> Result<InfoSet, SearchError> {
        self.infoset_of(self.state.to_move)
    }

    /// The information set of seat `m` at the leaf, built as [`Leaf::mover_infoset`] builds
    /// the mover's (`m` need not be to move).
    pub fn infoset_of(&self, m: u8) -> Result<InfoSet, SearchError> {
        let root = self.root;
        let rules = root.rules();
        let (dealt, pre_root_draws) = if m == root.seat() {
            (root.dealt(), Vec::new())
        } else {
            // what m held before the root: its hand now and its plays, less its draws since
            let mut public = *root.public();
            let mut drawn_since = TileSet::EMPTY;
            for &mv in self.path {
                if let (Move::Draw(Some(t)), true) = (mv, public.to_move() == m) {
                    drawn_since.insert(t);
                }
                public.apply(mv);
            }
            let held = self.state.hands[m as usize]
                .union(public.played_by(m))
                .minus(drawn_since);
            assign_draws(root, m, held)?
        };
        let mut info = InfoSet::new(rules, m, root.first(), dealt)?
            .with_context(root.context().clone())
            .with_forced_lead(root.public().forced_lead_at_start())?;
        let mut drawn = pre_root_draws.into_iter();
        for &mv in root.history() {
            let s = info.to_move();
            let seen = match mv {
                // the searcher's own draws are named in its history already
                Move::Draw(_) if m == root.seat() => mv,
                Move::Draw(_) if s == m => {
                    Move::Draw(Some(drawn.next().ok_or(SearchError::ReplayDraws(m))?))
                }
                other => seen_by(other, s, m),
            };
            info.apply(seen)?;
        }
        for &mv in self.path {
            let s = info.to_move();
            info.apply(seen_by(mv, s, m))?;
        }
        Ok(info)
    }
}

/// Splits the tiles seat `m` held before the root (`held`: in hand at the root or played
/// before it) into its dealt hand and its draws before the root, in drawing order, so that no
/// tile is held when the seat showed a void in it. Each tile may arrive after the last void
/// that excludes it and no later than its play; tiles take the earliest free slot, latest
/// deadline last (the same rule as the engine's `InfoSet::history_allows`).
fn assign_draws(root: &InfoSet, m: u8, held: TileSet) -> Result<(TileSet, Vec<Tile>), SearchError> {
    let rules = root.rules();
    let mut tracker = Public::new(rules, root.first(), root.public().forced_lead_at_start());
    // (lo slot, hi slot, tile)
    let mut spans: Vec<(usize, usize, Tile)> = Vec::new();
    let mut voids: Vec<(usize, TileSet)> = Vec::new();
    let mut slot = 0usize;
    let lo_of = |t: Tile, voids: &[(usize, TileSet)]| {
        voids
            .iter()
            .rev()
            .find(|(_, v)| v.contains(t))
            .map_or(0, |(k, _)| k + 1)
    };
    for &mv in root.history() {
        if tracker.to_move() == m {
            let void = tracker.void_revealed();
            match mv {
                Move::Pass => voids.push((slot, void)),
                Move::Draw(_) => {
                    voids.push((slot, void));
                    slot += 1;
                }
                Move::Play { tile, .. } => spans.push((lo_of(tile, &voids), slot, tile)),
            }
        }
        tracker.apply(mv);
    }
    let played_before: TileSet = spans.iter().map(|s| s.2).collect();
    for t in held.minus(played_before).iter() {
        spans.push((lo_of(t, &voids), slot, t));
    }
    let mut cap: Vec<u32> = (0..=slot)
        .map(|i| if i == 0 { rules.hand_size as u32 } else { 1 })
        .collect();
    if spans.len() as u32 != cap.iter().sum::<u32>() {
        return Err(SearchError::ReplayDraws(m));
    }
    spans.sort_by_key(|&(lo, hi, t)| (hi, lo, t.index()));
    let mut at: Vec<Option<Tile>> = vec![None; slot + 1];
    let mut dealt = TileSet::EMPTY;
    for &(lo, hi, t) in &spans {
        let k = (lo..=hi)
            .find(|&k| cap[k] > 0)
            .ok_or(SearchError::ReplayDraws(m))?;
        cap[k] -= 1;
        if k == 0 {
            dealt.insert(t);
        } else {
            at[k] = Some(t);
        }
    }
    let draws = at
        .into_iter()
        .skip(1)
        .map(|t| t.ok_or(SearchError::ReplayDraws(m)))
        .collect::<Result<_, _>>()?;
    Ok((dealt, draws))
}

/// The value of a leaf.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum LeafValue {
    /// A finished round (a rollout's end): exact for every side.
    Outcome(Outcome),
    /// An estimate for `side`: `win` its expected outcome score (win 1, tie 0.5, loss 0) and
    /// `margin` its expected points minus the winner's when it loses, in points.
    Estimate { side: u8, win: f64, margin: f64 },
}

/// What an evaluator returns for one leaf.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Prior probability of each play of the seat to move, by [`Move::action_index`] (read
    /// only when [`Evaluator::gives_priors`]; entries of illegal actions are ignored and the
    /// legal ones renormalized). A pass or a draw is always alone and needs no prior.
    pub priors: [f32; ACTIONS],
    pub value: LeafValue,
}

impl Default for Evaluation {
    fn default() -> Self {
        Evaluation {
            priors: [0.0; ACTIONS],
            value: LeafValue::Estimate {
                side: 0,
                win: 0.5,
                margin: 0.0,
            },
        }
    }
}

/// Priors and values for the leaves of a search. Shared by the search threads, so `&self`;
/// randomness comes from the calling thread's `rng` (reproducible searches).
pub trait Evaluator: Send + Sync {
    /// A short name for logs.
    fn name(&self) -> String;
    /// Whether [`Evaluation::priors`] is filled: then the search selects by PUCT and expands a
    /// whole node at a time, else by UCB1 one child at a time.
    fn gives_priors(&self) -> bool;
    /// Evaluates one leaf into `out` (overwrite `out.value`, and `out.priors` if given).
    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation);
    /// How many leaves the search should gather per call of [`Evaluator::evaluate_batch`]
    /// (1: no batching). Batched searches use a virtual loss to spread the gathered leaves.
    fn batch_size(&self) -> usize {
        1
    }
    /// For the root information set of a search, this evaluator's belief about where each
    /// unseen tile is (a weight per seat and out of play; see `PlaceWeights`). A network with
    /// a belief output implements it; `None` (the default) means no beliefs. Called once per
    /// search, not per leaf, and only with `BeliefMode::Learned`.
    fn place_weights(&self, info: &InfoSet) -> Option<PlaceWeights> {
        let _ = info;
        None
    }
    /// Whole deals drawn from the evaluator's beliefs about `info` (every seat's hand now and
    /// the undealt tiles, each consistent with `info`), when it has them: the search then
    /// draws its determinizations uniformly from these deals instead of from the marginal
    /// [`Evaluator::place_weights`], keeping which tiles go together. `None` (the default):
    /// no such deals. Called once per search, and only with `BeliefMode::Learned`.
    fn believed_deals(&self, info: &InfoSet) -> Option<Vec<SampledDeal>> {
        let _ = info;
        None
    }
    /// The policy of a seat other than the searcher's at `leaf` (its priors only), for a
    /// tree that models the other seats (`OtherSeats::Policy`). The default is this
    /// evaluator's own priors; a model of how the other players play overrides it.
    fn other_policy(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        self.evaluate(leaf, rng, out);
    }
    /// Evaluates several leaves at once (`out` as long as `leaves`).
    fn evaluate_batch(&self, leaves: &[Leaf<'_>], rng: &mut Rng, out: &mut [Evaluation]) {
        for (leaf, o) in leaves.iter().zip(out.iter_mut()) {
            self.evaluate(leaf, rng, o);
        }
    }
}

/// Values leaves by playing the determinization out with a [`RolloutPolicy`]; no priors.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RolloutEvaluator {
    pub policy: RolloutPolicy,
    /// One rollout move in this many is random (0: none; see [`crate::rollout::playout`]).
    pub random_one_in: u32,
}

impl Default for RolloutEvaluator {
    fn default() -> Self {
        RolloutEvaluator::new(RolloutPolicy::default())
    }
}

impl RolloutEvaluator {
    pub fn new(policy: RolloutPolicy) -> RolloutEvaluator {
        RolloutEvaluator {
            policy,
            random_one_in: HEURISTIC_RANDOM_ONE_IN,
        }
    }

    /// The same evaluator with one rollout move in `one_in` random (0: none).
    pub fn with_random(self, one_in: u32) -> RolloutEvaluator {
        RolloutEvaluator {
            random_one_in: one_in,
            ..self
        }
    }
}

impl Evaluator for RolloutEvaluator {
    fn name(&self) -> String {
        format!("rollout-{}", self.policy.name())
    }
    fn gives_priors(&self) -> bool {
        false
    }
    #[inline]
    fn evaluate(&self, leaf: &Leaf<'_>, rng: &mut Rng, out: &mut Evaluation) {
        let mut st = *leaf.state;
        let root = leaf.root;
        let mut memory = if self.policy == RolloutPolicy::Read {
            TableMemory::of(root).along(root, leaf.path)
        } else {
            TableMemory::default()
        };
        playout(
            &mut st,
            self.policy,
            root.rules(),
            &mut memory,
            self.random_one_in,
            rng,
        );
        let o = Outcome::of(root.rules(), &st, root.first(), root.context().pending_ties)
            .expect("a playout ends the round");
        out.value = LeafValue::Outcome(o);
    }
}
