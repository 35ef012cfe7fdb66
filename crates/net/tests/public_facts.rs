//! Every view of a round agrees on every public fact: the referee's record, each seat's
//! information set at the table, the network's encoding of it, and a search leaf's public
//! record and rebuilt information set. Random rounds of every variant.

use capicua_engine::{
    InfoSet, LEAD, Match, MatchContext, Move, Rng, Rules, Sampler, Table, VARIANTS,
};
use capicua_net::Observation;
use capicua_search::Leaf;
use proptest::prelude::*;

/// The facts the encoding keeps, seen from `seat` (relative seats as the encoding numbers them).
fn assert_encoding_agrees(info: &InfoSet, what: &str) {
    let obs = Observation::from_infoset(info);
    let public = info.public();
    let rules = info.rules();
    let n = rules.players;
    let m = public.to_move();
    for r in 0..n {
        let s = (m + r) % n;
        assert_eq!(
            obs.played_by[r as usize],
            public.played_by(s),
            "{what}: played by {s}"
        );
        assert_eq!(
            obs.counts[r as usize],
            public.counts()[s as usize],
            "{what}: count of {s}"
        );
        if r > 0 {
            assert_eq!(
                obs.excluded[r as usize],
                public.excluded(s),
                "{what}: voids of {s}"
            );
        }
        let side = rules.side_of(s) as usize;
        assert_eq!(
            obs.scores[r as usize],
            info.context().scores[side],
            "{what}: score"
        );
    }
    assert_eq!(obs.ends, public.ends(), "{what}: ends");
    assert_eq!(obs.pile, public.pile_count(), "{what}: boneyard");
    assert_eq!(obs.passes, public.passes(), "{what}: passes");
    assert_eq!(obs.hand, info.hand(), "{what}: hand");
}

fn check_round(variant: &str, seed: u64, stop_at: usize, path_len: u32) {
    let rules = Rules::preset(variant).unwrap();
    let m = Match::new(&rules, seed);
    let ctx = MatchContext {
        scores: [seed as u32 % 7, seed as u32 % 5, 0, 0],
        pending_ties: seed as u32 % 3,
    };
    let mut table = Table::new(m.deal_round(), ctx);
    let mut rng = Rng::new(seed);
    let mut moves = 0;
    while !table.is_over() && moves < stop_at {
        let legal = table.legal_moves();
        table.play(rng.pick(&legal)).unwrap();
        moves += 1;
        let referee = table.round().public();
        for seat in 0..rules.players {
            let view = table.view(seat);
            // public means the same for everyone, the referee included
            assert_eq!(
                view.public(),
                referee,
                "{variant} seed {seed}: seat {seat}'s public record after {moves} moves"
            );
            assert_eq!(view.counts(), referee.counts());
            assert_eq!(view.played(), referee.played());
            // the table's view is the referee's replay of that seat's knowledge
            let replayed = table.round().infoset(seat);
            assert_eq!(
                replayed.history(),
                view.history(),
                "{variant}: history of {seat}"
            );
            assert_eq!(replayed.hand(), view.hand());
        }
    }
    if table.is_over() {
        return;
    }
    let seat = table.to_move();
    let root = table.view(seat).clone();
    assert_encoding_agrees(&root, &format!("{variant} seed {seed} root"));
    let sampler = Sampler::new(&root).unwrap();
    let mut state = sampler.sample(&mut rng).unwrap();
    let mut path = Vec::new();
    // a determinization knows no forced lead: play it as the rules force it
    if let Some(t) = root.public().forced_lead() {
        let mv = Move::play(t, LEAD);
        state.apply(mv);
        path.push(mv);
    }
    // the states after each move of the path past the forced lead
    let mut along = vec![(path.len(), state)];
    for _ in 0..path_len {
        if state.is_over() {
            break;
        }
        let mv = state.random_move(&mut rng);
        state.apply(mv);
        path.push(mv);
        along.push((path.len(), state));
    }
    if state.is_over() {
        return;
    }
    let leaf = Leaf {
        root: &root,
        path: &path,
        state: &state,
    };
    let mover = leaf.mover_infoset().unwrap();
    let what = format!("{variant} seed {seed} leaf after {} moves", path.len());
    assert_eq!(leaf.public(), *mover.public(), "{what}: public record");
    assert_eq!(
        mover.hand(),
        state.hands[state.to_move as usize],
        "{what}: hand"
    );
    assert_eq!(
        leaf.legal_moves().as_slice(),
        mover.legal_moves().as_slice(),
        "{what}"
    );
    assert_encoding_agrees(&mover, &what);
    assert_eq!(
        Observation::from_leaf(&leaf),
        Observation::from_infoset(&mover),
        "{what}"
    );
    // a shorter leaf of the same root agrees too
    let (k, mid) = along[along.len() / 2];
    if !mid.is_over() {
        let leaf = Leaf {
            root: &root,
            path: &path[..k],
            state: &mid,
        };
        let mover = leaf.mover_infoset().unwrap();
        assert_eq!(
            Observation::from_leaf(&leaf),
            Observation::from_infoset(&mover),
            "{variant} seed {seed} leaf after {k} moves, shorter path"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn every_view_agrees_on_every_public_fact(
        v in 0..VARIANTS.len(),
        seed in any::<u64>(),
        stop_at in 0usize..60,
        path_len in 0u32..12,
    ) {
        check_round(VARIANTS[v], seed, stop_at, path_len);
    }
}

#[test]
fn every_variant_is_covered() {
    for (i, v) in VARIANTS.iter().enumerate() {
        for seed in 0..5 {
            check_round(v, seed * 31 + i as u64, 8 + seed as usize * 5, 6);
        }
    }
}
