#!/bin/bash
# records.sh: rounds of E for labels (pair seed 10104, partner of counting seed 10105), then the
# labels: the rest of distil55's seeds 10102-10103, then 10104-10105. $CAPICUA = the binary.
cd "$(dirname "$0")"
"$CAPICUA" eval --a ismcts:ms=10,model=default --b counting --rounds 1500 --seed 10104 --threads 2 --record records-pair-10104.jsonl > records-pair-10104.log 2>&1
"$CAPICUA" eval --a ismcts:ms=10,model=default --a-partner counting --b counting --rounds 1500 --seed 10105 --threads 2 --record records-partner-10105.jsonl > records-partner-10105.log 2>&1
echo "records done $(date -u)"
(cd ../distil55 && python3 label.py "$CAPICUA" labels-10102-10103.jsonl ismcts:iters=20000,model=default 2 records-pair-10102.jsonl records-partner-10103.jsonl) > label-10102-10103.log 2>&1
echo "10102-10103 done $(date -u)"
python3 ../distil55/label.py "$CAPICUA" labels-10104-10105.jsonl ismcts:iters=20000,model=default 2 records-pair-10104.jsonl records-partner-10105.jsonl > label-10104-10105.log 2>&1
echo "10104-10105 done $(date -u)"
