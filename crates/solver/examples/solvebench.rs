//! Solver speed on a fixed workload: 200 `cuban` deals (fixed seeds), played by four
//! `counting` players until 4, 8, 12 and 16 tiles are on the table, each position solved from
//! scratch (a cleared table). Prints median, p90 and max milliseconds per tile count, nodes per
//! second, and one JSON line for scripts.
//!
//! ```sh
//! cargo run --release -p capicua-solver --example solvebench [-- --deals 200 --tiles 4,8,12,16 --tt-entries 32768]
//! ```

use std::time::Duration;

use capicua_bots::CountingPlayer;
use capicua_engine::{InfoSet, Match, Move, Player, Rules, State};
use capicua_solver::{SolveLimits, Solver};

const SEED: u64 = 0x50_1e_be_4c;

/// The states of one deal at each wanted count of tiles on the table (if the round lasts).
fn positions(rules: &Rules, deal: u64, tiles: &[u32]) -> Vec<(u32, State, u8)> {
    let m = Match::new(rules, SEED + deal);
    let mut round = m.deal_round();
    let first = round.first();
    let mut players: Vec<CountingPlayer> = (0..4)
        .map(|s| CountingPlayer::new(SEED ^ (deal * 4 + s)))
        .collect();
    let mut infos: Vec<InfoSet> = (0..rules.players)
        .map(|s| {
            InfoSet::new(rules, s, first, round.deal().hands[s as usize])
                .expect("a valid deal")
                .with_context(m.context())
        })
        .collect();
    let mut out = Vec::new();
    let last = tiles.iter().copied().max().unwrap_or(0);
    loop {
        let down = rules.set().len() - round.state().out.len();
        if tiles.contains(&down) && out.iter().all(|(d, _, _)| *d != down) {
            out.push((down, *round.state(), first));
        }
        if round.is_over() || down >= last {
            break;
        }
        let s = round.to_move() as usize;
        let legal = round.legal_moves();
        let mv = if legal.len() == 1 {
            legal[0]
        } else {
            players[s].choose(&infos[s])
        };
        round.play(mv).expect("counting plays legal moves");
        for info in infos.iter_mut() {
            info.apply(mv).expect("a referee-checked move");
        }
        debug_assert!(!matches!(mv, Move::Draw(_)));
    }
    out
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let deals: u64 = arg("--deals").map_or(200, |s| s.parse().expect("--deals N"));
    let tiles: Vec<u32> = arg("--tiles").map_or(vec![4, 8, 12, 16], |s| {
        s.split(',')
            .map(|t| t.parse().expect("--tiles a,b,c"))
            .collect()
    });
    let rules = Rules::cuban();
    let mut solver = arg("--tt-entries").map_or_else(Solver::default, |s| {
        Solver::new(s.parse().expect("--tt-entries N"))
    });
    let mut ms: Vec<Vec<f64>> = vec![Vec::new(); tiles.len()];
    // node counts do not depend on the machine's load: the figure to compare changes by
    let mut node_counts: Vec<Vec<f64>> = vec![Vec::new(); tiles.len()];
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for d in 0..deals {
        for (down, state, first) in positions(&rules, d, &tiles) {
            solver.clear();
            let solved = solver
                .solve(&rules, &state, first, 0, SolveLimits::NONE)
                .expect("a cuban position");
            assert!(solved.outcome.exact().is_some());
            let k = tiles
                .iter()
                .position(|&t| t == down)
                .expect("a wanted count");
            ms[k].push(solved.elapsed.as_secs_f64() * 1e3);
            node_counts[k].push(solved.nodes as f64);
            nodes += solved.nodes;
            time += solved.elapsed;
        }
    }
    println!("tiles down  positions  median ms    p90 ms    max ms  median nodes");
    let mut medians = Vec::new();
    for (k, t) in tiles.iter().enumerate() {
        let v = &mut ms[k];
        v.sort_by(f64::total_cmp);
        let med = quantile(v, 0.5);
        medians.push((*t, med));
        node_counts[k].sort_by(f64::total_cmp);
        println!(
            "{t:>10}  {:>9}  {med:>9.3}  {:>8.3}  {:>8.3}  {:>12.0}",
            v.len(),
            quantile(v, 0.9),
            v.last().copied().unwrap_or(f64::NAN),
            quantile(&node_counts[k], 0.5)
        );
    }
    let nps = nodes as f64 / time.as_secs_f64();
    println!(
        "{nodes} nodes in {:.2} s: {:.2} M nodes/s",
        time.as_secs_f64(),
        nps / 1e6
    );
    let med = |t: u32| {
        medians
            .iter()
            .find(|(x, _)| *x == t)
            .map_or("null".to_string(), |(_, m)| format!("{m:.4}"))
    };
    println!(
        "{{\"solve_tiles4_median_ms\": {}, \"solve_tiles8_median_ms\": {}, \"solve_tiles12_median_ms\": {}, \"solve_tiles16_median_ms\": {}, \"solve_nodes_per_sec\": {:.0}, \"deals\": {deals}}}",
        med(4),
        med(8),
        med(12),
        med(16),
        nps
    );
}
