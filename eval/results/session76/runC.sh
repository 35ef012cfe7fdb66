#!/bin/bash
# Session 76 addendum 2: session 46's network C beside the default D as the partner of `counting`
# at 10 ms, one lane each, same seed, same time (reported only).
cd /work/main
B=/work/exp/s76/capicua-s76
d=eval/results/session76
C="ismcts:ms=10,model=eval/results/selfplay46/candidate.bpk,reader=default"
D="ismcts:ms=10,model=default"
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" --a-partner counting --b counting; }
for s in 10322 10323 10324 10325 10326; do
  run partnerC C $s "$C" & run partnerC D $s "$D" & wait
  echo "partnerC $s done $(date -u)"
done
echo "session76 C done $(date -u)"
