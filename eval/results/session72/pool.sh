#!/bin/bash
# Session 72's pooled results; each output file starts with its command.
# Usage: bash eval/results/session72/pool.sh S|C|rows
cd "$(dirname "$0")/../../.."
d=eval/results/session72
B=${CAPICUA:-/work/exp/s72/capicua}
paired() { local out=$1; shift; { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $*"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py "$@"; } > $d/$out; cat $d/$out; }
combined() { local out=$1; shift; { echo "\$ python3 eval/results/beliefs/bound/combine.py $*"; python3 eval/results/beliefs/bound/combine.py "$@"; } > $d/$out; cat $d/$out; }
pairs() { local kind=$1 x=$2; shift 2; for s in "$@"; do echo $d/$kind-$x-$s.boards.jsonl $d/$kind-D-$s.boards.jsonl; done; }
case $1 in
S) for x in R M; do
     paired S-$x-partner-paired.txt $(pairs partner10 $x 10214 10215)
     paired S-$x-pair-paired.txt $(pairs pair10 $x 10216 10217)
   done ;;
C) x=${2:?challenger}
   paired C-$x-partner-paired.txt $(pairs partner10 $x 10218 10219 10220 10221)
   paired C-$x-pair-paired.txt $(pairs pair10 $x 10222 10223 10224 10225) ;;
esac
