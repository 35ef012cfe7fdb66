#!/bin/bash
# Run D of plan.md (addendum 2): the shipped default at 50 ms as a pair on fresh seeds
# 10173-10174, one lane each, with $CAPICUA (session 63's shipped build)
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
for s in 10173 10174; do
  $ev "$here/pair50-default-$s.txt" "$s" --a ismcts:ms=50,model=default --b counting &
done
wait
