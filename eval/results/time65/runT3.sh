#!/bin/bash
# Run T3 of plan.md (addendum 2): the default at 40 ms a move as the partner of `counting`,
# seeds 10157-10160, two lanes, with $CAPICUA.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
lane() { for s in $1; do $ev "$here/partner40ms-$s.txt" "$s" --a ismcts:ms=40,model=default --a-partner counting --b counting; done; }
lane "10157 10158" &
lane "10159 10160" &
wait
