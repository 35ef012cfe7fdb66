#!/bin/bash
# screen.sh NAME=KEYS...: plan.md's 10 ms screens (items 1 and 2) beside rrand48's E runs on
# the same seeds, two runs at a time, then the paired differences. Ran as
# `screen.sh READ=,rollout=read OCP=,others=counting,oseats=partner BT5=,btemp=0.5`.
# $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/screen49; e=eval/results/rrand48; ev=eval/results/speed44/evb.sh
job() { # ROLE SEED NAME KEYS
  local who="--b counting"; [ "$1" = partner ] && who="--a-partner counting --b counting"
  bash $ev $d/${1}10-$3-$2.txt $2 --a ismcts:ms=10,model=default$4 $who
}
export -f job; export d ev CAPICUA
runs="partner:9941 partner:9942 pair:9943"
for r in $runs; do
  for nk in "$@"; do echo "${r%:*} ${r#*:} ${nk%%=*} ${nk#*=}"; done
done | xargs -P 2 -I{} bash -c 'job {}'
for r in $runs; do
  for nk in "$@"; do
    c=${nk%%=*}
    "$CAPICUA" paired $d/${r%:*}10-$c-${r#*:}.boards.jsonl $e/${r%:*}10-E-${r#*:}.boards.jsonl \
      > $d/${r%:*}10-$c-${r#*:}-paired.txt 2>&1
  done
done
echo "screen $* done $(date -u)"
