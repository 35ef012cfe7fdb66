#!/bin/bash
# Session 80's pooled results, each output file starting with its command.
#   bash eval/results/session80/pool.sh rule   R20 and R200 beside the default D, paired: the
#                                              screen, R20's fresh seeds under plan.md's rule,
#                                              and every seed each row finished
#   bash eval/results/session80/pool.sh rows   #12's 10 ms rows: session 79's lists and D's runs
#                                              in lanes/ (over both machines, on the AMD EPYC
#                                              alone, and D's runs here alone)
cd "$(dirname "$0")/../../.."
d=eval/results/session80
lanes=$d/lanes
s79=eval/results/session79
export CAPICUA=${CAPICUA:-/work/exp/s80/capicua-664fca2}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
boards() { # row name seed...: the paired boards files, candidate then D, of each seed
  local row=$1 name=$2; shift 2
  for s in "$@"; do echo $lanes/$row-10ms-$name-$s.boards.jsonl $lanes/$row-10ms-D-$s.boards.jsonl; done; }
d_runs() { # row: D's run files of the seeds both sides finished, whichever candidate ran beside it
  for name in R20 R200; do python3 eval/lanes.py runs --side b --row $1 --ms 10 --a $name --b D $lanes; done | sort -u; }
case "$1" in
rule)
  save screen-R20.txt python3 eval/lanes.py paired $(boards pair R20 10364 10365)
  save screen-R200.txt python3 eval/lanes.py paired $(boards pair R200 10366 10367)
  save fresh-R20-pair.txt python3 eval/lanes.py paired $(boards pair R20 10368 10369)
  save fresh-R20-partner.txt python3 eval/lanes.py paired $(boards partner R20 10370 10371)
  for row in pair partner; do
    save all-R20-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a R20 --b D $lanes
  done ;;
rows)
  for row in pair partner; do
    save row10-$row.txt python3 eval/lanes.py combine $(head -1 $s79/row10-$row.txt | cut -d' ' -f5-) $(d_runs $row)
    save row10-$row-amd.txt python3 eval/lanes.py combine $(head -1 $s79/row10-$row-amd.txt | cut -d' ' -f5-) $(d_runs $row)
    save row10-$row-D-here.txt python3 eval/lanes.py combine $(d_runs $row)
  done ;;
*) echo "usage: pool.sh rule|rows"; exit 2 ;;
esac
