#!/usr/bin/env bash
# Session 19's screen of search settings for the shipped model: each setting against the defaults, both
# net-guided ISMCTS at 800 iterations a move, duplicate cuban, 2,000 rounds on each of two seeds.
cd "$(dirname "$0")/../../.." || exit 1
B=./target/release/capicua
O=eval/results/tuning19
for s in cpuct=1 cpuct=2 margin=0.25 margin=0.75 btemp=0.7; do
  for seed in 6301 6302; do
    f=$O/${s/=/}_vs_default_800it_$seed.txt
    { echo "\$ capicua eval --a ismcts:iters=800,model=default,$s --b ismcts:iters=800,model=default --rounds 2000 --seed $seed --threads 1"
      $B eval --a ismcts:iters=800,model=default,$s --b ismcts:iters=800,model=default --rounds 2000 --seed $seed --threads 1; } > $f 2>&1
  done
done
