#!/bin/bash
# Session 72's pooled results; each output file starts with its command.
# Usage: bash eval/results/session72/pool.sh S|C R|CM|N|rows
cd "$(dirname "$0")/../../.."
d=eval/results/session72
B=${CAPICUA:-/work/exp/s72/capicua}
paired() { local out=$1; shift; { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $*"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py "$@"; } > $d/$out; cat $d/$out; }
combined() { local out=$1; shift; { echo "\$ python3 eval/results/beliefs/bound/combine.py $*"; python3 eval/results/beliefs/bound/combine.py "$@"; } > $d/$out; cat $d/$out; }
pairs() { local kind=$1 x=$2; shift 2; for s in "$@"; do echo $d/$kind-$x-$s.boards.jsonl $d/$kind-D-$s.boards.jsonl; done; }
case $1 in
S) for x in R M; do
     paired S-$x-partner-paired.txt $(pairs partner10 $x 10214 10215)
     paired S-$x-pair-paired.txt $(pairs pair10 $x 10216 10217)
   done ;;
C) x=${2:?challenger}
   paired C-$x-partner-paired.txt $(pairs partner10 $x 10218 10219 10220 10221)
   paired C-$x-pair-paired.txt $(pairs pair10 $x 10222 10223 10224 10225) ;;
CM) paired C-M-partner-paired.txt $(pairs partner10 M 10226 10227 10228 10229)
   paired C-M-pair-paired.txt $(pairs pair10 M 10230 10231 10232 10233)
   paired M-all-partner-paired.txt $(pairs partner10 M 10214 10215 10226 10227 10228 10229)
   paired M-all-pair-paired.txt $(pairs pair10 M 10216 10217 10230 10231 10232 10233) ;;
N) B=/work/exp/s72/capicua-new
   paired N-partner-paired.txt $d/partner10-N-10234.boards.jsonl $d/partner10-D2-10234.boards.jsonl $d/partner10-N-10235.boards.jsonl $d/partner10-D2-10235.boards.jsonl
   paired N-pair-paired.txt $d/pair10-N-10236.boards.jsonl $d/pair10-D2-10236.boards.jsonl $d/pair10-N-10237.boards.jsonl $d/pair10-D2-10237.boards.jsonl
   # the new default's 10 ms rows: M's runs and N's
   combined row10-partner-new.txt $d/partner10-M-1021{4,5}.txt $d/partner10-M-102{26,27,28,29}.txt $d/partner10-N-1023{4,5}.txt
   combined row10-pair-new.txt $d/pair10-M-1021{6,7}.txt $d/pair10-M-102{30,31,32,33}.txt $d/pair10-N-1023{6,7}.txt
   combined row10-partner-new-fresh.txt $d/partner10-M-102{26,27,28,29}.txt $d/partner10-N-1023{4,5}.txt
   combined row10-pair-new-fresh.txt $d/pair10-M-102{30,31,32,33}.txt $d/pair10-N-1023{6,7}.txt
   # the new default over the previous one, every seed it played beside it (M's and N's)
   all_partner=$(for s in 10214 10215 10226 10227 10228 10229; do echo $d/partner10-M-$s.boards.jsonl $d/partner10-D-$s.boards.jsonl; done)
   all_pair=$(for s in 10216 10217 10230 10231 10232 10233; do echo $d/pair10-M-$s.boards.jsonl $d/pair10-D-$s.boards.jsonl; done)
   paired new-all-partner-paired.txt $all_partner $d/partner10-N-10234.boards.jsonl $d/partner10-D2-10234.boards.jsonl $d/partner10-N-10235.boards.jsonl $d/partner10-D2-10235.boards.jsonl
   paired new-all-pair-paired.txt $all_pair $d/pair10-N-10236.boards.jsonl $d/pair10-D2-10236.boards.jsonl $d/pair10-N-10237.boards.jsonl $d/pair10-D2-10237.boards.jsonl ;;
rows) s70=eval/results/session70; s69=eval/results/session69
   D_partner=$(echo $d/partner10-D-1021{4,5}.txt $d/partner10-D-102{18,19,20,21,26,27,28,29}.txt $d/partner10-D2-1023{4,5}.txt)
   D_pair=$(echo $d/pair10-D-1021{6,7}.txt $d/pair10-D-102{22,23,24,25,30,31,32,33}.txt $d/pair10-D2-1023{6,7}.txt)
   # the previous 10 ms default's rows: session 70's and this session's runs of it
   combined row10-partner-D.txt $s70/partner10-K1-10{198,199,200,201}.txt $s70/partner10-D-1020{2,3,4,5}.txt $D_partner
   combined row10-pair-D.txt $s69/pair10-K1-1015{3,4,5,6}.txt $s70/pair10-D-1020{6,7}.txt $D_pair
   combined row10-partner-D-s72.txt $D_partner
   combined row10-pair-D-s72.txt $D_pair
   # M's every run at 10 ms (the screen's seeds included), and without the screen
   combined row10-partner-M.txt $d/partner10-M-1021{4,5}.txt $d/partner10-M-102{26,27,28,29}.txt
   combined row10-pair-M.txt $d/pair10-M-1021{6,7}.txt $d/pair10-M-102{30,31,32,33}.txt
   combined row10-partner-D-on-M-deals.txt $d/partner10-D-1021{4,5}.txt $d/partner10-D-102{26,27,28,29}.txt
   combined row10-pair-D-on-M-deals.txt $d/pair10-D-1021{6,7}.txt $d/pair10-D-102{30,31,32,33}.txt
   combined row10-partner-M-fresh.txt $d/partner10-M-102{26,27,28,29}.txt
   combined row10-pair-M-fresh.txt $d/pair10-M-102{30,31,32,33}.txt ;;
esac
