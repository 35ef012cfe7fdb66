#!/bin/bash
# Session 76: M = the midpoint of the shipped model and session 46's self-play network beside the
# default D, one lane each, both on the same seed at the same time; partner and pair steps
# alternate so that a stop leaves both rows measured.
cd /work/main
B=/work/exp/s76/capicua-s76
d=eval/results/session76
M="ismcts:ms=10,model=eval/results/session76/mid46.bpk,reader=default"
D="ismcts:ms=10,model=default"
run() { CAPICUA=$B bash eval/results/speed44/evb.sh $d/$1-$2-$3.txt $3 --a "$4" "${@:5}" --b counting; }
step() { # row seed
  if [ $1 = partner ]; then extra=(--a-partner counting); else extra=(); fi
  run $1 M $2 "$M" "${extra[@]}" & run $1 D $2 "$D" "${extra[@]}" & wait
  echo "$1 $2 done $(date -u)"
}
partner=(10302 10303 10304 10305 10306 10307 10308 10309 10310 10311)
pair=(10312 10313 10314 10315 10316 10317 10318 10319)
for i in $(seq 0 9); do
  step partner ${partner[$i]}
  [ $i -lt 8 ] && step pair ${pair[$i]}
done
echo "session76 M done $(date -u)"
