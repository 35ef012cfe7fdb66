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

use capicua_engine::{Match, Move, Rng, Rules, VARIANTS, notation};
use capicua_protocol::engine::Control;
use capicua_protocol::framing::{Line, LineReader};
use capicua_protocol::{Engine, ErrorCode, Framed, Kind, Reply, frame};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use serde_json::{Map, Number, Value, json};

// --- generators ------------------------------------------------------------------------

const KEYS: &[&str] = &[
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

fn word() -> impl Strategy<Value = String> {
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

fn leaf() -> impl Strategy<Value = Value> {
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

fn json_value() -> impl Strategy<Value = Value> {
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
fn budget() -> impl Strategy<Value = Value> {
    prop_oneof![
        (1u64..200).prop_map(|n| json!({"iterations": n})),
        (1u64..15).prop_map(|t| json!({"movetime_ms": t})),
        (1u64..200, 1u64..15).prop_map(|(n, t)| json!({"iterations": n, "movetime_ms": t})),
        leaf(),
    ]
}

/// An object shaped like a request: a type, maybe an id, and members with arbitrary values,
/// with a position of plausible pieces.
fn request_like() -> impl Strategy<Value = Value> {
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
fn mutated_real() -> impl Strategy<Value = Value> {
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
                let mv = legal[rng.below(legal.len() as u32) as usize];
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
    let mut n = 0;
    n += run("lines", cases, seed, "\\PC{0,300}");
    n += run(
        "json",
        cases,
        seed,
        json_value().prop_map(|v| v.to_string()),
    );
    n += run(
        "request-like",
        cases,
        seed,
        request_like().prop_map(|v| v.to_string()),
    );
    n += run(
        "mutated positions",
        cases,
        seed,
        mutated_real().prop_map(|v| v.to_string()),
    );
    n
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
