#!/bin/bash
# Session 83's pooled results, each output file starting with its command.
#   bash eval/results/session83/pool.sh   OBB (a format-2 reader fitted to the `both` teacher)
#                                          beside N (the default), paired: the plan's rule;
#                                          N's 10 ms rows extended with its runs here (fresh
#                                          seeds); OBB's own rows, and OBB estimated as N's
#                                          row plus the paired gain
cd "$(dirname "$0")/../../.."
d=eval/results/session83
lanes=$d/lanes
s82=eval/results/session82
export CAPICUA=${CAPICUA:-/work/exp/s83/capicua}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
runs() { python3 eval/lanes.py runs --side $1 --row $2 --ms 10 --a OBB --b N $lanes; }
for row in pair partner; do
  save rule-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a OBB --b N $lanes
  save gain-$row.txt python3 eval/lanes.py paired $(for f in $(runs a $row); do
    echo ${f%.txt}.boards.jsonl $(echo ${f%.txt} | sed 's/-OBB-/-N-/').boards.jsonl; done)
  save row10-$row-N.txt python3 eval/lanes.py combine \
    $(head -1 $s82/row10-$row-N.txt | cut -d' ' -f5-) $(runs b $row)
  save row10-$row-OBB.txt python3 eval/lanes.py combine $(runs a $row)
  save row10-$row-OBB-estimate.txt python3 $s82/estimate.py $d/row10-$row-N.txt $d/gain-$row.txt
done
