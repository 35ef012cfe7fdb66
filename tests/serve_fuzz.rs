//! Bad input over the browser table's WebSocket: the protocol's fuzz cases (the same
//! generators as `crates/protocol/tests/fuzz.rs`, included from there) sent as messages, each
//! followed by a `ping` barrier, so that every case is seen to get exactly one final reply (an
//! error where the case is bad; none for a blank line), never an `internal` one, with the
//! connection and the server staying up. Then what only a socket can be sent: oversized and
//! binary messages, a message over the socket's own limit, more connections than the cap,
//! and a page of another origin.

#[path = "../crates/protocol/tests/cases/mod.rs"]
mod cases;

use std::time::Duration;

use capicua_eval::ModelChoice;
use capicua_protocol::framing::MAX_LINE;
use capicua_protocol::{Framed, Kind, frame};
use capicua_serve::client::{Client, ClientError};
use capicua_serve::{Caps, Server, ServerConfig};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngSeed, TestRunner};
use serde_json::{Value, json};

/// Cases of each kind; each is a round trip plus a barrier.
const CASES: usize = 120;

async fn start(caps: Caps) -> (String, tokio::sync::oneshot::Sender<()>) {
    let server = Server::bind(ServerConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        caps,
        // the shipped network where installed: the fuzz cases' searches run as the table's do
        model: ModelChoice::installed(),
    })
    .await
    .expect("the server starts");
    let url = format!("ws://{}/ws", server.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(server.run(async {
        let _ = stopped.await;
    }));
    (url, stop)
}

fn caps() -> Caps {
    Caps {
        max_connections: 4,
        max_searches: 2,
        // every search a case may start ends within this
        max_movetime_ms: 200,
        ..Caps::default()
    }
}

/// Sends `text`, then a ping; returns the final replies that came before the pong.
async fn round_trip(c: &mut Client, text: &str, k: usize) -> Result<Vec<Value>, ClientError> {
    c.send_text(text).await?;
    let barrier = format!("barrier-{k}");
    c.send_text(&json!({"type": "ping", "id": barrier}).to_string())
        .await?;
    let mut before = Vec::new();
    loop {
        let r = c.next_final().await?;
        if r["type"] == "pong" && r["id"] == barrier.as_str() {
            return Ok(before);
        }
        before.push(r);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fuzz_cases_over_the_socket() {
    let (url, _stop) = start(caps()).await;
    let mut c = Client::connect(&url).await.unwrap();
    let mut runner = TestRunner::new(Config {
        rng_seed: RngSeed::Fixed(7),
        ..Config::default()
    });
    let (mut errors, mut served, mut quits) = (0, 0, 0);
    let mut k = 0;
    for (name, strategy) in cases::kinds() {
        for _ in 0..CASES {
            k += 1;
            let line = strategy.new_tree(&mut runner).unwrap().current();
            let expected = frame(&line);
            if let Framed::Request(env) = &expected
                && env.kind == Kind::Quit
            {
                // a quit ends the connection, as it ends the engine process: the next one
                // must be served as before
                c.send_text(&line).await.unwrap();
                match c.next_reply().await {
                    Err(ClientError::Closed) | Err(ClientError::Ws(_)) => {}
                    other => panic!("{name}: a quit left the connection open: {other:?}"),
                }
                quits += 1;
                c = Client::connect(&url).await.unwrap();
                continue;
            }
            let replies = round_trip(&mut c, &line, k)
                .await
                .unwrap_or_else(|e| panic!("{name}: {line:?} broke the connection: {e}"));
            match expected {
                Framed::Blank => {
                    assert!(replies.is_empty(), "{name}: a blank line got {replies:?}")
                }
                Framed::Error(want) => {
                    assert_eq!(replies.len(), 1, "{name}: {line:?} got {replies:?}");
                    let want: Value = serde_json::from_str(&want.to_line()).unwrap();
                    assert_eq!(replies[0], want, "{name}: {line:?}");
                    errors += 1;
                }
                Framed::Request(env) => {
                    assert_eq!(replies.len(), 1, "{name}: {line:?} got {replies:?}");
                    let r = &replies[0];
                    assert_eq!(r.get("id"), env.id.as_ref(), "{name}: {line:?} got {r}");
                    assert_ne!(r["code"], "internal", "{name}: {line:?} got {r}");
                    if r["type"] == "error" {
                        errors += 1;
                    } else {
                        served += 1;
                    }
                }
            }
        }
    }
    eprintln!("{k} cases: {errors} errors, {served} served, {quits} quits");
    // the generators reach both sides of the parser
    assert!(
        errors > CASES && served > 10,
        "{errors} errors, {served} served"
    );

    // what only a socket can be sent
    let long = format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(MAX_LINE));
    let r = round_trip(&mut c, &long, 0).await.unwrap();
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["code"], "too_long", "{}", r[0]);
    c.send_binary(vec![0xff, 0xfe, b'{']).await.unwrap();
    let r = c.next_final().await.unwrap();
    assert_eq!(r["code"], "parse", "{r}");
    c.send_binary(br#"{"type":"ping","id":"bin"}"#.to_vec())
        .await
        .unwrap();
    assert_eq!(
        c.next_final().await.unwrap(),
        json!({"type": "pong", "id": "bin"})
    );
    // the server still answers a real request on the same connection
    let (r, _) = c
        .request(json!({"type": "hello", "protocol": 1}))
        .await
        .unwrap();
    assert_eq!(r["type"], "hello");

    // a message over the socket's own limit closes that connection only
    let mut big = Client::connect(&url).await.unwrap();
    let huge = "y".repeat(capicua_serve::socket::MAX_MESSAGE + 1);
    let _ = big.send_text(&huge).await;
    assert!(
        big.next_reply().await.is_err(),
        "an oversized message was read"
    );
    let (r, _) = c.request(json!({"type": "ping"})).await.unwrap();
    assert_eq!(r["type"], "pong");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_capped_and_origins_checked() {
    let (url, _stop) = start(Caps {
        max_connections: 2,
        ..caps()
    })
    .await;
    let mut a = Client::connect(&url).await.unwrap();
    let b = Client::connect(&url).await.unwrap();
    let third = Client::connect(&url).await;
    assert!(
        matches!(&third, Err(ClientError::Ws(e)) if e.to_string().contains("503")),
        "a third connection: {:?}",
        third.err()
    );
    b.close().await.unwrap();
    // the slot comes back once the session has ended
    let mut back = None;
    for _ in 0..100 {
        if let Ok(c) = Client::connect(&url).await {
            back = Some(c);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut back = back.expect("a slot is freed when a connection closes");
    let (r, _) = back.request(json!({"type": "ping"})).await.unwrap();
    assert_eq!(r["type"], "pong");
    let (r, _) = a.request(json!({"type": "ping"})).await.unwrap();
    assert_eq!(r["type"], "pong");
    drop(back);

    let host = url
        .trim_start_matches("ws://")
        .trim_end_matches("/ws")
        .to_string();
    let mut evil = None;
    for _ in 0..100 {
        match Client::connect_with(&url, &[("Origin", "http://evil.example")]).await {
            Err(ClientError::Ws(e)) if e.to_string().contains("503") => {
                tokio::time::sleep(Duration::from_millis(20)).await
            }
            other => {
                evil = Some(other);
                break;
            }
        }
    }
    assert!(
        matches!(&evil, Some(Err(ClientError::Ws(e))) if e.to_string().contains("403")),
        "another origin: {:?}",
        evil.map(|r| r.err())
    );
    drop(a);
    let mut own = None;
    for _ in 0..100 {
        if let Ok(c) = Client::connect_with(&url, &[("Origin", &format!("http://{host}"))]).await {
            own = Some(c);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut own = own.expect("the page's own origin connects");
    let (r, _) = own.request(json!({"type": "ping"})).await.unwrap();
    assert_eq!(r["type"], "pong");
}

/// The caps as a client meets them: a longer search than the cap, a model file, more threads
/// and `omniscient` are refused with errors naming the field; a search within them runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn caps_are_errors_not_surprises() {
    let (url, _stop) = start(caps()).await;
    let mut c = Client::connect(&url).await.unwrap();
    let pos = json!({"seat": 0, "first": 0,
        "hand": ["9-9","9-4","8-3","7-7","6-2","5-5","4-1","3-0","2-2","1-0"]});
    for (req, field) in [
        (
            json!({"type": "go", "position": pos, "budget": {"movetime_ms": 201}}),
            "budget.movetime_ms",
        ),
        (
            json!({"type": "go", "position": pos, "player": "ismcts:ms=5000"}),
            "player",
        ),
        (
            json!({"type": "go", "position": pos, "player": "ismcts:model=Cargo.toml"}),
            "player",
        ),
        (
            json!({"type": "go", "position": pos, "player": "omniscient"}),
            "player",
        ),
        (
            json!({"type": "go", "position": pos, "player": "psychic"}),
            "player",
        ),
        (
            json!({"type": "set_option", "name": "threads", "value": 2}),
            "value",
        ),
        (
            json!({"type": "set_option", "name": "model", "value": "Cargo.toml"}),
            "value",
        ),
    ] {
        let (r, _) = c.request(req.clone()).await.unwrap();
        assert_eq!(r["type"], "error", "{req} got {r}");
        assert_eq!(r["field"], field, "{req} got {r}");
    }
    // an iteration budget far past the cap still ends at the cap's deadline
    let (r, took) = c
        .request(json!({"type": "go", "position": pos, "budget": {"iterations": 1_000_000_000}}))
        .await
        .unwrap();
    assert_eq!(r["type"], "bestmove", "{r}");
    assert!(took < Duration::from_secs(3), "{took:?}");
    let (r, _) = c
        .request(json!({"type": "go", "position": pos, "player": "counting"}))
        .await
        .unwrap();
    assert_eq!(r["type"], "bestmove", "{r}");
    assert_eq!(r["moves"].as_array().unwrap().len(), 10, "{r}");
}
