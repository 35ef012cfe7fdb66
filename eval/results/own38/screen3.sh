#!/bin/bash
# plan.md addendum 3: the control again on both screen seeds, side by side
d=eval/results/own38
ev=$d/ev.sh
base=ismcts:ms=10,model=default
$ev $d/pair_10ms_control2_5602.txt 4000 5602 --a $base --b counting &
$ev $d/partner_10ms_control2_5603.txt 4000 5603 --a $base --a-partner counting --b counting &
wait
