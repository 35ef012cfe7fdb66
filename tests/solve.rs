//! `capicua solve` end to end: an open-hand position in the `referee` request's shape.

use std::process::Command;

fn solve(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_capicua"))
        .arg("solve")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/solve_position.json"
        ))
        .args(args)
        .arg("--json")
        .output()
        .expect("capicua runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn values_every_move_and_plays_the_best_line() {
    let r = solve(&[]);
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3, "{r}");
    let best = moves
        .iter()
        .map(|m| m["value"].as_i64().unwrap())
        .max()
        .unwrap();
    assert_eq!(r["value"].as_i64(), Some(best));
    let line = r["line"].as_array().unwrap();
    // the line starts with a move of that value and plays the round out
    let first = line[0].as_str().unwrap();
    let v = moves.iter().find(|m| m["move"] == first).unwrap();
    assert_eq!(v["value"].as_i64(), Some(best));
    assert!(line.len() > 10, "{r}");
}

#[test]
fn a_limit_answers_unknown() {
    let r = solve(&["--nodes", "100"]);
    assert!(r["value"].is_null(), "{r}");
    assert!(
        r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["value"].is_null())
    );
}

#[test]
fn a_bad_position_is_an_error_naming_the_field() {
    let out = Command::new(env!("CARGO_BIN_EXE_capicua"))
        .args(["solve", "-"])
        .env("RUST_BACKTRACE", "0")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin
                .take()
                .unwrap()
                .write_all(br#"{"first": 0, "hands": [["9-9"]]}"#)?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("hands"));
}
