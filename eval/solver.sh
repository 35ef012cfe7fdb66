#!/usr/bin/env bash
# Issue 11: the exact solver's strength figures, duplicate `cuban`, 4000 rounds each.
# Results in eval/results/solver/ (each file starts with its command).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CAPICUA:-target/release/capicua}
out=eval/results/solver
mkdir -p "$out"
run() {
    local name=$1
    shift
    { echo "\$ capicua eval $*"; "$bin" eval "$@"; } > "$out/$name.txt" 2>&1
}
run omniscient_vs_counting --a omniscient --b counting --rounds 4000 --seed 2026
run ismcts_solve20_vs_ismcts_10ms --a ismcts:ms=10,c=0.4,solve=20 --b ismcts:ms=10,c=0.4 --rounds 4000 --seed 2027
run pimc_solve20_vs_counting_10ms --a pimc:ms=10,solve=20 --b counting --rounds 4000 --seed 2028
run ismcts_solve8_vs_ismcts_10ms --a ismcts:ms=10,c=0.4,solve=8 --b ismcts:ms=10,c=0.4 --rounds 4000 --seed 2029
run net_solve8_vs_net_10ms --a ismcts:ms=10,model=default,solve=8 --b ismcts:ms=10,model=default --rounds 4000 --seed 2030
run ismcts_solve8_vs_ismcts_50ms --a ismcts:ms=50,c=0.4,solve=8 --b ismcts:ms=50,c=0.4 --rounds 4000 --seed 2031 --threads 1
run net_solve8_vs_net_50ms --a ismcts:ms=50,model=default,solve=8 --b ismcts:ms=50,model=default --rounds 4000 --seed 2032 --threads 1
run net_solve8_vs_net_10ms_beliefs --a ismcts:ms=10,model=default,solve=8 --b ismcts:ms=10,model=default --rounds 4000 --seed 2034
