#!/bin/bash
# scaling.sh: plan.md's addendum, E10 then P50 on one core beside E50 on the other, seed 9921
# ($CAPICUA = the session's binary)
cd "$(dirname "$0")/../../.."
d=eval/results/partner47; ev=eval/results/speed44/evb.sh; who="--a-partner counting --b counting"
bash $ev $d/partner50-E-9921.txt 9921 --a ismcts:ms=50,model=default $who &
{ bash $ev $d/partner10-E-9921.txt 9921 --a ismcts:ms=10,model=default $who
  bash $ev $d/partner50-P-9921.txt 9921 --a ismcts:ms=50,rollout=heuristic,model=long $who; } &
wait
"$CAPICUA" paired $d/partner50-E-9921.boards.jsonl $d/partner50-P-9921.boards.jsonl > $d/partner50-9921-paired.txt 2>&1
echo "done $(date -u)"
