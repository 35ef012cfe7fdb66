//! `capicua bench`: fixed workloads, timed on one thread, with a fingerprint of behaviour so
//! that a change in speed can be told apart from a change in what is computed. The workloads
//! live here, behind the binary, not in the libraries: [`search`] (ISMCTS on a fixed
//! position), [`net`] (inference, net-guided search, training), [`protocol`] (the engine
//! process through its pipes), [`solve`] (the exact open-hand solver).

mod beliefs;
mod net;
mod protocol;
mod search;
mod serve_load;
mod solve;

use std::time::Instant;

use anyhow::Result;
use capicua_engine::{Deal, DealSampler, Rng, Rules, State, TileSet};
use capicua_net::NetEvaluator;
use capicua_search::reader::MoveReader;
use capicua_search::{BeliefMode, RolloutPolicy};
use clap::Args;
use serde_json::{Map, Value, json};

#[derive(Args)]
pub struct BenchArgs {
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Random rounds for the rules benchmark.
    #[arg(long, default_value_t = 2_000_000)]
    rounds: u64,
    /// ISMCTS iterations for the search benchmark.
    #[arg(long, default_value_t = 400_000)]
    iters: u64,
    /// Only the rules benchmark (no search, network or engine process).
    #[arg(long)]
    rules_only: bool,
    /// Only the search benchmark, at `--iters` iterations, once per thread count given
    /// (`--speed 1,2`), with its fingerprint, tree size and timing.
    #[arg(long, value_delimiter = ',', conflicts_with_all = ["rules_only", "protocol"])]
    speed: Option<Vec<usize>>,
    /// Only the engine process: `PINGS,GO_RUNS` pings and 20,000-iteration `go`s through the
    /// real server and pipes (`--protocol 2000,5`).
    #[arg(long, value_delimiter = ',', conflicts_with = "rules_only")]
    protocol: Option<Vec<usize>>,
    /// Only the network figures, for a network of these hidden widths (`--net-shapes 256,128`;
    /// repeat for more shapes), with burn's own inference beside the search's.
    #[arg(long, conflicts_with = "rules_only")]
    net_shapes: Vec<String>,
    /// Only the solver benchmark, on this many deals (`--solve 200`), with its table.
    #[arg(long, conflicts_with = "rules_only")]
    solve: Option<u64>,
    /// Only the browser table under load: `capicua serve` started on a free local port and
    /// `--clients` WebSocket clients playing rounds between bots for `--secs` seconds
    /// (`referee` every turn, a `go` of `--go-ms` for every choice).
    #[arg(long, conflicts_with_all = ["rules_only", "speed", "protocol", "solve"])]
    serve_load: bool,
    /// Clients of `--serve-load`.
    #[arg(long, default_value_t = 50, requires = "serve_load")]
    clients: usize,
    /// Seconds of `--serve-load`.
    #[arg(long, default_value_t = 60, requires = "serve_load")]
    secs: u64,
    /// Move time of each `go` of `--serve-load`, ms.
    #[arg(long, default_value_t = 10, requires = "serve_load")]
    go_ms: u64,
    /// Deals of the solver benchmark in the full run.
    #[arg(long, default_value_t = 200)]
    solve_deals: u64,
}

/// Random full rounds of `cuban`, deal to score, one thread. Returns (rounds/s, fingerprint).
pub fn random_rounds(rounds: u64, seed: u64) -> (f64, u64) {
    let rules = Rules::cuban();
    let mut rng = Rng::new(seed);
    let set: Vec<_> = rules.set().iter().collect();
    let mut tiles = set.clone();
    let mut fingerprint = 0u64;
    let start = Instant::now();
    for _ in 0..rounds {
        // the deal: a partial Fisher-Yates over the set, no allocation
        let mut hands = [TileSet::EMPTY; 4];
        let n = tiles.len();
        for i in 0..40 {
            let j = i + rng.below((n - i) as u32) as usize;
            tiles.swap(i, j);
            hands[i / 10].insert(tiles[i]);
        }
        let first = rng.below(4) as u8;
        let mut st = State::new(&rules, hands, TileSet::EMPTY, first);
        st.random_playout(&mut rng);
        let res = capicua_engine::RoundResult::of(&rules, &st, first).expect("finished");
        let pts = res.points(&rules, 0) as u64;
        fingerprint = fingerprint
            .wrapping_mul(31)
            .wrapping_add(pts + 1000 * res.winner.map_or(2, u64::from));
    }
    let secs = start.elapsed().as_secs_f64();
    let _ = Deal::random; // the referee's dealer is measured by the tests, not here
    (rounds as f64 / secs, fingerprint)
}

pub fn run(args: BenchArgs) -> Result<()> {
    if let Some(threads) = &args.speed {
        for &t in threads {
            let b = search::ismcts_iters_per_sec(args.iters, t, 1);
            println!(
                "threads {t}: {:.0} iterations/s ({} in {:.3} s), best {}, nodes {}, fingerprint {:016x}",
                b.iters_per_sec, b.iterations, b.seconds, b.best, b.nodes, b.fingerprint
            );
        }
        return Ok(());
    }
    if args.serve_load {
        let b = serve_load::bench(args.clients.max(1), args.secs.max(1), args.go_ms.max(1))?;
        if args.json {
            println!("{}", serde_json::to_string_pretty(&b)?);
        } else {
            serve_load::print(&b);
        }
        if b.report.errors > 0 || b.report.dropped_connections > 0 {
            anyhow::bail!(
                "{} errors and {} dropped connections under load",
                b.report.errors,
                b.report.dropped_connections
            );
        }
        return Ok(());
    }
    if let Some(p) = &args.protocol {
        let (pings, go_runs) = match p[..] {
            [pings, go_runs] => (pings, go_runs),
            _ => anyhow::bail!("--protocol takes PINGS,GO_RUNS"),
        };
        let b = protocol::bench(pings, go_runs)?;
        println!("ping_us          {:.1} (median of {pings})", b.ping_us);
        println!("ping_p99_us      {:.1}", b.ping_p99_us);
        println!(
            "go_20k_ms        {:.1} (median of {go_runs}, round trip)",
            b.go_20k_ms
        );
        println!(
            "go_20k_engine_ms {} (time_ms of the last run)",
            b.go_20k_engine_ms
        );
        println!("go_20k_move      {}", b.go_20k_move);
        return Ok(());
    }
    if !args.net_shapes.is_empty() {
        return net::print_shapes(&args.net_shapes);
    }
    if let Some(deals) = args.solve {
        solve::print(&solve::bench(deals));
        return Ok(());
    }
    let mut out = Map::new();
    let (rps, fp) = random_rounds(args.rounds, 1);
    out.insert("rounds_per_sec".into(), json!(rps.round()));
    out.insert("rounds_fingerprint".into(), json!(format!("{fp:016x}")));
    if !args.rules_only {
        let one = search::ismcts_iters_per_sec(args.iters, 1, 1);
        out.insert(
            "ismcts_iters_per_sec".into(),
            json!(one.iters_per_sec.round()),
        );
        out.insert("ismcts_best".into(), json!(one.best));
        out.insert(
            "ismcts_fingerprint".into(),
            json!(format!("{:016x}", one.fingerprint)),
        );
        let two = search::ismcts_iters_per_sec(args.iters, 2, 1);
        out.insert(
            "ismcts_iters_per_sec_2threads".into(),
            json!(two.iters_per_sec.round()),
        );
        out.insert(
            "ismcts_2thread_speedup".into(),
            json!((two.iters_per_sec / one.iters_per_sec * 100.0).round() / 100.0),
        );
        let net = net::bench_network();
        let budget = std::time::Duration::from_millis(500);
        out.insert(
            "net_batch1_us".into(),
            json!((net::net_batch1_us(&net, budget) * 100.0).round() / 100.0),
        );
        let (net_speed, net_fingerprint) = net::net_ismcts_iters_per_sec(
            &net,
            &search::bench_position(),
            BeliefMode::Uniform,
            50_000,
        );
        out.insert("net_ismcts_iters_per_sec".into(), json!(net_speed.round()));
        out.insert(
            "net_ismcts_fingerprint".into(),
            json!(format!("{net_fingerprint:016x}")),
        );
        let bb = beliefs::bench(&net, 30_000, budget);
        let round2 = |x: f64| json!((x * 100.0).round() / 100.0);
        out.insert("belief_output_us".into(), round2(bb.output_us));
        out.insert("uniform_deals_build_us".into(), round2(bb.uniform_build_us));
        out.insert(
            "believed_deals_build_us".into(),
            round2(bb.believed_build_us),
        );
        out.insert("uniform_deal_us".into(), round2(bb.uniform_draw_us));
        out.insert("believed_deal_us".into(), round2(bb.believed_draw_us));
        out.insert(
            "net_ismcts_midround_uniform_iters_per_sec".into(),
            json!(bb.uniform_iters_per_sec.round()),
        );
        out.insert(
            "net_ismcts_midround_believed_iters_per_sec".into(),
            json!(bb.believed_iters_per_sec.round()),
        );
        let (open_speed, _) = net::open_value_ismcts_iters_per_sec(
            &net,
            &net::bench_open_network(),
            &beliefs::mid_round_position(),
            30_000,
        );
        out.insert(
            "net_ismcts_midround_open_value_iters_per_sec".into(),
            json!(open_speed.round()),
        );
        for (key, rollout, rollouts) in [
            ("club_rollout", RolloutPolicy::Club, 1),
            ("club_4_rollouts", RolloutPolicy::Club, 4),
            ("read_rollout", RolloutPolicy::Read, 1),
        ] {
            let (speed, fingerprint) = net::rollout_ismcts_iters_per_sec(
                &net,
                &beliefs::mid_round_position(),
                rollout,
                rollouts,
                30_000,
            );
            out.insert(
                format!("net_ismcts_midround_{key}_iters_per_sec"),
                json!(speed.round()),
            );
            out.insert(
                format!("net_ismcts_midround_{key}_fingerprint"),
                json!(format!("{fingerprint:016x}")),
            );
        }
        if let Some(path) = capicua_net::shipped_reader_path() {
            let reader = MoveReader::from_json(&std::fs::read_to_string(&path)?)?;
            out.insert(
                "move_reader_root_us".into(),
                round2(search::reader_root_us(
                    &reader,
                    &beliefs::mid_round_position(),
                    None,
                    budget,
                )),
            );
        }
        // a reader of the beliefs of the shipped reader's size, reading the bench network's
        // (its weights do not change the work: zero inputs are skipped, not zero weights)
        let info = beliefs::mid_round_position();
        let weights = NetEvaluator::new(&net)
            .ok()
            .and_then(|ev| ev.place_weights_of(&info));
        if let Some(w) = weights {
            let deals = DealSampler::new(&info, Some(&w))?;
            let reader = MoveReader::neutral(info.rules(), 32, true);
            out.insert(
                "move_reader_beliefs_root_us".into(),
                round2(search::reader_root_us(&reader, &info, Some(&deals), budget)),
            );
        }
        out.insert("believed_uniform_ess".into(), json!(bb.uniform_ess));
        out.insert("learned_inference_ms".into(), round2(bb.inference_ms));
        out.insert(
            "learned_inference_ess".into(),
            json!(bb.inference_ess.round()),
        );
        out.insert(
            "train_samples_per_sec".into(),
            json!(net::train_samples_per_sec(net.shape(), 256, budget).round()),
        );
        let sb = solve::bench(args.solve_deals);
        let round3 = |x: f64| json!((x * 1000.0).round() / 1000.0);
        out.insert("solve_tiles8_median_ms".into(), round3(sb.median_ms(8)));
        out.insert("solve_tiles12_median_ms".into(), round3(sb.median_ms(12)));
        out.insert(
            "solve_nodes_per_sec".into(),
            json!(sb.nodes_per_sec.round()),
        );
        // node counts are the solver's fingerprint: they do not depend on the machine's load
        out.insert(
            "solve_tiles8_median_nodes".into(),
            json!(sb.median_nodes(8)),
        );
        out.insert(
            "solve_tiles12_median_nodes".into(),
            json!(sb.median_nodes(12)),
        );
        let proto = protocol::bench(200, 3)?;
        out.insert("engine_ping_us".into(), json!(proto.ping_us.round()));
        out.insert(
            "engine_go_20k_ms".into(),
            json!((proto.go_20k_ms * 10.0).round() / 10.0),
        );
    }
    if args.json {
        println!("{}", Value::Object(out));
    } else {
        for (k, v) in &out {
            println!("{k:<28} {v}");
        }
    }
    Ok(())
}
