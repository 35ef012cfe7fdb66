#!/bin/bash
# Step 1 of plan.md: the candidate (a) and the control (b) side by side, one per core.
export CAPICUA=/work/exp/s36/capicua1
R=/work/main/eval/results/forced36
E=/work/exp/s36/ev.sh
if [ "$1" = a ]; then
K="ismcts:ms=10,model=default,forced=skip"; N=skip
else
K="ismcts:ms=10,model=default"; N=control
fi
$E $R/pair_10ms_${N}_3001.txt 4000 3001 --a $K --b counting
$E $R/partner_10ms_${N}_3002.txt 4000 3002 --a $K --a-partner counting --b counting
