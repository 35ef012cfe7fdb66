#!/bin/bash
# The 50 ms partner run of plan.md: the candidate (a) and the control (b) side by side.
export CAPICUA=/work/exp/s36/capicua1
R=/work/main/eval/results/forced36
if [ "$1" = a ]; then K="ismcts:ms=50,model=default,forced=skip"; N=skip
else K="ismcts:ms=50,model=default"; N=control; fi
/work/exp/s36/ev.sh $R/partner_50ms_${N}_4904.txt 4000 4904 --a $K --a-partner counting --b counting
