#!/bin/bash
# run2.sh: addendum 1's screen B (the pair at 10 ms). $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/oclub52; ev=eval/results/speed44/evb.sh
P=ismcts:ms=10,model=default,others=club,oseats=partner
Q=ismcts:ms=10,model=default,others=policy,oseats=partner
bash $ev $d/pair10-P-9971.txt 9971 --a $P --b counting &
bash $ev $d/pair10-P-9972.txt 9972 --a $P --b counting
wait
bash $ev $d/pair10-Q-9971.txt 9971 --a $Q --b counting &
bash $ev $d/pair10-Q-9972.txt 9972 --a $Q --b counting
wait
echo "oclub52 screen B done $(date -u)"
