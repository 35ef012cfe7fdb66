#!/bin/bash
# records.sh: rounds of today's default agent with their true deals, for E's belief fit
# (pair seed 10185, partner of counting seed 10186). Run from the repository's root (models/).
# $CAPICUA = the binary.
d=eval/results/session68
"$CAPICUA" eval --quiet --a ismcts:ms=10,model=default --b counting --rounds 8000 --seed 10185 --threads 2 --record $d/records-pair-10185.jsonl > $d/records-pair-10185.log 2>&1
"$CAPICUA" eval --quiet --a ismcts:ms=10,model=default --a-partner counting --b counting --rounds 4000 --seed 10186 --threads 2 --record $d/records-partner-10186.jsonl > $d/records-partner-10186.log 2>&1
echo "records done $(date -u)"
