#!/bin/bash
# Session 74's pooled results; each output file starts with its command.
# Usage: bash eval/results/session74/pool.sh rows
cd "$(dirname "$0")/../../.."
d=eval/results/session74
combined() { local out=$1; shift; { echo "\$ python3 eval/results/beliefs/bound/combine.py $*"; python3 eval/results/beliefs/bound/combine.py "$@"; } > $d/$out; cat $d/$out; }
case $1 in
rows) combined row10-pair-amd.txt $(ls $d/pair10-D-*.txt)
      combined row10-partner-amd.txt $(ls $d/partner10-D-*.txt) ;;
esac
