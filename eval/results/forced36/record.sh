#!/bin/bash
# "For the record" runs of plan.md: the candidate (a) and the control (b) side by side.
export CAPICUA=/work/exp/s36/capicua1
R=/work/main/eval/results/forced36
E=/work/exp/s36/ev.sh
if [ "$1" = a ]; then
K="ismcts:ms=10,model=default,forced=skip"; N=skip
else
K="ismcts:ms=10,model=default"; N=control
fi
$E $R/pair_10ms_${N}_4801.txt 4000 4801 --a $K --b counting
$E $R/partner_10ms_${N}_4802.txt 4000 4802 --a $K --a-partner counting --b counting
