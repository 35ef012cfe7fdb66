#!/bin/bash
# J: record ctie rounds, fit beliefs to them, play ctie with the fitted beliefs (run from the repository's root)
cd /work/main
B=/work/exp/s68/capicua-ctie
d=eval/results/session68
$B eval --quiet --a ismcts:ms=10,ctie=0.25,model=default --b counting --rounds 8000 --seed 10191 --threads 2 --record $d/records-pair-ctie-10191.jsonl > $d/records-pair-ctie-10191.log 2>&1
$B fit-beliefs $d/records-pair-ctie-10191.jsonl $d/records-pair-10185.jsonl.gz $d/records-partner-10186.jsonl.gz eval/results/distil55/records-*.jsonl eval/results/distil56/records-*.jsonl --out $d/beliefs-ctie.bpk --epochs 2 --quiet > $d/fit-ctie-e2-lr1e-4.txt 2>&1
S="ismcts:ms=10,ctie=0.25,model=default,bmodel=$d/beliefs-ctie.bpk"
for s in 10153 10154; do CAPICUA=$B bash eval/results/speed44/evb.sh $d/pair10-ctiebm-$s.txt $s --a $S --b counting & done
wait
echo "J done $(date -u)"
