#!/bin/bash
# Run 1 pooled (whole run) and paired board by board over session 61's runs on the same deals, into run1.txt
cd "$(dirname "$0")/../../.."
r=eval/results/puct63
args=()
for s in 10147 10148 10149 10150; do args+=($r/pair50-cpuct1-$s.boards.jsonl eval/results/build61/pair50-$s.boards.jsonl); done
{ echo "\$ bash $r/pool1.sh   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  echo "## cpuct=1, whole run"; python3 eval/results/beliefs/bound/combine.py $r/pair50-cpuct1-1*.txt
  echo "## session 61's runs (cpuct=1.5), whole run"; python3 eval/results/beliefs/bound/combine.py eval/results/build61/pair50-101{47,48,49,50}.txt
  echo "## paired"; python3 eval/results/partner40/pool_paired.py "${args[@]}"; } > $r/run1.txt
cat $r/run1.txt
