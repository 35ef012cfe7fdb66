#!/bin/bash
# Session 73 confirmation: X2 beside D, partner of counting at 10 ms (10242-10245), pair at 10 ms (10246-10249)
cd /work/main
B=/work/exp/s73/capicua
d=eval/results/session73
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"
X2="ismcts:ms=10,others=club,oseats=opponents,model=default"
P="--a-partner counting"
( run partner10 D 10242 "$D" $P; run partner10 X2 10243 "$X2" $P; run partner10 D 10244 "$D" $P; run partner10 X2 10245 "$X2" $P
  run pair10 D 10246 "$D"; run pair10 X2 10247 "$X2"; run pair10 D 10248 "$D"; run pair10 X2 10249 "$X2" ) &
( run partner10 X2 10242 "$X2" $P; run partner10 D 10243 "$D" $P; run partner10 X2 10244 "$X2" $P; run partner10 D 10245 "$D" $P
  run pair10 X2 10246 "$X2"; run pair10 D 10247 "$D"; run pair10 X2 10248 "$X2"; run pair10 D 10249 "$D" ) &
wait
echo "session73 confirmation done $(date -u)"
