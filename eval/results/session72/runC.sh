#!/bin/bash
# Session 72 confirmation: R beside D as the partner of counting (seeds 10218-10221) and as a pair (10222-10225) at 10 ms
cd /work/main
B=/work/exp/s72/capicua
d=eval/results/session72
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"; R="ismcts:ms=10,mix=0.75,rollouts=2,model=default"
P="--a-partner counting"
( run partner10 R 10218 "$R" $P; run partner10 D 10219 "$D" $P; run partner10 R 10220 "$R" $P; run partner10 D 10221 "$D" $P
  run pair10 R 10222 "$R"; run pair10 D 10223 "$D"; run pair10 R 10224 "$R"; run pair10 D 10225 "$D" ) &
( run partner10 D 10218 "$D" $P; run partner10 R 10219 "$R" $P; run partner10 D 10220 "$D" $P; run partner10 R 10221 "$R" $P
  run pair10 D 10222 "$D"; run pair10 R 10223 "$R"; run pair10 D 10224 "$D"; run pair10 R 10225 "$R" ) &
wait
echo "session72 confirmation done $(date -u)"
