#!/bin/bash
# Session 71: G50 (partner, 50 ms, seeds 10208-10209) then P (pair, 50 ms, seeds 10210-10212), K1 beside E
cd /work/main
B=/work/exp/s70/capicua
d=eval/results/session71
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
K1="ismcts:ms=50,margin=1,scale=90,cpuct=0.45,model=default"; E="ismcts:ms=50,model=default"
( run partner50 K1 10208 "$K1" --a-partner counting; run partner50 E 10209 "$E" --a-partner counting
  run pair50 K1 10210 "$K1"; run pair50 E 10211 "$E"; run pair50 K1 10212 "$K1" ) &
( run partner50 E 10208 "$E" --a-partner counting; run partner50 K1 10209 "$K1" --a-partner counting
  run pair50 E 10210 "$E"; run pair50 K1 10211 "$K1"; run pair50 E 10212 "$E" ) &
wait
echo "session71 runs done $(date -u)"
