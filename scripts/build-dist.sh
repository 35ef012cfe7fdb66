#!/usr/bin/env bash
# The binary for strength runs and for users who want the fastest engine: the `dist` profile
# (the whole program optimised as one unit) built with profile-guided optimisation, as
# Stockfish's `make profile-build`. An instrumented build plays a fixed workload (the bench,
# then the shipped agent as a pair and as the partner of `counting` at 10 ms a move), the
# counts are merged with rustup's `llvm-profdata`, and the final build lays out and inlines
# the code for the branches and calls that workload took. It computes what `release`
# computes (every bench fingerprint is the same); session 62 measured the speed
# (docs/BENCHMARKS.md). Output: target/pgo/dist/capicua (about 20 minutes on 2 cores cold).
set -euo pipefail
cd "$(dirname "$0")/.."
rustup component add llvm-tools >&2
profdata=$(find "$(rustc --print sysroot)" -name llvm-profdata -type f | head -n 1)
[ -x "$profdata" ] || { echo "llvm-profdata not found in the toolchain" >&2; exit 1; }
# RUSTFLAGS replaces .cargo/config.toml's flags, so the CPU target is given again here.
flags="${RUSTFLAGS:--C target-cpu=native}"
out=$PWD/target/pgo
rm -rf "$out/raw" "$out/merged.profdata"
mkdir -p "$out/raw"

RUSTFLAGS="$flags -C profile-generate=$out/raw" \
  cargo build --profile dist --bin capicua --target-dir "$out/instrumented"
gen=$out/instrumented/dist/capicua
echo "workload: bench and two short evals with the instrumented build" >&2
"$gen" bench --json > "$out/workload-bench.json"
"$gen" eval --a ismcts:ms=10,model=default --b counting --rounds 200 --seed 1 --threads 1 > /dev/null
"$gen" eval --a ismcts:ms=10,model=default --a-partner counting --b counting --rounds 200 --seed 2 --threads 1 > /dev/null

"$profdata" merge -o "$out/merged.profdata" "$out/raw"
RUSTFLAGS="$flags -C profile-use=$out/merged.profdata" \
  cargo build --profile dist --bin capicua --target-dir "$out"
echo "built $out/dist/capicua" >&2
