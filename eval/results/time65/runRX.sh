#!/bin/bash
# Run RX of plan.md (addendum 3): the default at 10 ms on run R's session 66 deals, on the same
# machine as R's session 66 part, two lanes, with $CAPICUA.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
spec=ismcts:ms=10,model=default
lane() {
  for s in $1; do $ev "$here/xeon-partner10-$s.txt" "$s" --a $spec --a-partner counting --b counting; done
  for s in $2; do $ev "$here/xeon-pair10-$s.txt" "$s" --a $spec --b counting; done
}
lane "10166" "10153 10154 10169" &
lane "10168" "10155 10156 10170" &
wait
