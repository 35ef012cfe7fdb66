#!/bin/bash
# queue.sh MS SEED CANDIDATE: plan.md's measurement, E and O side by side as the partner of
# counting against a counting pair at MS a move, then their paired difference ($CAPICUA = the
# session's binary). CANDIDATE is the spec keys O adds to E.
cd "$(dirname "$0")/../../.."
d=eval/results/oracle48; ev=eval/results/speed44/evb.sh; ms=$1; seed=$2; add=$3
who="--a-partner counting --b counting"
bash $ev $d/partner$ms-E-$seed.txt $seed --a ismcts:ms=$ms,model=default $who &
bash $ev $d/partner$ms-O-$seed.txt $seed --a ismcts:ms=$ms,model=default,$add $who &
wait
"$CAPICUA" paired $d/partner$ms-O-$seed.boards.jsonl $d/partner$ms-E-$seed.boards.jsonl > $d/partner$ms-$seed-paired.txt 2>&1
echo "$* done $(date -u)"
