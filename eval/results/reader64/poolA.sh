#!/bin/bash
# Run A pooled (whole run) and paired board by board over session 63's runs of the reader on the same deals, into runA.txt
cd "$(dirname "$0")/../../.."
r=eval/results/reader64
args=()
for s in 10147 10148 10149 10150; do args+=($r/pair50-noreader-$s.boards.jsonl eval/results/puct63/pair50-cpuct1-$s.boards.jsonl); done
{ echo "\$ bash $r/poolA.sh   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  echo "## reader=none, whole run"; python3 eval/results/beliefs/bound/combine.py $r/pair50-noreader-1*.txt
  echo "## session 63's runs (the reader), whole run"; python3 eval/results/beliefs/bound/combine.py eval/results/puct63/pair50-cpuct1-101{47,48,49,50}.txt
  echo "## paired (reader=none minus the reader)"; python3 eval/results/partner40/pool_paired.py "${args[@]}"; } > $r/runA.txt
cat $r/runA.txt
