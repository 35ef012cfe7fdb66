//! How much of a leaf rollout's result the deal decides: for decision points of `club` play,
//! many deals from the mover's information set, and on each deal a `club` rollout from the root
//! and one after every legal move. Prints the correlation of the root rollout's margin with the
//! leaf rollouts', and the share of the leaf rollouts' variance that lies between deals.
use capicua_bots::TableMemory;
use capicua_engine::{Match, MoveList, Rng, Rules, Sampler};
use capicua_search::rollout::{RolloutPolicy, playout};

fn main() {
    let rules = Rules::cuban();
    let mut rng = Rng::new(53);
    let (mut sxy, mut sxx, mut syy, mut n) = (0.0, 0.0, 0.0, 0.0);
    let (mut sx, mut sy) = (0.0, 0.0);
    let (mut between, mut within) = (0.0, 0.0);
    let mut points = 0;
    while points < 200 {
        let mut round = Match::new(&rules, rng.next_u64()).deal_round();
        let depth = rng.below(24);
        round.play_random(&mut rng, depth as usize);
        if round.is_over() || round.legal_moves().len() < 2 {
            continue;
        }
        points += 1;
        let seat = round.to_move();
        let side = rules.side_of(seat);
        let info = round.infoset(seat);
        let sampler = Sampler::new(&info).unwrap();
        let margin = |st: &capicua_engine::State| {
            let r = capicua_engine::RoundResult::of(&rules, st, round.first()).unwrap();
            match r.winner {
                Some(w) if w == side => r.points(&rules, 0) as f64,
                Some(_) => -(r.points(&rules, 0) as f64),
                None => 0.0,
            }
        };
        // a `club` rollout from `s`, as the search's leaves play them (a random move one in 8)
        let rollout = |mut s: capicua_engine::State, rng: &mut Rng| {
            let mut memory = TableMemory::default();
            playout(&mut s, RolloutPolicy::Club, &rules, &mut memory, 8, rng);
            margin(&s)
        };
        let mut rows: Vec<Vec<f64>> = Vec::new();
        for _ in 0..200 {
            let deal = sampler.sample(&mut rng).unwrap();
            let root = rollout(deal, &mut rng);
            let mut moves = MoveList::default();
            deal.legal_moves(&mut moves);
            let mut row = Vec::new();
            for &mv in moves.iter() {
                let mut s = deal;
                s.apply(mv);
                let leaf = rollout(s, &mut rng);
                row.push(leaf);
                sx += root;
                sy += leaf;
                sxy += root * leaf;
                sxx += root * root;
                syy += leaf * leaf;
                n += 1.0;
            }
            rows.push(row);
        }
        // between-deal variance of the per-deal mean over moves, against the rest
        let k = rows[0].len() as f64;
        let means: Vec<f64> = rows.iter().map(|r| r.iter().sum::<f64>() / k).collect();
        let grand = means.iter().sum::<f64>() / means.len() as f64;
        between += means.iter().map(|m| (m - grand).powi(2)).sum::<f64>() / means.len() as f64;
        within += rows
            .iter()
            .zip(&means)
            .map(|(r, m)| r.iter().map(|x| (x - m).powi(2)).sum::<f64>() / k)
            .sum::<f64>()
            / rows.len() as f64;
    }
    println!(
        "correlation of root and leaf rollouts {:.3}; between-deal variance share {:.3}",
        (sxy / n - sx / n * sy / n)
            / ((sxx / n - (sx / n).powi(2)) * (syy / n - (sy / n).powi(2))).sqrt(),
        between / (between + within)
    );
}
