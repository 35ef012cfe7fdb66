//! The input encoding of an information set: what the network sees, specified once here and
//! used by inference ([`crate::NetEvaluator`], from a search [`Leaf`]) and by training (from an
//! [`InfoSet`], through the replay buffer's [`Observation`]s).
//!
//! Both paths first build an [`Observation`] by replaying the public moves of the round with the
//! same tracker ([`Observation::from_infoset`], [`Observation::from_leaf`]), then call the one
//! [`Observation::encode`]; so the two cannot drift apart.
//!
//! # Encoding version 2 ([`ENCODING_VERSION`], [`INPUT_SIZE`] = 959 floats)
//!
//! Version 1 (336 floats) saw which tiles each seat had played but not in what order, on which
//! end or in answer to what. Version 2 keeps version 1's layout as its first 336 floats and
//! adds the order of play (offsets 336 and up), which is what a player reads the table from: a
//! seat that keeps exposing a number likely holds more of it, a seat that covers a number or
//! leaves an end alone likely lacks it, and a seat that played one tile where another would have
//! fit likely lacks the other (more so when it shed a lighter tile than the one it left: a
//! player sheds weight). Models of version 1 are refused at load with
//! [`crate::NetError::EncodingMismatch`].
//!
//! Everything is relative to the seat to move `m`: the *relative seat* of seat `s` is
//! `(s - m) mod players` (0 = the mover, 1 = the next to play, ...; slots of absent seats stay
//! 0). Tiles are numbered by `Tile::index` (`a(a+1)/2 + b`, 0..55; a double-six set uses the
//! first 28).
//!
//! | offset | size | feature |
//! |---|---|---|
//! | 0 | 55 | own hand: 1 per tile held |
//! | 55 | 4 × 55 | tiles played, by relative seat: 1 per tile that seat played |
//! | 275 | 10 | open ends: 1 for each pip showing on an open end (one end's pip once) |
//! | 285 | 1 | both open ends show the same pip |
//! | 286 | 1 | no tile played yet (the lead) |
//! | 287 | 4 | tiles held, by relative seat, divided by the hand size |
//! | 291 | 1 | boneyard tiles / undealt tiles (0 without a boneyard) |
//! | 292 | 3 × 10 | public voids of relative seats 1..3: 1 where pip `n` is known absent from that hand (every unplayed tile showing `n` is among the tiles it is publicly known not to hold: passes, draws) |
//! | 322 | 1 | consecutive passes / players |
//! | 323 | 4 | match score of each relative seat's side, `min(score, target) / target` |
//! | 327 | 1 | pending tied rounds, `min(ties, 4) / 4` |
//! | 328 | 1 | match target, `min(target, 500) / 500` |
//! | 329 | 1 | set size: 1 for double-nine, 0 for double-six |
//! | 330 | 3 | players: one-hot 2, 3, 4 |
//! | 333 | 1 | partners |
//! | 334 | 1 | draw game (boneyard) |
//! | 335 | 1 | scored in points a round (not pips) |
//! | 336 | 4 × 10 | covered, by relative seat: tiles it played joining an open end showing pip `n`, `min(count, 3) / 3` |
//! | 376 | 4 × 10 | exposed, by relative seat: plays after which pip `n` showed on the end it made (both pips of a lead), `min(count, 3) / 3` |
//! | 416 | 4 × 10 | declined, by relative seat: plays joining one end while the other end showed a different pip `n`, `min(count, 3) / 3` |
//! | 456 | 4 | the relative seat that led the round |
//! | 460 | 55 | when each played tile was played: `(moves before it + 1) / 64` (0 for tiles not played) |
//! | 515 | 4 | passes, by relative seat, `min(count, 4) / 4` |
//! | 519 | 4 × 55 | skipped, by relative seat: plays of that seat while tile `t`, not yet played, would have fit an open end and was not the tile played, `min(count, 3) / 3` (leads not counted) |
//! | 739 | 4 × 55 | skipped for a lighter tile: the same, counting only plays of a tile with fewer pips than `t` |
//!
//! Outputs: policy logits over the 110 actions of `Move::action_index` (two per tile), a win
//! logit (sigmoid = probability that the mover's side wins the round, a tie counting half) and
//! the mover's side's expected margin divided by [`margin_scale`] (points won, or minus the
//! points the winner takes from it).

use capicua_engine::tiles::SUITS;
use capicua_engine::variant::Scoring;
use capicua_engine::{InfoSet, MatchContext, Move, Public, Rules, State, Tile, TileSet};
use capicua_search::Leaf;

/// Version of the feature layout below; stored in every model file and replay buffer.
pub const ENCODING_VERSION: u32 = 2;
/// Length of an encoded input.
pub const INPUT_SIZE: usize = 959;
/// Places a hidden tile can be, relative to the observer: the three other seats, then out.
pub const PLACES: usize = 4;
/// Belief outputs of a model with beliefs: [`PLACES`] logits for each of the 55 tiles.
pub const BELIEF_SIZE: usize = 55 * PLACES;
/// Moves of a round the play-time feature distinguishes (later moves share the last value).
const ORDER_SCALE: f32 = 64.0;
/// Number of policy actions (`Move::action_index` is below this).
pub const POLICY_SIZE: usize = capicua_search::ACTIONS;

/// Offsets of the feature blocks (see the module documentation).
pub mod offset {
    pub const HAND: usize = 0;
    pub const PLAYED: usize = 55;
    pub const ENDS: usize = 275;
    pub const SAME_ENDS: usize = 285;
    pub const LEAD: usize = 286;
    pub const COUNTS: usize = 287;
    pub const PILE: usize = 291;
    pub const VOIDS: usize = 292;
    pub const PASSES: usize = 322;
    pub const SCORES: usize = 323;
    pub const TIES: usize = 327;
    pub const TARGET: usize = 328;
    pub const DOUBLE_NINE: usize = 329;
    pub const PLAYERS: usize = 330;
    pub const PARTNERS: usize = 333;
    pub const DRAW: usize = 334;
    pub const POINTS: usize = 335;
    pub const COVERED: usize = 336;
    pub const EXPOSED: usize = 376;
    pub const DECLINED: usize = 416;
    pub const LED: usize = 456;
    pub const ORDER: usize = 460;
    pub const PASSED: usize = 515;
    pub const SKIPPED: usize = 519;
    pub const SKIPPED_LIGHTER: usize = 739;
}

/// Input features the per-tile belief head reads for each tile (see [`tile_features`]).
pub const TILE_FEATURES: usize = 42;

/// For every tile `t = (a, b)` (tile-major, [`TILE_FEATURES`] each), the input offsets of what
/// the encoding says about that tile in particular: for each other relative seat 1..3, whether
/// it skipped `t` (and for a lighter tile), is void in `a` or `b`, covered, exposed or
/// declined `a` or `b`, and its tile and pass counts; then whether `a` or `b` shows on an open
/// end, the mover's count, the boneyard, the lead flag and same-ends flag.
///
/// A dense head sees these too, but must learn for each of the 55 tiles apart how its own
/// features bear on it; a head shared by all tiles over this gathered view learns it once
/// (`crate::model::TileHead`).
pub fn tile_features() -> &'static [usize] {
    static TABLE: std::sync::LazyLock<Vec<usize>> = std::sync::LazyLock::new(|| {
        let mut table = Vec::with_capacity(55 * TILE_FEATURES);
        for t in 0..55 {
            let tile = Tile::from_index(t);
            let (a, b) = (tile.high() as usize, tile.low() as usize);
            for r in 1..4 {
                table.extend([
                    offset::SKIPPED + r * 55 + t,
                    offset::SKIPPED_LIGHTER + r * 55 + t,
                    offset::VOIDS + (r - 1) * 10 + a,
                    offset::VOIDS + (r - 1) * 10 + b,
                    offset::COVERED + r * 10 + a,
                    offset::COVERED + r * 10 + b,
                    offset::EXPOSED + r * 10 + a,
                    offset::EXPOSED + r * 10 + b,
                    offset::DECLINED + r * 10 + a,
                    offset::DECLINED + r * 10 + b,
                    offset::COUNTS + r,
                    offset::PASSED + r,
                ]);
            }
            table.extend([
                offset::ENDS + a,
                offset::ENDS + b,
                offset::COUNTS,
                offset::PILE,
                offset::LEAD,
                offset::SAME_ENDS,
            ]);
        }
        debug_assert_eq!(table.len(), 55 * TILE_FEATURES);
        table
    });
    &TABLE
}

/// Points per unit of the network's margin output: 4 in games scored by points a round, 100
/// in pip games.
pub fn margin_scale(rules: &Rules) -> f32 {
    if rules.scoring == Scoring::Points {
        4.0
    } else {
        100.0
    }
}

/// What the seat to move knows, relative to it: the compact form of an encoded input (the
/// replay buffer stores these).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Observation {
    /// Highest pip of the set (6 or 9).
    pub max_pip: u8,
    pub players: u8,
    pub partners: bool,
    pub draw: bool,
    /// Scored in points a round rather than pips.
    pub points_scoring: bool,
    /// The set has no double blank (not an input feature; it shapes [`Observation::unseen`]).
    pub no_double_blank: bool,
    pub hand_size: u8,
    /// Tiles not dealt (boneyard or sleeping).
    pub undealt: u8,
    pub target: u32,
    /// The mover's hand.
    pub hand: TileSet,
    /// Tiles played, by relative seat.
    pub played_by: [TileSet; 4],
    /// Open ends, `None` before the lead.
    pub ends: Option<(u8, u8)>,
    /// Tiles held, by relative seat.
    pub counts: [u8; 4],
    /// Boneyard tiles.
    pub pile: u8,
    /// Tiles each relative seat is publicly known not to hold (from its passes and draws).
    pub excluded: [TileSet; 4],
    /// Consecutive passes.
    pub passes: u8,
    /// Match score of each relative seat's side.
    pub scores: [u32; 4],
    pub pending_ties: u32,
    /// The order of play, relative to the mover.
    pub play: PlayOrder,
}

/// What the order of play showed, by relative seat (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayOrder {
    /// Tiles played joining an end that showed pip `n`.
    pub covered: [[u8; 10]; 4],
    /// Plays after which pip `n` showed on the end they made.
    pub exposed: [[u8; 10]; 4],
    /// Plays that left the other end, showing pip `n`, alone.
    pub declined: [[u8; 10]; 4],
    /// The relative seat that led, or `u8::MAX` before the lead.
    pub led: u8,
    /// For every tile, 1 + the number of moves before it was played; 0 if not played.
    pub order: [u8; 55],
    /// Passes so far.
    pub passed: [u8; 4],
    /// For every tile, plays of the seat while that tile would have fit and was not played.
    pub skipped: [[u8; 55]; 4],
    /// The same, only plays of a lighter tile than it.
    pub skipped_lighter: [[u8; 55]; 4],
}

impl Default for PlayOrder {
    fn default() -> Self {
        PlayOrder {
            covered: [[0; 10]; 4],
            exposed: [[0; 10]; 4],
            declined: [[0; 10]; 4],
            led: u8::MAX,
            order: [0; 55],
            passed: [0; 4],
            skipped: [[0; 55]; 4],
            skipped_lighter: [[0; 55]; 4],
        }
    }
}

/// Replays `moves` from the start of the round `start` (as public moves) and gathers the order
/// of play by absolute seat; returns it with the public record after the last move.
fn replay(start: Public, moves: impl Iterator<Item = Move>) -> (Public, PlayOrder) {
    let mut public = start;
    let mut play = PlayOrder::default();
    for mv in moves {
        replay_move(&mut public, &mut play, mv);
    }
    (public, play)
}

/// A replay of a round's public moves: the record after the first `len` of them and the order
/// of play so far, which later moves continue. A search evaluates many records below one
/// root, so the replay of the root's history is kept and continued rather than redone.
#[derive(Clone, Debug)]
pub(crate) struct Replay {
    public: Public,
    play: PlayOrder,
    len: usize,
}

impl Replay {
    /// Before the first move of `root`'s round.
    pub(crate) fn start(root: &InfoSet) -> Replay {
        Replay {
            public: round_start(root),
            play: PlayOrder::default(),
            len: 0,
        }
    }

    /// How many moves have been replayed.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Continues through `moves[self.len()..len]` (`moves`: the round's public moves from its
    /// start).
    pub(crate) fn advance(&mut self, moves: &[Move], len: usize) {
        for &mv in &moves[self.len..len] {
            replay_move(&mut self.public, &mut self.play, mv);
        }
        self.len = len;
    }
}

/// For each of `lengths` (ascending, none below `replay.len()` nor above `moves.len()`), the
/// observation of the public record after the first that many of `moves` from the start of
/// `root`'s round, by the seat then to move holding no tile, and that seat: the public part of
/// the network's input at points along one line of play, from one replay continued from
/// `replay` (of the same round and moves).
pub(crate) fn record_observations(
    root: &InfoSet,
    mut replay: Replay,
    moves: &[Move],
    lengths: &[usize],
) -> Vec<(Observation, u8)> {
    debug_assert!(lengths.first().is_none_or(|&l| l >= replay.len()));
    let mut out = Vec::with_capacity(lengths.len());
    for &len in lengths {
        replay.advance(moves, len);
        out.push((
            observe(&replay.public, &replay.play, root.context(), TileSet::EMPTY),
            replay.public.to_move(),
        ));
    }
    out
}

/// One public move of a replay: the order of play (by absolute seat), then the record.
fn replay_move(public: &mut Public, play: &mut PlayOrder, mv: Move) {
    let s = public.to_move() as usize;
    match mv {
        Move::Play { tile, end } => {
            let (a, b) = (tile.high(), tile.low());
            match public.ends() {
                None => {
                    play.led = s as u8;
                    bump(&mut play.exposed[s][a as usize]);
                    if b != a {
                        bump(&mut play.exposed[s][b as usize]);
                    }
                }
                Some((x, y)) => {
                    bump(&mut play.covered[s][end as usize]);
                    let made = tile.other(end);
                    bump(&mut play.exposed[s][made as usize]);
                    let other = if x == end { y } else { x };
                    if other != end {
                        bump(&mut play.declined[s][other as usize]);
                    }
                    let fitting = SUITS[x as usize]
                        .union(SUITS[y as usize])
                        .inter(public.rules().set())
                        .minus(public.played());
                    for t in fitting.iter().filter(|&t| t != tile) {
                        bump(&mut play.skipped[s][t.index()]);
                        if t.pips() > tile.pips() {
                            bump(&mut play.skipped_lighter[s][t.index()]);
                        }
                    }
                }
            }
            play.order[tile.index()] = (public.moves() + 1).min(255) as u8;
        }
        Move::Pass => bump(&mut play.passed[s]),
        Move::Draw(_) => {}
    }
    public.apply(mv);
}

fn bump(x: &mut u8) {
    *x = x.saturating_add(1);
}

/// What the seat to move of `public` knows, holding `hand`, relative to it; `play` is the
/// order of play by absolute seat.
fn observe(
    public: &Public,
    play: &PlayOrder,
    context: &MatchContext,
    hand: TileSet,
) -> Observation {
    let rules = public.rules();
    let m = public.to_move();
    let n = rules.players;
    let mut obs = Observation {
        max_pip: rules.max_pip,
        players: n,
        partners: rules.partners,
        draw: rules.draw,
        points_scoring: rules.scoring == Scoring::Points,
        no_double_blank: rules.no_double_blank,
        hand_size: rules.hand_size,
        undealt: rules.undealt() as u8,
        target: rules.target,
        hand,
        ends: public.ends(),
        pile: public.pile_count(),
        passes: public.passes(),
        pending_ties: context.pending_ties,
        ..Observation::default()
    };
    let counts = public.counts();
    for r in 0..n {
        let s = (m + r) % n;
        let r = r as usize;
        obs.played_by[r] = public.played_by(s);
        obs.counts[r] = counts[s as usize];
        obs.excluded[r] = if r == 0 {
            TileSet::EMPTY
        } else {
            public.excluded(s)
        };
        obs.scores[r] = context.scores[rules.side_of(s) as usize];
        let a = s as usize;
        obs.play.covered[r] = play.covered[a];
        obs.play.exposed[r] = play.exposed[a];
        obs.play.declined[r] = play.declined[a];
        obs.play.passed[r] = play.passed[a];
        obs.play.skipped[r] = play.skipped[a];
        obs.play.skipped_lighter[r] = play.skipped_lighter[a];
        if play.led == s {
            obs.play.led = r as u8;
        }
    }
    obs.play.order = play.order;
    obs
}

/// The public record at the start of `info`'s round.
fn round_start(info: &InfoSet) -> Public {
    Public::new(
        info.rules(),
        info.first(),
        info.public().forced_lead_at_start(),
    )
}

impl Observation {
    /// What `info`'s seat knows (meaningful when it is to move, as in training samples).
    pub fn from_infoset(info: &InfoSet) -> Observation {
        let (public, play) = replay(round_start(info), info.history().iter().copied());
        debug_assert_eq!(&public, info.public());
        observe(&public, &play, info.context(), info.hand())
    }

    /// What the seat to move at a search leaf knows: the public record at the root and the
    /// public moves on the path, and its own hand in the leaf's determinization. Equal to
    /// `from_infoset(&leaf.mover_infoset()?)`, without building that information set.
    pub fn from_leaf(leaf: &Leaf<'_>) -> Observation {
        let root = leaf.root;
        let moves = root.history().iter().chain(leaf.path).copied();
        let (public, play) = replay(round_start(root), moves);
        debug_assert_eq!(public.to_move(), leaf.state.to_move);
        let m = leaf.state.to_move as usize;
        observe(&public, &play, root.context(), leaf.state.hands[m])
    }

    /// The tiles the mover has not seen: neither in its hand nor played.
    pub fn unseen(&self) -> TileSet {
        let mut seen = self.hand;
        for p in &self.played_by {
            seen = seen.union(*p);
        }
        let mut set = TileSet::full(self.max_pip);
        if self.no_double_blank {
            set.remove(Tile::new(0, 0));
        }
        set.minus(seen)
    }

    /// The belief output's baseline, added to its logits: for every tile and possible place
    /// the log of the place's capacity (the tiles that seat holds, or the unseen tiles out of
    /// play), so that a network with zero belief logits predicts each place in proportion to
    /// its size and learns only how the play shifts that; [`crate::MASKED_LOGIT`] where the
    /// place is impossible.
    pub fn belief_prior(&self) -> [[f32; PLACES]; 55] {
        let places = self.belief_places();
        let held: u32 = (1..self.players as usize)
            .map(|r| self.counts[r] as u32)
            .sum();
        let out = self.unseen().len().saturating_sub(held);
        let mut caps = [0u32; PLACES];
        for r in 1..self.players.min(4) as usize {
            caps[r - 1] = self.counts[r] as u32;
        }
        caps[PLACES - 1] = out;
        let mut prior = [[crate::MASKED_LOGIT; PLACES]; 55];
        for (bits, row) in places.iter().zip(prior.iter_mut()) {
            for (q, x) in row.iter_mut().enumerate() {
                if bits & 1 << q != 0 {
                    *x = (caps[q].max(1) as f32).ln();
                }
            }
        }
        prior
    }

    /// For every tile (by index), the places ([`PLACES`], see the module documentation) it
    /// can be in from the mover's view, as bits: none for a tile it has seen; a seat only if
    /// it holds tiles and is not publicly known to lack this one; out only if some unseen
    /// tile is out of play.
    pub fn belief_places(&self) -> [u8; 55] {
        let unseen = self.unseen();
        let held: u32 = (1..self.players as usize)
            .map(|r| self.counts[r] as u32)
            .sum();
        let out_possible = unseen.len() > held;
        let mut places = [0u8; 55];
        for t in unseen.iter() {
            let mut bits = 0u8;
            for r in 1..self.players.min(4) as usize {
                if self.counts[r] > 0 && !self.excluded[r].contains(t) {
                    bits |= 1 << (r - 1);
                }
            }
            if out_possible {
                bits |= 1 << 3;
            }
            places[t.index()] = bits;
        }
        places
    }

    /// The tiles pip `n` of relative seat `r` is publicly known to lack.
    fn void_in(&self, r: usize, n: u8) -> bool {
        let mut played = TileSet::EMPTY;
        for p in &self.played_by {
            played = played.union(*p);
        }
        let live = SUITS[n as usize]
            .inter(TileSet::full(self.max_pip))
            .minus(played);
        live.minus(self.excluded[r]).is_empty()
    }

    /// Writes the encoding (see the module documentation) into `out` (`INPUT_SIZE` long).
    pub fn encode(&self, out: &mut [f32]) {
        use offset::*;
        assert_eq!(
            out.len(),
            INPUT_SIZE,
            "an encoded input is INPUT_SIZE floats"
        );
        out.fill(0.0);
        let set_tiles = |out: &mut [f32], base: usize, tiles: TileSet| {
            for t in tiles.iter() {
                out[base + t.index()] = 1.0;
            }
        };
        set_tiles(out, HAND, self.hand);
        for r in 0..4 {
            set_tiles(out, PLAYED + 55 * r, self.played_by[r]);
        }
        match self.ends {
            None => out[LEAD] = 1.0,
            Some((a, b)) => {
                out[ENDS + a as usize] = 1.0;
                out[ENDS + b as usize] = 1.0;
                if a == b {
                    out[SAME_ENDS] = 1.0;
                }
            }
        }
        let players = self.players as usize;
        for r in 0..players.min(4) {
            out[COUNTS + r] = self.counts[r] as f32 / self.hand_size.max(1) as f32;
            out[SCORES + r] = self.scores[r].min(self.target) as f32 / self.target.max(1) as f32;
        }
        if self.draw && self.undealt > 0 {
            out[PILE] = self.pile as f32 / self.undealt as f32;
        }
        for r in 1..players.min(4) {
            for n in 0..=self.max_pip {
                if self.void_in(r, n) {
                    out[VOIDS + 10 * (r - 1) + n as usize] = 1.0;
                }
            }
        }
        out[PASSES] = self.passes as f32 / self.players.max(1) as f32;
        out[TIES] = self.pending_ties.min(4) as f32 / 4.0;
        out[TARGET] = self.target.min(500) as f32 / 500.0;
        out[DOUBLE_NINE] = (self.max_pip == 9) as u8 as f32;
        if (2..=4).contains(&self.players) {
            out[PLAYERS + players - 2] = 1.0;
        }
        out[PARTNERS] = self.partners as u8 as f32;
        out[DRAW] = self.draw as u8 as f32;
        out[POINTS] = self.points_scoring as u8 as f32;
        // the quotients `c.min(3) as f32 / 3.0` (the same floats) from a table rather than a
        // division for each of an encoding's 560 count features
        const COUNT: [f32; 4] = [0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0];
        let count = |c: u8| COUNT[c.min(3) as usize];
        for r in 0..players.min(4) {
            for n in 0..=self.max_pip as usize {
                out[COVERED + 10 * r + n] = count(self.play.covered[r][n]);
                out[EXPOSED + 10 * r + n] = count(self.play.exposed[r][n]);
                out[DECLINED + 10 * r + n] = count(self.play.declined[r][n]);
            }
            out[PASSED + r] = self.play.passed[r].min(4) as f32 / 4.0;
            for t in 0..55 {
                out[SKIPPED + 55 * r + t] = count(self.play.skipped[r][t]);
                out[SKIPPED_LIGHTER + 55 * r + t] = count(self.play.skipped_lighter[r][t]);
            }
        }
        if (self.play.led as usize) < 4 {
            out[LED + self.play.led as usize] = 1.0;
        }
        for (i, &o) in self.play.order.iter().enumerate() {
            if o > 0 {
                out[ORDER + i] = (o as f32 / ORDER_SCALE).min(1.0);
            }
        }
    }

    /// The encoding as a new vector.
    pub fn encoded(&self) -> Vec<f32> {
        let mut v = vec![0.0; INPUT_SIZE];
        self.encode(&mut v);
        v
    }
}

/// Where every tile `info`'s seat has not seen really is, given the seats' current `hands`
/// (the referee's): for each tile (by index) 0 if the seat has seen it, else 1 + its place
/// relative to the seat ([`PLACES`]: the next three seats, then out of play).
pub fn true_places(info: &InfoSet, hands: &[TileSet; 4]) -> [u8; 55] {
    let players = info.rules().players;
    let me = info.seat();
    let mut places = [0u8; 55];
    for t in info.unseen().iter() {
        let holder = (1..players).find(|&r| hands[((me + r) % players) as usize].contains(t));
        places[t.index()] = match holder {
            Some(r) => r,
            None => PLACES as u8,
        };
    }
    places
}

/// Floats of the mover's encoding an open input keeps: everything before the skipped-tile
/// blocks, which only hint at where tiles are, and an open input says where they are.
pub const OPEN_KEPT: usize = offset::SKIPPED;
/// Length of an open input ([`encode_open`]): the first [`OPEN_KEPT`] floats of the mover's
/// encoding, then where every tile it has not seen really is.
pub const OPEN_INPUT_SIZE: usize = OPEN_KEPT + BELIEF_SIZE;

/// The places of [`true_places`] for the seat to move in a whole deal: every tile still out
/// that the mover does not hold, at its holder relative to the mover, or out of play.
pub fn state_places(state: &State) -> [u8; 55] {
    let players = state.players;
    let me = state.to_move;
    let mut places = [0u8; 55];
    for t in state.out.minus(state.hands[me as usize]).iter() {
        let holder = (1..players).find(|&r| state.hands[((me + r) % players) as usize].contains(t));
        places[t.index()] = holder.unwrap_or(PLACES as u8);
    }
    places
}

/// An open input ([`OPEN_INPUT_SIZE`] floats) from the mover's [`INPUT_SIZE`] encoding and the
/// places of [`true_places`]: the encoding's first [`OPEN_KEPT`] floats, then for each tile
/// (by index) [`PLACES`] floats, 1 at its place (none for a tile the mover has seen). An open
/// value model reads a whole deal: a search's determinization, or a recorded round's true deal.
pub fn encode_open(encoded: &[f32], places: &[u8; 55], out: &mut [f32]) {
    out[..OPEN_KEPT].copy_from_slice(&encoded[..OPEN_KEPT]);
    let tail = &mut out[OPEN_KEPT..OPEN_INPUT_SIZE];
    tail.fill(0.0);
    for (t, &p) in places.iter().enumerate() {
        if p > 0 {
            tail[t * PLACES + p as usize - 1] = 1.0;
        }
    }
}

/// Legal-action flags (`POLICY_SIZE` long) of a list of legal moves: plays only (a pass or a
/// draw is always the only legal move and has no action).
pub fn legal_actions(legal: &[Move], out: &mut [bool]) {
    out.fill(false);
    for mv in legal {
        if let Some(a) = mv.action_index() {
            out[a] = true;
        }
    }
}

/// Legal actions as a 128-bit mask (bit `a` for action `a`).
pub fn legal_mask(legal: &[Move]) -> u128 {
    legal
        .iter()
        .filter_map(|m| m.action_index())
        .fold(0u128, |m, a| m | 1u128 << a)
}

/// The tile of an action index.
pub fn action_tile(action: usize) -> Tile {
    Tile::from_index(action / 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::LEAD;

    fn t(a: u8, b: u8) -> Tile {
        Tile::new(a, b)
    }

    /// A hand-built `cuban` position seen by seat 2 (seat 1 led), with the expected features
    /// written out by hand from the table in the module documentation.
    #[test]
    fn hand_built_position_matches_the_written_vector() {
        let rules = Rules::cuban();
        let hand: TileSet = [
            t(6, 4),
            t(9, 9),
            t(9, 0),
            t(8, 3),
            t(7, 7),
            t(5, 5),
            t(5, 0),
            t(3, 1),
            t(2, 2),
            t(0, 0),
        ]
        .into_iter()
        .collect();
        let context = MatchContext {
            scores: [40, 75, 0, 0],
            pending_ties: 1,
        };
        let mut info = InfoSet::new(&rules, 2, 1, hand)
            .unwrap()
            .with_context(context);
        for mv in [
            Move::play(t(6, 6), LEAD), // seat 1 leads
            Move::play(t(6, 4), 6),    // seat 2 (us): ends 6 | 4 -> 4, 6
            Move::Pass,                // seat 3: void in 4 and 6
            Move::play(t(4, 2), 4),    // seat 0: ends 6, 2
            Move::play(t(6, 1), 6),    // seat 1: ends 1, 2
        ] {
            info.apply(mv).unwrap();
        }
        assert_eq!(info.to_move(), 2);

        let mut expected = vec![0.0f32; INPUT_SIZE];
        // own hand: 9-9, 9-0, 8-3, 7-7, 5-5, 5-0, 3-1, 2-2, 0-0
        for i in [54, 45, 39, 35, 20, 15, 7, 5, 0] {
            expected[i] = 1.0;
        }
        expected[55 + 25] = 1.0; // relative seat 0 (seat 2) played 6-4
        expected[55 + 110 + 12] = 1.0; // relative seat 2 (seat 0) played 4-2
        expected[55 + 165 + 27] = 1.0; // relative seat 3 (seat 1) played 6-6
        expected[55 + 165 + 22] = 1.0; // ... and 6-1
        expected[276] = 1.0; // open end 1
        expected[277] = 1.0; // open end 2
        expected[287] = 0.9; // we hold 9
        expected[288] = 1.0; // seat 3 holds 10
        expected[289] = 0.9; // seat 0 holds 9
        expected[290] = 0.8; // seat 1 holds 8
        expected[292 + 4] = 1.0; // seat 3 (relative 1) is void in 4
        expected[292 + 6] = 1.0; // ... and in 6
        expected[323] = 0.4; // our side's score 40 / 100
        expected[324] = 0.75; // seat 3's side: 75 / 100
        expected[325] = 0.4; // seat 0: our side
        expected[326] = 0.75; // seat 1: their side
        expected[327] = 0.25; // one pending tie
        expected[328] = 0.2; // target 100 / 500
        expected[329] = 1.0; // double-nine
        expected[332] = 1.0; // four players
        expected[333] = 1.0; // partners
        // the order of play (version 2)
        let third = 1.0 / 3.0;
        expected[336 + 6] = third; // we covered a 6 ...
        expected[376 + 4] = third; // ... exposing a 4
        expected[336 + 20 + 4] = third; // seat 0 covered the 4 ...
        expected[376 + 20 + 2] = third; // ... exposing a 2 ...
        expected[416 + 20 + 6] = third; // ... leaving the 6 alone
        expected[376 + 30 + 6] = third; // seat 1 led 6-6 (one 6 exposed) ...
        expected[336 + 30 + 6] = third; // ... then covered a 6 ...
        expected[376 + 30 + 1] = third; // ... exposing a 1 ...
        expected[416 + 30 + 2] = third; // ... leaving the 2 alone
        expected[456 + 3] = 1.0; // relative seat 3 led
        expected[460 + 27] = 1.0 / 64.0; // 6-6 was move 1
        expected[460 + 25] = 2.0 / 64.0; // 6-4 move 2
        expected[460 + 12] = 4.0 / 64.0; // 4-2 move 4 (after seat 3's pass)
        expected[460 + 22] = 5.0 / 64.0; // 6-1 move 5
        expected[515 + 1] = 0.25; // seat 3 passed once
        // skipped: what else fit when each play after the lead was made
        let skip = |expected: &mut Vec<f32>, r: usize, tiles: &[(u8, u8)], lighter: &[(u8, u8)]| {
            for &(a, b) in tiles {
                expected[519 + 55 * r + t(a, b).index()] = third;
            }
            for &(a, b) in lighter {
                expected[739 + 55 * r + t(a, b).index()] = third;
            }
        };
        // we played 6-4 on 6|6: every other unplayed 6 fit; 6-5 (11), 6-6 played, heavier
        // than 10 pips: 6-5, 9-6, 8-6, 7-6
        let sixes: Vec<(u8, u8)> = (0..=9)
            .filter(|&n| n != 4 && n != 6)
            .map(|n| (6, n))
            .collect();
        skip(&mut expected, 0, &sixes, &[(6, 5), (9, 6), (8, 6), (7, 6)]);
        // seat 0 played 4-2 on 4 with ends 4|6: unplayed 4s and 6s but 4-2 (6 pips)
        let fours_sixes: Vec<(u8, u8)> = (0..=9)
            .filter(|&n| n != 6)
            .map(|n| (6, n))
            .chain((0..=9).filter(|&n| n != 6 && n != 2).map(|n| (4, n)))
            .filter(|&(a, b)| (a, b) != (6, 4) && (a, b) != (4, 6))
            .collect();
        let heavier_than_6: Vec<(u8, u8)> = fours_sixes
            .iter()
            .copied()
            .filter(|&(a, b)| a + b > 6)
            .collect();
        skip(&mut expected, 2, &fours_sixes, &heavier_than_6);
        // seat 1 played 6-1 on 6 with ends 6|2: unplayed 6s and 2s but 6-1 (7 pips)
        let sixes_twos: Vec<(u8, u8)> = (0..=9)
            .filter(|&n| n != 4 && n != 6 && n != 1)
            .map(|n| (6, n))
            .chain((0..=9).filter(|&n| n != 4 && n != 6).map(|n| (2, n)))
            .collect();
        let heavier_than_7: Vec<(u8, u8)> = sixes_twos
            .iter()
            .copied()
            .filter(|&(a, b)| a + b > 7)
            .collect();
        skip(&mut expected, 3, &sixes_twos, &heavier_than_7);

        let got = Observation::from_infoset(&info).encoded();
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            assert!((g - e).abs() < 1e-6, "feature {i}: got {g}, expected {e}");
        }
    }
    // Random rounds of every variant, leaves included: tests/public_facts.rs.
}
