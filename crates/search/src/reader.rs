//! The move reader: one small network shared by every legal move of the searcher's own
//! decision, which reads what each move does and tilts the root's priors towards what a long
//! search plays there.
//!
//! Why per move: the policy network sees the position as one fixed vector, and distilled on
//! a long search's choices it fitted them (0.90) without generalising to new decisions (0.826
//! against 0.829 for the prior it started from; eval/results/distil56/). A model that scores
//! each move from the same handful of facts (the tile, the ends it leaves, the hand after it,
//! the unseen tiles, who is known void where, who placed the end it covers) is forced to learn
//! one rule for all of them (eval/results/movereader57/).
//!
//! The score of a move is `prior_weight * ln prior + linear · f + w2 · relu(W1ᵀ f + b1)`, `f`
//! its [`reading`]; a softmax over the legal moves gives the tilted prior. The prior is the
//! one the search gives the move (the network's, at the search's prior temperature), so a
//! reader is trained for one model and temperature: it is fitted on labels whose `prior` is
//! what that search gave.
//!
//! A reader of format 2 ([`FORMAT_BELIEFS`]) also reads the search's beliefs about who holds
//! the numbers a move leaves open ([`SeatBeliefs`]: the exact marginals of the root's deal
//! sampler, the learned beliefs by default), [`BELIEF_FEATURES`] facts more a move; the 46
//! facts of the public record are the same in both formats, so a format-1 reader scores as it
//! always did.
//!
//! The file is JSON ([`MoveReader`], `format` [`FORMAT`] or [`FORMAT_BELIEFS`]); reading,
//! inference and training are all here, so the format is specified once.

use capicua_engine::{DealSampler, InfoSet, LEAD, Move, Rng, Rules, Tile, TileSet};
use serde::{Deserialize, Serialize};

use crate::beliefs::Beliefs;
use crate::error::SearchError;

/// Facts a move's [`reading`] takes from the public record and the hand.
pub const FEATURES: usize = 46;
/// Facts it takes from the beliefs, after those (read by format-2 readers only).
pub const BELIEF_FEATURES: usize = 9;
/// Length of a move's [`Reading`].
pub const MAX_FEATURES: usize = FEATURES + BELIEF_FEATURES;
/// The `format` of a reader of the public record alone.
pub const FORMAT: &str = "capicua-move-reader-1";
/// The `format` of a reader that also reads the beliefs.
pub const FORMAT_BELIEFS: &str = "capicua-move-reader-2";

/// What a reader reads of one move: [`FEATURES`] facts of the record, then
/// [`BELIEF_FEATURES`] of the beliefs (zero where none were given).
pub type Reading = [f32; MAX_FEATURES];

/// A trained reader: its weights and the rules it reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReader {
    pub format: String,
    /// Seats and highest pip of the rounds it was trained on (it reads no others).
    pub players: u8,
    pub max_pip: u8,
    pub hidden: usize,
    /// Weight of the log of the search's prior in a move's score.
    pub prior_weight: f32,
    pub linear: Vec<f32>,
    /// `features() × hidden`, a feature's row at a time.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    /// How it was made (labels, settings, its agreement with the teacher).
    #[serde(default)]
    pub notes: Vec<String>,
    /// Where it was read from (not stored), for descriptions of the search.
    #[serde(skip)]
    pub source: String,
}

impl MoveReader {
    /// A reader that leaves every prior as it is (weights zero, prior weight 1); of format 2
    /// when it reads `beliefs`.
    pub fn neutral(rules: &Rules, hidden: usize, beliefs: bool) -> MoveReader {
        let n = if beliefs { MAX_FEATURES } else { FEATURES };
        MoveReader {
            format: if beliefs { FORMAT_BELIEFS } else { FORMAT }.into(),
            players: rules.players,
            max_pip: rules.max_pip,
            hidden,
            prior_weight: 1.0,
            linear: vec![0.0; n],
            w1: vec![0.0; n * hidden],
            b1: vec![0.0; hidden],
            w2: vec![0.0; hidden],
            notes: Vec::new(),
            source: String::new(),
        }
    }

    /// Parses and checks a reader file's text.
    pub fn from_json(text: &str) -> Result<MoveReader, SearchError> {
        let mut r: MoveReader = serde_json::from_str(text)
            .map_err(|e| SearchError::Config(format!("not a move reader file: {e}")))?;
        if r.format != FORMAT && r.format != FORMAT_BELIEFS {
            return Err(SearchError::Config(format!(
                "move reader format {:?}, this build reads {FORMAT:?} and {FORMAT_BELIEFS:?}",
                r.format
            )));
        }
        let (h, n) = (r.hidden, r.features());
        if r.linear.len() != n || r.w1.len() != n * h || r.b1.len() != h || r.w2.len() != h {
            return Err(SearchError::Config(
                "move reader weights do not match its sizes".into(),
            ));
        }
        r.flush_subnormals();
        Ok(r)
    }

    /// Sets its subnormal weights to zero. Weight decay leaves the rows of hidden units that
    /// never fire at subnormal sizes, and on Intel cores every multiply by one takes a slow
    /// path: the shipped reader's root read took 22 us on a Xeon against 2.2 on an AMD EPYC
    /// (docs/BENCHMARKS.md, session 66). Below 1.2e-38 a weight moves no score.
    fn flush_subnormals(&mut self) {
        let weights = (self.linear.iter_mut())
            .chain(&mut self.w1)
            .chain(&mut self.b1)
            .chain(&mut self.w2);
        for w in weights.filter(|w| w.is_subnormal()) {
            *w = 0.0;
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a reader serializes")
    }

    /// Whether it reads the beliefs (format 2).
    pub fn reads_beliefs(&self) -> bool {
        self.format == FORMAT_BELIEFS
    }

    /// How many facts of a [`Reading`] it reads: the first [`FEATURES`], or all of them.
    pub fn features(&self) -> usize {
        if self.reads_beliefs() {
            MAX_FEATURES
        } else {
            FEATURES
        }
    }

    /// Whether it reads rounds of `rules`: its seats and pips, no boneyard.
    pub fn reads(&self, rules: &Rules) -> bool {
        rules.players == self.players && rules.max_pip == self.max_pip && !rules.draw
    }

    /// The hidden layer's inputs for a move's reading (its first [`MoveReader::features`]
    /// facts: `w1` has a row for each).
    fn hidden_in(&self, f: &Reading) -> Vec<f32> {
        let mut z = self.b1.clone();
        for (x, row) in f.iter().zip(self.w1.chunks_exact(self.hidden.max(1))) {
            if *x != 0.0 {
                for (zj, w) in z.iter_mut().zip(row) {
                    *zj += x * w;
                }
            }
        }
        z
    }

    /// The learned part of a move's score (everything but the prior's term), from its
    /// reading and the hidden layer's inputs for it.
    fn score_with(&self, f: &Reading, z: &[f32]) -> f32 {
        let lin: f32 = self.linear.iter().zip(f).map(|(w, x)| w * x).sum();
        lin + z
            .iter()
            .zip(&self.w2)
            .map(|(z, w)| z.max(0.0) * w)
            .sum::<f32>()
    }

    /// The learned part of a move's score (everything but the prior's term).
    pub fn score(&self, f: &Reading) -> f32 {
        self.score_with(f, &self.hidden_in(f))
    }

    /// The learned scores of `moves` at `info`'s decision, in order. A reader of the beliefs
    /// reads `beliefs`, or without them the exact uniform marginals of `info` (what a search
    /// with `beliefs=uniform` draws from).
    pub fn scores(
        &self,
        info: &InfoSet,
        beliefs: Option<&SeatBeliefs>,
        moves: &[Move],
    ) -> Vec<f32> {
        let table = TableRead::of(info);
        let uniform;
        let beliefs = match beliefs {
            _ if !self.reads_beliefs() => None,
            Some(b) => Some(b),
            None => {
                uniform = SeatBeliefs::uniform(info);
                uniform.as_ref()
            }
        };
        moves
            .iter()
            .map(|&m| self.score(&reading(info, &table, beliefs, m)))
            .collect()
    }
}

/// Where each unseen tile is believed to be, by absolute seat: the probability that a seat
/// holds it (zero for the observing seat and for every seen tile).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatBeliefs {
    held: [[f32; 4]; 64],
}

impl SeatBeliefs {
    /// From each unseen tile's marginals over the seats and out of play (as
    /// [`DealSampler::marginals`] gives them).
    pub fn from_marginals(marginals: &[(Tile, [f64; 5])]) -> SeatBeliefs {
        let mut held = [[0.0f32; 4]; 64];
        for (t, m) in marginals {
            for s in 0..4 {
                held[t.index()][s] = m[s] as f32;
            }
        }
        SeatBeliefs { held }
    }

    /// From a beliefs report ([`crate::learned_beliefs`] or [`crate::beliefs()`]).
    pub fn of(beliefs: &Beliefs) -> SeatBeliefs {
        let marginals: Vec<(Tile, [f64; 5])> = (beliefs.tiles.iter())
            .map(|t| {
                let [a, b, c, d] = t.seats;
                (t.tile, [a, b, c, d, t.out])
            })
            .collect();
        SeatBeliefs::from_marginals(&marginals)
    }

    /// The exact marginals of the deals consistent with `info`, every one equally likely;
    /// `None` where the information set admits no deal.
    pub fn uniform(info: &InfoSet) -> Option<SeatBeliefs> {
        let sampler = DealSampler::new(info, None).ok()?;
        Some(SeatBeliefs::from_marginals(&sampler.marginals()))
    }

    /// The probability that `seat` holds `tile`.
    pub fn holds(&self, seat: u8, tile: Tile) -> f32 {
        self.held[tile.index()][seat as usize]
    }
}

/// What the public record shows at a decision, replayed once for all its moves: who placed
/// each open end, the number each seat last exposed, the numbers each seat passed on.
#[derive(Clone, Debug)]
pub struct TableRead {
    ends: [u8; 2],
    placer: [u8; 2],
    exposed: [u8; 4],
    /// A bit per number each seat passed on.
    voids: [u16; 4],
}

const NOBODY: u8 = u8::MAX;

impl TableRead {
    pub fn of(info: &InfoSet) -> TableRead {
        let players = info.rules().players;
        let mut t = TableRead {
            ends: [LEAD, LEAD],
            placer: [NOBODY; 2],
            exposed: [NOBODY; 4],
            voids: [0; 4],
        };
        let mut s = info.first();
        for &mv in info.history() {
            match mv {
                Move::Pass => {
                    if t.ends[0] != LEAD {
                        t.voids[s as usize] |= (1 << t.ends[0]) | (1 << t.ends[1]);
                    }
                }
                Move::Play { tile, end } => {
                    let (side, x) = t.side(tile, end);
                    match side {
                        None => {
                            t.ends = [tile.high(), tile.low()];
                            t.placer = [s, s];
                            t.exposed[s as usize] = tile.high();
                        }
                        Some(i) => {
                            t.ends[i] = x;
                            t.placer[i] = s;
                            t.exposed[s as usize] = x;
                        }
                    }
                }
                Move::Draw(_) => continue,
            }
            s = (s + 1) % players;
        }
        t
    }

    /// The end a play covers (`None` for the lead) and the number it exposes there.
    fn side(&self, tile: Tile, end: u8) -> (Option<usize>, u8) {
        if self.ends[0] == LEAD || end == LEAD {
            return (None, tile.high());
        }
        let i = if self.ends[0] == end { 0 } else { 1 };
        (Some(i), tile.other(end))
    }
}

fn count(tiles: TileSet, n: u8) -> f32 {
    tiles.inter(TileSet::suit(n)).len() as f32 / 10.0
}

fn flag(b: bool) -> f32 {
    b as u8 as f32
}

/// What move `mv` does at `info`'s decision, as the reader reads it (`table` replayed from
/// `info`). The lead exposes the half of its tile the hand holds more of (the high one on a
/// tie), and covers nothing. With `beliefs`, the last [`BELIEF_FEATURES`] facts say, for the
/// next seat, the partner and the previous seat, how many tiles of each number the move leaves
/// open they are believed to hold, and the chance that they hold none of either (a product
/// over the tiles, as if each were placed on its own).
pub fn reading(
    info: &InfoSet,
    table: &TableRead,
    beliefs: Option<&SeatBeliefs>,
    mv: Move,
) -> Reading {
    let mut f = [0.0f32; MAX_FEATURES];
    let Move::Play { tile, end } = mv else {
        return f;
    };
    let players = info.rules().players;
    let seat = info.seat();
    let (nxt, partner, prev) = (
        (seat + 1) % players,
        (seat + 2) % players,
        (seat + players - 1) % players,
    );
    let played = info.public().played();
    let mut mine = info.hand();
    mine.remove(tile);
    let unseen = info.rules().set().minus(info.dealt()).minus(played);
    let (a, b) = (tile.high(), tile.low());
    let (side, exposed) = table.side(tile, end);
    let (x, y, covered) = match side {
        None => {
            let x = if count(mine, b) > count(mine, a) {
                b
            } else {
                a
            };
            (x, if x == a { b } else { a }, None)
        }
        Some(i) => (exposed, table.ends[1 - i], Some(i)),
    };
    let both = TileSet::suit(x).union(TileSet::suit(y));
    let sizes = info.counts();
    let mut k = 0;
    let mut put = |v: f32| {
        f[k] = v;
        k += 1;
    };
    put(tile.pips() as f32 / 18.0);
    put(flag(tile.is_double()));
    put(flag(covered.is_none()));
    put(flag(x == y));
    put(count(mine, x));
    put(count(mine, y));
    put(mine.inter(both).len() as f32 / 10.0);
    put(count(unseen, x));
    put(count(unseen, y));
    put(count(played, x));
    put(count(played, y));
    let none_unseen = unseen.inter(TileSet::suit(x)).is_empty();
    put(flag(none_unseen));
    put(flag(
        none_unseen && !mine.inter(TileSet::suit(x)).is_empty(),
    ));
    put(flag(unseen.union(mine).inter(both).is_empty()));
    for s in [nxt, partner, prev] {
        let v = table.voids[s as usize];
        let (vx, vy) = (v >> x & 1 == 1, v >> y & 1 == 1);
        put(flag(vx));
        put(flag(vy));
        put(flag(vx && vy));
        put(sizes[s as usize] as f32 / 10.0);
    }
    let placers = match covered {
        None => [NOBODY, NOBODY],
        Some(i) => [table.placer[i], table.placer[1 - i]],
    };
    for who in placers {
        put(flag(who == seat));
        put(flag(who == partner));
        put(flag(who == nxt || who == prev));
    }
    match covered {
        None => {
            put(0.0);
            put(0.0);
            put(0.0);
        }
        Some(i) => {
            let c = table.ends[i];
            put(count(mine, c));
            put(count(unseen, c));
            put(flag(table.exposed[partner as usize] == c));
        }
    }
    for s in [partner, nxt, prev] {
        put(flag(table.exposed[s as usize] == x));
    }
    put(mine.pips() as f32 / 100.0);
    put(mine.len() as f32 / 10.0);
    put(mine.iter().filter(|t| t.is_double()).count() as f32 / 5.0);
    for n in [x, y] {
        let double = Tile::new(n, n);
        put(flag(mine.contains(double)));
        put(flag(unseen.contains(double)));
    }
    put(played.len() as f32 / 40.0);
    if let Some(b) = beliefs {
        for s in [nxt, partner, prev] {
            let held = |n: u8| -> f32 {
                unseen
                    .inter(TileSet::suit(n))
                    .iter()
                    .map(|t| b.holds(s, t))
                    .sum()
            };
            put(held(x) / 4.0);
            put(if x == y { 0.0 } else { held(y) / 4.0 });
            put(unseen
                .inter(both)
                .iter()
                .map(|t| 1.0 - b.holds(s, t))
                .product());
        }
    }
    debug_assert_eq!(k, FEATURES + beliefs.map_or(0, |_| BELIEF_FEATURES));
    f
}

/// One decision to learn from: each legal move's reading, the log of the search's prior for
/// it, and the teacher's visit shares.
#[derive(Clone, Debug)]
pub struct ReaderExample {
    pub readings: Vec<Reading>,
    pub log_prior: Vec<f32>,
    pub target: Vec<f32>,
}

impl ReaderExample {
    /// The teacher's most visited move (the first on a tie).
    pub fn best(&self) -> usize {
        let mut best = 0;
        for (i, &t) in self.target.iter().enumerate() {
            if t > self.target[best] {
                best = i;
            }
        }
        best
    }
}

/// How [`train`] fits a reader.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ReaderTraining {
    pub hidden: usize,
    pub weight_decay: f32,
    pub epochs: usize,
    pub learning_rate: f32,
    pub batch_size: usize,
    pub seed: u64,
    /// Whether the reader reads the beliefs (format 2; its examples must carry them).
    pub beliefs: bool,
}

impl Default for ReaderTraining {
    /// The setting chosen on a validation split of session 55's labels
    /// (eval/results/movereader57/fit.txt).
    fn default() -> Self {
        ReaderTraining {
            hidden: 32,
            weight_decay: 1e-4,
            epochs: 30,
            learning_rate: 3e-3,
            batch_size: 256,
            seed: 1,
            beliefs: false,
        }
    }
}

/// The weights as one flat vector, for the optimizer: prior weight, linear, w1, b1, w2.
fn flat(r: &MoveReader) -> Vec<f32> {
    let mut v = vec![r.prior_weight];
    v.extend(&r.linear);
    v.extend(&r.w1);
    v.extend(&r.b1);
    v.extend(&r.w2);
    v
}

fn unflat(r: &mut MoveReader, v: &[f32]) {
    let (h, f, mut at) = (r.hidden, r.features(), 1);
    r.prior_weight = v[0];
    for (dst, n) in [
        (&mut r.linear, f),
        (&mut r.w1, f * h),
        (&mut r.b1, h),
        (&mut r.w2, h),
    ] {
        dst.copy_from_slice(&v[at..at + n]);
        at += n;
    }
}

/// Softmax of the scores of one decision under `r`, with the hidden activations of each move.
fn forward(r: &MoveReader, ex: &ReaderExample) -> (Vec<f32>, Vec<Vec<f32>>) {
    let mut scores = Vec::with_capacity(ex.readings.len());
    let mut acts = Vec::with_capacity(ex.readings.len());
    for (f, lp) in ex.readings.iter().zip(&ex.log_prior) {
        let z = r.hidden_in(f);
        scores.push(r.prior_weight * lp + r.score_with(f, &z));
        acts.push(z);
    }
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut q: Vec<f32> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f32 = q.iter().sum();
    q.iter_mut().for_each(|p| *p /= total);
    (q, acts)
}

/// A reader fitted to `examples` by softmax cross-entropy against the teacher's shares, Adam
/// on mini-batches, in a fixed order from `cfg.seed` (the same inputs give the same bits).
pub fn train(rules: &Rules, examples: &[ReaderExample], cfg: &ReaderTraining) -> MoveReader {
    let h = cfg.hidden;
    let mut r = MoveReader::neutral(rules, h, cfg.beliefs);
    let nf = r.features();
    let mut rng = Rng::new(cfg.seed);
    let scale = (1.0 / nf as f64).sqrt();
    for w in r.w1.iter_mut() {
        // Box-Muller: a normal draw from two uniform ones
        let (u, v) = (rng.unit().max(1e-12), rng.unit());
        *w = ((-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos() * scale) as f32;
    }
    let mut params = flat(&r);
    let (mut m, mut v) = (vec![0.0f32; params.len()], vec![0.0f32; params.len()]);
    let (b1_at, w2_at) = (1 + nf + nf * h, 1 + nf + nf * h + h);
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut step = 0i32;
    for _ in 0..cfg.epochs {
        rng.shuffle(&mut order);
        for batch in order.chunks(cfg.batch_size.max(1)) {
            let mut g = vec![0.0f32; params.len()];
            let n = batch.len() as f32;
            for &i in batch {
                let ex = &examples[i];
                let (q, acts) = forward(&r, ex);
                for (k, (f, z)) in ex.readings.iter().zip(&acts).enumerate() {
                    let ds = (q[k] - ex.target[k]) / n;
                    if ds == 0.0 {
                        continue;
                    }
                    g[0] += ds * ex.log_prior[k];
                    for (j, x) in f.iter().take(nf).enumerate() {
                        g[1 + j] += ds * x;
                    }
                    for (j, zj) in z.iter().enumerate() {
                        if *zj > 0.0 {
                            g[w2_at + j] += ds * zj;
                            let da = ds * r.w2[j];
                            g[b1_at + j] += da;
                            for (fi, x) in f.iter().take(nf).enumerate() {
                                if *x != 0.0 {
                                    g[1 + nf + fi * h + j] += da * x;
                                }
                            }
                        }
                    }
                }
            }
            // weight decay on the hidden layer's weights, as the experiment that chose it
            for j in (1 + nf)..b1_at {
                g[j] += cfg.weight_decay * params[j];
            }
            for j in w2_at..params.len() {
                g[j] += cfg.weight_decay * params[j];
            }
            step += 1;
            let (c1, c2) = (1.0 - 0.9f32.powi(step), 1.0 - 0.999f32.powi(step));
            for j in 0..params.len() {
                m[j] = 0.9 * m[j] + 0.1 * g[j];
                v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j];
                params[j] -= cfg.learning_rate * (m[j] / c1) / ((v[j] / c2).sqrt() + 1e-8);
            }
            unflat(&mut r, &params);
        }
    }
    r.flush_subnormals();
    r
}

/// The distribution over one decision's moves a reader's tilted prior gives (without a
/// reader, the prior alone).
fn distribution(r: Option<&MoveReader>, ex: &ReaderExample) -> Vec<f32> {
    match r {
        Some(r) => forward(r, ex).0,
        None => {
            let total: f32 = ex.log_prior.iter().map(|l| l.exp()).sum();
            ex.log_prior.iter().map(|l| l.exp() / total).collect()
        }
    }
}

fn entropy(p: &[f32]) -> f64 {
    -p.iter()
        .filter(|&&x| x > 0.0)
        .map(|&x| x as f64 * (x as f64).ln())
        .sum::<f64>()
}

/// How a reader's tilted prior (or, without a reader, the prior alone) agrees with the
/// teacher: mean cross-entropy against its shares and the share of decisions where its top
/// move is the teacher's most visited one.
pub fn agreement(r: Option<&MoveReader>, examples: &[ReaderExample]) -> (f64, f64) {
    if examples.is_empty() {
        return (0.0, 0.0);
    }
    let (mut ce, mut hits) = (0.0f64, 0usize);
    for ex in examples {
        let q = distribution(r, ex);
        ce -= ex
            .target
            .iter()
            .zip(&q)
            .map(|(t, p)| (*t as f64) * (p.max(1e-12) as f64).ln())
            .sum::<f64>();
        let mut top = 0;
        for (i, p) in q.iter().enumerate() {
            if *p > q[top] {
                top = i;
            }
        }
        hits += (top == ex.best()) as usize;
    }
    (
        ce / examples.len() as f64,
        hits as f64 / examples.len() as f64,
    )
}

/// How sharp a reader's tilted prior is (or the prior alone): its mean entropy in nats over
/// the decisions, and that of the teacher's shares, for a search whose exploration follows it.
pub fn sharpness(r: Option<&MoveReader>, examples: &[ReaderExample]) -> (f64, f64) {
    if examples.is_empty() {
        return (0.0, 0.0);
    }
    let n = examples.len() as f64;
    let mine: f64 = examples
        .iter()
        .map(|ex| entropy(&distribution(r, ex)))
        .sum();
    let teacher: f64 = examples.iter().map(|ex| entropy(&ex.target)).sum();
    (mine / n, teacher / n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::{Deal, Round};

    fn tile(s: &str) -> Tile {
        Tile::parse(s, 9).unwrap()
    }

    /// Seat 0 led 6-6; seat 1 answered 6-3, seat 2 passed, seat 3 played 6-2: open ends 3
    /// (placed by seat 1) and 2 (by seat 3), seat 2 known void in 3 and 6.
    fn decision() -> InfoSet {
        let rules = Rules::cuban();
        let mut hand = TileSet::EMPTY;
        for t in [
            "6-6", "3-1", "3-2", "2-0", "9-9", "9-8", "8-8", "7-7", "5-4", "0-0",
        ] {
            hand.insert(tile(t));
        }
        let mut info = InfoSet::new(&rules, 0, 0, hand).unwrap();
        for m in ["6-6", "6-3", "pass", "6-2"] {
            info.apply_spec(Move::parse(m, 9).unwrap()).unwrap();
        }
        info
    }

    fn read(info: &InfoSet, t: &str, end: u8) -> Reading {
        reading(info, &TableRead::of(info), None, Move::play(tile(t), end))
    }

    #[test]
    fn a_reading_sees_the_tile_the_ends_and_who_placed_them() {
        let info = decision();
        assert_eq!(info.ends(), Some((3, 2)));
        // 3-1 on the 3: exposes 1, keeps the 2; covers seat 1's end, seat 3's stays
        let f = read(&info, "3-1", 3);
        assert_eq!(f[0], 4.0 / 18.0);
        assert_eq!((f[1], f[2], f[3]), (0.0, 0.0, 0.0));
        // the hand after it: 3-2 and 2-0 hold a 2, none a 1; 3-2 and 2-0 fit the new ends
        assert_eq!((f[4], f[5], f[6]), (0.0, 0.2, 0.2));
        // covered end placed by an opponent, the other end too
        assert_eq!(&f[26..32], &[0.0, 0.0, 1.0, 0.0, 0.0, 1.0]);
        // the partner (seat 2) passed on 3 and 6, not on 1 or 2
        assert_eq!(&f[18..21], &[0.0, 0.0, 0.0]);
        // 3-2 on the 2 exposes 3 at both ends: the partner is void in both
        let g = read(&info, "3-2", 2);
        assert_eq!(g[3], 1.0);
        assert_eq!(&g[18..21], &[1.0, 1.0, 1.0]);
        assert_eq!(&g[26..29], &[0.0, 0.0, 1.0]);
        // played tiles: 6-6, 6-3, 6-2; one of them holds a 3
        assert_eq!(g[9], 0.1);
        assert_eq!(g[45], 3.0 / 40.0);
        // the lead: nothing covered, both halves exposed
        let lead = InfoSet::new(info.rules(), 0, 0, info.dealt()).unwrap();
        let l = read(&lead, "6-6", LEAD);
        assert_eq!((l[1], l[2], l[3]), (1.0, 1.0, 1.0));
        assert!(l[26..35].iter().all(|&v| v == 0.0));
        // no beliefs given: their facts stay zero
        assert!(g[FEATURES..].iter().all(|&v| v == 0.0));
    }

    #[test]
    fn a_reading_of_the_beliefs_counts_the_open_numbers_each_seat_is_believed_to_hold() {
        let info = decision();
        let table = TableRead::of(&info);
        let b = SeatBeliefs::uniform(&info).unwrap();
        // 3-1 on the 3 leaves 1 and 2 open
        let f = reading(&info, &table, Some(&b), Move::play(tile("3-1"), 3));
        // the record's facts are those of a reading without beliefs
        assert_eq!(f[..FEATURES], read(&info, "3-1", 3)[..FEATURES]);
        let unseen = info.unseen();
        let expect = |s: u8, n: u8| -> f32 {
            unseen
                .inter(TileSet::suit(n))
                .iter()
                .map(|t| b.holds(s, t))
                .sum::<f32>()
                / 4.0
        };
        for (i, s) in [1u8, 2, 3].into_iter().enumerate() {
            let at = FEATURES + 3 * i;
            assert!((f[at] - expect(s, 1)).abs() < 1e-6);
            assert!((f[at + 1] - expect(s, 2)).abs() < 1e-6);
            assert!(f[at + 2] > 0.0 && f[at + 2] < 1.0);
        }
        // uniform over the consistent deals, every unseen tile is somewhere: the three seats
        // and out of play share each tile, and seat 0 (the reader) holds none
        for t in unseen.iter() {
            let seats: f32 = (1..4).map(|s| b.holds(s, t)).sum();
            assert!(seats > 0.0 && seats <= 1.0 + 1e-6, "{t:?} {seats}");
            assert_eq!(b.holds(0, t), 0.0);
        }
        // the partner (seat 2) passed on 3 and 6: it is believed to hold none of them
        let g = reading(&info, &table, Some(&b), Move::play(tile("3-2"), 2));
        assert_eq!(
            (g[FEATURES + 3], g[FEATURES + 4], g[FEATURES + 5]),
            (0.0, 0.0, 1.0)
        );
        // a belief that seat 1 holds every unseen 1 says so
        let mut marg: Vec<(Tile, [f64; 5])> = unseen.iter().map(|t| (t, [0.0; 5])).collect();
        for (t, m) in marg.iter_mut() {
            m[if t.high() == 1 || t.low() == 1 { 1 } else { 4 }] = 1.0;
        }
        let one = SeatBeliefs::from_marginals(&marg);
        let h = reading(&info, &table, Some(&one), Move::play(tile("3-1"), 3));
        let ones = unseen.inter(TileSet::suit(1)).len() as f32;
        assert_eq!(h[FEATURES], ones / 4.0);
        assert_eq!(h[FEATURES + 2], 0.0);
        assert_eq!(&h[FEATURES + 3..], &[0.0, 0.0, 1.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn a_reader_file_round_trips_and_a_wrong_one_is_refused() {
        let rules = Rules::cuban();
        let mut r = MoveReader::neutral(&rules, 4, false);
        r.linear[3] = 0.5;
        r.w1[7] = -1.25;
        let back = MoveReader::from_json(&r.to_json()).unwrap();
        assert_eq!(back, r);
        let mut b = MoveReader::neutral(&rules, 4, true);
        b.linear[MAX_FEATURES - 1] = 0.25;
        let back = MoveReader::from_json(&b.to_json()).unwrap();
        assert!(back.reads_beliefs() && !r.reads_beliefs());
        assert_eq!(back, b);
        // a file that says format 2 with format 1's sizes is refused, and the other way
        let mut mixed = r.clone();
        mixed.format = FORMAT_BELIEFS.into();
        assert!(MoveReader::from_json(&mixed.to_json()).is_err());
        mixed = b.clone();
        mixed.format = FORMAT.into();
        assert!(MoveReader::from_json(&mixed.to_json()).is_err());
        let mut other = r.clone();
        other.format = "capicua-move-reader-0".into();
        assert!(MoveReader::from_json(&other.to_json()).is_err());
        other = r.clone();
        other.w2.pop();
        assert!(MoveReader::from_json(&other.to_json()).is_err());
        assert!(MoveReader::from_json("{}").is_err());
        assert!(r.reads(&rules));
        assert!(!r.reads(&Rules::preset("cutthroat-3").unwrap()));
    }

    #[test]
    fn the_shipped_reader_loads_without_subnormal_weights_and_scores_as_before() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../models/reader.json");
        let text = std::fs::read_to_string(path).unwrap();
        let raw: MoveReader = serde_json::from_str(&text).unwrap();
        // the file does hold some (else this test would check nothing)
        assert!(flat(&raw).iter().any(|w| w.is_subnormal()));
        let loaded = MoveReader::from_json(&text).unwrap();
        assert!(!flat(&loaded).iter().any(|w| w.is_subnormal()));
        // and every score of every decision of a few random rounds is the same to the bit
        let rules = Rules::cuban();
        let mut rng = Rng::new(66);
        let mut decisions = 0;
        for _ in 0..20 {
            let deal = Deal::random(&rules, &mut rng);
            let mut round = Round::new(&rules, deal, rng.below(4) as u8, None).unwrap();
            while !round.is_over() {
                let legal = round.legal_moves();
                let info = round.infoset(round.to_move());
                let bits = |r: &MoveReader| {
                    let scores = r.scores(&info, None, &legal);
                    scores.iter().map(|s| s.to_bits()).collect::<Vec<_>>()
                };
                assert_eq!(bits(&loaded), bits(&raw));
                decisions += 1;
                round.play(rng.pick(&legal)).unwrap();
            }
        }
        assert!(decisions > 500, "{decisions}");
    }

    #[test]
    fn a_neutral_reader_scores_nothing_and_keeps_the_prior() {
        let info = decision();
        let rules = *info.rules();
        let r = MoveReader::neutral(&rules, 8, false);
        let legal = info.legal_moves();
        assert!(r.scores(&info, None, &legal).iter().all(|&s| s == 0.0));
        let ex = ReaderExample {
            readings: legal
                .iter()
                .map(|&m| read(&info, "3-1", m.tile().map_or(3, |t| t.high())))
                .collect(),
            log_prior: (0..legal.len()).map(|i| (1.0 + i as f32).ln()).collect(),
            target: (0..legal.len()).map(|i| (i == 0) as u8 as f32).collect(),
        };
        let one = std::slice::from_ref(&ex);
        assert_eq!(agreement(Some(&r), one), agreement(None, one));
        assert_eq!(sharpness(Some(&r), one), sharpness(None, one));
        // one sure move in the teacher's shares: no entropy; the prior's is a spread's
        let (prior, teacher) = sharpness(None, one);
        assert_eq!(teacher, 0.0);
        assert!(
            prior > 0.0 && prior <= (legal.len() as f64).ln() + 1e-9,
            "{prior}"
        );
    }

    /// Decisions between two moves of equal prior where the teacher plays (nine times in
    /// ten) the one whose fact `rule` is set, first or second at random, and fact 0 is noise:
    /// the prior's top move is right half the time.
    fn taught_by_one_fact(rule: usize, seed: u64) -> Vec<ReaderExample> {
        let mut rng = Rng::new(seed);
        (0..400)
            .map(|_| {
                let mut on = [0.0f32; MAX_FEATURES];
                on[rule] = 1.0;
                on[0] = rng.unit() as f32;
                let mut off = [0.0f32; MAX_FEATURES];
                off[0] = rng.unit() as f32;
                let first = rng.below(2) == 0;
                ReaderExample {
                    readings: if first { vec![on, off] } else { vec![off, on] },
                    log_prior: vec![0.5f32.ln(); 2],
                    target: if first {
                        vec![0.9, 0.1]
                    } else {
                        vec![0.1, 0.9]
                    },
                }
            })
            .collect()
    }

    fn few_epochs() -> ReaderTraining {
        ReaderTraining {
            epochs: 20,
            batch_size: 32,
            ..ReaderTraining::default()
        }
    }

    #[test]
    fn training_learns_a_rule_the_prior_does_not_know() {
        let rules = Rules::cuban();
        let examples = taught_by_one_fact(1, 9);
        let cfg = few_epochs();
        let r = train(&rules, &examples, &cfg);
        let (ce0, top0) = agreement(None, &examples);
        let (ce, top) = agreement(Some(&r), &examples);
        assert!(top0 < 0.6, "{top0}");
        assert_eq!(top, 1.0);
        assert!(ce < ce0 - 0.2, "{ce0} -> {ce}");
        // the same inputs give the same weights
        assert_eq!(train(&rules, &examples, &cfg), r);
    }

    #[test]
    fn a_reader_of_the_beliefs_learns_a_rule_only_the_beliefs_show() {
        // the teacher follows the last belief fact: a format-1 reader cannot see it, a
        // format-2 one learns it
        let rules = Rules::cuban();
        let examples = taught_by_one_fact(MAX_FEATURES - 1, 10);
        let cfg = few_epochs();
        let blind = train(&rules, &examples, &cfg);
        let seeing = train(
            &rules,
            &examples,
            &ReaderTraining {
                beliefs: true,
                ..cfg
            },
        );
        assert!(!blind.reads_beliefs() && seeing.reads_beliefs());
        assert!(agreement(Some(&blind), &examples).1 < 0.7);
        assert_eq!(agreement(Some(&seeing), &examples).1, 1.0);
    }

    #[test]
    fn a_reader_of_the_beliefs_without_them_reads_the_uniform_marginals() {
        let info = decision();
        let legal = info.legal_moves();
        let mut r = MoveReader::neutral(info.rules(), 2, true);
        r.linear[FEATURES] = 1.0;
        let uniform = SeatBeliefs::uniform(&info).unwrap();
        assert_eq!(
            r.scores(&info, None, &legal),
            r.scores(&info, Some(&uniform), &legal)
        );
        // and the beliefs given are the ones read
        let nowhere = SeatBeliefs::from_marginals(&[]);
        assert!(
            r.scores(&info, Some(&nowhere), &legal)
                .iter()
                .all(|&s| s == 0.0)
        );
        assert!(r.scores(&info, None, &legal).iter().any(|&s| s > 0.0));
    }
}
