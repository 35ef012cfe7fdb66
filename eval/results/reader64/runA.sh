#!/bin/bash
# Run A of plan.md: `reader=none` as a pair at 50 ms on seeds 10147-10150, two lanes, with $CAPICUA
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
lane() { for s in "$@"; do $ev "$here/pair50-noreader-$s.txt" "$s" --a ismcts:ms=50,model=default,reader=none --b counting; done; }
lane 10147 10148 &
lane 10149 10150 &
wait
