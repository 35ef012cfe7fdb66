#!/bin/bash
export CAPICUA=/work/exp/s35/capicua5
R=/work/main/eval/results/widen35
/work/exp/s30/ev.sh $R/partner_10ms_control_3002_rerun.txt 4000 3002 --a ismcts:ms=10,model=default --a-partner counting --b counting
