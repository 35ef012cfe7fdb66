#!/bin/bash
# plan.md addendum 6: D and the control side by side as the partner of counting at 50 ms;
# run from the repository root
d=eval/results/own38
b50=ismcts:ms=50,model=default
"$d/evb.sh" $d/partner_50ms_mixD_6102.txt 6102 --a $b50,mix=0.5,rollout=heuristic --a-partner counting --b counting &
"$d/evb.sh" $d/partner_50ms_control_6102.txt 6102 --a $b50 --a-partner counting --b counting &
wait
a=$d/partner_50ms_mixD_6102.boards.jsonl; b=$d/partner_50ms_control_6102.boards.jsonl
{ echo "\$ capicua paired $a $b"; "$CAPICUA" paired "$a" "$b"; } > $d/partner_50ms_paired_6102.txt 2>&1
