#!/bin/bash
# run.sh: plan.md's runs. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/crn50; ev=eval/results/speed44/evb.sh
A=ismcts:iters=800,model=default
bash $ev $d/partner-A-9977.txt 9977 --a $A --a-partner counting --b counting &
bash $ev $d/partner-B-9977.txt 9977 --a $A,cpuct=1 --a-partner counting --b counting; wait
bash $ev $d/partner-C-9977.txt 9977 --a $A,seed=1 --a-partner counting --b counting
"$CAPICUA" paired $d/partner-B-9977.boards.jsonl $d/partner-A-9977.boards.jsonl > $d/B-vs-A-9977-paired.txt 2>&1
"$CAPICUA" paired $d/partner-C-9977.boards.jsonl $d/partner-A-9977.boards.jsonl > $d/C-vs-A-9977-paired.txt 2>&1
echo "crn50 done $(date -u)"
