//! The fuzz cases of the protocol: arbitrary JSON, request-shaped objects with arbitrary
//! members, and real positions and referee requests from random rounds with one thing broken.
//! Shared by the handler's fuzz test (`crates/protocol/tests/fuzz.rs`) and the WebSocket's
//! (`tests/serve_fuzz.rs`, which includes this file by path), so both feed the same inputs.

#![allow(dead_code)]

use std::collections::BTreeMap;

use capicua_engine::{Match, Move, Rng, Rules, VARIANTS, notation};
use capicua_protocol::Kind;
use proptest::prelude::*;
use serde_json::{Map, Number, Value, json};

pub const KEYS: &[&str] = &[
    "type",
    "id",
    "protocol",
    "name",
    "value",
    "variant",
    "rules",
    "position",
    "seat",
    "first",
    "hand",
    "scores",
    "moves",
    "pending_ties",
    "forced_lead",
    "budget",
    "iterations",
    "movetime_ms",
    "report_every_ms",
    "hands",
    "boneyard",
    "target",
    "players",
    "max_pip",
    "hand_size",
    "draw",
    "partners",
    "scoring",
    "first_lead",
];

pub fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]-[0-9]",
        "[0-9]-[0-9]@[0-9]",
        Just("pass".to_string()),
        Just("draw".to_string()),
        "draw:[0-9]-[0-9]",
        prop::sample::select(VARIANTS).prop_map(str::to_string),
        prop::sample::select(Kind::ALL.map(Kind::name).to_vec()).prop_map(str::to_string),
        prop::sample::select(KEYS).prop_map(str::to_string),
        Just("none".to_string()),
        Just("default".to_string()),
        "\\PC{0,12}",
    ]
}

pub fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (0u64..12).prop_map(|n| json!(n)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| Number::from_f64(f).map_or(Value::Null, Value::Number)),
        word().prop_map(Value::String),
    ]
}

pub fn json_value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![prop::sample::select(KEYS).prop_map(str::to_string), word()],
                inner,
                0..6
            )
            .prop_map(|m: BTreeMap<String, Value>| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Small budgets only: a generated position may be valid and the engine would search it.
pub fn budget() -> impl Strategy<Value = Value> {
    prop_oneof![
        (1u64..200).prop_map(|n| json!({"iterations": n})),
        (1u64..15).prop_map(|t| json!({"movetime_ms": t})),
        (1u64..200, 1u64..15).prop_map(|(n, t)| json!({"iterations": n, "movetime_ms": t})),
        leaf(),
    ]
}

/// An object shaped like a request: a type, maybe an id, and members with arbitrary values,
/// with a position of plausible pieces.
pub fn request_like() -> impl Strategy<Value = Value> {
    let position = (
        prop::option::of(prop_oneof![
            prop::sample::select(VARIANTS).prop_map(|v| json!(v)),
            leaf()
        ]),
        prop::option::of(prop_oneof![(0u64..5).prop_map(|n| json!(n)), leaf()]),
        prop::option::of(prop_oneof![(0u64..5).prop_map(|n| json!(n)), leaf()]),
        prop::option::of(
            prop::collection::vec(word().prop_map(Value::String), 0..16).prop_map(Value::Array),
        ),
        prop::option::of(
            prop::collection::vec(word().prop_map(Value::String), 0..24).prop_map(Value::Array),
        ),
        prop::option::of(json_value()),
    )
        .prop_map(|(variant, seat, first, hand, moves, extra)| {
            let mut m = Map::new();
            for (k, v) in [
                ("variant", variant),
                ("seat", seat),
                ("first", first),
                ("hand", hand),
                ("moves", moves),
            ] {
                if let Some(v) = v {
                    m.insert(k.into(), v);
                }
            }
            if let Some(Value::Object(x)) = extra {
                m.extend(x);
            }
            Value::Object(m)
        });
    (
        prop_oneof![
            prop::sample::select(Kind::ALL.to_vec()).prop_map(|k| json!(k.name())),
            leaf()
        ],
        prop::option::of(leaf()),
        prop::option::of(position),
        prop::option::of(budget()),
        prop::collection::btree_map(
            prop::sample::select(KEYS).prop_map(str::to_string),
            json_value(),
            0..4,
        ),
    )
        .prop_map(|(ty, id, position, budget, extra)| {
            let mut m: Map<String, Value> = extra.into_iter().collect();
            m.insert("type".into(), ty);
            if let Some(id) = id {
                m.insert("id".into(), id);
            }
            if let Some(p) = position {
                m.insert("position".into(), p);
            }
            if let Some(b) = budget {
                m.insert("budget".into(), b);
            }
            // a generated go or beliefs must not search long: replace big budgets
            if let Some(b) = m.get("budget") {
                let big = |k: &str| b.get(k).and_then(Value::as_u64).is_some_and(|n| n > 300);
                if big("iterations") || big("movetime_ms") {
                    m.insert("budget".into(), json!({"iterations": 100}));
                }
            }
            Value::Object(m)
        })
}

/// A real position or referee request from a random round of a random variant, with one
/// mutation (or none).
pub fn mutated_real() -> impl Strategy<Value = Value> {
    (
        0..VARIANTS.len(),
        any::<u64>(),
        0usize..60,
        0u8..4,
        prop::sample::select(vec!["legal", "go", "beliefs", "referee"]),
        // half the cases unmutated: they must be served in full
        0u8..24,
        any::<u64>(),
        json_value(),
        word(),
        1u64..150,
    )
        .prop_map(|(vi, seed, steps, seat, ty, op, pick, junk, w, iters)| {
            let variant = VARIANTS[vi];
            let rules = Rules::preset(variant).unwrap();
            let mut round = Match::new(&rules, seed).deal_round();
            let mut rng = Rng::new(seed ^ 0x9e37);
            let mut moves: Vec<(u8, Move, String)> = Vec::new();
            for _ in 0..steps {
                if round.is_over() {
                    break;
                }
                let legal = round.legal_moves();
                let mv = rng.pick(&legal);
                let text = notation(mv, round.state().ends());
                let s = round.to_move();
                round.play(mv).unwrap();
                moves.push((s, mv, text));
            }
            // a go is mostly asked for the seat to move
            let seat = if ty == "go" && seat != 0 { round.to_move() } else { seat % rules.players };
            let hands: Vec<Vec<String>> =
                (0..rules.players as usize).map(|s| round.deal().hands[s].iter().map(|t| t.to_string()).collect()).collect();
            let mut req = if ty == "referee" {
                let mut r = json!({"type": "referee", "id": pick % 1000, "variant": variant, "first": round.first(),
                    "hands": hands, "moves": moves.iter().map(|m| m.2.clone()).collect::<Vec<_>>()});
                if rules.draw {
                    r["boneyard"] = json!(round.deal().pile.iter().map(|t| t.to_string()).collect::<Vec<_>>());
                }
                r
            } else {
                let seen: Vec<String> = moves
                    .iter()
                    .map(|(s, mv, text)| if *s != seat && matches!(mv, Move::Draw(_)) { "draw".into() } else { text.clone() })
                    .collect();
                json!({"type": ty, "id": format!("c{pick}"), "budget": {"iterations": iters},
                    "position": {"variant": variant, "seat": seat, "first": round.first(), "hand": hands[seat as usize], "moves": seen}})
            };
            let target = if ty == "referee" { &mut req } else { &mut req["position"] };
            let obj = target.as_object_mut().unwrap();
            let keys: Vec<String> = obj.keys().cloned().collect();
            let k = keys[(pick as usize) % keys.len()].clone();
            match op {
                0 | 12.. => {}
                1 => {
                    obj.remove(&k);
                }
                2 => {
                    obj.insert(k, junk);
                }
                3 | 4 => {
                    if let Some(Value::Array(ms)) = obj.get_mut("moves")
                        && !ms.is_empty() {
                            let i = (pick as usize / 7) % ms.len();
                            ms[i] = Value::String(w);
                        }
                }
                5 => {
                    if let Some(Value::Array(ms)) = obj.get_mut("moves")
                        && ms.len() > 1 {
                            let i = (pick as usize / 7) % (ms.len() - 1);
                            ms.swap(i, i + 1);
                        }
                }
                6 => {
                    if let Some(Value::Array(ms)) = obj.get_mut("moves")
                        && !ms.is_empty() {
                            ms.remove((pick as usize / 7) % ms.len());
                        }
                }
                7 => {
                    obj.insert("variant".into(), json!(VARIANTS[(pick as usize) % VARIANTS.len()]));
                }
                8 => {
                    obj.insert("seat".into(), json!(pick % 5));
                    obj.insert("first".into(), json!((pick / 5) % 5));
                }
                9 => {
                    obj.insert("scores".into(), json!([pick % 120, (pick / 120) % 120, pick % 3]));
                    obj.insert("pending_ties".into(), json!(pick % 4));
                }
                10 => {
                    if let Some(Value::Array(h)) = obj.get_mut("hand")
                        && h.len() > 1 {
                            h[1] = h[0].clone();
                        }
                }
                _ => {
                    obj.insert("forced_lead".into(), Value::String(w));
                }
            }
            req
        })
}

/// Every kind of fuzz input as lines of text, by name.
pub fn kinds() -> Vec<(&'static str, BoxedStrategy<String>)> {
    vec![
        ("lines", "\\PC{0,300}".boxed()),
        ("json", json_value().prop_map(|v| v.to_string()).boxed()),
        (
            "request-like",
            request_like().prop_map(|v| v.to_string()).boxed(),
        ),
        (
            "mutated positions",
            mutated_real().prop_map(|v| v.to_string()).boxed(),
        ),
    ]
}
