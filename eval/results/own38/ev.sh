#!/bin/bash
# ev.sh OUT ROUNDS SEED ARGS...: one duplicate evaluation with $CAPICUA, its command and times in OUT
out=$1; rounds=$2; seed=$3; shift 3
{
echo "\$ capicua eval $* --rounds $rounds --seed $seed --threads 1"
echo "started $(date -u '+%Y-%m-%d %H:%M') UTC"
"$CAPICUA" eval "$@" --rounds "$rounds" --seed "$seed" --threads 1
echo "ended $(date -u '+%Y-%m-%d %H:%M') UTC"
} > "$out" 2>&1
