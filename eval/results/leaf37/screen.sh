#!/bin/bash
# The screen of plan.md: two lanes, one per core (`screen.sh a` and `screen.sh b` at once).
# ev.sh is /work/exp/s37/ev.sh, kept here as a record.
export CAPICUA=/work/exp/s37/capicua
R=/work/main/eval/results/leaf37
E=/work/exp/s37/ev.sh
K=ismcts:ms=10,model=default
if [ "$1" = a ]; then
$E $R/pair_10ms_own_5001.txt 4000 5001 --a $K,leaf=own --b counting
$E $R/pair_10ms_side_5001.txt 4000 5001 --a $K,leaf=side --b counting
$E $R/partner_10ms_side_5002.txt 4000 5002 --a $K,leaf=side --a-partner counting --b counting
else
$E $R/pair_10ms_control_5001.txt 4000 5001 --a $K --b counting
$E $R/partner_10ms_own_5002.txt 4000 5002 --a $K,leaf=own --a-partner counting --b counting
$E $R/partner_10ms_control_5002.txt 4000 5002 --a $K --a-partner counting --b counting
fi
