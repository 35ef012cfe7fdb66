#!/bin/bash
# Plan A: the default at 50 ms as the partner of `counting`, seeds 10175 and 10176, a lane a
# seed, with $CAPICUA.
here=$(dirname "$0")
for s in 10175 10176; do
  bash "$here/../speed44/evb.sh" "$here/partner50-$s.txt" $s --a ismcts:ms=50,model=default --a-partner counting --b counting &
done
wait
