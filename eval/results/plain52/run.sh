#!/bin/bash
# run.sh [SEED...]: plan.md's runs (seeds 9983 9984 by default; the addendum's were 9985 9986),
# one at a time (each search has two threads). $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/plain52; ev=eval/results/speed44/evb.sh
for s in ${@:-9983 9984}; do
  bash $ev $d/pair10-PT-$s.txt $s --a ismcts:ms=10,threads=2,parallel=tree --b counting
  bash $ev $d/pair10-PR-$s.txt $s --a ismcts:ms=10,threads=2,parallel=root --b counting
done
echo "plain52 done $(date -u)"
