//! One path from an outside position to a checked information set.
//!
//! A [`Setup`] is what a client says (the rules, the seat, its hand, the moves so far, the
//! match context), unchecked. [`Setup::check`] turns it into an [`InfoSet`] and its exact
//! [`Sampler`], or names the first fault as a reader would find it: the seats, then the hand
//! tile by tile, then the hand as a whole, then every move in turn (what is wrong with the
//! tile before whether it fits the ends), and last whether any deal of the hidden tiles fits
//! everything seen.

use thiserror::Error;

use crate::error::{MoveError, SampleError};
use crate::infoset::{InfoSet, MatchContext};
use crate::moves::MoveSpec;
use crate::rng::Rng;
use crate::round::{Deal, Round};
use crate::sample::Sampler;
use crate::tiles::{Tile, TileSet};
use crate::variant::{Redeal, Rules};

/// A position as given from outside, not yet checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub rules: Rules,
    /// The seat whose view this is.
    pub seat: u8,
    /// The round's leader.
    pub first: u8,
    /// The seat's hand as dealt, in the order given.
    pub hand: Vec<Tile>,
    /// The tile the rules force the leader to lead, when the client says there is one.
    pub forced_lead: Option<Tile>,
    /// The moves so far, as written.
    pub moves: Vec<MoveSpec>,
    pub context: MatchContext,
}

/// Where a setup is wrong (the first fault) and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("seat {0} is not a seat of this variant")]
    Seat(u8),
    #[error("seat {0} is not a seat of this variant")]
    First(u8),
    /// Tile `index` of the hand.
    #[error("{why}")]
    HandTile { index: usize, why: String },
    /// The hand as a whole.
    #[error("{0}")]
    Hand(String),
    #[error("{0}")]
    Context(String),
    #[error("{0}")]
    ForcedLead(MoveError),
    /// Move `index` of the moves.
    #[error("{error}")]
    Move { index: usize, error: MoveError },
    /// No deal of the hidden tiles fits the hand and the moves before `moves` (0: the hand
    /// alone).
    #[error("no deal of the hidden tiles is consistent with the hand and the moves up to here")]
    NoDeal { moves: usize },
    /// Every deal that fits the counts breaks the compulsory redeal rule or the order of
    /// draws and passes.
    #[error(
        "no deal of the hidden tiles is consistent with the moves, the redeal rule and the order of draws"
    )]
    NoDealAfterRejection,
}

/// A checked setup: the seat's view after every move, and the exact sampler of its hidden
/// tiles (built by the check, ready for search).
#[derive(Clone, Debug)]
pub struct Checked {
    pub info: InfoSet,
    pub sampler: Sampler,
}

impl Setup {
    pub fn check(&self) -> Result<Checked, SetupError> {
        let rules = &self.rules;
        if self.seat >= rules.players {
            return Err(SetupError::Seat(self.seat));
        }
        if self.first >= rules.players {
            return Err(SetupError::First(self.first));
        }
        let hand = self.hand_set()?;
        let sides = rules.sides();
        if let Some(s) = (sides..4).find(|&s| self.context.scores[s] != 0) {
            return Err(SetupError::Context(format!(
                "side {s} has a score but the variant has {sides} sides"
            )));
        }
        let mut info = InfoSet::new(rules, self.seat, self.first, hand)
            .map_err(|e| SetupError::Hand(e.to_string()))?
            .with_context(self.context.clone())
            .with_forced_lead(self.forced_lead)
            .map_err(SetupError::ForcedLead)?;
        let start = info.clone();
        for (index, &spec) in self.moves.iter().enumerate() {
            info.apply_spec(spec)
                .map_err(|error| SetupError::Move { index, error })?;
        }
        let sampler = match Sampler::new(&info) {
            Ok(s) => s,
            Err(SampleError::NoConsistentDeal) => {
                return Err(SetupError::NoDeal {
                    moves: first_inconsistent_prefix(start, &info),
                });
            }
        };
        // the redeal rule and, in draw games, the order of draws and passes are checked by
        // rejection; a fixed seed keeps the verdict reproducible
        if sampler.sample_hands(&mut Rng::new(0x5eed)).is_err() {
            return Err(SetupError::NoDealAfterRejection);
        }
        Ok(Checked { info, sampler })
    }

    fn hand_set(&self) -> Result<TileSet, SetupError> {
        let rules = &self.rules;
        let mut hand = TileSet::EMPTY;
        for (index, &t) in self.hand.iter().enumerate() {
            let why = if !rules.set().contains(t) {
                format!("tile {t} is not in the set of this variant")
            } else if hand.contains(t) {
                format!("tile {t} appears twice in the hand")
            } else {
                hand.insert(t);
                continue;
            };
            return Err(SetupError::HandTile { index, why });
        }
        if hand.len() != rules.hand_size as u32 {
            let n = hand.len();
            return Err(SetupError::Hand(format!(
                "the hand has {n} tile{}, the variant deals {}",
                if n == 1 { "" } else { "s" },
                rules.hand_size
            )));
        }
        if rules.redeal == Redeal::Compulsory && rules.redeal_applies(hand) {
            return Err(SetupError::Hand(format!(
                "a hand with {} or more doubles is thrown in and redealt under this variant (rule redeal: compulsory)",
                rules.redeal_doubles
            )));
        }
        Ok(hand)
    }
}

/// An open-hand position as given from outside (every hand known: a referee, an analysis),
/// not yet checked.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenSetup {
    pub rules: Rules,
    pub first: u8,
    /// Every seat's hand as dealt, in the order given.
    pub hands: Vec<Vec<Tile>>,
    /// The boneyard in drawing order (draw games); without a boneyard the undealt tiles sleep
    /// and need no order, so this is ignored.
    pub boneyard: Vec<Tile>,
    pub forced_lead: Option<Tile>,
    pub moves: Vec<MoveSpec>,
}

/// Where an open-hand setup is wrong (the first fault) and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpenSetupError {
    #[error("seat {0} is not a seat of this variant")]
    First(u8),
    #[error("expected {want} hands, one per seat, got {got}")]
    Seats { got: usize, want: usize },
    /// Tile `index` of seat `seat`'s hand.
    #[error("{why}")]
    HandTile {
        seat: usize,
        index: usize,
        why: String,
    },
    /// Seat `seat`'s hand as a whole.
    #[error("{why}")]
    Hand { seat: usize, why: String },
    /// Tile `index` of the boneyard.
    #[error("{why}")]
    BoneyardTile { index: usize, why: String },
    #[error("the boneyard must hold the {0} tiles not dealt, in drawing order")]
    Boneyard(u32),
    #[error("the leader does not hold the forced lead")]
    ForcedLead,
    #[error("{error}")]
    Move { index: usize, error: MoveError },
}

impl OpenSetup {
    /// The round after every move, checked by the referee.
    pub fn check(&self) -> Result<Round, OpenSetupError> {
        let rules = &self.rules;
        let players = rules.players as usize;
        if self.first >= rules.players {
            return Err(OpenSetupError::First(self.first));
        }
        if self.hands.len() != players {
            return Err(OpenSetupError::Seats {
                got: self.hands.len(),
                want: players,
            });
        }
        let fault = |t: Tile, seen: TileSet| {
            if !rules.set().contains(t) {
                Some(format!("tile {t} is not in the set of this variant"))
            } else if seen.contains(t) {
                Some(format!("tile {t} is dealt twice"))
            } else {
                None
            }
        };
        let mut seen = TileSet::EMPTY;
        let mut hands = [TileSet::EMPTY; 4];
        for (seat, hand) in self.hands.iter().enumerate() {
            for (index, &t) in hand.iter().enumerate() {
                if let Some(why) = fault(t, seen) {
                    return Err(OpenSetupError::HandTile { seat, index, why });
                }
                seen.insert(t);
                hands[seat].insert(t);
            }
            let n = hands[seat].len();
            if n != rules.hand_size as u32 {
                return Err(OpenSetupError::Hand {
                    seat,
                    why: format!(
                        "seat {seat} holds {n} tile{}, the variant deals {}",
                        if n == 1 { "" } else { "s" },
                        rules.hand_size
                    ),
                });
            }
        }
        let rest = rules.set().minus(seen);
        let pile = if rules.draw {
            for (index, &t) in self.boneyard.iter().enumerate() {
                if let Some(why) = fault(t, seen) {
                    return Err(OpenSetupError::BoneyardTile { index, why });
                }
                seen.insert(t);
            }
            if seen != rules.set() {
                return Err(OpenSetupError::Boneyard(rest.len()));
            }
            self.boneyard.clone()
        } else {
            rest.iter().collect()
        };
        if let Some(t) = self.forced_lead
            && !hands[self.first as usize].contains(t)
        {
            return Err(OpenSetupError::ForcedLead);
        }
        let deal = Deal { hands, pile };
        let mut round = Round::new(rules, deal, self.first, self.forced_lead).map_err(|e| {
            OpenSetupError::Hand {
                seat: 0,
                why: e.to_string(),
            }
        })?;
        for (index, &spec) in self.moves.iter().enumerate() {
            let played = if round.is_over() {
                Err(MoveError::RoundOver)
            } else {
                round.resolve(spec).and_then(|mv| round.play(mv))
            };
            played.map_err(|error| OpenSetupError::Move { index, error })?;
        }
        Ok(round)
    }
}

/// The number of moves after which no deal fits any more (0: none fits the hand alone).
fn first_inconsistent_prefix(mut info: InfoSet, full: &InfoSet) -> usize {
    if Sampler::new(&info).is_err() {
        return 0;
    }
    for (k, &mv) in full.history().iter().enumerate() {
        if info.apply(mv).is_err() || Sampler::new(&info).is_err() {
            return k + 1;
        }
    }
    full.history().len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::DOUBLES;

    fn tiles(s: &str) -> Vec<Tile> {
        s.split_whitespace()
            .map(|t| Tile::parse(t, 9).unwrap())
            .collect()
    }

    fn five_doubles(rules: Rules) -> Setup {
        Setup {
            rules,
            seat: 0,
            first: 0,
            hand: tiles("9-9 8-8 7-7 6-6 5-5 9-4 8-3 6-2 4-1 3-0"),
            forced_lead: None,
            moves: vec![
                MoveSpec::Play {
                    tile: Tile::new(9, 9),
                    end: None,
                },
                MoveSpec::Play {
                    tile: Tile::new(9, 1),
                    end: None,
                },
            ],
            context: MatchContext::default(),
        }
    }

    #[test]
    fn five_doubles_are_the_holders_option_by_default() {
        let checked = five_doubles(Rules::cuban()).check().unwrap();
        assert_eq!(checked.info.history().len(), 2);
        let compulsory = Rules {
            redeal: Redeal::Compulsory,
            ..Rules::cuban()
        };
        assert!(matches!(
            five_doubles(compulsory).check(),
            Err(SetupError::Hand(_))
        ));
    }

    #[test]
    fn the_sampler_may_give_an_opponent_five_doubles_under_the_default() {
        // seat 1 shows no void, so it can hold any five of the hidden doubles
        let info = Setup {
            hand: tiles("9-4 8-3 6-2 4-1 3-0 9-8 7-6 5-2 9-0 8-1"),
            moves: vec![],
            ..five_doubles(Rules::cuban())
        }
        .check()
        .unwrap();
        let mut rng = Rng::new(7);
        let mut found = [false; 2];
        for _ in 0..20_000 {
            let (hands, _) = info.sampler.sample_hands(&mut rng).unwrap();
            let many = (1..4).any(|s| hands[s].inter(DOUBLES).len() >= 5);
            found[0] |= many;
            found[1] |= !many;
        }
        assert_eq!(found, [true, true]);
        let compulsory = Setup {
            rules: Rules {
                redeal: Redeal::Compulsory,
                ..Rules::cuban()
            },
            ..Setup {
                hand: tiles("9-4 8-3 6-2 4-1 3-0 9-8 7-6 5-2 9-0 8-1"),
                moves: vec![],
                ..five_doubles(Rules::cuban())
            }
        }
        .check()
        .unwrap();
        for _ in 0..20_000 {
            let (hands, _) = compulsory.sampler.sample_hands(&mut rng).unwrap();
            assert!((1..4).all(|s| hands[s].inter(DOUBLES).len() < 5));
        }
    }

    #[test]
    fn faults_are_found_where_a_reader_finds_them() {
        let base = five_doubles(Rules::cuban());
        let dup = Setup {
            hand: tiles("9-9 9-9 7-7 6-6 5-5 9-4 8-3 6-2 4-1 3-0"),
            ..base.clone()
        };
        assert!(matches!(
            dup.check(),
            Err(SetupError::HandTile { index: 1, .. })
        ));
        // a tile already played is named as such, though it also fits no end
        let mut replay = base.clone();
        replay.moves.push(MoveSpec::Play {
            tile: Tile::new(9, 9),
            end: None,
        });
        assert!(matches!(
            replay.check(),
            Err(SetupError::Move {
                index: 2,
                error: MoveError::AlreadyPlayed(_)
            })
        ));
        let mut own = base.clone();
        own.moves.push(MoveSpec::Play {
            tile: Tile::new(8, 8),
            end: None,
        });
        assert!(matches!(
            own.check(),
            Err(SetupError::Move {
                index: 2,
                error: MoveError::OwnTile(_)
            })
        ));
        assert!(matches!(
            Setup {
                seat: 4,
                ..base.clone()
            }
            .check(),
            Err(SetupError::Seat(4))
        ));
    }
}
