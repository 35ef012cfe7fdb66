#!/bin/bash
# pair.sh SEED: plan.md's addendum 1, E and the oracle reader as a pair at 50 ms side by side
# against a counting pair, then their paired difference ($CAPICUA = the session's binary)
cd "$(dirname "$0")/../../.."
d=eval/results/oracle48; ev=eval/results/speed44/evb.sh; seed=$1
bash $ev $d/pair50-E-$seed.txt $seed --a ismcts:ms=50,model=default --b counting &
bash $ev $d/pair50-O-$seed.txt $seed --a ismcts:ms=50,model=default,cinfer=100,chain=900,joint=300,iseats=opponents --b counting &
wait
"$CAPICUA" paired $d/pair50-O-$seed.boards.jsonl $d/pair50-E-$seed.boards.jsonl > $d/pair50-$seed-paired.txt 2>&1
echo "$* done $(date -u)"
