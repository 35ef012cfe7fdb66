#!/bin/bash
# F: the default pair at 10 ms again today on seeds 10153, 10154 (two lanes)
cd /work/main
B=/work/exp/s68/capicua
for s in 10153 10154; do CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session68/pair10-e68-$s.txt $s --a ismcts:ms=10,model=default --b counting & done
wait
