#!/bin/bash
# Plan B1: the same fit (32 hidden, decay 1e-4, the shipped reader's setting) with and without
# the beliefs' facts, on session 55's labels, read on session 56's fresh ones, with $CAPICUA.
here=$(dirname "$0")
d55=$here/../distil55; d56=$here/../distil56
fit="$d55/labels-9998-9999.jsonl.gz $d55/labels-10100-10101.jsonl.gz"
fresh="$d55/labels-10102-10103.jsonl.gz $d56/labels-10104-10105.jsonl.gz"
{ echo "\$ capicua reader $fit --fresh $fresh --out /work/exp/s67/reader-table-38k.json"
  "$CAPICUA" reader $fit --fresh $fresh --out /work/exp/s67/reader-table-38k.json; } > "$here/fit-table-38k.txt" 2>&1 &
{ echo "\$ capicua reader $fit --fresh $fresh --beliefs default --out /work/exp/s67/reader-beliefs-38k.json"
  "$CAPICUA" reader $fit --fresh $fresh --beliefs default --out /work/exp/s67/reader-beliefs-38k.json; } > "$here/fit-beliefs-38k.txt" 2>&1 &
wait
