#!/bin/bash
# H: the pair at 10 ms shown the opponents' hands (H1) and every hand (H2), seed 10153, two lanes
cd /work/main
B=/work/exp/s68/capicua
CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session68/pair10-topp-10153.txt 10153 --a ismcts:ms=10,model=default,beliefs=truth,tseats=opponents --b counting &
CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session68/pair10-truth-10153.txt 10153 --a ismcts:ms=10,model=default,beliefs=truth --b counting &
wait
