#!/bin/bash
# screen.sh N...: plan.md's 10 ms screens of rrand=N (items 1 and 2) beside E, two runs at a
# time (E's run of a seed only when its file is not there yet), then the paired differences.
# Ran as `screen.sh 0 32` (items 1-2), then `screen.sh 4 2` (addendum 1).
# $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/rrand48; ev=eval/results/speed44/evb.sh
job() { # ROLE SEED NAME [KEYS]
  local who="--b counting"; [ "$1" = partner ] && who="--a-partner counting --b counting"
  bash $ev $d/${1}10-$3-$2.txt $2 --a ismcts:ms=10,model=default$4 $who
}
export -f job; export d ev CAPICUA
runs="partner:9941 partner:9942 pair:9943"
for r in $runs; do
  [ -f $d/${r%:*}10-E-${r#*:}.txt ] || echo "${r%:*} ${r#*:} E"
  for n in "$@"; do echo "${r%:*} ${r#*:} rrand_$n ,rrand=$n"; done
done | xargs -P 2 -I{} bash -c 'job {}'
for r in $runs; do
  for n in "$@"; do
    c=rrand_$n
    "$CAPICUA" paired $d/${r%:*}10-$c-${r#*:}.boards.jsonl $d/${r%:*}10-E-${r#*:}.boards.jsonl \
      > $d/${r%:*}10-$c-${r#*:}-paired.txt 2>&1
  done
done
echo "screen $* done $(date -u)"
