#!/bin/bash
# Plan B2: the reader of the beliefs as a pair at 10 ms on seeds 10153-10156 (two lanes), with
# $CAPICUA, to pair with session 66's runs of the default on a Xeon (time65/xeon-pair10-SEED).
here=$(dirname "$0")
spec=ismcts:ms=10,model=default,reader=$here/reader-beliefs-79k.json
lane() { for s in "$@"; do bash "$here/../speed44/evb.sh" "$here/pair10-r2-$s.txt" $s --a $spec --b counting; done; }
lane 10153 10155 &
lane 10154 10156 &
wait
