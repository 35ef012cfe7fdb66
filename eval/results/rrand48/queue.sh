#!/bin/bash
# queue.sh ROLE MS SEED KEYS: E and C (E plus KEYS) side by side at MS a move, ROLE partner
# (with a counting partner) or pair, against a counting pair; then capicua paired C E.
# $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/rrand48; ev=eval/results/speed44/evb.sh; role=$1; ms=$2; seed=$3; add=$4
who="--b counting"; [ "$role" = partner ] && who="--a-partner counting --b counting"
tag=$(echo "$add" | tr ',=' '-_')
[ -f $d/$role$ms-E-$seed.txt ] || bash $ev $d/$role$ms-E-$seed.txt $seed --a ismcts:ms=$ms,model=default $who &
bash $ev $d/$role$ms-$tag-$seed.txt $seed --a ismcts:ms=$ms,model=default,$add $who &
wait
"$CAPICUA" paired $d/$role$ms-$tag-$seed.boards.jsonl $d/$role$ms-E-$seed.boards.jsonl > $d/$role$ms-$tag-$seed-paired.txt 2>&1
echo "$* done $(date -u)"
