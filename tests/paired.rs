//! `capicua eval --boards` and `capicua paired` end to end: two runs of the same seed compared
//! board by board.

use std::path::Path;
use std::process::Command;

fn capicua(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_capicua"))
        .args(args)
        .output()
        .expect("capicua runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A duplicate run of 40 rounds on `seed`, its boards written to `file`; its summary.
fn eval_seed(a: &str, b: &str, seed: &str, file: &Path) -> serde_json::Value {
    let file = file.to_str().unwrap();
    let out = capicua(&[
        "eval", "--a", a, "--b", b, "--rounds", "40", "--seed", seed, "--quiet", "--json",
        "--boards", file,
    ]);
    serde_json::from_slice(&out).unwrap()
}

fn eval(a: &str, b: &str, file: &Path) -> serde_json::Value {
    eval_seed(a, b, "7", file)
}

fn paired(a: &Path, b: &Path) -> serde_json::Value {
    let out = capicua(&["paired", a.to_str().unwrap(), b.to_str().unwrap(), "--json"]);
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn two_runs_of_a_seed_compare_board_by_board() {
    let dir = std::env::temp_dir().join(format!("capicua-paired-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (first, again, mirror) = (dir.join("a"), dir.join("a2"), dir.join("m"));
    let run = eval("counting", "heavy", &first);
    eval("counting", "heavy", &again);
    // the file holds the run's boards, and they give its margin
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&first)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 20);
    let total: i64 = lines
        .iter()
        .map(|l| l["margin"][0].as_i64().unwrap() + l["margin"][1].as_i64().unwrap())
        .sum();
    let margin = run["a_margin_per_round"].as_f64().unwrap();
    assert!(
        (total as f64 / 40.0 - margin).abs() < 1e-9,
        "{total} against {margin}"
    );
    // the same players and seed: the same boards, no difference at all
    let c = paired(&first, &again);
    assert_eq!(c["boards"], 20);
    assert_eq!(c["difference"], 0.0);
    assert_eq!(c["difference_ci95"], serde_json::json!([0.0, 0.0]));
    // a team against a copy of itself scores exactly zero on every board, so the difference
    // is the first run's margin on the boards both played
    eval("heavy", "heavy", &mirror);
    let c = paired(&first, &mirror);
    assert!(c["boards"].as_u64().unwrap() >= 10, "{c}");
    assert_eq!(c["b_margin_per_round"], 0.0);
    assert_eq!(c["difference"], c["a_margin_per_round"]);
    assert!(c["difference"].as_f64().unwrap() > 0.0, "{c}");
    // another seed deals other hands: refused
    let other = dir.join("o");
    eval_seed("counting", "heavy", "8", &other);
    let out = Command::new(env!("CARGO_BIN_EXE_capicua"))
        .args(["paired", first.to_str().unwrap(), other.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("different seeds"));
    std::fs::remove_dir_all(&dir).ok();
}
