//! The position object: one seat's view of a round, checked against the variant.
//!
//! The checks run in the order a reader would: the variant and its overrides, the seats, the
//! hand, the scores, then every move in turn through [`InfoSet::apply`], and last whether any
//! deal of the hidden tiles fits everything seen ([`Sampler`]). The first violation is the
//! error, with the path of the field to blame.

use capicua_engine::{
    InfoSet, MatchContext, Move, MoveError, MoveList, MoveParseError, MoveSpec, Rules, Sampler,
    Setup, SetupError, Tile, TileError, notation,
};
use serde_json::Value;

use crate::error::{RequestError, quote};
use crate::fields::{Obj, Path, str_value};
use crate::variants;

/// Largest `pending_ties` accepted (a match with more tied rounds in a row is not plausible).
pub const MAX_PENDING_TIES: u64 = 1000;

/// A checked position.
#[derive(Clone, Debug)]
pub struct Position {
    pub variant: String,
    pub rules: Rules,
    /// The engine seat's view after every move, with the match context.
    pub info: InfoSet,
    /// The tile the leader must lead, when the client says the rules force one (extension).
    pub forced_lead: Option<Tile>,
    /// Exact sampler of the hidden tiles (built during the checks, reused by the search).
    pub sampler: Sampler,
}

impl Position {
    pub fn seat(&self) -> u8 {
        self.info.seat()
    }

    pub fn is_over(&self) -> bool {
        self.info.is_over()
    }

    /// Whether the engine's seat is to move in a running round.
    pub fn engine_to_move(&self) -> bool {
        !self.info.is_over() && self.info.to_move() == self.info.seat()
    }

    /// The engine seat's legal moves (empty unless it is to move).
    pub fn legal_moves(&self) -> MoveList {
        self.info.legal_moves()
    }

    /// A move in protocol notation, as played now.
    pub fn notation(&self, mv: Move) -> String {
        notation(mv, self.info.ends())
    }
}

/// The open ends as the protocol writes them: `[]` before the lead.
pub fn ends_array(ends: Option<(u8, u8)>) -> Vec<u8> {
    match ends {
        Some((a, b)) => vec![a, b],
        None => Vec::new(),
    }
}

/// A tile of the variant's set, written `"a-b"` in either order.
pub(crate) fn parse_tile(v: &Value, path: &Path, rules: &Rules) -> Result<Tile, RequestError> {
    let s = str_value(v, path)?;
    let t = Tile::parse(s, rules.max_pip).map_err(|e| tile_error(e, s, path))?;
    if !rules.set().contains(t) {
        return Err(RequestError::bad_field(
            path.as_str(),
            format!("tile {t} is not in the set of this variant"),
        ));
    }
    Ok(t)
}

fn tile_error(e: TileError, s: &str, path: &Path) -> RequestError {
    match e {
        TileError::Malformed(_) => RequestError::bad_field(
            path.as_str(),
            format!("malformed tile {}: expected \"a-b\"", quote(s)),
        ),
        other => RequestError::bad_field(path.as_str(), other.to_string()),
    }
}

/// A move in protocol notation, its tile in the variant's set.
pub(crate) fn parse_move(
    v: &Value,
    path: &Path,
    rules: &Rules,
) -> Result<capicua_engine::MoveSpec, RequestError> {
    let s = str_value(v, path)?;
    let spec = Move::parse(s, rules.max_pip).map_err(|e| match e {
        MoveParseError::Tile(t) => tile_error(t, s, path),
        MoveParseError::Malformed(_) => RequestError::bad_field(
            path.as_str(),
            format!("malformed move {}: expected \"a-b\", \"a-b@e\", \"pass\", \"draw\" or \"draw:a-b\"", quote(s)),
        ),
        other => RequestError::bad_field(path.as_str(), other.to_string()),
    })?;
    let tile = match spec {
        capicua_engine::MoveSpec::Play { tile, .. } => Some(tile),
        capicua_engine::MoveSpec::Draw(t) => t,
        capicua_engine::MoveSpec::Pass => None,
    };
    if let Some(t) = tile
        && !rules.set().contains(t)
    {
        return Err(RequestError::bad_field(
            path.as_str(),
            format!("tile {t} is not in the set of this variant"),
        ));
    }
    Ok(spec)
}

/// An illegal-move error at `path`.
pub(crate) fn move_error(e: MoveError, path: &Path) -> RequestError {
    RequestError::illegal(path.as_str(), e.to_string())
}

/// Scores before the round (one per side, each below the target) and pending ties.
pub(crate) fn parse_context(o: &Obj<'_>, rules: &Rules) -> Result<MatchContext, RequestError> {
    let mut ctx = MatchContext::default();
    if let Some(scores) = o.opt_array("scores")? {
        let path = o.field("scores");
        let sides = rules.sides();
        if scores.len() != sides {
            return Err(RequestError::bad_field(
                path.as_str(),
                format!(
                    "expected {sides} scores, one per side, got {}",
                    scores.len()
                ),
            ));
        }
        for (i, v) in scores.iter().enumerate() {
            let p = path.index(i);
            ctx.scores[i] = crate::fields::int_value(v, &p, 0, rules.target as u64 - 1).map_err(|_| {
                RequestError::bad_field(
                    p.as_str(),
                    format!("expected an integer from 0 to {} (a side at the target {} has won the match)", rules.target - 1, rules.target),
                )
            })? as u32;
        }
    }
    ctx.pending_ties = o.opt_int("pending_ties", 0, MAX_PENDING_TIES)?.unwrap_or(0) as u32;
    Ok(ctx)
}

/// The `forced_lead` (absent: none) and the `moves` (absent: none) of a position or a
/// referee request, as written.
pub(crate) fn parse_lead_and_moves(
    o: &Obj<'_>,
    rules: &Rules,
) -> Result<(Option<Tile>, Vec<MoveSpec>), RequestError> {
    let forced_lead = match o.get("forced_lead") {
        None => None,
        Some(v) => Some(parse_tile(v, &o.field("forced_lead"), rules)?),
    };
    let moves_path = o.field("moves");
    let moves = o
        .opt_array("moves")?
        .map(Vec::as_slice)
        .unwrap_or(&[])
        .iter()
        .enumerate()
        .map(|(i, m)| parse_move(m, &moves_path.index(i), rules))
        .collect::<Result<Vec<MoveSpec>, _>>()?;
    Ok((forced_lead, moves))
}

/// A seat number of the variant.
pub(crate) fn parse_seat(o: &Obj<'_>, name: &str, rules: &Rules) -> Result<u8, RequestError> {
    Ok(o.int(name, 0, rules.players as u64 - 1)? as u8)
}

/// Checks a position object at `path`: the JSON is mapped onto an engine [`Setup`], which the
/// engine checks; its faults are reported at the field they point to.
pub fn parse_position(v: &Value, path: &Path) -> Result<Position, RequestError> {
    let o = Obj::of(v, path)?;
    let (variant, rules) = variants::of_request(&o)?;
    let seat = parse_seat(&o, "seat", &rules)?;
    let first = parse_seat(&o, "first", &rules)?;
    let hand_path = o.field("hand");
    let hand = o
        .array("hand")?
        .iter()
        .enumerate()
        .map(|(i, t)| parse_tile(t, &hand_path.index(i), &rules))
        .collect::<Result<Vec<Tile>, _>>()?;
    let context = parse_context(&o, &rules)?;
    let (forced_lead, moves) = parse_lead_and_moves(&o, &rules)?;
    let moves_path = o.field("moves");
    let setup = Setup {
        rules,
        seat,
        first,
        hand,
        forced_lead,
        moves,
        context,
    };
    let checked = setup.check().map_err(|e| {
        let at = |p: Path| RequestError::illegal(p.as_str(), e.to_string());
        match &e {
            SetupError::Seat(_) => RequestError::bad_field(o.field("seat").as_str(), e.to_string()),
            SetupError::First(_) => {
                RequestError::bad_field(o.field("first").as_str(), e.to_string())
            }
            SetupError::HandTile { index, .. } => at(hand_path.index(*index)),
            SetupError::Hand(_) => at(hand_path.clone()),
            SetupError::Context(_) => {
                RequestError::bad_field(o.field("scores").as_str(), e.to_string())
            }
            SetupError::ForcedLead(_) => at(o.field("forced_lead")),
            SetupError::Move { index, error } => {
                move_error(error.clone(), &moves_path.index(*index))
            }
            SetupError::NoDeal { moves: 0 } => at(hand_path.clone()),
            SetupError::NoDeal { moves } => at(moves_path.index(moves - 1)),
            SetupError::NoDealAfterRejection => at(moves_path.clone()),
        }
    })?;
    Ok(Position {
        variant,
        rules,
        info: checked.info,
        forced_lead: setup.forced_lead,
        sampler: checked.sampler,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const HAND: [&str; 10] = [
        "9-9", "9-4", "8-3", "7-7", "6-2", "5-5", "4-1", "3-0", "2-2", "1-0",
    ];

    fn pos(extra: Value) -> Result<Position, RequestError> {
        let mut v = json!({"seat": 0, "first": 3, "hand": HAND, "moves": ["8-8"]});
        for (k, x) in extra.as_object().unwrap() {
            v[k] = x.clone();
        }
        parse_position(&v, &Path::root().key("position"))
    }

    fn err(extra: Value) -> (String, Option<String>) {
        let e = pos(extra).unwrap_err();
        (e.code.as_str().to_string(), e.field)
    }

    #[test]
    fn the_contract_example_is_valid() {
        let p = pos(json!({})).unwrap();
        assert!(p.engine_to_move());
        let legal: Vec<String> = p.legal_moves().iter().map(|&m| p.notation(m)).collect();
        assert_eq!(legal, ["8-3"]);
        assert_eq!(ends_array(p.info.ends()), vec![8, 8]);
    }

    #[test]
    fn field_paths_of_errors() {
        let f = |s: &str| Some(s.to_string());
        assert_eq!(
            err(json!({"seat": 4})),
            ("bad_field".into(), f("position.seat"))
        );
        assert_eq!(
            err(json!({"first": null})),
            ("bad_field".into(), f("position.first"))
        );
        assert_eq!(
            err(json!({"variant": "x"})),
            ("bad_field".into(), f("position.variant"))
        );
        assert_eq!(
            err(json!({"hand": ["9-9"]})),
            ("illegal_position".into(), f("position.hand"))
        );
        let mut h = HAND.to_vec();
        h[3] = "9-9";
        assert_eq!(
            err(json!({"hand": h})),
            ("illegal_position".into(), f("position.hand[3]"))
        );
        h[3] = "x";
        assert_eq!(
            err(json!({"hand": h})),
            ("bad_field".into(), f("position.hand[3]"))
        );
        assert_eq!(
            err(json!({"moves": ["8-8", "9-4"]})),
            ("illegal_position".into(), f("position.moves[1]"))
        );
        // own tile played by another seat
        assert_eq!(
            err(json!({"moves": ["9-9"]})),
            ("illegal_position".into(), f("position.moves[0]"))
        );
        // the engine passing with a playable tile
        assert_eq!(
            err(json!({"moves": ["8-8", "pass"]})),
            ("illegal_position".into(), f("position.moves[1]"))
        );
        assert_eq!(
            err(json!({"moves": ["8-8", "bogus"]})),
            ("bad_field".into(), f("position.moves[1]"))
        );
        assert_eq!(
            err(json!({"moves": "8-8"})),
            ("bad_field".into(), f("position.moves"))
        );
        assert_eq!(
            err(json!({"scores": [0]})),
            ("bad_field".into(), f("position.scores"))
        );
        assert_eq!(
            err(json!({"scores": [0, 100]})),
            ("bad_field".into(), f("position.scores[1]"))
        );
        assert_eq!(
            err(json!({"rules": {"target": 0}})),
            ("bad_field".into(), f("position.rules.target"))
        );
    }

    #[test]
    fn five_doubles_are_the_holders_option_unless_the_rules_say_compulsory() {
        // six doubles, and play went on: the holder chose to keep them
        let mut h = HAND.to_vec();
        h[0] = "6-6";
        h[1] = "3-3";
        h[2] = "0-0";
        assert!(pos(json!({"hand": h})).is_ok());
        assert_eq!(
            err(json!({"hand": h, "rules": {"redeal": "compulsory"}})),
            ("illegal_position".into(), Some("position.hand".to_string()))
        );
    }

    #[test]
    fn impossible_deal_is_found_at_its_move() {
        // The engine leads 9-9 and the others pass: none of them holds a 9 (8 nines unseen, the
        // 15 sleeping tiles can hold them). After 9-8 they pass again: no 8s either, so the 8
        // unseen nines and 8 unseen eights (16 tiles) must all sleep among 15: impossible once
        // the third seat has passed.
        let mut moves = vec!["9-9", "pass", "pass", "pass", "9-8", "pass", "pass"];
        let hand = [
            "9-9", "9-8", "8-8", "7-7", "6-6", "5-4", "4-1", "3-0", "2-1", "1-0",
        ];
        let v = json!({"seat": 0, "first": 0, "hand": hand, "moves": moves});
        assert!(parse_position(&v, &Path::root().key("position")).is_ok());
        moves.push("pass");
        let v = json!({"seat": 0, "first": 0, "hand": hand, "moves": moves});
        let e = parse_position(&v, &Path::root().key("position")).unwrap_err();
        assert_eq!(e.code.as_str(), "illegal_position");
        assert_eq!(e.field.as_deref(), Some("position.moves[7]"));

        // Cut throat for two, no sleeping tiles: seat 1 holds every unseen tile. With all the
        // 6s in the engine's hand its pass on 6|6 is consistent; with 6-0 unseen it is not.
        let v = json!({"variant": "cutthroat-2", "seat": 0, "first": 0,
            "hand": ["6-6","6-5","6-4","6-3","6-2","6-1","6-0","5-5","5-4","5-3","5-2","5-1","5-0","4-4"],
            "moves": ["6-6", "pass"]});
        assert!(parse_position(&v, &Path::root().key("position")).is_ok());
        let v = json!({"variant": "cutthroat-2", "seat": 0, "first": 0,
            "hand": ["6-6","6-5","6-4","6-3","6-2","6-1","5-5","5-4","5-3","5-2","5-1","5-0","4-4","4-3"],
            "moves": ["6-6", "pass"]});
        let e = parse_position(&v, &Path::root().key("position")).unwrap_err();
        assert_eq!(e.code.as_str(), "illegal_position");
        assert_eq!(e.field.as_deref(), Some("position.moves[1]"));
    }
}
