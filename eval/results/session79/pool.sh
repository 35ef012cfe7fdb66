#!/bin/bash
# Session 79's pooled results, each output file starting with its command.
#   bash eval/results/session79/pool.sh rule   the candidate C beside the default D, paired, in
#                                              each row and budget next.sh finished (plan.md)
#   bash eval/results/session79/pool.sh rows   #12's rows: session 77's lists and D's runs in
#                                              session 78's lanes/ (10 ms: over both machines,
#                                              on the AMD EPYC alone, and D's runs here alone;
#                                              C's runs here alone)
cd "$(dirname "$0")/../../.."
d=eval/results/session79
lanes=eval/results/session78/lanes
s77=eval/results/session77
export CAPICUA=${CAPICUA:-/work/exp/s78/capicua-9e9b2b1}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
finished_runs() { # row ms side (a: C, b: D): the side's runs of the seeds both sides finished
  python3 eval/lanes.py runs --side $3 --row $1 --ms $2 --a C --b D $lanes; }
case "$1" in
rule)
  for ms in 10 50; do for row in partner pair; do
    [ -n "$(finished_runs $row $ms a)" ] || continue
    save C-$row$ms-paired.txt python3 eval/lanes.py compare --row $row --ms $ms --a C --b D $lanes
  done; done ;;
rows)
  for row in pair partner; do
    save row10-$row.txt python3 eval/lanes.py combine $(head -1 $s77/row10-$row-both.txt | cut -d' ' -f4-) $(finished_runs $row 10 b)
    save row10-$row-amd.txt python3 eval/lanes.py combine $(head -1 $s77/row10-$row-amd.txt | cut -d' ' -f4-) $(finished_runs $row 10 b)
    save row10-$row-D-here.txt python3 eval/lanes.py combine $(finished_runs $row 10 b)
    save row50-$row.txt python3 eval/lanes.py combine $(head -1 $s77/row50-$row-both.txt | cut -d' ' -f4-) $(finished_runs $row 50 b)
    save row10-$row-C.txt python3 eval/lanes.py combine $(finished_runs $row 10 a)
  done ;;
*) echo "usage: pool.sh rule|rows"; exit 2 ;;
esac
