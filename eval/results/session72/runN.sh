#!/bin/bash
# Session 72 addendum N: the built default (N) beside the previous default (D'), partner 10234-10235, pair 10236-10237, 10 ms
cd /work/main
B=/work/exp/s72/capicua-new
d=eval/results/session72
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
N="ismcts:ms=10,model=default"; D="ismcts:ms=10,mix=0.5,model=default"
P="--a-partner counting"
( run partner10 N 10234 "$N" $P; run partner10 D2 10235 "$D" $P; run pair10 N 10236 "$N"; run pair10 D2 10237 "$D" ) &
( run partner10 D2 10234 "$D" $P; run partner10 N 10235 "$N" $P; run pair10 D2 10236 "$D"; run pair10 N 10237 "$N" ) &
wait
echo "session72 N done $(date -u)"
