#!/bin/bash
# the equal-evaluation diagnostic of plan.md, section 1
out=eval/results/own38/own1000_vs_any3000_5601.txt
args=(--a "ismcts:iters=1000,model=default,leaf=own" --b "ismcts:iters=3000,model=default" --rounds 4000 --seed 5601 --threads 2)
{ echo "\$ capicua eval ${args[*]}"; echo "started $(date -u '+%Y-%m-%d %H:%M') UTC"
  "$CAPICUA" eval "${args[@]}"; echo "ended $(date -u '+%Y-%m-%d %H:%M') UTC"; } > "$out" 2>&1
