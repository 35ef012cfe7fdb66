#!/bin/bash
# think2.sh REPS A B : runs A and B at the same time (one core each) on the same seed, REPS seeds;
# think time a decision at iters=1000 (identical games), so both meet the same machine noise
cd /work/main
reps=$1; a=$2; b=$3
one() { $1 eval --a ismcts:iters=1000,model=default --b counting --rounds 100 --threads 1 --seed $2 2>&1 | grep -i "think time" | awk '{print $4}'; }
for r in $(seq $reps); do
  one $a $((5+r)) > /tmp/t2a.$$ & one $b $((5+r)) > /tmp/t2b.$$; wait
  echo "$r $(cat /tmp/t2a.$$) $(cat /tmp/t2b.$$)"
done | awk '{print; sa+=$2; sb+=$3; n++} END {printf "mean %.3f %.3f ratio %.4f\n", sa/n, sb/n, sb/sa}'
