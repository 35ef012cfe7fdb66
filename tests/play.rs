//! `capicua play` driven by piped input: a person's moves typed as numbers and notation.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::thread;

/// Runs `capicua play ARGS` with `input` on stdin.
fn play(args: &[&str], input: String) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_capicua"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start capicua play");
    let mut stdin = child.stdin.take().unwrap();
    // the match may end before all the input is read: a closed pipe is fine
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("capicua play runs");
    writer.join().unwrap();
    out
}

fn first_move_every_time(n: usize) -> String {
    "1\n".repeat(n)
}

#[test]
fn a_whole_match_with_every_screen() {
    let input = format!("xyz\n99\nhelp\n9-9@3\n{}", first_move_every_time(400));
    let out = play(
        &[
            "--seed",
            "5",
            "--partner",
            "random",
            "--opponents",
            "random",
        ],
        input,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // the table before each of the person's moves
    for shown in [
        "Line:",
        "Open ends:",
        "Your hand:",
        "Your moves: [1]",
        "played:",
        "passed on:",
        "Score: you and your partner",
    ] {
        assert!(text.contains(shown), "missing {shown:?}");
    }
    // the four seats and their roles
    for role in [
        "seat 0 (you)",
        "(partner, random)",
        "(plays after you, random)",
        "(plays before you, random)",
    ] {
        assert!(text.contains(role), "missing {role:?}");
    }
    // bad input is explained and asked again
    assert!(text.contains("Cannot read \"xyz\""));
    assert!(text.contains("There is no move 99"));
    assert!(text.contains("Type the number of a move"));
    // after each round: the result and every hand, as left and as dealt
    let rounds = text.matches("--- Round ").count();
    assert!(rounds >= 1);
    assert_eq!(text.matches("Hands as dealt:").count(), rounds);
    assert_eq!(text.matches("Hands left:").count(), rounds);
    assert!(
        text.contains("win the match after"),
        "the match did not end"
    );
    // the same seed plays the same match
    let again = play(
        &[
            "--seed",
            "5",
            "--partner",
            "random",
            "--opponents",
            "random",
        ],
        format!("xyz\n99\nhelp\n9-9@3\n{}", first_move_every_time(400)),
    );
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn moves_can_be_typed_in_notation_and_quit_ends() {
    // seed 5: the person's first choice is among 3-1 4-3 8-3 8-5 on ends 8 and 3
    let out = play(
        &[
            "--seed",
            "5",
            "--partner",
            "random",
            "--opponents",
            "random",
        ],
        "3-4\nquit\n".into(),
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("seat 0 (you) plays 4-3 on the 3."), "{text}");
    assert!(text.contains("Leaving the match."));
    // end of input leaves too
    let out = play(
        &[
            "--seed",
            "5",
            "--partner",
            "random",
            "--opponents",
            "random",
        ],
        String::new(),
    );
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("Leaving the match.")
    );
}

#[test]
fn other_variants_and_bots() {
    // a draw game for two: the boneyard is shown and draws are reported
    let out = play(
        &[
            "--variant",
            "lankford-2",
            "--seed",
            "3",
            "--opponents",
            "counting",
            "--rounds",
            "2",
        ],
        first_move_every_time(200),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Boneyard:"));
    assert!(text.contains("draw"), "no draw in two rounds");
    assert_eq!(text.matches("Hands as dealt:").count(), 2);
    // a points game with a forced lead, heavy partner
    let out = play(
        &[
            "--variant",
            "jamaican",
            "--seed",
            "4",
            "--partner",
            "heavy",
            "--rounds",
            "1",
        ],
        first_move_every_time(50),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("(partner, heavy)")
    );
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        &["--variant", "chess"][..],
        &["--partner", "nobody"],
        &["--seat", "4"],
        &["--variant", "cutthroat-2", "--seat", "2"],
    ] {
        let out = play(args, String::new());
        assert!(!out.status.success(), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn the_default_partner_is_the_partner_of_people() {
    let out = play(&["--seed", "5", "--opponents", "random"], "quit\n".into());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("(partner, ismcts:ms=200,rollout=heuristic,model=long)"),
        "{text}"
    );
}
