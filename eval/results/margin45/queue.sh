#!/bin/bash
# queue.sh: after short45's 10 ms pair runs, short45's last partner seed (its 20 ms runs are
# dropped: the partner condition decided the plan), then margin45's screen, two challenger
# runs at a time ($CAPICUA)
cd "$(dirname "$0")/../../.."
s=eval/results/short45; d=eval/results/margin45; ev=eval/results/speed44/evb.sh
while [ ! -s $s/pair10-9804-paired.txt ]; do sleep 5; done
pkill -f 'short45/queue.sh'; sleep 1; pkill -f 'pair20-.*-9805'; sleep 2; rm -f $s/pair20-*
# short45 item 5
bash $ev $s/partner10-E-9807.txt 9807 --a ismcts:ms=10,model=default --a-partner counting --b counting &
bash $ev $s/partner10-M75R2-9807.txt 9807 --a ismcts:ms=10,mix=0.75,rollouts=2,model=default --a-partner counting --b counting &
wait
"$CAPICUA" paired $s/partner10-M75R2-9807.boards.jsonl $s/partner10-E-9807.boards.jsonl > $s/partner10-9807-paired.txt 2>&1
two() { # name keys kind seedA seedB args...
  local name=$1 keys=$2 kind=$3 sa=$4 sb=$5; shift 5
  for seed in $sa $sb; do
    bash $ev $d/$kind-$name-$seed.txt $seed --a ismcts:ms=10,$keys,model=default "$@" &
  done
  wait
  for seed in $sa $sb; do
    "$CAPICUA" paired $d/$kind-$name-$seed.boards.jsonl $s/$kind-E-$seed.boards.jsonl > $d/$kind-$name-$seed-paired.txt 2>&1
  done
}
two M1 margin=1 pair10 9803 9804 --b counting
two M1 margin=1 partner10 9801 9802 --a-partner counting --b counting
two M1S90 margin=1,scale=90 pair10 9803 9804 --b counting
two M1S90 margin=1,scale=90 partner10 9801 9802 --a-partner counting --b counting
echo queue done $(date -u)
