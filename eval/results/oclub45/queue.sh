#!/bin/bash
# queue.sh STAGE: plan.md's runs ($CAPICUA = the binary with the new keys)
# screen: P two at a time on short45's seeds (its E runs are the controls)
# confirm: P and E side by side on fresh seeds
cd "$(dirname "$0")/../../.."
s=eval/results/short45; d=eval/results/oclub45; ev=eval/results/speed44/evb.sh
P=others=club,oseats=partner
paired() { "$CAPICUA" paired $1 $2 > $3 2>&1; }
case $1 in
screen)
  for seed in 9801 9802; do
    bash $ev $d/partner10-P-$seed.txt $seed --a ismcts:ms=10,model=default,$P --a-partner counting --b counting &
  done; wait
  for seed in 9803 9804; do
    bash $ev $d/pair10-P-$seed.txt $seed --a ismcts:ms=10,model=default,$P --b counting &
  done; wait
  for k in partner10-9801 partner10-9802 pair10-9803 pair10-9804; do
    kind=${k%-*}; seed=${k#*-}
    paired $d/$kind-P-$seed.boards.jsonl $s/$kind-E-$seed.boards.jsonl $d/$kind-$seed-paired.txt
  done ;;
confirm) # kind ms seed [rounds]
  kind=$2; ms=$3; seed=$4; shift 4
  case $kind in partner*) who="--a-partner counting --b counting";; *) who="--b counting";; esac
  bash $ev $d/$kind-E-$seed.txt $seed --a ismcts:ms=$ms,model=default $who &
  bash $ev $d/$kind-P-$seed.txt $seed --a ismcts:ms=$ms,model=default,$P $who &
  wait
  paired $d/$kind-P-$seed.boards.jsonl $d/$kind-E-$seed.boards.jsonl $d/$kind-$seed-paired.txt ;;
esac
echo "$* done $(date -u)"
