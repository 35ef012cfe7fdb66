#!/bin/bash
# Addendum 2 of plan.md: leaf=own against the default at 1,000 iterations a move, head to head.
/work/exp/s37/capicua eval --a ismcts:iters=1000,model=default,leaf=own --b ismcts:iters=1000,model=default --rounds 4000 --seed 5501 --threads 2 > /work/main/eval/results/leaf37/own_vs_any_1000it_5501.txt 2>&1
