//! The browser table in a real browser: `capicua serve` on a free local port, headless
//! Chromium driven through chromedriver (WebDriver, the client in `support/webdriver.rs`), a
//! whole round played by clicking legal tiles. At every one of your turns, and at the end, the
//! page is checked against the engine's referee, asked by this test over its own WebSocket:
//! the line of play on the board, your hand and which of its tiles are marked legal, every
//! seat's tile count and known voids, and the score. The hint and beliefs views are checked
//! against the engine's own answers once, the exported round is read back by the referee and
//! by `capicua solve`, and a screenshot of the finished round is saved
//! (`<target>/serve-screenshot.png`; `docs/table.png` is a copy).
//!
//! Chromium and chromedriver are Debian's (`scripts/install-browser.sh` installs them and
//! runs here when they are missing). Alone: `cargo test --release --test serve_browser`.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use capicua_serve::client::Client as WsClient;
use serde_json::{Value, json};

#[path = "support/webdriver.rs"]
mod webdriver;
use webdriver::{Element, Session};

const BIN: &str = env!("CARGO_BIN_EXE_capicua");

/// A child process killed when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn ensure_browser() {
    let have = |b: &str| {
        Command::new("sh")
            .args(["-c", &format!("command -v {b}")])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if have("chromium") && have("chromedriver") {
        return;
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/install-browser.sh");
    let ok = Command::new("bash")
        .arg(&script)
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok && have("chromium") && have("chromedriver"),
        "the browser test needs chromium and chromedriver; {} could not install them",
        script.display()
    );
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// `capicua serve` on a free port; returns it with its address.
fn start_server() -> (Killed, String) {
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--max-movetime-ms",
            "3000",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("starting capicua serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .expect("the server prints its address");
    let addr = line
        .trim()
        .rsplit("http://")
        .next()
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    assert!(
        addr.starts_with("127.0.0.1:"),
        "the server printed {line:?}"
    );
    (Killed(child), addr)
}

fn start_chromedriver() -> (Killed, String) {
    let port = free_port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting chromedriver");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "chromedriver did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Killed(child), format!("http://127.0.0.1:{port}"))
}

async fn js(c: &Session, script: &str) -> Value {
    c.execute(script).await.expect(script)
}

async fn attr(c: &Session, css: &str, name: &str) -> String {
    c.find(css)
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .attr(name)
        .await
        .unwrap()
        .unwrap_or_default()
}

fn parse(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Waits until the page's state is one of `states`; returns it.
async fn wait_state(c: &Session, states: &[&str], within: Duration) -> String {
    let start = Instant::now();
    loop {
        let s = attr(c, "body", "data-state").await;
        if states.contains(&s.as_str()) {
            return s;
        }
        if s == "error" || s == "disconnected" {
            panic!(
                "the page says: {}",
                c.find("#status").await.unwrap().text().await.unwrap()
            );
        }
        assert!(
            start.elapsed() < within,
            "still {s:?} after {within:?}, waiting for {states:?}"
        );
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

fn tile_of(m: &str) -> &str {
    m.split('@').next().unwrap()
}

fn is_tile(m: &str) -> bool {
    m.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// What the page shows, checked against the referee's own reply for the page's round.
/// Returns that reply.
async fn check_page(c: &Session, ws: &mut WsClient, deal: &Value) -> Value {
    let moves = js(c, "return window.capicua.moves()").await;
    let mut req =
        json!({"type": "referee", "first": deal["first"], "hands": deal["hands"], "moves": moves});
    let scores = parse(&attr(c, "#score", "data-scores").await);
    let (view, _) = ws.request(req.take()).await.unwrap();
    assert_eq!(view["type"], "referee", "{view}");

    // the board: the line of play, left to right, each tile as it lies
    let mut shown = Vec::new();
    for t in c.find_all("#board .tile").await.unwrap() {
        let tile = t.attr("data-tile").await.unwrap().unwrap();
        let l: u64 = t.attr("data-left").await.unwrap().unwrap().parse().unwrap();
        let r: u64 = t
            .attr("data-right")
            .await
            .unwrap()
            .unwrap()
            .parse()
            .unwrap();
        shown.push(json!([tile, l, r]));
    }
    let want: Vec<Value> = view["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| json!([t["tile"], t["left"], t["right"]]))
        .collect();
    assert_eq!(shown, want, "the board");

    // your hand: the dealt tiles not played, the legal ones marked
    let played: BTreeSet<String> = view["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["tile"].as_str().unwrap().to_string())
        .collect();
    let mine: Vec<Value> = deal["hands"][0]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !played.contains(t.as_str().unwrap()))
        .cloned()
        .collect();
    assert_eq!(
        parse(&attr(c, "#hand", "data-tiles").await),
        json!(mine),
        "your hand"
    );
    let mut marked = BTreeSet::new();
    for t in c.find_all("#hand .tile.legal").await.unwrap() {
        marked.insert(t.attr("data-tile").await.unwrap().unwrap());
    }
    let state = attr(c, "body", "data-state").await;
    let legal: BTreeSet<String> =
        if view["to_move"] == 0 && view["result"].is_null() && state == "your-turn" {
            view["legal"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|m| m.as_str())
                .filter(|m| is_tile(m))
                .map(|m| tile_of(m).to_string())
                .collect()
        } else {
            BTreeSet::new()
        };
    assert_eq!(marked, legal, "legal tiles marked in your hand");

    // every seat: tiles held and numbers known lacking
    for s in 0..4 {
        let css = format!(".seat[data-seat=\"{s}\"]");
        assert_eq!(
            attr(c, &css, "data-count").await,
            view["counts"][s].to_string(),
            "seat {s}'s count"
        );
        assert_eq!(
            parse(&attr(c, &css, "data-voids").await),
            view["voids"][s],
            "seat {s}'s voids"
        );
    }

    // the score: zeros during the first round, the referee's after it
    let want_scores = if view["result"].is_null() {
        json!([0, 0])
    } else {
        view["result"]["scores"].clone()
    };
    assert_eq!(scores, want_scores, "the score");
    view
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_round_in_chromium() {
    let started = Instant::now();
    ensure_browser();
    let (_server, addr) = start_server();
    let (_driver, driver_url) = start_chromedriver();
    let profile = tempfile::tempdir().unwrap();
    let caps = json!({"goog:chromeOptions": {"args": [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--window-size=1400,1000",
        format!("--user-data-dir={}", profile.path().display()),
    ]}});
    let c = Session::new(&driver_url, caps)
        .await
        .expect("a WebDriver session");

    // small bots so that the round takes seconds: the page's own protocol is the same
    let seed = 20_240;
    let coach = "ismcts:iters=300,model=none";
    c.goto(&format!(
        "http://{addr}/?partner=counting&opponents=counting&coach={coach}&pace=20&seed={seed}"
    ))
    .await
    .unwrap();
    let mut ws = WsClient::connect(&format!("ws://{addr}/ws")).await.unwrap();
    ws.timeout = Duration::from_secs(30);

    // the test deals the same round itself: the page must show exactly that deal
    let (deal, _) = ws
        .request(json!({"type": "deal", "seed": seed, "round": 0}))
        .await
        .unwrap();
    assert_eq!(deal["type"], "deal", "{deal}");
    wait_state(&c, &["your-turn", "round-over"], Duration::from_secs(60)).await;
    assert_eq!(attr(&c, "body", "data-seed").await, seed.to_string());
    assert_eq!(
        attr(&c, "body", "data-first").await,
        deal["first"].to_string()
    );

    let mut turns = 0;
    let mut checked_views = false;
    let end = loop {
        let state = wait_state(&c, &["your-turn", "round-over"], Duration::from_secs(60)).await;
        let view = check_page(&c, &mut ws, &deal).await;
        if state == "round-over" {
            break view;
        }
        assert_eq!(
            view["to_move"], 0,
            "the page waits for you when the referee does not"
        );
        turns += 1;
        if !checked_views {
            checked_views = true;
            check_hint_and_beliefs(&c, &mut ws, &deal, &view).await;
        }
        // click a legal tile (a different one each turn), then an end when it asks for one
        let legal = c.find_all("#hand .tile.legal").await.unwrap();
        assert!(!legal.is_empty(), "your turn with no tile marked: {view}");
        let before = js(&c, "return window.capicua.moves().length").await;
        legal[turns % legal.len()].click().await.unwrap();
        let targets = c.find_all("#board .end-target").await.unwrap();
        if let Some(t) = targets.last() {
            // the tile joins either end: the page drew both, the test takes the right one
            t.click().await.unwrap();
        }
        let start = Instant::now();
        while js(&c, "return window.capicua.moves().length").await == before {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the click played nothing"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(turns < 40, "a round of more than 40 of your turns");
    };
    assert!(turns > 0, "the round ended before you played");

    // the result the page shows is the referee's
    let result = &end["result"];
    let title = c.find("#round-title").await.unwrap().text().await.unwrap();
    assert!(
        title.contains(&result["points"].to_string()) || result["winner"].is_null(),
        "{title} vs {result}"
    );
    // the review rates each of your turns with a choice
    let start = Instant::now();
    while attr(&c, "body", "data-review").await != "done" {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the review did not finish"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let rated = c.find_all("#review li[data-grade]").await.unwrap();
    assert_eq!(rated.len(), turns, "one rating per turn you played");

    // the export is a referee request the project's tools read
    let exported = js(&c, "return window.capicua.exportRound()").await;
    let mut again = exported.clone();
    again["type"] = json!("referee");
    let (r, _) = ws.request(again).await.unwrap();
    assert_eq!(
        r["result"], *result,
        "the exported round replays to the same result"
    );
    check_solve_reads(&exported);

    let shot = c.screenshot().await.unwrap();
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = target.join("serve-screenshot.png");
    std::fs::write(&path, &shot).unwrap();
    assert!(shot.starts_with(b"\x89PNG"), "a PNG screenshot");
    eprintln!(
        "a round of {turns} turns of yours in {:.1} s; screenshot {}",
        started.elapsed().as_secs_f64(),
        path.display()
    );

    // with no settings in the URL, your partner is `hello`'s `default_partner` and the other
    // seats its `default_player`
    let (hello, _) = ws.request(json!({"type": "hello"})).await.unwrap();
    c.goto(&format!("http://{addr}/?pace=600000"))
        .await
        .unwrap();
    let start = Instant::now();
    let settings = loop {
        let s = js(&c, "return window.capicua && window.capicua.settings()").await;
        if !s.is_null() {
            break s;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no settings");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(settings["partner"], hello["default_partner"], "{settings}");
    assert_eq!(settings["opponents"], hello["default_player"], "{settings}");
    assert_ne!(hello["default_partner"], hello["default_player"], "{hello}");
    c.close().await.unwrap();
}

/// The hint lists the engine's statistics for exactly the referee's legal moves, and the
/// beliefs view the tiles the engine says you have not seen.
async fn check_hint_and_beliefs(c: &Session, ws: &mut WsClient, deal: &Value, view: &Value) {
    c.find("#hint-button").await.unwrap().click().await.unwrap();
    let rows = wait_rows(c, "#hint-table tbody tr").await;
    let mut shown = BTreeSet::new();
    for r in rows {
        let cell = r.find("td").await.unwrap().text().await.unwrap();
        shown.insert(cell);
    }
    let legal: BTreeSet<String> = view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert_eq!(shown, legal, "the hint's moves");

    c.find("#beliefs-button")
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let rows = wait_rows(c, "#beliefs-table tr").await;
    let moves = js(c, "return window.capicua.moves()").await;
    let position =
        json!({"seat": 0, "first": deal["first"], "hand": deal["hands"][0], "moves": moves});
    let (b, _) = ws
        .request(json!({"type": "beliefs", "position": position, "budget": {"iterations": 100}}))
        .await
        .unwrap();
    let unseen = b["tiles"].as_object().unwrap().len();
    assert_eq!(
        rows.len(),
        unseen + 1,
        "one row per unseen tile, and the heading"
    );
}

async fn wait_rows(c: &Session, css: &str) -> Vec<Element> {
    let start = Instant::now();
    loop {
        let rows = c.find_all(css).await.unwrap();
        if !rows.is_empty() {
            return rows;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{css} stayed empty"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `capicua solve` reads the exported round (cut a few moves before its end, where the
/// solver finishes at once) and values the position.
fn check_solve_reads(exported: &Value) {
    let mut pos = exported.clone();
    let moves = pos["moves"].as_array().unwrap().clone();
    pos["moves"] = json!(moves[..moves.len().saturating_sub(6)]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("round.json");
    std::fs::write(&file, pos.to_string()).unwrap();
    let out = Command::new(BIN)
        .args(["solve", "--json", "--ms", "10000"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "capicua solve: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(!report["moves"].as_array().unwrap().is_empty(), "{report}");
}
