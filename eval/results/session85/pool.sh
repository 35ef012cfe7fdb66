#!/bin/bash
# Session 85's pooled results (eval/pool.sh): RN (the short reader at every node of the
# searcher's, `rnodes=own`) beside N (the default), paired: the plan's rule, with each side's
# pooled think time; N's 10 ms rows extended with its runs here (fresh seeds).
#   bash eval/results/session85/pool.sh
cd "$(dirname "$0")/../../.."
bash eval/pool.sh eval/results/session85 RN N eval/results/session84/row10-ROW-N-all.txt
