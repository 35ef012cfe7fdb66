#!/bin/bash
# Session 77: M (session 76's midpoint network) beside the default D, one lane each, both on the
# same seed at the same time. 10 ms partner and pair steps alternate, then 50 ms as a pair and as
# the partner. A file STOP in this directory ends it between steps.
cd /work/main
B=/work/exp/s77/capicua-s77
d=eval/results/session77
M="model=eval/results/session76/mid46.bpk,reader=default"
D="model=default"
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; }
step() { # row ms seed
  [ -f $d/STOP ] && { echo "stopped before $1 $3 $(date -u)"; exit 0; }
  if [ ${1%50} = partner ]; then extra=(--a-partner counting); else extra=(); fi
  run $1 M $3 "ismcts:ms=$2,$M" "${extra[@]}" & run $1 D $3 "ismcts:ms=$2,$D" "${extra[@]}" & wait
  echo "$1 $3 done $(date -u)"
}
partner=(10327 10328 10329 10330 10331 10332 10333 10334)
pair=(10335 10336 10337 10338 10339 10340)
for i in $(seq 0 7); do
  step partner 10 ${partner[$i]}
  [ $i -lt 6 ] && step pair 10 ${pair[$i]}
done
step pair50 50 10341
step partner50 50 10342
echo "session77 done $(date -u)"
