#!/bin/bash
# plan.md addendum 6: D and the control side by side as the partner of counting; run from the repository root
d=eval/results/own38
base=ismcts:ms=10,model=default
run() { "$d/evb.sh" "$@"; }
for seed in; do
  run $d/partner_10ms_mixD_$seed.txt $seed --a $base,mix=0.5,rollout=heuristic --a-partner counting --b counting &
  run $d/partner_10ms_control_$seed.txt $seed --a $base --a-partner counting --b counting &
  wait
done
b50=ismcts:ms=50,model=default
run $d/partner_50ms_mixD_6102.txt 6102 --a $b50,mix=0.5,rollout=heuristic --a-partner counting --b counting &
run $d/partner_50ms_control_6102.txt 6102 --a $b50 --a-partner counting --b counting &
wait
for s in partner_50ms_@_6102; do
  a=$d/${s/@/mixD}.boards.jsonl; b=$d/${s/@/control}.boards.jsonl
  { echo "\$ capicua paired $a $b"; "$CAPICUA" paired "$a" "$b"; } > $d/${s/@/paired}.txt 2>&1
done
