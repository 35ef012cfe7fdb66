//! Helpers shared by the sampler tests: positions of random rounds, and every consistent deal
//! of a small position listed by brute force (a deal is consistent when the referee accepts
//! the whole public history with it).

#![allow(dead_code)] // each test file uses some of these

use capicua_engine::{Deal, InfoSet, Redeal, Rng, Round, Rules, Tile, TileSet};
use proptest::prelude::*;

/// All ways to pick `k` tiles of `from`.
pub fn combinations(from: &[Tile], k: usize) -> Vec<TileSet> {
    let mut out = Vec::new();
    fn rec(from: &[Tile], k: usize, start: usize, cur: TileSet, out: &mut Vec<TileSet>) {
        if cur.len() as usize == k {
            out.push(cur);
            return;
        }
        for i in start..from.len() {
            let mut c = cur;
            c.insert(from[i]);
            rec(from, k, i + 1, c, out);
        }
    }
    rec(from, k, 0, TileSet::EMPTY, &mut out);
    out
}

/// Every assignment of the unseen tiles to the other seats' current hands that the referee
/// accepts with the public history (and the redeal rule).
pub fn enumerate(info: &InfoSet) -> Vec<[TileSet; 4]> {
    let rules = *info.rules();
    let others: Vec<u8> = (0..rules.players).filter(|&s| s != info.seat()).collect();
    let mut partial: Vec<[TileSet; 4]> = vec![[TileSet::EMPTY; 4]];
    for &s in &others {
        let mut next = Vec::new();
        for p in &partial {
            let used = p.iter().fold(TileSet::EMPTY, |a, h| a.union(*h));
            let avail: Vec<Tile> = info.unseen().minus(used).iter().collect();
            for c in combinations(&avail, info.counts()[s as usize] as usize) {
                let mut q = *p;
                q[s as usize] = c;
                next.push(q);
            }
        }
        partial = next;
    }
    partial
        .into_iter()
        .filter(|hands| {
            let mut dealt = [TileSet::EMPTY; 4];
            for s in 0..rules.players {
                dealt[s as usize] = if s == info.seat() {
                    info.dealt()
                } else {
                    hands[s as usize].union(info.played_by(s))
                };
            }
            if rules.needs_redeal(&dealt[..rules.players as usize]) {
                return false;
            }
            let used = dealt.iter().fold(TileSet::EMPTY, |a, h| a.union(*h));
            let deal = Deal {
                hands: dealt,
                pile: rules.set().minus(used).iter().collect(),
            };
            let Ok(mut round) = Round::new(&rules, deal, info.first(), None) else {
                return false;
            };
            info.history().iter().all(|&m| round.play(m).is_ok())
        })
        .collect()
}

/// Plays `moves` random moves of a random deal and returns the information set of `seat`.
pub fn position(rules: &Rules, seed: u64, moves: usize, seat: u8) -> InfoSet {
    let mut rng = Rng::new(seed);
    let deal = Deal::random(rules, &mut rng);
    let mut round = Round::new(rules, deal, 0, None).unwrap();
    round.play_random(&mut rng, moves);
    round.infoset(seat)
}

/// A random round of `rules` (redealt until the rules accept the deal, the first seat as the
/// rules choose it) after at most `stop_after` random legal moves.
pub fn random_round(rules: &Rules, seed: u64, stop_after: usize) -> Round {
    let mut rng = Rng::new(seed);
    let deal = loop {
        let d = Deal::random(rules, &mut rng);
        if !rules.needs_redeal(&d.hands) {
            break d;
        }
    };
    let (first, forced) = rules.lead_by_deal(&deal.hands, |n| rng.below(n));
    let mut round = Round::new(rules, deal, first, forced).unwrap();
    round.play_random(&mut rng, stop_after);
    round
}

/// That `hands` and `pile` are a deal consistent with `info`: its seat's hand, the counts,
/// every tile once, no seat holding a tile it is known to lack, the draws and the redeal rule.
pub fn check_deal(
    info: &InfoSet,
    hands: &[TileSet; 4],
    pile: TileSet,
) -> Result<(), TestCaseError> {
    let rules = info.rules();
    let seat = info.seat();
    prop_assert_eq!(hands[seat as usize], info.hand());
    let mut all = pile;
    for s in 0..rules.players {
        let h = hands[s as usize];
        prop_assert_eq!(h.len(), info.counts()[s as usize] as u32);
        prop_assert!(h.inter(all).is_empty());
        all = all.union(h);
        if s != seat {
            prop_assert!(
                h.inter(info.excluded(s)).is_empty(),
                "a tile a seat is void in"
            );
            prop_assert!(info.history_allows(s, h));
            let dealt = h.union(info.played_by(s));
            if rules.redeal == Redeal::Compulsory && dealt.len() == rules.hand_size as u32 {
                prop_assert!(
                    dealt.inter(capicua_engine::tiles::DOUBLES).len() < rules.redeal_doubles as u32
                );
            }
        }
    }
    prop_assert_eq!(all.union(info.played()), rules.set());
    prop_assert!(all.inter(info.played()).is_empty());
    Ok(())
}
