//! First-layer accumulators of public records, cached per thread and built incrementally.
//!
//! Every feature of the encoding but the own-hand block is a function of the public record
//! (rules, first seat, forced lead, match context and the moves so far, seen by the seat to
//! move), and the network's inputs are evaluated many times over the same record with
//! different hands: a net-guided ISMCTS re-evaluates a node whenever a determinization gives
//! its mover a hand with plays the node has no child for (about half the evaluations of a
//! 10 ms search repeat a record already seen), and learned inference evaluates every past
//! decision of the round once per sampled deal. So the first layer's product over the public
//! part is computed once per record and each evaluation adds only its hand's rows
//! ([`FastMlp::forward_some_accumulated`]).
//!
//! A record not yet seen is mostly one that a search has just reached, a few moves below
//! records it has evaluated. The encoding is relative to the seat to move, so the record one
//! round of the table earlier (`players` moves back) is seen from the same seat, and the two
//! differ only in what those moves changed: a few dozen of the several hundred non-zero public
//! inputs. A record's accumulator is therefore that ancestor's plus the rows of the inputs
//! that differ ([`FastMlp::first_layer_add_difference`]) whenever the ancestor has the same
//! mover, and from scratch only otherwise (the round's first moves, or a draw in between).
//! That rule makes each accumulator a function of its record alone, whatever the table held:
//! an ancestor the table lacks is built by the same rule first (and kept), so searches stay
//! reproducible. Computing the public part from scratch for every new record was about 40% of
//! a net-guided search's time.
//!
//! The table is per thread (searches and inference run on many threads through one shared
//! evaluator; a per-thread table needs no lock) and direct-mapped: a record's slot is chosen by
//! its key, and a newer record in the same slot replaces it. A key is a 64-bit hash of the
//! record and the network's identity; a slot is used only when its stored key is equal.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};

use capicua_engine::{InfoSet, Move};

use crate::encoding::offset::HAND;
use crate::encoding::{INPUT_SIZE, Replay, record_observations};
use crate::mlp::{FastMlp, MAX_WIDTH};

/// Slots of a thread's table (per first-layer width): a 50 ms search evaluates a few thousand
/// distinct records.
const SLOTS: usize = 4096;

/// The first input after the own-hand block: everything from here on is public.
pub(crate) const PUBLIC_FROM: usize = HAND + 55;

/// The slots of one first-layer width and encoding prefix.
struct Table {
    width: usize,
    /// Leading floats of the encoding the network reads ([`INPUT_SIZE`], or an open value
    /// model's `OPEN_KEPT`).
    kept: usize,
    keys: Vec<u64>,
    accumulators: Vec<f32>,
    /// Room for two encoded inputs, for building accumulators.
    inputs: [Vec<f32>; 2],
    /// The replay of the last root's history and the key of the record it ends in: the
    /// records a search builds lie below its root, so their replays start from there.
    root: Option<(u64, Replay)>,
}

impl Table {
    fn slot(key: u64) -> usize {
        (key as usize) & (SLOTS - 1)
    }

    fn get(&self, key: u64) -> Option<&[f32]> {
        let slot = Table::slot(key);
        (self.keys[slot] == key)
            .then(|| &self.accumulators[slot * self.width..(slot + 1) * self.width])
    }

    /// A replay of `root`'s round to start the replay of `moves` (the root's history, then
    /// more) from, no further than `len` moves: the kept replay of the root's history when it
    /// is `root`'s and `len` reaches past it (made and kept now when it is not), else the
    /// round's start.
    fn root_replay(&mut self, net: u64, root: &InfoSet, moves: &[Move], len: usize) -> Replay {
        let h = root.history().len();
        if len < h {
            return Replay::start(root);
        }
        let key = key_of(net, root, &moves[..h]);
        match &self.root {
            Some((k, replay)) if *k == key => replay.clone(),
            _ => {
                let mut replay = Replay::start(root);
                replay.advance(moves, h);
                self.root = Some((key, replay.clone()));
                replay
            }
        }
    }

    fn put(&mut self, key: u64, acc: &[f32]) {
        let slot = Table::slot(key);
        self.keys[slot] = key;
        self.accumulators[slot * self.width..(slot + 1) * self.width].copy_from_slice(acc);
    }
}

thread_local! {
    static TABLES: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
}

/// Calls `then` with the accumulator of the public record that `root`'s history and then
/// `path` lead to, for `mlp` (the network numbered `net`, which reads the first `kept` floats
/// of the encoding), computing it when the thread's table does not hold it.
pub(crate) fn with_accumulator<R>(
    mlp: &FastMlp,
    net: u64,
    kept: usize,
    root: &InfoSet,
    path: &[Move],
    then: impl FnOnce(&[f32]) -> R,
) -> R {
    let width = mlp.first_width();
    let key = record_key(net, root, path);
    TABLES.with(|tables| {
        let mut tables = tables.borrow_mut();
        let i = match tables
            .iter()
            .position(|t| t.width == width && t.kept == kept)
        {
            Some(i) => i,
            None => {
                tables.push(Table {
                    width,
                    kept,
                    // a key of 0 is never stored: `finish` maps no record to it (see `Key`)
                    keys: vec![0; SLOTS],
                    accumulators: vec![0.0; SLOTS * width],
                    inputs: [vec![0.0; INPUT_SIZE], vec![0.0; INPUT_SIZE]],
                    root: None,
                });
                tables.len() - 1
            }
        };
        let table = &mut tables[i];
        if let Some(acc) = table.get(key) {
            return then(acc);
        }
        let mut acc = [0.0f32; MAX_WIDTH];
        let moves: Vec<Move> = root.history().iter().chain(path).copied().collect();
        accumulate(mlp, net, root, &moves, key, table, &mut acc[..width]);
        then(&acc[..width])
    })
}

/// The accumulator of the record after `moves` (whose key is `key`) into `out`, by the
/// module's rule, keeping it and the ancestors it builds on the way in `table`.
fn accumulate(
    mlp: &FastMlp,
    net: u64,
    root: &InfoSet,
    moves: &[Move],
    key: u64,
    table: &mut Table,
    out: &mut [f32],
) {
    let step = root.rules().players as usize;
    // the record and its ancestors a round of the table apart, back to one the table holds:
    // (moves, key)
    let mut chain = vec![(moves.len(), key)];
    let mut held = false;
    while let Some(len) = chain[chain.len() - 1].0.checked_sub(step) {
        let key = key_of(net, root, &moves[..len]);
        chain.push((len, key));
        if table.get(key).is_some() {
            held = true;
            break;
        }
    }
    chain.reverse();
    let lengths: Vec<usize> = chain.iter().map(|&(len, _)| len).collect();
    let start = table.root_replay(net, root, moves, lengths[0]);
    let records = record_observations(root, start, moves, &lengths);
    // the chain of same-mover steps that ends at the record
    let mut from = records.len() - 1;
    while from > 0 && records[from - 1].1 == records[from].1 {
        from -= 1;
    }
    let kept = table.kept;
    let [mut base, mut input] = std::mem::take(&mut table.inputs);
    records[from].0.encode(&mut base);
    if held && from == 0 {
        out.copy_from_slice(table.get(chain[0].1).expect("held above"));
    } else {
        mlp.first_layer_from(&base[..kept], PUBLIC_FROM, out);
        table.put(chain[from].1, out);
    }
    for k in from + 1..records.len() {
        records[k].0.encode(&mut input);
        mlp.first_layer_add_difference(&input[..kept], &base[..kept], PUBLIC_FROM, out);
        table.put(chain[k].1, out);
        std::mem::swap(&mut base, &mut input);
    }
    table.inputs = [base, input];
}

/// The key of the public record an information set's history ends in, followed by `path`
/// (moves since, as a search leaf has them), for the network numbered `net`.
pub(crate) fn record_key(net: u64, root: &InfoSet, path: &[Move]) -> u64 {
    key_from(
        net,
        root,
        root.history().len() + path.len(),
        root.history().iter().chain(path),
    )
}

/// The key of the record after `moves` (all the round's public moves from its start) in
/// `root`'s round.
fn key_of(net: u64, root: &InfoSet, moves: &[Move]) -> u64 {
    key_from(net, root, moves.len(), moves.iter())
}

fn key_from<'a>(
    net: u64,
    root: &InfoSet,
    len: usize,
    moves: impl Iterator<Item = &'a Move>,
) -> u64 {
    let mut key = Key(net);
    root.rules().hash(&mut key);
    root.first().hash(&mut key);
    root.public().forced_lead_at_start().hash(&mut key);
    root.context().hash(&mut key);
    key.write_u64(len as u64);
    for &m in moves {
        key.write_u64(move_code(m));
    }
    key.finish()
}

/// A move as one number (distinct moves, distinct numbers).
fn move_code(m: Move) -> u64 {
    match m {
        Move::Play { tile, end } => 1 | (tile.index() as u64) << 8 | (end as u64) << 16,
        Move::Pass => 2,
        Move::Draw(None) => 3,
        Move::Draw(Some(t)) => 4 | (t.index() as u64) << 8,
    }
}

/// Each word written goes through a bijection of the state mixed with it, so two sequences
/// of words that differ in one place never collide; `finish` avalanches the state.
struct Key(u64);

impl Hasher for Key {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn finish(&self) -> u64 {
        // 0 marks an empty slot
        capicua_engine::mix_seed(self.0).max(1)
    }
}

#[cfg(test)]
mod tests {
    use capicua_engine::{Match, Rng, Rules};

    use super::*;
    use crate::encoding::{ENCODING_VERSION, Observation, POLICY_SIZE};
    use crate::network::Network;
    use crate::shape::ModelShape;

    fn mlp() -> FastMlp {
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[64, 32], POLICY_SIZE);
        FastMlp::new(&Network::new(shape, ENCODING_VERSION, 4).unwrap())
    }

    /// The first layer over the public part of `info`'s record, from scratch.
    fn scratch(mlp: &FastMlp, info: &InfoSet) -> Vec<f32> {
        let mut acc = vec![0.0; mlp.first_width()];
        mlp.first_layer_from(
            &Observation::from_infoset(info).encoded(),
            PUBLIC_FROM,
            &mut acc,
        );
        acc
    }

    fn cached(mlp: &FastMlp, net: u64, info: &InfoSet) -> Vec<f32> {
        with_accumulator(mlp, net, INPUT_SIZE, info, &[], |acc| acc.to_vec())
    }

    fn close(a: &[f32], b: &[f32]) -> bool {
        a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() < 1e-5 * (1.0 + y.abs()))
    }

    /// Every record of random rounds, each evaluated once in order (so each finds the one a
    /// round of the table earlier held, as a search does) or alone in a fresh table: both
    /// agree with the first layer from scratch. A corrupted ancestor shows in the records built
    /// on it, so they are built on it.
    #[test]
    fn records_built_on_their_ancestors_equal_the_first_layer_from_scratch() {
        let mlp = mlp();
        let mut built_on = 0;
        for (variant, seed) in [("cuban", 3), ("cuban", 4), ("cutthroat-2-draw", 5)] {
            let rules = Rules::preset(variant).unwrap();
            let mut round = Match::new(&rules, seed).deal_round();
            let mut rng = Rng::new(seed);
            let mut infos = vec![];
            while !round.is_over() {
                infos.push(round.infoset(round.to_move()));
                let legal = round.legal_moves();
                round.play(rng.pick(&legal)).unwrap();
            }
            let net = 1000 + seed;
            for info in &infos {
                assert!(close(&cached(&mlp, net, info), &scratch(&mlp, info)));
            }
            // alone: the ancestors are built first, by the same rule, to the same values
            for (k, info) in infos.iter().enumerate().rev() {
                let alone = cached(&mlp, 2000 + seed + 10 * k as u64, info);
                assert_eq!(alone, cached(&mlp, net, info), "one value per record");
            }
            // spoil the ancestor of each record, then build the record anew
            let step = rules.players as usize;
            for k in step..infos.len() {
                let (info, before) = (&infos[k], &infos[k - step]);
                if info.to_move() != before.to_move() {
                    continue;
                }
                let net = 3000 + seed + 10 * k as u64;
                let spoilt: Vec<f32> = cached(&mlp, net, before).iter().map(|x| x + 1.0).collect();
                TABLES.with(|t| {
                    let mut t = t.borrow_mut();
                    let table = t.iter_mut().find(|t| t.width == mlp.first_width()).unwrap();
                    table.put(record_key(net, before, &[]), &spoilt);
                });
                let got = cached(&mlp, net, info);
                let want = scratch(&mlp, info);
                assert!(
                    got.iter()
                        .zip(&want)
                        .all(|(g, w)| (g - w - 1.0).abs() < 1e-4)
                );
                built_on += 1;
            }
        }
        assert!(built_on > 30, "{built_on} records built on their ancestors");
    }
}
