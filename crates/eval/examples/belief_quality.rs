//! Scores belief estimators on held-out rounds (see `capicua_eval::belief_quality`): the
//! uniform sampler, policy-based inference with a network and, for a network with a belief
//! output, that output (`learned`) and the believed-deal sampler's marginals (`believed`);
//! then times one policy inference at mid-round. Prints the scores by phase, then split by who
//! holds the tile (partner, opponents, out of play).
//!
//! ```text
//! cargo run --release -p capicua-eval --example belief_quality -- \
//!     --rounds 200 --source counting --samples 1000 --policy-samples 200 --seed 9001
//! ```
//!
//! Options: `--rounds N`, `--source counting|SPEC` (the player spec of all four seats),
//! `--samples N` (uniform draws; 0: the exact uniform marginals), `--policy-samples N` (0: no
//! policy estimator), `--floor P`, `--temperature T`, `--model PATH|none` (default: the shipped model), `--seed S`,
//! `--every-seat` (score every seat's decisions, not one seat's per round), `--json PATH`,
//! `--combined-samples N` (also policy inference over N believed deals, at `--floor` and
//! `--temperature`; 0, the default: not), `--counting-samples N` (also the issue's prototype:
//! N uniform deals weighted by the likelihood of the other seats' moves under `counting`'s own
//! policy, `capicua_eval::counting_inference`; 0, the default: not), `--policy-model
//! PATH|counting` (the model of the players in the combined estimator: another network's
//! policy, or `counting`'s own at the prototype's floor; default: the `--model`'s policy),
//! `--prior proposal|product` (how the combined estimator weighs its believed deals,
//! `capicua_net::PriorUse`; default: proposal), `--shrink K` (inference's frequencies blended
//! with its sampler's exact marginals counted as K effective deals; default 0), `--chain N`
//! (every inference estimator runs N Metropolis steps after its draws, its marginals the
//! chain's frequencies, `PolicyInference::chain`; default 0).

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use capicua_engine::{Rng, Rules};
use capicua_eval::belief_quality::{
    BeliefEstimator, CombinedEstimator, Decisions, LearnedEstimator, PolicyEstimator,
    QualityConfig, RoundSource, UniformEstimator, play_round, run_quality,
};
use capicua_eval::counting_inference::{COUNTING_FLOOR, CountingPolicy, counting_inference};
use capicua_net::{
    NetEvaluator, PlayPolicy, PolicyInference, PriorUse, SHIPPED_MODEL, shipped_model_path,
};

struct Args {
    rounds: usize,
    source: RoundSource,
    samples: usize,
    policy: PolicyInference,
    model: Option<String>,
    seed: u64,
    decisions: Decisions,
    json: Option<String>,
    /// Also score policy inference over believed deals (`--combined-samples N`, 0: not).
    combined: usize,
    /// Also score `counting`-policy inference (`--counting-samples N`, 0: not).
    counting: usize,
    /// The combined estimator's model of the players: a network file, `counting`, or (None)
    /// the `--model`'s policy.
    policy_model: Option<String>,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        rounds: 200,
        source: RoundSource::Counting,
        samples: 1000,
        policy: PolicyInference {
            samples: 200,
            ..PolicyInference::default()
        },
        model: Some(SHIPPED_MODEL.to_string()),
        seed: 9001,
        decisions: Decisions::OneSeat,
        json: None,
        combined: 0,
        counting: 0,
        policy_model: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--every-seat" {
            a.decisions = Decisions::EverySeat;
            continue;
        }
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<f64>().map_err(|e| format!("{flag} {v}: {e}"));
        let count = |v: &str| v.parse::<usize>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--rounds" => a.rounds = count(&value)?,
            "--source" if value == "counting" => a.source = RoundSource::Counting,
            "--source" => a.source = RoundSource::Spec(value),
            "--samples" => a.samples = count(&value)?,
            "--policy-samples" => a.policy.samples = count(&value)?,
            "--floor" => a.policy.floor = number(&value)?,
            "--temperature" => a.policy.temperature = number(&value)?,
            "--model" if value == "none" => a.model = None,
            "--model" => a.model = Some(value),
            "--seed" => a.seed = value.parse().map_err(|e| format!("--seed {value}: {e}"))?,
            "--json" => a.json = Some(value),
            "--combined-samples" => a.combined = count(&value)?,
            "--counting-samples" => a.counting = count(&value)?,
            "--policy-model" => a.policy_model = Some(value),
            "--shrink" => a.policy.shrink = number(&value)?,
            "--chain" => a.policy.chain = count(&value)?,
            "--prior" if value == "proposal" => a.policy.prior = PriorUse::Proposal,
            "--prior" if value == "product" => a.policy.prior = PriorUse::Product,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(a)
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("belief_quality: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args = parse()?;
    let uniform = UniformEstimator {
        samples: args.samples,
    };
    let net = match &args.model {
        Some(path) => Some(load(path)?),
        None => None,
    };
    let policy = match (&net, args.policy.samples) {
        (Some((net, label)), n) if n > 0 => Some(PolicyEstimator {
            inference: args.policy,
            policy: (**net).clone(),
            label: label.clone(),
        }),
        _ => None,
    };
    let learned: Vec<LearnedEstimator> = match &net {
        Some((net, label)) if net.has_beliefs() => [false, true]
            .into_iter()
            .map(|believed| LearnedEstimator {
                net: net.clone(),
                believed,
                label: label.clone(),
            })
            .collect(),
        _ => Vec::new(),
    };
    let combined = match &net {
        Some((net, label)) if net.has_beliefs() && args.combined > 0 => {
            let (policy, policy_label, floor): (Box<dyn PlayPolicy + Send>, String, f64) =
                match args.policy_model.as_deref() {
                    Some("counting") => {
                        (Box::new(CountingPolicy), "counting".into(), COUNTING_FLOOR)
                    }
                    Some(path) => {
                        let (policy, label) = load(path)?;
                        (Box::new((*policy).clone()), label, args.policy.floor)
                    }
                    None => (Box::new((**net).clone()), label.clone(), args.policy.floor),
                };
            Some(CombinedEstimator {
                net: net.clone(),
                policy,
                inference: PolicyInference {
                    samples: args.combined,
                    floor,
                    ..args.policy
                },
                label: label.clone(),
                policy_label,
            })
        }
        _ => None,
    };
    let counting = (args.counting > 0).then(|| PolicyEstimator {
        inference: PolicyInference {
            chain: args.policy.chain,
            ..counting_inference(args.counting)
        },
        policy: CountingPolicy,
        label: "counting".into(),
    });
    let mut estimators: Vec<&dyn BeliefEstimator> = vec![&uniform];
    if let Some(c) = &counting {
        estimators.push(c);
    }
    if let Some(c) = &combined {
        estimators.push(c);
    }
    if let Some(p) = &policy {
        estimators.push(p);
    }
    for l in &learned {
        estimators.push(l);
    }
    let cfg = QualityConfig {
        rules: Rules::cuban(),
        rounds: args.rounds,
        source: args.source.clone(),
        seed: args.seed,
        decisions: args.decisions,
    };
    let start = Instant::now();
    let table = run_quality(&cfg, &estimators).map_err(|e| e.to_string())?;
    println!(
        "cuban, {} rounds of {}, seed {}, {:?} decisions ({:.1} s)\n",
        table.rounds,
        table.source,
        table.seed,
        table.decisions,
        start.elapsed().as_secs_f64()
    );
    print!("{}", table.markdown());
    if let Some(path) = &args.json {
        std::fs::write(path, table.to_json()).map_err(|e| format!("{path}: {e}"))?;
    }
    if let Some(p) = &policy {
        time_mid_round(&cfg, p)?;
    }
    Ok(())
}

/// A network file (or the shipped model) and the name tables give it.
fn load(path: &str) -> Result<(Arc<NetEvaluator>, String), String> {
    let file = if path == SHIPPED_MODEL {
        shipped_model_path().ok_or("no shipped model found")?
    } else {
        path.into()
    };
    let net = NetEvaluator::load(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let label = file
        .file_stem()
        .map_or("net".into(), |s| s.to_string_lossy().into_owned());
    Ok((Arc::new(net), label))
}

/// Times one inference (one thread) at the first decision with 20 or more tiles on the table.
fn time_mid_round(cfg: &QualityConfig, p: &PolicyEstimator<NetEvaluator>) -> Result<(), String> {
    let spec = cfg.source.spec().map_err(|e| e.to_string())?;
    let record = play_round(&cfg.rules, &spec, cfg.seed, 0).map_err(|e| e.to_string())?;
    let position = (0..record.moves.len()).find_map(|k| {
        let table = record.replay(k).ok()?;
        let info = table.view(table.to_move());
        (info.played().len() >= 20 && table.legal_moves().len() >= 2).then(|| info.clone())
    });
    let Some(info) = position else {
        return Ok(());
    };
    println!(
        "\none inference at mid-round ({} tiles on the table, {} moves):",
        info.played().len(),
        info.history().len()
    );
    for samples in [200, 1000] {
        let inference = PolicyInference {
            samples,
            ..p.inference
        };
        let mut rng = Rng::new(cfg.seed);
        let start = Instant::now();
        let reps = 3;
        let mut ess = 0.0;
        for _ in 0..reps {
            ess = inference
                .infer(&p.policy, &info, &mut rng)
                .map_err(|e| e.to_string())?
                .ess;
        }
        println!(
            "  {samples} samples: {:.1} ms (ESS {:.0})",
            1000.0 * start.elapsed().as_secs_f64() / reps as f64,
            ess
        );
    }
    Ok(())
}
