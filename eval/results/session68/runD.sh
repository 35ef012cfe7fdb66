#!/bin/bash
# D1: the pair at 10 ms with each seat shown its partner's true hand (seeds 10153, 10154, two lanes)
cd /work/main
B=/work/exp/s67/capicua
CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session68/pair10-tpartner-10153.txt 10153 --a ismcts:ms=10,model=default,beliefs=truth,tseats=partner --b counting &
CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session68/pair10-tpartner-10154.txt 10154 --a ismcts:ms=10,model=default,beliefs=truth,tseats=partner --b counting &
wait
