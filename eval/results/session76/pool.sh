#!/bin/bash
# Session 76's pooled results; each output file starts with its command.
# Usage: bash eval/results/session76/pool.sh M      (M paired over D, and each side's rows)
#        bash eval/results/session76/pool.sh rows   (the default's 10 ms rows with these D runs)
cd "$(dirname "$0")/../../.."
d=eval/results/session76
B=${CAPICUA:-/work/exp/s76/capicua-s76}
combined() { local out=$1; shift; { echo "\$ python3 eval/results/beliefs/bound/combine.py $*"; python3 eval/results/beliefs/bound/combine.py "$@"; } > $d/$out; cat $d/$out; }
done_seeds() { # row: the seeds whose M and D runs both ended
  for f in $d/$1-M-*.txt; do s=${f##*-}; s=${s%.txt}
    grep -q "^ended" $f && grep -q "^ended" $d/$1-D-$s.txt && echo $s; done; }
if [ "$1" = M ]; then
  for row in partner pair; do
    seeds=$(done_seeds $row)
    files=$(for s in $seeds; do echo $d/$row-M-$s.boards.jsonl $d/$row-D-$s.boards.jsonl; done | tr '\n' ' ')
    out=$d/M-$row-paired.txt
    { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $files"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py $files; } > $out; cat $out
    combined row10-$row-M.txt $(for s in $seeds; do echo $d/$row-M-$s.txt; done)
    combined row10-$row-D.txt $(for s in $seeds; do echo $d/$row-D-$s.txt; done)
  done
fi
# on the AMD EPYC (sessions 74-75's runs and these) and over both machines (with session 73's
# Xeon lists)
if [ "$1" = rows ]; then
  s74=eval/results/session74
  s75=eval/results/session75
  x_pair=$(head -1 eval/results/session73/row10-pair.txt | cut -d' ' -f4-)
  x_partner=$(head -1 eval/results/session73/row10-partner.txt | cut -d' ' -f4-)
  for row in pair partner; do
    ours=$(for f in $d/$row-D-*.txt $d/${row}C-D-*.txt; do [ -f $f ] && grep -q "^ended" $f && echo $f; done)
    combined row10-$row-amd.txt $(ls $s74/${row}10-D-*.txt) $(ls $s75/$row-D-*.txt) $ours
    x=x_$row
    combined row10-$row-both.txt ${!x} $(ls $s74/${row}10-D-*.txt) $(ls $s75/$row-D-*.txt) $ours
  done
fi
