#!/bin/bash
# beside.sh DIR NAME pair|partner MS SPEC SEED...: SPEC and E (ismcts:ms=MS,model=default) side
# by side (one search thread each) as A against a counting pair, for each seed, then the next
# seed, their boards paired: DIR/{pair,partner}MS-{NAME,E}-SEED.txt (evb.sh) and
# DIR/...MS-SEED-paired.txt. $CAPICUA = the session's binary. Each output ends with the think
# time a decision with a choice of each side.
cd "$(dirname "$0")/../../.."
d=$1; name=$2; kind=$3; ms=$4; spec=$5; shift 5
ev=eval/results/speed44/evb.sh
case $kind in
  pair) extra=() ;;
  partner) extra=(--a-partner counting) ;;
  *) echo "pair or partner" >&2; exit 2 ;;
esac
for s in "$@"; do
  bash $ev $d/${kind}${ms}-${name}-$s.txt $s --a "$spec" "${extra[@]}" --b counting &
  bash $ev $d/${kind}${ms}-E-$s.txt $s --a ismcts:ms=$ms,model=default "${extra[@]}" --b counting
  wait
  "$CAPICUA" paired $d/${kind}${ms}-${name}-$s.boards.jsonl $d/${kind}${ms}-E-$s.boards.jsonl > $d/${kind}${ms}-$s-paired.txt 2>&1
done
