//! Fuzzing the request handler: arbitrary lines, arbitrary JSON, request-shaped objects with
//! arbitrary members, and real positions with one thing broken, all fed to one long-lived
//! [`Engine`]. Whatever comes in, every line must get exactly one final reply (after any
//! `info` lines), echoing a valid `id`, written as one JSON object, and no reply may be an
//! `internal` error (the handler turns a panic into one, so this is the no-panic check).
//!
//! The regular tests run a few hundred cases of each kind. The long run is
//! `CAPICUA_FUZZ_SECS=600 cargo test --release -p capicua-protocol --test fuzz -- --ignored`
//! (it prints how many cases ran).

use std::collections::BTreeMap;
use std::io::BufReader;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod cases;

use capicua_protocol::engine::Control;
use capicua_protocol::framing::{Line, LineReader};
use capicua_protocol::{Engine, ErrorCode, Framed, Kind, Reply, frame};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use serde_json::{Value, json};

// --- the property ----------------------------------------------------------------------

/// Raises the stop flag of a case that runs past its deadline (a valid generated position
/// with a default budget would otherwise search for its full budget).
struct Watchdog {
    current: Arc<Mutex<Armed>>,
}

/// The running case's deadline and stop flag.
type Armed = Option<(Instant, Arc<AtomicBool>)>;

impl Watchdog {
    fn new() -> Watchdog {
        let current: Arc<Mutex<Armed>> = Arc::new(Mutex::new(None));
        let c = Arc::clone(&current);
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(20));
                if Arc::strong_count(&c) == 1 {
                    return;
                }
                if let Some((deadline, flag)) = &*c.lock().unwrap()
                    && Instant::now() > *deadline
                {
                    flag.store(true, Ordering::SeqCst);
                }
            }
        });
        Watchdog { current }
    }

    fn arm(&self, within: Duration) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        *self.current.lock().unwrap() = Some((Instant::now() + within, Arc::clone(&flag)));
        flag
    }
}

fn check_line(
    engine: &mut Engine,
    dog: &Watchdog,
    line: &str,
    seen: &Mutex<BTreeMap<String, u64>>,
) -> Result<(), TestCaseError> {
    let env = match frame(line) {
        Framed::Blank => {
            prop_assert!(line.trim().is_empty());
            return Ok(());
        }
        Framed::Error(r) => {
            let Reply::Error { code, .. } = &r else {
                return Err(TestCaseError::fail(format!(
                    "a framing reply that is not an error: {r:?}"
                )));
            };
            *seen
                .lock()
                .unwrap()
                .entry(format!("error {}", code.as_str()))
                .or_default() += 1;
            return check_reply(&r);
        }
        Framed::Request(env) => env,
    };
    if env.kind == Kind::Quit {
        return Ok(());
    }
    let stop = dog.arm(Duration::from_secs(2));
    let mut infos = Vec::new();
    let mut sink = |r: Reply| infos.push(r);
    let reply = engine.execute(
        &env,
        &mut Control {
            stop: &stop,
            info: &mut sink,
        },
    );
    for r in &infos {
        prop_assert!(
            matches!(r, Reply::Info { .. }),
            "a non-final reply that is not info: {r:?}"
        );
        check_reply(r)?;
    }
    prop_assert!(reply.is_final(), "the last reply is not final: {:?}", reply);
    check_reply(&reply)?;
    let id = match &reply {
        Reply::Hello { id, .. }
        | Reply::Pong { id }
        | Reply::Ok { id }
        | Reply::Rules { id, .. }
        | Reply::Legal { id, .. }
        | Reply::Referee { id, .. }
        | Reply::Bestmove { id, .. }
        | Reply::Beliefs { id, .. }
        | Reply::Deal { id, .. }
        | Reply::Error { id, .. }
        | Reply::Info { id, .. } => id.clone(),
    };
    prop_assert_eq!(id, env.id.clone());
    let what = match &reply {
        Reply::Error { code, .. } => format!("error {}", code.as_str()),
        other => serde_json::from_str::<Value>(&other.to_line())
            .map(|v| v["type"].to_string())
            .unwrap_or_default(),
    };
    *seen.lock().unwrap().entry(what).or_default() += 1;
    Ok(())
}

fn check_reply(r: &Reply) -> Result<(), TestCaseError> {
    if let Reply::Error { code, message, .. } = r {
        prop_assert!(
            *code != ErrorCode::Internal,
            "internal error (a caught panic): {message}"
        );
    }
    let line = r.to_line();
    prop_assert!(!line.contains('\n'));
    let v: Value =
        serde_json::from_str(&line).map_err(|e| TestCaseError::fail(format!("{e}: {line}")))?;
    prop_assert!(v["type"].is_string(), "{line}");
    match r {
        Reply::Bestmove { mv, moves, .. } => {
            prop_assert!(moves.iter().any(|m| &m.mv == mv), "{line}");
            for m in moves {
                prop_assert!(
                    (0.0..=1.0).contains(&m.win) && m.margin.is_finite(),
                    "{line}"
                );
            }
        }
        Reply::Beliefs { tiles, .. } => {
            for (_, b) in &tiles.0 {
                let sum: f64 = b.seats.iter().map(|s| s.1).sum::<f64>() + b.out;
                prop_assert!((sum - 1.0).abs() < 1e-9, "{line}");
            }
        }
        _ => {}
    }
    Ok(())
}

/// One kind of input, `cases` cases from `seed`; returns the cases run.
fn run(name: &str, cases: u32, seed: u64, strategy: impl Strategy<Value = String>) -> u64 {
    let mut runner = TestRunner::new(Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        max_shrink_iters: 2000,
        ..Config::default()
    });
    let engine = Mutex::new(Engine::new());
    {
        let mut e = engine.lock().unwrap();
        e.set_option("iterations", &json!(100)).unwrap();
    }
    let dog = Watchdog::new();
    let count = AtomicU64::new(0);
    let seen = Mutex::new(BTreeMap::new());
    let result = runner.run(&strategy, |line| {
        count.fetch_add(1, Ordering::Relaxed);
        let mut e = engine.lock().unwrap_or_else(|p| p.into_inner());
        check_line(&mut e, &dog, &line, &seen)
    });
    if let Err(e) = result {
        panic!("{name} (seed {seed}): {e}");
    }
    // what the cases reached, to see that the generators get past the parser
    eprintln!("{name}: {:?}", seen.into_inner().unwrap());
    count.into_inner()
}

fn all_kinds(cases: u32, seed: u64) -> u64 {
    cases::kinds()
        .into_iter()
        .map(|(name, strategy)| run(name, cases, seed, strategy))
        .sum()
}

#[test]
fn fuzz_the_handler() {
    all_kinds(300, 1);
}

/// Arbitrary bytes through the framing: no panic, lines within the limit, all input consumed.
#[test]
fn fuzz_the_framing() {
    let mut runner = TestRunner::new(Config {
        cases: 500,
        rng_seed: RngSeed::Fixed(2),
        failure_persistence: None,
        ..Config::default()
    });
    let bytes = prop::collection::vec(
        prop_oneof![Just(b'\n'), Just(b'\r'), Just(b'x'), any::<u8>()],
        0..400,
    );
    runner
        .run(&(bytes, 1usize..40), |(input, limit)| {
            let mut r = LineReader::with_limit(BufReader::with_capacity(7, &input[..]), limit);
            let mut lines = 0;
            loop {
                match r.next_line().unwrap() {
                    Line::Eof => break,
                    Line::Text(t) => prop_assert!(t.len() <= limit && !t.contains('\n')),
                    Line::TooLong | Line::NotUtf8 => {}
                }
                lines += 1;
                prop_assert!(lines <= input.len() + 1);
            }
            Ok(())
        })
        .unwrap();
}

/// The long run: `CAPICUA_FUZZ_SECS` seconds (default 600) of every kind, seed after seed.
#[test]
#[ignore]
fn fuzz_for_a_while() {
    let secs: u64 = std::env::var("CAPICUA_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let start = Instant::now();
    let (mut cases, mut seed) = (0u64, 1000u64);
    while start.elapsed() < Duration::from_secs(secs) {
        cases += all_kinds(500, seed);
        seed += 1;
    }
    println!(
        "fuzz: {cases} cases over {} seeds in {:.0} s, no failure",
        seed - 1000,
        start.elapsed().as_secs_f64()
    );
}
