#!/bin/bash
# Run C (addendum 1) pooled: each setting's whole run, and paired board by board over session
# 62's runs of the default on the same deals, into runC.txt
cd "$(dirname "$0")/../../.."
r=eval/results/reader64
{ echo "\$ bash $r/poolC.sh   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  echo "## the default (session 62's runs), whole run"; python3 eval/results/beliefs/bound/combine.py eval/results/build62/partner10-cpuct1-101{57,58,59,60}.txt
  for n in btemp15 optemp2 rollouts2; do
    args=()
    for s in 10157 10158 10159 10160; do args+=($r/partner10-$n-$s.boards.jsonl eval/results/build62/partner10-cpuct1-$s.boards.jsonl); done
    echo "## $n, whole run"; python3 eval/results/beliefs/bound/combine.py $r/partner10-$n-1*.txt
    echo "## $n minus the default, paired"; python3 eval/results/partner40/pool_paired.py "${args[@]}"
  done; } > $r/runC.txt
cat $r/runC.txt
