#!/bin/bash
# run.sh: plan.md's runs in its order. $CAPICUA = the session's binary.
# As run, it was stopped by hand after launching step 2's controls; run2.sh did the rest, and
# step 3 below (T2 at 50 ms) never ran: the plan's addendum replaced it.
cd "$(dirname "$0")/../../.."
d=eval/results/cores50; ev=eval/results/speed44/evb.sh
E10=ismcts:ms=10,model=default; T10=$E10,threads=2
E50=ismcts:ms=50,model=default; T50=$E50,threads=2
pair() { "$CAPICUA" paired $d/$1-T2-$2.boards.jsonl $d/$1-E-$2.boards.jsonl > $d/$1-$2-paired.txt 2>&1; }
# 1. pair at 10 ms
bash $ev $d/pair10-E-9971.txt 9971 --a $E10 --b counting &
bash $ev $d/pair10-E-9972.txt 9972 --a $E10 --b counting; wait
bash $ev $d/pair10-T2-9971.txt 9971 --a $T10 --b counting
bash $ev $d/pair10-T2-9972.txt 9972 --a $T10 --b counting
pair pair10 9971; pair pair10 9972
# 2. partner of counting at 10 ms
bash $ev $d/partner10-E-9973.txt 9973 --a $E10 --a-partner counting --b counting &
bash $ev $d/partner10-E-9974.txt 9974 --a $E10 --a-partner counting --b counting; wait
bash $ev $d/partner10-T2-9973.txt 9973 --a $T10 --a-partner counting --b counting
bash $ev $d/partner10-T2-9974.txt 9974 --a $T10 --a-partner counting --b counting
pair partner10 9973; pair partner10 9974
echo "10 ms done $(date -u)"
# 3. pair at 50 ms, 2,000 rounds a seed
export ROUNDS=2000
bash $ev $d/pair50-E-9975.txt 9975 --a $E50 --b counting &
bash $ev $d/pair50-E-9976.txt 9976 --a $E50 --b counting; wait
bash $ev $d/pair50-T2-9975.txt 9975 --a $T50 --b counting
bash $ev $d/pair50-T2-9976.txt 9976 --a $T50 --b counting
pair pair50 9975; pair pair50 9976
echo "cores50 done $(date -u)"
