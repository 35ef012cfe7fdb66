//! Solver speed on a fixed workload: 200 `cuban` deals (fixed seeds) played by four
//! `counting` players until 4, 8, 12 and 16 tiles are on the table, each position solved
//! from scratch (a cleared table). Node counts do not depend on the machine's load: they are
//! the figure to compare changes of the solver by; milliseconds are the speed.

use std::time::Duration;

use capicua_bots::CountingPlayer;
use capicua_engine::{Match, Player, Rules, State, Table};
use capicua_solver::{SolveLimits, Solver};

const SEED: u64 = 0x50_1e_be_4c;
/// Tiles on the table at which the positions are taken.
pub const TILES: [u32; 4] = [4, 8, 12, 16];

/// Per count of tiles on the table: median, p90 and max milliseconds, median nodes.
pub struct SolveBench {
    pub rows: Vec<(u32, usize, f64, f64, f64, f64)>,
    pub nodes_per_sec: f64,
}

impl SolveBench {
    pub fn median_ms(&self, tiles: u32) -> f64 {
        self.rows
            .iter()
            .find(|r| r.0 == tiles)
            .map_or(f64::NAN, |r| r.2)
    }
    pub fn median_nodes(&self, tiles: u32) -> f64 {
        self.rows
            .iter()
            .find(|r| r.0 == tiles)
            .map_or(f64::NAN, |r| r.5)
    }
}

/// The states of one deal at each count of [`TILES`] on the table (if the round lasts).
fn positions(rules: &Rules, deal: u64) -> Vec<(u32, State, u8)> {
    let m = Match::new(rules, SEED + deal);
    let mut table = Table::new(m.deal_round(), m.context());
    let first = table.round().first();
    let mut players: Vec<CountingPlayer> = (0..4)
        .map(|s| CountingPlayer::new(SEED ^ (deal * 4 + s)))
        .collect();
    let mut out = Vec::new();
    let last = TILES[TILES.len() - 1];
    loop {
        let down = rules.set().len() - table.round().state().out.len();
        if TILES.contains(&down) && out.iter().all(|(d, _, _)| *d != down) {
            out.push((down, *table.round().state(), first));
        }
        if table.is_over() || down >= last {
            break;
        }
        let legal = table.legal_moves();
        let mv = if legal.len() == 1 {
            legal[0]
        } else {
            players[table.to_move() as usize].choose(table.view(table.to_move()))
        };
        table.play(mv).expect("counting plays legal moves");
    }
    out
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

pub fn bench(deals: u64) -> SolveBench {
    let rules = Rules::cuban();
    let mut solver = Solver::default();
    let mut ms: Vec<Vec<f64>> = vec![Vec::new(); TILES.len()];
    let mut node_counts: Vec<Vec<f64>> = vec![Vec::new(); TILES.len()];
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for d in 0..deals {
        for (down, state, first) in positions(&rules, d) {
            solver.clear();
            let solved = solver
                .solve(&rules, &state, first, 0, SolveLimits::NONE)
                .expect("a cuban position");
            let k = TILES
                .iter()
                .position(|&t| t == down)
                .expect("a wanted count");
            ms[k].push(solved.elapsed.as_secs_f64() * 1e3);
            node_counts[k].push(solved.nodes as f64);
            nodes += solved.nodes;
            time += solved.elapsed;
        }
    }
    let rows = TILES
        .iter()
        .enumerate()
        .map(|(k, &t)| {
            ms[k].sort_by(f64::total_cmp);
            node_counts[k].sort_by(f64::total_cmp);
            let v = &ms[k];
            (
                t,
                v.len(),
                quantile(v, 0.5),
                quantile(v, 0.9),
                v.last().copied().unwrap_or(f64::NAN),
                quantile(&node_counts[k], 0.5),
            )
        })
        .collect();
    SolveBench {
        rows,
        nodes_per_sec: nodes as f64 / time.as_secs_f64(),
    }
}

pub fn print(b: &SolveBench) {
    println!("tiles down  positions  median ms    p90 ms    max ms  median nodes");
    for &(t, n, med, p90, max, nodes) in &b.rows {
        println!("{t:>10}  {n:>9}  {med:>9.3}  {p90:>8.3}  {max:>8.3}  {nodes:>12.0}");
    }
    println!("{:.2} M nodes/s", b.nodes_per_sec / 1e6);
}
