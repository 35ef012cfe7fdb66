#!/bin/bash
# Session 74, addendum T2: the default at 20 ms as a pair on addendum R2's pair seeds 10266-10269; starts when runT.sh ends.
cd /work/main
B=/work/exp/s74/capicua-head
d=eval/results/session74
while pgrep -f "session74/runT.sh" > /dev/null; do sleep 10; done
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
T="ismcts:ms=20,model=default"
( run pair20 T 10266 "$T"; run pair20 T 10267 "$T" ) &
( run pair20 T 10268 "$T"; run pair20 T 10269 "$T" ) &
wait
echo "session74 T2 done $(date -u)"
