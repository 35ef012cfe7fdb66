#!/bin/bash
# pool.sh: T1.txt, T2.txt, and R.txt and T3.txt once those runs are done, from the boards, with $CAPICUA.
here=$(dirname "$0")
b62=$here/../build62
pp="python3 $here/../partner40/pool_paired.py"
cb="python3 $here/../beliefs/bound/combine.py"
pairs() { # NAME BASEPREFIX SEED...: this folder's NAME-SEED boards against BASEPREFIX-SEED's
  local name=$1 base=$2; shift 2
  for s in "$@"; do echo "$here/$name-$s.boards.jsonl ${base/SEED/$s}"; done
}
{ $pp $(pairs partner20 "$b62/partner10-cpuct1-SEED.boards.jsonl" 10157 10158 10159 10160)
  $cb $here/partner20-101{57,58,59,60}.txt | tail -1; } > "$here/T1.txt"
{ $pp $(pairs pair20 "$b62/pair10-cpuct1-SEED.boards.jsonl" 10153 10154 10155 10156)
  $cb $here/pair20-1015{3,4,5,6}.txt | tail -1; } > "$here/T2.txt"
if [ -f "$here/pair10-rnodes-10170.txt" ]; then
  { echo "partner of counting, seeds 10165-10168:"
    $pp $(pairs partner10-rnodes "$b62/partner10-cpuct1-SEED.boards.jsonl" 10165 10166 10167 10168)
    $cb $here/partner10-rnodes-1016{5,6,7,8}.txt | tail -1
    echo "pair, seeds 10153-10156, 10169, 10170:"
    $pp $(pairs pair10-rnodes "$b62/pair10-cpuct1-SEED.boards.jsonl" 10153 10154 10155 10156) \
        $(pairs pair10-rnodes "$b62/pair10-new-SEED.boards.jsonl" 10169 10170)
    $cb $here/pair10-rnodes-101{53,54,55,56,69,70}.txt | tail -1; } > "$here/R.txt"
fi
# addenda 3 and 4: RX (the default on the Xeon) against R's session-66 part and against R2
x=$here/xeon
if [ -f "$here/pair10-rnodes-flushed-10170.txt" ]; then
  { echo "partner of counting: R on the EPYC (10165, 10167) against session 62's runs, R2 on the Xeon (10166, 10168) against RX:"
    $pp $(pairs partner10-rnodes "$b62/partner10-cpuct1-SEED.boards.jsonl" 10165 10167) \
        $(pairs partner10-rnodes-flushed "$x-partner10-SEED.boards.jsonl" 10166 10168)
    echo "pair: R2 against RX, on the Xeon:"
    $pp $(pairs pair10-rnodes-flushed "$x-pair10-SEED.boards.jsonl" 10153 10154 10155 10156 10169 10170)
    $cb $here/pair10-rnodes-flushed-101{53,54,55,56,69,70}.txt | tail -1
    $cb $here/xeon-pair10-101{53,54,55,56,69,70}.txt | tail -1; } > "$here/R2.txt"
fi
if [ -f "$here/xeon-pair10-10170.txt" ]; then
  { echo "R's session-66 part (the reader unflushed) against RX, on the Xeon:"
    $pp $(pairs partner10-rnodes "$x-partner10-SEED.boards.jsonl" 10166 10168)
    $pp $(pairs pair10-rnodes "$x-pair10-SEED.boards.jsonl" 10153 10154 10155 10156 10169 10170)
    echo "RX (the default on the Xeon) against session 62's runs of it on the EPYC:"
    $pp $(pairs xeon-partner10 "$b62/partner10-cpuct1-SEED.boards.jsonl" 10166 10168)
    $pp $(pairs xeon-pair10 "$b62/pair10-cpuct1-SEED.boards.jsonl" 10153 10154 10155 10156) \
        $(pairs xeon-pair10 "$b62/pair10-new-SEED.boards.jsonl" 10169 10170); } > "$here/RX.txt"
fi
if [ -f "$here/xeon-partner40ms-10158.txt" ]; then
  { $pp $(pairs xeon-partner40ms "$x-partner10ms-SEED.boards.jsonl" 10157 10158)
    $cb $here/xeon-partner40ms-1015{7,8}.txt | tail -1
    $cb $here/xeon-partner10ms-1015{7,8}.txt | tail -1; } > "$here/T3.txt"
fi
