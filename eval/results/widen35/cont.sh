#!/bin/bash
export CAPICUA=/work/exp/s35/capicua3
R=/work/main/eval/results/widen35
C="ismcts:ms=10,model=default,widen=continue"
if [ "$1" = a ]; then
/work/exp/s30/ev.sh $R/pair_10ms_continue_3001.txt 4000 3001 --a $C --b counting
else
/work/exp/s30/ev.sh $R/partner_10ms_continue_3002.txt 4000 3002 --a $C --a-partner counting --b counting
fi
