#!/bin/bash
# Addendum 4: the shipped build ($CAPICUA) as a pair at 10 ms on fresh seeds 10169-10170, two lanes
here=$(dirname "$0")
for s in 10169 10170; do
  bash "$here/../speed44/evb.sh" "$here/pair10-new-$s.txt" "$s" --a ismcts:ms=10,model=default --b counting &
done
wait
