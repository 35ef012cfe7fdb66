//! `capicua fit-beliefs` end to end: rounds recorded by `capicua eval --record` fit a copy of
//! the shipped model's beliefs, and a search draws its deals from it with `bmodel=FILE`.

use std::path::Path;
use std::process::{Command, Output};

fn capicua(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_capicua"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("capicua runs")
}

fn ok(r: &Output) -> String {
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    String::from_utf8_lossy(&r.stdout).into_owned()
}

/// Eight rounds of `counting` against `heavy`, recorded.
fn record(dir: &Path) -> String {
    let records = dir.join("rounds.jsonl");
    let rec = records.to_str().unwrap().to_string();
    ok(&capicua(&[
        "eval", "--a", "counting", "--b", "heavy", "--rounds", "8", "--seed", "3", "--quiet",
        "--record", &rec,
    ]));
    rec
}

#[test]
fn fits_beliefs_that_a_search_draws_its_deals_from() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record(dir.path());
    let out = dir.path().join("beliefs.bpk");
    let o = out.to_str().unwrap();
    let stdout = ok(&capicua(&[
        "fit-beliefs",
        &rec,
        "--out",
        o,
        "--epochs",
        "1",
        "--batch",
        "16",
        "--held-out",
        "0.5",
        "--quiet",
    ]));
    assert!(stdout.starts_with("8 rounds: "), "{stdout}");
    for line in [
        "held out, before: log-loss",
        "held out, after:  log-loss",
        "wrote ",
    ] {
        assert!(stdout.contains(line), "{stdout}");
    }
    // only one player's decisions
    let only = ok(&capicua(&[
        "fit-beliefs",
        &rec,
        "--out",
        o,
        "--epochs",
        "1",
        "--seats",
        "heavy",
        "--quiet",
    ]));
    // every decision, trained on or held out
    let count = |text: &str| -> usize {
        let words: Vec<&str> = text.lines().next().unwrap().split(' ').collect();
        words[2].parse::<usize>().unwrap() + words[7].parse::<usize>().unwrap()
    };
    assert!(
        count(&only) > 0 && count(&only) < count(&stdout),
        "{only}\n{stdout}"
    );
    let spec = format!("ismcts:iters=30,model=default,bmodel={o}");
    let r = ok(&capicua(&[
        "eval", "--a", &spec, "--b", "counting", "--rounds", "2", "--seed", "5",
    ]));
    assert!(r.contains(&format!("bmodel={o}")), "{r}");
}

#[test]
fn a_round_that_does_not_end_is_refused_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record(dir.path());
    let text = std::fs::read_to_string(&rec).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines[3]["moves"].as_array_mut().unwrap().truncate(5);
    let bad = dir.path().join("bad.jsonl");
    let body: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    std::fs::write(&bad, body.join("\n")).unwrap();
    let out = dir.path().join("never.bpk");
    let r = capicua(&[
        "fit-beliefs",
        bad.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(!r.status.success());
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("line 4") && err.contains("end"), "{err}");
    assert!(!out.exists());
}
