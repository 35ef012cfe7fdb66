#!/bin/bash
# run.sh pair|partner MS MODEL SEED...: C = ismcts:ms=MS,model=MODEL and E at MS side by side
# (one search thread each) as A against a counting pair, for each seed, then the next seed, and
# their boards paired. $CAPICUA = the session's binary. Each output ends with the think time
# a decision with a choice of each side.
cd "$(dirname "$0")/../../.."
d=eval/results/distil55; ev=eval/results/speed44/evb.sh
kind=$1; ms=$2; model=$3; shift 3
case $kind in
  pair) extra=() ;;
  partner) extra=(--a-partner counting) ;;
  *) echo "pair or partner" >&2; exit 2 ;;
esac
for s in "$@"; do
  bash $ev $d/${kind}${ms}-C-$s.txt $s --a ismcts:ms=$ms,model=$model "${extra[@]}" --b counting &
  bash $ev $d/${kind}${ms}-E-$s.txt $s --a ismcts:ms=$ms,model=default "${extra[@]}" --b counting
  wait
  "$CAPICUA" paired $d/${kind}${ms}-C-$s.boards.jsonl $d/${kind}${ms}-E-$s.boards.jsonl > $d/${kind}${ms}-$s-paired.txt 2>&1
done
echo "distil55 $kind $ms $* done $(date -u)"
