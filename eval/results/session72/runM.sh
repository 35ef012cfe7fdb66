#!/bin/bash
# Session 72 addendum M: M beside D as the partner of counting (seeds 10226-10229) and as a pair (10230-10233) at 10 ms,
# started once runC.sh has ended
cd /work/main
d=eval/results/session72
until grep -q "confirmation done" $d/runC.out; do sleep 20; done
B=/work/exp/s72/capicua
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"; M="ismcts:ms=10,mix=0.75,model=default"
P="--a-partner counting"
( run partner10 M 10226 "$M" $P; run partner10 D 10227 "$D" $P; run partner10 M 10228 "$M" $P; run partner10 D 10229 "$D" $P
  run pair10 M 10230 "$M"; run pair10 D 10231 "$D"; run pair10 M 10232 "$M"; run pair10 D 10233 "$D" ) &
( run partner10 D 10226 "$D" $P; run partner10 M 10227 "$M" $P; run partner10 D 10228 "$D" $P; run partner10 M 10229 "$M" $P
  run pair10 D 10230 "$D"; run pair10 M 10231 "$M"; run pair10 D 10232 "$D"; run pair10 M 10233 "$M" ) &
wait
echo "session72 M confirmation done $(date -u)"
