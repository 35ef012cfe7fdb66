#!/usr/bin/env bash
# Issue 12: learned beliefs, duplicate `cuban`. Both sides get the same wall time a move.
# `model=default` is models/capicua.bpk; with its belief output a search draws believed deals
# unless `beliefs=uniform`. Results in eval/results/beliefs/ (each file starts with its command).
# The 10 ms runs take 3-10 minutes each on 2 cores, the 50 ms ones five times that.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CAPICUA:-target/release/capicua}
out=eval/results/beliefs
mkdir -p "$out"
run() {
    local name=$1
    shift
    { echo "\$ capicua eval $*"; "$bin" eval --quiet "$@"; } > "$out/$name.txt" 2>&1
}
for ms in ${MS:-10 50}; do
    rounds=4000
    run "agent_vs_counting_${ms}ms" --a ismcts:ms=$ms,model=default --b counting --rounds $rounds --seed 3001
    run "partner_of_counting_vs_counting_${ms}ms" --a ismcts:ms=$ms,model=default --a-partner counting --b counting --rounds $rounds --seed 3002
    # both sides search: the 50 ms runs of these take about 90 minutes each on one core (BOTH_ROUNDS_50 cuts them)
    [ "$ms" -ge 50 ] && rounds=${BOTH_ROUNDS_50:-4000}
    run "believed_vs_uniform_${ms}ms" --a ismcts:ms=$ms,model=default --b ismcts:ms=$ms,model=default,beliefs=uniform --rounds $rounds --seed 3003
    run "net_vs_plain_${ms}ms" --a ismcts:ms=$ms,model=default --b ismcts:ms=$ms,c=0.4 --rounds $rounds --seed 3004
done
