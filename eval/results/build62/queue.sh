#!/bin/bash
# Session 62's runs with $CAPICUA (the build chosen by plan.md), two lanes at a time: the pair
# at 50 ms on seeds 10161-10164, then the partner of `counting` at 10 ms on 10165-10168.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
lane() {
  for job in "$@"; do
    set -- $job
    kind=$1 seed=$2
    case $kind in
      pair50) $ev "$here/pair50-$seed.txt" "$seed" --a ismcts:ms=50,model=default --b counting ;;
      partner10) $ev "$here/partner10-$seed.txt" "$seed" --a ismcts:ms=10,model=default --a-partner counting --b counting ;;
      pair10) $ev "$here/pair10-$seed.txt" "$seed" --a ismcts:ms=10,model=default --b counting ;;
    esac
  done
}
lane "pair50 10161" "pair50 10163" "partner10 10165" "partner10 10167" &
lane "pair50 10162" "pair50 10164" "partner10 10166" "partner10 10168" &
wait
