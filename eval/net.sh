#!/usr/bin/env bash
# The shipped network (issue 6): net-guided ISMCTS against plain ISMCTS at equal wall time per
# move, and both against a `counting` pair at that time. The exact commands behind
# eval/results/net/. Plain ISMCTS uses c=0.4, its best setting (eval/results/search/).
# About 45 minutes on two threads.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${CAPICUA_BIN:-target/release/capicua}
[ -x "$BIN" ] || cargo build --release -q
run() { "$BIN" eval --quiet --threads 2 --seed 4 --variant cuban --out eval/results/net "$@"; }
for ms in 2 10; do
  run --a "ismcts:ms=$ms,model=default" --b "ismcts:ms=$ms,c=0.4,model=none" --rounds 4000
  run --a "ismcts:ms=$ms,model=default" --b counting --rounds 4000
  run --a "ismcts:ms=$ms,c=0.4,model=none" --b counting --rounds 4000
done
# search settings tuned for the network at 10 ms (chosen on other deals, seed 14, 1,000 rounds)
run --a "ismcts:ms=10,cpuct=3,mix=0.5,model=default" --b "ismcts:ms=10,c=0.4,model=none" --rounds 4000
