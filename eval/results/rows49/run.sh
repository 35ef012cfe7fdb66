#!/bin/bash
# run.sh: plan.md's two runs, one after the other. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
for s in 9962 9964; do
  bash eval/results/speed44/evb.sh eval/results/rows49/partner50-E-$s.txt $s \
    --a ismcts:ms=50,model=default --a-partner counting --b counting
done
echo "rows49 done $(date -u)"
