#!/bin/bash
while pgrep -f "avg.sh b" > /dev/null; do sleep 5; done
export CAPICUA=/work/exp/s35/capicua4
R=/work/main/eval/results/widen35
/work/exp/s30/ev.sh $R/pair_10ms_control_3001_rerun.txt 4000 3001 --a ismcts:ms=10,model=default --b counting
