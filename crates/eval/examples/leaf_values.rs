//! How well a leaf's two value estimates predict what a round is really worth, by how far the
//! round has gone: the network's value of the seat to move's information set, and club
//! rollouts from deals drawn from the network's beliefs (the two parts a network search mixes
//! into a leaf value, `(1 - λ) * estimate + λ * rollout`, `mix=λ` in a spec). Each is scored
//! against the round's true result for the seat's side, in the search's reward units (the
//! margin over 90 points, clamped to ±1, as `margin=1,scale=90` makes it). The squared error
//! of any mix follows from the sums kept, and so does the λ that minimizes it in each phase:
//! if that λ moves with the phase, a leaf's mix should too.
//!
//! ```text
//! cargo run --release -p capicua-eval --example leaf_values -- \
//!     --rounds 2000 --source counting --deals 32 --seed 9101
//! ```
//!
//! Options: `--rounds N`, `--source counting|SPEC` (the player spec of all four seats: the
//! rounds are those of `capicua_eval::belief_quality`), `--deals K` (believed deals, one
//! rollout each, per position), `--model PATH` (default: the shipped model), `--seed S`,
//! `--json PATH`.
//!
//! Every position of the round before its end is scored, passes included: a leaf can be any
//! of them. Positions of one round share its result, so the errors printed treat the rounds,
//! not the positions, as the independent draws.

use std::process::ExitCode;
use std::sync::Arc;

use capicua_engine::{DealSampler, InfoSet, MatchContext, Rng, Rules};
use capicua_eval::belief_quality::{RoundSource, play_round, round_seed};
use capicua_net::{NetEvaluator, SHIPPED_MODEL, shipped_model_path};
use capicua_search::rollout::{HEURISTIC_RANDOM_ONE_IN, playout};
use capicua_search::{
    Evaluation, Evaluator, Leaf, LeafValue, MarginScale, Outcome, Reward, RewardConfig,
    RolloutPolicy, SideValues, TableMemory,
};
use rayon::prelude::*;

/// The search's reward scale under `margin=1,scale=90`.
const SCALE: f64 = 90.0;
/// Phases by tiles on the table, five at a time; the last holds 35 and more.
const BUCKETS: usize = 8;
const SALT: u64 = 0x1EAF_5A17;

struct Args {
    rounds: usize,
    source: RoundSource,
    deals: usize,
    model: String,
    seed: u64,
    json: Option<String>,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        rounds: 1000,
        source: RoundSource::Counting,
        deals: 32,
        model: SHIPPED_MODEL.to_string(),
        seed: 9101,
        json: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let count = |v: &str| v.parse::<usize>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--rounds" => a.rounds = count(&value)?,
            "--source" if value == "counting" => a.source = RoundSource::Counting,
            "--source" => a.source = RoundSource::Spec(value),
            "--deals" => a.deals = count(&value)?.max(1),
            "--model" => a.model = value,
            "--seed" => a.seed = value.parse().map_err(|e| format!("--seed {value}: {e}"))?,
            "--json" => a.json = Some(value),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(a)
}

/// Per-phase sums of one round: `a` the true result, `v` the network's estimate, `r` the mean
/// of the rollouts, `r1` the first rollout alone (a leaf of the search gets one), all for the
/// side of the seat to move in reward units.
#[derive(Copy, Clone, Default)]
struct Sums {
    n: f64,
    /// Σ(a-v)², Σ(a-v)(r-v), Σ(r-v)², and the same with r1.
    av2: f64,
    avrv: f64,
    rv2: f64,
    avr1v: f64,
    r1v2: f64,
    /// Σ(a-r)², Σ(a-r1)².
    ar2: f64,
    ar12: f64,
}

impl Sums {
    fn add(&mut self, o: &Sums) {
        self.add_times(o, 1.0);
    }

    /// Adds `k` times `o` (-1: takes a block out, for the jackknife).
    fn add_times(&mut self, o: &Sums, k: f64) {
        self.n += k * o.n;
        self.av2 += k * o.av2;
        self.avrv += k * o.avrv;
        self.rv2 += k * o.rv2;
        self.avr1v += k * o.avr1v;
        self.r1v2 += k * o.r1v2;
        self.ar2 += k * o.ar2;
        self.ar12 += k * o.ar12;
    }

    /// Mean squared error of the mix λ of the network and the rollout mean (or one rollout).
    fn mse(&self, lambda: f64, one: bool) -> f64 {
        let (cross, rv2) = if one {
            (self.avr1v, self.r1v2)
        } else {
            (self.avrv, self.rv2)
        };
        (self.av2 - 2.0 * lambda * cross + lambda * lambda * rv2) / self.n.max(1.0)
    }

    /// The λ of least squared error.
    fn best(&self, one: bool) -> f64 {
        if one {
            self.avr1v / self.r1v2.max(1e-12)
        } else {
            self.avrv / self.rv2.max(1e-12)
        }
    }
}

/// The reward of `margin=1,scale=90`: the round's margin over 90 points, clamped, as the
/// search's [`Reward`] mixes it (for leaf values and rollouts alike).
fn points_reward(rules: &Rules, ctx: &MatchContext) -> Reward {
    let config = RewardConfig {
        margin_weight: 1.0,
        margin_scale: MarginScale::Points(SCALE),
    };
    Reward::new(&config, rules, ctx)
}

/// A side's reward in `[0, 1]` as a clamped margin in `[-1, 1]`.
fn as_margin(values: &SideValues, side: u8) -> f64 {
    2.0 * values.reward[side as usize] - 1.0
}

/// The network's estimate and `deals` believed-deal rollouts at one position, for the side of
/// the seat to move.
fn estimates(
    net: &NetEvaluator,
    info: &InfoSet,
    deals: usize,
    rng: &mut Rng,
) -> Result<(f64, f64, f64), String> {
    let rules = info.rules();
    let side = rules.side_of(info.seat());
    let reward = points_reward(rules, info.context());
    let weights = net
        .place_weights(info)
        .ok_or("the model has no belief output")?;
    let sampler = DealSampler::new(info, Some(&weights)).map_err(|e| e.to_string())?;
    let mut rollouts = Vec::with_capacity(deals);
    let mut first_deal = None;
    for _ in 0..deals {
        let deal = sampler.sample(rng).map_err(|e| e.to_string())?;
        first_deal.get_or_insert(deal);
        let mut s = deal;
        let mut memory = TableMemory::default();
        playout(
            &mut s,
            RolloutPolicy::Club,
            rules,
            &mut memory,
            HEURISTIC_RANDOM_ONE_IN,
            rng,
        );
        let o = Outcome::of(rules, &s, info.first(), info.context().pending_ties)
            .expect("a finished round");
        rollouts.push(as_margin(&reward.of_outcome(&o), side));
    }
    let state = first_deal.expect("at least one deal");
    let mut ev = Evaluation::default();
    net.evaluate(
        &Leaf {
            root: info,
            path: &[],
            state: &state,
        },
        rng,
        &mut ev,
    );
    let v = match ev.value {
        LeafValue::Estimate {
            side: s,
            win,
            margin,
        } => as_margin(&reward.of_estimate(s, win, margin), side),
        LeafValue::Outcome(_) => return Err("the network gave an outcome".into()),
    };
    let mean = rollouts.iter().sum::<f64>() / rollouts.len() as f64;
    Ok((v, mean, rollouts[0]))
}

fn score_round(
    rules: &Rules,
    net: &NetEvaluator,
    args: &Args,
    index: usize,
) -> Result<[Sums; BUCKETS], String> {
    let spec = args.source.spec().map_err(|e| e.to_string())?;
    let record = play_round(rules, &spec, args.seed, index).map_err(|e| e.to_string())?;
    let end = record
        .replay(record.moves.len())
        .map_err(|e| e.to_string())?;
    let outcome = Outcome::of(
        rules,
        end.round().state(),
        record.first,
        record.context.pending_ties,
    )
    .expect("a finished round");
    let result = points_reward(rules, &record.context).of_outcome(&outcome);
    let mut rng = Rng::stream(round_seed(args.seed, index) ^ SALT, 0);
    let mut out = [Sums::default(); BUCKETS];
    let mut table = record.replay(0).map_err(|e| e.to_string())?;
    for &mv in &record.moves {
        let seat = table.to_move();
        let info = table.view(seat);
        if !info.unseen().is_empty() {
            let side = rules.side_of(seat);
            let a = as_margin(&result, side);
            let (v, r, r1) = estimates(net, info, args.deals, &mut rng)?;
            let s = &mut out[(info.played().len() as usize / 5).min(BUCKETS - 1)];
            s.n += 1.0;
            s.av2 += (a - v) * (a - v);
            s.avrv += (a - v) * (r - v);
            s.rv2 += (r - v) * (r - v);
            s.avr1v += (a - v) * (r1 - v);
            s.r1v2 += (r1 - v) * (r1 - v);
            s.ar2 += (a - r) * (a - r);
            s.ar12 += (a - r1) * (a - r1);
        }
        table.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// The mean and the standard error (over rounds) of the best λ in a bucket, by the jackknife
/// over blocks of rounds (twenty blocks).
fn best_with_error(rounds: &[[Sums; BUCKETS]], bucket: usize, one: bool) -> (f64, f64) {
    let blocks = 20.min(rounds.len()).max(1);
    let mut block_sums = vec![Sums::default(); blocks];
    for (i, r) in rounds.iter().enumerate() {
        block_sums[i % blocks].add(&r[bucket]);
    }
    let mut all = Sums::default();
    block_sums.iter().for_each(|b| all.add(b));
    let full = all.best(one);
    let leave_one: Vec<f64> = block_sums
        .iter()
        .map(|b| {
            let mut s = all;
            s.add_times(b, -1.0);
            s.best(one)
        })
        .collect();
    let mean = leave_one.iter().sum::<f64>() / blocks as f64;
    let var = leave_one.iter().map(|x| (x - mean).powi(2)).sum::<f64>() * (blocks as f64 - 1.0)
        / blocks as f64;
    (full, var.sqrt())
}

fn run() -> Result<(), String> {
    let args = parse()?;
    let rules = Rules::cuban();
    let file = if args.model == SHIPPED_MODEL {
        shipped_model_path().ok_or("no shipped model found")?
    } else {
        args.model.clone().into()
    };
    let net = Arc::new(NetEvaluator::load(&file).map_err(|e| format!("{}: {e}", file.display()))?);
    let rounds: Vec<[Sums; BUCKETS]> = (0..args.rounds)
        .into_par_iter()
        .map(|i| score_round(&rules, &net, &args, i))
        .collect::<Result<_, _>>()?;
    println!(
        "source {:?}, {} rounds, seed {}, {} believed deals a position, model {}",
        args.source,
        args.rounds,
        args.seed,
        args.deals,
        file.display()
    );
    println!(
        "| tiles down | positions | mse net | mse rollouts | mse mix 0.75 | best λ (mean of {}) | mse one rollout | mse mix 0.75, one | best λ (one rollout) |",
        args.deals
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut json = Vec::new();
    let mut total = Sums::default();
    for b in 0..=BUCKETS {
        let (s, name) = if b < BUCKETS {
            let mut s = Sums::default();
            rounds.iter().for_each(|r| s.add(&r[b]));
            total.add(&s);
            let name = if b + 1 < BUCKETS {
                format!("{}-{}", 5 * b, 5 * b + 4)
            } else {
                format!("{}+", 5 * b)
            };
            (s, name)
        } else {
            (total, "all".to_string())
        };
        let (best, err, best1, err1) = if b < BUCKETS {
            let (x, e) = best_with_error(&rounds, b, false);
            let (y, f) = best_with_error(&rounds, b, true);
            (x, e, y, f)
        } else {
            (s.best(false), f64::NAN, s.best(true), f64::NAN)
        };
        let n = s.n.max(1.0);
        println!(
            "| {name} | {} | {:.4} | {:.4} | {:.4} | {best:.2} ± {err:.2} | {:.4} | {:.4} | {best1:.2} ± {err1:.2} |",
            s.n,
            s.av2 / n,
            s.ar2 / n,
            s.mse(0.75, false),
            s.ar12 / n,
            s.mse(0.75, true),
        );
        json.push(serde_json::json!({
            "tiles_down": name, "positions": s.n, "mse_net": s.av2 / n, "mse_rollouts": s.ar2 / n,
            "mse_mix075": s.mse(0.75, false), "best_lambda": best, "best_lambda_se": err,
            "mse_one_rollout": s.ar12 / n, "mse_mix075_one": s.mse(0.75, true),
            "best_lambda_one": best1, "best_lambda_one_se": err1,
        }));
    }
    if let Some(path) = &args.json {
        std::fs::write(path, serde_json::to_string_pretty(&json).unwrap())
            .map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("leaf_values: {e}");
            ExitCode::FAILURE
        }
    }
}
