#!/bin/bash
# Session 82's pooled results, each output file starting with its command.
#   bash eval/results/session82/pool.sh   N (session 82's default, the short reader at 10 ms)
#                                          beside D (the same with models/reader.json, session
#                                          81's default), paired; N's 10 ms rows (its runs with
#                                          OB's, the same search, in session 81) and D's rows
#                                          extended; N's rows estimated as D's row plus the
#                                          paired gain. OB's screen seeds (10392-10395) are
#                                          left out everywhere: they chose OB, so its lead on
#                                          them is biased upwards; its confirmation seeds
#                                          (10396-10403) and this session's are fresh
cd "$(dirname "$0")/../../.."
d=eval/results/session82
lanes=$d/lanes
s81=eval/results/session81
export CAPICUA=${CAPICUA:-/work/exp/s82/capicua-n}
save() { local out=$1; shift; { echo "\$ $*"; "$@"; } > $d/$out; cat $d/$out; }
runs() { # lanes side name row: the run files of one side, seeds both sides finished, but
  # OB's screen seeds
  python3 eval/lanes.py runs --side $2 --row $4 --ms 10 --a $3 --b D $1 | grep -v -- '-1039[2-5]\.txt$'; }
pairs() { # lanes name row: candidate and D boards files of every seed both finished
  for f in $(runs $1 a $2 $3); do
    echo ${f%.txt}.boards.jsonl $(dirname $f)/$3-10ms-D-$(basename $f | sed 's/.*-//; s/\.txt$//').boards.jsonl
  done; }
for row in pair partner; do
  save nd-$row.txt python3 eval/lanes.py compare --row $row --ms 10 --a N --b D $lanes
  save gain-$row.txt python3 eval/lanes.py paired $(pairs $s81/lanes OB $row) $(pairs $lanes N $row)
  # with the addendum's runs of N alone (more/)
  save row10-$row-N.txt python3 eval/lanes.py combine $(runs $s81/lanes a OB $row) $(runs $lanes a N $row) \
    $(ls $d/more/$row-10ms-N-*.txt 2>/dev/null)
  # D's runs beside OB's confirmation (session 81's lists stop before them) and beside N
  d_new="$(runs $s81/lanes b OB $row) $(runs $lanes b N $row)"
  save row10-$row-D.txt python3 eval/lanes.py combine $(head -1 $s81/row10-$row.txt | cut -d' ' -f5-) $d_new
  save row10-$row-D-amd.txt python3 eval/lanes.py combine $(head -1 $s81/row10-$row-amd.txt | cut -d' ' -f5-) $d_new
  save row10-$row-D-here.txt python3 eval/lanes.py combine $d_new
  save row10-$row-N-estimate.txt python3 $d/estimate.py $d/row10-$row-D.txt $d/gain-$row.txt
done
