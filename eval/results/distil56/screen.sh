#!/bin/bash
# screen.sh NAME LR SET: distil a label set into /work/exp/s56/NAME.bpk (4 epochs, lr LR; SET
# 55: distil55's three files, all: those and this folder's), pause the labelling engines,
# screen the candidate
# against E on ../cv53/ref1500-E.json (regret.py), resume. $CAPICUA = the binary.
cd "$(dirname "$0")/../../.."
name=$1; lr=$2; set=$3
d=eval/results/distil56; L55=eval/results/distil55
files="$L55/labels-9998-9999.jsonl $L55/labels-10100-10101.jsonl $L55/labels-10102-10103.jsonl"
[ "$set" = all ] && files="$files $d/labels-10104-10105.jsonl"
{ echo "== $name: lr $lr, set $set, $(date -u)"; wc -l $files | tail -1
  "$CAPICUA" distil $files --lr $lr --epochs 4 --quiet --out /work/exp/s56/$name.bpk; } >> $d/distil.txt 2>&1
pids=$(pgrep -f "capicua engine|label.py" | tr "\n" " ")
[ -n "$pids" ] && kill -STOP $pids
sleep 2
REF_CACHE=eval/results/cv53/ref1500-E.json python3 eval/results/cv53/regret.py "$CAPICUA" \
  eval/results/cv53/records-E-9994.jsonl 1500 ismcts:ms=1000,model=default \
  ismcts:ms=10,model=default ismcts:ms=10,model=/work/exp/s56/$name.bpk > $d/screen-$name.txt 2>&1
[ -n "$pids" ] && kill -CONT $pids
echo "screened $name $(date -u)" >> $d/distil.txt
