#!/bin/bash
# Session 73, addendum X4: margin=0.95 (a win worth about the next round's lead) on the screen's seeds, after runS.sh
cd /work/main
B=/work/exp/s73/capicua
d=eval/results/session73
while pgrep -f "session73/runS.sh" > /dev/null; do sleep 20; done
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
X4="ismcts:ms=10,margin=0.95,scale=90,cpuct=0.45,model=default"
P="--a-partner counting"
( run partner10 X4 10238 "$X4" $P; run pair10 X4 10240 "$X4" ) &
( run partner10 X4 10239 "$X4" $P; run pair10 X4 10241 "$X4" ) &
wait
echo "session73 X4 done $(date -u)"
