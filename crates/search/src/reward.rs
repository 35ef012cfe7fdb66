//! What a finished round is worth to each side, as a reward in `[0, 1]` for the search.
//!
//! A side's reward mixes the round's outcome (win 1, tie 0.5, loss 0) with its point margin:
//!
//! ```text
//! reward = (1 - w) * outcome + w * (1 + clamp(margin / scale, -1, 1)) / 2
//! ```
//!
//! where `margin` is the points the side won (positive) or the winner won against it
//! (negative), `w` is [`RewardConfig::margin_weight`] and `scale` comes from
//! [`MarginScale`]: a fixed number of points, or the points still needed to reach the match
//! target (so a round that would end the match counts fully and points past the target count
//! for nothing).

use capicua_engine::{MatchContext, RoundResult, Rules, State, variant::Scoring};

/// How rewards are computed. The default weighs outcome and margin equally.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RewardConfig {
    /// Weight of the point margin in `[0, 1]`: 0 rewards only winning the round, 1 only points.
    pub margin_weight: f64,
    pub margin_scale: MarginScale,
}

impl RewardConfig {
    /// The default, as a constant for other constants to name.
    pub const DEFAULT: RewardConfig = RewardConfig {
        margin_weight: 0.5,
        margin_scale: MarginScale::Auto,
    };
}

impl Default for RewardConfig {
    fn default() -> Self {
        RewardConfig::DEFAULT
    }
}

/// The margin that earns the whole margin part of the reward.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum MarginScale {
    /// From the variant: 2 points in games scored by points a round, else half the average pips
    /// of a dealt hand (45 in `cuban`).
    Auto,
    /// A fixed number of points.
    Points(f64),
    /// Match-aware: a side's win is scaled by the points that side still needs to reach the
    /// target, a loss by the points the winner still needed.
    Target,
}

/// The result of a finished round, by side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning side; `None` for a tied block.
    pub winner: Option<u8>,
    /// Sides in a tie (bit per side); empty when there is a winner.
    pub tied: u8,
    /// Points the winner earns (0 for a tie).
    pub points: u32,
}

impl Outcome {
    /// The outcome of a finished state; `None` while it runs. `first` led the round and
    /// `pending_ties` is the match context's count (it changes the points of some variants).
    #[inline]
    pub fn of(rules: &Rules, state: &State, first: u8, pending_ties: u32) -> Option<Outcome> {
        let res = RoundResult::of(rules, state, first)?;
        let mut tied = 0u8;
        if res.winner.is_none() {
            for s in 0..rules.players {
                if res.tied_seats & (1 << s) != 0 {
                    tied |= 1 << rules.side_of(s);
                }
            }
        }
        Some(Outcome {
            winner: res.winner,
            tied,
            points: res.points(rules, pending_ties),
        })
    }
}

/// Per-side values of one simulated result: the reward the search backs up, the outcome score
/// (win 1, tie 0.5, loss 0) and the point margin, which the per-move statistics report.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct SideValues {
    pub reward: [f64; 4],
    pub score: [f64; 4],
    pub margin: [f64; 4],
}

/// A [`RewardConfig`] resolved for one variant and match context.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Reward {
    sides: usize,
    weight: f64,
    /// Scale of a margin won by side `s`.
    win_scale: [f64; 4],
}

impl Reward {
    pub fn new(config: &RewardConfig, rules: &Rules, context: &MatchContext) -> Reward {
        let sides = rules.sides();
        let fixed = match config.margin_scale {
            MarginScale::Points(p) => Some(p.max(1e-9)),
            MarginScale::Auto => Some(auto_scale(rules)),
            MarginScale::Target => None,
        };
        let mut win_scale = [1.0; 4];
        for (s, w) in win_scale.iter_mut().enumerate().take(sides) {
            *w = fixed
                .unwrap_or_else(|| rules.target.saturating_sub(context.scores[s]).max(1) as f64);
        }
        Reward {
            sides,
            weight: config.margin_weight.clamp(0.0, 1.0),
            win_scale,
        }
    }

    pub fn sides(&self) -> usize {
        self.sides
    }

    #[inline]
    fn mix(&self, score: f64, margin: f64, scale: f64) -> f64 {
        let m = (margin / scale).clamp(-1.0, 1.0);
        (1.0 - self.weight) * score + self.weight * 0.5 * (1.0 + m)
    }

    /// Every side's values for a finished round.
    #[inline]
    pub fn of_outcome(&self, o: &Outcome) -> SideValues {
        let mut v = SideValues::default();
        let pts = o.points as f64;
        for s in 0..self.sides {
            let (score, margin, scale) = match o.winner {
                Some(w) if w as usize == s => (1.0, pts, self.win_scale[s]),
                Some(w) => (0.0, -pts, self.win_scale[w as usize]),
                None => (if o.tied & (1 << s) != 0 { 0.5 } else { 0.0 }, 0.0, 1.0),
            };
            v.score[s] = score;
            v.margin[s] = margin;
            v.reward[s] = self.mix(score, margin, scale);
        }
        v
    }

    /// Every side's values from an estimate for one side: `win` its expected outcome score and
    /// `margin` its expected point margin. With two sides the other side gets the complement;
    /// with more, the others share it equally.
    pub fn of_estimate(&self, side: u8, win: f64, margin: f64) -> SideValues {
        let mut v = SideValues::default();
        let others = (self.sides - 1).max(1) as f64;
        // the most dangerous opponent's scale measures a loss
        let opp_scale = (0..self.sides)
            .filter(|&s| s != side as usize)
            .map(|s| self.win_scale[s])
            .fold(f64::INFINITY, f64::min);
        for s in 0..self.sides {
            let (score, m) = if s == side as usize {
                (win, margin)
            } else {
                ((1.0 - win) / others, -margin / others)
            };
            let scale = if s == side as usize {
                if m >= 0.0 {
                    self.win_scale[s]
                } else {
                    opp_scale
                }
            } else if m >= 0.0 {
                self.win_scale[s]
            } else {
                self.win_scale[side as usize]
            };
            v.score[s] = score;
            v.margin[s] = m;
            v.reward[s] = self.mix(score, m, scale);
        }
        v
    }
}

/// [`MarginScale::Auto`]'s number of points for a variant.
pub fn auto_scale(rules: &Rules) -> f64 {
    if rules.scoring == Scoring::Points {
        2.0
    } else {
        let set = rules.set();
        0.5 * rules.hand_size as f64 * set.pips() as f64 / set.len() as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_and_margin_mix() {
        let rules = Rules::cuban();
        let ctx = MatchContext::default();
        let only_outcome = Reward::new(
            &RewardConfig {
                margin_weight: 0.0,
                ..Default::default()
            },
            &rules,
            &ctx,
        );
        let o = Outcome {
            winner: Some(1),
            tied: 0,
            points: 30,
        };
        let v = only_outcome.of_outcome(&o);
        assert_eq!(&v.reward[..2], &[0.0, 1.0]);
        assert_eq!(&v.margin[..2], &[-30.0, 30.0]);
        let half = Reward::new(
            &RewardConfig {
                margin_weight: 0.5,
                margin_scale: MarginScale::Points(60.0),
            },
            &rules,
            &ctx,
        );
        let v = half.of_outcome(&o);
        assert!((v.reward[1] - (0.5 + 0.5 * 0.75)).abs() < 1e-12);
        assert!((v.reward[0] - 0.5 * 0.25).abs() < 1e-12);
        let tie = half.of_outcome(&Outcome {
            winner: None,
            tied: 0b11,
            points: 0,
        });
        assert_eq!(&tie.reward[..2], &[0.5, 0.5]);
        assert_eq!(auto_scale(&rules), 45.0);
    }

    #[test]
    fn target_scale_counts_points_needed() {
        let rules = Rules::cuban();
        let ctx = MatchContext {
            scores: [90, 20, 0, 0],
            pending_ties: 0,
        };
        let r = Reward::new(
            &RewardConfig {
                margin_weight: 1.0,
                margin_scale: MarginScale::Target,
            },
            &rules,
            &ctx,
        );
        // side 0 needs 10: a 30-point win is a full margin reward, and side 1 loses fully
        let v = r.of_outcome(&Outcome {
            winner: Some(0),
            tied: 0,
            points: 30,
        });
        assert_eq!(&v.reward[..2], &[1.0, 0.0]);
        // side 1 needs 80: 40 points is half of it
        let v = r.of_outcome(&Outcome {
            winner: Some(1),
            tied: 0,
            points: 40,
        });
        assert!((v.reward[1] - 0.75).abs() < 1e-12 && (v.reward[0] - 0.25).abs() < 1e-12);
    }

    #[test]
    fn estimates_are_complementary_for_two_sides() {
        let rules = Rules::cuban();
        let r = Reward::new(&RewardConfig::default(), &rules, &MatchContext::default());
        let v = r.of_estimate(1, 0.7, 9.0);
        assert!((v.score[0] + v.score[1] - 1.0).abs() < 1e-12);
        assert!((v.reward[0] + v.reward[1] - 1.0).abs() < 1e-12);
        assert_eq!(v.margin[0], -9.0);
    }
}
