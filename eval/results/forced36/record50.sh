#!/bin/bash
# The 50 ms run of plan.md: the candidate (a) and the control (b) side by side.
export CAPICUA=/work/exp/s36/capicua1
R=/work/main/eval/results/forced36
E=/work/exp/s36/ev.sh
if [ "$1" = a ]; then
K="ismcts:ms=50,model=default,forced=skip"; N=skip
else
K="ismcts:ms=50,model=default"; N=control
fi
$E $R/pair_50ms_${N}_4604.txt 4000 4604 --a $K --b counting
