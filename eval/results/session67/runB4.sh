#!/bin/bash
# Addendum 3, B4: the reader of the beliefs at rscale=0.5 as a pair at 10 ms on seeds
# 10153-10156 (two lanes), with $CAPICUA.
here=$(dirname "$0")
spec=ismcts:ms=10,model=default,reader=$here/reader-beliefs-79k.json,rscale=0.5
lane() { for s in "$@"; do bash "$here/../speed44/evb.sh" "$here/pair10-r2half-$s.txt" $s --a $spec --b counting; done; }
lane 10153 10155 &
lane 10154 10156 &
wait
