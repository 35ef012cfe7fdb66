#!/bin/bash
# Session 74, addendum T: the default at 20 ms as a pair on stage R's pair seeds, paired with D's 10 ms runs there.
cd /work/main
B=/work/exp/s74/capicua-head
d=eval/results/session74
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
T="ismcts:ms=20,model=default"
( run pair20 T 10254 "$T"; run pair20 T 10255 "$T" ) &
( run pair20 T 10256 "$T"; run pair20 T 10257 "$T" ) &
wait
echo "session74 T done $(date -u)"
