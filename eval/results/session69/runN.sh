#!/bin/bash
# N: the points-only reward (K1) and the default side by side as a pair at 50 ms, fresh seeds
cd /work/main
B=/work/exp/s69/capicua
run() { CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session69/pair50-$1-$2.txt $2 --a "$3" --b counting; }
K1="ismcts:ms=50,margin=1,scale=90,cpuct=0.45,model=default"
E="ismcts:ms=50,model=default"
( run K1 10193 "$K1"; run E 10193 "$E" ) &
( run E 10194 "$E"; run K1 10194 "$K1" ) &
wait
echo "N done $(date -u)"
