//! `capicua reader` end to end: the twelve recorded decisions of `tests/data/distil_labels.jsonl`
//! fit a move reader whose file a search player reads (`reader=FILE`).

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
fn fits_a_reader_that_a_search_reads() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reader.json");
    let o = out.to_str().unwrap();
    let r = capicua(&[
        "reader",
        LABELS,
        "--out",
        o,
        "--epochs",
        "3",
        "--held-out",
        "0",
        "--fresh",
        LABELS,
    ]);
    let stdout = String::from_utf8_lossy(&r.stdout);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(stdout.contains("trained on ("), "{stdout}");
    assert!(stdout.contains("fresh ("), "{stdout}");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(file["format"], "capicua-move-reader-1");
    assert!(
        file["notes"][0]
            .as_str()
            .unwrap()
            .contains("distil_labels.jsonl")
    );
    let spec = format!("ismcts:iters=30,model=default,reader={o}");
    let r = capicua(&[
        "eval", "--a", &spec, "--b", "counting", "--rounds", "2", "--seed", "5",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(String::from_utf8_lossy(&r.stdout).contains("reader="));
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
