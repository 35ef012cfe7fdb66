//! Times building the uniform and the believed samplers, their marginals and one draw, on a
//! cuban information set at the lead and mid-round. `cargo run --release -p capicua-engine
//! --example belief_timing`.

use std::time::Instant;

use capicua_engine::{BeliefSampler, InfoSet, Match, PlaceWeights, Rng, Rules, Sampler, Tile};

fn micros<T>(reps: u32, mut f: impl FnMut() -> T) -> f64 {
    let start = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(f());
    }
    start.elapsed().as_secs_f64() * 1e6 / reps as f64
}

fn report(what: &str, info: &InfoSet) {
    let mut rng = Rng::new(1);
    let mut w = PlaceWeights::uniform();
    for i in 0..55 {
        w.set(
            Tile::from_index(i),
            std::array::from_fn(|_| 0.01 + rng.unit()),
        );
    }
    let uniform = Sampler::new(info).unwrap();
    let believed = BeliefSampler::new(info, &w).unwrap();
    println!(
        "{what}: {} unseen, counts {:?}, ess {:.3e}",
        info.unseen().len(),
        info.counts(),
        believed.uniform_ess()
    );
    println!(
        "  Sampler::new          {:8.1} µs",
        micros(200, || Sampler::new(info))
    );
    println!(
        "  BeliefSampler::new    {:8.1} µs",
        micros(200, || BeliefSampler::new(info, &w))
    );
    println!(
        "  Sampler::marginals    {:8.1} µs",
        micros(100, || uniform.marginals())
    );
    println!(
        "  Belief marginals      {:8.1} µs",
        micros(100, || believed.marginals())
    );
    println!(
        "  Belief uniform_ess    {:8.1} µs",
        micros(100, || believed.uniform_ess())
    );
    println!(
        "  Sampler draw          {:8.2} µs",
        micros(20_000, || uniform.sample_hands(&mut rng))
    );
    println!(
        "  BeliefSampler draw    {:8.2} µs",
        micros(20_000, || believed.sample_hands(&mut rng))
    );
}

fn main() {
    let rules = Rules::cuban();
    let mut round = Match::new(&rules, 7).deal_round();
    report("cuban, at the lead", &round.infoset(round.first()));
    let mut rng = Rng::new(3);
    round.play_random(&mut rng, 14);
    report("cuban, after 14 moves", &round.infoset(round.to_move()));
}
