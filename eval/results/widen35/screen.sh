#!/bin/bash
export CAPICUA=/work/exp/s35/capicua
R=/work/main/eval/results/widen35
lane=$1
C="ismcts:ms=10,model=default,widen=neutral"
K="ismcts:ms=10,model=default"
if [ "$lane" = a ]; then
  /work/exp/s30/ev.sh $R/pair_10ms_neutral_3001.txt 4000 3001 --a $C --b counting
  /work/exp/s30/ev.sh $R/partner_10ms_neutral_3002.txt 4000 3002 --a $C --a-partner counting --b counting
else
  /work/exp/s30/ev.sh $R/pair_10ms_control_3001.txt 4000 3001 --a $K --b counting
  /work/exp/s30/ev.sh $R/partner_10ms_control_3002.txt 4000 3002 --a $K --a-partner counting --b counting
fi
