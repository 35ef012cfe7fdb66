#!/bin/bash
# Session 84's pooled results, each output file starting with its command.
#   bash eval/results/session84/pool.sh   ES19 (an early stop: at most 19 ms a decision, ended
#                                          at 15% of it when one move holds 70% of the root's
#                                          visits) beside N (the default), paired: the plan's
#                                          rule, with each side's pooled think time; N's 10 ms
#                                          rows extended with its runs here (fresh seeds)
cd "$(dirname "$0")/../../.."
d=eval/results/session84
lanes=$d/lanes
s83=eval/results/session83
export CAPICUA=${CAPICUA:-/work/exp/s83/capicua}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
runs() { python3 eval/lanes.py runs --side $1 --row $2 --ms 10 --a ES19 --b N $lanes; }
for row in pair partner; do
  save rule-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a ES19 --b N $lanes
  save think-$row-ES19.txt python3 $d/think.py $(runs a $row)
  save think-$row-N.txt python3 $d/think.py $(runs b $row)
  save row10-$row-N.txt python3 eval/lanes.py combine \
    $(head -1 $s83/row10-$row-N.txt | cut -d' ' -f5-) $(runs b $row)
  save row10-$row-ES19.txt python3 eval/lanes.py combine $(runs a $row)
done
