#!/bin/bash
# Session 61's runs with $CAPICUA (the build of this session's code), two lanes at a time:
# the pair at 50 ms on seeds 10147-10150, then the partner of `counting` at 50 ms on 10151-10152.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
lane() {
  for job in "$@"; do
    set -- $job
    kind=$1 seed=$2
    if [ "$kind" = pair ]; then
      $ev "$here/pair50-$seed.txt" "$seed" --a ismcts:ms=50,model=default --b counting
    else
      $ev "$here/partner50-$seed.txt" "$seed" --a ismcts:ms=50,model=default --a-partner counting --b counting
    fi
  done
}
lane "pair 10147" "pair 10149" "partner 10151" &
lane "pair 10148" "pair 10150" "partner 10152" &
wait
