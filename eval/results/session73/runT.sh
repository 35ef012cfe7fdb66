#!/bin/bash
# Session 73, addendum T: the default at 20 ms on the screen's seeds (T1), paired with D's 10 ms runs there;
# then (T2) D and T20 side by side on fresh seeds 10250-10253. Starts when runC.sh ends.
# runT.sh T1: the first stage only; runT.sh T2: the second only (after runT.sh T1 ends).
cd /work/main
B=/work/exp/s73/capicua
d=eval/results/session73
while pgrep -f "session73/runC.sh" > /dev/null || { [ "$1" = T2 ] && pgrep -f "session73/runT.sh T1" > /dev/null; }; do sleep 10; done
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"
T="ismcts:ms=20,model=default"
P="--a-partner counting"
if [ "$1" != T2 ]; then
  ( run partner20 T 10238 "$T" $P; run pair20 T 10240 "$T" ) &
  ( run partner20 T 10239 "$T" $P; run pair20 T 10241 "$T" ) &
  wait
  echo "T1 done $(date -u)"
fi
[ "$1" = T1 ] && exit 0
( run partner20 T 10250 "$T" $P; run partner10 D 10251 "$D" $P; run pair20 T 10252 "$T"; run pair10 D 10253 "$D" ) &
( run partner10 D 10250 "$D" $P; run partner20 T 10251 "$T" $P; run pair10 D 10252 "$D"; run pair20 T 10253 "$T" ) &
wait
echo "session73 T done $(date -u)"
