//! Speed figures of believed deals for `capicua bench`: the cost of the belief output, of
//! building the believed-deal sampler and of one believed deal, against the uniform sampler's,
//! and net-guided ISMCTS iterations per second drawing from each, all at one mid-round
//! position, and the cost of one learned inference (`pinfer`). Each function measures and
//! returns a number.

use std::hint::black_box;
use std::time::Duration;

use capicua_bots::CountingPlayer;
use capicua_engine::{BeliefSampler, InfoSet, Player, Rng, Sampler, Table, Tile, TileSet};
use capicua_eval::policy_beliefs::learned_inference;
use capicua_net::{NetEvaluator, Network, Observation};
use capicua_search::BeliefMode;

use super::net::{net_ismcts_iters_per_sec, per_call};
use super::search::bench_round;

/// Moves played (by `counting` at every seat) from the search benchmark's deal before the
/// belief benchmarks' position.
pub const MID_ROUND_MOVES: usize = 14;

/// The search benchmark's round after at least [`MID_ROUND_MOVES`] moves, at the first
/// decision with two legal moves or more, seen by the seat to move.
pub fn mid_round_position() -> InfoSet {
    let mut table = Table::new(bench_round(), Default::default());
    let mut players: Vec<CountingPlayer> = (0..4).map(CountingPlayer::new).collect();
    let mut moves = 0;
    while moves < MID_ROUND_MOVES || table.legal_moves().len() < 2 {
        moves += 1;
        let s = table.to_move();
        let mv = players[s as usize].choose(table.view(s));
        table.play(mv).expect("counting plays legal moves");
    }
    table.view(table.to_move()).clone()
}

/// What the belief benchmarks measured.
#[derive(Clone, Debug)]
pub struct BeliefBench {
    /// The network's belief output for one position (encode, full forward pass, softmax).
    pub output_us: f64,
    pub uniform_build_us: f64,
    pub believed_build_us: f64,
    pub uniform_draw_us: f64,
    pub believed_draw_us: f64,
    /// Net-guided ISMCTS, one thread.
    pub uniform_iters_per_sec: f64,
    pub believed_iters_per_sec: f64,
    /// How far the network's beliefs are from uniform (`BeliefSampler::uniform_ess`).
    pub uniform_ess: f64,
    /// One learned inference (`pinfer`'s beliefs) over [`INFERENCE_DEALS`] believed deals,
    /// with the network as the players' model too, and its effective sample size.
    pub inference_ms: f64,
    pub inference_ess: f64,
}

/// Believed deals of the learned-inference benchmark (`pinfer=1000`).
pub const INFERENCE_DEALS: usize = 1000;

pub fn bench(network: &Network, iterations: u64, budget: Duration) -> BeliefBench {
    let info = mid_round_position();
    let ev = NetEvaluator::new(network).expect("a network for this encoding");
    let weights = ev
        .place_weights_of(&info)
        .expect("the bench network has a belief output");
    let obs = Observation::from_infoset(&info);
    let uniform = Sampler::new(&info).expect("the position is consistent");
    let believed = BeliefSampler::new(&info, &weights).expect("the position is consistent");
    let mut rng = Rng::new(5);
    // a drawn deal's hands are summed so the draw cannot be optimised away
    let mut sink = TileSet::EMPTY;
    let mut draw = |s: &dyn Fn(&mut Rng) -> [TileSet; 4]| {
        per_call(budget, || {
            sink = sink.union(s(&mut rng)[0]);
        }) * 1e6
    };
    let uniform_draw_us = draw(&|r| uniform.sample_hands(r).expect("consistent").0);
    let believed_draw_us = draw(&|r| believed.sample_hands(r).expect("consistent").0);
    black_box(sink.contains(Tile::new(0, 0)));
    let inference = learned_inference(INFERENCE_DEALS);
    let infer = || {
        inference
            .infer_from(&ev, &info, Some(&weights), &mut Rng::new(7))
            .expect("the position is consistent")
    };
    let inference_ess = infer().ess;
    BeliefBench {
        output_us: per_call(budget, || {
            black_box(ev.beliefs(black_box(&obs)));
        }) * 1e6,
        uniform_build_us: per_call(budget, || {
            black_box(Sampler::new(black_box(&info)).expect("consistent"));
        }) * 1e6,
        believed_build_us: per_call(budget, || {
            black_box(BeliefSampler::new(black_box(&info), &weights).expect("consistent"));
        }) * 1e6,
        uniform_draw_us,
        believed_draw_us,
        uniform_iters_per_sec: net_ismcts_iters_per_sec(
            network,
            &info,
            BeliefMode::Uniform,
            iterations,
        )
        .0,
        believed_iters_per_sec: net_ismcts_iters_per_sec(
            network,
            &info,
            BeliefMode::Learned,
            iterations,
        )
        .0,
        uniform_ess: believed.uniform_ess(),
        inference_ms: per_call(budget, || {
            black_box(infer());
        }) * 1e3,
        inference_ess,
    }
}
