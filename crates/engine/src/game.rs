//! Whole matches: deals (with redeals), leads between rounds, and players taking turns.

use crate::infoset::{InfoSet, MatchContext};
use crate::moves::Move;
use crate::rng::Rng;
use crate::round::{Deal, Round};
use crate::scoring::{Lead, MatchScore, RoundScore};
use crate::variant::Rules;

/// Anything that chooses moves from one seat's information set.
pub trait Player: Send {
    /// A short name for tables and logs (the player spec).
    fn name(&self) -> String;
    /// A legal move for `info.seat()`, which is to move. A forced draw is `Move::Draw(None)`.
    fn choose(&mut self, info: &InfoSet) -> Move;
}

/// A match in progress. Round `k`'s deal comes from `(deal_seed, k)` alone, so two matches
/// with the same seed see the same deals in the same order (duplicate play).
#[derive(Clone, Debug)]
pub struct Match {
    rules: Rules,
    deal_seed: u64,
    score: MatchScore,
    next: Lead,
}

impl Match {
    pub fn new(rules: &Rules, deal_seed: u64) -> Match {
        Match {
            rules: *rules,
            deal_seed,
            score: MatchScore::new(rules),
            next: Lead::Deal,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn score(&self) -> &MatchScore {
        &self.score
    }
    pub fn winner(&self) -> Option<u8> {
        self.score.winner(&self.rules)
    }
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }
    pub fn context(&self) -> MatchContext {
        let mut scores = [0; 4];
        for (d, s) in scores.iter_mut().zip(&self.score.scores) {
            *d = *s;
        }
        MatchContext {
            scores,
            pending_ties: self.score.pending_ties,
        }
    }

    /// Deals round number `self.score().rounds` (redealing as the rules demand) and picks its
    /// leader.
    pub fn deal_round(&self) -> Round {
        let k = self.score.rounds as u64;
        let mut rng = Rng::stream(self.deal_seed, k);
        let deal = loop {
            let d = Deal::random(&self.rules, &mut rng);
            if !self.rules.needs_redeal(&d.hands) {
                break d;
            }
        };
        let (first, forced) = match self.next {
            Lead::Seat(s) => (s, None),
            Lead::SideChooses { suggested, .. } => (suggested, None),
            Lead::Deal => self.rules.lead_by_deal(&deal.hands, |n| rng.below(n)),
        };
        Round::new(&self.rules, deal, first, forced).expect("a random deal is valid")
    }

    /// Scores a finished round.
    pub fn record(&mut self, round: &Round) -> RoundScore {
        let res = round.result().expect("record needs a finished round");
        let rs = self.score.record(&self.rules, &res, round.first());
        self.next = rs.next;
        rs
    }

    /// Plays one round with `players[seat]` at each seat; returns the finished round and its
    /// score. Seats with a single legal move are not asked.
    pub fn play_round(&mut self, players: &mut [&mut dyn Player]) -> (Round, RoundScore) {
        let round = self.deal_round();
        self.play_dealt(round, players)
    }

    /// Plays a round dealt elsewhere as this match's next round and records it. Duplicate
    /// play uses it to replay one match's deal and leader in the mirrored match.
    pub fn play_dealt(
        &mut self,
        mut round: Round,
        players: &mut [&mut dyn Player],
    ) -> (Round, RoundScore) {
        let n = self.rules.players;
        let ctx = self.context();
        let mut infos: Vec<InfoSet> = (0..n)
            .map(|s| {
                InfoSet::new(
                    &self.rules,
                    s,
                    round.first(),
                    round.deal().hands[s as usize],
                )
                .expect("valid deal")
                .with_context(ctx.clone())
            })
            .collect();
        while !round.is_over() {
            let s = round.to_move();
            let legal = round.legal_moves();
            let mv = if legal.len() == 1 {
                legal[0]
            } else {
                let m = players[s as usize].choose(&infos[s as usize]);
                // a player's draw is resolved by the referee
                if matches!(m, Move::Draw(_)) {
                    legal[0]
                } else {
                    m
                }
            };
            if let Err(e) = round.play(mv) {
                panic!(
                    "{} played an illegal move {mv}: {e}",
                    players[s as usize].name()
                );
            }
            let played = *round.history().last().expect("just played");
            for info in infos.iter_mut() {
                let public = match played {
                    Move::Draw(_) if info.seat() != s => Move::Draw(None),
                    m => m,
                };
                info.apply(public)
                    .expect("referee-checked move is consistent for every seat");
            }
        }
        let rs = self.record(&round);
        (round, rs)
    }
}
