#!/bin/bash
# Session 61's 10 ms rows with $CAPICUA, two lanes: the pair on 10153-10156, then the partner
# of `counting` on 10157-10160.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
lane() {
  for job in "$@"; do
    set -- $job
    if [ "$1" = pair ]; then
      $ev "$here/pair10-$2.txt" "$2" --a ismcts:ms=10,model=default --b counting
    else
      $ev "$here/partner10-$2.txt" "$2" --a ismcts:ms=10,model=default --a-partner counting --b counting
    fi
  done
}
lane "pair 10153" "pair 10155" "partner 10157" "partner 10159" &
lane "pair 10154" "pair 10156" "partner 10158" "partner 10160" &
wait
