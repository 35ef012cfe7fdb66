#!/bin/bash
# Session 76 addendum: M and D as the partner of `counting` at 50 ms, one lane each, same seed,
# same time (reported only).
cd /work/main
B=/work/exp/s76/capicua-s76
d=eval/results/session76
M="ismcts:ms=50,model=eval/results/session76/mid46.bpk,reader=default"
D="ismcts:ms=50,model=default"
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" --a-partner counting --b counting; }
for s in 10320 10321; do
  run partner50 M $s "$M" & run partner50 D $s "$D" & wait
  echo "partner50 $s done $(date -u)"
done
echo "session76 M50 done $(date -u)"
