#!/bin/bash
# queue.sh KIND MS SEED: plan.md's measurement, C (the run's best network, copied to
# $d/candidate.bpk) and E (the shipped model) side by side on one seed against a counting pair,
# then their paired difference ($CAPICUA = the session's binary)
cd "$(dirname "$0")/../../.."
d=eval/results/selfplay46; ev=eval/results/speed44/evb.sh
kind=$1; ms=$2; seed=$3
case $kind in partner*) who="--a-partner counting --b counting";; *) who="--b counting";; esac
bash $ev $d/$kind-E-$seed.txt $seed --a ismcts:ms=$ms,model=default $who &
bash $ev $d/$kind-C-$seed.txt $seed --a ismcts:ms=$ms,model=$d/candidate.bpk $who &
wait
"$CAPICUA" paired $d/$kind-C-$seed.boards.jsonl $d/$kind-E-$seed.boards.jsonl > $d/$kind-$seed-paired.txt 2>&1
echo "$* done $(date -u)"
