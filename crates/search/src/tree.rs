//! The search tree: one arena per search thread, kept between searches.
//!
//! A node is reached by a sequence of actions from the root. Plays and passes are public, so
//! every determinization that reaches a node shows the same open ends there, and an action key
//! (below) names the same move in all of them; a draw is one action whatever tile it brings.
//! A node's entry holds the statistics of the action that led to it, from the point of view of
//! the side that took it.
//!
//! Layout, for the cache (a search of 10^5..10^6 iterations outgrows it, and the descent is
//! bound by memory latency): what selection reads is in `hot`, 24 bytes an entry, including
//! where the node's children are. A node's children are consecutive entries; when they
//! outgrow their block (capacities 2, 4, ... 128) the block is copied to the end of the arena
//! with twice the room. So one descent step reads one run of memory in order. The cost: entry
//! indices of a node's children change when it grows, which matters only to a batched search
//! holding paths across expansions (it backs up by action keys instead).

use capicua_engine::{LEAD, Move, State, Tile};

/// Action key of a pass (plays use [`Move::action_index`], below 110).
pub const PASS_KEY: u8 = 110;
/// Action key of a draw, whatever tile it brings.
pub const DRAW_KEY: u8 = 111;
pub(crate) const NONE: u32 = u32::MAX;

/// The tree's name for a move: its action index for a play, [`PASS_KEY`] or [`DRAW_KEY`].
#[inline]
pub fn action_key(mv: Move) -> u8 {
    match mv {
        Move::Play { .. } => mv.action_index().expect("a play has an action index") as u8,
        Move::Pass => PASS_KEY,
        Move::Draw(_) => DRAW_KEY,
    }
}

/// The move of a play or pass `key` at `state`'s open ends (a draw is resolved by the caller).
#[inline]
pub(crate) fn key_move(key: u8, state: &State) -> Move {
    match key {
        PASS_KEY => Move::Pass,
        DRAW_KEY => Move::Draw(None),
        _ => {
            let tile = Tile::from_index(key as usize >> 1);
            let end = if state.ends[0] == LEAD {
                LEAD
            } else if key & 1 == 1 {
                tile.low()
            } else {
                tile.high()
            };
            Move::play(tile, end)
        }
    }
}

/// What selection reads: the statistics of the action into a node and where its children are.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hot {
    /// Sum of the rewards of the side that took the action.
    pub reward: f64,
    /// Completed and in-flight visits (a batched search counts a visit when it selects).
    pub visits: u32,
    /// How often this action was available when its parent was visited.
    pub avail: u32,
    /// The children: entries `start..start + len`, room for `cap`.
    pub start: u32,
    pub len: u8,
    pub cap: u8,
    pub key: u8,
}

/// The rest of an entry.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Cold {
    /// Sums of the outcome score and the point margin of the side that took the action (kept
    /// for the root's children, which are reported).
    pub score: f64,
    pub margin: f64,
    pub prior: f32,
    /// How many evaluations `prior` averages ([`crate::Widening::Average`]; 1 otherwise).
    pub prior_samples: u16,
    /// The evaluator's reward for the side to move here, at its first evaluation (the value of
    /// unvisited children in PUCT).
    pub value_to_move: f32,
    /// An evaluator with priors has seen this node (its children carry priors).
    pub evaluated: bool,
    /// All-moves-as-first statistics ([`crate::SearchConfig::rave`]): the summed rewards,
    /// for the side that acts here, of the iterations through the parent in which the seat
    /// to move there played this entry's tile then or later, and how many there were.
    pub amaf_reward: f64,
    pub amaf_visits: u32,
}

const EMPTY_HOT: Hot = Hot {
    reward: 0.0,
    visits: 0,
    avail: 0,
    start: 0,
    len: 0,
    cap: 0,
    key: 0,
};
const EMPTY_COLD: Cold = Cold {
    score: 0.0,
    margin: 0.0,
    prior: 0.0,
    prior_samples: 0,
    value_to_move: 0.5,
    evaluated: false,
    amaf_reward: 0.0,
    amaf_visits: 0,
};

#[derive(Debug, Default)]
pub(crate) struct Tree {
    pub hot: Vec<Hot>,
    pub cold: Vec<Cold>,
}

impl Tree {
    /// Empties the tree (keeping its memory) and adds the root, entry 0.
    pub fn reset(&mut self) {
        self.hot.clear();
        self.cold.clear();
        self.hot.push(EMPTY_HOT);
        self.cold.push(EMPTY_COLD);
    }

    /// Entries in use or left behind by growing blocks.
    pub fn len(&self) -> usize {
        self.hot.len()
    }

    /// The children of `node`.
    #[inline]
    pub fn children(&self, node: u32) -> std::ops::Range<u32> {
        let h = &self.hot[node as usize];
        h.start..h.start + h.len as u32
    }

    /// The child of `node` for action `key`, if any.
    pub fn child(&self, node: u32, key: u8) -> Option<u32> {
        self.children(node)
            .find(|&c| self.hot[c as usize].key == key)
    }

    /// The actions `node` has children for, one bit per action key.
    #[inline]
    pub fn child_keys(&self, node: u32) -> u128 {
        self.children(node)
            .fold(0u128, |m, c| m | 1u128 << self.hot[c as usize].key)
    }

    /// The child of `node` for action `key`, added with `prior` if it has none and the tree
    /// holds fewer than `max_nodes` entries; `None` when it has none and is full.
    #[inline]
    pub fn child_or_add(
        &mut self,
        node: u32,
        key: u8,
        prior: f32,
        max_nodes: usize,
    ) -> Option<u32> {
        if let Some(c) = self.child(node, key) {
            return Some(c);
        }
        (self.len() < max_nodes).then(|| self.add_child(node, key, prior))
    }

    /// Adds a child for action `key` under `parent` (which has none for it yet); may move
    /// `parent`'s children.
    #[inline]
    pub fn add_child(&mut self, parent: u32, key: u8, prior: f32) -> u32 {
        let p = self.hot[parent as usize];
        debug_assert!(self.child(parent, key).is_none());
        let (mut start, len) = (p.start, p.len as u32);
        if len == p.cap as u32 {
            let cap = if p.cap == 0 { 2 } else { 2 * p.cap as u32 };
            debug_assert!(cap <= 128, "at most 112 actions");
            let new = self.hot.len() as u32;
            self.hot.reserve(cap as usize);
            self.cold.reserve(cap as usize);
            for i in 0..len {
                let (h, c) = (
                    self.hot[(start + i) as usize],
                    self.cold[(start + i) as usize],
                );
                self.hot.push(h);
                self.cold.push(c);
            }
            self.hot.resize((new + cap) as usize, EMPTY_HOT);
            self.cold.resize((new + cap) as usize, EMPTY_COLD);
            start = new;
            let p = &mut self.hot[parent as usize];
            p.start = start;
            p.cap = cap as u8;
        }
        let id = start + len;
        self.hot[parent as usize].len += 1;
        self.hot[id as usize] = Hot { key, ..EMPTY_HOT };
        self.cold[id as usize] = Cold {
            prior,
            prior_samples: 1,
            ..EMPTY_COLD
        };
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::{MoveList, Rules, TileSet};

    #[test]
    fn keys_name_moves_at_the_ends() {
        let rules = Rules::cuban();
        let mut rng = capicua_engine::Rng::new(3);
        let mut legal = MoveList::default();
        for _ in 0..300 {
            let deal = capicua_engine::Deal::random(&rules, &mut rng);
            let mut st = State::new(&rules, deal.hands, TileSet::EMPTY, 0);
            while !st.is_over() {
                st.legal_moves(&mut legal);
                for &mv in legal.iter() {
                    assert_eq!(key_move(action_key(mv), &st), mv);
                }
                let mv = st.random_move(&mut rng);
                st.apply(mv);
            }
        }
    }

    #[test]
    fn growing_blocks_keep_children() {
        let mut t = Tree::default();
        t.reset();
        let a = t.add_child(0, 5, 0.0);
        t.hot[a as usize].visits = 7;
        let g = t.add_child(a, 9, 0.0);
        t.hot[g as usize].visits = 3;
        for k in 10..40 {
            t.add_child(0, k, 0.0);
        }
        assert_eq!(t.children(0).len(), 31);
        let a2 = t.child(0, 5).unwrap();
        assert_eq!(t.hot[a2 as usize].visits, 7);
        // the grandchild did not move
        assert_eq!(t.child(a2, 9), Some(g));
        assert!((10..40).all(|k| t.child(0, k).is_some()));
    }
}
