#!/bin/bash
# plan.md addendum 2: candidates C and D side by side; run from the repository root
d=eval/results/own38
ev=$d/ev.sh
base=ismcts:ms=10,model=default
C=$base,mix=0.25,rollout=heuristic
D=$base,mix=0.5,rollout=heuristic
$ev $d/pair_10ms_mixC_5602.txt 4000 5602 --a $C --b counting &
$ev $d/pair_10ms_mixD_5602.txt 4000 5602 --a $D --b counting &
wait
$ev $d/partner_10ms_mixC_5603.txt 4000 5603 --a $C --a-partner counting --b counting &
$ev $d/partner_10ms_mixD_5603.txt 4000 5603 --a $D --a-partner counting --b counting &
wait
