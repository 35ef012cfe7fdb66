#!/bin/bash
# Run R resumed on a new machine (session 66): the machine running runR.sh was shut down after
# seeds 10165 and 10167 of the partner row had finished; this runs the rest in the same lanes.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
spec=ismcts:ms=10,model=default,rnodes=own
lane() {
  for s in $1; do $ev "$here/partner10-rnodes-$s.txt" "$s" --a $spec --a-partner counting --b counting; done
  for s in $2; do $ev "$here/pair10-rnodes-$s.txt" "$s" --a $spec --b counting; done
}
lane "10166" "10153 10154 10169" &
lane "10168" "10155 10156 10170" &
wait
