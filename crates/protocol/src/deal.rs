//! The `deal` extension: a round's deal and its leader, from a seed, under the variant's rules.
//!
//! A table that referees its rounds with `referee` needs hands to referee. Dealing takes
//! rules (the hand size, the boneyard, deals the redeal rule throws in, who leads the first
//! round and whether a tile is forced), so a frontend that knows no rules asks the engine.
//! The deal of `(seed, round)` is always the same, so a round can be replayed.

use capicua_engine::{Deal, Rng, Round, Rules, Tile};

use crate::error::RequestError;
use crate::fields::Obj;
use crate::position::parse_seat;
use crate::reply::{Id, Reply};
use crate::variants;

/// Deals tried before the rules are judged to throw every deal in.
const MAX_DEALS: u32 = 100_000;
/// Largest `round` accepted.
pub const MAX_ROUND: u64 = 1_000_000;

/// Serves `deal`: `variant`, `rules`, `seed` (default 0), `round` (default 0) and `first`
/// (the seat that leads, as the last round's `next_first` says; absent: the deal decides, by
/// the variant's `first_lead`, which may force the lead).
pub fn deal(o: &Obj<'_>, id: Id) -> Result<Reply, RequestError> {
    let (variant, rules) = variants::of_request(o)?;
    let seed = o.opt_int("seed", 0, u64::MAX)?.unwrap_or(0);
    let round_no = o.opt_int("round", 0, MAX_ROUND)?.unwrap_or(0);
    let first = match o.get("first") {
        None => None,
        Some(_) => Some(parse_seat(o, "first", &rules)?),
    };
    let round = deal_round(&rules, seed, round_no, first).ok_or_else(|| {
        RequestError::illegal(
            o.field("rules").as_str(),
            "these rules throw in every deal tried",
        )
    })?;
    let tiles = |it: &mut dyn Iterator<Item = Tile>| it.map(|t| t.to_string()).collect();
    let d = round.deal();
    Ok(Reply::Deal {
        id,
        variant,
        first: round.first(),
        hands: (0..rules.players as usize)
            .map(|s| tiles(&mut d.hands[s].iter()))
            .collect(),
        boneyard: tiles(&mut d.pile.iter().copied()),
        forced_lead: round.forced_lead().map(|t| t.to_string()),
    })
}

/// Round `round_no` of the stream `seed`: deals until one stands (every seat that the redeal
/// rule lets throw its hand in does), led by `first` or as the deal decides. `None` when no
/// deal stands within [`MAX_DEALS`].
pub fn deal_round(rules: &Rules, seed: u64, round_no: u64, first: Option<u8>) -> Option<Round> {
    let mut rng = Rng::stream(seed, round_no);
    for _ in 0..MAX_DEALS {
        let deal = Deal::random(rules, &mut rng);
        if rules.needs_redeal(&deal.hands)
            || (0..rules.players as usize).any(|s| rules.redeal_applies(deal.hands[s]))
        {
            continue;
        }
        let (first, forced) = match first {
            Some(s) => (s, None),
            None => rules.lead_by_deal(&deal.hands, |n| rng.below(n)),
        };
        if let Ok(round) = Round::new(rules, deal, first, forced) {
            return Some(round);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::VARIANTS;

    #[test]
    fn deals_stand_and_repeat() {
        for v in VARIANTS {
            let rules = Rules::preset(v).unwrap();
            for k in 0..10 {
                let a = deal_round(&rules, 5, k, None).unwrap();
                let b = deal_round(&rules, 5, k, None).unwrap();
                assert_eq!(a.deal().hands, b.deal().hands);
                assert_eq!(a.deal().pile, b.deal().pile);
                assert_eq!(a.first(), b.first());
                assert!(!rules.needs_redeal(&a.deal().hands), "{v}");
                let led = deal_round(&rules, 5, k, Some(rules.players - 1)).unwrap();
                assert_eq!(led.first(), rules.players - 1);
                assert_eq!(led.forced_lead(), None);
            }
        }
    }
}
