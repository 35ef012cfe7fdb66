#!/bin/bash
# A session's candidate beside the default at 10 ms, pooled; each output file starts with its
# command. In DIR (its runs in DIR/lanes): the rule, A - B paired (rule-ROW.txt); each side's
# pooled think time (think-ROW-A.txt, think-ROW-B.txt); B's 10 ms row, the runs of BASE (a
# combine output file, ROW in its name standing for the row) and B's here (row10-ROW-B.txt);
# A's own runs (row10-ROW-A.txt).
#   bash eval/pool.sh DIR A B BASE
cd "$(dirname "$0")/.."
d=$1 a=$2 b=$3 base=$4
# the build the README's main command makes, unless CAPICUA names another
export CAPICUA=${CAPICUA:-$PWD/target/release/capicua}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
runs() { python3 eval/lanes.py runs --side $1 --row $2 --ms 10 --a $a --b $b $d/lanes; }
for row in pair partner; do
  save rule-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a $a --b $b $d/lanes
  save think-$row-$a.txt python3 eval/lanes.py think $(runs a $row)
  save think-$row-$b.txt python3 eval/lanes.py think $(runs b $row)
  save row10-$row-$b.txt python3 eval/lanes.py combine \
    $(head -1 ${base//ROW/$row} | cut -d' ' -f5-) $(runs b $row)
  save row10-$row-$a.txt python3 eval/lanes.py combine $(runs a $row)
done
