//! Records of played rounds (`capicua eval --record`): each round as the JSON object of a
//! protocol `referee` request (docs/protocol.md), which `capicua solve` and the engine read
//! back, with the players and where the round came from beside it.

use anyhow::{Result, anyhow};
use capicua_engine::{Round, notation};
use capicua_eval::PlayedRound;
use capicua_protocol::fields::{Obj, Path};
use capicua_protocol::referee::{Table, parse_table};
use serde_json::{Value, json};

/// The referee request of `p`'s round as dealt and played, with `players` (the spec at each
/// seat) and the round's place in the run (`pair`, `board`, `orientation`).
pub fn round_record(variant: &str, p: &PlayedRound<'_>, players: &[String]) -> Result<Value> {
    let round = p.round;
    let rules = round.rules();
    let deal = round.deal();
    let hands: Vec<Vec<String>> = (0..rules.players as usize)
        .map(|s| deal.hands[s].iter().map(|t| t.to_string()).collect())
        .collect();
    let forced = round.public().forced_lead_at_start();
    // notation needs the open ends before each move: replay the round from its deal
    let mut replay = Round::new(rules, deal.clone(), round.first(), forced)?;
    let mut moves = Vec::with_capacity(round.history().len());
    for &mv in round.history() {
        moves.push(notation(mv, replay.state().ends()));
        replay.play(mv)?;
    }
    let mut record = json!({
        "variant": variant,
        "first": round.first(),
        "hands": hands,
        "moves": moves,
        "scores": &p.context.scores[..rules.sides()],
        "pending_ties": p.context.pending_ties,
        "players": players,
        "pair": p.pair,
        "board": p.board,
        "orientation": p.orientation,
    });
    if let Some(t) = forced {
        record["forced_lead"] = json!(t.to_string());
    }
    if rules.draw {
        record["boneyard"] = json!(deal.pile.iter().map(|t| t.to_string()).collect::<Vec<_>>());
    }
    Ok(record)
}

/// The referee's table of a JSON object shaped like a `referee` request (a recorded round, a
/// table's export), its faults named by field.
pub fn table_of(v: &Value) -> Result<Table> {
    let root = Path::root();
    let obj = Obj::of(v, &root).map_err(|e| anyhow!("{}", e.message))?;
    parse_table(&obj).map_err(|e| match &e.field {
        Some(f) => anyhow!("{f}: {}", e.message),
        None => anyhow!("{}", e.message),
    })
}
