#!/bin/bash
# plan.md section 2: candidate A beside the control, then candidate B; run from the repository root
d=eval/results/own38
ev=$d/ev.sh
base=ismcts:ms=10,model=default
A=$base,widen=neutral,leaf=own,lazy=1
B=$base,leaf=own,lazy=1
$ev $d/pair_10ms_lazyA_5602.txt 4000 5602 --a $A --b counting &
$ev $d/pair_10ms_control_5602.txt 4000 5602 --a $base --b counting &
wait
$ev $d/partner_10ms_lazyA_5603.txt 4000 5603 --a $A --a-partner counting --b counting &
$ev $d/partner_10ms_control_5603.txt 4000 5603 --a $base --a-partner counting --b counting &
wait
$ev $d/pair_10ms_lazyB_5602.txt 4000 5602 --a $B --b counting &
$ev $d/partner_10ms_lazyB_5603.txt 4000 5603 --a $B --a-partner counting --b counting &
wait
