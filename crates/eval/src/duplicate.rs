//! Duplicate matches between two teams.
//!
//! # The format
//!
//! - **Seats.** In orientation 0 team A sits at the even seats (0 and 2) and team B at the
//!   odd ones; orientation 1 swaps them. In partnership games these are the two partnerships.
//!   Individual variants use the same parity rule (cut-throat for 2: A at seat 0 then 1; for 3:
//!   A at seats 0 and 2 then at seat 1; for 4: A at 0 and 2 then at 1 and 3), so every hand is
//!   still played once by each team; a team's points are its seats' points. A team may field
//!   different players at its first and second seat ([`Team`]: a search player partnered with
//!   a heuristic one).
//! - **Deal pairs.** A *pair* is two matches to the variant's target played in lockstep with
//!   the same deal seed, one per orientation. Round `k` of both is the same *board*: the deal
//!   of `(deal_seed, k)` and the same leader, the one orientation 0's match calls for under the
//!   rules (its previous winner, tie rule or the deal). The mirrored match replays that board
//!   (`Match::play_dealt`) and keeps its own score, so each team holds every board's hands,
//!   lead included, exactly once. A pair goes on until both matches are over; boards played
//!   after one of them ended still count as rounds (they are still paired), not as matches.
//! - **Counting.** `rounds` is the number of rounds played in all: `rounds / 2` boards, each
//!   played twice; it must be even. Pairs are taken in order until the boards add up, and the
//!   last pair is cut at the budget; the matches of a pair that did not finish within it are
//!   left out of the match statistics (`matches` counts finished matches, always a multiple of
//!   two).
//! - **Statistics.** A round's margin is team A's points minus team B's. The margin per round
//!   is the mean over boards of the mean of a board's two margins, and its 95% interval is the
//!   Student-t interval over those board means (the duplicate-paired statistic: the luck of a
//!   deal cancels inside a board). The match win rate's interval is taken over pairs the same
//!   way.
//! - **Reproducibility.** Pair `m` gets its deal seed from `(seed, m)`, and the player at
//!   seat `s` of pair `m` its seed from [`player_seed`]`(seed, 4m + s)`, the same in both orientations (so a
//!   player against a copy of itself scores a margin of exactly zero). Pairs run in parallel
//!   with rayon but results are gathered in pair order, so they do not depend on `threads`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use capicua_engine::{
    InfoSet, Match, MatchContext, Move, Player, Rng, Round, RoundScore, Rules, State,
};
use rayon::prelude::*;
use serde::Serialize;

use crate::EvalError;
use crate::spec::{PlayerSpec, player_seed};
use crate::stats::mean_ci95;

/// One of the two teams of a duplicate match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Side {
    A,
    B,
}

/// The team at `seat` in `orientation` (0: A at the even seats; 1: swapped).
pub fn side_at(seat: u8, orientation: usize) -> Side {
    if seat.is_multiple_of(2) == (orientation == 0) {
        Side::A
    } else {
        Side::B
    }
}

/// Which of its team's players sits at `seat`: 0 for seats 0 and 1, 1 for seats 2 and 3.
pub fn member_at(seat: u8) -> usize {
    seat as usize / 2
}

/// The players of a team: `first` at its first seat (0 or 1), `second` at its second seat
/// (2 or 3; unused in two-player games and by the odd team of three-player games).
#[derive(Clone, Debug, PartialEq)]
pub struct Team {
    pub first: PlayerSpec,
    pub second: PlayerSpec,
}

impl Team {
    /// A team of one kind of player.
    pub fn of(spec: PlayerSpec) -> Team {
        Team {
            first: spec.clone(),
            second: spec,
        }
    }

    pub fn member(&self, member: usize) -> &PlayerSpec {
        if member == 0 {
            &self.first
        } else {
            &self.second
        }
    }

    /// `spec`, or `first+second` for a mixed team.
    pub fn name(&self) -> String {
        if self.first == self.second {
            self.first.to_string()
        } else {
            format!("{}+{}", self.first, self.second)
        }
    }
}

/// Everything a player factory needs to know about the seat it fills.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    pub pair: u64,
    pub orientation: usize,
    pub seat: u8,
    pub side: Side,
    /// 0: the team's first player, 1: its second.
    pub member: usize,
    /// The seed for the player's random choices.
    pub seed: u64,
}

/// Builds the player for a seat; called twice per seat and pair (once per orientation).
pub type PlayerFactory<'a> = dyn Fn(&Seating) -> Box<dyn Player> + Sync + 'a;

/// One board: a deal and leader played in both orientations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardResult {
    /// Team A's points minus team B's, in orientation 0 then 1.
    pub margin: [i64; 2],
    /// The side that won each of the two rounds (`None`: a tied block).
    pub winner: [Option<Side>; 2],
}

impl BoardResult {
    /// The board's margin per round: the duplicate-paired observation.
    pub fn mean_margin(&self) -> f64 {
        (self.margin[0] + self.margin[1]) as f64 / 2.0
    }

    /// Team A's round wins on this board, a tie counting half (0 to 2).
    pub fn a_score(&self) -> f64 {
        self.winner
            .iter()
            .map(|w| match w {
                Some(Side::A) => 1.0,
                Some(Side::B) => 0.0,
                None => 0.5,
            })
            .sum()
    }
}

/// A finished match of a pair: who won and after how many boards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchEnd {
    pub winner: Side,
    pub boards: usize,
}

/// The boards and matches of one pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRecord {
    pub boards: Vec<BoardResult>,
    /// Each orientation's match, when it finished.
    pub matches: [Option<MatchEnd>; 2],
}

impl PairRecord {
    /// Keeps the first `boards` boards, forgetting matches that ended after them.
    pub fn truncate(&mut self, boards: usize) {
        self.boards.truncate(boards);
        for m in self.matches.iter_mut() {
            if m.is_some_and(|e| e.boards > boards) {
                *m = None;
            }
        }
    }

    /// Both matches finished.
    pub fn complete(&self) -> bool {
        self.matches.iter().all(Option::is_some)
    }
}

fn deal_seed(seed: u64, pair: u64) -> u64 {
    Rng::stream(seed, pair).next_u64()
}

/// A finished round of a duplicate run, as [`run_pairs`] reports it (records of the rounds
/// played: `capicua eval --record`).
#[derive(Copy, Clone, Debug)]
pub struct PlayedRound<'a> {
    pub pair: u64,
    /// The board's index within its pair.
    pub board: usize,
    pub orientation: usize,
    /// The match before the round: scores and pending tied rounds.
    pub context: &'a MatchContext,
    pub round: &'a Round,
    pub score: &'a RoundScore,
}

/// Receives every finished round of a run, from worker threads, in any order.
pub type RoundSink<'a> = dyn Fn(&PlayedRound<'_>) + Sync + 'a;

/// Plays pair `pair` of a run seeded by `seed` for at most `max_boards` boards. `on_round`
/// sees every finished round with its orientation and the match before it (tests, traces
/// and records use it).
pub fn play_pair(
    rules: &Rules,
    seed: u64,
    pair: u64,
    max_boards: usize,
    make: &PlayerFactory<'_>,
    on_round: &mut dyn FnMut(usize, &MatchContext, &Round, &RoundScore),
) -> PairRecord {
    let n = rules.players;
    let mut players: [Vec<Box<dyn Player>>; 2] = [0, 1].map(|orientation| {
        (0..n)
            .map(|seat| {
                make(&Seating {
                    pair,
                    orientation,
                    seat,
                    side: side_at(seat, orientation),
                    member: member_at(seat),
                    seed: player_seed(seed, pair.wrapping_mul(4).wrapping_add(seat as u64)),
                })
            })
            .collect()
    });
    let ds = deal_seed(seed, pair);
    let mut matches = [Match::new(rules, ds), Match::new(rules, ds)];
    let mut ends: [Option<MatchEnd>; 2] = [None, None];
    let mut boards = Vec::new();
    while boards.len() < max_boards && ends.iter().any(Option::is_none) {
        let board = matches[0].deal_round();
        let mut result = BoardResult {
            margin: [0; 2],
            winner: [None; 2],
        };
        for o in 0..2 {
            let mut seats: Vec<&mut dyn Player> = players[o]
                .iter_mut()
                .map(|p| &mut **p as &mut dyn Player)
                .collect();
            let context = matches[o].context();
            let (round, score) = matches[o].play_dealt(board.clone(), &mut seats);
            on_round(o, &context, &round, &score);
            // a side's number is also the number of one of its seats
            let winner = score.winner.map(|w| side_at(w, o));
            result.winner[o] = winner;
            result.margin[o] = match winner {
                Some(Side::A) => score.points as i64,
                Some(Side::B) => -(score.points as i64),
                None => 0,
            };
            if ends[o].is_none()
                && let Some(w) = score.match_winner
            {
                ends[o] = Some(MatchEnd {
                    winner: side_at(w, o),
                    boards: boards.len() + 1,
                });
            }
        }
        boards.push(result);
    }
    PairRecord {
        boards,
        matches: ends,
    }
}

/// Plays pairs `0, 1, ...` until they hold `boards` boards, on `threads` threads (0: one per
/// core), and returns them in order, the last one cut at the budget. `progress` is called
/// with the boards of each pair as it finishes (from worker threads, in any order), and
/// `on_round` with every round played, boards beyond the budget included (their `board`
/// index says so).
pub fn run_pairs(
    rules: &Rules,
    boards: usize,
    seed: u64,
    threads: usize,
    make: &PlayerFactory<'_>,
    progress: &(dyn Fn(usize) + Sync),
    on_round: &RoundSink<'_>,
) -> Result<Vec<PairRecord>, EvalError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| EvalError::Threads(e.to_string()))?;
    let workers = pool.current_num_threads().max(1);
    let mut records: Vec<PairRecord> = Vec::new();
    let mut have = 0usize;
    while have < boards {
        // How many more pairs to start: enough for the boards still missing at the mean length
        // seen so far (a first guess of 4), in chunks that keep every worker busy. The chunk
        // sizes only decide how much is computed, never what: a pair's boards depend on its
        // index alone.
        let per_pair = if records.is_empty() {
            4.0
        } else {
            have as f64 / records.len() as f64
        };
        let missing = boards - have;
        let want = ((missing as f64 / per_pair.max(1.0)).ceil() as usize).max(1);
        let chunk = want.clamp(workers, 256 * workers);
        let start = records.len() as u64;
        let batch: Vec<PairRecord> = pool.install(|| {
            (start..start + chunk as u64)
                .into_par_iter()
                .map(|pair| {
                    let rec = capicua_search::catch_player_failure(|| {
                        let mut played = 0usize;
                        play_pair(
                            rules,
                            seed,
                            pair,
                            boards,
                            make,
                            &mut |o, context, round, score| {
                                on_round(&PlayedRound {
                                    pair,
                                    board: played / 2,
                                    orientation: o,
                                    context,
                                    round,
                                    score,
                                });
                                played += 1;
                            },
                        )
                    })?;
                    progress(rec.boards.len());
                    Ok(rec)
                })
                .collect::<Result<Vec<_>, EvalError>>()
        })?;
        for mut rec in batch {
            if have >= boards {
                break;
            }
            if have + rec.boards.len() > boards {
                rec.truncate(boards - have);
            }
            have += rec.boards.len();
            records.push(rec);
        }
    }
    Ok(records)
}

/// A duplicate match between two teams.
#[derive(Clone, Debug)]
pub struct DuplicateConfig {
    pub rules: Rules,
    /// The variant's name, for reports.
    pub variant: String,
    pub a: Team,
    pub b: Team,
    /// Rounds in all (even): `rounds / 2` boards played twice.
    pub rounds: u64,
    pub seed: u64,
    /// Worker threads; 0: one per core. Results do not depend on it.
    pub threads: usize,
}

/// The result of a duplicate match; everything here is computed from the boards.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuplicateSummary {
    pub variant: String,
    pub a: String,
    pub b: String,
    pub seed: u64,
    pub rounds: u64,
    /// Boards (deals), each played twice.
    pub deals: u64,
    pub a_round_wins: u64,
    pub b_round_wins: u64,
    /// Tied blocked rounds (nobody scores).
    pub round_ties: u64,
    pub a_round_win_rate: f64,
    pub b_round_win_rate: f64,
    pub a_points_per_round: f64,
    pub b_points_per_round: f64,
    /// Team A's points minus team B's, per round.
    pub a_margin_per_round: f64,
    /// 95% interval of the margin per round, over board means (paired).
    pub a_margin_ci95: [f64; 2],
    /// Standard deviation of a board's mean margin.
    pub board_margin_sd: f64,
    /// Finished matches (both of a pair, for the pairs finished within the rounds).
    pub matches: u64,
    pub a_match_wins: u64,
    pub a_match_win_rate: f64,
    /// 95% interval of team A's match win rate, over pairs.
    pub a_match_win_ci95: [f64; 2],
}

impl DuplicateSummary {
    /// Summarizes the pairs of a run (boards in order).
    pub fn of(
        variant: &str,
        a: &str,
        b: &str,
        seed: u64,
        pairs: &[PairRecord],
    ) -> DuplicateSummary {
        let boards: Vec<&BoardResult> = pairs.iter().flat_map(|p| &p.boards).collect();
        let deals = boards.len() as u64;
        let rounds = 2 * deals;
        let (mut a_wins, mut b_wins, mut ties) = (0u64, 0u64, 0u64);
        let (mut a_points, mut b_points) = (0i64, 0i64);
        for b in &boards {
            for o in 0..2 {
                match b.winner[o] {
                    Some(Side::A) => {
                        a_wins += 1;
                        a_points += b.margin[o];
                    }
                    Some(Side::B) => {
                        b_wins += 1;
                        b_points -= b.margin[o];
                    }
                    None => ties += 1,
                }
            }
        }
        let margins: Vec<f64> = boards.iter().map(|b| b.mean_margin()).collect();
        let m = mean_ci95(&margins);
        let match_scores: Vec<f64> = pairs
            .iter()
            .filter(|p| p.complete())
            .map(|p| {
                p.matches
                    .iter()
                    .filter(|e| e.is_some_and(|e| e.winner == Side::A))
                    .count() as f64
                    / 2.0
            })
            .collect();
        let mm = mean_ci95(&match_scores);
        let per_round = |x: f64| {
            if rounds == 0 {
                f64::NAN
            } else {
                x / rounds as f64
            }
        };
        DuplicateSummary {
            variant: variant.to_string(),
            a: a.to_string(),
            b: b.to_string(),
            seed,
            rounds,
            deals,
            a_round_wins: a_wins,
            b_round_wins: b_wins,
            round_ties: ties,
            a_round_win_rate: per_round(a_wins as f64),
            b_round_win_rate: per_round(b_wins as f64),
            a_points_per_round: per_round(a_points as f64),
            b_points_per_round: per_round(b_points as f64),
            a_margin_per_round: m.mean,
            a_margin_ci95: m.ci95,
            board_margin_sd: m.sd,
            matches: 2 * match_scores.len() as u64,
            a_match_wins: match_scores.iter().map(|s| (2.0 * s) as u64).sum(),
            a_match_win_rate: mm.mean,
            a_match_win_ci95: mm.ci95,
        }
    }
}

/// A duplicate match's summary and its boards (in order).
#[derive(Clone, Debug)]
pub struct DuplicateRun {
    pub summary: DuplicateSummary,
    pub pairs: Vec<PairRecord>,
    /// Each team's think time (A, then B): the wall clock, so it is kept out of the summary,
    /// which depends on the boards alone.
    pub think: [ThinkTime; 2],
}

/// A team's wall time in `Player::choose`, over the decisions where the seat had two or more
/// legal moves (a single legal move costs a search nothing, so counting those would make a
/// team that thinks longer where it matters look as fast as one that does not).
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize)]
pub struct ThinkTime {
    pub decisions: u64,
    /// Mean milliseconds a decision; 0 without decisions.
    pub mean_ms: f64,
}

/// A team's think time as its players add to it from worker threads.
#[derive(Default)]
struct ThinkClock {
    nanos: AtomicU64,
    decisions: AtomicU64,
}

impl ThinkClock {
    fn time(&self) -> ThinkTime {
        let decisions = self.decisions.load(Ordering::Relaxed);
        let nanos = self.nanos.load(Ordering::Relaxed);
        ThinkTime {
            decisions,
            mean_ms: if decisions == 0 {
                0.0
            } else {
                nanos as f64 / decisions as f64 / 1e6
            },
        }
    }
}

/// A player whose decisions with a choice add their wall time to its team's clock.
struct Timed {
    inner: Box<dyn Player>,
    clock: Arc<ThinkClock>,
}

impl Timed {
    fn timed(&mut self, info: &InfoSet, choose: impl FnOnce(&mut dyn Player) -> Move) -> Move {
        if info.legal_moves().len() < 2 {
            return choose(&mut *self.inner);
        }
        let start = Instant::now();
        let mv = choose(&mut *self.inner);
        let nanos = start.elapsed().as_nanos() as u64;
        self.clock.nanos.fetch_add(nanos, Ordering::Relaxed);
        self.clock.decisions.fetch_add(1, Ordering::Relaxed);
        mv
    }
}

impl Player for Timed {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, info: &InfoSet) -> Move {
        self.timed(info, |p| p.choose(info))
    }
    fn choose_open(&mut self, info: &InfoSet, truth: &State) -> Move {
        self.timed(info, |p| p.choose_open(info, truth))
    }
    fn show_doubles(&mut self, info: &InfoSet) -> bool {
        self.inner.show_doubles(info)
    }
}

/// Plays a duplicate match. `progress` receives the boards of each pair as it finishes.
pub fn run_duplicate(
    cfg: &DuplicateConfig,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<DuplicateRun, EvalError> {
    run_duplicate_recorded(cfg, progress, &|_| {})
}

/// [`run_duplicate`], showing every round played to `on_round` (see [`run_pairs`]).
pub fn run_duplicate_recorded(
    cfg: &DuplicateConfig,
    progress: &(dyn Fn(usize) + Sync),
    on_round: &RoundSink<'_>,
) -> Result<DuplicateRun, EvalError> {
    if cfg.rounds == 0 || !cfg.rounds.is_multiple_of(2) {
        return Err(EvalError::Rounds(cfg.rounds));
    }
    if cfg.rules.players < 3 && (cfg.a.first != cfg.a.second || cfg.b.first != cfg.b.second) {
        return Err(EvalError::NoSecondSeat(cfg.rules.players));
    }
    let clocks = [
        Arc::new(ThinkClock::default()),
        Arc::new(ThinkClock::default()),
    ];
    let make = |s: &Seating| -> Box<dyn Player> {
        let (team, clock) = match s.side {
            Side::A => (&cfg.a, &clocks[0]),
            Side::B => (&cfg.b, &clocks[1]),
        };
        Box::new(Timed {
            inner: team.member(s.member).build(s.seed),
            clock: clock.clone(),
        })
    };
    let pairs = run_pairs(
        &cfg.rules,
        (cfg.rounds / 2) as usize,
        cfg.seed,
        cfg.threads,
        &make,
        progress,
        on_round,
    )?;
    let summary =
        DuplicateSummary::of(&cfg.variant, &cfg.a.name(), &cfg.b.name(), cfg.seed, &pairs);
    Ok(DuplicateRun {
        summary,
        pairs,
        think: clocks.map(|c| c.time()),
    })
}
