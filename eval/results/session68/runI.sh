#!/bin/bash
# I's screen: the pair at 10 ms with ctie=0.25, seeds 10153-10156, two lanes
cd /work/main
B=/work/exp/s68/capicua-ctie
S="ismcts:ms=10,ctie=0.25,model=default"
lane() { for s in "$@"; do CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session68/pair10-ctie-$s.txt $s --a $S --b counting; done; }
lane 10153 10155 &
lane 10154 10156 &
wait
