#!/bin/bash
# queue.sh: plan.md's runs in order, E and M75R2 side by side on each seed ($CAPICUA)
cd "$(dirname "$0")/../../.."
d=eval/results/short45
ev=eval/results/speed44/evb.sh
both() { # name ms seed args...
  local name=$1 ms=$2 seed=$3; shift 3
  bash $ev $d/$name-E-$seed.txt $seed --a ismcts:ms=$ms,model=default "$@" &
  bash $ev $d/$name-M75R2-$seed.txt $seed --a ismcts:ms=$ms,mix=0.75,rollouts=2,model=default "$@" &
  wait
  "$CAPICUA" paired $d/$name-M75R2-$seed.boards.jsonl $d/$name-E-$seed.boards.jsonl > $d/$name-$seed-paired.txt 2>&1
}
both partner10 10 9801 --a-partner counting --b counting
both partner10 10 9802 --a-partner counting --b counting
both pair10 10 9803 --b counting
both pair10 10 9804 --b counting
both pair20 20 9805 --b counting
both partner20 20 9806 --a-partner counting --b counting
both partner10 10 9807 --a-partner counting --b counting
echo queue done $(date -u)
