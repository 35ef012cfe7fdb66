#!/bin/bash
# Session 72 screen: D, R, M as the partner of counting (seeds 10214-10215) and as a pair (10216-10217) at 10 ms
cd /work/main
B=/work/exp/s72/capicua
d=eval/results/session72
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"; R="ismcts:ms=10,mix=0.75,rollouts=2,model=default"; M="ismcts:ms=10,mix=0.75,model=default"
P="--a-partner counting"
( run partner10 D 10214 "$D" $P; run partner10 R 10215 "$R" $P; run partner10 M 10214 "$M" $P
  run pair10 D 10216 "$D"; run pair10 R 10217 "$R"; run pair10 M 10216 "$M" ) &
( run partner10 R 10214 "$R" $P; run partner10 M 10215 "$M" $P; run partner10 D 10215 "$D" $P
  run pair10 R 10216 "$R"; run pair10 M 10217 "$M"; run pair10 D 10217 "$D" ) &
wait
echo "session72 screen done $(date -u)"
