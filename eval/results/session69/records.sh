#!/bin/bash
# records.sh: pair rounds at 10 ms with their true deals, for plan A (seed 10192, the same
# deals for each setting). Run from the repository's root. $CAPICUA = the binary.
d=eval/results/session69
for spec in "" ",reveal=0.25" ",reveal=0.5"; do
  name=default; [ -n "$spec" ] && name=${spec#,}
  "$CAPICUA" eval --quiet --a "ismcts:ms=10,model=default$spec" --b counting --rounds 2000 --seed 10192 --threads 2 --record $d/records-$name.jsonl > $d/records-$name.log 2>&1
  gzip -f $d/records-$name.jsonl
done
echo "records done $(date -u)"
