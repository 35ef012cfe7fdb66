//! Distillation of a long search into the policy, at decisions the agent met in play
//! (`capicua distil`).
//!
//! Self-play targets come from searches of a few hundred to a few thousand iterations, whose
//! visits mostly repeat the prior; the agent's costly errors at 10 ms a move are decisions
//! where the prior's favourite is wrong and a short search keeps it
//! (`eval/results/tm54/prior_analysis.txt`). A search tens of times longer, at the positions
//! the agent itself reaches, says where the prior should move. Training starts from a given
//! network (the labelled positions are far too few to learn from scratch) and its value and
//! belief heads keep learning beside the policy, so that the shared trunk serves all three.

use capicua_engine::{Move, Round, RoundResult, Rules};
use capicua_net::encoding::true_places;
use capicua_net::{Losses, Network, Observation, POLICY_SIZE, TrainConfig};
use indicatif::ProgressBar;

use crate::error::TrainError;
use crate::replay::{Sample, ValueBlend};
use crate::training::{Passes, cross_entropy, make_batch, train_passes};

/// The teacher's answer at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Teaching {
    /// Each legal move with the teacher's visits (any non-negative weights).
    pub visits: Vec<(Move, f64)>,
    /// The teacher's estimate for the mover's side: the win probability (ties half) and the
    /// margin in points of its most visited move.
    pub estimate: Option<(f32, f32)>,
}

/// How the round the decision belongs to ended, for the mover's side.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Ending {
    /// 0 loss, 1 tie, 2 win.
    pub outcome: u8,
    /// Points won (negative: lost).
    pub points: f32,
}

impl Ending {
    /// `side`'s ending of a round that ended with `result`, after `pending_ties` tied rounds.
    pub fn of(result: &RoundResult, rules: &Rules, pending_ties: u32, side: u8) -> Ending {
        let points = result.points(rules, pending_ties) as f32;
        match result.winner {
            None => Ending {
                outcome: 1,
                points: 0.0,
            },
            Some(w) if w == side => Ending { outcome: 2, points },
            Some(_) => Ending {
                outcome: 0,
                points: -points,
            },
        }
    }
}

/// A training sample of the decision at `round` (the seat to move's information set, the
/// true deal for the belief target): the policy target is the teacher's visit shares, the
/// value targets the round's end and the teacher's estimate (blended in training,
/// [`DistilConfig::estimate_weight`]); `scale` is the variant's margin scale.
///
/// Returns `None` when a legal move is missing from the teacher's answer or has no action
/// index: the answer belongs to another position.
pub fn teacher_sample(
    round: &Round,
    teaching: &Teaching,
    ending: Ending,
    scale: f32,
) -> Option<Sample> {
    let seat = round.to_move();
    let info = round.infoset(seat);
    let legal = round.legal_moves();
    if legal.len() != teaching.visits.len() {
        return None;
    }
    let mut actions = Vec::with_capacity(legal.len());
    for &mv in legal.iter() {
        let (_, v) = teaching.visits.iter().find(|(m, _)| *m == mv)?;
        actions.push((mv.action_index()?, v.max(0.0)));
    }
    actions.sort_unstable_by_key(|a| a.0);
    let shares: Vec<f64> = actions.iter().map(|a| a.1).collect();
    Some(Sample {
        obs: Observation::from_infoset(&info),
        legal: actions.iter().fold(0u128, |m, a| m | 1u128 << a.0),
        policy: Sample::quantise(&shares),
        outcome: ending.outcome,
        margin: ending.points / scale,
        places: true_places(&info, &round.state().hands),
        solved: None,
        searched: teaching.estimate.map(|(w, m)| (w, m / scale)),
    })
}

/// The training's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct DistilConfig {
    /// Passes over the training samples (fractions allowed).
    pub epochs: f64,
    pub batch_size: usize,
    pub learning_rate: f64,
    pub weight_decay: f32,
    pub win_weight: f32,
    pub margin_weight: f32,
    pub belief_weight: f32,
    /// Weight of the teacher's estimate in the value targets, the round's outcome the rest.
    pub estimate_weight: f32,
    /// Seed of the batches' draws.
    pub seed: u64,
}

impl Default for DistilConfig {
    fn default() -> Self {
        DistilConfig {
            epochs: 4.0,
            batch_size: 256,
            learning_rate: 1e-4,
            weight_decay: 1e-4,
            win_weight: 0.25,
            margin_weight: 0.25,
            belief_weight: 1.0,
            estimate_weight: 0.5,
            seed: 55,
        }
    }
}

/// How close a network's policy is to the teacher on some samples.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Agreement {
    /// Mean cross-entropy of the teacher's shares against the network's prior, nats.
    pub cross_entropy: f64,
    /// Share of samples where the prior's top move is the teacher's most visited one.
    pub top1: f64,
}

/// What a distillation did.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct DistilReport {
    pub steps: u64,
    /// Mean training losses over the steps.
    pub losses: Losses,
    /// On the held-out samples, before and after.
    pub before: Agreement,
    pub after: Agreement,
    /// On the training samples, before and after: how far the network fits what it was
    /// shown, to set against `after` (what carries to decisions it was not shown).
    pub fit_before: Agreement,
    pub fit_after: Agreement,
}

/// The policy of `network` against the teacher's shares of `samples`.
pub fn agreement(network: &Network, samples: &[&Sample]) -> Agreement {
    if samples.is_empty() {
        return Agreement::default();
    }
    // in chunks, so that agreement with tens of thousands of training samples stays small
    const CHUNK: usize = 4096;
    let (mut ce, mut top1) = (0.0, 0.0);
    for chunk in samples.chunks(CHUNK) {
        let b = make_batch(chunk, 0..chunk.len(), false, ValueBlend::OUTCOME);
        let (priors, _, _) = network.evaluate_batch(&b.inputs, &b.legal, b.batch);
        for i in 0..b.batch {
            let row = i * POLICY_SIZE..(i + 1) * POLICY_SIZE;
            let (target, prior, legal) =
                (&b.policy[row.clone()], &priors[row.clone()], &b.legal[row]);
            ce += cross_entropy(target, prior);
            let argmax = |v: &[f32]| {
                (0..POLICY_SIZE)
                    .filter(|&a| legal[a])
                    .fold(None, |best: Option<usize>, a| match best {
                        Some(b) if v[b] >= v[a] => Some(b),
                        _ => Some(a),
                    })
            };
            top1 += (argmax(target) == argmax(prior)) as u8 as f64;
        }
    }
    let n = samples.len() as f64;
    Agreement {
        cross_entropy: ce / n,
        top1: top1 / n,
    }
}

/// Trains `init` on `train` by `config`, measuring its agreement with the teacher on
/// `held_out` before and after; returns the trained network.
pub fn distil(
    init: &Network,
    train: &[Sample],
    held_out: &[Sample],
    config: &DistilConfig,
    pb: &ProgressBar,
) -> Result<(Network, DistilReport), TrainError> {
    if train.is_empty() {
        return Err(TrainError::Config("no samples to distil from".into()));
    }
    let held: Vec<&Sample> = held_out.iter().collect();
    let pool: Vec<&Sample> = train.iter().collect();
    let (before, fit_before) = (agreement(init, &held), agreement(init, &pool));
    let weights = TrainConfig {
        learning_rate: config.learning_rate,
        weight_decay: config.weight_decay,
        policy_weight: 1.0,
        win_weight: config.win_weight,
        margin_weight: config.margin_weight,
        belief_weight: config.belief_weight,
        ..TrainConfig::default()
    };
    let passes = Passes {
        epochs: config.epochs,
        batch_size: config.batch_size,
        seed: config.seed,
        blend: ValueBlend {
            solved: 0.0,
            searched: config.estimate_weight,
        },
    };
    let (network, steps, losses) = train_passes(init, train, weights, passes, pb)?;
    let after = agreement(&network, &held);
    let fit_after = agreement(&network, &pool);
    Ok((
        network,
        DistilReport {
            steps,
            losses,
            before,
            after,
            fit_before,
            fit_after,
        },
    ))
}

#[cfg(test)]
mod tests {
    use capicua_engine::{Deal, Rng};
    use capicua_net::encoding::BELIEF_SIZE;
    use capicua_net::{ENCODING_VERSION, INPUT_SIZE, ModelShape, margin_scale};

    use super::*;

    /// Rounds of random play stopped at a random decision with two or more legal moves.
    fn decisions(n: usize, seed: u64) -> Vec<Round> {
        let rules = Rules::preset("cuban").unwrap();
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        while out.len() < n {
            let deal = Deal::random(&rules, &mut rng);
            let mut round = Round::new(&rules, deal, rng.below(4) as u8, None).unwrap();
            let stop = rng.below(30);
            let mut k = 0;
            while round.result().is_none() {
                let legal = round.legal_moves();
                if legal.len() >= 2 && k >= stop {
                    out.push(round);
                    break;
                }
                k += 1;
                let mv = rng.pick(&legal);
                round.play(mv).unwrap();
            }
        }
        out
    }

    /// The teacher favours the legal move of highest action index, three to one.
    fn teaching(round: &Round) -> Teaching {
        let legal = round.legal_moves();
        let top = legal
            .iter()
            .copied()
            .max_by_key(|m| m.action_index())
            .unwrap();
        Teaching {
            visits: legal
                .iter()
                .map(|&m| (m, if m == top { 3.0 } else { 1.0 }))
                .collect(),
            estimate: Some((0.75, 12.0)),
        }
    }

    const WON: Ending = Ending {
        outcome: 2,
        points: 30.0,
    };

    #[test]
    fn a_teacher_sample_holds_the_teachers_shares_the_ending_and_the_true_deal() {
        let rules = Rules::preset("cuban").unwrap();
        let scale = margin_scale(&rules);
        for round in decisions(20, 1) {
            let t = teaching(&round);
            let s = teacher_sample(&round, &t, WON, scale).unwrap();
            let legal = round.legal_moves();
            let n = legal.len() as f64;
            let mut actions: Vec<usize> = legal.iter().map(|m| m.action_index().unwrap()).collect();
            actions.sort_unstable();
            assert_eq!(s.legal.count_ones() as usize, legal.len());
            // the top move's share is 3 / (n + 2), in ascending action order it comes last
            let want = Sample::quantise(
                &(0..legal.len())
                    .map(|i| if i + 1 == legal.len() { 3.0 } else { 1.0 } / (n + 2.0))
                    .collect::<Vec<_>>(),
            );
            assert_eq!(s.policy, want);
            let info = round.infoset(round.to_move());
            assert_eq!(s.places, true_places(&info, &round.state().hands));
            assert_eq!((s.outcome, s.margin), (2, 30.0 / scale));
            assert_eq!(s.searched, Some((0.75, 12.0 / scale)));
        }
    }

    #[test]
    fn a_teaching_of_another_position_makes_no_sample() {
        let rules = Rules::preset("cuban").unwrap();
        let round = &decisions(1, 2)[0];
        let mut t = teaching(round);
        t.visits.pop();
        assert!(teacher_sample(round, &t, WON, margin_scale(&rules)).is_none());
    }

    #[test]
    fn distilling_moves_the_prior_towards_the_teacher() {
        let rules = Rules::preset("cuban").unwrap();
        let scale = margin_scale(&rules);
        let samples: Vec<Sample> = decisions(60, 3)
            .iter()
            .map(|r| teacher_sample(r, &teaching(r), WON, scale).unwrap())
            .collect();
        let shape =
            ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE).with_beliefs(BELIEF_SIZE);
        let net = Network::new(shape, ENCODING_VERSION, 7).unwrap();
        let config = DistilConfig {
            epochs: 40.0,
            batch_size: 16,
            learning_rate: 1e-2,
            ..DistilConfig::default()
        };
        let (_, report) =
            distil(&net, &samples, &samples, &config, &ProgressBar::hidden()).unwrap();
        assert_eq!(report.steps, 150);
        assert!(
            report.after.cross_entropy < report.before.cross_entropy - 0.05,
            "{report:?}"
        );
        assert!(report.after.top1 > report.before.top1 + 0.2, "{report:?}");
        assert!(distil(&net, &[], &samples, &config, &ProgressBar::hidden()).is_err());
        // the fit is measured on the training samples, before and after
        let (trained, report) = distil(
            &net,
            &samples,
            &samples[..10],
            &config,
            &ProgressBar::hidden(),
        )
        .unwrap();
        let all: Vec<&Sample> = samples.iter().collect();
        assert_eq!(report.fit_before, agreement(&net, &all));
        assert_eq!(report.fit_after, agreement(&trained, &all));
        assert!(
            report.fit_after.top1 > report.fit_before.top1 + 0.2,
            "{report:?}"
        );
    }
}
