#!/bin/bash
# Session 85's pooled results, each output file starting with its command.
#   bash eval/results/session85/pool.sh   RN (the short reader at every node of the searcher's,
#                                          `rnodes=own`) beside N (the default), paired: the
#                                          plan's rule, with each side's pooled think time; N's
#                                          10 ms rows extended with its runs here (fresh seeds)
cd "$(dirname "$0")/../../.."
d=eval/results/session85
lanes=$d/lanes
s84=eval/results/session84
export CAPICUA=${CAPICUA:-/work/exp/s83/capicua}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
runs() { python3 eval/lanes.py runs --side $1 --row $2 --ms 10 --a RN --b N $lanes; }
for row in pair partner; do
  save rule-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a RN --b N $lanes
  save think-$row-RN.txt python3 $s84/think.py $(runs a $row)
  save think-$row-N.txt python3 $s84/think.py $(runs b $row)
  save row10-$row-N.txt python3 eval/lanes.py combine \
    $(head -1 $s84/row10-$row-N-all.txt | cut -d' ' -f5-) $(runs b $row)
  save row10-$row-RN.txt python3 eval/lanes.py combine $(runs a $row)
done
