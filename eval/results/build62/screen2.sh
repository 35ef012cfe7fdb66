#!/bin/bash
# Addendum 2's screen with $CAPICUA (session 61's binary): each setting as the partner of
# `counting` at 10 ms on session 61's partner seeds 10157-10160, two lanes.
here=$(dirname "$0")
ev="bash $here/../speed44/evb.sh"
lane() {
  for job in "$@"; do
    set -- $job
    name=$1 extra=$2 seed=$3
    $ev "$here/partner10-$name-$seed.txt" "$seed" --a ismcts:ms=10,model=default,$extra --a-partner counting --b counting
  done
}
jobs() { for s in "$@"; do for c in "cpuct1 cpuct=1" "ptemp5 ptemp=5" "fpu03 fpu=0.3"; do echo "$c $s"; done; done; }
mapfile -t a < <(jobs 10157 10158)
mapfile -t b < <(jobs 10159 10160)
lane "${a[@]}" &
lane "${b[@]}" &
wait
