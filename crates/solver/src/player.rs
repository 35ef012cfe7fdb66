//! `omniscient`: a player that sees every hand and plays solved moves. It measures what the
//! hidden tiles are worth (the ceiling of everything the engine can learn about them), so it
//! is for evaluation only: the engine process and terminal play never seat it.

use capicua_engine::{InfoSet, Move, Player, State};

use crate::solver::{Outcome, SolveLimits, Solver};

/// Solves the true deal at every decision; where the node limit runs out first (early in a
/// round with many tiles in hand) it plays as its `fallback` would.
pub struct OmniscientPlayer {
    name: String,
    solver: Solver,
    limits: SolveLimits,
    fallback: Box<dyn Player>,
    solved: u64,
    fell_back: u64,
}

impl OmniscientPlayer {
    pub fn new(name: String, nodes: u64, fallback: Box<dyn Player>) -> OmniscientPlayer {
        OmniscientPlayer {
            name,
            solver: Solver::default(),
            limits: SolveLimits::nodes(nodes),
            fallback,
            solved: 0,
            fell_back: 0,
        }
    }

    /// Decisions solved exactly, and decisions left to the fallback.
    pub fn counts(&self) -> (u64, u64) {
        (self.solved, self.fell_back)
    }
}

impl Player for OmniscientPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Without the table's truth nothing can be solved: the fallback decides.
    fn choose(&mut self, info: &InfoSet) -> Move {
        self.fell_back += 1;
        self.fallback.choose(info)
    }

    fn choose_open(&mut self, info: &InfoSet, truth: &State) -> Move {
        let solved = self.solver.solve(
            info.rules(),
            truth,
            info.first(),
            info.context().pending_ties,
            self.limits,
        );
        match solved {
            Ok(s) if matches!(s.outcome, Outcome::Exact(_)) && s.best.is_some() => {
                self.solved += 1;
                s.best.expect("checked")
            }
            // unknown within the limit, or a draw game (no open-hand value)
            _ => self.choose(info),
        }
    }

    fn show_doubles(&mut self, info: &InfoSet) -> bool {
        self.fallback.show_doubles(info)
    }
}
