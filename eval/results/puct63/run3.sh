#!/bin/bash
# Run 3 of plan.md (addendum 2): the shipped default at 50 ms as a pair on fresh seeds
# 10171-10172, one lane each, with $CAPICUA (this session's release build). $SEEDS, $DIR and
# $NAME (the files' prefix) run it elsewhere: session 64's run D is SEEDS="10173 10174"
# DIR=eval/results/reader64 NAME=pair50-default.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
for s in ${SEEDS:-10171 10172}; do
  $ev "${DIR:-$here}/${NAME:-pair50-new}-$s.txt" "$s" --a ismcts:ms=50,model=default --b counting &
done
wait
