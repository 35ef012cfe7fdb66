#!/bin/bash
# queue.sh: machine60's runs, two lanes (one a core); the 30 ms addendum's two runs were started by hand, each file has its command. CAPICUA=/work/exp/s60/capicua
cd "$(dirname "$0")/../../.."
r=eval/results/machine60
P10="--a ismcts:ms=10,model=default --b counting"
Q10="--a ismcts:ms=10,model=default --a-partner counting --b counting"
Q50="--a ismcts:ms=50,model=default --a-partner counting --b counting"
P50="--a ismcts:ms=50,model=default --b counting"
lane() {
  for job in "$@"; do
    set -- $job
    name=$1; seed=$2; spec=$3
    bash eval/results/speed44/evb.sh $r/$name-$seed.txt $seed ${!spec}
  done
}
lane "pair10 10129 P10" "pair10 10131 P10" "partner10 10133 Q10" "partner10 10135 Q10" \
     "partner50 10137 Q50" "partner50 10139 Q50" "pair50 10141 P50" "pair50 10143 P50" &
lane "pair10 10130 P10" "pair10 10132 P10" "partner10 10134 Q10" "partner10 10136 Q10" \
     "partner50 10138 Q50" "partner50 10140 Q50" "pair50 10142 P50" "pair50 10144 P50" &
wait
