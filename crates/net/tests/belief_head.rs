//! The belief output: on random rounds of every variant, a network with beliefs (random
//! weights, so every logit is different) gives each tile its seat has not seen a distribution
//! over the places it can be in, and nothing anywhere else.

use capicua_engine::{Match, Rng, Rules, Table, Tile, VARIANTS};
use capicua_net::encoding::{BELIEF_SIZE, PLACES, true_places};
use capicua_net::{
    ENCODING_VERSION, INPUT_SIZE, ModelShape, NetEvaluator, Network, Observation, POLICY_SIZE,
};

fn evaluator(seed: u64) -> NetEvaluator {
    let shape = ModelShape::with_hidden(INPUT_SIZE, &[32], POLICY_SIZE).with_beliefs(BELIEF_SIZE);
    NetEvaluator::new(&Network::new(shape, ENCODING_VERSION, seed).unwrap()).unwrap()
}

#[test]
fn beliefs_are_distributions_over_the_possible_places() {
    let net = evaluator(3);
    assert!(net.has_beliefs());
    let mut checked = 0;
    for (v, name) in VARIANTS.iter().enumerate() {
        let rules = Rules::preset(name).unwrap();
        let mut rng = Rng::new(v as u64);
        for round_no in 0..4 {
            let round = Match::new(&rules, rng.next_u64()).deal_round();
            let mut table = Table::new(round, Default::default());
            while !table.is_over() {
                let s = table.to_move();
                let info = table.view(s);
                let obs = Observation::from_infoset(info);
                let probs = net.beliefs(&obs).expect("the network has beliefs");
                let possible = obs.belief_places();
                let truth = true_places(info, &table.round().state().hands);
                let unseen = info.unseen();
                for t in 0..55 {
                    let row = probs[t];
                    let hidden = unseen.contains(Tile::from_index(t));
                    if !hidden {
                        assert_eq!(row, [0.0; PLACES], "{name}: seen tile {t} has a belief");
                        assert_eq!(truth[t], 0);
                        continue;
                    }
                    let sum: f32 = row.iter().sum();
                    assert!((sum - 1.0).abs() < 1e-5, "{name}: tile {t} sums to {sum}");
                    for (q, &p) in row.iter().enumerate() {
                        if possible[t] & 1 << q == 0 {
                            assert_eq!(p, 0.0, "{name}: tile {t} impossible place {q}");
                        }
                    }
                    // the true place is always one the observer thinks possible
                    assert!(truth[t] >= 1, "{name}: hidden tile {t} has no true place");
                    assert!(
                        possible[t] & 1 << (truth[t] - 1) != 0,
                        "{name} round {round_no}: tile {t} is where the observer rules it out"
                    );
                    checked += 1;
                }
                // absolute weights for the sampler: nothing on the observer's own seat
                let weights = net.place_weights_of(info).unwrap();
                for t in unseen.iter() {
                    assert_eq!(weights.get(t)[s as usize], 0.0);
                }
                let legal = table.legal_moves();
                let mv = rng.pick(&legal);
                table.play(mv).unwrap();
            }
        }
    }
    assert!(checked > 1000, "only {checked} tiles checked");
}

#[test]
fn a_network_without_beliefs_has_none_and_the_old_encoding_is_refused() {
    let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE);
    let net = NetEvaluator::new(&Network::new(shape, ENCODING_VERSION, 1).unwrap()).unwrap();
    assert!(!net.has_beliefs());
    let rules = Rules::cuban();
    let round = Match::new(&rules, 1).deal_round();
    assert!(
        net.beliefs(&Observation::from_infoset(&round.infoset(0)))
            .is_none()
    );

    // a version-1 model (336 inputs, no order of play) is refused with the versions named
    let old = ModelShape::with_hidden(336, &[16], POLICY_SIZE);
    let err = NetEvaluator::new(&Network::new(old, 1, 1).unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "input encoding version mismatch: the file has version 1, expected {ENCODING_VERSION}"
        )
    );
}

#[test]
fn batch_inference_of_a_model_with_beliefs_reads_the_value_columns() {
    let shape = ModelShape::with_hidden(INPUT_SIZE, &[32], POLICY_SIZE).with_beliefs(BELIEF_SIZE);
    let network = Network::new(shape, ENCODING_VERSION, 5).unwrap();
    let fast = NetEvaluator::new(&network).unwrap();
    let rules = Rules::cuban();
    let round = Match::new(&rules, 2).deal_round();
    let info = round.infoset(round.first());
    let obs = Observation::from_infoset(&info);
    let legal: Vec<usize> = info
        .legal_moves()
        .iter()
        .filter_map(|m| m.action_index())
        .collect();
    let mut flags = vec![false; POLICY_SIZE];
    legal.iter().for_each(|&a| flags[a] = true);
    // a batch of two: the second row is read at the full output width
    let other = Observation::from_infoset(&round.infoset((round.first() + 1) % 4));
    let inputs = [other.encoded(), obs.encoded()].concat();
    let (slow_priors, slow_win, slow_margin) =
        network.evaluate_batch(&inputs, &[flags.clone(), flags].concat(), 2);
    let mut priors = [0.0f32; POLICY_SIZE];
    let (win, margin) = fast.evaluate_observation(&obs, legal.iter().copied(), &mut priors);
    assert!((slow_win[1] - win).abs() < 1e-4, "{} vs {win}", slow_win[1]);
    assert!(
        (slow_margin[1] - margin).abs() < 1e-4,
        "{} vs {margin}",
        slow_margin[1]
    );
    for a in legal {
        assert!((slow_priors[POLICY_SIZE + a] - priors[a]).abs() < 1e-4);
    }
}
