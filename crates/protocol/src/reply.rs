//! Replies as the engine writes them: typed, so that every line has its fields in a fixed
//! order (`type` first, then `id`).

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::error::{ErrorCode, RequestError};
use crate::options::OptionSpec;
use crate::referee::RefereeView;
use crate::variants::RuleSchema;

/// A request's `id`: a string or a number, echoed as received.
pub type Id = Option<Value>;

/// The statistics of one legal move in `info` and `bestmove`.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct MoveStats {
    #[serde(rename = "move")]
    pub mv: String,
    pub visits: u64,
    /// Estimated probability that the engine's side wins the round.
    pub win: f64,
    /// Expected points of the engine's side minus the other side's, for the round.
    pub margin: f64,
    /// The network's prior; absent without a network.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prior: Option<f64>,
}

/// Per-tile belief: each other seat's probability of holding the tile, then `out`.
#[derive(Debug, Clone, PartialEq)]
pub struct TileBelief {
    /// `(seat, probability)` for every other seat, in seat order.
    pub seats: Vec<(u8, f64)>,
    pub out: f64,
}

impl Serialize for TileBelief {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.seats.len() + 1))?;
        for (seat, p) in &self.seats {
            m.serialize_entry(&seat.to_string(), p)?;
        }
        m.serialize_entry("out", &self.out)?;
        m.end()
    }
}

/// Members in a fixed order, serialized as an object.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Ordered(pub Vec<(String, Value)>);

impl Serialize for Ordered {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// Tiles in a fixed order (highest tile first), serialized as an object.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TileMap(pub Vec<(String, TileBelief)>);

impl Serialize for TileMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    Hello {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        protocol: u32,
        engine: &'static str,
        version: &'static str,
        variants: Vec<&'static str>,
        options: Vec<OptionSpec>,
        /// Extension: the player names a `go`'s `player` spec may start with.
        players: Vec<&'static str>,
        /// Extension: the strongest player this engine can seat, as a spec.
        default_player: String,
        /// Extension: the player this engine would seat as a person's partner, as a spec.
        default_partner: String,
    },
    Pong {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
    },
    Ok {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
    },
    Rules {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        variant: String,
        description: &'static str,
        rules: Ordered,
        schema: Vec<RuleSchema>,
    },
    Legal {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        to_move: u8,
        ends: Vec<u8>,
        moves: Vec<String>,
        over: bool,
    },
    Referee {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        #[serde(flatten)]
        view: RefereeView,
    },
    /// Extension: a round's deal (`deal` request).
    Deal {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        variant: String,
        first: u8,
        hands: Vec<Vec<String>>,
        /// The undealt tiles in drawing order (empty where nobody draws).
        boneyard: Vec<String>,
        forced_lead: Option<String>,
    },
    Info {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        iterations: u64,
        time_ms: u64,
        moves: Vec<MoveStats>,
    },
    Bestmove {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        #[serde(rename = "move")]
        mv: String,
        iterations: u64,
        time_ms: u64,
        moves: Vec<MoveStats>,
        /// Extension: the `id` of the `stop` that ended this search, when one did.
        #[serde(skip_serializing_if = "Option::is_none")]
        stop_id: Id,
    },
    Beliefs {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        /// Extension: `learned` (the model's beliefs) or `uniform` (every consistent deal
        /// equally likely).
        kind: &'static str,
        tiles: TileMap,
        /// Extension: the iterations and time spent.
        iterations: u64,
        time_ms: u64,
        /// Extension: the `id` of the `stop` that ended this estimate, when one did.
        #[serde(skip_serializing_if = "Option::is_none")]
        stop_id: Id,
    },
    Error {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Id,
        code: ErrorCode,
        #[serde(skip_serializing_if = "Option::is_none")]
        field: Option<String>,
        message: String,
    },
}

impl Reply {
    pub fn error(id: Id, e: RequestError) -> Reply {
        Reply::Error {
            id,
            code: e.code,
            field: e.field,
            message: e.message,
        }
    }

    /// Whether this reply ends its request (`info` does not).
    pub fn is_final(&self) -> bool {
        !matches!(self, Reply::Info { .. })
    }

    /// The reply as one JSON line, without the line break.
    pub fn to_line(&self) -> String {
        // every field is a string, number, bool, array or map with string keys, and floats are
        // made finite before they get here: serialization cannot fail
        match serde_json::to_string(self) {
            Ok(s) => s,
            Err(e) => format!(
                "{{\"type\":\"error\",\"code\":\"internal\",\"message\":{}}}",
                serde_json::to_string(&e.to_string()).unwrap_or_else(|_| "\"\"".into())
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn type_comes_first_and_absent_ids_are_omitted() {
        let r = Reply::Ok {
            id: Some(json!("a")),
        };
        assert_eq!(r.to_line(), r#"{"type":"ok","id":"a"}"#);
        assert_eq!(Reply::Pong { id: None }.to_line(), r#"{"type":"pong"}"#);
        let e = Reply::error(
            Some(json!(3)),
            RequestError::bad_field("position.moves[3]", "x"),
        );
        assert_eq!(
            e.to_line(),
            r#"{"type":"error","id":3,"code":"bad_field","field":"position.moves[3]","message":"x"}"#
        );
        let b = TileBelief {
            seats: vec![(1, 0.25), (2, 0.5)],
            out: 0.25,
        };
        let m = TileMap(vec![("6-5".into(), b)]);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"6-5":{"1":0.25,"2":0.5,"out":0.25}}"#
        );
    }
}
