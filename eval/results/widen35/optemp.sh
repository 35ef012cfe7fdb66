#!/bin/bash
export CAPICUA=/work/exp/s35/capicua5
R=/work/main/eval/results/widen35
t=$1
C="ismcts:ms=10,model=default,optemp=$t"
/work/exp/s30/ev.sh $R/pair_10ms_optemp${t}_3001.txt 4000 3001 --a $C --b counting
/work/exp/s30/ev.sh $R/partner_10ms_optemp${t}_3002.txt 4000 3002 --a $C --a-partner counting --b counting
