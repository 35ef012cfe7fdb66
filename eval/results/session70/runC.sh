#!/bin/bash
# Session 70: G10 (partner, 10 ms), C (pair, 50 ms, seeds 10195-10197), G50 (partner, 50 ms)
cd /work/main
B=/work/exp/s69/capicua
d=eval/results/session70
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
K1_10="ismcts:ms=10,margin=1,scale=90,cpuct=0.45,model=default"; E_10="ismcts:ms=10,model=default"
K1="ismcts:ms=50,margin=1,scale=90,cpuct=0.45,model=default"; E="ismcts:ms=50,model=default"
( run partner10 K1 10198 "$K1_10" --a-partner counting
  run pair50 K1 10195 "$K1"; run pair50 E 10196 "$E"; run pair50 K1 10197 "$K1"
  run partner50 K1 10198 "$K1" --a-partner counting ) &
( run partner10 E 10198 "$E_10" --a-partner counting
  run pair50 E 10195 "$E"; run pair50 K1 10196 "$K1"; run pair50 E 10197 "$E"
  run partner50 E 10198 "$E" --a-partner counting ) &
wait
echo "session70 runs done $(date -u)"
