#!/bin/bash
# run3.sh: plan.md's step 3 (rule (a) passed step 1: TS - T2 pooled +0.77), started when run.sh
# ends, each run alone. $CAPICUA = session 51's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/shared51; ev=eval/results/speed44/evb.sh
while pgrep -f "shared51/run.sh" > /dev/null; do sleep 20; done
TS10=ismcts:ms=10,model=default,threads=2,parallel=tree
T10=ismcts:ms=10,model=default,threads=2
for s in 9981 9982; do
  bash $ev $d/pair10-TS-$s.txt $s --a $TS10 --b counting
  bash $ev $d/pair10-T2-$s.txt $s --a $T10 --b counting
  "$CAPICUA" paired $d/pair10-TS-$s.boards.jsonl $d/pair10-T2-$s.boards.jsonl > $d/pair10-TS-vs-T2-$s-paired.txt 2>&1
done
echo "step 3 done $(date -u)"
