//! The protocol's speed as a client sees it: requests written to the server's input pipe,
//! replies read back from its output pipe, the server running exactly as `capicua engine`
//! does (reader thread, worker), only in this process.

use std::io::{BufRead, BufReader, Write};
use std::thread;
use std::time::Instant;

use capicua_engine::InfoSet;
use serde_json::{Value, json};

use capicua_protocol::{Engine, serve};

/// What [`bench`] measured.
#[derive(Clone, Debug, PartialEq)]
pub struct ProtocolBench {
    /// Median round trip of `ping` on an idle engine, microseconds.
    pub ping_us: f64,
    /// 99th percentile of the same.
    pub ping_p99_us: f64,
    /// Median round trip of a `go` with 20,000 iterations on the default variant, one
    /// thread, milliseconds (from writing the request to reading `bestmove`).
    pub go_20k_ms: f64,
    /// The `time_ms` the engine reported for that `go`.
    pub go_20k_engine_ms: u64,
    /// The move chosen (fixed seed: the same on every run of a release).
    pub go_20k_move: String,
}

/// The position object of a seat's view (its hand as dealt and the public history).
pub fn position_json(info: &InfoSet, variant: &str) -> Value {
    let mut ends = None;
    let moves: Vec<String> = {
        // replay to write each move with the ends it was played on
        let mut replay = InfoSet::new(info.rules(), info.seat(), info.first(), info.dealt())
            .expect("a valid view");
        info.history()
            .iter()
            .map(|&m| {
                ends = replay.ends();
                let text = capicua_engine::notation(m, ends);
                replay.apply(m).expect("replaying a valid history");
                text
            })
            .collect()
    };
    let hand: Vec<String> = info.dealt().iter().map(|t| t.to_string()).collect();
    let ctx = info.context();
    json!({
        "variant": variant,
        "seat": info.seat(),
        "first": info.first(),
        "hand": hand,
        "moves": moves,
        "scores": ctx.scores[..info.rules().sides()].to_vec(),
    })
}

/// Runs the benchmark: `pings` pings, then `go_runs` searches of 20,000 iterations from the
/// search benchmark's opening position.
pub fn bench(pings: usize, go_runs: usize) -> std::io::Result<ProtocolBench> {
    let (in_read, mut in_write) = std::io::pipe()?;
    let (out_read, out_write) = std::io::pipe()?;
    let server =
        thread::spawn(move || serve(BufReader::new(in_read), Box::new(out_write), Engine::new()));
    let mut replies = BufReader::new(out_read);
    let mut line = String::new();
    let mut ask = |req: &Value, line: &mut String| -> std::io::Result<(f64, Value)> {
        let t = Instant::now();
        writeln!(in_write, "{req}")?;
        in_write.flush()?;
        loop {
            line.clear();
            if replies.read_line(line)? == 0 {
                return Err(std::io::Error::other("the engine closed its output"));
            }
            let v: Value = serde_json::from_str(line).map_err(std::io::Error::other)?;
            if v["type"] != "info" {
                return Ok((t.elapsed().as_secs_f64(), v));
            }
        }
    };
    ask(
        &json!({"type": "set_option", "name": "threads", "value": 1}),
        &mut line,
    )?;
    ask(
        &json!({"type": "set_option", "name": "seed", "value": 1}),
        &mut line,
    )?;
    let mut ping = Vec::with_capacity(pings);
    for i in 0..pings.max(1) {
        let (secs, v) = ask(&json!({"type": "ping", "id": i}), &mut line)?;
        if v["type"] != "pong" {
            return Err(std::io::Error::other(format!("ping answered {v}")));
        }
        ping.push(secs * 1e6);
    }
    ping.sort_by(f64::total_cmp);
    let pos = position_json(&super::search::bench_position(), "cuban");
    let go =
        json!({"type": "go", "id": "bench", "position": pos, "budget": {"iterations": 20_000}});
    let mut go_ms = Vec::new();
    let (mut engine_ms, mut mv) = (0, String::new());
    for _ in 0..go_runs.max(1) {
        let (secs, v) = ask(&go, &mut line)?;
        if v["type"] != "bestmove" || v["iterations"] != 20_000 {
            return Err(std::io::Error::other(format!("go answered {v}")));
        }
        go_ms.push(secs * 1e3);
        engine_ms = v["time_ms"].as_u64().unwrap_or(0);
        mv = v["move"].as_str().unwrap_or("").to_string();
    }
    go_ms.sort_by(f64::total_cmp);
    writeln!(in_write, "{}", json!({"type": "quit"}))?;
    drop(in_write);
    server
        .join()
        .map_err(|_| std::io::Error::other("the server thread panicked"))??;
    let pct = |v: &[f64], p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    Ok(ProtocolBench {
        ping_us: pct(&ping, 0.5),
        ping_p99_us: pct(&ping, 0.99),
        go_20k_ms: pct(&go_ms, 0.5),
        go_20k_engine_ms: engine_ms,
        go_20k_move: mv,
    })
}
