//! Records of played rounds (`capicua eval --record`): each round as the JSON object of a
//! protocol `referee` request (docs/protocol.md), which `capicua solve` and the engine read
//! back, with the players and where the round came from beside it.

use anyhow::Result;
use capicua_engine::{Round, notation};
use capicua_eval::PlayedRound;
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
