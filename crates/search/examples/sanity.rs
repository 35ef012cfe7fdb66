//! A quick duplicate sanity match of a search player against `counting` partners, without the
//! tournament runner: `cargo run --release -p capicua-search --example sanity -- [boards]
//! [spec-params] [ismcts|pimc]` (defaults: 100 boards, `iters=1000`, ismcts). Each board is one
//! `cuban` deal played twice with the teams swapped; prints the search team's mean point margin
//! per round with a 95% interval over boards. (Strength results belong to `capicua eval`.)

use capicua_bots::CountingPlayer;
use capicua_engine::{Match, Player, Rules};
use capicua_search::{IsmctsPlayer, PimcPlayer};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u64 = args.first().map_or(100, |a| a.parse().expect("boards"));
    let params = args.get(1).cloned().unwrap_or_else(|| "iters=1000".into());
    let kind = args.get(2).cloned().unwrap_or_else(|| "ismcts".into());
    let rules = Rules::cuban();
    let make = |seed: u64| -> Box<dyn Player> {
        let p = format!("{params},seed={seed}");
        match kind.as_str() {
            "pimc" => Box::new(PimcPlayer::from_spec(&p).expect("spec")),
            _ => Box::new(IsmctsPlayer::from_spec(&p).expect("spec")),
        }
    };
    let start = std::time::Instant::now();
    let mut margins: Vec<f64> = Vec::new();
    let (mut wins, mut rounds) = (0.0, 0u64);
    for b in 0..boards {
        let mut board = 0.0;
        for search_side in [0u8, 1] {
            let mut m = Match::new(&rules, 1000 + b);
            let mut s0 = make(2 * b);
            let mut s1 = make(2 * b + 1);
            let mut c0 = CountingPlayer::new(3 * b);
            let mut c1 = CountingPlayer::new(3 * b + 1);
            let mut players: [&mut dyn Player; 4] = if search_side == 0 {
                [&mut *s0, &mut c0, &mut *s1, &mut c1]
            } else {
                [&mut c0, &mut *s0, &mut c1, &mut *s1]
            };
            let (_, score) = m.play_round(&mut players);
            let pts = score.points as f64;
            let margin = match score.winner {
                Some(w) if w == search_side => pts,
                Some(_) => -pts,
                None => 0.0,
            };
            wins += match score.winner {
                Some(w) if w == search_side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            rounds += 1;
            board += margin;
        }
        margins.push(board / 2.0);
    }
    let n = margins.len() as f64;
    let mean = margins.iter().sum::<f64>() / n;
    let var = margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "{kind}:{params} vs counting, {rounds} rounds ({boards} boards): margin {mean:+.2} ± {half:.2} points/round, round wins {:.1}%, {:.1} s",
        100.0 * wins / rounds as f64,
        start.elapsed().as_secs_f64()
    );
}
