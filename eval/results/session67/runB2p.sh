#!/bin/bash
# Addendum 2 (reported only): the reader of the beliefs as the partner of `counting` at 10 ms
# on seeds 10157, 10158, 10166, 10168 (two lanes), with $CAPICUA.
here=$(dirname "$0")
spec=ismcts:ms=10,model=default,reader=$here/reader-beliefs-79k.json
lane() { for s in "$@"; do bash "$here/../speed44/evb.sh" "$here/partner10-r2-$s.txt" $s --a $spec --a-partner counting --b counting; done; }
lane 10157 10166 &
lane 10158 10168 &
wait
