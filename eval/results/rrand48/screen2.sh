#!/bin/bash
# screen2.sh: plan.md's addendum 1, rrand=4 and rrand=2 at 10 ms beside screen.sh's E runs,
# two runs at a time, then the paired differences. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/rrand48; ev=eval/results/speed44/evb.sh
job() { # ROLE SEED NAME KEYS
  local who="--b counting"; [ "$1" = partner ] && who="--a-partner counting --b counting"
  bash $ev $d/${1}10-$3-$2.txt $2 --a ismcts:ms=10,model=default$4 $who
}
export -f job; export d ev CAPICUA
printf '%s\n' "pair 9943 rrand_4 ,rrand=4" "pair 9943 rrand_2 ,rrand=2" \
  "partner 9941 rrand_4 ,rrand=4" "partner 9941 rrand_2 ,rrand=2" \
  "partner 9942 rrand_4 ,rrand=4" "partner 9942 rrand_2 ,rrand=2" |
  xargs -P 2 -I{} bash -c 'job {}'
for r in partner:9941 partner:9942 pair:9943; do
  for c in rrand_4 rrand_2; do
    "$CAPICUA" paired $d/${r%:*}10-$c-${r#*:}.boards.jsonl $d/${r%:*}10-E-${r#*:}.boards.jsonl \
      > $d/${r%:*}10-$c-${r#*:}-paired.txt 2>&1
  done
done
echo "screen2 done $(date -u)"
