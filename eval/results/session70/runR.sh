#!/bin/bash
# Session 70's R: the built default at 10 ms, partner of counting (10202-10205) and pair (10206-10207)
cd /work/main
d=eval/results/session70
B=/work/exp/s70/capicua
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"
( run partner10 D 10202 "$D" --a-partner counting; run partner10 D 10203 "$D" --a-partner counting; run pair10 D 10206 "$D" ) &
( run partner10 D 10204 "$D" --a-partner counting; run partner10 D 10205 "$D" --a-partner counting; run pair10 D 10207 "$D" ) &
wait
echo "R done $(date -u)"
