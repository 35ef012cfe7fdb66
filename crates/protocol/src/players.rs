//! The `player` extension of `go`: the move of any player the project's front door names
//! (`capicua_eval::spec`: `counting`, `heavy`, `ismcts:ms=200,model=long`, ...), not only
//! the engine's own search. A table that seats several bots asks each with its spec.
//!
//! - A search spec (`ismcts`, `pimc`) runs through the same [`think::go`] as a plain `go`,
//!   with the spec's configuration and network, and its own budget unless the request brings
//!   one; its statistics are the search's.
//! - Any other player chooses at once; each legal move is then valued as a forced move is, by
//!   playouts from exactly sampled deals (`visits` counts them), so that `moves` keeps the
//!   contract's shape.
//! - `omniscient` reads every hand: the engine sees one seat's view only, and refuses it.
//!
//! Parsing a spec with `model=` loads the network, so parsed specs are kept ([`SpecCache`]),
//! shared by every engine of a server; each engine keeps the searchers of the last few specs
//! it ran, whose tree arenas are reused from move to move.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use capicua_eval::{PlayerSpec, SpecError, SpecParams, player_seed};
use capicua_search::Searcher;

use crate::error::RequestError;
use crate::limits::Limits;
use crate::position::Position;
use crate::reply::{Id, MoveStats, Reply};
use crate::think::{self, Budget, Control, FORCED_PLAYOUTS, finite, ms, playout_estimate};

/// Parsed specs kept at most (a client may send any number of different ones).
const MAX_SPECS: usize = 64;
/// Searchers an engine keeps (a table asks a partner and opponents in turn).
const MAX_SEARCHERS: usize = 3;

/// Parsed player specs by their text, shared by the engines that clone it.
#[derive(Clone, Default)]
pub struct SpecCache(Arc<Mutex<HashMap<String, Arc<PlayerSpec>>>>);

impl SpecCache {
    /// The parsed spec of `text`, parsed once. Errors are not kept.
    pub fn get(&self, text: &str) -> Result<Arc<PlayerSpec>, SpecError> {
        let lock = || self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = lock().get(text) {
            return Ok(Arc::clone(s));
        }
        // parsed outside the lock: loading a network takes a while
        let spec = Arc::new(PlayerSpec::parse(text)?);
        let mut map = lock();
        if map.len() >= MAX_SPECS {
            map.clear();
        }
        map.insert(text.to_string(), Arc::clone(&spec));
        Ok(spec)
    }
}

/// The player side of an engine: the shared specs and its own searchers.
#[derive(Default)]
pub struct Players {
    pub specs: SpecCache,
    /// Most recently used first.
    searchers: Vec<(String, Searcher)>,
}

fn refuse(message: impl Into<String>) -> RequestError {
    RequestError::bad_field("player", message)
}

/// Refuses, before anything is parsed or loaded, a spec that breaks `limits`: a model file
/// where files are not allowed, more threads or a longer move time than the caps.
fn check_limits(text: &str, limits: &Limits) -> Result<(), RequestError> {
    let mut p = SpecParams::split(text).map_err(|e| refuse(e.to_string()))?;
    if p.name() == "omniscient" {
        return Err(refuse(
            "omniscient sees every hand; the engine sees one seat's view and cannot seat it",
        ));
    }
    if !limits.model_files
        && let Some(m) = p.take_str("model")
        && !matches!(m.as_str(), "default" | "long" | "none")
    {
        return Err(refuse(
            "this server takes model=default, model=long or model=none, not a file",
        ));
    }
    let int = |v: Option<String>| v.and_then(|v| v.parse::<u64>().ok());
    if let Some(t) = int(p.take_str("threads"))
        && t > limits.max_threads as u64
    {
        return Err(refuse(format!(
            "threads={t} is over this server's cap of {}",
            limits.max_threads
        )));
    }
    if let Some(t) = int(p.take_str("ms"))
        && t > limits.max_movetime_ms
    {
        return Err(refuse(format!(
            "ms={t} is over this server's cap of {} ms a move",
            limits.max_movetime_ms
        )));
    }
    Ok(())
}

impl Players {
    /// The searcher of search spec `key`, built on first use.
    fn searcher(&mut self, key: &str, build: impl FnOnce() -> Searcher) -> &mut Searcher {
        match self.searchers.iter().position(|(k, _)| k == key) {
            Some(i) => {
                let entry = self.searchers.remove(i);
                self.searchers.insert(0, entry);
            }
            None => {
                self.searchers.truncate(MAX_SEARCHERS - 1);
                self.searchers.insert(0, (key.to_string(), build()));
            }
        }
        &mut self.searchers[0].1
    }

    /// Serves a `go` with `player` `text` on a checked position whose engine seat is to
    /// move. `requested` is the request's own budget, if it brings one.
    #[allow(clippy::too_many_arguments)]
    pub fn go(
        &mut self,
        text: &str,
        pos: &Position,
        requested: Option<Budget>,
        report_every_ms: Option<u64>,
        seed: u64,
        limits: &Limits,
        id: Id,
        ctl: &mut Control<'_>,
    ) -> Result<Reply, RequestError> {
        check_limits(text, limits)?;
        let spec = self.specs.get(text).map_err(|e| refuse(e.to_string()))?;
        if spec.sees_hidden_hands() {
            return Err(refuse(format!("{spec} sees every hand")));
        }
        // each seat plays with its own stream, as in `capicua play` and `capicua eval`
        let seed = player_seed(seed, pos.seat() as u64);
        match &*spec {
            PlayerSpec::Search(s) => {
                let budget = requested
                    .unwrap_or_else(|| Budget::of_search(s.config.budget))
                    .capped(limits);
                let seed = s.config_seed(seed);
                let searcher = self.searcher(&s.to_string(), || s.searcher());
                think::go(pos, budget, report_every_ms, searcher, seed, id, ctl)
            }
            other => {
                let budget = requested
                    .unwrap_or(Budget {
                        iterations: Some(FORCED_PLAYOUTS),
                        movetime_ms: None,
                    })
                    .capped(limits);
                heuristic_go(other, pos, budget, seed, id, ctl)
            }
        }
    }
}

/// A player that chooses without searching: its move, and every legal move valued by up to
/// [`FORCED_PLAYOUTS`] playouts (fewer under the budget), the budget's time shared among them.
fn heuristic_go(
    spec: &PlayerSpec,
    pos: &Position,
    budget: Budget,
    seed: u64,
    id: Id,
    ctl: &mut Control<'_>,
) -> Result<Reply, RequestError> {
    let start = Instant::now();
    let legal = pos.legal_moves();
    let mut player = spec.build(seed);
    let chosen = if legal.len() == 1 {
        legal[0]
    } else {
        player.choose(&pos.info)
    };
    if !legal.contains(chosen) {
        return Err(RequestError::new(
            crate::error::ErrorCode::Internal,
            None,
            format!("{spec} chose {chosen}, which is not legal here"),
        ));
    }
    let per_move = budget
        .iterations
        .unwrap_or(FORCED_PLAYOUTS)
        .min(FORCED_PLAYOUTS);
    let deadline = budget.movetime_ms.map(|t| start + Duration::from_millis(t));
    let mut moves = Vec::with_capacity(legal.len());
    let mut total = 0;
    for (k, &mv) in legal.iter().enumerate() {
        // the time left is shared by the moves still to value; each gets at least one playout
        let until = deadline.map(|d| {
            let left = d.saturating_duration_since(Instant::now());
            Instant::now() + left / (legal.len() - k) as u32
        });
        let (win, margin, done) = playout_estimate(pos, mv, per_move, seed, ctl.stop, until)?;
        total += done;
        moves.push(MoveStats {
            mv: pos.notation(mv),
            visits: done,
            win: finite(win),
            margin: finite(margin),
            prior: None,
        });
    }
    Ok(Reply::Bestmove {
        id,
        mv: pos.notation(chosen),
        iterations: total,
        time_ms: ms(start.elapsed()),
        moves,
        stop_id: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_refuse_before_parsing() {
        let capped = Limits {
            max_movetime_ms: 1000,
            max_threads: 1,
            model_files: false,
        };
        for bad in [
            "omniscient",
            "omniscient:nodes=5",
            "ismcts:model=/etc/passwd",
            "ismcts:threads=2",
            "ismcts:ms=1001",
        ] {
            let e = check_limits(bad, &capped).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("player"), "{bad}");
        }
        for good in ["counting", "ismcts:ms=1000,model=none", "ismcts:threads=1"] {
            check_limits(good, &capped).unwrap();
        }
        // without caps a file is the parser's to judge, and omniscient is still refused
        check_limits("ismcts:model=/etc/passwd", &Limits::none()).unwrap();
        assert!(check_limits("omniscient", &Limits::none()).is_err());
    }

    #[test]
    fn the_cache_parses_once_and_stays_bounded() {
        let c = SpecCache::default();
        let a = c.get("counting").unwrap();
        let b = c.get("counting").unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        for k in 0..(MAX_SPECS + 5) {
            c.get(&format!("ismcts:iters={}", k + 1)).unwrap();
        }
        assert!(c.0.lock().unwrap().len() <= MAX_SPECS);
        assert!(c.get("psychic").is_err());
    }
}
