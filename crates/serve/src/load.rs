//! The load benchmark's clients: many WebSocket connections, each playing rounds between
//! bots for a fixed time, as a table would: `deal`, then at every turn `referee`, and for a
//! turn with a choice a `go` of a fixed move time for the seat to move. Every reply is
//! checked (a bot's move must be one the referee lists); an error reply or a dropped
//! connection is counted, never retried.

use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{Value, json};

use crate::client::{Client, ClientError};

/// One run's setting.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// `ws://host:port/ws`.
    pub url: String,
    pub clients: usize,
    pub duration: Duration,
    /// The move time of each `go`.
    pub go_ms: u64,
    pub variant: String,
}

/// What one client saw.
#[derive(Default)]
struct ClientStats {
    replies: u64,
    rounds: u64,
    referee: Vec<Duration>,
    go: Vec<Duration>,
    errors: Vec<String>,
    dropped: bool,
}

/// The figures of a run.
#[derive(Serialize, Debug, Clone)]
pub struct LoadReport {
    pub clients: usize,
    pub secs: f64,
    pub go_ms: u64,
    pub replies: u64,
    pub replies_per_sec: f64,
    pub rounds: u64,
    pub referee_requests: usize,
    pub referee_p50_ms: f64,
    pub referee_p99_ms: f64,
    pub go_requests: usize,
    pub go_p50_ms: f64,
    pub go_p99_ms: f64,
    pub errors: usize,
    pub dropped_connections: usize,
    /// The first few errors, to read.
    pub error_samples: Vec<String>,
}

/// The `q` quantile (nearest rank) of `xs` in milliseconds; 0 for none.
pub fn quantile_ms(xs: &mut [Duration], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort();
    let rank = ((q * xs.len() as f64).ceil() as usize).clamp(1, xs.len());
    xs[rank - 1].as_secs_f64() * 1000.0
}

/// `moves` as seat `seat` sees them: another seat's draw hides its tile.
pub fn seen_by(moves: &[String], movers: &[Value], seat: u64) -> Vec<String> {
    moves
        .iter()
        .zip(movers)
        .map(|(m, s)| {
            if s.as_u64() != Some(seat) && m.starts_with("draw") {
                "draw".to_string()
            } else {
                m.clone()
            }
        })
        .collect()
}

/// Plays rounds on one connection until `deadline`.
async fn one_client(config: &LoadConfig, index: usize, deadline: Instant) -> ClientStats {
    let mut stats = ClientStats::default();
    let mut client = match Client::connect(&config.url).await {
        Ok(c) => c,
        Err(e) => {
            stats.errors.push(format!("connect: {e}"));
            stats.dropped = true;
            return stats;
        }
    };
    let mut round_no = 0u64;
    while Instant::now() < deadline {
        match play_round(
            &mut client,
            config,
            index as u64,
            round_no,
            &mut stats,
            deadline,
        )
        .await
        {
            Ok(()) => {}
            Err(ClientError::Closed | ClientError::Ws(_)) => {
                stats.dropped = true;
                return stats;
            }
            Err(e) => stats.errors.push(e.to_string()),
        }
        round_no += 1;
    }
    if client.close().await.is_err() {
        stats.dropped = true;
    }
    stats
}

fn error_text(v: &Value) -> Option<String> {
    (v["type"] == "error").then(|| v.to_string())
}

/// One round between bots; returns early at `deadline`. Error replies are counted in
/// `stats` and end the round.
async fn play_round(
    client: &mut Client,
    config: &LoadConfig,
    seed: u64,
    round_no: u64,
    stats: &mut ClientStats,
    deadline: Instant,
) -> Result<(), ClientError> {
    let (deal, _) = client
        .request(
            json!({"type": "deal", "variant": config.variant, "seed": seed, "round": round_no}),
        )
        .await?;
    stats.replies += 1;
    if let Some(e) = error_text(&deal) {
        stats.errors.push(e);
        return Ok(());
    }
    let mut moves: Vec<String> = Vec::new();
    while Instant::now() < deadline {
        let mut req = json!({"type": "referee", "variant": config.variant, "first": deal["first"],
            "hands": deal["hands"], "boneyard": deal["boneyard"], "moves": moves});
        if !deal["forced_lead"].is_null() {
            req["forced_lead"] = deal["forced_lead"].clone();
        }
        let (r, took) = client.request(req).await?;
        stats.replies += 1;
        stats.referee.push(took);
        if let Some(e) = error_text(&r) {
            stats.errors.push(e);
            return Ok(());
        }
        if !r["result"].is_null() {
            stats.rounds += 1;
            return Ok(());
        }
        let legal: Vec<String> = r["legal"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        let Some(only) = legal.first().cloned() else {
            stats
                .errors
                .push(format!("a running round with no legal move: {r}"));
            return Ok(());
        };
        let mv = if legal.len() == 1 {
            only
        } else {
            let seat = r["to_move"].as_u64().unwrap_or(0);
            let movers = r["movers"].as_array().cloned().unwrap_or_default();
            let mut position = json!({"variant": config.variant, "seat": seat, "first": deal["first"],
                "hand": deal["hands"][seat as usize], "moves": seen_by(&moves, &movers, seat)});
            if !deal["forced_lead"].is_null() {
                position["forced_lead"] = deal["forced_lead"].clone();
            }
            let (b, took) = client
                .request(json!({"type": "go", "position": position, "budget": {"movetime_ms": config.go_ms}}))
                .await?;
            stats.replies += 1;
            stats.go.push(took);
            if let Some(e) = error_text(&b) {
                stats.errors.push(e);
                return Ok(());
            }
            let chosen = b["move"].as_str().unwrap_or_default().to_string();
            // the referee writes a draw with its tile, a seat's own search without it
            match legal
                .iter()
                .find(|m| **m == chosen || (chosen == "draw" && m.starts_with("draw")))
            {
                Some(m) => m.clone(),
                None => {
                    stats.errors.push(format!(
                        "bestmove {chosen} is not in the referee's {legal:?}"
                    ));
                    return Ok(());
                }
            }
        };
        moves.push(mv);
    }
    Ok(())
}

/// Runs `config.clients` clients at once for `config.duration`.
pub async fn run(config: &LoadConfig) -> LoadReport {
    let start = Instant::now();
    let deadline = start + config.duration;
    let mut tasks = Vec::new();
    for i in 0..config.clients {
        let c = config.clone();
        tasks.push(tokio::spawn(
            async move { one_client(&c, i, deadline).await },
        ));
    }
    let mut all = Vec::new();
    for t in tasks {
        match t.await {
            Ok(s) => all.push(s),
            Err(e) => all.push(ClientStats {
                errors: vec![format!("client task failed: {e}")],
                dropped: true,
                ..ClientStats::default()
            }),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mut referee: Vec<Duration> = all.iter().flat_map(|s| s.referee.iter().copied()).collect();
    let mut go: Vec<Duration> = all.iter().flat_map(|s| s.go.iter().copied()).collect();
    let replies: u64 = all.iter().map(|s| s.replies).sum();
    let errors: Vec<String> = all.iter().flat_map(|s| s.errors.iter().cloned()).collect();
    LoadReport {
        clients: config.clients,
        secs,
        go_ms: config.go_ms,
        replies,
        replies_per_sec: replies as f64 / secs,
        rounds: all.iter().map(|s| s.rounds).sum(),
        referee_requests: referee.len(),
        referee_p50_ms: quantile_ms(&mut referee, 0.5),
        referee_p99_ms: quantile_ms(&mut referee, 0.99),
        go_requests: go.len(),
        go_p50_ms: quantile_ms(&mut go, 0.5),
        go_p99_ms: quantile_ms(&mut go, 0.99),
        errors: errors.len(),
        dropped_connections: all.iter().filter(|s| s.dropped).count(),
        error_samples: errors.into_iter().take(5).collect(),
    }
}

/// [`run`] on a runtime of its own.
pub fn run_blocking(config: &LoadConfig) -> std::io::Result<LoadReport> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    Ok(rt.block_on(run(config)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_quantiles() {
        let mut xs: Vec<Duration> = (1..=100).rev().map(Duration::from_millis).collect();
        assert_eq!(quantile_ms(&mut xs, 0.99), 99.0);
        assert_eq!(quantile_ms(&mut xs, 0.5), 50.0);
        assert_eq!(quantile_ms(&mut [], 0.5), 0.0);
    }

    #[test]
    fn others_draws_are_hidden() {
        let moves = vec![
            "draw:6-6".to_string(),
            "draw:5-1".to_string(),
            "3-3".to_string(),
        ];
        let movers = vec![json!(1), json!(0), json!(0)];
        assert_eq!(seen_by(&moves, &movers, 0), vec!["draw", "draw:5-1", "3-3"]);
    }
}
