//! The position object: one seat's view of a round, checked against the variant.
//!
//! The checks run in the order a reader would: the variant and its overrides, the seats, the
//! hand, the scores, then every move in turn through [`InfoSet::apply`], and last whether any
//! deal of the hidden tiles fits everything seen ([`Sampler`]). The first violation is the
//! error, with the path of the field to blame.

use capicua_engine::{
    InfoSet, LEAD, MatchContext, Move, MoveError, MoveList, MoveParseError, Rng, Rules, Sampler,
    Tile, TileError, TileSet, notation,
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
        if self.engine_to_move()
            && self.info.history().is_empty()
            && let Some(t) = self.forced_lead
        {
            let mut l = MoveList::default();
            l.push(Move::play(t, LEAD));
            return l;
        }
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

/// "1 tile", "3 tiles".
pub(crate) fn tiles_count(n: u32) -> String {
    if n == 1 {
        "1 tile".into()
    } else {
        format!("{n} tiles")
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

/// A seat number of the variant.
pub(crate) fn parse_seat(o: &Obj<'_>, name: &str, rules: &Rules) -> Result<u8, RequestError> {
    Ok(o.int(name, 0, rules.players as u64 - 1)? as u8)
}

/// Checks a position object at `path`.
pub fn parse_position(v: &Value, path: &Path) -> Result<Position, RequestError> {
    let o = Obj::of(v, path)?;
    let (variant, rules) = variants::resolve(
        o.opt_str("variant")?,
        &o.field("variant"),
        o.opt_object("rules")?,
        &o.field("rules"),
    )?;
    let seat = parse_seat(&o, "seat", &rules)?;
    let first = parse_seat(&o, "first", &rules)?;

    let hand_path = o.field("hand");
    let hand_list = o.array("hand")?;
    let mut hand = TileSet::EMPTY;
    for (i, t) in hand_list.iter().enumerate() {
        let p = hand_path.index(i);
        let tile = parse_tile(t, &p, &rules)?;
        if hand.contains(tile) {
            return Err(RequestError::illegal(
                p.as_str(),
                format!("tile {tile} appears twice in the hand"),
            ));
        }
        hand.insert(tile);
    }
    if hand.len() != rules.hand_size as u32 {
        return Err(RequestError::illegal(
            hand_path.as_str(),
            format!(
                "the hand has {}, the variant deals {}",
                tiles_count(hand.len()),
                rules.hand_size
            ),
        ));
    }
    if rules.redeal_doubles > 0
        && hand.inter(capicua_engine::tiles::DOUBLES).len() >= rules.redeal_doubles as u32
    {
        return Err(RequestError::illegal(
            hand_path.as_str(),
            format!(
                "a hand with {} or more doubles is thrown in and redealt under this variant (rule redeal_doubles)",
                rules.redeal_doubles
            ),
        ));
    }
    let context = parse_context(&o, &rules)?;

    let forced_lead = match o.get("forced_lead") {
        None => None,
        Some(v) => {
            let p = o.field("forced_lead");
            let t = parse_tile(v, &p, &rules)?;
            if (first == seat) != hand.contains(t) {
                let why = if first == seat {
                    "the engine's seat leads but does not hold the forced lead"
                } else {
                    "the forced lead is in the engine's hand but another seat leads"
                };
                return Err(RequestError::illegal(p.as_str(), why));
            }
            Some(t)
        }
    };

    let mut info = InfoSet::new(&rules, seat, first, hand)
        .map_err(|e| RequestError::illegal(path.as_str(), e.to_string()))?
        .with_context(context);
    let moves_path = o.field("moves");
    let moves = o.opt_array("moves")?.map(Vec::as_slice).unwrap_or(&[]);
    for (i, m) in moves.iter().enumerate() {
        let p = moves_path.index(i);
        let spec = parse_move(m, &p, &rules)?;
        if info.is_over() {
            return Err(move_error(MoveError::RoundOver, &p));
        }
        if let capicua_engine::MoveSpec::Play { tile, .. } = spec {
            // say what is wrong with the tile itself before whether it fits the ends
            let own = info.to_move() == seat;
            let why = if info.played().contains(tile) {
                Some(MoveError::AlreadyPlayed(tile.to_string()))
            } else if own && !info.hand().contains(tile) {
                Some(MoveError::NotInHand {
                    seat,
                    tile: tile.to_string(),
                })
            } else if !own && hand.contains(tile) {
                Some(MoveError::OwnTile(tile.to_string()))
            } else {
                None
            };
            if let Some(e) = why {
                return Err(move_error(e, &p));
            }
        }
        let mv = info.resolve(spec).map_err(|e| move_error(e, &p))?;
        if i == 0
            && let Some(f) = forced_lead
            && mv.tile() != Some(f)
        {
            return Err(move_error(MoveError::WrongLead(f.to_string()), &p));
        }
        info.apply(mv).map_err(|e| move_error(e, &p))?;
    }

    let sampler = match Sampler::new(&info) {
        Ok(s) => s,
        Err(_) => {
            let at = first_inconsistent_prefix(&rules, seat, first, hand, &info);
            let field = if at == 0 {
                hand_path
            } else {
                moves_path.index(at - 1)
            };
            return Err(RequestError::illegal(
                field.as_str(),
                "no deal of the hidden tiles is consistent with the hand and the moves up to here",
            ));
        }
    };
    // the redeal rule and, in draw games, the order of draws and passes are checked by
    // rejection; a fixed seed keeps the verdict reproducible
    if sampler.sample_hands(&mut Rng::new(0x5eed)).is_err() {
        return Err(RequestError::illegal(
            moves_path.as_str(),
            "no deal of the hidden tiles is consistent with the moves, the redeal rule and the order of draws",
        ));
    }
    Ok(Position {
        variant,
        rules,
        info,
        forced_lead,
        sampler,
    })
}

/// The number of moves after which no deal fits any more (0: none fits the hand alone).
fn first_inconsistent_prefix(
    rules: &Rules,
    seat: u8,
    first: u8,
    hand: TileSet,
    full: &InfoSet,
) -> usize {
    let mut info = InfoSet::new(rules, seat, first, hand).expect("checked before");
    if Sampler::new(&info).is_err() {
        return 0;
    }
    for (k, &mv) in full.history().iter().enumerate() {
        info.apply(mv).expect("replaying checked moves");
        if Sampler::new(&info).is_err() {
            return k + 1;
        }
    }
    full.history().len()
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
        let mut h = HAND.to_vec();
        h[0] = "6-6";
        h[1] = "3-3";
        h[2] = "0-0";
        assert_eq!(
            err(json!({"hand": h})),
            ("illegal_position".into(), f("position.hand"))
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
