//! The believed-deal sampler: every deal it draws is consistent with the information set
//! whatever the weights; with unit weights it is the uniform sampler; with other weights its
//! draws and its exact marginals follow the product of the weights, checked against full
//! enumeration on small positions and by chi-square on larger ones.

mod common;

use std::collections::HashMap;

use capicua_engine::variant::FirstLead;
use capicua_engine::{
    BeliefSampler, DealSampler, InfoSet, MoveList, PlaceWeights, Redeal, Rng, Rules, Sampler, Tile,
    TileSet, VARIANTS,
};
use common::{check_deal, enumerate, position, random_round};
use proptest::prelude::*;

const OUT: usize = PlaceWeights::OUT;

/// Random weights: mostly in (0, 1], some near zero, some exactly zero, and a few unusable
/// (negative, infinite, NaN), which the sampler reads as 0.
fn random_weights(rng: &mut Rng) -> PlaceWeights {
    let mut w = PlaceWeights::uniform();
    for i in 0..55 {
        let row = std::array::from_fn(|_| match rng.below(100) {
            0..10 => 1e-12,
            10..15 => 0.0,
            15 => -1.0,
            16 => f64::INFINITY,
            17 => f64::NAN,
            _ => rng.unit() + 1e-3,
        });
        w.set(Tile::from_index(i), row);
    }
    w
}

/// Weights in [0.02, 1], well above the floor, so the believed distribution is exactly the
/// product of these numbers.
fn skewed_weights(seed: u64) -> PlaceWeights {
    let mut rng = Rng::new(seed);
    let mut w = PlaceWeights::uniform();
    for i in 0..55 {
        let row = std::array::from_fn(|_| 0.02 + rng.unit() * rng.unit());
        w.set(Tile::from_index(i), row);
    }
    w
}

/// The place of `t` in a deal: its seat, or out of play.
fn place_of(hands: &[TileSet; 4], me: u8, t: Tile) -> usize {
    (0..4)
        .find(|&s| s != me as usize && hands[s].contains(t))
        .unwrap_or(OUT)
}

/// Every row sums to one and is exactly 0 where the information set rules the place out.
fn check_marginals(info: &InfoSet, marginals: &[(Tile, [f64; 5])], what: &str) {
    let rules = info.rules();
    let tiles: Vec<Tile> = marginals.iter().map(|m| m.0).collect();
    assert_eq!(tiles, info.unseen().iter().collect::<Vec<_>>(), "{what}");
    let sleeps = rules.draw || rules.undealt() > 0;
    for &(t, row) in marginals {
        let sum: f64 = row.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{what}: {t} sums to {sum}");
        for (s, &p) in row.iter().enumerate().take(4) {
            let s8 = s as u8;
            let impossible = s8 >= rules.players
                || s8 == info.seat()
                || info.excluded(s8).contains(t)
                || info.counts()[s] == 0;
            if impossible {
                assert_eq!(p, 0.0, "{what}: {t} cannot be at seat {s}");
            }
            assert!(p >= 0.0);
        }
        if !sleeps {
            assert_eq!(row[OUT], 0.0, "{what}: nothing is out of play");
        }
    }
    // each seat's expected tiles is its count
    for s in 0..rules.players {
        let expected: f64 = marginals.iter().map(|m| m.1[s as usize]).sum();
        let want = if s == info.seat() {
            0.0
        } else {
            info.counts()[s as usize] as f64
        };
        assert!((expected - want).abs() < 1e-6, "{what}: seat {s}");
    }
}

/// Place frequencies of `draws` deals against exact marginals, tile by tile: a tile never goes
/// where its marginal is 0, and each tile's chi-square (degrees of freedom: its possible
/// places less one) stays below its 1e-6 quantile (about 24 + 3.5 per degree).
fn check_frequencies(
    info: &InfoSet,
    marginals: &[(Tile, [f64; 5])],
    mut draw: impl FnMut(&mut Rng) -> [TileSet; 4],
    draws: u32,
    seed: u64,
    what: &str,
) {
    let mut counts = vec![[0u64; 5]; marginals.len()];
    let mut rng = Rng::new(seed);
    for _ in 0..draws {
        let hands = draw(&mut rng);
        for (i, &(t, _)) in marginals.iter().enumerate() {
            counts[i][place_of(&hands, info.seat(), t)] += 1;
        }
    }
    let n = draws as f64;
    let mut worst = 0.0f64;
    for (&(t, m), c) in marginals.iter().zip(&counts) {
        let mut chi2 = 0.0;
        let mut df = -1.0;
        for p in 0..5 {
            if m[p] == 0.0 {
                assert_eq!(c[p], 0, "{what}: {t} drawn at impossible place {p}");
                continue;
            }
            df += 1.0;
            let e = n * m[p];
            chi2 += (c[p] as f64 - e).powi(2) / e;
        }
        if df > 0.0 {
            let bound = 24.0 + 3.5 * df;
            assert!(
                chi2 < bound,
                "{what}: {t} chi2 {chi2} (df {df}), counts {c:?}, marginals {m:?}"
            );
            worst = worst.max(chi2 / bound);
        }
    }
    eprintln!("{what}: worst chi2 / bound {worst:.3}");
}

/// A cuban position after `cut` moves where some other seat has shown a void.
fn cuban_with_void(seed: u64, cut: usize) -> InfoSet {
    let rules = Rules::cuban();
    (seed..)
        .find_map(|s| {
            let round = random_round(&rules, s, cut);
            let seat = (s % 4) as u8;
            let info = round.infoset(seat);
            let void =
                (0..4).any(|o| o != seat && !info.excluded(o).minus(info.played()).is_empty());
            (!info.is_over() && void).then_some(info)
        })
        .unwrap()
}

/// A late double-six position (four seats, nothing sleeps) small enough to enumerate.
fn late_double_six() -> InfoSet {
    let rules = Rules::preset("cuban-d6").unwrap();
    (0..)
        .find_map(|s| {
            let info = random_round(&rules, s, 15).infoset((s % 4) as u8);
            let void = (0..4)
                .any(|o| o != info.seat() && !info.excluded(o).minus(info.played()).is_empty());
            let held: u32 = (0..4)
                .filter(|&o| o != info.seat())
                .map(|o| info.counts()[o as usize] as u32)
                .sum();
            (!info.is_over() && void && (9..=12).contains(&held)).then_some(info)
        })
        .unwrap()
}

/// A two-seat double-six position with sleeping tiles and a void, as in the uniform sampler's
/// enumeration test.
fn two_seats_with_void() -> InfoSet {
    let rules = Rules {
        players: 2,
        partners: false,
        hand_size: 5,
        max_pip: 6,
        redeal: Redeal::Off,
        first_lead: FirstLead::RandomSide,
        ..Rules::cuban()
    };
    (0..400)
        .map(|seed| position(&rules, seed, 6, 0))
        .find(|info| {
            !info.is_over()
                && info.excluded(1) != TileSet::EMPTY
                && (3..=4).contains(&info.counts()[1])
        })
        .expect("a position with a void")
}

/// Per consistent deal (enumerated), its product weight under `w`, normalized.
fn enumerated_probabilities(info: &InfoSet, w: &PlaceWeights) -> (Vec<[TileSet; 4]>, Vec<f64>) {
    let deals = enumerate(info);
    let weight = |hands: &[TileSet; 4]| -> f64 {
        info.unseen()
            .iter()
            .map(|t| w.get(t)[place_of(hands, info.seat(), t)])
            .product()
    };
    let raw: Vec<f64> = deals.iter().map(weight).collect();
    let z: f64 = raw.iter().sum();
    (deals, raw.iter().map(|x| x / z).collect())
}

/// Exact marginals from enumerated deal probabilities.
fn enumerated_marginals(
    info: &InfoSet,
    deals: &[[TileSet; 4]],
    probs: &[f64],
) -> Vec<(Tile, [f64; 5])> {
    info.unseen()
        .iter()
        .map(|t| {
            let mut row = [0.0; 5];
            for (hands, &p) in deals.iter().zip(probs) {
                row[place_of(hands, info.seat(), t)] += p;
            }
            (t, row)
        })
        .collect()
}

fn assert_close(a: &[(Tile, [f64; 5])], b: &[(Tile, [f64; 5])], tol: f64, what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for (x, y) in a.iter().zip(b) {
        assert_eq!(x.0, y.0, "{what}");
        for p in 0..5 {
            assert!(
                (x.1[p] - y.1[p]).abs() < tol,
                "{what}: {} place {p}: {} vs {}",
                x.0,
                x.1[p],
                y.1[p]
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn believed_deals_are_consistent(
        v in 0..VARIANTS.len(),
        seed in any::<u64>(),
        cut in 0usize..40,
        seat in 0u8..4,
        compulsory in any::<bool>(),
    ) {
        let mut rules = Rules::preset(VARIANTS[v]).unwrap();
        if compulsory {
            // a rule the presets do not use, so that the rejection step is exercised: a hand
            // with two doubles more than an even share is thrown in
            rules.redeal = Redeal::Compulsory;
            rules.redeal_doubles = ((rules.max_pip + 1) / rules.players + 2).min(rules.hand_size);
            prop_assert!(rules.validate().is_ok());
        }
        let round = random_round(&rules, seed, cut);
        let seat = seat % rules.players;
        let info = round.infoset(seat);
        let mut rng = Rng::new(seed ^ 0xBE11EF);
        let weights = random_weights(&mut rng);
        let believed = BeliefSampler::new(&info, &weights).unwrap();
        check_marginals(&info, &believed.marginals(), VARIANTS[v]);
        let ess = believed.uniform_ess();
        prop_assert!(ess > 0.0 && ess <= 1.0, "ess {}", ess);
        for _ in 0..5 {
            let (hands, pile) = believed.sample_hands(&mut rng).unwrap();
            check_deal(&info, &hands, pile)?;
            let st = believed.sample(&mut rng).unwrap();
            if !info.is_over() && info.to_move() == seat {
                let mut legal = MoveList::default();
                st.legal_moves(&mut legal);
                let want = info.legal_moves();
                if info.public().forced_lead().is_some() {
                    // the rules force the lead: the state knows no such rule, the tile is in hand
                    prop_assert!(legal.contains(want[0]));
                } else {
                    prop_assert_eq!(legal.as_slice(), want.as_slice());
                }
            }
            let mut st2 = st;
            st2.random_playout(&mut rng);
            prop_assert!(st2.is_over());
        }
    }

    /// Exchanging two tiles never leaves the possible deals: a refused exchange changes
    /// nothing, and exchanges within one place are refused.
    #[test]
    fn swapped_deals_stay_consistent(
        v in 0..VARIANTS.len(),
        seed in any::<u64>(),
        cut in 0usize..40,
        seat in 0u8..4,
        compulsory in any::<bool>(),
        believed in any::<bool>(),
    ) {
        let mut rules = Rules::preset(VARIANTS[v]).unwrap();
        if compulsory {
            rules.redeal = Redeal::Compulsory;
            rules.redeal_doubles = ((rules.max_pip + 1) / rules.players + 2).min(rules.hand_size);
        }
        let round = random_round(&rules, seed, cut);
        let info = round.infoset(seat % rules.players);
        let mut rng = Rng::new(seed ^ 0x5A4B);
        let weights = random_weights(&mut rng);
        let sampler = DealSampler::new(&info, believed.then_some(&weights)).unwrap();
        let mut deal = sampler.sample_hands(&mut rng).unwrap();
        let unseen: Vec<Tile> = info.unseen().iter().collect();
        let mut moved = 0;
        for _ in 0..if unseen.is_empty() { 0 } else { 60 } {
            let a = rng.pick(&unseen);
            let b = rng.pick(&unseen);
            let before = deal;
            let same = place_of(&deal.0, info.seat(), a) == place_of(&deal.0, info.seat(), b);
            if sampler.swap(&mut deal, a, b) {
                prop_assert!(!same);
                prop_assert_eq!(place_of(&deal.0, info.seat(), a), place_of(&before.0, info.seat(), b));
                moved += 1;
            } else {
                prop_assert_eq!(deal, before);
            }
            check_deal(&info, &deal.0, deal.1)?;
        }
        // without voids, draws or the redeal rule, any two tiles in different places exchange
        let me = info.seat();
        let free = !compulsory
            && !rules.draw
            && (0..rules.players).all(|s| s == me || info.excluded(s).is_empty());
        if free {
            for &a in &unseen {
                for &b in &unseen {
                    let mut d = deal;
                    let apart = place_of(&d.0, me, a) != place_of(&d.0, me, b);
                    prop_assert_eq!(sampler.swap(&mut d, a, b), apart);
                }
            }
        }
        prop_assert!(moved <= 60);
    }
}

#[test]
fn unit_weights_are_the_uniform_sampler() {
    let positions = [
        cuban_with_void(1, 14),
        cuban_with_void(50, 24),
        late_double_six(),
        random_round(&Rules::cuban(), 9, 0).infoset(1),
        random_round(&Rules::preset("cutthroat-3").unwrap(), 4, 10).infoset(2),
    ];
    for (k, info) in positions.iter().enumerate() {
        let what = format!("position {k}");
        let uniform = Sampler::new(info).unwrap();
        let believed = BeliefSampler::new(info, &PlaceWeights::uniform()).unwrap();
        let exact = uniform.marginals();
        check_marginals(info, &exact, &what);
        assert_close(&believed.marginals(), &exact, 1e-9, &what);
        assert!((believed.uniform_ess() - 1.0).abs() < 1e-9, "{what}");
        check_frequencies(
            info,
            &exact,
            |rng| believed.sample_hands(rng).unwrap().0,
            20_000,
            k as u64,
            &format!("{what}, believed draws"),
        );
    }
}

#[test]
fn uniform_marginals_match_enumeration() {
    for (k, info) in [late_double_six(), two_seats_with_void()]
        .iter()
        .enumerate()
    {
        let what = format!("position {k}");
        let (deals, probs) = enumerated_probabilities(info, &PlaceWeights::uniform());
        assert!(deals.len() > 100, "{what}: {} deals", deals.len());
        assert_eq!(Sampler::new(info).unwrap().count(), deals.len() as u128);
        let exact = enumerated_marginals(info, &deals, &probs);
        check_marginals(info, &exact, &what);
        assert_close(
            &Sampler::new(info).unwrap().marginals(),
            &exact,
            1e-9,
            &what,
        );
        let believed = BeliefSampler::new(info, &PlaceWeights::uniform()).unwrap();
        assert_close(&believed.marginals(), &exact, 1e-9, &what);
    }
}

#[test]
fn weighted_marginals_and_ess_match_enumeration() {
    for (k, info) in [late_double_six(), two_seats_with_void()]
        .iter()
        .enumerate()
    {
        let what = format!("position {k}");
        let w = skewed_weights(k as u64 + 10);
        let (deals, probs) = enumerated_probabilities(info, &w);
        let believed = BeliefSampler::new(info, &w).unwrap();
        let exact = enumerated_marginals(info, &deals, &probs);
        assert_close(&believed.marginals(), &exact, 1e-9, &what);
        // the marginals really moved away from uniform
        let (_, uniform_probs) = enumerated_probabilities(info, &PlaceWeights::uniform());
        let uniform = enumerated_marginals(info, &deals, &uniform_probs);
        let moved = exact
            .iter()
            .zip(&uniform)
            .flat_map(|(a, b)| (0..5).map(move |p| (a.1[p] - b.1[p]).abs()))
            .fold(0.0f64, f64::max);
        assert!(moved > 0.05, "{what}: weights barely matter ({moved})");
        // ESS from the enumerated deals: (Σ w)² / (N Σ w²)
        let raw: Vec<f64> = deals
            .iter()
            .map(|h| {
                info.unseen()
                    .iter()
                    .map(|t| w.get(t)[place_of(h, info.seat(), t)])
                    .product()
            })
            .collect();
        let (s1, s2) = (
            raw.iter().sum::<f64>(),
            raw.iter().map(|x| x * x).sum::<f64>(),
        );
        let ess = s1 * s1 / (deals.len() as f64 * s2);
        assert!(ess < 0.99, "{what}: ess {ess}");
        assert!(
            (believed.uniform_ess() - ess).abs() < 1e-9,
            "{what}: ess {} vs enumerated {ess}",
            believed.uniform_ess()
        );
    }
}

#[test]
fn weighted_draws_follow_the_product_of_weights() {
    // every deal of a small position, drawn as often as its product weight says
    let info = two_seats_with_void();
    let w = skewed_weights(3);
    let (deals, probs) = enumerated_probabilities(&info, &w);
    let index: HashMap<[u64; 4], usize> = deals
        .iter()
        .enumerate()
        .map(|(i, h)| (h.map(|t| t.0), i))
        .collect();
    let believed = BeliefSampler::new(&info, &w).unwrap();
    let draws = 300_000u32;
    let mut counts = vec![0u64; deals.len()];
    let mut rng = Rng::new(5);
    for _ in 0..draws {
        let (mut hands, _) = believed.sample_hands(&mut rng).unwrap();
        hands[info.seat() as usize] = TileSet::EMPTY;
        counts[*index.get(&hands.map(|t| t.0)).expect("a consistent deal")] += 1;
    }
    // chi-square, deals expected fewer than 10 times pooled into one cell
    let n = draws as f64;
    let (mut chi2, mut cells) = (0.0, 0usize);
    let (mut pooled_e, mut pooled_c) = (0.0, 0.0);
    for (&c, &p) in counts.iter().zip(&probs) {
        let e = n * p;
        if e < 10.0 {
            pooled_e += e;
            pooled_c += c as f64;
        } else {
            chi2 += (c as f64 - e).powi(2) / e;
            cells += 1;
        }
    }
    if pooled_e > 0.0 {
        chi2 += (pooled_c - pooled_e).powi(2) / pooled_e;
        cells += 1;
    }
    let df = (cells - 1) as f64;
    eprintln!("{} deals, {cells} cells, chi2 {chi2:.1}", deals.len());
    assert!(cells > 50, "too few cells: {cells}");
    assert!(chi2 < df + 5.0 * (2.0 * df).sqrt(), "chi2 {chi2}, df {df}");
    assert!(
        chi2 > df - 5.0 * (2.0 * df).sqrt(),
        "chi2 {chi2} suspiciously low, df {df}"
    );
}

#[test]
fn weighted_frequencies_match_the_exact_marginals() {
    let positions = [
        cuban_with_void(3, 16),
        random_round(&Rules::cuban(), 21, 0).infoset(2),
        random_round(&Rules::preset("lankford-3").unwrap(), 8, 9).infoset(0),
    ];
    for (k, info) in positions.iter().enumerate() {
        let what = format!("position {k}");
        let believed = BeliefSampler::new(info, &skewed_weights(k as u64)).unwrap();
        let exact = believed.marginals();
        check_marginals(info, &exact, &what);
        let ess = believed.uniform_ess();
        assert!(ess < 0.9, "{what}: skewed weights, ess {ess}");
        check_frequencies(
            info,
            &exact,
            |rng| believed.sample_hands(rng).unwrap().0,
            20_000,
            k as u64 + 100,
            &what,
        );
    }
}

#[test]
fn beliefs_that_rule_out_every_feasible_place_still_sample() {
    // all weight on places the information set excludes (the observer's seat), none elsewhere
    let info = cuban_with_void(7, 12);
    let mut w = PlaceWeights::uniform();
    for t in info.unseen().iter() {
        let mut row = [0.0; 5];
        row[info.seat() as usize] = 1.0;
        w.set(t, row);
    }
    let believed = BeliefSampler::new(&info, &w).unwrap();
    // read as uniform over the allowed places
    assert_close(
        &believed.marginals(),
        &Sampler::new(&info).unwrap().marginals(),
        1e-9,
        "all-zero beliefs",
    );
    // tiny but positive weights on one seat: floored, and still exactly consistent
    let mut tiny = PlaceWeights::uniform();
    for t in info.unseen().iter() {
        tiny.set(t, [1e-300, 1e-300, 1e-300, 1e-300, 1.0]);
    }
    let believed = BeliefSampler::new(&info, &tiny).unwrap();
    check_marginals(&info, &believed.marginals(), "tiny weights");
    let mut rng = Rng::new(1);
    for _ in 0..100 {
        let (hands, _) = believed.sample_hands(&mut rng).unwrap();
        for s in 0..4u8 {
            assert_eq!(hands[s as usize].len(), info.counts()[s as usize] as u32);
        }
    }
}

#[test]
fn marginals_are_zero_where_a_tile_cannot_be() {
    // a finished cuban round won by domino: the winner holds nothing
    let rules = Rules::cuban();
    let info = (0..)
        .find_map(|s| {
            let round = random_round(&rules, s, usize::MAX);
            let empty = (0..4u8).find(|&o| round.infoset(o).counts()[o as usize] == 0)?;
            Some(round.infoset((empty + 1) % 4))
        })
        .unwrap();
    let empty = (0..4).find(|&o| info.counts()[o] == 0).unwrap();
    for marginals in [
        Sampler::new(&info).unwrap().marginals(),
        BeliefSampler::new(&info, &skewed_weights(1))
            .unwrap()
            .marginals(),
    ] {
        check_marginals(&info, &marginals, "domino");
        assert!(marginals.iter().all(|m| m.1[empty] == 0.0));
    }
    // voids: some tile of a void seat, and double-six where nothing sleeps
    let info = late_double_six();
    let marginals = BeliefSampler::new(&info, &skewed_weights(2))
        .unwrap()
        .marginals();
    check_marginals(&info, &marginals, "double-six");
    let voided = marginals
        .iter()
        .filter(|m| (0..4u8).any(|s| s != info.seat() && info.excluded(s).contains(m.0)))
        .count();
    assert!(voided > 0, "the position has a void in an unseen tile");
    assert!(
        marginals
            .iter()
            .all(|m| m.1[OUT] == 0.0 && m.1[info.seat() as usize] == 0.0)
    );
}

#[test]
fn inconsistent_information_is_refused_by_both() {
    let rules = Rules::preset("cuban-d6").unwrap();
    let hand: TileSet = [(6, 6), (6, 5), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
        .iter()
        .map(|&(a, b)| Tile::new(a, b))
        .collect();
    let mut info = InfoSet::new(&rules, 0, 0, hand).unwrap();
    info.apply(capicua_engine::Move::play(
        Tile::new(6, 6),
        capicua_engine::LEAD,
    ))
    .unwrap();
    for _ in 0..3 {
        info.apply(capicua_engine::Move::Pass).unwrap();
    }
    assert!(Sampler::new(&info).is_err());
    assert!(BeliefSampler::new(&info, &PlaceWeights::uniform()).is_err());
}

#[test]
fn beliefs_against_the_draw_order_fall_back_and_stay_consistent() {
    // lankford-2 after 16 moves: these weights put nearly all their mass on deals that break
    // the order of seat 0's draws and voids (about one believed deal in 100,000 passes)
    let rules = Rules::preset("lankford-2").unwrap();
    assert!(rules.draw);
    let seed = 6381782264271274035u64;
    let info = random_round(&rules, seed, 16).infoset(1);
    let mut rng = Rng::new(seed ^ 0xBE11EF);
    let weights = random_weights(&mut rng);
    let believed = BeliefSampler::new(&info, &weights).unwrap();
    let start = std::time::Instant::now();
    for _ in 0..50 {
        let (hands, _) = believed.sample_hands(&mut rng).unwrap();
        for s in 0..rules.players {
            assert_eq!(hands[s as usize].len(), info.counts()[s as usize] as u32);
            if s != info.seat() {
                assert!(info.history_allows(s, hands[s as usize]));
            }
        }
    }
    eprintln!("50 draws in {:?}", start.elapsed());
}

#[test]
fn powered_weights_sharpen_and_keep_impossible_places_impossible() {
    let t = Tile::from_index(7);
    let mut w = PlaceWeights::uniform();
    w.set(t, [0.5, 2.0, 0.0, 1.0, 4.0]);
    assert_eq!(w.powered(2.0).get(t), [0.25, 4.0, 0.0, 1.0, 16.0]);
    assert_eq!(w.powered(0.0).get(t), [1.0, 1.0, 0.0, 1.0, 1.0]);
    assert_eq!(w.powered(1.0), w);
}
