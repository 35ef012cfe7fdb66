#!/bin/bash
# Session 71 addendum G2: partner of counting at 50 ms, seed 10213, K1 beside E (reported only)
cd /work/main
B=/work/exp/s70/capicua
d=eval/results/session71
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
K1="ismcts:ms=50,margin=1,scale=90,cpuct=0.45,model=default"; E="ismcts:ms=50,model=default"
run partner50 K1 10213 "$K1" --a-partner counting &
run partner50 E 10213 "$E" --a-partner counting &
wait
echo "G2 done $(date -u)"
