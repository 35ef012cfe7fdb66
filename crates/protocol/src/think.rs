//! `go` and `beliefs`: the search behind the protocol.
//!
//! `go` runs the ISMCTS of `capicua-search` on the checked position, with the request's
//! budget, the `seed` option, the server's stop flag and, when asked, a report every
//! `report_every_ms` that becomes an `info` line. A seat with a single legal move (a forced
//! pass or draw, a forced lead) is answered at once: the search has nothing to choose, so the
//! engine only estimates that move's value with a few playouts.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use capicua_engine::{Move, Rng};
use capicua_search::{
    BeliefKind, BeliefMode, Evaluator, Outcome, Report, Reward, SearchConfig, SearchError,
    SearchRequest, SearchResult, Searcher, rollout,
};

use crate::error::{ErrorCode, RequestError};
use crate::fields::Obj;
use crate::limits::Limits;
use crate::options::MAX_ITERATIONS;
use crate::position::Position;
use crate::reply::{Id, MoveStats, Reply, TileBelief, TileMap};

/// Longest `movetime_ms` and `report_every_ms` accepted: a day.
pub const MAX_MS: u64 = 86_400_000;
/// Playouts that estimate the value of a seat's only legal move.
pub const FORCED_PLAYOUTS: u64 = 256;

/// What a running request sees of the outside: the stop flag, and where `info` lines go.
pub struct Control<'a> {
    pub stop: &'a AtomicBool,
    pub info: &'a mut dyn FnMut(Reply),
}

/// A search budget as the request gives it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    pub iterations: Option<u64>,
    pub movetime_ms: Option<u64>,
}

impl Budget {
    /// The `budget` of a request; absent (or empty) means `default_iterations`. A
    /// `movetime_ms` over the cap of `limits` is refused, and under a time cap every budget
    /// gets that deadline ([`Budget::capped`]).
    pub fn parse(
        o: &Obj<'_>,
        default_iterations: u64,
        limits: &Limits,
    ) -> Result<Budget, RequestError> {
        let b = Budget::parse_opt(o, limits)?.unwrap_or(Budget {
            iterations: Some(default_iterations),
            movetime_ms: None,
        });
        Ok(b.capped(limits))
    }

    /// The `budget` of a request as it brings it: `None` when absent or empty.
    pub fn parse_opt(o: &Obj<'_>, limits: &Limits) -> Result<Option<Budget>, RequestError> {
        let Some(m) = o.opt_object("budget")? else {
            return Ok(None);
        };
        let path = o.field("budget");
        let bo = Obj::new(m, &path);
        let b = Budget {
            iterations: bo.opt_int("iterations", 1, MAX_ITERATIONS)?,
            movetime_ms: bo.opt_int("movetime_ms", 1, limits.max_movetime_ms)?,
        };
        Ok((b.iterations.is_some() || b.movetime_ms.is_some()).then_some(b))
    }

    /// The budget with the deadline of `limits` when they cap time: an iteration budget then
    /// ends at the first of its iterations and the cap.
    pub fn capped(self, limits: &Limits) -> Budget {
        if !limits.time_capped() {
            return self;
        }
        let cap = limits.max_movetime_ms;
        Budget {
            iterations: self.iterations,
            movetime_ms: Some(self.movetime_ms.map_or(cap, |t| t.min(cap))),
        }
    }

    /// A search player's own budget (a spec's `iters=`/`ms=`), as a request budget.
    pub fn of_search(b: capicua_search::Budget) -> Budget {
        Budget {
            iterations: b.iterations,
            movetime_ms: b.time.map(|t| ms(t).max(1)),
        }
    }

    pub fn for_search(self) -> capicua_search::Budget {
        capicua_search::Budget {
            iterations: self.iterations,
            time: self.movetime_ms.map(Duration::from_millis),
        }
    }
}

fn search_error(e: SearchError) -> RequestError {
    match e {
        SearchError::RoundOver => RequestError::new(
            ErrorCode::RoundOver,
            Some("position.moves".into()),
            e.to_string(),
        ),
        SearchError::NotToMove { .. } => RequestError::new(
            ErrorCode::NotYourTurn,
            Some("position.seat".into()),
            e.to_string(),
        ),
        SearchError::Sample(_) => RequestError::illegal("position", e.to_string()),
        other => RequestError::new(ErrorCode::Internal, None, other.to_string()),
    }
}

pub(crate) fn ms(d: Duration) -> u64 {
    d.as_millis().min(u64::MAX as u128) as u64
}

/// A finite number for the wire (JSON has no NaN).
pub(crate) fn finite(x: f64) -> f64 {
    if x.is_finite() { x } else { 0.0 }
}

/// Per-move statistics in legal-move order. A move the search has not visited yet gets the
/// visit-weighted mean of the others (the search's value of the position so far), or
/// `fallback` when nothing was visited.
fn move_stats(pos: &Position, res: &SearchResult, fallback: (f64, f64)) -> Vec<MoveStats> {
    let visits: u64 = res.moves.iter().map(|m| m.visits).sum();
    let mean = if visits == 0 {
        fallback
    } else {
        let w = |f: fn(&capicua_search::MoveStats) -> Option<f64>| {
            res.moves
                .iter()
                .map(|m| f(m).unwrap_or(0.0) * m.visits as f64)
                .sum::<f64>()
                / visits as f64
        };
        (w(|m| m.win), w(|m| m.margin))
    };
    res.moves
        .iter()
        .map(|m| MoveStats {
            mv: pos.notation(m.mv),
            visits: m.visits,
            win: finite(m.win.unwrap_or(mean.0)),
            margin: finite(m.margin.unwrap_or(mean.1)),
            prior: m.prior.map(f64::from),
        })
        .collect()
}

/// The engine side's mean outcome score and margin after `mv`, over `n` playouts from exactly
/// sampled deals (fewer if `stop` is raised or `deadline` passes; at least one).
pub(crate) fn playout_estimate(
    pos: &Position,
    mv: Move,
    n: u64,
    seed: u64,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> Result<(f64, f64, u64), RequestError> {
    let rules = pos.rules;
    let ctx = pos.info.context();
    let config = SearchConfig::default();
    let reward = Reward::new(&config.reward, &rules, ctx);
    let side = rules.side_of(pos.seat()) as usize;
    let mut rng = Rng::new(seed);
    let (mut win, mut margin, mut done) = (0.0, 0.0, 0u64);
    while done < n.max(1) {
        if done > 0
            && (stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d))
        {
            break;
        }
        let mut st = pos
            .sampler
            .sample(&mut rng)
            .map_err(|e| RequestError::illegal("position", e.to_string()))?;
        let mv = match mv {
            // the engine's own draw brings a tile of the sampled boneyard
            Move::Draw(_) if !st.pile.is_empty() => {
                Move::Draw(Some(st.pile.nth(rng.below(st.pile.len()))))
            }
            m => m,
        };
        st.apply(mv);
        // the default random rollout reads no history
        let mut memory = capicua_search::TableMemory::default();
        rollout::playout(
            &mut st,
            config.rollout,
            &rules,
            &mut memory,
            config.rollout_random,
            &mut rng,
        );
        let o = Outcome::of(&rules, &st, pos.info.first(), ctx.pending_ties).ok_or_else(|| {
            RequestError::new(
                ErrorCode::Internal,
                None,
                "a playout did not finish the round",
            )
        })?;
        let v = reward.of_outcome(&o);
        win += v.score[side];
        margin += v.margin[side];
        done += 1;
    }
    Ok((win / done as f64, margin / done as f64, done))
}

/// Serves a `go` whose position has the engine's seat to move.
pub fn go(
    pos: &Position,
    budget: Budget,
    report_every_ms: Option<u64>,
    searcher: &mut Searcher,
    seed: u64,
    id: Id,
    ctl: &mut Control<'_>,
) -> Result<Reply, RequestError> {
    let start = Instant::now();
    let deadline = budget.movetime_ms.map(|t| start + Duration::from_millis(t));
    let legal = pos.legal_moves();
    if legal.len() == 1 {
        let n = budget
            .iterations
            .unwrap_or(FORCED_PLAYOUTS)
            .min(FORCED_PLAYOUTS);
        let (win, margin, done) = playout_estimate(pos, legal[0], n, seed, ctl.stop, deadline)?;
        let mv = pos.notation(legal[0]);
        return Ok(Reply::Bestmove {
            id,
            mv: mv.clone(),
            iterations: done,
            time_ms: ms(start.elapsed()),
            moves: vec![MoveStats {
                mv,
                visits: done,
                win: finite(win),
                margin: finite(margin),
                // a network's prior over a single legal move is all of it
                prior: searcher.evaluator().gives_priors().then_some(1.0),
            }],
            stop_id: None,
        });
    }
    let info_id = id.clone();
    let info_sink = &mut *ctl.info;
    let mut on_report = |snap: &SearchResult| {
        info_sink(Reply::Info {
            id: info_id.clone(),
            iterations: snap.iterations,
            time_ms: ms(start.elapsed()),
            moves: move_stats(pos, snap, (0.5, 0.0)),
        });
    };
    let report = report_every_ms.map(|every| Report {
        every: Duration::from_millis(every),
        callback: &mut on_report,
    });
    let req = SearchRequest {
        budget: budget.for_search(),
        seed,
        stop: Some(ctl.stop),
        report,
    };
    let res = searcher.search_with(&pos.info, req).map_err(search_error)?;
    let visits: u64 = res.moves.iter().map(|m| m.visits).sum();
    let fallback = if visits == 0 {
        // stopped before its first iteration: value the position by playouts of the move
        // the search would play
        let (w, m, _) = playout_estimate(
            pos,
            res.best,
            FORCED_PLAYOUTS,
            seed,
            &AtomicBool::new(false),
            None,
        )?;
        (w, m)
    } else {
        (0.5, 0.0)
    };
    Ok(Reply::Bestmove {
        id,
        mv: pos.notation(res.best),
        iterations: res.iterations,
        time_ms: ms(start.elapsed()),
        moves: move_stats(pos, &res, fallback),
        stop_id: None,
    })
}

/// Serves `beliefs`: where each tile the engine's seat has not seen is. `uniform`: counted
/// over exactly sampled deals; `learned`: the exact marginals of the believed-deal sampler the
/// search draws from (the evaluator's beliefs made consistent with the hand sizes).
pub fn beliefs(
    pos: &Position,
    budget: Budget,
    seed: u64,
    mode: BeliefMode,
    evaluator: &Arc<dyn Evaluator>,
    id: Id,
    ctl: &mut Control<'_>,
) -> Result<Reply, RequestError> {
    let start = Instant::now();
    let b = capicua_search::beliefs_for(
        &pos.info,
        mode,
        &**evaluator,
        budget.for_search(),
        seed,
        Some(ctl.stop),
    )
    .map_err(search_error)?;
    let players = pos.rules.players;
    let me = pos.seat();
    let tiles = b
        .tiles
        .iter()
        .rev()
        .map(|t| {
            let seats = (0..players)
                .filter(|&s| s != me)
                .map(|s| (s, t.seats[s as usize]))
                .collect();
            (t.tile.to_string(), TileBelief { seats, out: t.out })
        })
        .collect();
    Ok(Reply::Beliefs {
        id,
        kind: match b.kind {
            BeliefKind::Uniform => "uniform",
            BeliefKind::Learned => "learned",
        },
        tiles: TileMap(tiles),
        iterations: b.samples,
        time_ms: ms(start.elapsed()),
        stop_id: None,
    })
}
