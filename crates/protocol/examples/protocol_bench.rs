//! The protocol's speed: `ping` round trips on an idle engine and a `go` of 20,000 iterations
//! on `cuban` (one thread), through the real server and pipes.
//!
//! `cargo run --release -p capicua-protocol --example protocol_bench [PINGS] [GO_RUNS]`

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>());
    let pings = args.next().and_then(Result::ok).unwrap_or(2000);
    let go_runs = args.next().and_then(Result::ok).unwrap_or(5);
    let b = capicua_protocol::bench::bench(pings, go_runs)?;
    println!("ping_us          {:.1} (median of {pings})", b.ping_us);
    println!("ping_p99_us      {:.1}", b.ping_p99_us);
    println!(
        "go_20k_ms        {:.1} (median of {go_runs}, round trip)",
        b.go_20k_ms
    );
    println!(
        "go_20k_engine_ms {} (time_ms of the last run)",
        b.go_20k_engine_ms
    );
    println!("go_20k_move      {}", b.go_20k_move);
    Ok(())
}
