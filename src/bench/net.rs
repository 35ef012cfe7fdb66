//! Speed figures for `capicua bench`: batch-1 and batched inference, net-guided ISMCTS
//! iterations per second, training samples per second (`--net-shapes` prints them for other
//! hidden shapes, with burn's own inference beside the plain-Rust one). Each function
//! measures and returns a number; nothing here is a stored figure.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use capicua_engine::{InfoSet, Rng};
use capicua_eval::NET_ROLLOUT_MIX;
use capicua_eval::open_values::OpenValues;
use capicua_net::encoding::{BELIEF_SIZE, OPEN_INPUT_SIZE};
use capicua_net::{
    ENCODING_VERSION, INPUT_SIZE, ModelShape, NetEvaluator, Network, Observation, OpenValueNet,
    POLICY_SIZE, TrainBatch, TrainConfig, Trainer,
};
use capicua_search::{
    BeliefMode, Budget, Evaluator, RolloutPolicy, SearchConfig, SearchRequest, Searcher,
};

use super::search::{bench_position, fingerprint};

/// Hidden widths of the shipped model's shape (chosen from these benchmarks, see
/// `training/README.md`).
pub const BENCH_HIDDEN: [usize; 2] = [256, 128];

/// The shape benchmarks use when no network is given: the shipped model's, belief output
/// included.
pub fn bench_shape() -> ModelShape {
    ModelShape::with_hidden(INPUT_SIZE, &BENCH_HIDDEN, POLICY_SIZE).with_beliefs(BELIEF_SIZE)
}

/// A randomly initialised network of [`bench_shape`].
pub fn bench_network() -> Network {
    Network::new(bench_shape(), ENCODING_VERSION, 1).expect("the bench shape is valid")
}

/// Median seconds per call of `f` over 5 rounds of about `budget / 5` each.
pub fn per_call(budget: Duration, mut f: impl FnMut()) -> f64 {
    for _ in 0..3 {
        f();
    }
    let t = Instant::now();
    let mut n = 0u64;
    while t.elapsed() < budget / 20 {
        f();
        n += 1;
    }
    let per_round = (n * 4).max(1);
    let mut rounds: Vec<f64> = (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..per_round {
                f();
            }
            t.elapsed().as_secs_f64() / per_round as f64
        })
        .collect();
    rounds.sort_by(f64::total_cmp);
    rounds[2]
}

/// The benchmark position's observation and legal actions.
fn bench_input() -> (Observation, Vec<usize>) {
    let info = bench_position();
    let legal = info
        .legal_moves()
        .iter()
        .filter_map(|m| m.action_index())
        .collect();
    (Observation::from_infoset(&info), legal)
}

/// Microseconds per batch-1 evaluation as the search makes it (encode the observation, the
/// plain-Rust forward pass, masked softmax).
pub fn net_batch1_us(network: &Network, budget: Duration) -> f64 {
    let ev = NetEvaluator::new(network).expect("a network for this encoding");
    let (obs, legal) = bench_input();
    let mut priors = [0.0f32; POLICY_SIZE];
    per_call(budget, || {
        black_box(ev.evaluate_observation(black_box(&obs), legal.iter().copied(), &mut priors));
    }) * 1e6
}

/// Microseconds per batch-1 evaluation through burn (`Network::evaluate`), for comparison.
pub fn burn_batch1_us(network: &Network, budget: Duration) -> f64 {
    let (obs, legal) = bench_input();
    let x = obs.encoded();
    let mut flags = vec![false; POLICY_SIZE];
    legal.iter().for_each(|&a| flags[a] = true);
    per_call(budget, || {
        black_box(network.evaluate(&x, &flags));
    }) * 1e6
}

/// Positions per second through burn at batch size `batch`.
pub fn burn_batched_per_sec(network: &Network, batch: usize, budget: Duration) -> f64 {
    let (obs, legal) = bench_input();
    let x: Vec<f32> = obs.encoded().repeat(batch);
    let mut flags = [false; POLICY_SIZE];
    legal.iter().for_each(|&a| flags[a] = true);
    let flags = flags.repeat(batch);
    batch as f64
        / per_call(budget, || {
            black_box(network.evaluate_batch(&x, &flags, batch));
        })
}

/// Net-guided ISMCTS iterations per second on one thread from `info`, determinizations drawn
/// as `beliefs` says (after a warm-up search of a tenth of `iterations`), and the timed
/// search's [`fingerprint`]: a change to the inference that should compute the same numbers
/// (a faster kernel) must leave it as it was.
pub fn net_ismcts_iters_per_sec(
    network: &Network,
    info: &InfoSet,
    beliefs: BeliefMode,
    iterations: u64,
) -> (f64, u64) {
    let ev = Arc::new(NetEvaluator::new(network).expect("a network for this encoding"));
    ismcts_iters_per_sec_with(ev, info, one_thread(beliefs), iterations)
}

/// [`net_ismcts_iters_per_sec`] with believed deals and `rollouts` leaf rollouts of the
/// `rollout` policy mixed in as a search with a network does by default
/// (`capicua_eval::NET_ROLLOUT_MIX`): with `capicua_eval::NET_ROLLOUT` and one rollout, the default
/// agent's speed. Also the search's fingerprint, which changes if a rollout plays another move.
pub fn rollout_ismcts_iters_per_sec(
    network: &Network,
    info: &InfoSet,
    rollout: RolloutPolicy,
    rollouts: u32,
    iterations: u64,
) -> (f64, u64) {
    let ev = Arc::new(NetEvaluator::new(network).expect("a network for this encoding"));
    let config = SearchConfig {
        rollout_mix: NET_ROLLOUT_MIX,
        rollout,
        rollouts,
        ..one_thread(BeliefMode::Learned)
    };
    ismcts_iters_per_sec_with(ev, info, config, iterations)
}

/// [`net_ismcts_iters_per_sec`] with the leaf values of an open value model
/// (`capicua_eval::open_values`, `vmix=0.5`), whose cost it measures.
pub fn open_value_ismcts_iters_per_sec(
    network: &Network,
    open: &Network,
    info: &InfoSet,
    iterations: u64,
) -> (f64, u64) {
    let ev = Arc::new(NetEvaluator::new(network).expect("a network for this encoding"));
    let open = OpenValueNet::new(open).expect("an open value network");
    let ev = Arc::new(OpenValues::new(ev, open, 0.5, "bench"));
    ismcts_iters_per_sec_with(ev, info, one_thread(BeliefMode::Learned), iterations)
}

/// A random open value network of the shipped open model's shape.
pub fn bench_open_network() -> Network {
    let shape = ModelShape::with_hidden(OPEN_INPUT_SIZE, &BENCH_HIDDEN, POLICY_SIZE);
    Network::new(shape, ENCODING_VERSION, 2).expect("the open bench shape is valid")
}

/// The default search on one thread, its deals drawn as `beliefs` says.
fn one_thread(beliefs: BeliefMode) -> SearchConfig {
    SearchConfig {
        threads: 1,
        beliefs,
        ..SearchConfig::default()
    }
}

fn ismcts_iters_per_sec_with(
    ev: Arc<dyn Evaluator>,
    info: &InfoSet,
    config: SearchConfig,
    iterations: u64,
) -> (f64, u64) {
    let info = info.clone();
    let mut searcher = Searcher::with_evaluator(config, ev);
    let req = |n: u64| SearchRequest {
        budget: Budget::iterations(n),
        seed: 7,
        stop: None,
        report: None,
    };
    searcher
        .search_with(&info, req((iterations / 10).max(1)))
        .expect("the bench position is searchable");
    let start = Instant::now();
    let res = searcher
        .search_with(&info, req(iterations))
        .expect("the bench position is searchable");
    (
        res.iterations as f64 / start.elapsed().as_secs_f64(),
        fingerprint(&res),
    )
}

/// Training samples per second (AdamW steps of `batch` samples of the benchmark position with
/// random targets) for `shape`.
pub fn train_samples_per_sec(shape: &ModelShape, batch: usize, budget: Duration) -> f64 {
    let (obs, legal) = bench_input();
    let x = obs.encoded();
    let mut rng = Rng::new(3);
    let mut b = TrainBatch::default();
    let mut flags = vec![false; POLICY_SIZE];
    legal.iter().for_each(|&a| flags[a] = true);
    // belief targets: each hidden tile at a random possible place
    let prior: Vec<f32> = obs.belief_prior().concat();
    for _ in 0..batch {
        let mut target = vec![0.0f32; POLICY_SIZE];
        target[rng.pick(&legal)] = 1.0;
        b.push(
            &x,
            &flags,
            &target,
            rng.below(2) as f32,
            rng.unit() as f32 - 0.5,
        );
        if shape.beliefs > 0 {
            let mut places = vec![0.0f32; shape.beliefs];
            for (t, row) in prior.chunks(4).enumerate() {
                let possible: Vec<usize> = (0..4).filter(|&q| row[q] > -1.0e8).collect();
                if !possible.is_empty() {
                    let q = rng.pick(&possible);
                    places[t * 4 + q] = 1.0;
                }
            }
            b.push_beliefs(&prior, &places);
        }
    }
    let mut trainer = Trainer::new(shape.clone(), ENCODING_VERSION, TrainConfig::default(), 1)
        .expect("a valid shape");
    batch as f64
        / per_call(budget, || {
            black_box(trainer.step(&b));
        })
}

/// Prints every figure for networks of the given hidden widths (`"256,128"` each), to choose
/// a shape: the search's inference, burn's at batch 1 and 64, net-guided search, training.
pub fn print_shapes(shapes: &[String]) -> anyhow::Result<()> {
    let budget = Duration::from_millis(1000);
    for text in shapes {
        let hidden = text
            .split(',')
            .map(|h| h.trim().parse::<usize>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!("--net-shapes {text:?}: {e}"))?;
        let shape = ModelShape::with_hidden(INPUT_SIZE, &hidden, POLICY_SIZE);
        let net = Network::new(shape.clone(), ENCODING_VERSION, 1)?;
        println!(
            "{shape} ({} params, {} bytes): net_batch1_us {:.2}  burn_batch1_us {:.1}  burn batch64 {:.0}/s  net_ismcts_iters_per_sec {:.0}  train_samples_per_sec {:.0}",
            shape.num_params(),
            net.to_bytes()?.len(),
            net_batch1_us(&net, budget),
            burn_batch1_us(&net, budget),
            burn_batched_per_sec(&net, 64, budget),
            net_ismcts_iters_per_sec(&net, &bench_position(), BeliefMode::Uniform, 30_000).0,
            train_samples_per_sec(&shape, 256, Duration::from_secs(2)),
        );
    }
    Ok(())
}
