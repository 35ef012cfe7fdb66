#!/bin/bash
# The addendum of plan.md: `leaf=own` (lane a) and the control (lane b), one lane per core.
export CAPICUA=/work/exp/s37/capicua
R=/work/main/eval/results/leaf37
E=/work/exp/s37/ev.sh
K=ismcts:ms=10,model=default
if [ "$1" = a ]; then K=$K,leaf=own; N=own; else N=control; fi
$E $R/pair_10ms_${N}_5101.txt 4000 5101 --a $K --b counting
$E $R/partner_10ms_${N}_5102.txt 4000 5102 --a $K --a-partner counting --b counting
$E $R/pair_10ms_${N}_5201.txt 4000 5201 --a $K --b counting
$E $R/partner_10ms_${N}_5202.txt 4000 5202 --a $K --a-partner counting --b counting
