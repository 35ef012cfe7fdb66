#!/bin/bash
# run2.sh: plan.md's addendum 1, two runs side by side. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
ev=eval/results/speed44/evb.sh; d=eval/results/rows49
bash $ev $d/partner50-E-9966.txt 9966 --a ismcts:ms=50,model=default --a-partner counting --b counting &
ROUNDS=3000 bash $ev $d/pair50-E-9965.txt 9965 --a ismcts:ms=50,model=default --b counting
wait
echo "rows49 addendum done $(date -u)"
