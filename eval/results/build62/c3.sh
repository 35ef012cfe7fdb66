#!/bin/bash
# Addendum 3's C3 with $CAPICUA (session 61's binary): `cpuct=1` as the partner of `counting`
# at 50 ms on session 61's seeds 10151-10152, one lane each (reported; paired with build61's runs)
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
for s in 10151 10152; do
  $ev "$here/partner50-cpuct1-$s.txt" "$s" --a ismcts:ms=50,model=default,cpuct=1 --a-partner counting --b counting &
done
wait
