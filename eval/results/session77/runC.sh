#!/bin/bash
# Session 77 addendum: session 46's network C as a pair at 10 ms beside D, one lane each, same
# seed, same time (reported only). A file STOP in this directory ends it between steps.
cd /work/main
B=/work/exp/s77/capicua-s77
d=eval/results/session77
C="ismcts:ms=10,model=eval/results/selfplay46/candidate.bpk,reader=default"
D="ismcts:ms=10,model=default"
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" --b counting; }
for s in 10343 10344 10345 10346; do
  [ -f $d/STOP ] && { echo "stopped before $s $(date -u)"; exit 0; }
  run pairC C $s "$C" & run pairC D $s "$D" & wait
  echo "pairC $s done $(date -u)"
done
echo "session77 C done $(date -u)"
