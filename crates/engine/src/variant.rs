//! Rules of a variant, as one serde struct with named presets.
//!
//! Every point on which the rule pages in `shared/seeds/` disagree is a field here; the
//! documented default is the value in the `cuban` preset. `docs/RULES.md` lists the sources.

use serde::{Deserialize, Serialize};

use crate::error::RulesError;
use crate::tiles::{DOUBLES, Tile, TileSet};

/// Who leads the first round of a match (and any round whose lead is decided by the deal).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockWinner {
    /// The single player with the fewest pips; their side wins.
    LowestPlayer,
    /// The side whose hands together hold fewer pips.
    LowestSide,
}

/// What happens when a blocked round is tied between sides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockTie {
    /// Nobody scores.
    NoScore,
    /// The tied player who is the leader ("mano"), or the nearest after him in turn order, wins.
    Mano,
}

/// What a won round is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBonus {
    None,
    /// One more point for every tied round before it (Jamaican replays).
    Escalate,
    /// Two points however many ties preceded it; a Dekabes then scores `dekabes_after_tie`.
    Double,
}

/// The full rules of a variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// A hand with at least this many doubles is thrown in and redealt (0: never).
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

/// Names of the rule fields, in order, as `rules` overrides and the protocol spell them.
pub const RULE_NAMES: &[&str] = &[
    "max_pip",
    "players",
    "partners",
    "hand_size",
    "no_double_blank",
    "draw",
    "lead_double",
    "first_lead",
    "next_lead",
    "tie_lead",
    "reset_lead_by_deal",
    "redeal_doubles",
    "block_winner",
    "block_tie",
    "scoring",
    "key_bone",
    "dekabes",
    "tie_bonus",
    "dekabes_after_tie",
    "match_rule",
    "target",
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
            redeal_doubles: 0,
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
                redeal_doubles: 5,
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

    /// The preset `name` with single rules overridden by the fields of a JSON-like object.
    pub fn with_overrides(self, overrides: &serde_json_like::Map) -> Result<Rules, RulesError> {
        serde_json_like::apply(self, overrides)
    }

    /// Checks that the rules describe a playable game.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |s: &str| Err(RulesError::Inconsistent(s.to_string()));
        if self.max_pip != 6 && self.max_pip != 9 {
            return bad("max_pip must be 6 or 9");
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
        if self.redeal_doubles > self.hand_size {
            return bad("redeal_doubles is larger than a hand");
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

    /// Whether a deal must be thrown in: a hand with too many doubles, or no double anywhere
    /// when the lead goes to the highest double.
    pub fn needs_redeal(&self, hands: &[TileSet]) -> bool {
        if self.redeal_doubles > 0
            && hands
                .iter()
                .any(|h| h.inter(DOUBLES).len() >= self.redeal_doubles as u32)
        {
            return true;
        }
        matches!(
            self.first_lead,
            FirstLead::HighestDouble | FirstLead::PlayHighestDouble
        ) && hands.iter().all(|h| h.inter(DOUBLES).is_empty())
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

/// A tiny JSON-value stand-in so that the engine (no I/O, no serde_json) can take rule
/// overrides: callers convert their JSON object into this map.
pub mod serde_json_like {
    use super::*;

    /// A rule value as given by a client.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Value {
        Bool(bool),
        Int(i64),
        Str(String),
        Other,
    }

    pub type Map = Vec<(String, Value)>;

    fn want_int(rule: &str, v: &Value, lo: i64, hi: i64) -> Result<i64, RulesError> {
        match v {
            Value::Int(i) if (lo..=hi).contains(i) => Ok(*i),
            _ => Err(RulesError::BadValue {
                rule: rule.into(),
                why: format!("expected an integer from {lo} to {hi}"),
            }),
        }
    }

    fn want_bool(rule: &str, v: &Value) -> Result<bool, RulesError> {
        match v {
            Value::Bool(b) => Ok(*b),
            _ => Err(RulesError::BadValue {
                rule: rule.into(),
                why: "expected true or false".into(),
            }),
        }
    }

    fn want_enum<T: for<'de> Deserialize<'de>>(
        rule: &str,
        v: &Value,
        names: &[&str],
    ) -> Result<T, RulesError> {
        let bad = || RulesError::BadValue {
            rule: rule.into(),
            why: format!("expected one of {}", names.join(", ")),
        };
        match v {
            Value::Str(s) if names.contains(&s.as_str()) => {
                let de: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
                    serde::de::IntoDeserializer::into_deserializer(s.as_str());
                T::deserialize(de).map_err(|_| bad())
            }
            _ => Err(bad()),
        }
    }

    /// The values an enum rule accepts.
    pub fn enum_values(rule: &str) -> Option<&'static [&'static str]> {
        Some(match rule {
            "first_lead" => &[
                "highest_double",
                "play_highest_double",
                "highest_tile",
                "random_side",
            ],
            "next_lead" => &["winner", "winning_side", "deal"],
            "tie_lead" => &["other_side", "same_leader", "deal"],
            "block_winner" => &["lowest_player", "lowest_side"],
            "block_tie" => &["no_score", "mano"],
            "scoring" => &["opponents_pips", "all_pips", "net_pips", "points"],
            "tie_bonus" => &["none", "escalate", "double"],
            "match_rule" => &["cumulative", "losers_reset", "love"],
            _ => return None,
        })
    }

    pub fn apply(mut r: Rules, map: &Map) -> Result<Rules, RulesError> {
        for (k, v) in map {
            let k = k.as_str();
            let e = |k: &str| enum_values(k).unwrap_or(&[]);
            match k {
                "max_pip" => {
                    r.max_pip = want_int(k, v, 6, 9)? as u8;
                    if r.max_pip != 6 && r.max_pip != 9 {
                        return Err(RulesError::BadValue {
                            rule: k.into(),
                            why: "expected 6 or 9".into(),
                        });
                    }
                }
                "players" => r.players = want_int(k, v, 2, 4)? as u8,
                "partners" => r.partners = want_bool(k, v)?,
                "hand_size" => r.hand_size = want_int(k, v, 1, 27)? as u8,
                "no_double_blank" => r.no_double_blank = want_bool(k, v)?,
                "draw" => r.draw = want_bool(k, v)?,
                "lead_double" => r.lead_double = want_bool(k, v)?,
                "first_lead" => r.first_lead = want_enum(k, v, e(k))?,
                "next_lead" => r.next_lead = want_enum(k, v, e(k))?,
                "tie_lead" => r.tie_lead = want_enum(k, v, e(k))?,
                "reset_lead_by_deal" => r.reset_lead_by_deal = want_bool(k, v)?,
                "redeal_doubles" => r.redeal_doubles = want_int(k, v, 0, 10)? as u8,
                "block_winner" => r.block_winner = want_enum(k, v, e(k))?,
                "block_tie" => r.block_tie = want_enum(k, v, e(k))?,
                "scoring" => r.scoring = want_enum(k, v, e(k))?,
                "key_bone" => r.key_bone = want_bool(k, v)?,
                "dekabes" => r.dekabes = want_bool(k, v)?,
                "tie_bonus" => r.tie_bonus = want_enum(k, v, e(k))?,
                "dekabes_after_tie" => r.dekabes_after_tie = want_int(k, v, 1, 1000)? as u32,
                "match_rule" => r.match_rule = want_enum(k, v, e(k))?,
                "target" => r.target = want_int(k, v, 1, 1_000_000)? as u32,
                _ => return Err(RulesError::UnknownRule(k.chars().take(64).collect())),
            }
        }
        r.validate()?;
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::serde_json_like::Value;
    use super::*;

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
        let r = Rules::cuban()
            .with_overrides(&vec![
                ("target".into(), Value::Int(150)),
                ("block_winner".into(), Value::Str("lowest_side".into())),
            ])
            .unwrap();
        assert_eq!(r.target, 150);
        assert_eq!(r.block_winner, BlockWinner::LowestSide);
        assert!(
            Rules::cuban()
                .with_overrides(&vec![("target".into(), Value::Str("x".into()))])
                .is_err()
        );
        assert!(
            Rules::cuban()
                .with_overrides(&vec![("nope".into(), Value::Int(1))])
                .is_err()
        );
        assert!(
            Rules::cuban()
                .with_overrides(&vec![("hand_size".into(), Value::Int(20))])
                .is_err()
        );
        assert!(
            Rules::cuban()
                .with_overrides(&vec![("scoring".into(), Value::Str("bogus".into()))])
                .is_err()
        );
    }
}
