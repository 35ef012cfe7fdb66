//! Whole matches: deals (with redeals), leads between rounds, and players taking turns.

use crate::infoset::{InfoSet, MatchContext};
use crate::moves::Move;
use crate::rng::Rng;
use crate::round::{Deal, Round};
use crate::scoring::{Lead, MatchScore, RoundScore};
use crate::state::State;
use crate::table::{Table, TableError};
use crate::variant::Rules;

/// Anything that chooses moves from one seat's information set.
pub trait Player: Send {
    /// A short name for tables and logs (the player spec).
    fn name(&self) -> String;
    /// A legal move for `info.seat()`, which is to move. A forced draw is `Move::Draw(None)`.
    fn choose(&mut self, info: &InfoSet) -> Move;
    /// The move of a player that sees every hand (`truth`, the referee's state): evaluation
    /// only, for measuring what the hidden tiles are worth. Other players ignore `truth`.
    fn choose_open(&mut self, info: &InfoSet, truth: &State) -> Move {
        let _ = truth;
        self.choose(info)
    }
    /// Under the optional redeal rule, whether to show a hand of `redeal_doubles` doubles or
    /// more (`info` is the round about to start) and have the tiles redealt. Showing is the
    /// default: such a hand is weak (a double joins one suit only); in `cuban` a `counting`
    /// player's side that keeps five doubles loses 3.65 points a round [-4.24, -3.07] over
    /// 20,000 such rounds, where a redeal is worth 0 (`eval/results/rules/five_doubles.txt`).
    fn show_doubles(&mut self, info: &InfoSet) -> bool {
        let _ = info;
        true
    }
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

    /// Deals round number `self.score().rounds` (redealing as the rules demand, every holder
    /// of many doubles showing them) and picks its leader.
    pub fn deal_round(&self) -> Round {
        self.deal_round_with(|_, _| true)
    }

    /// Deals round number `self.score().rounds`: `shows(seat, info)` decides, under the
    /// optional redeal rule, whether a seat holding `redeal_doubles` doubles throws the deal
    /// in. The deals follow one stream of `(deal_seed, round)`, so the same choices give the
    /// same deals.
    pub fn deal_round_with(&self, mut shows: impl FnMut(u8, &InfoSet) -> bool) -> Round {
        let k = self.score.rounds as u64;
        let mut rng = Rng::stream(self.deal_seed, k);
        loop {
            let deal = Deal::random(&self.rules, &mut rng);
            if self.rules.needs_redeal(&deal.hands) {
                continue;
            }
            let (first, forced) = match self.next {
                Lead::Seat(s) => (s, None),
                Lead::SideChooses { suggested, .. } => (suggested, None),
                Lead::Deal => self.rules.lead_by_deal(&deal.hands, |n| rng.below(n)),
            };
            let round =
                Round::new(&self.rules, deal, first, forced).expect("a random deal is valid");
            let thrown_in = (0..self.rules.players).any(|s| {
                self.rules.redeal_applies(round.deal().hands[s as usize])
                    && shows(s, &round.infoset(s).with_context(self.context()))
            });
            if !thrown_in {
                return round;
            }
        }
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
        let round = self.deal_round_with(|s, info| players[s as usize].show_doubles(info));
        self.play_dealt(round, players)
    }

    /// Plays a round dealt elsewhere as this match's next round and records it. Duplicate
    /// play uses it to replay one match's deal and leader in the mirrored match. A player
    /// that chooses an illegal move is a bug in that player, and panics.
    pub fn play_dealt(
        &mut self,
        round: Round,
        players: &mut [&mut dyn Player],
    ) -> (Round, RoundScore) {
        let mut table = Table::new(round, self.context());
        let played = table.play_out_players(players);
        if let Err(e) = played {
            let seat = match &e {
                TableError::Player { seat, .. } | TableError::Illegal { seat, .. } => *seat,
            };
            panic!("{}: {e}", players[seat as usize].name());
        }
        let round = table.into_round();
        let rs = self.record(&round);
        (round, rs)
    }
}
