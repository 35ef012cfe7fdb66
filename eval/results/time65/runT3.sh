#!/bin/bash
# Run T3 of plan.md (addendum 5): the default at 10 and at 40 ms a move as the partner of
# `counting`, seeds 10157 and 10158, one lane a seed, with $CAPICUA.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
lane() {
  for ms in 10 40; do
    $ev "$here/xeon-partner${ms}ms-$1.txt" "$1" --a ismcts:ms=$ms,model=default --a-partner counting --b counting
  done
}
lane 10157 &
lane 10158 &
wait
