#!/bin/bash
# Session 75, stage L: the late rollout share L = ismcts:ms=10,model=default,mix=0.3,mixlate=0.95
# beside the default D = ismcts:ms=10,model=default, one lane each, both on the same seed at the
# same time; partner and pair steps alternate so that a stop leaves both rows measured.
cd /work/main
B=/work/exp/s75/capicua-s75
d=eval/results/session75
L="ismcts:ms=10,model=default,mix=0.3,mixlate=0.95"
D="ismcts:ms=10,model=default"
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; }
step() { # row seed
  if [ $1 = partner ]; then extra=(--a-partner counting); else extra=(); fi
  run $1 L $2 "$L" "${extra[@]}" & run $1 D $2 "$D" "${extra[@]}" & wait
  echo "$1 $2 done $(date -u)"
}
partner=(10280 10281 10282 10283 10284 10285 10286 10287 10288 10289 10290 10291)
pair=(10292 10293 10294 10295 10296 10297 10298 10299 10300 10301)
for i in $(seq 0 11); do
  step partner ${partner[$i]}
  [ $i -lt 10 ] && step pair ${pair[$i]}
done
echo "session75 L done $(date -u)"
