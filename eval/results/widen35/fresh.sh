#!/bin/bash
export CAPICUA=/work/exp/s35/capicua5
R=/work/main/eval/results/widen35
K="ismcts:ms=10,model=default"
if [ "$1" = a ]; then
/work/exp/s30/ev.sh $R/fresh_pair_10ms_4402.txt 4000 4402 --a $K --b counting
/work/exp/s30/ev.sh $R/fresh_partner_10ms_4504.txt 4000 4504 --a $K --a-partner counting --b counting
else
/work/exp/s30/ev.sh $R/fresh_pair_10ms_4703.txt 4000 4703 --a $K --b counting
/work/exp/s30/ev.sh $R/fresh_partner_10ms_4704.txt 4000 4704 --a $K --a-partner counting --b counting
fi
