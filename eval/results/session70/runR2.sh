#!/bin/bash
# Session 70's R2: the previous default beside R's partner runs (10202-10205), after runR.sh
cd /work/main
d=eval/results/session70
until grep -q "R done" $d/runR.out; do sleep 10; done
B=/work/exp/s69/capicua
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; echo "$1 $2 $3 done $(date -u)"; }
E="ismcts:ms=10,model=default"
( run partner10 E 10202 "$E" --a-partner counting; run partner10 E 10203 "$E" --a-partner counting ) &
( run partner10 E 10204 "$E" --a-partner counting; run partner10 E 10205 "$E" --a-partner counting ) &
wait
echo "R2 done $(date -u)"
