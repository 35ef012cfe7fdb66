//! First-layer accumulators of public records, cached per thread.
//!
//! Every feature of the encoding but the own-hand block is a function of the public record
//! (rules, first seat, forced lead, match context and the moves so far, seen by the seat to
//! move), and the network's inputs are evaluated many times over the same record with
//! different hands: a net-guided ISMCTS re-evaluates a node whenever a determinization gives
//! its mover a hand with plays the node has no child for (about half the evaluations of a
//! 10 ms search repeat a record already seen), and learned inference evaluates every past
//! decision of the round once per sampled deal. So the first layer's product over the public
//! part is computed once per record ([`FastMlp::first_layer_from`]) and each evaluation adds
//! only its hand's rows ([`FastMlp::forward_some_accumulated`]).
//!
//! The table is per thread (searches and inference run on many threads through one shared
//! evaluator; a per-thread table needs no lock) and direct-mapped: a record's slot is chosen by
//! its key, and a newer record in the same slot replaces it. A key is a 64-bit hash of the
//! record and the network's identity; a slot is used only when its stored key is equal.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};

use capicua_engine::{InfoSet, Move};

use crate::encoding::offset::HAND;
use crate::mlp::FastMlp;

/// Slots of a thread's table (per first-layer width): a 50 ms search evaluates a few thousand
/// distinct records.
const SLOTS: usize = 4096;

/// The first input after the own-hand block: everything from here on is public.
pub(crate) const PUBLIC_FROM: usize = HAND + 55;

/// One first-layer width's slots.
struct Table {
    width: usize,
    keys: Vec<u64>,
    accumulators: Vec<f32>,
}

thread_local! {
    static TABLES: RefCell<Vec<Table>> = const { RefCell::new(Vec::new()) };
}

/// Calls `then` with the accumulator of the record whose key is `key` for `mlp`, computing it
/// with `public_input` (an encoded input; its own-hand block is ignored) when the thread's
/// table does not hold it.
pub(crate) fn with_accumulator<R>(
    mlp: &FastMlp,
    key: u64,
    public_input: impl FnOnce() -> Vec<f32>,
    then: impl FnOnce(&[f32]) -> R,
) -> R {
    let width = mlp.first_width();
    TABLES.with(|tables| {
        let mut tables = tables.borrow_mut();
        let i = match tables.iter().position(|t| t.width == width) {
            Some(i) => i,
            None => {
                tables.push(Table {
                    width,
                    // a key of 0 is never stored: `finish` maps no record to it (see `Key`)
                    keys: vec![0; SLOTS],
                    accumulators: vec![0.0; SLOTS * width],
                });
                tables.len() - 1
            }
        };
        let table = &mut tables[i];
        let slot = (key as usize) & (SLOTS - 1);
        let acc = &mut table.accumulators[slot * width..(slot + 1) * width];
        if table.keys[slot] != key {
            mlp.first_layer_from(&public_input(), PUBLIC_FROM, acc);
            table.keys[slot] = key;
        }
        then(acc)
    })
}

/// The key of the public record an information set's history ends in, followed by `path`
/// (moves since, as a search leaf has them), for the network numbered `net`.
pub(crate) fn record_key(net: u64, root: &InfoSet, path: &[Move]) -> u64 {
    let mut key = Key(net);
    root.rules().hash(&mut key);
    root.first().hash(&mut key);
    root.public().forced_lead_at_start().hash(&mut key);
    root.context().hash(&mut key);
    let moves = root.history().iter().chain(path);
    key.write_u64((root.history().len() + path.len()) as u64);
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
