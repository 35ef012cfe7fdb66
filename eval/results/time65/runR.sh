#!/bin/bash
# Run R of plan.md (addendum 1): `rnodes=own` at 10 ms as the partner of `counting` (seeds
# 10165-10168) and as a pair (seeds 10153-10156, 10169, 10170), two lanes, with $CAPICUA.
# Arguments (defaults: what it ran): lane 1's partner seeds, lane 1's pair seeds, then lane 2's.
# $SPEC (default R's) is the agent; $PARTNER and $PAIR (default `partner10-$TAG`, `pair10-$TAG`,
# $TAG default `rnodes`) name the result files.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
spec=${SPEC:-ismcts:ms=10,model=default,rnodes=own}
lane() {
  for s in $1; do $ev "$here/${PARTNER:-partner10-${TAG:-rnodes}}-$s.txt" "$s" --a $spec --a-partner counting --b counting; done
  for s in $2; do $ev "$here/${PAIR:-pair10-${TAG:-rnodes}}-$s.txt" "$s" --a $spec --b counting; done
}
lane "${1-10165 10166}" "${2-10153 10154 10169}" &
lane "${3-10167 10168}" "${4-10155 10156 10170}" &
wait
