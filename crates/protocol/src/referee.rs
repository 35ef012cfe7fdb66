//! The `referee` request: the engine as the table's referee, seeing every hand as dealt.

use capicua_engine::{
    EndKind, Lead, MatchScore, OpenSetup, OpenSetupError, Round, RoundResult, Rules, Tile,
    known_voids, notation, replay,
};
use serde::Serialize;
use serde_json::Value;

use crate::error::RequestError;
use crate::fields::{Obj, Path};
use crate::position::{
    ends_array, move_error, parse_context, parse_lead_and_moves, parse_seat, parse_tile,
};
use crate::variants;

/// The `result` of a finished round.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct RoundOutcome {
    /// `"domino"` or `"blocked"`.
    pub end: EndKind,
    /// The winning side, `None` for a tie.
    pub winner: Option<u8>,
    pub points: u32,
    /// The match score after the round, per side.
    pub scores: Vec<u32>,
    pub match_over: bool,
    /// Who leads the next round, `None` where a team chooses, the next deal decides, or the
    /// match is over (`next_lead` says which).
    pub next_first: Option<u8>,
    /// Extension: `"seat"`, `"side_chooses"`, `"deal"` or `"match_over"`.
    pub next_lead: &'static str,
    /// Extension: tied rounds pending after this one (the next position's `pending_ties`).
    pub pending_ties: u32,
    /// Extension: the pips left in each seat's hand.
    pub pips: Vec<u32>,
    /// Extension: with `next_lead` `"side_chooses"`, the seat the engine's own matches let
    /// lead (the round's winner); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggested_first: Option<u8>,
}

/// One tile of the line of play as it lies (extension `line` of the referee reply).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct LaidTile {
    pub tile: String,
    /// The number on its left half and on its right half, as it lies.
    pub left: u8,
    pub right: u8,
    /// `"lead"`, `"left"` or `"right"`: the end it was laid at.
    pub side: &'static str,
    pub seat: u8,
    /// Its index in `moves`.
    #[serde(rename = "move")]
    pub index: usize,
}

/// The `referee` reply without its `type` and `id`.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct RefereeView {
    pub to_move: u8,
    pub ends: Vec<u8>,
    pub legal: Vec<String>,
    pub result: Option<RoundOutcome>,
    /// Extension: the tiles each seat holds now.
    pub counts: Vec<u8>,
    /// Extension: for each seat, the numbers it is publicly known to hold no tile of (it
    /// passed on them, or drew instead of playing them), ascending.
    pub voids: Vec<Vec<u8>>,
    /// Extension: the seat that made each move of `moves`.
    pub movers: Vec<u8>,
    /// Extension: the line of play, left to right.
    pub line: Vec<LaidTile>,
}

/// The outcome of a finished round in a match whose score before it is `scores` (per side)
/// with `pending_ties` tied rounds before it.
pub fn outcome(
    rules: &Rules,
    res: &RoundResult,
    first: u8,
    scores: &[u32],
    pending_ties: u32,
) -> RoundOutcome {
    let mut ms = MatchScore::from_scores(rules, scores, pending_ties);
    let rs = ms.record(rules, res, first);
    let match_over = rs.match_winner.is_some();
    let (next_first, next_lead, suggested_first) = match rs.next {
        _ if match_over => (None, "match_over", None),
        Lead::Seat(s) => (Some(s), "seat", None),
        Lead::SideChooses { suggested, .. } => (None, "side_chooses", Some(suggested)),
        Lead::Deal => (None, "deal", None),
    };
    RoundOutcome {
        end: res.end,
        winner: res.winner,
        points: rs.points,
        scores: rs.scores,
        match_over,
        next_first,
        next_lead,
        pending_ties: ms.pending_ties,
        pips: res.pips[..rules.players as usize].to_vec(),
        suggested_first,
    }
}

/// A round rebuilt from a referee request, with its match context.
pub struct Table {
    pub rules: Rules,
    pub round: Round,
    pub scores: Vec<u32>,
    pub pending_ties: u32,
}

impl Table {
    pub fn view(&self) -> RefereeView {
        let st = self.round.state();
        let legal = self
            .round
            .legal_moves()
            .iter()
            .map(|&m| notation(m, st.ends()))
            .collect();
        let result = self.round.result().map(|res| {
            outcome(
                &self.rules,
                &res,
                self.round.first(),
                &self.scores,
                self.pending_ties,
            )
        });
        let round = &self.round;
        let (movers, line, public) = replay(
            &self.rules,
            round.first(),
            round.public().forced_lead_at_start(),
            round.history(),
        );
        let players = self.rules.players;
        RefereeView {
            to_move: st.to_move,
            ends: ends_array(st.ends()),
            legal,
            result,
            counts: public.counts()[..players as usize].to_vec(),
            voids: (0..players).map(|s| known_voids(&public, s)).collect(),
            movers,
            line: line
                .iter()
                .map(|t| LaidTile {
                    tile: t.tile.to_string(),
                    left: t.left,
                    right: t.right,
                    side: t.side.name(),
                    seat: t.seat,
                    index: t.index,
                })
                .collect(),
        }
    }
}

/// Checks a referee request (the request object itself): the JSON is mapped onto an engine
/// [`OpenSetup`], which the engine checks and replays; its faults are reported at the field
/// they point to.
pub fn parse_table(o: &Obj<'_>) -> Result<Table, RequestError> {
    let (_, rules) = variants::of_request(o)?;
    let first = parse_seat(o, "first", &rules)?;
    let hands_path = o.field("hands");
    let mut hands = Vec::new();
    for (s, h) in o.array("hands")?.iter().enumerate() {
        let hp = hands_path.index(s);
        let Value::Array(tiles) = h else {
            return Err(RequestError::bad_field(
                hp.as_str(),
                "expected an array of tiles",
            ));
        };
        let hand = tiles
            .iter()
            .enumerate()
            .map(|(i, t)| parse_tile(t, &hp.index(i), &rules))
            .collect::<Result<Vec<Tile>, _>>()?;
        hands.push(hand);
    }
    let boneyard_path = o.field("boneyard");
    let boneyard = if rules.draw {
        // a missing boneyard is the engine's to name, after the hands
        o.opt_array("boneyard")?
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .enumerate()
            .map(|(i, t)| parse_tile(t, &boneyard_path.index(i), &rules))
            .collect::<Result<Vec<Tile>, _>>()?
    } else {
        Vec::new()
    };
    let (forced_lead, moves) = parse_lead_and_moves(o, &rules)?;
    let moves_path = o.field("moves");
    let setup = OpenSetup {
        rules,
        first,
        hands,
        boneyard,
        forced_lead,
        moves,
    };
    let round = setup.check().map_err(|e| {
        let at = |p: Path| RequestError::illegal(p.as_str(), e.to_string());
        match &e {
            OpenSetupError::First(_) => {
                RequestError::bad_field(o.field("first").as_str(), e.to_string())
            }
            OpenSetupError::Seats { .. } => {
                RequestError::bad_field(hands_path.as_str(), e.to_string())
            }
            OpenSetupError::HandTile { seat, index, .. } => {
                at(hands_path.index(*seat).index(*index))
            }
            OpenSetupError::Hand { seat, .. } => at(hands_path.index(*seat)),
            OpenSetupError::BoneyardTile { index, .. } => at(boneyard_path.index(*index)),
            OpenSetupError::Boneyard(_) => at(boneyard_path.clone()),
            OpenSetupError::ForcedLead => at(o.field("forced_lead")),
            OpenSetupError::Move { index, error } => {
                move_error(error.clone(), &moves_path.index(*index))
            }
        }
    })?;
    let ctx = parse_context(o, &rules)?;
    Ok(Table {
        rules,
        round,
        scores: ctx.scores[..rules.sides()].to_vec(),
        pending_ties: ctx.pending_ties,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use capicua_engine::TileSet;
    use capicua_engine::{Match, Move};
    use serde_json::json;

    fn tiles(s: TileSet) -> Vec<String> {
        s.iter().map(|t| t.to_string()).collect()
    }

    /// Plays random rounds of every variant through the referee request, move by move, and
    /// checks each reply against the engine's own referee.
    #[test]
    fn agrees_with_the_engine_on_random_rounds() {
        let mut rng = capicua_engine::Rng::new(7);
        for (vi, v) in capicua_engine::VARIANTS.iter().enumerate() {
            let rules = Rules::preset(v).unwrap();
            for k in 0..4 {
                let m = Match::new(&rules, 100 + vi as u64 * 10 + k);
                let mut round = m.deal_round();
                let hands: Vec<Vec<String>> = (0..rules.players as usize)
                    .map(|s| tiles(round.deal().hands[s]))
                    .collect();
                let boneyard: Vec<String> =
                    round.deal().pile.iter().map(|t| t.to_string()).collect();
                let mut moves: Vec<String> = Vec::new();
                loop {
                    let mut req = json!({"variant": v, "first": round.first(), "hands": hands, "moves": moves});
                    if rules.draw {
                        req["boneyard"] = json!(boneyard);
                    }
                    if let Some(t) = round.forced_lead() {
                        req["forced_lead"] = json!(t.to_string());
                    }
                    let root = Path::root();
                    let table = parse_table(&Obj::of(&req, &root).unwrap()).unwrap();
                    let view = table.view();
                    assert_eq!(view.to_move, round.to_move());
                    let want: Vec<String> = round
                        .legal_moves()
                        .iter()
                        .map(|&m| notation(m, round.state().ends()))
                        .collect();
                    assert_eq!(view.legal, want);
                    let n = rules.players as usize;
                    assert_eq!(view.counts, round.public().counts()[..n].to_vec());
                    assert_eq!(view.movers.len(), moves.len());
                    assert_eq!(view.line.len() as u32, round.public().played().len());
                    for (s, voids) in view.voids.iter().enumerate() {
                        // a seat known to lack a number holds none of its tiles
                        for &v in voids {
                            let held =
                                round.state().hands[s].inter(capicua_engine::TileSet::suit(v));
                            assert!(held.is_empty(), "{v}: seat {s} holds {held}");
                        }
                    }
                    if round.is_over() {
                        let r = view.result.unwrap();
                        let res = round.result().unwrap();
                        assert_eq!(r.winner, res.winner);
                        assert_eq!(r.points, res.points(&rules, 0));
                        assert!(view.legal.is_empty());
                        break;
                    }
                    assert!(view.result.is_none());
                    let legal = round.legal_moves();
                    let mv = rng.pick(&legal);
                    let text = notation(mv, round.state().ends());
                    // other seats' draws may be written without the tile
                    let text = if matches!(mv, Move::Draw(_)) && rng.below(2) == 0 {
                        "draw".into()
                    } else {
                        text
                    };
                    round.play(mv).unwrap();
                    moves.push(text);
                }
            }
        }
    }

    #[test]
    fn errors() {
        let rules = Rules::cuban();
        let round = Match::new(&rules, 1).deal_round();
        let hands: Vec<Vec<String>> = (0..4).map(|s| tiles(round.deal().hands[s])).collect();
        let root = Path::root();
        let run = |req: Value| {
            parse_table(&Obj::of(&req, &root).unwrap())
                .err()
                .map(|e| (e.code.as_str(), e.field))
        };
        let mut h2 = hands.clone();
        h2[2][3] = h2[1][0].clone();
        assert_eq!(
            run(json!({"first": 0, "hands": h2})),
            Some(("illegal_position", Some("hands[2][3]".into())))
        );
        assert_eq!(
            run(json!({"first": 0, "hands": hands[..3]})),
            Some(("bad_field", Some("hands".into())))
        );
        assert_eq!(
            run(json!({"first": 9, "hands": hands})),
            Some(("bad_field", Some("first".into())))
        );
        assert_eq!(
            run(json!({"first": 0, "hands": hands, "moves": ["pass"]})),
            Some(("illegal_position", Some("moves[0]".into())))
        );
        assert_eq!(
            run(json!({"first": 0, "hands": hands, "scores": [1, 2]})),
            None
        );
        assert_eq!(
            run(json!({"variant": "lankford-2", "first": 0, "hands": [["6-6"], ["5-5"]]})),
            Some(("illegal_position", Some("hands[0]".into())))
        );
    }
}
