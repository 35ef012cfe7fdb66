#!/bin/bash
# L2: the pair at 10 ms with a quarter of each partner-held tile's weight on its true place
cd /work/main
B=/work/exp/s69/capicua
S="ismcts:ms=10,model=default,beliefs=truth,tseats=partner,tshare=0.25"
CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session69/pair10-L2-10153.txt 10153 --a "$S" --b counting &
CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session69/pair10-L2-10154.txt 10154 --a "$S" --b counting &
wait
echo "L2 done $(date -u)"
