#!/bin/bash
# run.sh: plan.md's screen. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/oclub52; ev=eval/results/speed44/evb.sh
P=ismcts:ms=50,model=default,others=club,oseats=partner
bash $ev $d/partner50-P-9978.txt 9978 --a $P --a-partner counting --b counting &
bash $ev $d/partner50-P-9979.txt 9979 --a $P --a-partner counting --b counting
wait
echo "oclub52 screen done $(date -u)"
