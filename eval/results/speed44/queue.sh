#!/bin/bash
# queue.sh: the plan's runs in order, the old and the new binary side by side on each seed
# (OLD and NEW are release binaries of f1d9f5e and of the speed commit)
cd "$(dirname "$0")/../../.."
d=eval/results/speed44
both() { # name seed args...
  local name=$1 seed=$2; shift 2
  CAPICUA=$OLD bash $d/evb.sh $d/$name-old.txt $seed "$@" &
  CAPICUA=$NEW bash $d/evb.sh $d/$name-new.txt $seed "$@" &
  wait
}
both pair10 9401 --a ismcts:ms=10,model=default --b counting
both partner10 9402 --a ismcts:ms=10,model=default --a-partner counting --b counting
both pair50 9501 --a ismcts:ms=50,model=default --b counting
both partner50 9502 --a ismcts:ms=50,model=default --a-partner counting --b counting
both pair10b 9601 --a ismcts:ms=10,model=default --b counting
ROUNDS=2000 both pair50b 9701 --a ismcts:ms=50,model=default --b counting
