//! ISMCTS speed on the benchmark position: `cargo run --release -p capicua-search --example
//! speed -- [iterations] [threads...]` (defaults: 200000 iterations, 1 and 2 threads).

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let iterations = args.first().copied().unwrap_or(200_000);
    let threads: Vec<usize> = if args.len() > 1 {
        args[1..].iter().map(|&t| t as usize).collect()
    } else {
        vec![1, 2]
    };
    for t in threads {
        let b = capicua_search::bench::ismcts_iters_per_sec(iterations, t, 1);
        println!(
            "threads {t}: {:.0} iterations/s ({} in {:.3} s), best {}, nodes {}, fingerprint {:016x}",
            b.iters_per_sec, b.iterations, b.seconds, b.best, b.nodes, b.fingerprint
        );
    }
}
