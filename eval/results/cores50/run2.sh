#!/bin/bash
# run2.sh: takes over from run.sh (stopped after launching step 2's controls): waits for the
# controls, then step 2's T2 runs and step 3 as the addendum replaced it. $CAPICUA as run.sh.
cd "$(dirname "$0")/../../.."
d=eval/results/cores50; ev=eval/results/speed44/evb.sh
E10=ismcts:ms=10,model=default; T10=$E10,threads=2
while pgrep -f "cores50/partner10-E-997" > /dev/null; do sleep 10; done
pair() { "$CAPICUA" paired $d/$1-$2-$4.boards.jsonl $d/$1-$3-$4.boards.jsonl > $d/$1-$2-vs-$3-$4-paired.txt 2>&1; }
bash $ev $d/partner10-T2-9973.txt 9973 --a $T10 --a-partner counting --b counting
bash $ev $d/partner10-T2-9974.txt 9974 --a $T10 --a-partner counting --b counting
pair partner10 T2 E 9973; pair partner10 T2 E 9974
echo "10 ms done $(date -u)"
export ROUNDS=1600
bash $ev $d/pair50-E-9975.txt 9975 --a ismcts:ms=50,model=default --b counting &
bash $ev $d/pair50-E-9976.txt 9976 --a ismcts:ms=50,model=default --b counting; wait
bash $ev $d/pair200-E-9975.txt 9975 --a ismcts:ms=200,model=default --b counting &
bash $ev $d/pair200-E-9976.txt 9976 --a ismcts:ms=200,model=default --b counting; wait
# (as run, this line called pair() with names that match no file; the two commands below were
# then run by hand, with the pooling over time49's seed)
for s in 9975 9976; do
  "$CAPICUA" paired $d/pair200-E-$s.boards.jsonl $d/pair50-E-$s.boards.jsonl > $d/pair200-vs-50-$s-paired.txt 2>&1
done
echo "cores50 done $(date -u)"
