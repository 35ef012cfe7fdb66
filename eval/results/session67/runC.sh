#!/bin/bash
# Addendum 4 (reported only): the default as a pair at 10 ms on seeds 10153-10156 (two
# lanes), with $CAPICUA, beside session 66's runs of it and B2/B4.
here=$(dirname "$0")
lane() { for s in "$@"; do bash "$here/../speed44/evb.sh" "$here/pair10-e-$s.txt" $s --a ismcts:ms=10,model=default --b counting; done; }
lane 10153 10155 &
lane 10154 10156 &
wait
