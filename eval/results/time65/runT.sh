#!/bin/bash
# T1 and T2 of plan.md: the default at 20 ms a move as the partner of `counting` (seeds
# 10157-10160) and as a pair (seeds 10153-10156), two lanes, with $CAPICUA.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
lane() {
  for s in "$@"; do
    $ev "$here/partner20-$s.txt" "$s" --a ismcts:ms=20,model=default --a-partner counting --b counting
  done
}
pairlane() {
  for s in "$@"; do
    $ev "$here/pair20-$s.txt" "$s" --a ismcts:ms=20,model=default --b counting
  done
}
{ lane 10157 10158; pairlane 10153 10154; } &
{ lane 10159 10160; pairlane 10155 10156; } &
wait
