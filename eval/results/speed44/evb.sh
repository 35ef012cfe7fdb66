#!/bin/bash
# evb.sh OUT SEED ARGS...: one 4,000-round (or $ROUNDS-round) duplicate evaluation with $CAPICUA, its command and
# times in OUT and its boards in OUT's name with .boards.jsonl
out=$1; seed=$2; shift 2
{ echo "\$ capicua eval $* --rounds ${ROUNDS:-4000} --seed $seed --threads 1 --boards ${out%.txt}.boards.jsonl"
  echo "started $(date -u '+%Y-%m-%d %H:%M') UTC"
  "$CAPICUA" eval "$@" --rounds ${ROUNDS:-4000} --seed "$seed" --threads 1 --boards "${out%.txt}.boards.jsonl"
  echo "ended $(date -u '+%Y-%m-%d %H:%M') UTC"; } > "$out" 2>&1
