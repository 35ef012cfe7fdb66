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
# addenda T and T2: the default at 20 ms paired with it at 10 ms on the same deals: bash pool.sh T
if [ "$1" = T ]; then
   B=${CAPICUA:-/work/exp/s74/capicua-head}
   out=$d/T-pair-paired.txt
   files=$(for s in 10254 10255 10256 10257 10266 10267 10268 10269; do [ -f $d/pair20-T-$s.boards.jsonl ] && grep -q "^ended" $d/pair20-T-$s.txt && echo $d/pair20-T-$s.boards.jsonl $d/pair10-D-$s.boards.jsonl; done | tr '\n' ' ')
   { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $files"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py $files; } > $out; cat $out
   combined row20-pair-amd.txt $(for s in 10254 10255 10256 10257 10266 10267 10268 10269; do [ -f $d/pair20-T-$s.txt ] && grep -q "^ended" $d/pair20-T-$s.txt && echo $d/pair20-T-$s.txt; done)
fi
# the 10 ms rows over both machines: session 73's pooled lists (the Xeon) and this session's runs (the AMD EPYC): bash pool.sh rows-both
if [ "$1" = rows-both ]; then
   x_pair=$(head -1 eval/results/session73/row10-pair.txt | cut -d' ' -f4-)
   x_partner=$(head -1 eval/results/session73/row10-partner.txt | cut -d' ' -f4-)
   combined row10-pair-both.txt $x_pair $(ls $d/pair10-D-*.txt)
   combined row10-partner-both.txt $x_partner $(ls $d/partner10-D-*.txt)
fi
# twice the time over both machines: session 73's pairs (the Xeon) and this session's: bash pool.sh T-both
if [ "$1" = T-both ]; then
   B=${CAPICUA:-/work/exp/s74/capicua-head}
   xeon=$(head -1 eval/results/session73/T-pair-paired.txt | cut -d" " -f5-)
   ours=$(head -1 $d/T-pair-paired.txt | cut -d" " -f5-)
   out=$d/T-pair-paired-both.txt
   { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $xeon $ours"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py $xeon $ours; } > $out; cat $out
fi
# D's 10 ms runs on the eight seeds T20 played: bash pool.sh T-control
if [ "$1" = T-control ]; then
   combined row10-pair-amd-Tseeds.txt $d/pair10-D-1025{4,5,6,7}.txt $d/pair10-D-1026{6,7,8,9}.txt
fi
