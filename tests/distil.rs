//! `capicua distil`, `capicua reader` and `capicua fit-beliefs` end to end: recorded decisions
//! with a teacher's replies (`tests/data/distil_labels.jsonl`, twelve lines of
//! `eval/results/distil55/labels-9998-9999.jsonl`) train a copy of the shipped model that
//! searches like any model file, and a move reader whose file a search player reads
//! (`reader=FILE`); rounds recorded by `capicua eval --record` fit a copy of the shipped
//! model's beliefs, which a search draws its deals from (`bmodel=FILE`).

use std::path::Path;
use std::process::{Command, Output};

const LABELS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/distil_labels.jsonl"
);

fn capicua(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_capicua"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("capicua runs")
}

#[test]
fn distils_labels_into_a_model_that_plays() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("distilled.bpk");
    let o = out.to_str().unwrap();
    let r = capicua(&[
        "distil", LABELS, "--out", o, "--epochs", "2", "--batch", "4", "--quiet",
    ]);
    let stdout = String::from_utf8_lossy(&r.stdout);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(stdout.starts_with("12 decisions: "), "{stdout}");
    assert!(
        stdout.contains("held out: cross-entropy against the teacher"),
        "{stdout}"
    );
    assert!(
        stdout.contains("trained on: cross-entropy against the teacher"),
        "{stdout}"
    );
    let spec = format!("ismcts:iters=30,model={o}");
    let r = capicua(&[
        "eval", "--a", &spec, "--b", "counting", "--rounds", "2", "--seed", "5",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
}

/// `command` on a copy of the JSON-lines file `source` changed by `edit` fails, printing
/// `wants` on stderr, and writes no network.
fn refuses_edited(
    command: &str,
    source: &str,
    edit: impl FnOnce(&mut [serde_json::Value]),
    wants: &[&str],
) {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(source).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    edit(&mut lines);
    let bad = dir.path().join("bad.jsonl");
    let body: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    std::fs::write(&bad, body.join("\n")).unwrap();
    let out = dir.path().join("never.bpk");
    let r = capicua(&[
        command,
        bad.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success());
    assert!(wants.iter().all(|w| stderr.contains(w)), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn a_label_of_another_position_is_refused_at_its_line() {
    let edit = |lines: &mut [serde_json::Value]| {
        let seat = lines[2]["seat"].as_u64().unwrap();
        lines[2]["seat"] = ((seat + 1) % 4).into();
    };
    refuses_edited("distil", LABELS, edit, &["line 3", "is not to move"]);
}

#[test]
fn a_gzipped_label_file_trains_as_the_plain_one() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let gz = dir.path().join("labels.jsonl.gz");
    let mut enc = flate2::write::GzEncoder::new(
        std::fs::File::create(&gz).unwrap(),
        flate2::Compression::default(),
    );
    enc.write_all(&std::fs::read(LABELS).unwrap()).unwrap();
    enc.finish().unwrap();
    // what training printed (samples, losses, held-out figures), less the line naming the file
    let train = |labels: &str| {
        let out = dir.path().join("out.bpk");
        let r = capicua(&[
            "distil",
            labels,
            "--out",
            out.to_str().unwrap(),
            "--epochs",
            "1",
            "--batch",
            "4",
            "--quiet",
        ]);
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        String::from_utf8(r.stdout)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("wrote "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let (from_gz, from_plain) = (train(gz.to_str().unwrap()), train(LABELS));
    assert!(from_plain.len() >= 3, "{from_plain:?}");
    assert_eq!(from_gz, from_plain);
}

/// `capicua reader` on the test labels for three epochs, nothing held out, with `extra`.
fn fit_reader(out: &std::path::Path, extra: &[&str]) -> Output {
    let mut args = vec!["--epochs", "3"];
    args.extend_from_slice(extra);
    fit("reader", Path::new(LABELS), out, &args)
}

/// `capicua COMMAND LABELS --out OUT --held-out 0 EXTRA...`: a reader or a network fitted to
/// every decision of `labels`.
fn fit(command: &str, labels: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        command,
        labels.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--held-out",
        "0",
    ];
    args.extend_from_slice(extra);
    capicua(&args)
}

/// The reader file at `out` parsed, after checking that a search with it plays a match.
fn played_reader(out: &std::path::Path) -> serde_json::Value {
    let spec = format!(
        "ismcts:iters=30,model=default,reader={}",
        out.to_str().unwrap()
    );
    let r = capicua(&[
        "eval", "--a", &spec, "--b", "counting", "--rounds", "2", "--seed", "5",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(String::from_utf8_lossy(&r.stdout).contains("reader="));
    serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap()
}

/// The prior's cross-entropy against the teacher on the training decisions, as a reader fit
/// prints it.
fn prior_cross_entropy(r: &Output) -> f64 {
    let out = ok(r);
    let line = out
        .lines()
        .find(|l| l.starts_with("trained on (") && l.contains("cross-entropy"))
        .unwrap_or_else(|| panic!("{out}"));
    let after = line.split("the teacher ").nth(1).unwrap();
    after.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_reader_reads_the_priors_of_the_network_it_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reader.json");
    let labelled = prior_cross_entropy(&fit_reader(&out, &[]));
    // the labels' priors are the shipped model's at the default temperature (the labelling
    // search saw the match score as 0-0, so they agree to the third digit of the
    // cross-entropy); another temperature or another network is far off
    let near = |r: &Output| (prior_cross_entropy(r) - labelled).abs() < 0.002;
    assert!(near(&fit_reader(
        &out,
        &["--prior-model", "models/capicua.bpk"]
    )));
    let file = played_reader(&out);
    assert!(
        file["notes"].as_array().unwrap().iter().any(|n| n
            .as_str()
            .unwrap()
            .contains("priors of model models/capicua.bpk at temperature 3")),
        "{file}"
    );
    assert!(!near(&fit_reader(
        &out,
        &[
            "--prior-model",
            "models/capicua.bpk",
            "--prior-temperature",
            "1"
        ],
    )));
    assert!(!near(&fit_reader(
        &out,
        &["--prior-model", "models/capicua-long.bpk"]
    )));
    let r = fit_reader(&out, &["--prior-model", "models/no-such.bpk"]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("no-such.bpk"));
}

#[test]
fn fits_a_reader_that_a_search_reads() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reader.json");
    let r = fit_reader(&out, &["--fresh", LABELS]);
    let stdout = String::from_utf8_lossy(&r.stdout);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(stdout.contains("trained on ("), "{stdout}");
    assert!(stdout.contains("fresh ("), "{stdout}");
    assert!(stdout.contains("fresh: entropy of the prior"), "{stdout}");
    let file = played_reader(&out);
    assert_eq!(file["format"], "capicua-move-reader-1");
    assert!(
        file["notes"][0]
            .as_str()
            .unwrap()
            .contains("distil_labels.jsonl")
    );
}

#[test]
fn fits_a_reader_of_the_beliefs_that_a_search_reads() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reader2.json");
    let r = fit_reader(&out, &["--beliefs", "default"]);
    let stdout = String::from_utf8_lossy(&r.stdout);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(
        stdout.contains("55 facts a move (capicua-move-reader-2)"),
        "{stdout}"
    );
    let file = played_reader(&out);
    assert_eq!(file["format"], "capicua-move-reader-2");
    assert_eq!(file["linear"].as_array().unwrap().len(), 55);
    // a file that is no model with a belief output gives no beliefs, and no reader is written
    let never = dir.path().join("never.json");
    let r = fit_reader(&never, &["--beliefs", "models/open-value.bpk"]);
    assert!(!r.status.success());
    assert!(!never.exists());
}

/// The referee position of a label's decision: its round with the moves before `at`.
fn position_of(label: &serde_json::Value) -> serde_json::Value {
    let mut p = label.clone();
    let at = label["at"].as_u64().unwrap() as usize;
    let moves = p["moves"].as_array_mut().unwrap();
    moves.truncate(at);
    for key in ["at", "seat", "reply"] {
        p.as_object_mut().unwrap().remove(key);
    }
    p
}

#[test]
fn solved_labels_carry_the_solvers_values_and_teach_a_reader_and_a_network() {
    let dir = tempfile::tempdir().unwrap();
    let solved = dir.path().join("solved.jsonl");
    let out = ok(&capicua(&[
        "solve-labels",
        LABELS,
        "--out",
        solved.to_str().unwrap(),
        "--nodes",
        "300000",
        "--threads",
        "1",
    ]));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&solved)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let with_values: Vec<_> = lines
        .iter()
        .filter(|l| l["reply"]["moves"].as_array().unwrap()[0]["solved"].is_i64())
        .collect();
    assert!(
        out.starts_with(&format!("{} decisions solved", with_values.len())),
        "{out}"
    );
    assert!(with_values.len() >= 6, "{out}");
    // each value is what `capicua solve` finds for the move on the same position
    for label in with_values.iter().take(3) {
        let pos = dir.path().join("position.json");
        std::fs::write(&pos, position_of(label).to_string()).unwrap();
        let report: serde_json::Value =
            serde_json::from_str(&ok(&capicua(&["solve", pos.to_str().unwrap(), "--json"])))
                .unwrap();
        for m in label["reply"]["moves"].as_array().unwrap() {
            let theirs = report["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["move"] == m["move"])
                .unwrap();
            assert_eq!(theirs["value"], m["solved"], "{}", m["move"]);
        }
    }
    // a reader of the solver's values is another reader than the visits' one, and plays
    let reader_of = |teacher: &str, name: &str| {
        let reader = dir.path().join(name);
        let args = ["--epochs", "3", "--teacher", teacher, "--temperature", "3"];
        ok(&fit("reader", &solved, &reader, &args));
        reader
    };
    let by_values = reader_of("solved", "solved.json");
    let by_visits = reader_of("visits", "visits.json");
    let file = played_reader(&by_values);
    assert!(
        file["notes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().contains("exact solver")),
        "{file}"
    );
    let other: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(by_visits).unwrap()).unwrap();
    assert_ne!(file["w2"], other["w2"]);
    // a network distilled from them learns other targets than the visits (the bytes of its
    // file differ by its settings alone, so the fit's report is compared), and `visits`
    // learns what a distillation without `--teacher` learns
    let distil = |teacher: &[&str]| {
        let net = dir.path().join("distilled.bpk");
        let mut args = vec![
            "--epochs",
            "2",
            "--batch",
            "4",
            "--quiet",
            "--temperature",
            "3",
        ];
        args.extend_from_slice(teacher);
        let out = ok(&fit("distil", &solved, &net, &args));
        out.lines()
            .filter(|l| l.contains("mean losses") || l.starts_with("trained on:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let visits = distil(&["--teacher", "visits"]);
    assert!(visits.contains("trained on: cross-entropy"), "{visits}");
    assert_eq!(visits, distil(&[]));
    let by_values = distil(&["--teacher", "solved"]);
    let by_both = distil(&["--teacher", "both"]);
    assert_ne!(by_values, visits);
    assert_ne!(by_both, visits);
    assert_ne!(by_both, by_values);
}

#[test]
fn a_file_that_is_no_reader_is_refused_by_name() {
    let r = capicua(&[
        "eval",
        "--a",
        &format!("ismcts:iters=30,model=default,reader={LABELS}"),
        "--b",
        "counting",
        "--rounds",
        "2",
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(!r.status.success());
    assert!(
        stderr.contains("cannot use the move reader") && stderr.contains("distil_labels.jsonl"),
        "{stderr}"
    );
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
    let edit = |lines: &mut [serde_json::Value]| {
        lines[3]["moves"].as_array_mut().unwrap().truncate(5);
    };
    refuses_edited("fit-beliefs", &rec, edit, &["line 4", "end"]);
}
