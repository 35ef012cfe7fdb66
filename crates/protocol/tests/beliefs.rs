//! The `beliefs` option and the kind of the `beliefs` reply, with a network that has a belief
//! output (random weights, written to a temporary file) and with plain search.

use capicua_net::encoding::BELIEF_SIZE;
use capicua_net::{ENCODING_VERSION, INPUT_SIZE, ModelShape, Network, POLICY_SIZE};
use capicua_protocol::engine::Engine;
use serde_json::{Value, json};

fn reply(e: &mut Engine, line: &str) -> Value {
    let (r, _) = e.handle_line(line);
    serde_json::to_value(r.last().expect("a reply")).unwrap()
}

fn set(e: &mut Engine, name: &str, value: &str) -> Value {
    reply(
        e,
        &json!({"type":"set_option","name":name,"value":value}).to_string(),
    )
}

const BELIEFS: &str = r#"{"type":"beliefs","position":{"seat":0,"first":3,"hand":["9-9","9-4","8-3","7-7","6-2","5-5","4-1","3-0","2-2","1-0"],"moves":["8-8","8-3","pass"]},"budget":{"iterations":2000}}"#;

/// Every tile's entry sums to 1, and seat 1, which passed on 8|3, holds no 8 or 3.
fn check_tiles(r: &Value) {
    let tiles = r["tiles"].as_object().expect("tiles");
    assert_eq!(tiles.len(), 55 - 10 - 1); // its dealt hand and 8-8
    for (tile, p) in tiles {
        let sum: f64 = ["1", "2", "3", "out"]
            .iter()
            .map(|k| p[*k].as_f64().unwrap())
            .sum();
        assert!((sum - 1.0).abs() < 1e-9, "{tile}: {sum}");
        if tile.contains('8') || tile.contains('3') {
            assert_eq!(p["1"].as_f64(), Some(0.0), "{tile}: {p}");
        }
    }
}

#[test]
fn learned_beliefs_come_from_a_model_with_a_belief_output() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("beliefs.bpk");
    let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE).with_beliefs(BELIEF_SIZE);
    Network::new(shape, ENCODING_VERSION, 9)
        .unwrap()
        .save(&path)
        .unwrap();
    let without = dir.path().join("plain.bpk");
    Network::new(
        ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE),
        ENCODING_VERSION,
        9,
    )
    .unwrap()
    .save(&without)
    .unwrap();

    let mut e = Engine::new();
    assert_eq!(set(&mut e, "model", path.to_str().unwrap())["type"], "ok");
    // auto: learned, exact (no iterations)
    let r = reply(&mut e, BELIEFS);
    assert_eq!(r["kind"], "learned", "{r}");
    assert_eq!(r["iterations"], 0);
    check_tiles(&r);
    // forced uniform: counted over the budget
    assert_eq!(set(&mut e, "beliefs", "uniform")["type"], "ok");
    let r = reply(&mut e, BELIEFS);
    assert_eq!(r["kind"], "uniform");
    assert_eq!(r["iterations"], 2000);
    check_tiles(&r);
    // learned, then a model without beliefs is refused and nothing changes
    assert_eq!(set(&mut e, "beliefs", "learned")["type"], "ok");
    let refused = set(&mut e, "model", without.to_str().unwrap());
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["field"], "value");
    assert_eq!(reply(&mut e, BELIEFS)["kind"], "learned");
    // plain search: auto is uniform, learned is refused
    assert_eq!(set(&mut e, "beliefs", "auto")["type"], "ok");
    assert_eq!(set(&mut e, "model", "none")["type"], "ok");
    assert_eq!(reply(&mut e, BELIEFS)["kind"], "uniform");
    let refused = set(&mut e, "beliefs", "learned");
    assert_eq!(refused["type"], "error", "{refused}");
    // a search with learned beliefs plays
    assert_eq!(set(&mut e, "model", path.to_str().unwrap())["type"], "ok");
    // seat 2 plays 3-1 and seat 3 plays 8-7: seat 0 is to move on 7|1
    let go = BELIEFS
        .replace("\"beliefs\"", "\"go\"")
        .replace("\"pass\"]", "\"pass\",\"3-1\",\"8-7\"]");
    let r = reply(&mut e, &go);
    assert_eq!(r["type"], "bestmove", "{r}");
}
