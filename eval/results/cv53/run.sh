#!/bin/bash
# run.sh pair|partner SEED...: plan.md's play runs, C (rootdeals=common) and E side by side
# (one search thread each) for each seed, then the next seed. $CAPICUA = the session's binary.
cd "$(dirname "$0")/../../.."
d=eval/results/cv53; ev=eval/results/speed44/evb.sh
kind=$1; shift
case $kind in
  pair) extra=() ;;
  partner) extra=(--a-partner counting) ;;
  *) echo "pair or partner" >&2; exit 2 ;;
esac
for s in "$@"; do
  bash $ev $d/${kind}10-C-$s.txt $s --a ismcts:ms=10,model=default,rootdeals=common "${extra[@]}" --b counting &
  bash $ev $d/${kind}10-E-$s.txt $s --a ismcts:ms=10,model=default "${extra[@]}" --b counting
  wait
  "$CAPICUA" paired $d/${kind}10-C-$s.boards.jsonl $d/${kind}10-E-$s.boards.jsonl > $d/${kind}10-$s-paired.txt 2>&1
done
echo "cv53 $kind $* done $(date -u)"
