#!/bin/bash
# Session 77's pooled results; each output file starts with its command.
# Usage: bash eval/results/session77/pool.sh M      (M paired over D: rule (i) on this session's
#                                                   10 ms seeds, then with session 76's too)
#        bash eval/results/session77/pool.sh M50    (rule (ii): the 50 ms steps, paired)
#        bash eval/results/session77/pool.sh rows   (#12's rows with the default D's runs)
#        bash eval/results/session77/pool.sh Mrows  (#12's rows with M's runs, sessions 76-77)
#        bash eval/results/session77/pool.sh C      (the addendum: session 46's network C as a pair)
cd "$(dirname "$0")/../../.."
d=eval/results/session77
d76=eval/results/session76
B=${CAPICUA:-/work/exp/s77/capicua-s77}
combined() { local out=$1; shift; { echo "\$ python3 eval/results/beliefs/bound/combine.py $*"; python3 eval/results/beliefs/bound/combine.py "$@"; } > $d/$out; cat $d/$out; }
done_seeds() { # dir row [candidate, M unless named]: the seeds whose candidate and D runs both ended
  for f in $1/$2-${3:-M}-*.txt; do [ -f $f ] || continue; s=${f##*-}; s=${s%.txt}
    grep -q "^ended" $f && grep -q "^ended" $1/$2-D-$s.txt && echo $s; done; }
boards() { # dir row [candidate]: candidate and D boards of every finished seed, in pairs
  for s in $(done_seeds $1 $2 $3); do echo $1/$2-${3:-M}-$s.boards.jsonl $1/$2-D-$s.boards.jsonl; done | tr '\n' ' '; }
runs() { # dir row side [candidate]
  for s in $(done_seeds $1 $2 $4); do echo $1/$2-$3-$s.txt; done | tr '\n' ' '; }
paired() { local out=$1; shift
  { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $*"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py "$@"; } > $d/$out; cat $d/$out; }
case "$1" in
M)
  for row in partner pair; do
    paired M-$row-paired.txt $(boards $d $row)
    paired M-$row-paired-s76-77.txt $(boards $d76 $row) $(boards $d $row)
    combined row10-$row-M-here.txt $(runs $d $row M)
    combined row10-$row-D-here.txt $(runs $d $row D)
  done ;;
M50)
  paired M50-pair-paired.txt $(boards $d pair50)
  paired M50-partner-paired.txt $(boards $d76 partner50) $(boards $d partner50) ;;
rows)
  # on the AMD EPYC (sessions 74-77's runs) and over both machines (with session 73's Xeon lists)
  s74=eval/results/session74; s75=eval/results/session75
  for row in pair partner; do
    x=$(head -1 eval/results/session73/row10-$row.txt | cut -d' ' -f4-)
    amd="$(ls $s74/${row}10-D-*.txt) $(ls $s75/$row-D-*.txt) $(runs $d76 $row D) $(runs $d76 ${row}C D C) $(runs $d $row D) $(runs $d ${row}C D C)"
    combined row10-$row-amd.txt $amd
    combined row10-$row-both.txt $x $amd
  done
  combined row50-partner-both.txt $(head -1 $d76/row50-partner-both.txt | cut -d' ' -f4-) $(runs $d partner50 D)
  combined row50-pair-both.txt $(head -1 eval/results/session71/row50-pair-K1.txt | cut -d' ' -f4-) $(runs $d pair50 D) ;;
Mrows)
  for row in partner pair; do
    combined row10-$row-Mrows.txt $(runs $d76 $row M) $(runs $d $row M)
  done
  combined row50-partner-Mrows.txt $(runs $d76 partner50 M) $(runs $d partner50 M)
  combined row50-pair-Mrows.txt $(runs $d pair50 M) ;;
C)
  paired C-pair-paired.txt $(boards $d pairC C)
  combined row10-pairC-C.txt $(runs $d pairC C C)
  combined row10-pairC-D.txt $(runs $d pairC D C) ;;
*) echo "usage: pool.sh M|M50|rows|Mrows|C"; exit 2 ;;
esac
