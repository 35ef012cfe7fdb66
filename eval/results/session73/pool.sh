#!/bin/bash
# Session 73's pooled results; each output file starts with its command.
# Usage: bash eval/results/session73/pool.sh S | C X | rows X
cd "$(dirname "$0")/../../.."
d=eval/results/session73
B=${CAPICUA:-/work/exp/s73/capicua}
paired() { local out=$1; shift; { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $*"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py "$@"; } > $d/$out; cat $d/$out; }
combined() { local out=$1; shift; { echo "\$ python3 eval/results/beliefs/bound/combine.py $*"; python3 eval/results/beliefs/bound/combine.py "$@"; } > $d/$out; cat $d/$out; }
pairs() { local kind=$1 x=$2; shift 2; for s in "$@"; do echo $d/$kind-$x-$s.boards.jsonl $d/$kind-D-$s.boards.jsonl; done; }
case $1 in
S) for x in X1 X2 X3; do
     paired S-$x-partner-paired.txt $(pairs partner10 $x 10238 10239)
     paired S-$x-pair-paired.txt $(pairs pair10 $x 10240 10241)
   done ;;
C) x=${2:?challenger}
   paired C-$x-partner-paired.txt $(pairs partner10 $x 10242 10243 10244 10245)
   paired C-$x-pair-paired.txt $(pairs pair10 $x 10246 10247 10248 10249) ;;
rows) s72=eval/results/session72
   # the 10 ms default's rows: session 72's runs of it (M and N) and this session's D
   D_partner=$(ls $d/partner10-D-*.txt)
   D_pair=$(ls $d/pair10-D-*.txt)
   combined row10-partner.txt $s72/partner10-M-1021{4,5}.txt $s72/partner10-M-102{26,27,28,29}.txt $s72/partner10-N-1023{4,5}.txt $D_partner
   combined row10-pair.txt $s72/pair10-M-1021{6,7}.txt $s72/pair10-M-102{30,31,32,33}.txt $s72/pair10-N-1023{6,7}.txt $D_pair
   combined row10-partner-s73.txt $D_partner
   combined row10-pair-s73.txt $D_pair ;;
esac
# the rows without session 72's screen seeds (the deals that chose mix=0.75): bash pool.sh rows-fresh
if [ "$1" = rows-fresh ]; then
   s72=eval/results/session72
   combined row10-partner-fresh.txt $s72/partner10-M-102{26,27,28,29}.txt $s72/partner10-N-1023{4,5}.txt $(ls $d/partner10-D-*.txt)
   combined row10-pair-fresh.txt $s72/pair10-M-102{30,31,32,33}.txt $s72/pair10-N-1023{6,7}.txt $(ls $d/pair10-D-*.txt)
fi
# addendum T: the default at 20 ms paired with it at 10 ms on the same deals: bash pool.sh T
if [ "$1" = T ]; then
   tp() { local kind=$1; shift; for s in "$@"; do [ -f $d/${kind}20-T-$s.boards.jsonl ] && echo $d/${kind}20-T-$s.boards.jsonl $d/${kind}10-D-$s.boards.jsonl; done; }
   paired T-partner-paired.txt $(tp partner 10238 10239 10250 10251)
   paired T-pair-paired.txt $(tp pair 10240 10241 10252 10253)
fi
# X2 over every seed it played (screen and confirmation): bash pool.sh X2-all
if [ "$1" = X2-all ]; then
   paired X2-all-partner-paired.txt $(pairs partner10 X2 10238 10239 10242 10243 10244 10245)
   paired X2-all-pair-paired.txt $(pairs pair10 X2 10240 10241 10246 10247 10248 10249)
fi
# the 20 ms runs' whole-run margins pooled: bash pool.sh T-rows
if [ "$1" = T-rows ]; then
   combined row20-partner.txt $d/partner20-T-*.txt
   combined row20-pair.txt $d/pair20-T-*.txt
fi
