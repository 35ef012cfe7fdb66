//! The deal sampler against full enumeration: on small cases every consistent deal of the
//! hidden tiles is listed by brute force (a deal is consistent when the referee accepts the
//! whole public history with it), then the sampler's count must match and its draws must be
//! uniform over exactly those deals (chi-square).

mod common;

use std::collections::HashMap;

use capicua_engine::variant::FirstLead;
use capicua_engine::{InfoSet, Redeal, Rng, Rules, Sampler, Tile, TileSet};
use common::{enumerate, position};

fn check_uniform(info: &InfoSet, draws: u32, seed: u64) {
    let deals = enumerate(info);
    assert!(deals.len() > 20, "case too small: {}", deals.len());
    let sampler = Sampler::new(info).unwrap();
    if info.rules().redeal != Redeal::Compulsory {
        assert_eq!(sampler.count(), deals.len() as u128);
    } else {
        assert!(sampler.count() >= deals.len() as u128);
    }
    let index: HashMap<[u64; 4], usize> = deals
        .iter()
        .enumerate()
        .map(|(i, h)| (h.map(|t| t.0), i))
        .collect();
    let mut counts = vec![0u32; deals.len()];
    let mut rng = Rng::new(seed);
    for _ in 0..draws {
        let (mut hands, _) = sampler.sample_hands(&mut rng).unwrap();
        hands[info.seat() as usize] = TileSet::EMPTY;
        let i = *index
            .get(&hands.map(|t| t.0))
            .expect("sampled deal is consistent");
        counts[i] += 1;
    }
    let expected = draws as f64 / deals.len() as f64;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let df = (deals.len() - 1) as f64;
    // five standard deviations of the chi-square distribution
    assert!(
        chi2 < df + 5.0 * (2.0 * df).sqrt(),
        "chi2 {chi2} with {df} degrees of freedom"
    );
    assert!(
        chi2 > df - 5.0 * (2.0 * df).sqrt(),
        "chi2 {chi2} suspiciously low for {df}"
    );
}

#[test]
fn uniform_two_players_with_sleeping_tiles_and_voids() {
    let rules = Rules {
        players: 2,
        partners: false,
        hand_size: 5,
        max_pip: 6,
        redeal: Redeal::Off,
        first_lead: FirstLead::RandomSide,
        ..Rules::cuban()
    };
    // find a position where the opponent has passed (a void) and holds 3-4 tiles
    let mut found = None;
    for seed in 0..400 {
        let info = position(&rules, seed, 6, 0);
        if !info.is_over()
            && info.excluded(1) != TileSet::EMPTY
            && (3..=4).contains(&info.counts()[1])
        {
            found = Some(info);
            break;
        }
    }
    let info = found.expect("a position with a void");
    check_uniform(&info, 400_000, 1);
}

#[test]
fn uniform_four_players_partners_with_voids() {
    let rules = Rules {
        hand_size: 2,
        max_pip: 6,
        redeal: Redeal::Off,
        first_lead: FirstLead::RandomSide,
        ..Rules::cuban()
    };
    let mut found = None;
    for seed in 0..2000 {
        let info = position(&rules, seed, 5, 1);
        let voids = (0..4)
            .filter(|&s| s != 1 && info.excluded(s) != TileSet::EMPTY)
            .count();
        let held: u32 = (0..4)
            .filter(|&s| s != 1)
            .map(|s| info.counts()[s] as u32)
            .sum();
        if !info.is_over() && voids >= 1 && held <= 3 {
            let n = enumerate(&info).len();
            if (50..6000).contains(&n) {
                found = Some(info);
                break;
            }
        }
    }
    let info = found.expect("a small position with voids");
    check_uniform(&info, 600_000, 2);
}

#[test]
fn uniform_under_the_redeal_rule() {
    // Two doubles in a hand of three force a redeal: the sampler must reject those deals.
    let rules = Rules {
        players: 2,
        partners: false,
        hand_size: 3,
        max_pip: 6,
        redeal: Redeal::Compulsory,
        redeal_doubles: 2,
        first_lead: FirstLead::RandomSide,
        ..Rules::cuban()
    };
    let info = (0..200)
        .map(|seed| position(&rules, seed, 2, 0))
        .find(|i| !i.is_over() && i.counts()[1] == 2)
        .unwrap();
    check_uniform(&info, 400_000, 3);
}

#[test]
fn inconsistent_information_is_refused() {
    // Double-six, every tile dealt: seat 0 leads 6-6 and the three others pass, so they hold no
    // 6 at all; but 6-4 .. 6-0 are not in seat 0's hand and nothing sleeps.
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
    assert!(Sampler::new(&info).is_ok());
    info.apply(capicua_engine::Move::Pass).unwrap();
    assert!(Sampler::new(&info).is_ok());
    info.apply(capicua_engine::Move::Pass).unwrap();
    info.apply(capicua_engine::Move::Pass).unwrap();
    assert!(Sampler::new(&info).is_err());
}
