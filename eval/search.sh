#!/usr/bin/env bash
# The search players against the heuristics and each other (issue 4): the exact commands
# behind eval/results/search/. About half an hour of CPU on two threads.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${CAPICUA_BIN:-target/release/capicua}
[ -x "$BIN" ] || cargo build --release -q
run() { "$BIN" eval --quiet --threads 2 --seed 4 --variant cuban --out eval/results/search "$@"; }
# an ISMCTS pair at 10,000 iterations per move against a counting pair
run --a ismcts:iters=10000,model=none --b counting --rounds 4000
for e in json md; do
  mv eval/results/search/ismcts-vs-counting.cuban.$e eval/results/search/ismcts-random-rollouts-vs-counting.cuban.$e
done
# the partner bot: ISMCTS with a counting partner against two counting players
run --a ismcts:iters=10000,model=none --a-partner counting --b counting --rounds 4000
# ISMCTS against PIMC at equal iterations
run --a ismcts:iters=2000,model=none --b pimc:iters=2000,model=none --rounds 4000
# the same ISMCTS pair with heuristic rollouts instead of random ones
run --a ismcts:iters=10000,rollout=heuristic,model=none --b counting --rounds 4000
# the same ISMCTS pair with a lower exploration constant (c=0.4; the default is 0.7)
run --a ismcts:iters=10000,c=0.4,model=none --b counting --rounds 4000
