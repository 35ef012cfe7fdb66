#!/bin/bash
# Run D alone, and the 50 ms pair row of the shipped default pooled with session 63's runs 1
# and 3 (32,000 rounds), into runD.txt
cd "$(dirname "$0")/../../.."
r=eval/results/reader64
{ echo "\$ bash $r/poolD.sh   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  echo "## run D (seeds 10173-10174), whole run"; python3 eval/results/beliefs/bound/combine.py $r/pair50-default-1017{3,4}.txt
  echo "## the 50 ms pair row: session 63's runs 1 and 3 and run D"
  python3 eval/results/beliefs/bound/combine.py eval/results/puct63/pair50-cpuct1-101{47,48,49,50}.txt eval/results/puct63/pair50-new-1017{1,2}.txt $r/pair50-default-1017{3,4}.txt; } > $r/runD.txt
cat $r/runD.txt
