#!/bin/bash
# Session 71's pooled results: G50 (partner, 50 ms), P (pair, 50 ms), P8 (P with sessions 69-70's pair seeds);
# each output file starts with its command. Usage: bash eval/results/session71/pool.sh G50|P|P8|rows
cd "$(dirname "$0")/../../.."
d=eval/results/session71
B=${CAPICUA:-/work/exp/s70/capicua}
paired() { local out=$1; shift; { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $*"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py "$@"; } > $d/$out; cat $d/$out; }
combined() { local out=$1; shift; { echo "\$ python3 eval/results/beliefs/bound/combine.py $*"; python3 eval/results/beliefs/bound/combine.py "$@"; } > $d/$out; cat $d/$out; }
pairs() { local dir=$1 kind=$2; shift 2; for s in "$@"; do echo $dir/$kind-K1-$s.boards.jsonl $dir/$kind-E-$s.boards.jsonl; done; }
case $1 in
G50) paired G50-paired.txt $(pairs $d partner50 10208 10209)
   combined G50-K1.txt $d/partner50-K1-1020{8,9}.txt; combined G50-E.txt $d/partner50-E-1020{8,9}.txt ;;
P) paired P-paired.txt $(pairs $d pair50 10210 10211 10212)
   combined P-K1.txt $d/pair50-K1-102{10,11,12}.txt; combined P-E.txt $d/pair50-E-102{10,11,12}.txt ;;
P8) paired P8-paired.txt $(pairs eval/results/session69 pair50 10193 10194) $(pairs eval/results/session70 pair50 10195 10196 10197) $(pairs $d pair50 10210 10211 10212) ;;
rows) s69=eval/results/session69; s70=eval/results/session70   # K1 at 50 ms: every run of it as a pair, and G50's as the partner
   combined row50-pair-K1.txt $s69/pair50-K1-1019{3,4}.txt $s70/pair50-K1-1019{5,6,7}.txt $d/pair50-K1-102{10,11,12}.txt
   combined row50-pair-E.txt $s69/pair50-E-1019{3,4}.txt $s70/pair50-E-1019{5,6,7}.txt $d/pair50-E-102{10,11,12}.txt
   combined row50-partner-K1.txt $d/partner50-K1-1020{8,9}.txt ;;
esac
