#!/bin/bash
# K's screen: the pair at 10 ms with the points-only reward, seeds 10153-10156, two lanes
cd /work/main
B=/work/exp/s69/capicua
run() { CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session69/pair10-$1-$2.txt $2 --a "$3" --b counting; }
K1="ismcts:ms=10,margin=1,scale=90,cpuct=0.45,model=default"
K2="ismcts:ms=10,margin=1,scale=90,cpuct=0.7,model=default"
lane() { for s in "$@"; do run K1 $s "$K1"; run K2 $s "$K2"; done; }
lane 10153 10155 &
lane 10154 10156 &
wait
echo "K done $(date -u)"
