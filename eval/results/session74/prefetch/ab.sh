#!/bin/bash
# ab.sh BIN...: each binary plays the same fixed workload (100 rounds, 1,000 iterations a move, seed 7), alternating, 3 times; wall seconds
for r in 1 2 3; do for b in "$@"; do
  s=$(date +%s.%N); $b eval --a ismcts:iters=1000,model=default --b counting --rounds 100 --seed 7 --threads 1 > /tmp/ab.out 2>&1; e=$(date +%s.%N)
  echo "$b $(echo "$e - $s" | bc) $(grep margin /tmp/ab.out)"
done; done
