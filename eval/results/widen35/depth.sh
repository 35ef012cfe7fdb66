#!/bin/bash
export CAPICUA=/work/exp/s35/capicua2
R=/work/main/eval/results/widen35
d=$1
/work/exp/s30/ev.sh $R/pair_10ms_depth${d}_3001.txt 4000 3001 --a ismcts:ms=10,model=default,depth=$d --b counting
