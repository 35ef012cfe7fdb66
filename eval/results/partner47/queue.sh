#!/bin/bash
# queue.sh SEED: plan.md's measurement, E200 and P200 side by side as the partner of counting
# against a counting pair, then their paired difference ($CAPICUA = the session's binary)
cd "$(dirname "$0")/../../.."
d=eval/results/partner47; ev=eval/results/speed44/evb.sh; seed=$1
who="--a-partner counting --b counting"
bash $ev $d/partner200-E-$seed.txt $seed --a ismcts:ms=200,model=default $who &
bash $ev $d/partner200-P-$seed.txt $seed --a ismcts:ms=200,rollout=heuristic,model=long $who &
wait
"$CAPICUA" paired $d/partner200-E-$seed.boards.jsonl $d/partner200-P-$seed.boards.jsonl > $d/partner200-$seed-paired.txt 2>&1
echo "$* done $(date -u)"
