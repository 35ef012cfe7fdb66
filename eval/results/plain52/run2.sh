#!/bin/bash
# run2.sh: plan.md addendum runs, one at a time (each search has two threads). $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/plain52; ev=eval/results/speed44/evb.sh
for s in 9985 9986; do
  bash $ev $d/pair10-PT-$s.txt $s --a ismcts:ms=10,threads=2,parallel=tree --b counting
  bash $ev $d/pair10-PR-$s.txt $s --a ismcts:ms=10,threads=2,parallel=root --b counting
done
echo "plain52 done $(date -u)"
