#!/bin/bash
# The 50 ms pair row of the shipped default: session 63's runs 1 and 3, session 64's run D and
# session 69's two fresh-seed runs (40,000 rounds), into row50.txt
cd "$(dirname "$0")/../../.."
d=eval/results/session69
{ echo "\$ bash $d/poolN.sh   ($(date -u '+%Y-%m-%d %H:%M') UTC)"
  echo "## session 69's default at 50 ms (seeds 10193-10194)"; python3 eval/results/beliefs/bound/combine.py $d/pair50-E-1019{3,4}.txt
  echo "## K1 at 50 ms (same seeds)"; python3 eval/results/beliefs/bound/combine.py $d/pair50-K1-1019{3,4}.txt
  echo "## the 50 ms pair row"
  python3 eval/results/beliefs/bound/combine.py eval/results/puct63/pair50-cpuct1-101{47,48,49,50}.txt eval/results/puct63/pair50-new-1017{1,2}.txt eval/results/reader64/pair50-default-1017{3,4}.txt $d/pair50-E-1019{3,4}.txt; } > $d/row50.txt
cat $d/row50.txt
