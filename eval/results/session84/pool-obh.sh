#!/bin/bash
# Session 84's screen of OBH beside N (plan addendum; reported only), each output file starting
# with its command; then N's 10 ms rows over every fresh run through this session (both of its
# folders): row10-ROW-N-all.txt (pool.sh's row10-ROW-N.txt stops before the screen).
#   bash eval/results/session84/pool-obh.sh
cd "$(dirname "$0")/../../.."
d=eval/results/session84
export CAPICUA=${CAPICUA:-/work/exp/s83/capicua}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
for row in pair partner; do
  save obh-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a OBH --b N $d/obh
  save row10-$row-N-all.txt python3 eval/lanes.py combine \
    $(head -1 eval/results/session83/row10-$row-N.txt | cut -d' ' -f5-) \
    $(python3 eval/lanes.py runs --side b --row $row --ms 10 --a ES19 --b N $d/lanes) \
    $(python3 eval/lanes.py runs --side b --row $row --ms 10 --a OBH --b N $d/obh)
done
