#!/bin/bash
# ab2.sh A B N: A and B play the same fixed workload side by side (one a core), N times; prints each pair's seconds and B/A
one() { local s=$(date +%s.%N); $1 eval --a ismcts:iters=1000,model=default --b counting --rounds 100 --seed 7 --threads 1 > /dev/null 2>&1; echo "$(date +%s.%N) - $s" | bc; }
for i in $(seq $3); do
  one $1 > /tmp/ta & one $2 > /tmp/tb & wait
  a=$(cat /tmp/ta); b=$(cat /tmp/tb); echo "$a $b $(echo "scale=4; $b / $a" | bc)"
done
