#!/bin/bash
# screen.sh: plan.md's screens at 10 ms (items 1 and 2), two runs at a time, then the paired
# differences. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/rrand48; ev=eval/results/speed44/evb.sh
job() { # ROLE SEED NAME KEYS
  local who="--b counting"; [ "$1" = partner ] && who="--a-partner counting --b counting"
  bash $ev $d/${1}10-$3-$2.txt $2 --a ismcts:ms=10,model=default$4 $who
}
export -f job; export d ev CAPICUA
printf '%s\n' "partner 9941 E" "partner 9941 rrand_0 ,rrand=0" "partner 9941 rrand_32 ,rrand=32" \
  "partner 9942 E" "partner 9942 rrand_0 ,rrand=0" "partner 9942 rrand_32 ,rrand=32" \
  "pair 9943 E" "pair 9943 rrand_0 ,rrand=0" "pair 9943 rrand_32 ,rrand=32" |
  xargs -P 2 -I{} bash -c 'job {}'
for r in partner:9941 partner:9942 pair:9943; do
  for c in rrand_0 rrand_32; do
    "$CAPICUA" paired $d/${r%:*}10-$c-${r#*:}.boards.jsonl $d/${r%:*}10-E-${r#*:}.boards.jsonl \
      > $d/${r%:*}10-$c-${r#*:}-paired.txt 2>&1
  done
done
echo "screen done $(date -u)"
