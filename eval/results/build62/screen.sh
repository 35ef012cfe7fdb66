#!/bin/bash
# screen.sh ["NAME KEY=VALUE" ...]: each setting as the partner of `counting` at 10 ms on
# session 61's partner seeds 10157-10160, with $CAPICUA (session 61's binary), two lanes.
# No arguments: addendum 1's three settings (screen2.sh gives addendum 2's). $DIR: where the
# result files go (this folder unless set).
here=$(dirname "$0")
out=${DIR:-$here}
ev="bash $here/../speed44/evb.sh"
[ $# -gt 0 ] || set -- "rnodes rnodes=own" "improved choice=improved" "rscale2 rscale=2"
settings=("$@")
lane() {
  for job in "$@"; do
    set -- $job
    name=$1 extra=$2 seed=$3
    $ev "$out/partner10-$name-$seed.txt" "$seed" --a ismcts:ms=10,model=default,$extra --a-partner counting --b counting
  done
}
jobs() { for s in "$@"; do for c in "${settings[@]}"; do echo "$c $s"; done; done; }
mapfile -t a < <(jobs 10157 10158)
mapfile -t b < <(jobs 10159 10160)
lane "${a[@]}" &
lane "${b[@]}" &
wait
