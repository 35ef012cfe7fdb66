#!/bin/bash
# Session 73 screen: D, X1, X2, X3 as the partner of counting (seeds 10238-10239) and as a pair (10240-10241) at 10 ms
cd /work/main
B=/work/exp/s73/capicua
d=eval/results/session73
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
D="ismcts:ms=10,model=default"
X1="ismcts:ms=10,mix=1,model=default"
X2="ismcts:ms=10,others=club,oseats=opponents,model=default"
X3="ismcts:ms=10,margin=1,scale=90,cpuct=0.6,model=default"
P="--a-partner counting"
( run partner10 D 10238 "$D" $P; run partner10 X1 10239 "$X1" $P; run partner10 X2 10238 "$X2" $P; run partner10 X3 10239 "$X3" $P
  run pair10 D 10240 "$D"; run pair10 X1 10241 "$X1"; run pair10 X2 10240 "$X2"; run pair10 X3 10241 "$X3" ) &
( run partner10 X1 10238 "$X1" $P; run partner10 D 10239 "$D" $P; run partner10 X3 10238 "$X3" $P; run partner10 X2 10239 "$X2" $P
  run pair10 X1 10240 "$X1"; run pair10 D 10241 "$D"; run pair10 X3 10240 "$X3"; run pair10 X2 10241 "$X2" ) &
wait
echo "session73 screen done $(date -u)"
