// The probe run against the patch in this folder (as crates/eval/tests/probe_reuse.rs):
//   PROBE_SPEC="ismcts:iters=800,model=default,reuse=1" \
//     cargo test --release -p capicua-eval --test probe_reuse -- --ignored --nocapture
use capicua_engine::{Match, Player, Rules};
use capicua_eval::spec::PlayerSpec;
use capicua_search::SearchRequest;

#[test]
#[ignore]
fn probe() {
    let spec = std::env::var("PROBE_SPEC").unwrap();
    let s = match PlayerSpec::parse(&spec).unwrap() {
        PlayerSpec::Search(s) => *s,
        _ => panic!(),
    };
    let rules = Rules::cuban();
    let mut searcher = s.searcher();
    let (mut its, mut reused, mut n, mut hit) = (0u64, 0u64, 0u64, 0u64);
    let mut by_phase = [(0u64, 0u64, 0u64); 4];
    for r in 0..40u64 {
        let mut round = Match::new(&rules, 100 + r).deal_round();
        let mut bots: Vec<_> = (0..4).map(|i| capicua_bots::CountingPlayer::new(i)).collect();
        while !round.is_over() {
            let seat = round.to_move();
            let info = round.infoset(seat);
            let mv = if seat == 0 && info.legal_moves().len() > 1 {
                let res = searcher
                    .search_with(&info, SearchRequest { budget: s.config.budget, seed: r, stop: None, report: None })
                    .unwrap();
                its += res.iterations;
                reused += res.reused;
                n += 1;
                hit += (res.reused > 0) as u64;
                let ph = (round.history().len() / 10).min(3);
                by_phase[ph].0 += res.iterations;
                by_phase[ph].1 += res.reused;
                by_phase[ph].2 += 1;
                res.best
            } else {
                bots[seat as usize].choose(&info)
            };
            round.play(mv).unwrap();
        }
    }
    println!("searches {n} kept-any {hit} iterations/search {:.0} reused/search {:.0}", its as f64 / n as f64, reused as f64 / n as f64);
    for (i, p) in by_phase.iter().enumerate() {
        println!("history {}-: searches {} its {:.0} reused {:.0}", i * 10, p.2, p.0 as f64 / p.2.max(1) as f64, p.1 as f64 / p.2.max(1) as f64);
    }
}
