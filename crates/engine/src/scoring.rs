//! Who won a finished round, what it is worth, and how the match score moves.

use serde::{Deserialize, Serialize};

use crate::state::{Finish, State, next};
use crate::variant::{
    BlockTie, BlockWinner, MatchRule, NextLead, Rules, Scoring, TieBonus, TieLead,
};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndKind {
    Domino,
    Blocked,
}

/// The outcome of a finished round, before the match context turns it into points.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RoundResult {
    pub end: EndKind,
    /// The winning side, `None` for a tied block with no score.
    pub winner: Option<u8>,
    /// The seat credited with the win (who dominoed, or the lowest count of the winning side).
    pub winner_seat: Option<u8>,
    /// Pips left in each seat's hand.
    pub pips: [u32; 4],
    pub key_bone: bool,
    pub dekabes: bool,
    /// Sides involved in a tie (bit per side), for the tie lead.
    pub tied_seats: u8,
}

impl RoundResult {
    /// Evaluates a finished state. `first` is the round's leader ("mano").
    pub fn of(rules: &Rules, state: &State, first: u8) -> Option<RoundResult> {
        let pips = state.pips();
        let n = rules.players;
        let mut res = RoundResult {
            end: EndKind::Blocked,
            winner: None,
            winner_seat: None,
            pips,
            key_bone: false,
            dekabes: false,
            tied_seats: 0,
        };
        // seats in turn order from the leader: "nearest to mano" means earliest here (on the
        // stack: search scores every playout with this)
        let mut seats = [0u8; 4];
        for (i, s) in seats.iter_mut().enumerate().take(n as usize) {
            *s = (first + i as u8) % n;
        }
        let order = &seats[..n as usize];
        match state.finish {
            Finish::Running => return None,
            Finish::Domino {
                seat,
                key_bone,
                dekabes,
            } => {
                res.end = EndKind::Domino;
                res.winner = Some(rules.side_of(seat));
                res.winner_seat = Some(seat);
                res.key_bone = key_bone;
                res.dekabes = dekabes;
            }
            Finish::Blocked => {
                let lowest_of_side = |side: u8| {
                    order
                        .iter()
                        .copied()
                        .filter(|&s| rules.side_of(s) == side)
                        .min_by_key(|&s| pips[s as usize])
                        .unwrap_or(side)
                };
                match rules.block_winner {
                    BlockWinner::LowestPlayer => {
                        let min = order.iter().map(|&s| pips[s as usize]).min().unwrap_or(0);
                        let low = || order.iter().copied().filter(|&s| pips[s as usize] == min);
                        let low0 = low().next().unwrap_or(first);
                        let side0 = rules.side_of(low0);
                        if low().all(|s| rules.side_of(s) == side0)
                            || rules.block_tie == BlockTie::Mano
                        {
                            res.winner = Some(side0);
                            res.winner_seat = Some(low0);
                        } else {
                            res.tied_seats = low().fold(0, |m, s| m | 1 << s);
                        }
                    }
                    BlockWinner::LowestSide => {
                        let sides = rules.sides();
                        let mut total = [0u32; 4];
                        for s in 0..n {
                            total[rules.side_of(s) as usize] += pips[s as usize];
                        }
                        let min = total[..sides].iter().copied().min().unwrap_or(0);
                        // sides in order of their nearest seat to mano
                        let (mut low_buf, mut n_low) = ([0u8; 4], 0);
                        for &s in order {
                            let side = rules.side_of(s);
                            if total[side as usize] == min && !low_buf[..n_low].contains(&side) {
                                low_buf[n_low] = side;
                                n_low += 1;
                            }
                        }
                        let low_sides = &low_buf[..n_low];
                        if low_sides.len() == 1 || rules.block_tie == BlockTie::Mano {
                            res.winner = Some(low_sides[0]);
                            res.winner_seat = Some(lowest_of_side(low_sides[0]));
                        } else {
                            res.tied_seats = order
                                .iter()
                                .filter(|&&s| low_sides.contains(&rules.side_of(s)))
                                .fold(0, |m, &s| m | 1 << s);
                        }
                    }
                }
            }
        }
        Some(res)
    }

    /// Points the winning side earns, given the tied rounds pending before this one.
    pub fn points(&self, rules: &Rules, pending_ties: u32) -> u32 {
        let Some(win) = self.winner else { return 0 };
        let n = rules.players as usize;
        let side_pips = |side: u8| -> u32 {
            (0..n)
                .filter(|&s| rules.side_of(s as u8) == side)
                .map(|s| self.pips[s])
                .sum()
        };
        let all: u32 = self.pips[..n].iter().sum();
        match rules.scoring {
            Scoring::OpponentsPips => all - side_pips(win),
            Scoring::AllPips => all,
            Scoring::NetPips => (all - side_pips(win)).saturating_sub(side_pips(win)),
            Scoring::Points => {
                let dekabes = rules.dekabes && self.dekabes && self.end == EndKind::Domino;
                let key = rules.key_bone && self.key_bone && self.end == EndKind::Domino;
                match rules.tie_bonus {
                    TieBonus::Double if pending_ties > 0 => {
                        if dekabes {
                            rules.dekabes_after_tie
                        } else {
                            2
                        }
                    }
                    TieBonus::Escalate => 1 + pending_ties + key as u32 + dekabes as u32,
                    _ => 1 + key as u32 + dekabes as u32,
                }
            }
        }
    }
}

/// Who leads the next round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lead {
    Seat(u8),
    /// The side chooses which member leads; `suggested` is the round's winner (simulations use it).
    SideChooses {
        side: u8,
        suggested: u8,
    },
    /// The next deal decides (`Rules::lead_by_deal`).
    Deal,
}

/// The running score of a match.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MatchScore {
    /// One entry per side.
    pub scores: Vec<u32>,
    /// Tied blocked rounds since the last decided one.
    pub pending_ties: u32,
    /// Rounds played.
    pub rounds: u32,
    /// Whether some side has scored in this match (for pollona).
    pub history_max: Vec<u32>,
}

/// What one round did to the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundScore {
    pub winner: Option<u8>,
    pub points: u32,
    /// Under `love`, every side had scored and the scores went back to zero.
    pub reset: bool,
    pub scores: Vec<u32>,
    /// The side that won the match with this round.
    pub match_winner: Option<u8>,
    /// The match was won while the other side(s) never scored.
    pub pollona: bool,
    /// ... and with a single round.
    pub viajera: bool,
    pub next: Lead,
}

impl MatchScore {
    pub fn new(rules: &Rules) -> MatchScore {
        MatchScore::from_scores(rules, &[], 0)
    }

    /// A match already under way (`scores` per side; missing sides are zero).
    pub fn from_scores(rules: &Rules, scores: &[u32], pending_ties: u32) -> MatchScore {
        let mut s = vec![0; rules.sides()];
        for (d, v) in s.iter_mut().zip(scores) {
            *d = *v;
        }
        MatchScore {
            history_max: s.clone(),
            scores: s,
            pending_ties,
            rounds: 0,
        }
    }

    pub fn winner(&self, rules: &Rules) -> Option<u8> {
        self.scores
            .iter()
            .position(|&s| s >= rules.target)
            .map(|s| s as u8)
    }

    /// Adds a finished round led by `first`.
    pub fn record(&mut self, rules: &Rules, res: &RoundResult, first: u8) -> RoundScore {
        let points = res.points(rules, self.pending_ties);
        self.rounds += 1;
        let mut reset = false;
        let next = match res.winner {
            None => {
                self.pending_ties += 1;
                match rules.tie_lead {
                    TieLead::SameLeader => Lead::Seat(first),
                    TieLead::Deal => Lead::Deal,
                    TieLead::OtherSide => {
                        let lead_side = rules.side_of(first);
                        let n = rules.players;
                        // nearest tied seat after the leader not on the leader's side
                        let mut s = first;
                        let mut pick = None;
                        for _ in 0..n {
                            s = next(s, n);
                            if res.tied_seats & (1 << s) != 0 && rules.side_of(s) != lead_side {
                                pick = Some(s);
                                break;
                            }
                        }
                        Lead::Seat(pick.unwrap_or(next(first, n)))
                    }
                }
            }
            Some(w) => {
                self.pending_ties = 0;
                self.scores[w as usize] += points;
                match rules.match_rule {
                    MatchRule::Cumulative => {}
                    MatchRule::LosersReset => {
                        for (i, s) in self.scores.iter_mut().enumerate() {
                            if i != w as usize {
                                *s = 0;
                            }
                        }
                    }
                    MatchRule::Love => {
                        if self.scores[w as usize] < rules.target
                            && self.scores.iter().all(|&s| s > 0)
                        {
                            reset = true;
                        }
                    }
                }
                if reset {
                    self.scores.iter_mut().for_each(|s| *s = 0);
                }
                let seat = res.winner_seat.unwrap_or(w);
                if reset && rules.reset_lead_by_deal {
                    Lead::Deal
                } else {
                    match rules.next_lead {
                        NextLead::Winner => Lead::Seat(seat),
                        NextLead::WinningSide if rules.partners => Lead::SideChooses {
                            side: w,
                            suggested: seat,
                        },
                        NextLead::WinningSide => Lead::Seat(seat),
                        NextLead::Deal => Lead::Deal,
                    }
                }
            }
        };
        for (m, s) in self.history_max.iter_mut().zip(&self.scores) {
            *m = (*m).max(*s);
        }
        let match_winner = self.winner(rules);
        let (pollona, viajera) = match match_winner {
            Some(w) => {
                let others_blank = self
                    .history_max
                    .iter()
                    .enumerate()
                    .all(|(i, &m)| i == w as usize || m == 0);
                (others_blank, others_blank && points >= rules.target)
            }
            None => (false, false),
        };
        RoundScore {
            winner: res.winner,
            points,
            reset,
            scores: self.scores.clone(),
            match_winner,
            pollona,
            viajera,
            next,
        }
    }
}
