#!/bin/bash
# Addendum 3's confirmation with $CAPICUA (session 61's binary), two lanes: C1 (`cpuct=1` and
# the default as the partner of `counting` at 10 ms, fresh seeds 10165-10168), then C2
# (`cpuct=1` as a pair at 10 ms on session 61's seeds 10153-10156).
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
c1() {
  $ev "$here/partner10-cpuct1-$1.txt" "$1" --a ismcts:ms=10,model=default,cpuct=1 --a-partner counting --b counting
  $ev "$here/partner10-default-$1.txt" "$1" --a ismcts:ms=10,model=default --a-partner counting --b counting
}
c2() { $ev "$here/pair10-cpuct1-$1.txt" "$1" --a ismcts:ms=10,model=default,cpuct=1 --b counting; }
{ c1 10165; c1 10166; c2 10153; c2 10155; } &
{ c1 10167; c1 10168; c2 10154; c2 10156; } &
wait
