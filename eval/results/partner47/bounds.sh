#!/bin/bash
# bounds.sh: plan.md's second addendum, T and H side by side on seed 9921 at 50 ms, each then
# paired with E50 on the same deals ($CAPICUA = the session's binary)
cd "$(dirname "$0")/../../.."
d=eval/results/partner47; ev=eval/results/speed44/evb.sh; who="--a-partner counting --b counting"
s=ismcts:ms=50,model=default,beliefs=truth,tseats=opponents
bash $ev $d/partner50-T-9921.txt 9921 --a $s $who &
bash $ev $d/partner50-H-9921.txt 9921 --a $s,tshare=0.5 $who &
wait
for x in T H; do
  "$CAPICUA" paired $d/partner50-$x-9921.boards.jsonl $d/partner50-E-9921.boards.jsonl > $d/partner50-$x-9921-paired.txt 2>&1
done
echo "done $(date -u)"
