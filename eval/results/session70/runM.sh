#!/bin/bash
# Session 70's M: K1 and the default as the partner of counting at 10 ms, seeds 10199-10201, after runC.sh
cd /work/main
d=eval/results/session70
until grep -q "session70 runs done" $d/runC.out; do sleep 20; done
B=/work/exp/s69/capicua
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
K1_10="ismcts:ms=10,margin=1,scale=90,cpuct=0.45,model=default"; E_10="ismcts:ms=10,model=default"
( run partner10 K1 10199 "$K1_10" --a-partner counting; run partner10 E 10200 "$E_10" --a-partner counting; run partner10 K1 10201 "$K1_10" --a-partner counting ) &
( run partner10 E 10199 "$E_10" --a-partner counting; run partner10 K1 10200 "$K1_10" --a-partner counting; run partner10 E 10201 "$E_10" --a-partner counting ) &
wait
echo "M done $(date -u)"
