#!/bin/bash
# Session 74, stage R: the shipped default's 10 ms rows on the AMD EPYC (plan.md).
cd /work/main
B=/work/exp/s74/capicua-head
d=eval/results/session74
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"
P="--a-partner counting"
( for s in 10254 10255 10256 10257; do run pair10 D $s "$D"; done ) &
( for s in 10258 10259 10260 10261 10262 10263 10264 10265; do run partner10 D $s "$D" $P; done ) &
wait
echo "session74 R done $(date -u)"
