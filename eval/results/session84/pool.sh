#!/bin/bash
# Session 84's pooled results (eval/pool.sh): ES19 (an early stop: at most 19 ms a decision,
# ended at 15% of it when one move holds 70% of the root's visits) beside N (the default),
# paired: the plan's rule, with each side's pooled think time; N's 10 ms rows extended with its
# runs here (fresh seeds).
#   bash eval/results/session84/pool.sh
cd "$(dirname "$0")/../../.."
bash eval/pool.sh eval/results/session84 ES19 N eval/results/session83/row10-ROW-N.txt
