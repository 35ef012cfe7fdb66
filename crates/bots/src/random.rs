//! `random`: a uniformly random legal move. The floor every other player must clear.

use capicua_engine::{InfoSet, Move, Player, Rng};

/// Picks uniformly among the legal moves of its information set (a tile that fits both open
/// ends counts once for each end).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, info: &InfoSet) -> Move {
        let legal = info.legal_moves();
        self.rng.pick(&legal)
    }
}
