#!/bin/bash
# run.sh: plan.md's runs. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/rows50; ev=eval/results/speed44/evb.sh
bash $ev $d/partner50-E-9978.txt 9978 --a ismcts:ms=50,model=default --a-partner counting --b counting &
bash $ev $d/partner50-E-9979.txt 9979 --a ismcts:ms=50,model=default --a-partner counting --b counting
wait
echo "rows50 done $(date -u)"
