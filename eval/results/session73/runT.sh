#!/bin/bash
# Session 73, addendum T: the default at 20 ms beside 10 ms (T1 on the screen's seeds, T2 on fresh seeds)
cd /work/main
B=/work/exp/s73/capicua
d=eval/results/session73
while pgrep -f "session73/runS.sh" > /dev/null; do sleep 10; done
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"
T="ismcts:ms=20,model=default"
P="--a-partner counting"
( run partner20 T 10238 "$T" $P; run pair20 T 10240 "$T"
  run partner20 T 10242 "$T" $P; run partner10 D 10243 "$D" $P; run pair20 T 10244 "$T"; run pair10 D 10245 "$D" ) &
( run partner20 T 10239 "$T" $P; run pair20 T 10241 "$T"
  run partner10 D 10242 "$D" $P; run partner20 T 10243 "$T" $P; run pair10 D 10244 "$D"; run pair20 T 10245 "$T" ) &
wait
echo "session73 T done $(date -u)"
