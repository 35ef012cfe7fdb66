//! A network's beliefs fitted to recorded rounds (`capicua fit-beliefs`).
//!
//! The shipped network learned where the hidden tiles are from a mixture of heuristic players
//! and old self-play; the agent reads whoever sits at its table, and as a pair its partner is
//! itself, whose style that mixture never held. Seeing the partner's hand is worth about +4
//! points a round to the pair at 10 ms a move (eval/results/session68/), so beliefs fitted to
//! the rounds the agent actually plays may read its partner better. Only the belief loss is
//! trained: the fitted network serves as a belief model beside the search's own network
//! (`bmodel=` in a spec), whose priors and values stay as they were.

use capicua_engine::{Move, Round};
use capicua_net::encoding::true_places;
use capicua_net::{Losses, Network, Observation, TrainConfig};
use indicatif::ProgressBar;

use crate::distil::Ending;
use crate::error::TrainError;
use crate::replay::{Sample, ValueBlend};
pub use crate::training::{BeliefFigures, belief_figures};
use crate::training::{Passes, train_passes};

/// The sample of the decision at `round`, where the seat to move played `played`: the belief
/// target is the true deal; the policy target (the move played) and the value targets (how
/// the round ended) ride along for completeness but are not trained. `None` when `played`
/// has no action index.
pub fn decision_sample(round: &Round, played: Move, ending: Ending, scale: f32) -> Option<Sample> {
    let info = round.infoset(round.to_move());
    let mut legal = 0u128;
    for mv in round.legal_moves().iter() {
        legal |= 1u128 << mv.action_index()?;
    }
    let chosen = played.action_index()?;
    // one share a legal action, in ascending action order: all on the move played
    let shares: Vec<f64> = (0..128)
        .filter(|a| legal >> a & 1 == 1)
        .map(|a| if a == chosen { 1.0 } else { 0.0 })
        .collect();
    Some(Sample {
        obs: Observation::from_infoset(&info),
        legal,
        policy: Sample::quantise(&shares),
        outcome: ending.outcome,
        margin: ending.points / scale,
        places: true_places(&info, &round.state().hands),
        solved: None,
        searched: None,
    })
}

/// The fit's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct BeliefFitConfig {
    /// Passes over the training samples (fractions allowed).
    pub epochs: f64,
    pub batch_size: usize,
    pub learning_rate: f64,
    pub weight_decay: f32,
    /// Seed of the batches' draws.
    pub seed: u64,
}

impl Default for BeliefFitConfig {
    fn default() -> Self {
        BeliefFitConfig {
            epochs: 2.0,
            batch_size: 256,
            learning_rate: 1e-4,
            weight_decay: 1e-4,
            seed: 68,
        }
    }
}

/// What a fit did.
#[derive(Clone, Debug, PartialEq)]
pub struct BeliefFitReport {
    pub steps: u64,
    /// Mean training losses over the steps (only `belief` is trained).
    pub losses: Losses,
    /// On the held-out samples, before and after.
    pub before: BeliefFigures,
    pub after: BeliefFigures,
}

/// Trains the beliefs of `init` on `train` by `config`, measuring them on `held_out` before
/// and after; returns the fitted network.
pub fn fit_beliefs(
    init: &Network,
    train: &[Sample],
    held_out: &[Sample],
    config: &BeliefFitConfig,
    pb: &ProgressBar,
) -> Result<(Network, BeliefFitReport), TrainError> {
    if init.shape().beliefs == 0 {
        return Err(TrainError::Config(
            "the network has no belief output to fit".into(),
        ));
    }
    if train.is_empty() {
        return Err(TrainError::Config(
            "no samples to fit the beliefs to".into(),
        ));
    }
    let held: Vec<&Sample> = held_out.iter().collect();
    let before = belief_figures(init, &held);
    let weights = TrainConfig {
        learning_rate: config.learning_rate,
        weight_decay: config.weight_decay,
        policy_weight: 0.0,
        win_weight: 0.0,
        margin_weight: 0.0,
        belief_weight: 1.0,
        ..TrainConfig::default()
    };
    let passes = Passes {
        epochs: config.epochs,
        batch_size: config.batch_size,
        seed: config.seed,
        blend: ValueBlend::OUTCOME,
    };
    let (network, steps, losses) = train_passes(init, train, weights, passes, pb)?;
    let after = belief_figures(&network, &held);
    Ok((
        network,
        BeliefFitReport {
            steps,
            losses,
            before,
            after,
        },
    ))
}

#[cfg(test)]
mod tests {
    use capicua_engine::{Deal, Rng, Rules};
    use capicua_net::encoding::BELIEF_SIZE;
    use capicua_net::{ENCODING_VERSION, INPUT_SIZE, ModelShape, POLICY_SIZE, margin_scale};

    use super::*;

    /// Every decision of `n` rounds where every seat leads with its highest tile it can play
    /// (a style the beliefs can learn: what a seat keeps says what it lacks).
    fn samples(n: usize, seed: u64) -> Vec<Sample> {
        let rules = Rules::preset("cuban").unwrap();
        let scale = margin_scale(&rules);
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for _ in 0..n {
            let deal = Deal::random(&rules, &mut rng);
            let mut round = Round::new(&rules, deal, rng.below(4) as u8, None).unwrap();
            while round.result().is_none() {
                let legal = round.legal_moves();
                let mv = *legal
                    .iter()
                    .max_by_key(|m| m.tile().map_or(0, |t| t.pips()))
                    .unwrap();
                if legal.len() >= 2 {
                    let ending = Ending {
                        outcome: 1,
                        points: 0.0,
                    };
                    out.push(decision_sample(&round, mv, ending, scale).unwrap());
                }
                round.play(mv).unwrap();
            }
        }
        out
    }

    #[test]
    fn a_decision_sample_holds_the_true_deal_and_the_move_played() {
        let rules = Rules::preset("cuban").unwrap();
        let mut rng = Rng::new(4);
        let mut round = Round::new(&rules, Deal::random(&rules, &mut rng), 1, None).unwrap();
        for _ in 0..5 {
            let mv = round.legal_moves()[0];
            round.play(mv).unwrap();
        }
        let legal = round.legal_moves();
        let played = legal[legal.len() - 1];
        let won = Ending {
            outcome: 2,
            points: 30.0,
        };
        let s = decision_sample(&round, played, won, 45.0).unwrap();
        let info = round.infoset(round.to_move());
        assert_eq!(s.places, true_places(&info, &round.state().hands));
        assert_eq!(s.legal.count_ones() as usize, legal.len());
        let mut target = vec![0.0f32; POLICY_SIZE];
        let mut mask = vec![false; POLICY_SIZE];
        s.policy_target(&mut target, &mut mask);
        assert_eq!(target[played.action_index().unwrap()], 1.0);
        assert_eq!((s.outcome, s.margin), (2, 30.0 / 45.0));
    }

    #[test]
    fn fitting_lowers_the_held_out_belief_loss() {
        let (train, held) = (samples(300, 1), samples(40, 2));
        let shape =
            ModelShape::with_hidden(INPUT_SIZE, &[32], POLICY_SIZE).with_beliefs(BELIEF_SIZE);
        let net = Network::new(shape.clone(), ENCODING_VERSION, 7).unwrap();
        let config = BeliefFitConfig {
            epochs: 3.0,
            batch_size: 64,
            learning_rate: 1e-3,
            ..BeliefFitConfig::default()
        };
        let (fitted, report) =
            fit_beliefs(&net, &train, &held, &config, &ProgressBar::hidden()).unwrap();
        assert!(
            report.after.overall_loss() < report.before.overall_loss() - 0.015,
            "{report:?}"
        );
        let all: Vec<&Sample> = held.iter().collect();
        assert_eq!(report.after, belief_figures(&fitted, &all));
        // every hidden tile is counted once by phase and once by place
        let f = report.after;
        assert_eq!(
            f.tiles.iter().sum::<u64>(),
            f.place_tiles.iter().sum::<u64>()
        );
        assert!(f.place_tiles.iter().all(|&n| n > 0), "{f:?}");
        // a network without beliefs, or nothing to train on, is refused
        let plain = Network::new(
            ModelShape::with_hidden(INPUT_SIZE, &[8], POLICY_SIZE),
            ENCODING_VERSION,
            1,
        )
        .unwrap();
        assert!(fit_beliefs(&plain, &train, &held, &config, &ProgressBar::hidden()).is_err());
        assert!(fit_beliefs(&net, &[], &held, &config, &ProgressBar::hidden()).is_err());
    }
}
