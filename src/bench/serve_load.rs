//! The browser table under load: `capicua serve` started as a child process on a free local
//! port, then many WebSocket clients playing rounds between bots against it at once
//! (`capicua_serve::load`). Reported: replies per second, the latency of `referee` and of a
//! short `go`, errors and dropped connections, the server's peak memory (its `VmHWM`), and
//! the machine's load average before and after, since the figures depend on it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use capicua_serve::load::{LoadConfig, LoadReport, run_blocking};
use serde::Serialize;

/// A load run's figures with the server's memory and the machine's load.
#[derive(Serialize)]
pub struct ServeLoad {
    #[serde(flatten)]
    pub report: LoadReport,
    /// Peak resident memory of the server process, MiB.
    pub server_peak_rss_mib: f64,
    /// The server's resident memory at the end, MiB.
    pub server_rss_mib: f64,
    /// `/proc/loadavg`'s 1-minute figure before and after the run.
    pub load_before: f64,
    pub load_after: f64,
    pub cores: usize,
}

/// Kills the server when the benchmark ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|x| x.parse().ok()))
        .unwrap_or(f64::NAN)
}

/// A `kB` line of `/proc/PID/status`, in MiB.
fn status_mib(pid: u32, key: &str) -> Result<f64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .with_context(|| format!("reading the server's /proc/{pid}/status"))?;
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|rest| rest.split_whitespace().next()?.parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
        .ok_or_else(|| anyhow!("no {key} in /proc/{pid}/status"))
}

pub fn bench(clients: usize, secs: u64, go_ms: u64) -> Result<ServeLoad> {
    let exe = std::env::current_exe().context("finding this executable")?;
    let child = Command::new(exe)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--max-connections",
            &(clients + 8).to_string(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .context("starting capicua serve")?;
    let mut server = Server(child);
    let stdout = server.0.stdout.take().context("the server's stdout")?;
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .context("reading the server's address")?;
    let addr = line
        .trim()
        .rsplit("http://")
        .next()
        .map(|a| a.trim_end_matches('/').to_string())
        .filter(|a| !a.is_empty())
        .ok_or_else(|| anyhow!("the server printed {line:?}, not its address"))?;
    let load_before = load_average();
    let report = run_blocking(&LoadConfig {
        url: format!("ws://{addr}/ws"),
        clients,
        duration: Duration::from_secs(secs),
        go_ms,
        variant: "cuban".into(),
    })?;
    let load_after = load_average();
    let pid = server.0.id();
    Ok(ServeLoad {
        server_peak_rss_mib: status_mib(pid, "VmHWM:")?,
        server_rss_mib: status_mib(pid, "VmRSS:")?,
        report,
        load_before,
        load_after,
        cores: std::thread::available_parallelism().map_or(0, |n| n.get()),
    })
}

pub fn print(b: &ServeLoad) {
    let r = &b.report;
    println!(
        "clients              {} for {:.1} s, go of {} ms",
        r.clients, r.secs, r.go_ms
    );
    println!(
        "replies              {} ({:.0}/s), {} rounds",
        r.replies, r.replies_per_sec, r.rounds
    );
    println!(
        "referee latency      p50 {:.2} ms, p99 {:.2} ms ({} requests)",
        r.referee_p50_ms, r.referee_p99_ms, r.referee_requests
    );
    println!(
        "go latency           p50 {:.1} ms, p99 {:.1} ms ({} requests)",
        r.go_p50_ms, r.go_p99_ms, r.go_requests
    );
    println!("errors               {}", r.errors);
    println!("dropped connections  {}", r.dropped_connections);
    for e in &r.error_samples {
        println!("  e.g. {e}");
    }
    println!(
        "server memory        peak {:.1} MiB, end {:.1} MiB",
        b.server_peak_rss_mib, b.server_rss_mib
    );
    println!(
        "load average (1 min) {:.2} before, {:.2} after, {} cores",
        b.load_before, b.load_after, b.cores
    );
}
