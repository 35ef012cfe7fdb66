#!/bin/bash
# Session 70's pooled results: C (pair, 50 ms), G10 and M (partner, 10 ms); each file starts with its command
cd "$(dirname "$0")/../../.."
d=eval/results/session70
B=${CAPICUA:-/work/exp/s69/capicua}
paired() { local out=$1; shift; { echo "\$ CAPICUA=$B python3 eval/results/partner40/pool_paired.py $*"; CAPICUA=$B python3 eval/results/partner40/pool_paired.py "$@"; } > $d/$out; cat $d/$out; }
combined() { local out=$1; shift; { echo "\$ python3 eval/results/beliefs/bound/combine.py $*"; python3 eval/results/beliefs/bound/combine.py "$@"; } > $d/$out; cat $d/$out; }
pairs() { local kind=$1; shift; for s in "$@"; do echo $d/$kind-K1-$s.boards.jsonl $d/$kind-E-$s.boards.jsonl; done; }
case $1 in
C) paired C-paired.txt $(pairs pair50 10195 10196 10197)
   combined C-K1.txt $d/pair50-K1-1019{5,6,7}.txt; combined C-E.txt $d/pair50-E-1019{5,6,7}.txt ;;
G10) paired G10-paired.txt $(pairs partner10 10198) ;;
M) paired M-paired.txt $(pairs partner10 10199 10200 10201)
   combined M-K1.txt $d/partner10-K1-10{199,200,201}.txt; combined M-E.txt $d/partner10-E-10{199,200,201}.txt ;;
NC) s=eval/results/session69   # N and C together: reported, not the rule
   paired NC-paired.txt $(d=$s pairs pair50 10193 10194) $(pairs pair50 10195 10196 10197) ;;
row50) s=eval/results/session69   # the shipped default as a pair at 50 ms, every run of it since session 63
   combined row50.txt eval/results/puct63/pair50-cpuct1-101{47,48,49,50}.txt eval/results/puct63/pair50-new-1017{1,2}.txt eval/results/reader64/pair50-default-1017{3,4}.txt $s/pair50-E-1019{3,4}.txt $d/pair50-E-1019{5,6,7}.txt ;;
R2) paired R2-paired.txt $(for x in 10202 10203 10204 10205; do echo $d/partner10-D-$x.boards.jsonl $d/partner10-E-$x.boards.jsonl; done)
   combined R-partner.txt $d/partner10-D-102{02,03,04,05}.txt; combined R2-partner.txt $d/partner10-E-102{02,03,04,05}.txt
   combined R-pair.txt $d/pair10-D-1020{6,7}.txt ;;
rows10) s=eval/results/session69   # session 70's default at 10 ms: K1 named (G10, M; session 69's pairs) and built (R)
   combined row10-partner.txt $d/partner10-K1-10{198,199,200,201}.txt $d/partner10-D-102{02,03,04,05}.txt
   combined row10-partner-previous.txt $d/partner10-E-10{198,199,200,201}.txt $d/partner10-E-102{02,03,04,05}.txt
   paired row10-partner-paired.txt $(pairs partner10 10198 10199 10200 10201) $(for x in 10202 10203 10204 10205; do echo $d/partner10-D-$x.boards.jsonl $d/partner10-E-$x.boards.jsonl; done)
   combined row10-pair.txt $s/pair10-K1-1015{3,4,5,6}.txt $d/pair10-D-1020{6,7}.txt ;;
esac
