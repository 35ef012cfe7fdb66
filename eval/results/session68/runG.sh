#!/bin/bash
# G: the partner of counting at 10 ms, seeds 10187-10190: E's candidate on one lane, the default on the other
cd /work/main
B=/work/exp/s68/capicua
S="ismcts:ms=10,model=default,bmodel=eval/results/session68/beliefs-e2.bpk"
lane() { name=$1; spec=$2; for s in 10187 10188 10189 10190; do CAPICUA=$B bash eval/results/speed44/evb.sh eval/results/session68/partner10-$name-$s.txt $s --a $spec --a-partner counting --b counting; done; }
lane bm "$S" &
lane e68 ismcts:ms=10,model=default &
wait
