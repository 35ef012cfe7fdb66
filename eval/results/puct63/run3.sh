#!/bin/bash
# Run 3 of plan.md (addendum 2): the shipped default at 50 ms as a pair on fresh seeds
# 10171-10172, one lane each, with $CAPICUA (this session's release build)
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
for s in 10171 10172; do
  $ev "$here/pair50-new-$s.txt" "$s" --a ismcts:ms=50,model=default --b counting &
done
wait
