#!/bin/bash
# E's screen: the pair at 10 ms drawing its deals from the fitted beliefs (bmodel), seeds 10153-10156, two lanes
cd /work/main
B=/work/exp/s68/capicua
S="ismcts:ms=10,model=default,bmodel=eval/results/session68/beliefs-e2.bpk"
lane() { for s in "$@"; do CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session68/pair10-bm-$s.txt $s --a $S --b counting; done; }
lane 10153 10155 &
lane 10154 10156 &
wait
