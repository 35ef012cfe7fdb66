#!/bin/bash
# Session 74, addendum R2: more rounds of the shipped default's 10 ms rows on the AMD EPYC.
cd /work/main
B=/work/exp/s74/capicua-head
d=eval/results/session74
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"
P="--a-partner counting"
( for s in 10266 10267 10268; do run pair10 D $s "$D"; done; for s in 10272 10273 10274 10275; do run partner10 D $s "$D" $P; done ) &
( for s in 10269 10270 10271; do run pair10 D $s "$D"; done; for s in 10276 10277 10278 10279; do run partner10 D $s "$D" $P; done ) &
wait
echo "session74 R2 done $(date -u)"
