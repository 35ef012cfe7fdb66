#!/bin/bash
# plan.md addendum 4: D and the control side by side, board files kept; run from the repository root
d=eval/results/own38
base=ismcts:ms=10,model=default
D=$base,mix=0.5,rollout=heuristic
run() { "$d/evb.sh" "$@"; }
run $d/partner_10ms_mixD_5702.txt 5702 --a $D --a-partner counting --b counting &
run $d/partner_10ms_control_5702.txt 5702 --a $base --a-partner counting --b counting &
wait
run $d/pair_10ms_mixD_5701.txt 5701 --a $D --b counting &
run $d/pair_10ms_control_5701.txt 5701 --a $base --b counting &
wait
for s in partner_10ms_@_5702 pair_10ms_@_5701; do
  a=$d/${s/@/mixD}.boards.jsonl; b=$d/${s/@/control}.boards.jsonl
  { echo "\$ capicua paired $a $b"; "$CAPICUA" paired "$a" "$b"; } > $d/${s/@/paired}.txt 2>&1
done
