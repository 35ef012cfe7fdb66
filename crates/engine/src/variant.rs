//! Rules of a variant, as one serde struct with named presets.
//!
//! Every point on which the rule pages in `shared/seeds/` disagree is a field here; the
//! documented default is the value in the `cuban` preset. `docs/RULES.md` lists the sources.

use serde::{Deserialize, Serialize};

use crate::error::RulesError;
use crate::rule_schema::{self, RuleKind, RuleSchema};
use crate::tiles::{DOUBLES, Tile, TileSet};

/// Who leads the first round of a match (and any round whose lead is decided by the deal).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstLead {
    /// The holder of the highest double leads, with any tile (redeal if nobody holds a double).
    HighestDouble,
    /// The holder of the highest double leads it ("posing" the 6-6 in Jamaica and Haiti).
    PlayHighestDouble,
    /// The holder of the highest double leads; with no double, the holder of the heaviest tile.
    HighestTile,
    /// A random side leads (the draw for the lead, or guessing odd/even); a random member of it.
    RandomSide,
}

/// Who leads after a round that had a winner.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextLead {
    /// The player who won the round (dominoed, or held the fewest pips in a block).
    Winner,
    /// A member of the winning side, chosen by that side (referee reports `next_first: null`;
    /// simulated matches let the round's winner lead).
    WinningSide,
    /// Decided again from the new deal by `first_lead`.
    Deal,
}

/// Who leads after a blocked round that ended in a tie.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieLead {
    /// The tied player on the side that did not lead the tied round (Cuban).
    OtherSide,
    /// The same player leads again (Haiti: the same team starts).
    SameLeader,
    /// Decided from the new deal by `first_lead` (Jamaica: the 6-6 holder poses).
    Deal,
}

/// Who wins a blocked round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockWinner {
    /// The single player with the fewest pips; their side wins.
    LowestPlayer,
    /// The side whose hands together hold fewer pips.
    LowestSide,
}

/// What happens when a blocked round is tied between sides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockTie {
    /// Nobody scores.
    NoScore,
    /// The tied player who is the leader ("mano"), or the nearest after him in turn order, wins.
    Mano,
}

/// What a won round is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// The pips left in the opponents' hands (the other team, or every other player).
    OpponentsPips,
    /// The pips left in all hands, the winner's partner's too.
    AllPips,
    /// The opponents' pips minus the winner's own (Lankford's draw game).
    NetPips,
    /// One point a round (Caribbean games), with the key bone, Dekabes and tie bonuses.
    Points,
}

/// How round points make a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchRule {
    /// Points add up; the first side to reach the target wins.
    Cumulative,
    /// The winning side adds its points and every other side goes back to zero (Haiti).
    LosersReset,
    /// Points add up, but once every side has scored all go back to zero: the target must be
    /// reached while another side has nothing ("six love", Puerto Rican shutout, Chiva).
    Love,
}

/// After a tied block in a points game, what the next decided round is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBonus {
    None,
    /// One more point for every tied round before it (Jamaican replays).
    Escalate,
    /// Two points however many ties preceded it; a Dekabes then scores `dekabes_after_tie`.
    Double,
}

/// What a hand with `redeal_doubles` doubles or more does to the deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Redeal {
    /// Nothing: the hand is played.
    Off,
    /// The holder may show them and have the tiles redealt, or keep the hand and play (the
    /// Cuban and Haitian rule pages: "can show them", "tiene la opción").
    Optional,
    /// The hand is always thrown in and redealt.
    Compulsory,
}

/// The full rules of a variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Highest pip of the set: 6 (28 tiles) or 9 (55 tiles).
    pub max_pip: u8,
    /// Number of players, 2 to 4.
    pub players: u8,
    /// Partners sit opposite (4 players): seats 0 and 2 against 1 and 3.
    pub partners: bool,
    /// Tiles dealt to each player.
    pub hand_size: u8,
    /// Take the 0-0 out of the set (three-player cut-throat).
    pub no_double_blank: bool,
    /// The undealt tiles form a boneyard: a player who cannot play draws until able, and passes
    /// only once it is empty. Otherwise they sleep face down and are never used.
    pub draw: bool,
    /// Every round's first tile must be a double (drawing for one if needed; draw games only).
    pub lead_double: bool,
    pub first_lead: FirstLead,
    pub next_lead: NextLead,
    pub tie_lead: TieLead,
    /// Under the `love` match rule, the round after a reset is led as decided by the deal.
    pub reset_lead_by_deal: bool,
    /// Whether a hand with `redeal_doubles` doubles or more is thrown in.
    pub redeal: Redeal,
    /// How many doubles make a hand that `redeal` applies to.
    pub redeal_doubles: u8,
    pub block_winner: BlockWinner,
    pub block_tie: BlockTie,
    pub scoring: Scoring,
    /// Points games: winning with the key bone (the only playable tile, joining two different
    /// hard ends) scores one more.
    pub key_bone: bool,
    /// Points games: Dekabes (the last tile, not a double, matching both open ends) scores two.
    pub dekabes: bool,
    pub tie_bonus: TieBonus,
    /// What a Dekabes scores after a tied block (4 in Haiti, 3 for some).
    pub dekabes_after_tie: u32,
    pub match_rule: MatchRule,
    /// Match target: the first side to reach it wins.
    pub target: u32,
}

/// Names of every preset, the default first.
pub const VARIANTS: &[&str] = &[
    "cuban",
    "cuban-d6",
    "jamaican",
    "haitian",
    "puerto-rican",
    "cutthroat-2",
    "cutthroat-2-draw",
    "cutthroat-3",
    "cutthroat-4",
    "lankford-2",
    "lankford-3",
    "lankford-4",
    "chiva-2",
    "chiva-3",
];

impl Default for Rules {
    fn default() -> Self {
        Rules::cuban()
    }
}

impl Rules {
    /// Cuban partnership dominoes (Dominó de Parejas): double-nine, 10 each, 15 sleeping.
    pub const fn cuban() -> Rules {
        Rules {
            max_pip: 9,
            players: 4,
            partners: true,
            hand_size: 10,
            no_double_blank: false,
            draw: false,
            lead_double: false,
            first_lead: FirstLead::HighestDouble,
            next_lead: NextLead::Winner,
            tie_lead: TieLead::OtherSide,
            reset_lead_by_deal: false,
            redeal: Redeal::Optional,
            redeal_doubles: 5,
            block_winner: BlockWinner::LowestPlayer,
            block_tie: BlockTie::NoScore,
            scoring: Scoring::OpponentsPips,
            key_bone: false,
            dekabes: false,
            tie_bonus: TieBonus::None,
            dekabes_after_tie: 4,
            match_rule: MatchRule::Cumulative,
            target: 100,
        }
    }

    const fn caribbean_partners() -> Rules {
        Rules {
            max_pip: 6,
            hand_size: 7,
            redeal: Redeal::Off,
            first_lead: FirstLead::PlayHighestDouble,
            next_lead: NextLead::WinningSide,
            tie_lead: TieLead::Deal,
            scoring: Scoring::Points,
            match_rule: MatchRule::Love,
            reset_lead_by_deal: true,
            target: 6,
            ..Rules::cuban()
        }
    }

    const fn individuals(players: u8, hand_size: u8) -> Rules {
        Rules {
            players,
            partners: false,
            hand_size,
            ..Rules::caribbean_partners()
        }
    }

    const fn draw_game(players: u8, hand_size: u8) -> Rules {
        Rules {
            draw: true,
            first_lead: FirstLead::RandomSide,
            next_lead: NextLead::Winner,
            tie_lead: TieLead::SameLeader,
            reset_lead_by_deal: false,
            ..Rules::individuals(players, hand_size)
        }
    }

    /// The preset called `name` (one of [`VARIANTS`]).
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let r = match name {
            "cuban" => Rules::cuban(),
            "cuban-d6" => Rules {
                max_pip: 6,
                hand_size: 7,
                ..Rules::cuban()
            },
            // Jamaican partner: pose the 6-6, one point a hand, key bone two, six love.
            "jamaican" => Rules {
                key_bone: true,
                ..Rules::caribbean_partners()
            },
            // Haiti: Dekabes, tied-block bonus, to four, losers reset, five doubles redeal.
            "haitian" => Rules {
                redeal: Redeal::Optional,
                dekabes: true,
                tie_lead: TieLead::SameLeader,
                tie_bonus: TieBonus::Double,
                match_rule: MatchRule::LosersReset,
                reset_lead_by_deal: false,
                target: 4,
                ..Rules::caribbean_partners()
            },
            // Puerto Rican shutout: four in a row, blocks won by the lower team count.
            "puerto-rican" => Rules {
                block_winner: BlockWinner::LowestSide,
                next_lead: NextLead::Winner,
                target: 4,
                ..Rules::caribbean_partners()
            },
            "cutthroat-2" => Rules {
                first_lead: FirstLead::HighestTile,
                ..Rules::individuals(2, 14)
            },
            "cutthroat-2-draw" => Rules {
                draw: true,
                first_lead: FirstLead::HighestTile,
                ..Rules::individuals(2, 7)
            },
            "cutthroat-3" => Rules {
                no_double_blank: true,
                ..Rules::individuals(3, 9)
            },
            "cutthroat-4" => Rules::individuals(4, 7),
            // Lankford's Cuban draw game: lead a double, draw until able, net pips to 100.
            "lankford-2" | "lankford-3" | "lankford-4" => {
                let (p, h) = match name {
                    "lankford-2" => (2, 7),
                    "lankford-3" => (3, 5),
                    _ => (4, 4),
                };
                Rules {
                    lead_double: true,
                    scoring: Scoring::NetPips,
                    match_rule: MatchRule::Cumulative,
                    target: 100,
                    ..Rules::draw_game(p, h)
                }
            }
            // Puerto Rican Chiva: a draw game, four wins while another player has none.
            "chiva-2" | "chiva-3" => Rules {
                target: 4,
                ..Rules::draw_game(if name == "chiva-2" { 2 } else { 3 }, 7)
            },
            _ => return Err(RulesError::UnknownVariant(name.chars().take(64).collect())),
        };
        debug_assert!(r.validate().is_ok(), "{name}");
        Ok(r)
    }

    /// These rules with single rules overridden by the fields of a JSON object (`null` leaves
    /// a rule as it is); the names and values are those of the serde form of [`Rules`].
    pub fn with_overrides(
        self,
        overrides: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Rules, RulesError> {
        use serde_json::Value;
        let names = rule_schema::rule_names();
        let Ok(Value::Object(mut merged)) = serde_json::to_value(self) else {
            unreachable!("Rules serializes to an object");
        };
        for (k, v) in overrides {
            if !names.contains(&k.as_str()) {
                return Err(RulesError::UnknownRule(k.chars().take(64).collect()));
            }
            if v.is_null() {
                continue;
            }
            // JSON does not tell 150 from 150.0: a whole number is an integer
            let v = match v.as_f64() {
                Some(f) if !v.is_u64() && f.fract() == 0.0 && (0.0..1e15).contains(&f) => {
                    Value::from(f as u64)
                }
                _ => v.clone(),
            };
            merged.insert(k.clone(), v);
            if let Err(e) = serde_json::from_value::<Rules>(Value::Object(merged.clone())) {
                let why = match rule_schema::schema().into_iter().find(|r| r.name == k) {
                    Some(RuleSchema {
                        kind: RuleKind::Int { min, max },
                        ..
                    }) => format!("expected an integer from {min} to {max}"),
                    Some(RuleSchema {
                        kind: RuleKind::Bool,
                        ..
                    }) => "expected true or false".into(),
                    Some(RuleSchema {
                        kind: RuleKind::Enum(values),
                        ..
                    }) => format!("expected one of {}", values.join(", ")),
                    None => e.to_string(),
                };
                return Err(RulesError::BadValue {
                    rule: k.clone(),
                    why,
                });
            }
        }
        let rules: Rules = serde_json::from_value(Value::Object(merged))
            .map_err(|e| RulesError::Inconsistent(e.to_string()))?;
        rules.check_ranges()?;
        rules.validate()?;
        Ok(rules)
    }

    /// Every integer rule within its range ([`rule_schema`]).
    fn check_ranges(&self) -> Result<(), RulesError> {
        let Ok(serde_json::Value::Object(obj)) = serde_json::to_value(self) else {
            unreachable!("Rules serializes to an object");
        };
        for &(name, lo, hi) in rule_schema::INT_RANGES {
            let v = obj.get(name).and_then(|v| v.as_u64()).unwrap_or(0);
            if !(lo..=hi).contains(&v) {
                return Err(RulesError::BadValue {
                    rule: name.into(),
                    why: format!("expected an integer from {lo} to {hi}"),
                });
            }
        }
        Ok(())
    }

    /// Checks that the rules describe a playable game.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |s: &str| Err(RulesError::Inconsistent(s.to_string()));
        if self.max_pip != 6 && self.max_pip != 9 {
            return Err(RulesError::BadValue {
                rule: "max_pip".into(),
                why: "expected 6 or 9".into(),
            });
        }
        if !(2..=4).contains(&self.players) {
            return bad("players must be 2, 3 or 4");
        }
        if self.partners && self.players != 4 {
            return bad("partners needs 4 players");
        }
        if self.hand_size == 0 {
            return bad("hand_size must be positive");
        }
        if self.players as u32 * self.hand_size as u32 > self.set().len() {
            return bad("the set has too few tiles for these hands");
        }
        if self.lead_double && !self.draw {
            return bad("lead_double needs a draw game");
        }
        if self.target == 0 {
            return bad("target must be positive");
        }
        self.check_ranges()?;
        if self.redeal != Redeal::Off && self.redeal_doubles > self.hand_size {
            return bad("redeal_doubles is larger than a hand");
        }
        if !self.can_deal() {
            return bad(
                "no deal can be played: every deal would be thrown in (redeal and first_lead rules)",
            );
        }
        if self.dekabes_after_tie == 0 {
            return bad("dekabes_after_tie must be positive");
        }
        Ok(())
    }

    /// The tiles in play for this variant.
    pub fn set(&self) -> TileSet {
        let mut s = TileSet::full(self.max_pip);
        if self.no_double_blank {
            s.remove(Tile::new(0, 0));
        }
        s
    }

    #[inline]
    pub fn sides(&self) -> usize {
        if self.partners {
            2
        } else {
            self.players as usize
        }
    }

    #[inline]
    pub fn side_of(&self, seat: u8) -> u8 {
        if self.partners { seat % 2 } else { seat }
    }

    /// Tiles not dealt: sleeping, or the boneyard in draw games.
    pub fn undealt(&self) -> u32 {
        self.set().len() - self.players as u32 * self.hand_size as u32
    }

    /// Whether `hand` holds enough doubles for the redeal rule to apply to it.
    pub fn redeal_applies(&self, hand: TileSet) -> bool {
        self.redeal != Redeal::Off
            && self.redeal_doubles > 0
            && hand.inter(DOUBLES).len() >= self.redeal_doubles as u32
    }

    /// Whether a deal is thrown in whatever the players choose: a hand the compulsory redeal
    /// rule applies to, or no double anywhere when the lead goes to the highest double. Under
    /// `optional` the holder decides (`Player::show_doubles`).
    pub fn needs_redeal(&self, hands: &[TileSet]) -> bool {
        if self.redeal == Redeal::Compulsory && hands.iter().any(|&h| self.redeal_applies(h)) {
            return true;
        }
        self.needs_double_lead() && hands.iter().all(|h| h.inter(DOUBLES).is_empty())
    }

    fn needs_double_lead(&self) -> bool {
        matches!(
            self.first_lead,
            FirstLead::HighestDouble | FirstLead::PlayHighestDouble
        )
    }

    /// Whether some deal is never thrown in whatever the players choose: some number `d` of
    /// doubles can be dealt with fewer than `redeal_doubles` in each hand (compulsory), at
    /// least one when the lead needs a double, and the rest of the hands from the other tiles.
    fn can_deal(&self) -> bool {
        let set = self.set();
        let doubles = set.inter(DOUBLES).len() as u64;
        let others = set.len() as u64 - doubles;
        let dealt = self.players as u64 * self.hand_size as u64;
        let mut hi = doubles.min(dealt);
        if self.redeal == Redeal::Compulsory {
            hi = hi.min(self.players as u64 * (self.redeal_doubles as u64).saturating_sub(1));
        }
        let lo = (self.needs_double_lead() as u64).max(dealt.saturating_sub(others));
        lo <= hi
    }

    /// The seat that leads by the deal, and the tile it must lead if the rule forces one.
    /// `coin` supplies the randomness of `random_side` (a uniform number below its argument).
    pub fn lead_by_deal(
        &self,
        hands: &[TileSet],
        mut coin: impl FnMut(u32) -> u32,
    ) -> (u8, Option<Tile>) {
        let highest = |set: TileSet| -> Option<(u8, Tile)> {
            hands
                .iter()
                .enumerate()
                .filter_map(|(s, h)| h.inter(set).heaviest().map(|t| (s as u8, t)))
                .max_by_key(|(_, t)| (t.pips(), t.index()))
        };
        match self.first_lead {
            FirstLead::HighestDouble => match highest(DOUBLES) {
                Some((s, _)) => (s, None),
                None => (0, None),
            },
            FirstLead::PlayHighestDouble => match highest(DOUBLES) {
                Some((s, t)) => (s, Some(t)),
                None => (0, None),
            },
            FirstLead::HighestTile => match highest(DOUBLES).or_else(|| highest(self.set())) {
                Some((s, _)) => (s, None),
                None => (0, None),
            },
            FirstLead::RandomSide => {
                let sides = self.sides() as u32;
                let side = coin(sides) as u8;
                if self.partners {
                    (side + 2 * coin(2) as u8, None)
                } else {
                    (side, None)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn over(v: serde_json::Value) -> Result<Rules, RulesError> {
        Rules::cuban().with_overrides(v.as_object().unwrap())
    }

    #[test]
    fn every_preset_is_valid() {
        for v in VARIANTS {
            let r = Rules::preset(v).unwrap();
            r.validate().unwrap();
            // serde round trip keeps every rule
            let s = serde_json::to_string(&r).unwrap();
            let back: Rules = serde_json::from_str(&s).unwrap();
            assert_eq!(back, r);
        }
        assert!(Rules::preset("nope").is_err());
    }

    #[test]
    fn cuban_defaults() {
        let r = Rules::preset("cuban").unwrap();
        assert_eq!(r.set().len(), 55);
        assert_eq!(r.undealt(), 15);
        assert_eq!(r.target, 100);
        assert_eq!(Rules::preset("cutthroat-3").unwrap().set().len(), 27);
        assert_eq!(Rules::preset("cutthroat-3").unwrap().undealt(), 0);
    }

    #[test]
    fn overrides() {
        let r = over(json!({"target": 150, "block_winner": "lowest_side"})).unwrap();
        assert_eq!(r.target, 150);
        assert_eq!(r.block_winner, BlockWinner::LowestSide);
        assert_eq!(over(json!({"target": 150.0})).unwrap().target, 150);
        assert_eq!(over(json!({"target": null})).unwrap(), Rules::cuban());
        let bad = |v| match over(v) {
            Err(RulesError::BadValue { rule, .. }) => rule,
            other => panic!("{other:?}"),
        };
        assert_eq!(bad(json!({"target": "x"})), "target");
        assert_eq!(bad(json!({"scoring": "bogus"})), "scoring");
        assert_eq!(bad(json!({"max_pip": 12})), "max_pip");
        assert_eq!(bad(json!({"target": 0})), "target");
        assert!(matches!(
            over(json!({"nope": 1})),
            Err(RulesError::UnknownRule(_))
        ));
        assert!(matches!(
            over(json!({"hand_size": 20})),
            Err(RulesError::Inconsistent(_))
        ));
        assert_eq!(bad(json!({"max_pip": 7})), "max_pip");
    }

    #[test]
    fn rules_that_can_never_deal_are_refused() {
        // one double throws a hand in, and the lead needs a double somewhere
        let r = over(json!({"redeal": "compulsory", "redeal_doubles": 1}));
        assert!(matches!(r, Err(RulesError::Inconsistent(_))), "{r:?}");
        // the holder may keep such a hand: a deal can be played
        over(json!({"redeal": "optional", "redeal_doubles": 1})).unwrap();
        over(json!({"redeal": "compulsory", "redeal_doubles": 2})).unwrap();
        over(json!({"redeal": "compulsory", "redeal_doubles": 1, "first_lead": "random_side"}))
            .unwrap();
    }
}
