//! Should a `counting` player show five doubles (optional redeal) or keep them? Plays random
//! `cuban` deals in which some seat holds five doubles or more, with the hand kept, four
//! `counting` players, and reports the holder's side's mean margin a round (points won, or
//! minus the points the winner takes) with a 95% interval. Showing them gives a fresh deal,
//! worth 0 to either side by symmetry, so keeping is right only if this margin is positive.
//!
//! `cargo run --release -p capicua-bots --example five_doubles -- [ROUNDS] [SEED]`

use capicua_bots::CountingPlayer;
use capicua_engine::tiles::DOUBLES;
use capicua_engine::{Deal, MatchContext, Player, Redeal, Rng, Round, Rules, Table};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let rules = Rules {
        redeal: Redeal::Off,
        ..Rules::cuban()
    };
    let mut rng = Rng::new(seed);
    let mut players: Vec<CountingPlayer> = (0..4)
        .map(|s| CountingPlayer::new(seed ^ (s + 1)))
        .collect();
    let (mut n, mut sum, mut sum2, mut wins) = (0usize, 0.0f64, 0.0f64, 0usize);
    while n < rounds {
        let deal = Deal::random(&rules, &mut rng);
        let Some(holder) = (0..4u8).find(|&s| deal.hands[s as usize].inter(DOUBLES).len() >= 5)
        else {
            continue;
        };
        if rules.needs_redeal(&deal.hands) {
            continue;
        }
        let (first, forced) = rules.lead_by_deal(&deal.hands, |k| rng.below(k));
        let round = Round::new(&rules, deal, first, forced).expect("a random deal is valid");
        let mut table = Table::new(round, MatchContext::default());
        let res = table
            .play_out(|info, _, _| {
                Ok::<_, std::convert::Infallible>(players[info.seat() as usize].choose(info))
            })
            .expect("counting plays legal moves");
        let points = res.points(&rules, 0) as f64;
        let margin = match res.winner {
            Some(w) if w == rules.side_of(holder) => {
                wins += 1;
                points
            }
            Some(_) => -points,
            None => 0.0,
        };
        n += 1;
        sum += margin;
        sum2 += margin * margin;
    }
    let mean = sum / n as f64;
    let sd = (sum2 / n as f64 - mean * mean).max(0.0).sqrt();
    let half = 1.96 * sd / (n as f64).sqrt();
    println!(
        "{n} rounds in which a seat kept five doubles or more (seed {seed}): the holder's side \
         {mean:+.2} [{:+.2}, {:+.2}] points a round, wins {:.1}% of rounds",
        mean - half,
        mean + half,
        100.0 * wins as f64 / n as f64
    );
}
