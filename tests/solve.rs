//! `capicua solve` end to end: an open-hand position in the `referee` request's shape.

use std::process::Command;

/// Runs `cmd` and returns its standard output, failing the test if it fails.
fn succeed(cmd: &mut Command) -> Vec<u8> {
    let out = cmd.output().expect("capicua runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn solve(args: &[&str]) -> serde_json::Value {
    let out = succeed(
        Command::new(env!("CARGO_BIN_EXE_capicua"))
            .arg("solve")
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/solve_position.json"
            ))
            .args(args)
            .arg("--json"),
    );
    serde_json::from_slice(&out).expect("one JSON object")
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

/// `eval --record` writes each round as a `referee` request; `solve --round N --after K`
/// analyses any point of one, and the engine's referee agrees the recorded round is complete.
#[test]
fn recorded_rounds_are_referee_requests_that_solve_reads() {
    let dir = std::env::temp_dir().join(format!("capicua-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rounds.jsonl");
    succeed(
        Command::new(env!("CARGO_BIN_EXE_capicua"))
            .args(["eval", "--a", "counting", "--b", "heavy", "--rounds", "4"])
            .args(["--seed", "7", "--quiet", "--record"])
            .arg(&file),
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let rounds: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rounds.len(), 4);
    let mut requests = String::new();
    for (i, r) in rounds.iter().enumerate() {
        // boards in order, each played in both orientations with the teams swapped
        assert_eq!(r["orientation"], i % 2, "{r}");
        let (a, b) = if i % 2 == 0 {
            ("counting", "heavy")
        } else {
            ("heavy", "counting")
        };
        assert_eq!(r["players"], serde_json::json!([a, b, a, b]), "{r}");
        assert_eq!(
            r["hands"],
            rounds[i - i % 2]["hands"],
            "a board's two rounds share the deal"
        );
        let mut req = r.clone();
        req["type"] = "referee".into();
        req["id"] = i.into();
        requests += &format!("{req}\n");
        // the position before the last move: that move is one of its legal moves
        let n = r["moves"].as_array().unwrap().len();
        let out = succeed(
            Command::new(env!("CARGO_BIN_EXE_capicua"))
                .arg("solve")
                .arg(&file)
                .args(["--round", &i.to_string(), "--after", &(n - 1).to_string()])
                .arg("--json"),
        );
        let solved: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let last = &r["moves"][n - 1];
        assert!(
            solved["moves"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| &m["move"] == last),
            "{solved} lacks {last}"
        );
    }
    let mut engine = Command::new(env!("CARGO_BIN_EXE_capicua"))
        .args(["engine", "--option", "model=none"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("capicua runs");
    use std::io::Write;
    engine
        .stdin
        .take()
        .unwrap()
        .write_all(requests.as_bytes())
        .unwrap();
    let out = engine.wait_with_output().unwrap();
    let replies: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 4);
    for reply in &replies {
        assert_eq!(reply["type"], "referee", "{reply}");
        assert!(
            reply["result"]["end"].is_string(),
            "the round is over: {reply}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
