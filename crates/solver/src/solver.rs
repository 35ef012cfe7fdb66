//! The solver: fail-soft alpha-beta over the round's margin with a transposition table, in
//! MTD(f) null-window passes.

use std::time::{Duration, Instant};

use capicua_engine::{Move, MoveList, Rules, State};

use crate::error::SolveError;
use crate::ordering::{self, History};
use crate::tt::{self, Bound, Table, Zobrist};
use crate::value;

/// Beyond every margin a round can have (a double-nine set holds 495 pips).
const INF: i32 = 10_000;

/// When to give up. `Default` is no limit.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveLimits {
    /// Positions visited, over the whole call.
    pub nodes: Option<u64>,
    /// Wall time of the whole call.
    pub time: Option<Duration>,
}

impl SolveLimits {
    pub const NONE: SolveLimits = SolveLimits {
        nodes: None,
        time: None,
    };

    pub fn nodes(n: u64) -> SolveLimits {
        SolveLimits {
            nodes: Some(n),
            time: None,
        }
    }

    pub fn time(t: Duration) -> SolveLimits {
        SolveLimits {
            nodes: None,
            time: Some(t),
        }
    }
}

/// A solved value, or the word that the limits ran out first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The margin for the root mover's side under best play by every seat.
    Exact(i32),
    /// A limit was reached first.
    Unknown,
}

impl Outcome {
    pub fn exact(self) -> Option<i32> {
        match self {
            Outcome::Exact(v) => Some(v),
            Outcome::Unknown => None,
        }
    }
}

/// The answer of [`Solver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub outcome: Outcome,
    /// A move reaching the value (`None` when the round is over or the outcome unknown).
    pub best: Option<Move>,
    /// Positions visited.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The value of one legal move, for the side that makes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    pub mv: Move,
    pub outcome: Outcome,
}

/// The answer of [`Solver::move_values`]: every legal move in the engine's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValues {
    pub moves: Vec<MoveValue>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The answer of [`Solver::principal_variation`]: a line of best moves to the end of the
/// round (empty when the outcome is unknown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub outcome: Outcome,
    pub moves: Vec<Move>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The scoring context of one call: who the values are for, and what the engine's scoring
/// needs besides the position.
#[derive(Copy, Clone)]
struct Context {
    rules: Rules,
    first: u8,
    pending_ties: u32,
    root_side: u8,
    /// Seats on the root mover's side; the others play together against it.
    maximiser: [bool; 4],
    salt: u64,
}

/// The limits ran out.
struct Stop;

/// How moves are ordered: the solver's heuristics, or an order that tests use to check that
/// values do not depend on it.
#[cfg(test)]
#[derive(Clone, Debug)]
pub(crate) enum TestOrder {
    Heuristic,
    Reversed,
    Shuffled(capicua_engine::Rng),
}

/// An exact open-hand solver. It owns its transposition table, which stays valid across calls
/// (keys carry the scoring context), so solving positions of one round in turn reuses work.
pub struct Solver {
    tt: Table,
    zobrist: Box<Zobrist>,
    history: Box<History>,
    ctx: Context,
    /// The last rules seen and their hash: formatting them on every call would cost more
    /// than solving a small position.
    rules_hash: (Rules, u64),
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    next_check: u64,
    root_best: Option<Move>,
    #[cfg(test)]
    pub(crate) order: TestOrder,
}

/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

impl Default for Solver {
    /// A table of 2^15 entries (512 KiB). Small on purpose: a table probe is a random memory
    /// access, and one that misses the caches costs more than the node it saves. Measured on
    /// `capicua bench --solve` (`cuban`, 4 to 12 tiles down): 2^15 entries search 5-10% more nodes than
    /// 2^22 but at twice the speed, even from four tiles down (millions of nodes); the
    /// replacement policy keeps the big subtrees.
    fn default() -> Solver {
        Solver::new(1 << 15)
    }
}

impl Solver {
    /// A solver with a transposition table of at least `tt_entries` entries of 16 bytes.
    pub fn new(tt_entries: usize) -> Solver {
        Solver {
            tt: Table::new(tt_entries),
            zobrist: Box::new(Zobrist::new()),
            history: Box::new(History::new()),
            ctx: Context {
                rules: Rules::cuban(),
                first: 0,
                pending_ties: 0,
                root_side: 0,
                maximiser: [false; 4],
                salt: 0,
            },
            rules_hash: (
                Rules::cuban(),
                fnv(format!("{:?}", Rules::cuban()).as_bytes()),
            ),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            next_check: 0,
            root_best: None,
            #[cfg(test)]
            order: TestOrder::Heuristic,
        }
    }

    /// Entries in the transposition table.
    pub fn tt_entries(&self) -> usize {
        self.tt.entries()
    }

    /// Forgets everything learned: the next call solves from scratch.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// The exact margin of `state` for the side of the seat to move, and a best move.
    /// `first` is the round's leader and `pending_ties` the tied rounds just before it (the
    /// engine's scoring uses both).
    pub fn solve(
        &mut self,
        rules: &Rules,
        state: &State,
        first: u8,
        pending_ties: u32,
        limits: SolveLimits,
    ) -> Result<Solved, SolveError> {
        let start = self.begin(rules, state, first, pending_ties, limits)?;
        let (outcome, best) = match self.root_value(state) {
            Ok(v) => (Outcome::Exact(v), self.root_best),
            Err(Stop) => (Outcome::Unknown, None),
        };
        Ok(Solved {
            outcome,
            best,
            nodes: self.nodes,
            elapsed: start.elapsed(),
        })
    }

    /// The exact value of every legal move of `state`, each for the side to move (the best of
    /// them is the position's value). Moves the limits did not reach are `Unknown`.
    pub fn move_values(
        &mut self,
        rules: &Rules,
        state: &State,
        first: u8,
        pending_ties: u32,
        limits: SolveLimits,
    ) -> Result<MoveValues, SolveError> {
        let start = self.begin(rules, state, first, pending_ties, limits)?;
        let mut legal = MoveList::default();
        state.legal_moves(&mut legal);
        let mut stopped = false;
        let mut moves = Vec::with_capacity(legal.len());
        for &mv in legal.iter() {
            let outcome = if stopped {
                Outcome::Unknown
            } else {
                let mut child = *state;
                child.apply(mv);
                match self.root_value(&child) {
                    Ok(v) => Outcome::Exact(v),
                    Err(Stop) => {
                        stopped = true;
                        Outcome::Unknown
                    }
                }
            };
            moves.push(MoveValue { mv, outcome });
        }
        Ok(MoveValues {
            moves,
            nodes: self.nodes,
            elapsed: start.elapsed(),
        })
    }

    /// The value of `state` and a line of best play from it to the end of the round.
    pub fn principal_variation(
        &mut self,
        rules: &Rules,
        state: &State,
        first: u8,
        pending_ties: u32,
        limits: SolveLimits,
    ) -> Result<Line, SolveError> {
        let start = self.begin(rules, state, first, pending_ties, limits)?;
        let (outcome, moves) = match self.line(state) {
            Ok((v, line)) => (Outcome::Exact(v), line),
            Err(Stop) => (Outcome::Unknown, Vec::new()),
        };
        Ok(Line {
            outcome,
            moves,
            nodes: self.nodes,
            elapsed: start.elapsed(),
        })
    }

    fn begin(
        &mut self,
        rules: &Rules,
        state: &State,
        first: u8,
        pending_ties: u32,
        limits: SolveLimits,
    ) -> Result<Instant, SolveError> {
        let start = Instant::now();
        value::check(rules, state, first)?;
        let root_side = rules.side_of(state.to_move);
        let mut maximiser = [false; 4];
        for (s, m) in maximiser
            .iter_mut()
            .enumerate()
            .take(rules.players as usize)
        {
            *m = rules.side_of(s as u8) == root_side;
        }
        // Values are stored for the mover's team. With two sides that team is the mover's
        // side whoever the root is; with more, the coalition depends on the root side.
        let team_key = if rules.sides() > 2 { root_side } else { 0 };
        let sleeping = state.out.0 & !state.hands.iter().fold(0, |m, h| m | h.0);
        if self.rules_hash.0 != *rules {
            self.rules_hash = (*rules, fnv(format!("{rules:?}").as_bytes()));
        }
        let salt = mix(&[
            self.rules_hash.1,
            first as u64,
            pending_ties as u64,
            team_key as u64,
            sleeping,
        ]);
        self.ctx = Context {
            rules: *rules,
            first,
            pending_ties,
            root_side,
            maximiser,
            salt,
        };
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| start + t);
        self.next_check = 0;
        Ok(start)
    }

    /// The exact value of `st` for the root mover's side, by MTD(f): null-window passes
    /// that close in on the value from both sides, each cheap because the table holds the
    /// bounds of the passes before it. Measured on `capicua bench --solve` (8 and 12 tiles down): half
    /// the nodes of one full-window alpha-beta search.
    fn root_value(&mut self, st: &State) -> Result<i32, Stop> {
        self.root_best = None;
        if st.is_over() {
            return Ok(self.margin(st));
        }
        let key = self.zobrist.key(st, self.ctx.salt);
        let sign = if self.ctx.maximiser[st.to_move as usize] {
            1
        } else {
            -1
        };
        let (mut lo, mut hi) = (-INF, INF);
        let mut g = match self.tt.probe(key) {
            Some(hit) => hit.value,
            None => 0,
        };
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.search(st, key, beta - 1, beta, true)?;
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        Ok(sign * g)
    }

    /// The value of `st` for the root side, and a line of best play to the end.
    fn line(&mut self, st: &State) -> Result<(i32, Vec<Move>), Stop> {
        let value = self.root_value(st)?;
        let mut line = Vec::new();
        let mut pos = *st;
        let mut legal = MoveList::default();
        while !pos.is_over() {
            pos.legal_moves(&mut legal);
            let mut next = None;
            // the table's move is nearly always right: try it first
            let key = self.zobrist.key(&pos, self.ctx.salt);
            let hinted = self
                .tt
                .probe(key)
                .and_then(|h| tt::unpack(h.mv, pos.ends))
                .filter(|m| legal.contains(*m));
            for mv in hinted.into_iter().chain(legal.iter().copied()) {
                let mut child = pos;
                child.apply(mv);
                if self.root_value(&child)? == value {
                    next = Some(child);
                    line.push(mv);
                    break;
                }
            }
            pos = next.expect("some move keeps the value of the position");
        }
        Ok((value, line))
    }

    /// The margin of a finished state for the root side.
    #[inline]
    fn margin(&self, st: &State) -> i32 {
        let c = &self.ctx;
        value::margin(&c.rules, st, c.first, c.pending_ties, c.root_side)
            .expect("the round is over")
    }

    #[inline]
    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            if self.nodes >= self.node_limit {
                return Err(Stop);
            }
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                return Err(Stop);
            }
            self.next_check = (self.nodes + CLOCK_EVERY).min(self.node_limit);
        }
        Ok(())
    }

    /// Fail-soft alpha-beta: the value of the running state `st` for the team of its mover,
    /// exact inside (alpha, beta), a bound on the side it falls.
    fn search(
        &mut self,
        st: &State,
        key: u64,
        alpha: i32,
        beta: i32,
        root: bool,
    ) -> Result<i32, Stop> {
        self.tick()?;
        let mut order = [(0i32, Move::Pass); ordering::MAX_PLAYS];
        let n = ordering::plays(st, &mut order);

        // a pass is forced: nothing to order, store or cut
        if n == 0 {
            let mut child = *st;
            child.apply(Move::Pass);
            if root {
                self.root_best = Some(Move::Pass);
            }
            return self.child_value(st, &child, key, alpha, beta);
        }

        let mut tt_move = 0;
        let work = st.hands.iter().map(|h| h.len()).sum::<u32>();
        if let Some(hit) = self.tt.probe(key) {
            tt_move = hit.mv;
            // the root must run its loop to name the best move
            if !root {
                match hit.bound {
                    Bound::Exact => return Ok(hit.value),
                    Bound::Lower if hit.value >= beta => return Ok(hit.value),
                    Bound::Upper if hit.value <= alpha => return Ok(hit.value),
                    _ => {}
                }
            }
        }

        let mover = st.to_move;
        for o in order[..n].iter_mut() {
            let packed = tt::pack(o.1);
            o.0 = if packed == tt_move {
                i32::MAX
            } else {
                ordering::score(mover, o.1, packed, &self.history)
            };
        }
        #[cfg(test)]
        self.test_order(&mut order[..n]);

        let mut a = alpha;
        let mut best = -INF;
        let mut best_move = (Move::Pass, 0);
        for k in 0..n {
            // selection sort: a cutoff usually comes before the list is sorted
            let mut pick = k;
            for j in k + 1..n {
                if order[j].0 > order[pick].0 {
                    pick = j;
                }
            }
            order.swap(k, pick);
            let mv = order[k].1;
            let mut child = *st;
            child.apply(mv);
            let v = self.child_value(st, &child, key, a, beta)?;
            if v > best {
                best = v;
                best_move = (mv, tt::pack(mv));
                if v > a {
                    a = v;
                    if v >= beta {
                        self.history.reward(mover, best_move.1, work);
                        break;
                    }
                }
            }
        }

        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // an upper bound's best move is only the least bad of a failed search
        let packed = if bound == Bound::Upper {
            0
        } else {
            best_move.1
        };
        self.tt.store(key, best, bound, packed, work as u8);
        if root && bound != Bound::Upper {
            self.root_best = Some(best_move.0);
        }
        Ok(best)
    }

    /// The value of `child`, one move after `st`, for the team of `st`'s mover.
    #[inline]
    fn child_value(
        &mut self,
        st: &State,
        child: &State,
        key: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        let team = self.ctx.maximiser;
        let mover = st.to_move as usize;
        if child.is_over() {
            let m = self.margin(child);
            return Ok(if team[mover] { m } else { -m });
        }
        let ck = self.zobrist.child(key, st, child);
        if team[child.to_move as usize] == team[mover] {
            self.search(child, ck, alpha, beta, false)
        } else {
            Ok(-self.search(child, ck, -beta, -alpha, false)?)
        }
    }

    #[cfg(test)]
    fn test_order(&mut self, order: &mut [(i32, Move)]) {
        match &mut self.order {
            TestOrder::Heuristic => {}
            TestOrder::Reversed => order
                .iter_mut()
                .enumerate()
                .for_each(|(i, o)| o.0 = -(i as i32)),
            TestOrder::Shuffled(rng) => order.iter_mut().for_each(|o| o.0 = rng.next_u32() as i32),
        }
    }
}

/// FNV-1a: a stable hash of the rules' text for the key's salt.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Mixes words into one key (splitmix64 steps).
fn mix(words: &[u64]) -> u64 {
    words.iter().fold(0x9e37_79b9_7f4a_7c15, |h, &w| {
        let mut z = (h ^ w).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::{Deal, Rng, TileSet};

    /// A `variant` deal played forward by random moves until `left` tiles are in the hands.
    fn position(variant: &str, seed: u64, left: u32) -> (Rules, State, u8) {
        let rules = Rules::preset(variant).unwrap();
        let mut rng = Rng::new(seed);
        let deal = Deal::random(&rules, &mut rng);
        let first = rng.below(rules.players as u32) as u8;
        let mut st = State::new(&rules, deal.hands, TileSet::EMPTY, first);
        while st.hands.iter().map(|h| h.len()).sum::<u32>() > left {
            let mut next = st;
            next.apply(st.random_move(&mut rng));
            if next.is_over() {
                break;
            }
            st = next;
        }
        (rules, st, first)
    }

    #[test]
    fn values_do_not_depend_on_move_order() {
        let mut checked = 0;
        for (variant, left) in [
            ("cuban", 20),
            ("cuban-d6", 16),
            ("haitian", 16),
            ("cutthroat-2", 14),
            ("cutthroat-3", 14),
            ("cutthroat-4", 14),
        ] {
            for seed in 0..6 {
                let (rules, st, first) = position(variant, seed, left);
                let mut values = Vec::new();
                for order in [
                    TestOrder::Heuristic,
                    TestOrder::Reversed,
                    TestOrder::Shuffled(Rng::new(seed)),
                ] {
                    let mut solver = Solver::new(1 << 14);
                    solver.order = order;
                    let solved = solver
                        .solve(&rules, &st, first, 0, SolveLimits::NONE)
                        .unwrap();
                    let mvs = solver
                        .move_values(&rules, &st, first, 0, SolveLimits::NONE)
                        .unwrap();
                    let mvs: Vec<_> = mvs.moves.iter().map(|m| m.outcome).collect();
                    values.push((solved.outcome, mvs));
                }
                assert!(
                    values.windows(2).all(|w| w[0] == w[1]),
                    "{variant} seed {seed}: {values:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 36);
    }

    #[test]
    fn limits_stop_the_search() {
        // a full cuban deal: far beyond any small limit
        let (rules, st, first) = position("cuban", 1, 40);
        let mut solver = Solver::new(1 << 16);
        let solved = solver
            .solve(&rules, &st, first, 0, SolveLimits::nodes(10_000))
            .unwrap();
        assert_eq!(solved.outcome, Outcome::Unknown);
        assert_eq!(solved.best, None);
        assert!(solved.nodes <= 10_000, "{}", solved.nodes);

        let t = Duration::from_millis(20);
        let solved = solver
            .solve(&rules, &st, first, 0, SolveLimits::time(t))
            .unwrap();
        assert_eq!(solved.outcome, Outcome::Unknown);
        assert!(solved.elapsed < t + Duration::from_millis(200));

        let mvs = solver
            .move_values(&rules, &st, first, 0, SolveLimits::nodes(1_000))
            .unwrap();
        assert!(mvs.moves.iter().all(|m| m.outcome == Outcome::Unknown));
        let line = solver
            .principal_variation(&rules, &st, first, 0, SolveLimits::nodes(1_000))
            .unwrap();
        assert_eq!(line.outcome, Outcome::Unknown);
        assert!(line.moves.is_empty());

        // and a stopped search leaves the solver sound for the next call
        let (rules, st, first) = position("cuban", 2, 14);
        let exact = Solver::new(1 << 16)
            .solve(&rules, &st, first, 0, SolveLimits::NONE)
            .unwrap();
        let after = solver
            .solve(&rules, &st, first, 0, SolveLimits::NONE)
            .unwrap();
        assert_eq!(after.outcome, exact.outcome);
        assert!(exact.outcome.exact().is_some());
    }

    #[test]
    fn refuses_draw_games_and_bad_states() {
        let rules = Rules::preset("cutthroat-2-draw").unwrap();
        let mut rng = Rng::new(1);
        let deal = Deal::random(&rules, &mut rng);
        let pile: TileSet = deal.pile.iter().copied().collect();
        let st = State::new(&rules, deal.hands, pile, 0);
        let mut solver = Solver::new(1 << 10);
        assert_eq!(
            solver.solve(&rules, &st, 0, 0, SolveLimits::NONE),
            Err(SolveError::DrawGame)
        );

        let (rules, st, first) = position("cuban", 3, 12);
        assert_eq!(
            solver.solve(&rules, &st, 4, 0, SolveLimits::NONE),
            Err(SolveError::Seat(4))
        );
        let mut bad = st;
        let t = bad.hands[0]
            .first()
            .unwrap_or(capicua_engine::Tile::new(0, 0));
        bad.hands[1].insert(t);
        bad.hands[0].insert(t);
        assert!(matches!(
            solver.solve(&rules, &bad, first, 0, SolveLimits::NONE),
            Err(SolveError::InvalidState(_))
        ));
        let other = Rules::preset("cutthroat-2").unwrap();
        assert!(matches!(
            solver.solve(&other, &st, first, 0, SolveLimits::NONE),
            Err(SolveError::PlayersMismatch { .. })
        ));
    }

    #[test]
    fn a_finished_round_is_worth_its_score() {
        let (rules, mut st, first) = position("cuban", 4, 40);
        st.random_playout(&mut Rng::new(9));
        let solved = Solver::new(1 << 10)
            .solve(&rules, &st, first, 0, SolveLimits::NONE)
            .unwrap();
        let side = rules.side_of(st.to_move);
        assert_eq!(
            solved.outcome.exact(),
            value::margin(&rules, &st, first, 0, side)
        );
        assert_eq!(solved.best, None);
    }
}
