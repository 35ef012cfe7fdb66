#!/bin/bash
# Session 81's pooled results, each output file starting with its command.
#   bash eval/results/session81/pool.sh rule   O10 (the oracle-taught reader) beside the default
#                                              D, paired: the screen, the fresh seeds under
#                                              plan.md's rule, and every seed of each row; the
#                                              addendum's screen of OB (both teachers),
#                                              its confirmation (addendum 2) and all its seeds
#   bash eval/results/session81/pool.sh rows   #12's 10 ms rows: session 80's lists and D's runs
#                                              in lanes/ (over both machines, on the AMD EPYC
#                                              alone, and D's runs here alone)
cd "$(dirname "$0")/../../.."
d=eval/results/session81
lanes=$d/lanes
s80=eval/results/session80
export CAPICUA=${CAPICUA:-/work/exp/s81/capicua-new}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
boards() { # row name seed...: the paired boards files, candidate then D, of each seed
  local row=$1 name=$2; shift 2
  for s in "$@"; do echo $lanes/$row-10ms-$name-$s.boards.jsonl $lanes/$row-10ms-D-$s.boards.jsonl; done; }
d_runs() { # row: D's run files of the seeds both sides finished, whichever reader ran beside it
  for name in O10 OB; do python3 eval/lanes.py runs --side b --row $1 --ms 10 --a $name --b D $lanes; done | sort -u; }
case "$1" in
rule)
  save screen-O10-pair.txt python3 eval/lanes.py paired $(boards pair O10 10380 10381)
  save screen-O10-partner.txt python3 eval/lanes.py paired $(boards partner O10 10382 10383)
  save fresh-O10-pair.txt python3 eval/lanes.py paired $(boards pair O10 10384 10385 10386 10387)
  save fresh-O10-partner.txt python3 eval/lanes.py paired $(boards partner O10 10388 10389 10390 10391)
  save screen-OB-pair.txt python3 eval/lanes.py paired $(boards pair OB 10392 10393)
  save screen-OB-partner.txt python3 eval/lanes.py paired $(boards partner OB 10394 10395)
  for side in OB D; do
    save screen-OB-whole-pair-$side.txt python3 eval/lanes.py combine $lanes/pair-10ms-$side-1039{2,3}.txt
    save screen-OB-whole-partner-$side.txt python3 eval/lanes.py combine $lanes/partner-10ms-$side-1039{4,5}.txt
  done
  save confirm-OB-pair.txt python3 eval/lanes.py paired $(boards pair OB 10396 10397 10398 10399)
  save confirm-OB-partner.txt python3 eval/lanes.py paired $(boards partner OB 10400 10401 10402 10403)
  for row in pair partner; do
    save all-O10-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a O10 --b D $lanes
    save all-OB-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a OB --b D $lanes
  done ;;
rows)
  for row in pair partner; do
    save row10-$row.txt python3 eval/lanes.py combine $(head -1 $s80/row10-$row.txt | cut -d' ' -f5-) $(d_runs $row)
    save row10-$row-amd.txt python3 eval/lanes.py combine $(head -1 $s80/row10-$row-amd.txt | cut -d' ' -f5-) $(d_runs $row)
    save row10-$row-D-here.txt python3 eval/lanes.py combine $(d_runs $row)
  done ;;
*) echo "usage: pool.sh rule|rows"; exit 2 ;;
esac
