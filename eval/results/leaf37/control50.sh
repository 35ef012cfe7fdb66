#!/bin/bash
# The default agent at 50 ms on fresh seeds, to narrow the README's 50 ms rows (lanes a, b).
export CAPICUA=/work/exp/s37/capicua
R=/work/main/eval/results/leaf37
E=/work/exp/s37/ev.sh
K=ismcts:ms=50,model=default
if [ "$1" = a ]; then
$E $R/pair_50ms_control_5301.txt 4000 5301 --a $K --b counting
else
$E $R/partner_50ms_control_5302.txt 4000 5302 --a $K --a-partner counting --b counting
$E $R/partner_50ms_control_5402.txt 4000 5402 --a $K --a-partner counting --b counting
fi
