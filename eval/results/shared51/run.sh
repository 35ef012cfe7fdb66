#!/bin/bash
# run.sh: plan.md's steps 1 and 2, each run alone. $CAPICUA = session 51's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/shared51; c=eval/results/cores50; ev=eval/results/speed44/evb.sh
TS10=ismcts:ms=10,model=default,threads=2,parallel=tree
TS50=ismcts:ms=50,model=default,threads=2,parallel=tree
pair() { "$CAPICUA" paired "$1" "$2" > "$3" 2>&1; }
# 1. pair at 10 ms
for s in 9971 9972; do
  bash $ev $d/pair10-TS-$s.txt $s --a $TS10 --b counting
  pair $d/pair10-TS-$s.boards.jsonl $c/pair10-E-$s.boards.jsonl $d/pair10-TS-vs-E-$s-paired.txt
  pair $d/pair10-TS-$s.boards.jsonl $c/pair10-T2-$s.boards.jsonl $d/pair10-TS-vs-T2-$s-paired.txt
done
echo "step 1 done $(date -u)"
# 2. pair at 50 ms
export ROUNDS=1600
for s in 9975 9976; do
  bash $ev $d/pair50-TS-$s.txt $s --a $TS50 --b counting
  pair $d/pair50-TS-$s.boards.jsonl $c/pair50-E-$s.boards.jsonl $d/pair50-TS-vs-E-$s-paired.txt
done
echo "step 2 (cores50 seeds) done $(date -u)"
export ROUNDS=2000
bash $ev $d/pair50-TS-9961.txt 9961 --a $TS50 --b counting
pair $d/pair50-TS-9961.boards.jsonl eval/results/time49/pair50-E-9961.boards.jsonl $d/pair50-TS-vs-E-9961-paired.txt
echo "step 2 done $(date -u)"
